"""Shared fixtures for the tool tests: fixture records from the template bank, fresh toolkits, state diffs.

Fixture records are found with ordered SQL queries against the template (``template().full``),
so every test picks the same records on every run. Each test builds its own ``BankTools``.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from typing import Any

import pytest

from tau_indian_bank.bank import ids
from tau_indian_bank.bank.store import SHAPES, template
from tau_indian_bank.tools.arguments import ToolError
from tau_indian_bank.tools.toolkit import BankTools

Snapshot = dict[str, set[tuple[Any, ...]]]


class Bank:
    """Look-ups in the template bank and helpers to call tools and compare session states."""

    def __init__(self) -> None:
        self.template = template()
        self.full: sqlite3.Connection = self.template.full

    # --- the template (read only; never change its row factory: the store shares it) ---------

    def rows(self, sql: str, params: tuple[object, ...] = ()) -> list[dict[str, Any]]:
        cursor = self.full.execute(sql, params)
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, row)) for row in cursor.fetchall()]

    def row(self, sql: str, params: tuple[object, ...] = ()) -> dict[str, Any]:
        rows = self.rows(sql, params)
        assert rows, f"the template has no fixture record for: {sql} {params}"
        return rows[0]

    def value(self, sql: str, params: tuple[object, ...] = ()) -> Any:
        return next(iter(self.row(sql, params).values()))

    def other_account(self, customer_id: str) -> str:
        """The first account (by number) that the customer does not hold, even jointly."""
        return self.value(
            "SELECT account_id FROM accounts WHERE account_id NOT IN "
            "(SELECT account_id FROM account_holders WHERE customer_id = ?) ORDER BY account_id LIMIT 1",
            (customer_id,),
        )

    def other_record(self, table: str, key: str, customer_id: str, where: str = "1") -> str:
        """The first record (by id) of ``table`` owned by another customer."""
        return self.value(f"SELECT {key} FROM {table} WHERE customer_id != ? AND {where} ORDER BY {key} LIMIT 1", (customer_id,))

    # --- toolkits ---------------------------------------------------------------------------

    @staticmethod
    def tools(customer_id: str | None = None) -> BankTools:
        tools = BankTools()
        if customer_id is not None:
            tools.start_session(customer_id)
        return tools

    @staticmethod
    def call(tools: BankTools, name: str, args: Mapping[str, Any] | None = None) -> Any:
        """Call a tool and decode its JSON output (the hand-over returns plain text)."""
        output = tools.call(name, dict(args or {}))
        return output if name == "transfer_to_human_agents" else json.loads(output)

    @staticmethod
    def snapshot(tools: BankTools) -> Snapshot:
        """Every row of every business table in the session database (free text included)."""
        conn = tools.db.conn
        return {name: {tuple(r) for r in conn.execute(f"SELECT * FROM {name}")} for name in SHAPES}

    @staticmethod
    def diff(before: Snapshot, after: Snapshot) -> dict[str, tuple[set[tuple[Any, ...]], set[tuple[Any, ...]]]]:
        """Per changed table: (rows removed, rows added)."""
        return {name: (before[name] - after[name], after[name] - before[name]) for name in before if before[name] != after[name]}

    def refuse(self, tools: BankTools, name: str, args: Mapping[str, Any], error: type[ToolError], phrase: str) -> str:
        """Assert the call is refused with exactly ``error`` mentioning ``phrase``, and changes nothing."""
        hash_before = tools.get_db_hash()
        rows_before = self.snapshot(tools)
        with pytest.raises(ToolError) as info:
            tools.call(name, dict(args))
        message = str(info.value)
        assert type(info.value) is error, f"{name} raised {type(info.value).__name__}: {message}"
        assert phrase in message, message
        assert tools.get_db_hash() == hash_before
        assert self.snapshot(tools) == rows_before
        return message

    # --- expected values ---------------------------------------------------------------------

    @staticmethod
    def expected_id(prefix: str, customer_id: str, content: object, occurrence: int = 0) -> str:
        """The content-derived id a tool must assign (see ``ToolsBase.new_id``)."""
        return ids.content_id(prefix, [customer_id, content], occurrence)

    def columns(self, table: str) -> tuple[str, ...]:
        return SHAPES[table].columns

    def as_row(self, table: str, values: Mapping[str, Any]) -> tuple[Any, ...]:
        """A full row of ``table`` as the session stores it (missing columns are NULL)."""
        unknown = set(values) - set(self.columns(table))
        assert not unknown, unknown
        return tuple(values.get(column) for column in self.columns(table))


@pytest.fixture(scope="session")
def bank() -> Bank:
    """Overrides the suite-wide ``bank`` fixture (the bare template) for the tool tests.

    ``bank.template`` is that same process-wide template; the helpers above work on it.
    """
    return Bank()
