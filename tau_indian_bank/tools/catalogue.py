"""The tool catalogue: every tool's name, kind and argument spec, read from the tool classes.

A tool is a method of an area class marked with tau2's ``is_tool``. Its tau2 tool type
gives its kind here: ``READ`` is "read", ``WRITE`` is "write" and ``GENERIC`` is
"transfer" (the hand-over to a human, the one generic tool).
"""

from __future__ import annotations

from collections.abc import Callable

from tau2.environment.toolkit import TOOL_ATTR, TOOL_TYPE_ATTR, ToolType

from tau_indian_bank.tools.accounts import AccountTools
from tau_indian_bank.tools.arguments import ToolSpec, spec_of
from tau_indian_bank.tools.base import ToolsBase
from tau_indian_bank.tools.cards import CardTools
from tau_indian_bank.tools.deposits import DepositTools
from tau_indian_bank.tools.loans import LoanTools
from tau_indian_bank.tools.payments import PaymentTools
from tau_indian_bank.tools.service_requests import ServiceRequestTools
from tau_indian_bank.tools.staging import TASK_SET_TOOL_NAMES
from tau_indian_bank.tools.task_set import TaskSetTools

#: The tool areas, in the order tau2 lists their tools to the agent.
AREAS: tuple[type[ToolsBase], ...] = (AccountTools, DepositTools, LoanTools, CardTools, PaymentTools, ServiceRequestTools)
_KINDS = {ToolType.READ: "read", ToolType.WRITE: "write", ToolType.GENERIC: "transfer"}


def area_tools(area: type[ToolsBase]) -> dict[str, Callable[..., object]]:
    """The tools an area class defines itself, by name, in the order it defines them."""
    return {name: member for name, member in vars(area).items() if getattr(member, TOOL_ATTR, False)}


def kind_of(tool: Callable[..., object]) -> str:
    """A tool's kind ("read", "write" or "transfer"), from its tau2 tool type."""
    return _KINDS[ToolType(getattr(tool, TOOL_TYPE_ATTR))]


TOOL_FUNCTIONS: dict[str, Callable[..., object]] = {name: tool for area in AREAS for name, tool in area_tools(area).items()}
assert len(TOOL_FUNCTIONS) == sum(len(area_tools(area)) for area in AREAS), "two tool areas define a tool of the same name"
SPECS: dict[str, ToolSpec] = {name: spec_of(tool, kind_of(tool)) for name, tool in TOOL_FUNCTIONS.items()}
READ_TOOLS = frozenset(name for name, spec in SPECS.items() if spec.kind == "read")
WRITE_TOOLS = frozenset(name for name, spec in SPECS.items() if spec.kind == "write")
#: The hand-over to a human (tau2 knows it by this name too).
(TRANSFER_TOOL,) = (name for name, spec in SPECS.items() if spec.kind == "transfer")
#: Tools that change the bank's records: the writes and the hand-over. Write purity covers these.
STATE_CHANGING_TOOLS = WRITE_TOOLS | {TRANSFER_TOOL}
#: Task-set-only tools (not in the policy; a robustness task enables them): their specs apart from
#: the 34, so the base suite's catalogue is unchanged.
TASK_SET_SPECS: dict[str, ToolSpec] = {
    name: spec_of(tool, kind_of(tool)) for name, tool in area_tools(TaskSetTools).items() if name in TASK_SET_TOOL_NAMES
}
assert set(TASK_SET_SPECS) == set(TASK_SET_TOOL_NAMES), "a task-set tool is named but not defined in tools.task_set"
#: Every tool a call may name in some task set: what argument checks and matching look up.
ALL_SPECS: dict[str, ToolSpec] = {**SPECS, **TASK_SET_SPECS}
