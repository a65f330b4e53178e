"""The tau2 toolkit: the 34 tools as methods, argument validation, a call journal, the hash.

:class:`BankTools` is the class tau2 sees: it combines the tool areas, each a class whose
tools are methods marked with tau2's ``is_tool``. Every call goes through
:meth:`BankTools.call`: unknown tools and arguments that do not fit the schema are
refused with a message the agent can act on, and the tool runs inside a SQLite
savepoint, so a refused or failed call changes nothing.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tau2.environment.tool import Tool
from tau2.environment.toolkit import ToolKitBase

from tau_indian_bank.bank.store import BankDatabase
from tau_indian_bank.tools.accounts import AccountTools
from tau_indian_bank.tools.arguments import ToolError, bind
from tau_indian_bank.tools.cards import CardTools
from tau_indian_bank.tools.catalogue import ALL_SPECS, TASK_SET_SPECS
from tau_indian_bank.tools.deposits import DepositTools
from tau_indian_bank.tools.loans import LoanTools
from tau_indian_bank.tools.payments import PaymentTools
from tau_indian_bank.tools.service_requests import ServiceRequestTools
from tau_indian_bank.tools.staging import StagingTools
from tau_indian_bank.vocabulary import DOMAIN_NAME

_PARSED_SCHEMAS: dict[tuple[str, str], dict[str, Any]] = {}


class BankTool(Tool):
    """tau2's Tool, with each tool's schema parsed once per process instead of per session.

    tau2 builds the agent's tool list for every simulation; parsing 34 docstrings into
    pydantic models each time cost ~60 ms a session, most of an offline run.
    """

    @classmethod
    def parse_data(cls, sig: inspect.Signature, docstring: str | None, predefined: Any) -> dict[str, Any]:
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
    #: A staged transient fault answered the call: it never reached the bank (``staging``).
    faulted: bool = False


class BankTools(AccountTools, DepositTools, LoanTools, CardTools, PaymentTools, ServiceRequestTools, StagingTools):
    """All 34 tools of the indian_bank domain, the session's call journal and the tau2 toolkit contract.

    tau2's metaclass collects each area's marked methods; tau2 lists them in this
    class's method resolution order (accounts first, service requests last). The
    task-set-only tools of ``staging`` are listed only once a task enables them.
    """

    def __init__(self) -> None:
        ToolKitBase.__init__(self, BankDatabase())
        self.journal: list[JournalEntry] = []
        self.init_staging()

    # --- calling tools -------------------------------------------------------------------

    def call(self, tool_name: str, arguments: Mapping[str, Any]) -> str:
        """Validate and run one tool call; return its JSON output.

        Raises:
            ToolError: The tool is unknown, the arguments do not fit, or the bank refused.
        """
        spec = ALL_SPECS.get(tool_name) if isinstance(tool_name, str) else None
        if spec is None:
            raise ToolError(f"unknown tool {str(tool_name)[:60]!r}; use one of the tools listed in your instructions")
        bound = bind(spec, arguments)
        with self.db.savepoint():
            result = getattr(self, spec.name)(**bound)
        return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)

    def get_tools(self) -> dict[str, Tool]:
        """The tools as tau2 Tool objects (schemas the model sees), bound to this session."""
        return {name: BankTool(func=tool) for name, tool in self.tools.items() if name not in TASK_SET_SPECS or name in self.enabled}

    def use_tool(self, tool_name: str, **kwargs: Any) -> str:
        """tau2's entry point for a tool call."""
        return self.call(tool_name, kwargs)

    def record(self, call_id: str, name: str, arguments: Mapping[str, Any], refused: bool, faulted: bool = False) -> None:
        """Journal a call (the environment does this for every call, refused or not)."""
        self.journal.append(JournalEntry(call_id, name, dict(arguments) if isinstance(arguments, Mapping) else {}, refused, faulted))

    # --- tau2 contract ---------------------------------------------------------------------

    def get_db_hash(self) -> str:
        """Canonical digest of the bank's business tables (never the journal)."""
        return self.db.digest()

    def update_db(self, update_data: dict[str, Any] | None = None) -> None:
        """Initial data comes from the seed and ``start_session``; raw updates are refused."""
        if update_data:
            raise ValueError(f"{DOMAIN_NAME} tasks set their initial state with the 'start_session' initialization action")
