"""Read-only look-ups over the whole bank, for choosing customers a family fits.

Queries return plain tuples in a fixed order (every query has ORDER BY), so candidate
lists, and therefore the generated suite, are the same in every run.
"""

from __future__ import annotations

import datetime as dt
import sqlite3

from tau_indian_bank.wording import spoken_date

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")


def month_year(iso: str) -> str:
    """'2025-03-14' -> 'March 2025'."""
    day = dt.date.fromisoformat(iso)
    return f"{MONTHS[day.month - 1]} {day.year}"


def spoken(iso: str) -> str:
    """'2026-01-05' -> '5 January 2026' (as the assistant is told to say dates)."""
    return spoken_date(iso)


def rows(conn: sqlite3.Connection, sql: str, params: tuple[object, ...] = ()) -> list[tuple]:
    """Run a query that must carry its own ORDER BY."""
    assert "ORDER BY" in sql.upper(), "generator queries must be ordered"
    return conn.execute(sql, params).fetchall()


def one(conn: sqlite3.Connection, sql: str, params: tuple[object, ...] = ()) -> tuple:
    row = conn.execute(sql, params).fetchone()
    assert row is not None, f"no row for {sql} {params}"
    return row


def full_name(conn: sqlite3.Connection, customer_id: str) -> str:
    return one(conn, "SELECT full_name FROM customers WHERE customer_id = ?", (customer_id,))[0]


def account_label(conn: sqlite3.Connection, account_id: str) -> str:
    """'savings account ending 4321'."""
    kind = one(conn, "SELECT account_type FROM accounts WHERE account_id = ?", (account_id,))[0]
    return f"{kind} account ending {account_id[-4:]}"


def card_label(conn: sqlite3.Connection, card_id: str) -> str:
    """'debit card ending 1234'."""
    kind, last4 = one(conn, "SELECT card_type, last4 FROM cards WHERE card_id = ?", (card_id,))
    return f"{kind} card ending {last4}"


def kyc_verified(conn: sqlite3.Connection, customer_id: str) -> bool:
    return one(conn, "SELECT kyc_status FROM customers WHERE customer_id = ?", (customer_id,))[0] == "verified"


def open_request(conn: sqlite3.Connection, customer_id: str, category: str, related_id: str | None) -> bool:
    """Whether the customer already has an open request of this kind (a new one would be refused)."""
    found = conn.execute(
        "SELECT 1 FROM service_requests WHERE customer_id = ? AND category = ? AND related_id IS ? "
        "AND status IN ('open', 'in_progress')", (customer_id, category, related_id)).fetchone()
    return found is not None
