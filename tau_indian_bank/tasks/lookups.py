"""Read-only SQL look-ups over the whole bank, for choosing the customers a family fits.

Rows come back as named records: a query names its columns (``AS`` where needed) exactly
as the record type names its fields, and :func:`rows` checks that they match, so family
code reads ``candidate.deposit_id``, never ``row[1]``. Every multi-row query carries its
own ORDER BY, so candidate lists, and therefore the generated suite, are the same in
every run.
"""

from __future__ import annotations

import sqlite3
from typing import Any, NamedTuple, Protocol, TypeVar

R = TypeVar("R", bound=tuple[Any, ...])


class Candidate(Protocol):
    """What every candidate a family drafts for has: the customer who will be logged in."""

    @property
    def customer_id(self) -> str: ...


# --- candidates: who a task is for, and the record it is about -----------------------------


class Customer(NamedTuple):
    customer_id: str


class CustomerAccount(NamedTuple):
    customer_id: str
    account_id: str


class CustomerDeposit(NamedTuple):
    customer_id: str
    deposit_id: str


class CustomerCard(NamedTuple):
    customer_id: str
    card_id: str


class CustomerLoan(NamedTuple):
    customer_id: str
    loan_id: str


class CustomerPolicy(NamedTuple):
    customer_id: str
    policy_id: str


class CustomerRequest(NamedTuple):
    customer_id: str
    request_id: str


class CustomerTxn(NamedTuple):
    customer_id: str
    txn_id: str


class AccountTxn(NamedTuple):
    customer_id: str
    account_id: str
    txn_id: str


class CardTxn(NamedTuple):
    customer_id: str
    card_id: str
    txn_id: str


class CardAccount(NamedTuple):
    customer_id: str
    card_id: str
    account_id: str


class CardChannel(NamedTuple):
    """A card and one of its channels (atm, pos, online, contactless)."""

    customer_id: str
    card_id: str
    channel: str


class CardPair(NamedTuple):
    """Two cards of one customer."""

    customer_id: str
    first_card_id: str
    second_card_id: str


class AccountPair(NamedTuple):
    """Two accounts of one customer."""

    customer_id: str
    first_account_id: str
    second_account_id: str


class AccountCheque(NamedTuple):
    customer_id: str
    account_id: str
    cheque_number: str


class AccountMandate(NamedTuple):
    """A mandate, and the account the customer names for it (its own account, or another)."""

    customer_id: str
    mandate_id: str
    account_id: str


class JointHolder(NamedTuple):
    """A holder of a joint account, and another holder of it."""

    customer_id: str
    account_id: str
    other_customer_id: str


# --- records: what a family reads about one row --------------------------------------------


class Profile(NamedTuple):
    """A customer's own facts."""

    customer_id: str
    full_name: str
    date_of_birth: str
    segment: str
    kyc_status: str


class Account(NamedTuple):
    account_id: str
    account_type: str
    status: str
    balance_paise: int
    opened_on: str


class Card(NamedTuple):
    card_id: str
    customer_id: str
    card_type: str
    last4: str
    account_id: str
    status: str
    blocked_reason: str | None


class Deposit(NamedTuple):
    deposit_id: str
    customer_id: str
    deposit_type: str
    linked_account_id: str
    amount_paise: int
    opened_on: str
    status: str
    maturity_date: str
    maturity_instruction: str


class Transaction(NamedTuple):
    txn_id: str
    account_id: str
    posted_on: str
    channel: str
    amount_paise: int
    counterparty: str


class Cheque(NamedTuple):
    payee: str
    amount_paise: int
    status_date: str


class ChequeBook(NamedTuple):
    first_leaf: int
    leaves: int


class Mandate(NamedTuple):
    payee: str
    mandate_type: str
    account_id: str


class Address(NamedTuple):
    line1: str
    line2: str
    city: str
    state: str
    pincode: str


class Request(NamedTuple):
    """A service request."""

    request_id: str
    customer_id: str
    category: str
    status: str
    created_on: str


# --- queries ---------------------------------------------------------------------------------


def _records(cursor: sqlite3.Cursor, record: type[R]) -> list[R]:
    names = tuple(column[0] for column in cursor.description)
    fields: tuple[str, ...] = record._fields  # type: ignore[attr-defined]  # every record class is a NamedTuple
    assert names == fields, f"query columns {names} do not match {record.__name__} fields {fields}"
    return [record._make(row) for row in cursor.fetchall()]  # type: ignore[attr-defined]  # a NamedTuple class's constructor


def rows(conn: sqlite3.Connection, record: type[R], sql: str, params: tuple[object, ...] = ()) -> list[R]:
    """Run a query that must carry its own ORDER BY; each row as a ``record``."""
    assert "ORDER BY" in sql.upper(), "generator queries must be ordered"
    return _records(conn.execute(sql, params), record)


def one(conn: sqlite3.Connection, record: type[R], sql: str, params: tuple[object, ...] = ()) -> R:
    """The one row a query must return, as a ``record``."""
    found = _records(conn.execute(sql, params), record)
    assert found, f"no row for {sql} {params}"
    return found[0]


def value(conn: sqlite3.Connection, sql: str, params: tuple[object, ...] = ()) -> Any:
    """The single column of the first row a query returns (ordered if it can return several)."""
    row = conn.execute(sql, params).fetchone()
    assert row is not None and len(row) == 1, f"no single value for {sql} {params}"
    return row[0]


def values(conn: sqlite3.Connection, sql: str, params: tuple[object, ...] = ()) -> list[Any]:
    """The single column of every row of an ordered query."""
    assert "ORDER BY" in sql.upper(), "generator queries must be ordered"
    return [row[0] for row in conn.execute(sql, params).fetchall()]


# --- one record by id --------------------------------------------------------------------------


def profile(conn: sqlite3.Connection, customer_id: str) -> Profile:
    """The customer's own facts."""
    return one(
        conn,
        Profile,
        "SELECT customer_id, full_name, date_of_birth, segment, kyc_status FROM customers WHERE customer_id = ?",
        (customer_id,),
    )


def account(conn: sqlite3.Connection, account_id: str) -> Account:
    """One account."""
    return one(
        conn, Account, "SELECT account_id, account_type, status, balance_paise, opened_on FROM accounts WHERE account_id = ?", (account_id,)
    )


def card(conn: sqlite3.Connection, card_id: str) -> Card:
    """One card."""
    return one(
        conn,
        Card,
        "SELECT card_id, customer_id, card_type, last4, account_id, status, blocked_reason FROM cards WHERE card_id = ?",
        (card_id,),
    )


def deposit(conn: sqlite3.Connection, deposit_id: str) -> Deposit:
    """One fixed or recurring deposit."""
    return one(
        conn,
        Deposit,
        "SELECT deposit_id, customer_id, deposit_type, linked_account_id, amount_paise, opened_on, "
        "status, maturity_date, maturity_instruction FROM deposits WHERE deposit_id = ?",
        (deposit_id,),
    )


def transaction(conn: sqlite3.Connection, txn_id: str) -> Transaction:
    """One posted transaction."""
    return one(
        conn,
        Transaction,
        "SELECT txn_id, account_id, posted_on, channel, amount_paise, counterparty FROM transactions WHERE txn_id = ?",
        (txn_id,),
    )


def cheque(conn: sqlite3.Connection, account_id: str, cheque_number: str) -> Cheque:
    """One presented cheque of an account."""
    return one(
        conn,
        Cheque,
        "SELECT payee, amount_paise, status_date FROM cheques WHERE account_id = ? AND cheque_number = ?",
        (account_id, cheque_number),
    )


def mandate(conn: sqlite3.Connection, mandate_id: str) -> Mandate:
    """One mandate."""
    return one(conn, Mandate, "SELECT payee, mandate_type, account_id FROM mandates WHERE mandate_id = ?", (mandate_id,))


def address(conn: sqlite3.Connection, customer_id: str, address_type: str) -> Address:
    """The customer's address of one type (communication or permanent)."""
    return one(
        conn,
        Address,
        "SELECT line1, line2, city, state, pincode FROM addresses WHERE customer_id = ? AND address_type = ?",
        (customer_id, address_type),
    )


def request(conn: sqlite3.Connection, request_id: str) -> Request:
    """One service request."""
    return one(
        conn,
        Request,
        "SELECT request_id, customer_id, category, status, created_on FROM service_requests WHERE request_id = ?",
        (request_id,),
    )


def full_name(conn: sqlite3.Connection, customer_id: str) -> str:
    """The customer's full name."""
    return profile(conn, customer_id).full_name


def account_label(conn: sqlite3.Connection, account_id: str) -> str:
    """'savings account ending 4321'."""
    return f"{account(conn, account_id).account_type} account ending {account_id[-4:]}"


def card_label(conn: sqlite3.Connection, card_id: str) -> str:
    """'debit card ending 1234'."""
    found = card(conn, card_id)
    return f"{found.card_type} card ending {found.last4}"


def kyc_verified(conn: sqlite3.Connection, customer_id: str) -> bool:
    """Whether the customer's KYC is verified (an overdue KYC blocks new products)."""
    return profile(conn, customer_id).kyc_status == "verified"


def open_request(conn: sqlite3.Connection, customer_id: str, category: str, related_id: str | None) -> bool:
    """Whether the customer already has an open request of this kind (a new one would be refused)."""
    found = conn.execute(
        "SELECT 1 FROM service_requests WHERE customer_id = ? AND category = ? AND related_id IS ? AND status IN ('open', 'in_progress')",
        (customer_id, category, related_id),
    ).fetchone()
    return found is not None
