"""The tau2 toolkit: the 34 tools as methods, argument validation, a call journal, the hash.

Every call goes through :meth:`BankToolKitBase.call`: unknown tools and arguments that do
not fit the schema are refused with a message the agent can act on, and the tool runs
inside a SQLite savepoint, so a refused or failed call changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tau2.environment.tool import Tool
from tau2.environment.toolkit import ToolKitBase, ToolKitType

from tau_indian_bank.bank.store import BankDatabase
from tau_indian_bank.evaluation.actions import check_actions, gold_calls
from tau_indian_bank.evaluation.matching import Call
from tau_indian_bank.tools.arguments import ToolError, bind
from tau_indian_bank.tools.catalogue import SPECS, TOOL_FUNCTIONS
from tau_indian_bank.tools.services import BankServices

_PARSED_SCHEMAS: dict[tuple[str, str], dict[str, Any]] = {}


class BankTool(Tool):
    """tau2's Tool, with each tool's schema parsed once per process instead of per session.

    tau2 builds the agent's tool list for every simulation; parsing 34 docstrings into
    pydantic models each time cost ~60 ms a session, most of an offline run.
    """

    @classmethod
    def parse_data(cls, sig, docstring, predefined):  # noqa: ANN001, ANN206 - tau2's signature
        key = (str(sig), docstring or "")
        if key not in _PARSED_SCHEMAS or predefined:
            _PARSED_SCHEMAS[key] = super().parse_data(sig, docstring, predefined)
        return dict(_PARSED_SCHEMAS[key])


@dataclass(frozen=True)
class JournalEntry:
    """One tool call made in this environment, kept outside the hashed tables."""

    call_id: str
    name: str
    arguments: dict[str, Any]
    refused: bool


class BankToolKitBase(BankServices, ToolKitBase):
    """Session state and the tau2 toolkit contract; tools are added by :data:`BankTools`."""

    def __init__(self) -> None:
        ToolKitBase.__init__(self, BankDatabase())
        self.journal: list[JournalEntry] = []

    # --- calling tools -------------------------------------------------------------------

    def call(self, tool_name: str, arguments: Mapping[str, Any]) -> str:
        """Validate and run one tool call; return its JSON output.

        Raises:
            ToolError: The tool is unknown, the arguments do not fit, or the bank refused.
        """
        spec = SPECS.get(tool_name) if isinstance(tool_name, str) else None
        if spec is None:
            raise ToolError(f"unknown tool {str(tool_name)[:60]!r}; use one of the tools listed in your instructions")
        bound = bind(spec, arguments)
        with self.db.savepoint():
            result = TOOL_FUNCTIONS[tool_name](self, **bound)
        return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)

    def get_tools(self) -> dict[str, Tool]:
        """The tools as tau2 Tool objects (schemas the model sees), bound to this session."""
        return {name: BankTool(func=getattr(self, name)) for name in self._func_tools}

    def use_tool(self, tool_name: str, **kwargs: Any) -> str:
        """tau2's entry point for a tool call."""
        return self.call(tool_name, kwargs)

    def record(self, call_id: str, name: str, arguments: Mapping[str, Any], refused: bool) -> None:
        """Journal a call (the environment does this for every call, refused or not)."""
        self.journal.append(JournalEntry(call_id, name, dict(arguments) if isinstance(arguments, Mapping) else {}, refused))

    # --- tau2 contract ---------------------------------------------------------------------

    def get_db_hash(self) -> str:
        """Canonical digest of the bank's business tables (never the journal)."""
        return self.db.digest()

    def update_db(self, update_data: dict[str, Any] | None = None) -> None:
        """Initial data comes from the seed and ``start_session``; raw updates are refused."""
        if update_data:
            raise ValueError("indian_bank tasks set their initial state with the 'start_session' initialization action")

    # --- verdict assertions (tau2 ENV_ASSERTION functions, run on the replayed session) ------

    def _verdict(self, gold: list[Mapping[str, Any]]):  # noqa: ANN202 - internal
        calls = [Call(e.name, e.arguments, call_id=e.call_id, refused=e.refused) for e in self.journal]
        return check_actions(gold_calls(gold), calls)

    def assert_gold_calls_made(self, gold_calls: list[dict[str, Any]]) -> bool:
        """Every gold-chain call, reads included, was made with matching arguments."""
        return self._verdict(gold_calls).all_gold_calls_made

    def assert_writes_pure(self, gold_calls: list[dict[str, Any]]) -> bool:
        """Every write (or hand-over) the agent attempted matches a distinct gold-chain write."""
        return self._verdict(gold_calls).writes_pure


#: The toolkit tau2 sees: tau2's metaclass collects the marked tool functions as methods.
BankTools = ToolKitType(
    "BankTools",
    (BankToolKitBase,),
    {"__module__": __name__, "__doc__": "All 34 tools of the indian_bank domain.", **TOOL_FUNCTIONS},
)
