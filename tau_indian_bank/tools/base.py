"""The base every tool area builds on: the session database, look-ups, writes.

Each area (``accounts``, ``deposits``, ...) is a subclass of :class:`ToolsBase` whose
tools are methods marked with tau2's ``is_tool``; ``toolkit.BankTools`` combines them.

Tools enforce hard facts only: ownership, balances, states. They never enforce
procedure (a quote before a closure, a confirmation before a write); that lives in the
written policy and is what the action check measures.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from typing import Any

from tau2.environment.toolkit import ToolKitBase

from tau_indian_bank.bank import clock, ids
from tau_indian_bank.bank.money import format_rupees
from tau_indian_bank.bank.store import SHAPES, BankDatabase
from tau_indian_bank.tools.arguments import ToolError


class NotFoundError(ToolError):
    """The record does not exist among the logged-in customer's records."""


class RefusedError(ToolError):
    """The bank cannot do this given the record's current state."""


def last4(number: str) -> str:
    """The customer-safe suffix of an account or card number."""
    return number[-4:]


class ToolsBase(ToolKitBase):
    """The session database and the look-ups and writes tools are built from.

    A tau2 ``ToolKitBase``, so tau2's metaclass collects each area's marked methods.
    """

    db: BankDatabase

    # --- session ---------------------------------------------------------------------

    def start_session(self, customer_id: str) -> None:
        """Log a customer in (a task's initialization action; not a tool)."""
        self.db.load_customer(customer_id)

    @property
    def customer_id(self) -> str:
        if self.db.customer_id is None:
            raise ToolError("no customer is logged in to this session; the conversation cannot use customer records")
        return self.db.customer_id

    def customer(self) -> sqlite3.Row:
        row = self.one("SELECT * FROM customers WHERE customer_id = ?", (self.customer_id,))
        assert row is not None
        return row

    def is_senior(self) -> bool:
        return str(self.customer()["segment"]) == "senior_citizen"

    # --- queries ---------------------------------------------------------------------

    def rows(self, sql: str, params: tuple[object, ...] | Mapping[str, object] = ()) -> list[sqlite3.Row]:
        return self.db.conn.execute(sql, params).fetchall()

    def one(self, sql: str, params: tuple[object, ...] | Mapping[str, object] = ()) -> sqlite3.Row | None:
        row: sqlite3.Row | None = self.db.conn.execute(sql, params).fetchone()
        return row

    def scalar(self, sql: str, params: tuple[object, ...] | Mapping[str, object] = ()) -> Any:
        """The first column of an aggregate query's one row (``COUNT``, ``MAX``: there is always a row)."""
        row = self.one(sql, params)
        assert row is not None
        return row[0]

    def _owned(self, table: str, key: str, value: str, noun: str, hint: str) -> sqlite3.Row:
        self.customer_id  # noqa: B018 - raises if nobody is logged in
        row = self.one(f"SELECT * FROM {table} WHERE {key} = ?", (value,))
        if row is None:
            raise NotFoundError(f"{noun} {value} is not among this customer's records; {hint}")
        return row

    def account(self, account_id: str) -> sqlite3.Row:
        return self._owned("accounts", "account_id", account_id, "account", "check the account list in get_customer_profile")

    def deposit(self, deposit_id: str) -> sqlite3.Row:
        return self._owned("deposits", "deposit_id", deposit_id, "deposit", "use list_deposits to find the customer's deposits")

    def loan(self, loan_id: str) -> sqlite3.Row:
        return self._owned("loans", "loan_id", loan_id, "loan", "check the loan list in get_customer_profile")

    def card(self, card_id: str) -> sqlite3.Row:
        return self._owned("cards", "card_id", card_id, "card", "check the card list in get_customer_profile")

    def mandate(self, mandate_id: str) -> sqlite3.Row:
        return self._owned("mandates", "mandate_id", mandate_id, "mandate", "use list_mandates on the customer's accounts")

    def service_request(self, request_id: str) -> sqlite3.Row:
        return self._owned("service_requests", "request_id", request_id, "service request", "ask the customer for the reference")

    def operable_account(self, account_id: str, purpose: str) -> sqlite3.Row:
        """An own account that can be debited or credited now."""
        account = self.account(account_id)
        if account["status"] == "closed":
            raise RefusedError(f"account ending {last4(account_id)} is closed; {purpose} needs an open account")
        if account["status"] == "dormant":
            raise RefusedError(
                f"account ending {last4(account_id)} is dormant (no customer transaction since "
                f"{account['last_customer_txn_on']}); it must be reactivated before {purpose}"
            )
        return account

    # --- writes ----------------------------------------------------------------------

    def insert(self, table: str, row: Mapping[str, object]) -> None:
        columns = SHAPES[table].columns
        unknown = [c for c in row if c not in columns]
        assert not unknown, f"unknown columns for {table}: {unknown}"
        self.db.insert(table, row)

    def update(self, table: str, key: Mapping[str, object], changes: Mapping[str, object]) -> None:
        self.db.update(table, key, changes)

    def new_id(self, prefix: str, table: str, key: str, content: object) -> str:
        """A content-derived id that is not yet used in ``table``."""
        return ids.next_free_id(
            prefix,
            [self.customer_id, content],
            lambda candidate: self.one(f"SELECT 1 FROM {table} WHERE {key} = ?", (candidate,)) is not None,
        )

    def post(self, account_id: str, direction: str, amount: int, counterparty: str, narration: str) -> int:
        """Debit or credit an account through the bank's internal rail; return the new balance."""
        account = self.account(account_id)
        balance: int = account["balance_paise"] + (amount if direction == "credit" else -amount)
        if balance < 0:
            raise RefusedError(
                f"insufficient balance: account ending {last4(account_id)} has {format_rupees(account['balance_paise'])}, "
                f"{format_rupees(amount)} is needed"
            )
        txn_id = self.new_id("TXN", "transactions", "txn_id", [account_id, direction, amount, narration])
        self.insert(
            "transactions",
            {
                "txn_id": txn_id,
                "account_id": account_id,
                "posted_on": clock.today_iso(),
                "direction": direction,
                "channel": "internal",
                "amount_paise": amount,
                "balance_after_paise": balance,
                "counterparty": counterparty,
                "reference": txn_id,
                "narration": narration,
                "status": "success",
            },
        )
        self.update("accounts", {"account_id": account_id}, {"balance_paise": balance})
        return balance
