"""The tool catalogue: every tool function and its spec, without importing tau2."""

from __future__ import annotations

from collections.abc import Callable

from tau_indian_bank.tools import accounts, cards, deposits, loans, payments, service
from tau_indian_bank.tools.arguments import ToolSpec, spec_of
from tau_indian_bank.tools.marking import KIND_ATTR

TOOL_FUNCTIONS: dict[str, Callable[..., object]] = {
    func.__name__: func
    for module in (accounts, deposits, loans, cards, payments, service)
    for func in module.TOOLS
}
SPECS: dict[str, ToolSpec] = {name: spec_of(func, getattr(func, KIND_ATTR)) for name, func in TOOL_FUNCTIONS.items()}
READ_TOOLS = frozenset(name for name, spec in SPECS.items() if spec.kind == "read")
WRITE_TOOLS = frozenset(name for name, spec in SPECS.items() if spec.kind == "write")
TRANSFER_TOOL = "transfer_to_human_agents"
#: Tools that change the bank's records: the writes and the hand-over. Write purity covers these.
STATE_CHANGING_TOOLS = WRITE_TOOLS | {TRANSFER_TOOL}
