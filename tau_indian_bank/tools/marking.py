"""Marking functions as tools, with the attributes tau2's ``is_tool`` sets.

tau2's toolkit metaclass collects methods carrying ``__tool__`` and reads their kind
from ``__tool_type__`` (a string enum: "read", "write", "generic"). Setting the same
attributes here keeps the tool modules importable without importing tau2.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, TypeVar

F = TypeVar("F", bound=Callable[..., object])

TOOL_ATTR = "__tool__"
TOOL_TYPE_ATTR = "__tool_type__"
KIND_ATTR = "__bank_tool_kind__"
_TAU2_TYPE = {"read": "read", "write": "write", "transfer": "generic"}


def tool(kind: Literal["read", "write", "transfer"]) -> Callable[[F], F]:
    """Mark a function as a bank tool of the given kind."""

    def mark(func: F) -> F:
        setattr(func, TOOL_ATTR, True)
        setattr(func, TOOL_TYPE_ATTR, _TAU2_TYPE[kind])
        setattr(func, KIND_ATTR, kind)
        return func

    return mark
