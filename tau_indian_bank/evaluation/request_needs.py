"""Which figures a customer's request needs: the one rule by which a figure becomes a fact.

An amount, date or rate of a tool's output is a fact the customer must be told only when the
scenario's request (:func:`request_text`: its reason for the call, opening line and known info)
asks for it — holds one of the words the lexicon gives for that tool's output field
(``text.lexicon.figures``, :func:`asks_for`) — or when the policy says to tell it (the lexicon's
``POLICY_TOLD``). :func:`needs` is that rule; ``evaluation.fact_rules`` applies it to a gold
replay and ``tasks.fact_needs`` to the scenarios the generator writes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from tau_indian_bank.text import B, plain
from tau_indian_bank.text.lexicon import TOOLS
from tau_indian_bank.text.lexicon.figures import POLICY_TOLD

_OPENING = re.compile(r'Opening line:\s*"(?P<line>[^"]+)"')


def request_text(task: Mapping[str, Any]) -> str:
    """What the customer asks: the scenario's reason for the call, opening line and known info."""
    instructions = (task.get("user_scenario") or {}).get("instructions") or {}
    if not isinstance(instructions, Mapping):
        return str(instructions)
    opening = _OPENING.search(str(instructions.get("task_instructions") or ""))
    return "\n".join(
        str(part)
        for part in (instructions.get("reason_for_call"), opening["line"] if opening else "", instructions.get("known_info"))
        if part
    )


@lru_cache(maxsize=1024)
def _ask_pattern(tool: str, field: str) -> re.Pattern[str] | None:
    words = TOOLS[tool].figures.get(field) if tool in TOOLS else None
    return re.compile(B + words.pattern(), re.I) if words else None


def asks_for(request: str, tool: str, field: str) -> bool:
    """Does a customer's ``request`` ask for this figure of ``tool``'s output (a word of the lexicon for ``field``)?"""
    pattern = _ask_pattern(tool, field)
    return pattern is not None and pattern.search(plain(request)) is not None


def needs(request: str, tool: str, field: str) -> bool:
    """Is this figure one the request needs: asked for, or one the policy says to tell (the lexicon's ``POLICY_TOLD``)?"""
    return field in POLICY_TOLD.get(tool, frozenset()) or asks_for(request, tool, field)
