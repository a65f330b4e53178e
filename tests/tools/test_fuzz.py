"""Property-based fuzzing of the 34 tools: random call sequences against fresh sessions.

Each generated example logs one customer in (drawn from a fixed, ordered list of ~50 varied
customers) and makes 25 to 40 tool calls. Arguments come from a mix of valid values taken
from the customer's own records as they stand at that moment (so many calls succeed and
change state), other customers' real ids, and adversarial values (wrong types, NaN and
infinities, missing and unknown keys, 10k+ character strings, Devanagari, emoji, RTL and NUL
characters, SQL metacharacters, bad amounts and impossible dates, unknown tool names).

After every call: only ToolError and its subclasses escape; a refused call leaves the hash
unchanged; a successful call returns a JSON object (the hand-over returns its fixed text); a
successful read changes nothing and a successful write changes something; calls that must be
refused (missing or unknown keys, non-object arguments, unknown tools, other customers' ids)
are refused; closed deposits, blocked cards, cancelled mandates and cleared or stopped
cheques never leave that state.

After every sequence (see :func:`_check_bank`): balances are never negative; money is
conserved (every transaction dated today, which only the session can create, is the debit
of a deposit opened in the session or the credit of one closed in it, for exactly its
amount, and each account's balance is its login balance plus those credits minus those
debits, with a consistent running balance); every foreign key resolves; ids are unique in
the session and across the whole bank; records no tool may change are unchanged; and
replaying the successful calls on a fresh session gives the same outputs, the same rows and
the same hash.

Hypothesis runs derandomized with no example database, so every run generates the same calls.
The bugs the fuzz found (non-ASCII digits, half emoji, rates that round to zero, unit
suffixes, enormous integers) are fixed and have regression tests at the end of this module.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import sqlite3
from collections import Counter
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tau_indian_bank.bank.money import format_rupees
from tau_indian_bank.bank.store import SHAPES, template
from tau_indian_bank.constants import CARD_CHANNEL_MAX_LIMIT_PAISE, FREE_TEXT_MAX_CHARS, TODAY
from tau_indian_bank.tools.arguments import (
    MALFORMED_KEY,
    ArgumentError,
    DateArg,
    DigitsArg,
    FreeTextArg,
    IdArg,
    IntArg,
    ListArg,
    MoneyArg,
    RateArg,
    TextArg,
    ToolError,
    ToolSpec,
    WeightArg,
)
from tau_indian_bank.tools.base import NotFoundError, RefusedError
from tau_indian_bank.tools.catalogue import SPECS, TRANSFER_TOOL
from tau_indian_bank.tools.toolkit import BankTools

Draw = Callable[[st.SearchStrategy[Any]], Any]

#: The fuzz run must make at least this many tool calls.
MIN_CALLS = 10_000
EXAMPLES = 400
CALLS_PER_SEQUENCE = (25, 40)  # 400 complete sequences * 25 = 10,000 calls at the very least
TODAY_ISO = TODAY.isoformat()
ALLOWED_ERRORS = (ToolError, ArgumentError, NotFoundError, RefusedError)

#: The whole bank (read only; never change its row factory: the store shares it).
FULL: sqlite3.Connection = template().full


def _column(sql: str, params: tuple[object, ...] = ()) -> list[Any]:
    return [row[0] for row in FULL.execute(sql, params).fetchall()]


# --- Customers: a fixed, ordered list covering the bank's varied situations --------------------

_HELD = "SELECT h.customer_id FROM account_holders h JOIN accounts a ON a.account_id = h.account_id WHERE "
CATEGORIES: dict[str, str] = {
    "cumulative FD": ("SELECT customer_id FROM deposits WHERE deposit_type = 'fixed' AND payout_type = 'cumulative' AND status = 'active'"),
    "monthly-payout FD": "SELECT customer_id FROM deposits WHERE payout_type = 'monthly' AND status = 'active'",
    "quarterly-payout FD": "SELECT customer_id FROM deposits WHERE payout_type = 'quarterly' AND status = 'active'",
    "recurring deposit": "SELECT customer_id FROM deposits WHERE deposit_type = 'recurring' AND status = 'active'",
    "matured deposit": "SELECT customer_id FROM deposits WHERE status = 'matured'",
    "closed deposit": "SELECT customer_id FROM deposits WHERE status = 'closed'",
    "gold loan": "SELECT customer_id FROM loans WHERE loan_type = 'gold'",
    "fixed-rate loan": "SELECT customer_id FROM loans WHERE rate_type = 'fixed' AND loan_type != 'gold'",
    "closed loan": "SELECT customer_id FROM loans WHERE status = 'closed'",
    "credit card": "SELECT customer_id FROM cards WHERE card_type = 'credit'",
    "frozen card": "SELECT customer_id FROM cards WHERE status = 'frozen'",
    "blocked card": "SELECT customer_id FROM cards WHERE status = 'blocked'",
    "active mandate": (
        "SELECT h.customer_id FROM mandates m JOIN account_holders h ON h.account_id = m.account_id WHERE m.status = 'active'"
    ),
    "cancelled mandate": (
        "SELECT h.customer_id FROM mandates m JOIN account_holders h ON h.account_id = m.account_id WHERE m.status = 'cancelled'"
    ),
    "stopped cheque": (
        "SELECT h.customer_id FROM cheques c JOIN account_holders h ON h.account_id = c.account_id WHERE c.status = 'stopped'"
    ),
    "returned cheque": (
        "SELECT h.customer_id FROM cheques c JOIN account_holders h ON h.account_id = c.account_id WHERE c.status = 'returned'"
    ),
    "dormant account": _HELD + "a.status = 'dormant'",
    "closed account": _HELD + "a.status = 'closed'",
    "no cheque facility": _HELD + "a.cheque_facility = 0",
    "joint account": _HELD + "a.account_id IN (SELECT account_id FROM account_holders GROUP BY account_id HAVING COUNT(*) > 1)",
    "expired KYC": "SELECT customer_id FROM customers WHERE kyc_status = 'expired'",
    "expired KYC with a deposit": (
        "SELECT c.customer_id FROM customers c JOIN deposits d ON d.customer_id = c.customer_id "
        "WHERE c.kyc_status = 'expired' AND d.status = 'active'"
    ),
    "senior citizen": "SELECT customer_id FROM customers WHERE segment = 'senior_citizen'",
    "premium": "SELECT customer_id FROM customers WHERE segment = 'premium'",
    "open service request": "SELECT customer_id FROM service_requests WHERE status IN ('open', 'in_progress')",
    "insurance policy": "SELECT customer_id FROM insurance_policies",
    "no deposit, card or loan": (
        "SELECT customer_id FROM customers WHERE customer_id NOT IN (SELECT customer_id FROM deposits) "
        "AND customer_id NOT IN (SELECT customer_id FROM cards) "
        "AND customer_id NOT IN (SELECT customer_id FROM loans)"
    ),
}


def _pick_customers(cap: int = 50) -> tuple[str, ...]:
    """Round-robin over the categories, each in customer-id order, until ``cap`` distinct customers."""
    ranked = [_column(f"SELECT DISTINCT customer_id FROM ({sql}) ORDER BY customer_id LIMIT 12") for sql in CATEGORIES.values()]
    chosen: list[str] = []
    for rank in range(12):
        for candidates in ranked:
            if rank < len(candidates) and candidates[rank] not in chosen and len(chosen) < cap:
                chosen.append(candidates[rank])
    return tuple(chosen)


CUSTOMERS = _pick_customers()
_IN = f"({', '.join('?' * len(CUSTOMERS))})"
_OURS = f"SELECT account_id FROM account_holders WHERE customer_id IN {_IN}"

#: Real ids of records that belong to none of the fuzzed customers (never in any fuzzed session).
FOREIGN: dict[str, tuple[str, ...]] = {
    kind: tuple(_column(sql, CUSTOMERS))
    for kind, sql in {
        "account": f"SELECT account_id FROM accounts WHERE account_id NOT IN ({_OURS}) ORDER BY account_id LIMIT 6",
        "deposit": f"SELECT deposit_id FROM deposits WHERE customer_id NOT IN {_IN} ORDER BY deposit_id LIMIT 6",
        "loan": f"SELECT loan_id FROM loans WHERE customer_id NOT IN {_IN} ORDER BY loan_id LIMIT 6",
        "card": f"SELECT card_id FROM cards WHERE customer_id NOT IN {_IN} ORDER BY card_id LIMIT 6",
        "mandate": f"SELECT mandate_id FROM mandates WHERE account_id NOT IN ({_OURS}) ORDER BY mandate_id LIMIT 6",
        "service_request": f"SELECT request_id FROM service_requests WHERE customer_id NOT IN {_IN} ORDER BY request_id LIMIT 6",
        "transaction": f"SELECT txn_id FROM transactions WHERE account_id NOT IN ({_OURS}) ORDER BY txn_id LIMIT 6",
        "policy": f"SELECT policy_id FROM insurance_policies WHERE customer_id NOT IN {_IN} ORDER BY policy_id LIMIT 6",
    }.items()
}
FOREIGN["any"] = tuple(i for kind in ("account", "deposit", "loan", "card", "mandate", "transaction", "policy") for i in FOREIGN[kind][:2])
FOREIGN_ALL = tuple(sorted({i for ids in FOREIGN.values() for i in ids}))

# --- Values -------------------------------------------------------------------------------------

NAN, INF = float("nan"), float("inf")
LONG_TEXT = "x" * 10_001
LONG_DEVANAGARI = "अ" * 10_001
HUGE_TEXT = "y" * 100_000
SQL_INJECTIONS = (
    "'; DROP TABLE accounts; --",
    "' OR '1'='1",
    "1 OR 1=1",
    "%",
    "_",
    "%_%",
    "501%",
    "CUST_%",
    "*",
    "'",
    '"',
    ";",
    "x' UNION SELECT * FROM accounts --",
    "1; DELETE FROM deposits",
    '") OR 1=1 --',
    "1--",
    "ROBERT-DROP-TABLE",
)
ADVERSARIAL_CONSTANTS: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    1,
    -1,
    -5,
    7,
    25,
    0.0,
    -0.0,
    0.001,
    0.5,
    1.005,
    12.5,
    NAN,
    INF,
    -INF,
    1e15,
    -1e15,
    1e308,
    5e-324,
    10**30,
    -(10**30),
    2**63,
    Decimal("1.5"),
    b"501000000001",
    ("atm",),
    "",
    " ",
    "\n\t",
    "\x00",
    "A\x00B",
    *SQL_INJECTIONS,
    "1,00,000.005",
    "₹1,00,000.50",
    "Rs. 5000",
    "1e15",
    "-5",
    "0",
    "0.001",
    "NaN",
    "inf",
    "true",
    "False",
    "null",
    "2026-02-30",
    "15/07/2026",
    "2026-7-15",
    "2026-07-15T00:00:00",
    "0000-00-00",
    "9999-12-31",
    "20260715",
    "नमस्ते",
    "मुंबई",
    "🏦💸🔥",
    "👩🏽‍💻",
    "\u202eevil\u202c",
    "שלום",
    "مرحبا",
    "\u200b",
    "ǅ",
    "ß",
    LONG_TEXT,
    LONG_DEVANAGARI,
    HUGE_TEXT,
    [],
    {},
    [1, 2],
    {"a": 1},
    [None],
    ["atm", "pos"],
    ["upi"] * 21,
    [[]],
)
_HUGE_INT = 10**4000


ADVERSARIAL = st.one_of(
    st.sampled_from(ADVERSARIAL_CONSTANTS),
    st.just(_HUGE_INT),
    st.text(max_size=30),
    st.integers(),
    st.floats(),
    st.lists(st.one_of(st.none(), st.integers(), st.text(max_size=5)), max_size=4),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
    st.sampled_from(FOREIGN_ALL),
)

EXTRA_KEYS = st.one_of(
    st.sampled_from(
        ["customer_id", MALFORMED_KEY, "", " ", "account_id ", "AMOUNT", "💥", "'; DROP TABLE x; --", "self", "__class__", 0, None]
    ),
    st.text(max_size=12),
)
UNKNOWN_TOOLS = st.one_of(
    st.sampled_from(
        [
            "",
            " ",
            "get_customer_profile ",
            "GET_CUSTOMER_PROFILE",
            "get-customer-profile",
            "call",
            "start_session",
            "get_db_hash",
            "update_db",
            "use_tool",
            "__init__",
            "__class__",
            "'; DROP TABLE accounts; --",
            "transfer_to_human_agent",
            "💥",
            LONG_TEXT,
            None,
            42,
            3.5,
            ["get_customer_profile"],
            {"name": "get_customer_profile"},
            True,
        ]
    ),
    st.text(max_size=30),
).filter(lambda name: not (isinstance(name, str) and name in SPECS))
GARBAGE_ARGUMENTS: tuple[Any, ...] = (
    None,
    [],
    [("account_id", "501000000001")],
    "account_id=501000000001",
    '{"account_id": "501000000001"}',
    42,
    3.14,
    True,
    b"{}",
    ("a",),
    {MALFORMED_KEY: "{'account_id': 5"},
    {MALFORMED_KEY: None},
)

SHORT_TEXTS = st.one_of(
    st.sampled_from(
        [
            "Flat 4B, Sunrise Apartments",
            "12th Cross, Indiranagar",
            "Bengaluru",
            "Karnataka",
            "Mumbai",
            "Maharashtra",
            "Plot 7 / Sector-62",
            "#21, M.G. Road",
            "नई दिल्ली",
            "Chennai 🏠",
            "  Pune  ",
        ]
    ),
    st.text(min_size=1, max_size=40),
)
FREE_TEXTS = st.one_of(
    st.sampled_from(
        [
            "Customer lost the card at the station.",
            "Wants the FD closed early for a medical need.",
            "UPI debit failed but money left the account",
            "शिकायत: एटीएम से पैसे नहीं निकले",
            "😡 refund please",
            "Line one\nLine two\ttabbed",
            "x" * FREE_TEXT_MAX_CHARS,
        ]
    ),
    st.text(min_size=1, max_size=80),
)
QUERIES = st.one_of(
    st.sampled_from(
        [
            "UPI daily limit",
            "premature withdrawal penalty",
            "senior citizen rate",
            "stop payment cheque",
            "gold loan LTV",
            "DICGC insurance",
            "TDS on deposits",
            "NEAR(upi limit)",
            "upi* AND -limit",
        ]
    ),
    st.text(min_size=1, max_size=60),
)
DATES = st.dates(dt.date(2017, 1, 1), dt.date(2027, 12, 31)).map(dt.date.isoformat)
FD_AMOUNTS = st.one_of(
    st.sampled_from([10_000, 15_000, 25_000, 50_000, 75_000, 1_00_000, 2_50_000, 10_00_000, 9_999]),
    st.integers(10_000, 3_00_000),
    st.integers(10_00_000, 1_00_00_000).map(lambda paise: paise / 100),
)
RD_AMOUNTS = st.one_of(
    st.sampled_from([500, 1_000, 1_500, 2_500, 5_000, 10_000, 750, 400]), st.integers(5, 200).map(lambda hundreds: hundreds * 100)
)
FD_TENURES = st.one_of(st.sampled_from([3, 6, 12, 13, 24, 36, 60, 120, 2]), st.integers(1, 120))
RD_TENURES = st.one_of(st.sampled_from([6, 12, 24, 36, 60, 120, 5]), st.integers(1, 120))
RATES = st.one_of(st.integers(1, 5_000).map(lambda bps: bps / 100), st.sampled_from(["8.5", "10.25%", 7, 12.0]))
WEIGHTS = st.one_of(st.integers(1, 10_000_000).map(lambda mg: mg / 1000), st.sampled_from([10, 25.5, "42.5g", "100"]))
PINCODES = st.one_of(st.integers(100_000, 999_999).map(str), st.sampled_from(["560038", "400001", "012345", 560038]))
MONEY_BY_NAME = {
    "principal": st.one_of(st.integers(1, 10**8), st.sampled_from(["5,00,000", 250000.5, "₹12,00,000.00"])),
    "min_amount": st.sampled_from([1, 100, 1_000, 5_000, 50_000, "1,000"]),
}

# --- Sessions -----------------------------------------------------------------------------------

#: Records in these statuses must keep them for good (no tool may reopen or unblock them).
TERMINAL: dict[str, tuple[str, frozenset[str]]] = {
    "deposits": ("deposit_id", frozenset({"closed"})),
    "cards": ("card_id", frozenset({"blocked"})),
    "mandates": ("mandate_id", frozenset({"cancelled"})),
    "cheques": ("account_id || '/' || cheque_number", frozenset({"cleared", "stopped"})),
    "accounts": ("account_id", frozenset({"closed"})),
}
#: What no tool may change: whole tables, or the columns of a table that tools leave alone.
UNCHANGING: dict[str, str] = {
    "customers": "SELECT * FROM customers",
    "account_holders": "SELECT * FROM account_holders",
    "loans": "SELECT * FROM loans",
    "insurance_policies": "SELECT * FROM insurance_policies",
    "branches": "SELECT * FROM branches",
    "product_offers": "SELECT * FROM product_offers",
    "accounts (all but the balance)": (
        "SELECT account_id, account_type, ifsc, status, min_balance_paise, mode_of_operation, "
        "opened_on, last_customer_txn_on, nominee_name, cheque_facility FROM accounts"
    ),
    "earlier transactions": f"SELECT * FROM transactions WHERE posted_on < '{TODAY_ISO}'",
    "cards (all but the status)": (
        "SELECT card_id, customer_id, card_type, network, last4, account_id, expiry, credit_limit_paise, outstanding_paise FROM cards"
    ),
    "card control keys": "SELECT card_id, channel, region FROM card_controls",
    "mandates (all but the status)": (
        "SELECT mandate_id, account_id, mandate_type, payee, max_amount_paise, frequency, start_date, end_date, last_debit_on FROM mandates"
    ),
    "cheque books issued": "SELECT * FROM cheque_books WHERE status = 'issued'",
}
_DEPOSIT_TERMS = (
    "deposit_id, customer_id, deposit_type, linked_account_id, amount_paise, tenure_months, rate_bps, "
    "payout_type, opened_on, maturity_date, maturity_amount_paise, instalments_paid, nominee_name"
)
#: Tables whose new rows get server-assigned ids, and the id column.
NEW_ID_TABLES = {
    "transactions": "txn_id",
    "deposits": "deposit_id",
    "service_requests": "request_id",
    "statement_requests": "request_id",
    "cheque_books": "cheque_book_id",
    "handoffs": "handoff_id",
}
#: Every link a session's rows must resolve inside the session: (child, column, parent, parent column).
LINKS = (
    ("deposits", "linked_account_id", "accounts", "account_id"),
    ("cards", "account_id", "accounts", "account_id"),
    ("mandates", "account_id", "accounts", "account_id"),
    ("transactions", "account_id", "accounts", "account_id"),
    ("loans", "repayment_account_id", "accounts", "account_id"),
    ("cheque_books", "account_id", "accounts", "account_id"),
    ("cheques", "account_id", "accounts", "account_id"),
    ("statement_requests", "account_id", "accounts", "account_id"),
    ("insurance_policies", "debit_account_id", "accounts", "account_id"),
    ("card_controls", "card_id", "cards", "card_id"),
    ("accounts", "ifsc", "branches", "ifsc"),
    *(
        (table, "customer_id", "customers", "customer_id")
        for table in ("addresses", "deposits", "loans", "cards", "service_requests", "insurance_policies", "handoffs")
    ),
)

STATS: Counter[str] = Counter()


class Session:
    """A fresh toolkit with one customer logged in, and what the checks need from the moment of login."""

    def __init__(self, customer_id: str) -> None:
        self.customer_id = customer_id
        self.tools = BankTools()
        self.tools.start_session(customer_id)
        self.conn: sqlite3.Connection = self.tools.db.conn
        self.balances: dict[str, int] = dict(self.rows("SELECT account_id, balance_paise FROM accounts"))
        self.deposit_status: dict[str, str] = dict(self.rows("SELECT deposit_id, status FROM deposits"))
        self.deposit_terms = set(self.rows(f"SELECT {_DEPOSIT_TERMS} FROM deposits"))
        self.unchanging = {name: set(self.rows(sql)) for name, sql in UNCHANGING.items()}
        self.fk_violations = set(self.rows("PRAGMA foreign_key_check"))
        self.ids = {table: {r[0] for r in self.rows(f"SELECT {key} FROM {table}")} for table, key in NEW_ID_TABLES.items()}
        self.terminal: dict[tuple[str, str], str] = {}
        self.successes: list[tuple[str, dict[str, Any], str]] = []
        self.track_terminal_states()
        # A session holds the customer's rows only: the one dangling link it may have is a joint
        # account's co-holder (account_holders -> customers); anything else is a partitioning bug.
        assert {(v[0], v[2]) for v in self.fk_violations} <= {("account_holders", "customers")}, self.fk_violations

    def rows(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in self.conn.execute(sql, params).fetchall()]

    def ids_of(self, kind: str) -> list[str]:
        """The customer's current ids of a kind, read live from the session."""
        if kind == "any":
            return (
                [i for k in ("account", "deposit", "loan", "card", "mandate") for i in self.ids_of(k)]
                + [r[0] for r in self.rows("SELECT txn_id FROM transactions ORDER BY txn_id LIMIT 3")]
                + [r[0] for r in self.rows("SELECT policy_id FROM insurance_policies ORDER BY policy_id")]
            )
        table, key = {
            "account": ("accounts", "account_id"),
            "deposit": ("deposits", "deposit_id"),
            "loan": ("loans", "loan_id"),
            "card": ("cards", "card_id"),
            "mandate": ("mandates", "mandate_id"),
            "service_request": ("service_requests", "request_id"),
        }[kind]
        return [r[0] for r in self.rows(f"SELECT {key} FROM {table} ORDER BY {key}")]

    def track_terminal_states(self) -> None:
        for table, (key, finals) in TERMINAL.items():
            for record, status in self.rows(f"SELECT {key}, status FROM {table}"):
                was = self.terminal.get((table, record))
                if was is not None:
                    assert status == was, f"{table} {record} left its final status {was!r} for {status!r}"
                elif status in finals:
                    self.terminal[(table, record)] = status

    def snapshot(self) -> dict[str, set[tuple[Any, ...]]]:
        return {name: set(self.rows(f"SELECT * FROM {name}")) for name in SHAPES}


def _short(value: object, limit: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} chars)"


def _call(sess: Session, name: Any, args: Any, expect: str | None = None) -> str | None:
    """Make one call and check the per-call properties; return the output, or None if refused.

    ``expect``: None (anything allowed), "refused" (any ToolError), "argument" (ArgumentError),
    "unknown" (the unknown-tool ToolError).
    """
    tools = sess.tools
    before = tools.get_db_hash()
    STATS["calls"] += 1
    try:
        output = tools.call(name, args)
    except ToolError as exc:
        message = str(exc)
        where = f"{name}({_short(args)}) -> {type(exc).__name__}: {message[:300]}"
        assert type(exc) in ALLOWED_ERRORS, f"unexpected ToolError subclass: {where}"
        assert message.strip() and len(message) <= 1000, f"refusal message empty or too long: {where}"
        assert tools.get_db_hash() == before, f"a refused call changed the bank: {where}"
        if expect == "argument":
            assert isinstance(exc, ArgumentError), f"expected an ArgumentError: {where}"
        if expect == "unknown":
            assert type(exc) is ToolError and "unknown tool" in message, where
        STATS["refused"] += 1
        STATS[f"refused:{type(exc).__name__}"] += 1
        STATS[f"tool-refused:{name}"] += 1
        return None
    except Exception as exc:
        raise AssertionError(f"{name}({_short(args)}) raised {type(exc).__name__}, not a ToolError: {exc}") from exc
    assert expect is None, f"{name}({_short(args)}) should have been refused ({expect}) but returned {output[:300]}"
    if name == TRANSFER_TOOL:
        assert output == "Transfer successful"
    else:
        assert isinstance(output, str), f"{name} returned {type(output).__name__}"
        assert isinstance(json.loads(output), dict), f"{name} returned a non-object: {output[:300]}"
    after = tools.get_db_hash()
    if SPECS[name].kind == "read":
        assert after == before, f"read tool {name}({_short(args)}) changed the bank"
    else:
        assert after != before, f"write {name}({_short(args)}) succeeded but changed nothing"
        sess.track_terminal_states()
        STATS["writes-ok"] += 1
    STATS["ok"] += 1
    STATS[f"tool-ok:{name}"] += 1
    sess.successes.append((name, args, output))
    return output


# --- Drawing calls ------------------------------------------------------------------------------


def _own_id(draw: Draw, sess: Session, kind: str) -> str:
    pool = sess.ids_of(kind)
    return draw(st.sampled_from(pool)) if pool else draw(st.sampled_from(FOREIGN[kind]))


def _valid_value(draw: Draw, sess: Session, name: str, marker: object) -> Any:
    """A value of the right kind for a parameter, taken from the customer's records where it names one."""
    if isinstance(marker, IdArg):
        return _own_id(draw, sess, marker.kind)
    if isinstance(marker, MoneyArg):
        return draw(MONEY_BY_NAME.get(name, FD_AMOUNTS))
    if isinstance(marker, DateArg):
        return draw(DATES)
    if isinstance(marker, IntArg):
        common = [n for n in (1, 3, 6, 12, 20, 24, 36, 60, 100, 120, 240, 360) if marker.minimum <= n <= marker.maximum]
        return draw(st.one_of(st.sampled_from(common), st.integers(marker.minimum, marker.maximum)))
    if isinstance(marker, RateArg):
        return draw(RATES)
    if isinstance(marker, WeightArg):
        return draw(WEIGHTS)
    if isinstance(marker, DigitsArg):
        return draw(PINCODES)
    if isinstance(marker, TextArg):
        return draw(SHORT_TEXTS)
    if isinstance(marker, FreeTextArg):
        return draw(QUERIES if name == "query" else FREE_TEXTS)
    if isinstance(marker, ListArg):
        return draw(st.lists(st.sampled_from(marker.item), min_size=1, max_size=4))
    if isinstance(marker, tuple):
        return draw(st.sampled_from(marker))
    if marker is bool:
        return draw(st.booleans())
    raise AssertionError(f"no generator for {name}: {marker!r}")


def _deposit_terms(draw: Draw, sess: Session) -> dict[str, Any]:
    deposit_type = draw(st.sampled_from(["fixed", "recurring"]))
    if deposit_type == "fixed":
        terms = {
            "amount": draw(FD_AMOUNTS),
            "tenure_months": draw(FD_TENURES),
            "payout_type": draw(st.sampled_from(["cumulative", "monthly", "quarterly"])),
        }
    else:
        terms = {
            "amount": draw(RD_AMOUNTS),
            "tenure_months": draw(RD_TENURES),
            "payout_type": draw(st.sampled_from(["cumulative", "cumulative", "monthly"])),
        }
    if terms["payout_type"] == "cumulative" and draw(st.booleans()):
        del terms["payout_type"]
    return {"deposit_type": deposit_type, **terms}


def _statement_period(draw: Draw, sess: Session) -> dict[str, Any]:
    start = TODAY - dt.timedelta(days=draw(st.integers(0, 3_200)))
    end = start + dt.timedelta(days=draw(st.integers(-5, 420)))
    return {"from_date": start.isoformat(), "to_date": end.isoformat()}


def _cheque(draw: Draw, sess: Session) -> dict[str, Any]:
    books = sess.rows("SELECT account_id, first_leaf, leaves FROM cheque_books WHERE status = 'issued' ORDER BY cheque_book_id")
    known = sess.rows("SELECT account_id, cheque_number FROM cheques ORDER BY account_id, cheque_number")
    how = draw(st.sampled_from(["leaf", "known", "any"]))
    if how == "known" and known:
        account_id, number = draw(st.sampled_from(known))
    elif how != "any" and books:
        account_id, first, leaves = draw(st.sampled_from(books))
        number = f"{first + draw(st.integers(0, leaves - 1)):06d}"
    else:
        account_id, number = _own_id(draw, sess, "account"), f"{draw(st.integers(0, 999_999)):06d}"
    return {"account_id": account_id, "cheque_number": number}


def _card_control(draw: Draw, sess: Session) -> dict[str, Any]:
    channel = draw(st.sampled_from(["atm", "pos", "online", "contactless"]))
    top = CARD_CHANNEL_MAX_LIMIT_PAISE[channel] // 100
    values: dict[str, Any] = {"channel": channel}
    if draw(st.booleans()):
        values["daily_limit"] = draw(st.sampled_from([top // 10, top // 4, top // 2, top, top * 2, 1, 500]))
    return values


_DEPOSIT = ("deposit_type", "amount", "tenure_months", "payout_type")
#: Parameters that must agree with each other, drawn together (the function may leave optional ones out).
COUPLED: dict[str, tuple[Callable[[Draw, Session], dict[str, Any]], tuple[str, ...]]] = {
    "open_deposit": (_deposit_terms, _DEPOSIT),
    "calculate_deposit_maturity": (_deposit_terms, _DEPOSIT),
    "request_statement": (_statement_period, ("from_date", "to_date")),
    "get_cheque_status": (_cheque, ("account_id", "cheque_number")),
    "stop_cheque_payment": (_cheque, ("account_id", "cheque_number")),
    "update_card_controls": (_card_control, ("channel", "daily_limit")),
}


def _valid_args(draw: Draw, sess: Session, spec: ToolSpec) -> dict[str, Any]:
    make, handled = COUPLED.get(spec.name, (lambda draw, sess: {}, ()))
    coupled = make(draw, sess)
    args: dict[str, Any] = {}
    for param in spec.params:
        if param.name in handled:
            if param.name in coupled:
                args[param.name] = coupled[param.name]
        elif param.required or draw(st.booleans()):
            args[param.name] = _valid_value(draw, sess, param.name, param.marker)
    return args


def _respell(draw: Draw, marker: object, value: Any) -> Any:
    """The same value written another way the schema accepts (case, padding, numbers as text, ...)."""
    if isinstance(marker, IdArg) and isinstance(value, str):
        options = [value.lower(), f"  {value} ", value] + ([int(value)] if value.isdigit() and value[0] != "0" else [])
        return draw(st.sampled_from(options))
    if isinstance(marker, MoneyArg) and isinstance(value, int) and not isinstance(value, bool):
        return draw(st.sampled_from([str(value), format_rupees(value * 100), f"Rs. {value}", float(value), f"{value}/-"]))
    if isinstance(marker, IntArg) and isinstance(value, int):
        return draw(st.sampled_from([str(value), float(value), f" {value} "]))
    if isinstance(marker, DigitsArg) and isinstance(value, str) and value.isdigit():
        return draw(st.sampled_from([int(value), f" {value} "]))
    if marker is bool and isinstance(value, bool):
        return draw(st.sampled_from([str(value).lower(), f" {str(value).upper()} "]))
    if isinstance(marker, tuple) and isinstance(value, str):
        return draw(st.sampled_from([value.upper(), f" {value} "]))
    if isinstance(marker, DateArg) and isinstance(value, str):
        return f" {value} "
    return value


# Modes and their weights (repeats); hypothesis shrinks towards the first, a plain valid call.
MODES = st.sampled_from(
    ["valid"] * 10 + ["respelled"] * 3 + ["mutated"] * 4 + ["random", "foreign", "missing", "extra", "garbage", "unknown"]
)
# Reads first (hypothesis favours early entries), writes twice as likely, the irreversible block_card last and once.
TOOL_CHOICES = st.sampled_from(
    sorted(SPECS, key=lambda n: (SPECS[n].kind != "read", n == "block_card", n))
    + sorted(n for n, s in SPECS.items() if s.kind != "read" and n != "block_card")
)


def _draw_call(draw: Draw, sess: Session) -> tuple[Any, Any, str | None]:
    mode = draw(MODES)
    STATS[f"mode:{mode}"] += 1
    if mode == "unknown":
        return draw(UNKNOWN_TOOLS), draw(st.sampled_from([{}, {"account_id": "501000000001"}])), "unknown"
    name = draw(TOOL_CHOICES)
    spec = SPECS[name]
    if mode == "garbage":
        return name, draw(st.sampled_from(GARBAGE_ARGUMENTS)), "argument"
    args = _valid_args(draw, sess, spec)
    expect: str | None = None
    if mode == "respelled":
        args = {k: _respell(draw, spec.param(k).marker, v) for k, v in args.items()}  # type: ignore[union-attr]
    elif mode == "mutated" and spec.params:
        args[draw(st.sampled_from(spec.params)).name] = draw(ADVERSARIAL)
    elif mode == "random":
        args = {p.name: draw(ADVERSARIAL) for p in spec.params if p.required or draw(st.booleans())}
    elif mode == "foreign" and any(isinstance(p.marker, IdArg) for p in spec.params):
        for param in spec.params:
            if isinstance(param.marker, IdArg):
                args[param.name] = draw(st.sampled_from(FOREIGN[param.marker.kind]))
        expect = "refused"
    elif mode == "missing" and any(p.required for p in spec.params):
        del args[draw(st.sampled_from([p for p in spec.params if p.required])).name]
        expect = "argument"
    elif mode != "valid":  # "extra", or a mode that does not apply to this tool
        names = {p.name for p in spec.params}
        args[draw(EXTRA_KEYS.filter(lambda key: key not in names))] = draw(ADVERSARIAL)
        expect = "argument"
    return name, args, expect


# --- The bank's invariants ----------------------------------------------------------------------


def _check_bank(sess: Session) -> None:
    """Check the session database after a sequence (see the module docstring)."""
    rows = sess.rows
    balances = dict(rows("SELECT account_id, balance_paise FROM accounts"))
    assert set(balances) == set(sess.balances), "accounts appeared or disappeared"
    negative = {a: b for a, b in balances.items() if b < 0}
    assert not negative, f"negative balances: {negative}"

    # Money: every transaction dated today was made by this session; replay them on the login balances.
    running = dict(sess.balances)
    today = rows(
        "SELECT account_id, direction, amount_paise, balance_after_paise, narration, channel, status "
        "FROM transactions WHERE posted_on = ? ORDER BY rowid",
        (TODAY_ISO,),
    )
    for account_id, direction, amount, balance_after, narration, channel, status in today:
        assert direction in ("credit", "debit") and amount > 0 and (channel, status) == ("internal", "success"), narration
        running[account_id] += amount if direction == "credit" else -amount
        assert balance_after == running[account_id], f"running balance of {account_id} broken at {narration!r}"
    assert running == balances, "balances differ from login balances plus today's credits minus today's debits"
    postings = Counter((a, d, amount, narration) for a, d, amount, _, narration, _, _ in today)
    assert all(n == 1 for n in postings.values()), f"duplicate postings: {postings}"

    deposits = {
        d[0]: d
        for d in rows(
            "SELECT deposit_id, deposit_type, linked_account_id, amount_paise, status, opened_on, "
            "closed_on, closure_amount_paise FROM deposits"
        )
    }
    opened = [d for i, d in deposits.items() if i not in sess.deposit_status]
    closed = [d for i, d in deposits.items() if d[4] == "closed" and sess.deposit_status.get(i) != "closed"]
    credits = {(n, amount): a for a, d, amount, n in postings if d == "credit"}
    debits = {(n, amount): a for a, d, amount, n in postings if d == "debit"}
    for deposit_id, deposit_type, linked, amount, _, opened_on, _, _ in opened:
        prefix = "FD" if deposit_type == "fixed" else "RD"
        assert opened_on == TODAY_ISO and deposit_id.startswith(prefix), deposit_id
        assert debits.get((f"TO {prefix} {deposit_id}", amount)) == linked, f"no debit of {amount} on {linked} for {deposit_id}"
    for deposit_id, _, _, _, _, _, closed_on, payout in closed:
        assert closed_on == TODAY_ISO and payout is not None and payout > 0, deposit_id
        assert (f"CLOSURE {deposit_id}", payout) in credits, f"no credit of {payout} for closing {deposit_id}"
    assert (len(debits), len(credits)) == (len(opened), len(closed)), "a posting matches no deposit opened or closed"
    assert {d for d in sess.deposit_terms if d[0] in deposits} <= set(rows(f"SELECT {_DEPOSIT_TERMS} FROM deposits")), (
        "the terms of a deposit changed"
    )

    # Links, ids, and what no tool may change.
    assert set(rows("PRAGMA foreign_key_check")) == sess.fk_violations, "a foreign key no longer resolves"
    for child, column, parent, key in LINKS:
        orphans = rows(f"SELECT {column} FROM {child} WHERE {column} IS NOT NULL AND {column} NOT IN (SELECT {key} FROM {parent})")
        assert not orphans, f"{child}.{column} points outside the session: {orphans[:3]}"
    for table, shape in SHAPES.items():
        keys = ", ".join(shape.primary_key)
        duplicates = rows(f"SELECT {keys}, COUNT(*) FROM {table} GROUP BY {keys} HAVING COUNT(*) > 1")
        assert not duplicates, f"duplicate ids in {table}: {duplicates[:3]}"
    for table, key in NEW_ID_TABLES.items():
        for new_id in {r[0] for r in rows(f"SELECT {key} FROM {table}")} - sess.ids[table]:
            assert re.fullmatch(r"[A-Z0-9]{4,40}", new_id), new_id
            clash = FULL.execute(f"SELECT 1 FROM {table} WHERE {key} = ?", (new_id,)).fetchone()
            assert clash is None, f"new {table} id {new_id} is already used elsewhere in the bank"
    for name, sql in UNCHANGING.items():
        assert set(rows(sql)) == sess.unchanging[name], f"{name} changed"
    bad_digits = rows(
        "SELECT pincode FROM addresses WHERE pincode NOT GLOB '[0-9][0-9][0-9][0-9][0-9][0-9]' UNION ALL "
        "SELECT cheque_number FROM cheques WHERE cheque_number NOT GLOB '[0-9][0-9][0-9][0-9][0-9][0-9]'"
    )
    assert not bad_digits, f"stored PIN codes or cheque numbers that are not six ASCII digits: {bad_digits}"
    sess.track_terminal_states()


def _check_replay(sess: Session) -> None:
    """Replaying the successful calls on a fresh session gives the same outputs, rows and hash."""
    again = Session(sess.customer_id)
    for name, args, output in sess.successes:
        STATS["replayed"] += 1
        assert again.tools.call(name, args) == output, f"replayed {name}({_short(args)}) gave a different output"
    assert again.snapshot() == sess.snapshot(), "replayed session has different rows"
    assert again.tools.get_db_hash() == sess.tools.get_db_hash(), "replayed session has a different hash"


@settings(
    derandomize=True,
    database=None,
    max_examples=EXAMPLES,
    deadline=None,
    print_blob=False,
    report_multiple_bugs=False,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much, HealthCheck.large_base_example],
)
@given(data=st.data())
def _fuzz_sequences(data: st.DataObject) -> None:
    sess = Session(data.draw(st.sampled_from(CUSTOMERS), label="customer"))
    STATS["started"] += 1
    calls = data.draw(st.integers(*CALLS_PER_SEQUENCE), label="number of calls")
    for _ in range(calls):
        name, args, expect = _draw_call(data.draw, sess)
        _call(sess, name, args, expect)
    _check_bank(sess)
    _check_replay(sess)
    STATS["sequences"] += 1
    STATS["checked calls"] += calls


def test_customers_cover_every_situation():
    assert len(CUSTOMERS) == 50 and len(set(CUSTOMERS)) == len(CUSTOMERS)
    for label, sql in CATEGORIES.items():
        assert _column(f"SELECT 1 FROM ({sql}) WHERE customer_id IN {_IN}", CUSTOMERS), f"no fuzzed customer has: {label}"
    assert all(FOREIGN[kind] for kind in FOREIGN), FOREIGN


@pytest.mark.slow
def test_fuzzed_tool_sequences_keep_the_bank_consistent():
    STATS.clear()
    _fuzz_sequences()
    calls, ok, refused, checked = STATS["calls"], STATS["ok"], STATS["refused"], STATS["checked calls"]
    print(
        f"\nfuzz: {calls} calls ({checked} in the {STATS['sequences']} complete sequences; the rest in "
        f"{STATS['started'] - STATS['sequences']} sequences hypothesis abandoned): {ok} succeeded "
        f"({STATS['writes-ok']} writes), {refused} refused "
        f"({', '.join(f'{k[8:]} {v}' for k, v in sorted(STATS.items()) if k.startswith('refused:'))}); "
        f"{STATS['replayed']} calls replayed"
    )
    # Count only calls whose sequence also passed the end-of-sequence invariants and the replay.
    assert checked >= MIN_CALLS, f"only {checked} tool calls were generated in complete sequences"
    assert ok + refused == calls
    assert ok >= calls // 4, "too few calls succeed for the fuzz to reach the tools' logic"
    never_ok = [name for name in SPECS if STATS[f"tool-ok:{name}"] == 0]
    never_refused = [name for name in SPECS if STATS[f"tool-refused:{name}"] == 0]
    assert not never_ok and not never_refused, (never_ok, never_refused)


# --- Regression tests for the most dangerous inputs ------------------------------------------------

#: A verified customer with active accounts, deposits, cards and mandates, a loan, a cheque book and a service request.
RICH = _column(
    "SELECT c.customer_id FROM customers c WHERE c.kyc_status = 'verified' "
    "AND EXISTS (SELECT 1 FROM deposits d WHERE d.customer_id = c.customer_id AND d.status = 'active') "
    "AND EXISTS (SELECT 1 FROM cards k WHERE k.customer_id = c.customer_id AND k.status = 'active') "
    "AND EXISTS (SELECT 1 FROM loans l WHERE l.customer_id = c.customer_id) "
    "AND EXISTS (SELECT 1 FROM service_requests r WHERE r.customer_id = c.customer_id) "
    "AND EXISTS (SELECT 1 FROM account_holders h JOIN mandates m ON m.account_id = h.account_id "
    "            WHERE h.customer_id = c.customer_id AND m.status = 'active') "
    "AND EXISTS (SELECT 1 FROM account_holders h JOIN accounts a ON a.account_id = h.account_id "
    "            JOIN cheque_books b ON b.account_id = a.account_id "
    "            WHERE h.customer_id = c.customer_id AND a.status = 'active' AND b.status = 'issued') "
    "ORDER BY c.customer_id LIMIT 1"
)[0]


def _plain_args(sess: Session, spec: ToolSpec) -> dict[str, Any]:
    """A fixed, well-formed call of a tool for the RICH customer (every optional argument given)."""
    book = sess.rows("SELECT account_id, first_leaf FROM cheque_books WHERE status = 'issued' ORDER BY cheque_book_id")[0]
    fixed = {
        "from_date": "2026-06-01",
        "to_date": "2026-06-30",
        "amount": 25_000,
        "daily_limit": 1_000,
        "principal": 5_00_000,
        "annual_rate": 9.5,
        "gold_weight_grams": 25.5,
        "tenure_months": 12,
        "cheque_number": f"{book[1]:06d}",
        "pincode": "560038",
        "query": "UPI daily limit",
    }
    args: dict[str, Any] = {}
    for param in spec.params:
        marker = param.marker
        if param.name in fixed:
            args[param.name] = fixed[param.name]
        elif param.name == "account_id" and "cheque_number" in {p.name for p in spec.params}:
            args[param.name] = book[0]
        elif isinstance(marker, IdArg):
            usable = {"account": "accounts", "deposit": "deposits", "card": "cards", "mandate": "mandates"}.get(marker.kind)
            key = f"{marker.kind}_id"
            args[param.name] = (
                sess.rows(f"SELECT {key} FROM {usable} WHERE status = 'active' ORDER BY {key}")[0][0]
                if usable
                else sess.ids_of(marker.kind)[0]
            )
        elif isinstance(marker, MoneyArg):
            args[param.name] = 1_000
        elif isinstance(marker, IntArg):
            args[param.name] = 20
        elif isinstance(marker, TextArg):
            args[param.name] = "Koramangala 5th Block"
        elif isinstance(marker, FreeTextArg):
            args[param.name] = "Customer asked about a card charge."
        elif isinstance(marker, ListArg):
            args[param.name] = [marker.item[0]]
        elif isinstance(marker, tuple):
            args[param.name] = marker[0]
        elif marker is bool:
            args[param.name] = True
        else:
            raise AssertionError(f"no plain value for {spec.name}.{param.name}")
    return args


def _schema(sess: Session) -> list[tuple[Any, ...]]:
    return sess.rows("SELECT type, name, sql FROM sqlite_master ORDER BY name")


@pytest.mark.parametrize("name", sorted(SPECS))
def test_sql_injection_in_every_parameter_changes_nothing(name):
    spec = SPECS[name]
    for param in spec.params:
        for injection in SQL_INJECTIONS:
            sess = Session(RICH)
            args = {**_plain_args(sess, spec), param.name: injection}
            hash_before, rows_before, schema = sess.tools.get_db_hash(), sess.snapshot(), _schema(sess)
            if isinstance(param.marker, (TextArg, FreeTextArg)):
                # Text is data: the call may be refused or succeed, but the text never runs as SQL.
                output = _call(sess, name, args)
                assert _schema(sess) == schema
                after = sess.snapshot()
                changed = {t for t in after if after[t] != rows_before[t]}
                assert changed <= {
                    "raise_service_request": {"service_requests"},
                    "update_address": {"addresses"},
                    TRANSFER_TOOL: {"handoffs"},
                }.get(name, set()), (param.name, injection, changed)
                assert all(len(after[t]) >= len(rows_before[t]) for t in after), "rows were deleted"
                if output is not None and param.is_free_text and name != "search_regulations":
                    stored = {r[0] for r in sess.rows("SELECT description FROM service_requests UNION ALL SELECT summary FROM handoffs")}
                    assert injection in stored, "free text is not stored verbatim"
                continue
            with pytest.raises((ArgumentError, NotFoundError)) as info:
                sess.tools.call(name, args)
            assert type(info.value) in (ArgumentError, NotFoundError), (param.name, injection, info.value)
            assert sess.tools.get_db_hash() == hash_before and sess.snapshot() == rows_before and _schema(sess) == schema


MONEY_PARAMS = [(n, p.name) for n, s in sorted(SPECS.items()) for p in s.params if isinstance(p.marker, MoneyArg)]


@pytest.mark.parametrize(("name", "param"), MONEY_PARAMS)
@pytest.mark.parametrize("amount", [0.001, "1,00,000.005", 100.555, "₹10.001", 1e-7, "0.5001"])
def test_amount_with_fractional_paise_is_refused(name, param, amount):
    sess = Session(RICH)
    args = {**_plain_args(sess, SPECS[name]), param: amount}
    before = sess.tools.get_db_hash()
    with pytest.raises(ArgumentError, match=f"argument '{param}' amount has fractions of a paisa"):
        sess.tools.call(name, args)
    assert sess.tools.get_db_hash() == before


FREE_TEXT_PARAMS = [(n, p.name) for n, s in sorted(SPECS.items()) for p in s.params if p.is_free_text]


@pytest.mark.parametrize(("name", "param"), FREE_TEXT_PARAMS)
def test_100k_character_free_text_is_refused_with_a_clear_message(name, param):
    sess = Session(RICH)
    args = {**_plain_args(sess, SPECS[name]), param: "long complaint " * 6_667}
    assert len(args[param]) > 100_000
    before = sess.tools.get_db_hash()
    with pytest.raises(ArgumentError) as info:
        sess.tools.call(name, args)
    assert str(info.value) == f"{name}: argument '{param}' is longer than {FREE_TEXT_MAX_CHARS} characters"
    assert sess.tools.get_db_hash() == before


def test_plain_calls_succeed_for_the_regression_customer():
    """The regression tests above start from well-formed calls; most of them must work as given."""
    failures = {}
    for name, spec in sorted(SPECS.items()):
        sess = Session(RICH)
        try:
            sess.tools.call(name, _plain_args(sess, spec))
        except ToolError as exc:
            failures[name] = str(exc)
    assert set(failures) == {"unfreeze_card"}, failures  # its card is active, not frozen


# --- Regression tests for the bugs the fuzz found (all fixed) -------------------------------------

CLEARED_CHEQUE = FULL.execute(
    "SELECT c.account_id, c.cheque_number, h.customer_id FROM cheques c "
    "JOIN account_holders h ON h.account_id = c.account_id "
    "JOIN cheque_books b ON b.account_id = c.account_id AND b.status = 'issued' "
    "AND CAST(c.cheque_number AS INTEGER) BETWEEN b.first_leaf AND b.first_leaf + b.leaves - 1 "
    "WHERE c.status = 'cleared' ORDER BY c.account_id, c.cheque_number LIMIT 1"
).fetchone()
DEVANAGARI_DIGITS = str.maketrans("0123456789", "०१२३४५६७८९")


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("get_transactions", {"limit": "²"}),
        ("get_cheque_status", {"cheque_number": "²²²²²²"}),
        ("stop_cheque_payment", {"cheque_number": "¹²³⁴⁵⁶", "reason": "lost"}),
    ],
)
def test_superscript_digits_are_refused_as_arguments(name, args):
    account_id, _, customer_id = CLEARED_CHEQUE
    sess = Session(customer_id)
    with pytest.raises(ArgumentError):
        sess.tools.call(name, {"account_id": account_id, **args})


def test_cleared_cheque_cannot_be_stopped_by_writing_its_number_in_devanagari_digits():
    account_id, number, customer_id = CLEARED_CHEQUE
    sess = Session(customer_id)
    with pytest.raises(ToolError):
        sess.tools.call(
            "stop_cheque_payment", {"account_id": account_id, "cheque_number": number.translate(DEVANAGARI_DIGITS), "reason": "lost"}
        )


def test_pincode_in_devanagari_digits_is_not_stored_verbatim():
    sess = Session(RICH)
    try:
        sess.tools.call(
            "update_address",
            {
                "address_type": "communication",
                "line1": "1 MG Road",
                "line2": "Ashok Nagar",
                "city": "Bengaluru",
                "state": "Karnataka",
                "pincode": "५६००३८",
            },
        )
    except ToolError:
        pass
    assert sess.rows("SELECT pincode FROM addresses WHERE address_type = 'communication'")[0][0].isascii()


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("raise_service_request", {"category": "other", "description": json.loads('"card lost \\ud83d"')}),
        (TRANSFER_TOOL, {"summary": json.loads('"angry customer \\ud83d"')}),
    ],
)
def test_lone_surrogate_in_free_text_is_refused_cleanly(name, args):
    sess = Session(RICH)
    with pytest.raises(ToolError):
        sess.tools.call(name, args)


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("get_account_details", {"account_id": 10**5000}),
        ("get_cheque_status", {"account_id": "501000000001", "cheque_number": 10**5000}),
    ],
)
def test_enormous_integer_argument_is_refused_as_an_argument_error(name, args):
    sess = Session(RICH)
    with pytest.raises(ArgumentError):
        sess.tools.call(name, args)


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("calculate_loan_emi", {"principal": 100_000, "annual_rate": 1e-9, "tenure_months": 12}),
        ("check_gold_loan_eligibility", {"gold_weight_grams": 1e-10, "purity_karat": 22}),
    ],
)
def test_positive_rate_or_weight_that_rounds_to_zero_is_refused(name, args):
    sess = Session(RICH)
    with pytest.raises(ArgumentError):
        sess.tools.call(name, args)


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("check_gold_loan_eligibility", {"gold_weight_grams": "501%", "purity_karat": 22}),
        ("calculate_loan_emi", {"principal": 100_000, "annual_rate": "12g", "tenure_months": 12}),
    ],
)
def test_number_with_the_other_units_suffix_is_refused(name, args):
    sess = Session(RICH)
    with pytest.raises(ArgumentError):
        sess.tools.call(name, args)
