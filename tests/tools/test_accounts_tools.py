"""Accounts tools: profile, account details, transactions, statements, address."""

import datetime as dt

import pytest

from tau_indian_bank.constants import TODAY
from tau_indian_bank.tools.accounts import AccountTools
from tau_indian_bank.tools.arguments import ToolError
from tau_indian_bank.tools.base import NotFoundError, RefusedError
from tau_indian_bank.tools.catalogue import area_tools

NOT_OWNED = "is not among this customer's records"


# --- fixture records -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def customer(bank):
    """The first customer (by id) with an active account, a card and a loan."""
    return bank.row(
        "SELECT c.* FROM customers c WHERE c.kyc_status = 'verified' "
        "AND EXISTS (SELECT 1 FROM account_holders h JOIN accounts a USING (account_id) "
        "            WHERE h.customer_id = c.customer_id AND a.status = 'active') "
        "AND EXISTS (SELECT 1 FROM cards WHERE customer_id = c.customer_id) "
        "AND EXISTS (SELECT 1 FROM loans WHERE customer_id = c.customer_id) "
        "ORDER BY c.customer_id LIMIT 1"
    )


@pytest.fixture(scope="module")
def active_account(bank, customer):
    return bank.row(
        "SELECT a.* FROM accounts a JOIN account_holders h USING (account_id) "
        "WHERE h.customer_id = ? AND a.status = 'active' ORDER BY a.account_id LIMIT 1",
        (customer["customer_id"],),
    )


@pytest.fixture(scope="module")
def joint(bank):
    """The first joint account (by number) and its joint holder."""
    return bank.row(
        "SELECT h.account_id, h.customer_id AS joint_holder, h.holder_name FROM account_holders h "
        "WHERE h.role = 'joint' ORDER BY h.account_id LIMIT 1"
    )


@pytest.fixture(scope="module")
def busy_account(bank):
    """The account with the most transactions (ties by number) and its primary holder."""
    return bank.row(
        "SELECT t.account_id, h.customer_id, COUNT(*) AS n FROM transactions t "
        "JOIN account_holders h ON h.account_id = t.account_id AND h.role = 'primary' "
        "GROUP BY t.account_id ORDER BY n DESC, t.account_id LIMIT 1"
    )


@pytest.fixture(scope="module")
def closed_account(bank):
    return bank.row(
        "SELECT a.account_id, h.customer_id FROM accounts a JOIN account_holders h USING (account_id) "
        "WHERE a.status = 'closed' ORDER BY a.account_id LIMIT 1"
    )


# --- get_customer_profile --------------------------------------------------------------------


def test_profile_returns_identity_kyc_addresses_and_products(bank, customer):
    cid = customer["customer_id"]
    profile = bank.call(bank.tools(cid), "get_customer_profile")

    born = dt.date.fromisoformat(customer["date_of_birth"])
    expected_age = TODAY.year - born.year - ((TODAY.month, TODAY.day) < (born.month, born.day))
    assert profile["customer_id"] == cid
    assert profile["full_name"] == customer["full_name"]
    assert profile["age"] == expected_age
    assert profile["segment"] == customer["segment"]
    assert profile["kyc_status"] == "verified"
    assert profile["kyc_due_date"] == customer["kyc_due_date"]
    assert profile["pan_on_file"] is bool(customer["pan_on_file"])
    assert profile["mobile"] == customer["mobile_masked"] and profile["mobile"].startswith("XXXXXX")
    assert profile["email"] == customer["email_masked"] and "****" in profile["email"]
    assert profile["customer_since"] == customer["customer_since"]

    addresses = bank.rows("SELECT * FROM addresses WHERE customer_id = ? ORDER BY address_type", (cid,))
    assert [a["address_type"] for a in profile["addresses"]] == ["communication", "permanent"]
    assert profile["addresses"] == [{k: a[k] for k in ("address_type", "line1", "line2", "city", "state", "pincode")} for a in addresses]
    held = bank.rows(
        "SELECT a.account_id, a.account_type, a.status, h.role FROM accounts a JOIN account_holders h USING (account_id) "
        "WHERE h.customer_id = ? ORDER BY a.account_id",
        (cid,),
    )
    assert profile["accounts"] == [
        {
            "account_id": a["account_id"],
            "account_type": a["account_type"],
            "last4": a["account_id"][-4:],
            "status": a["status"],
            "role": a["role"],
        }
        for a in held
    ]
    cards = bank.rows("SELECT * FROM cards WHERE customer_id = ? ORDER BY card_id", (cid,))
    assert profile["cards"] == [
        {"card_id": c["card_id"], "card_type": c["card_type"], "network": c["network"], "last4": c["last4"], "status": c["status"]}
        for c in cards
    ]
    loans = bank.rows("SELECT * FROM loans WHERE customer_id = ? ORDER BY loan_id", (cid,))
    assert profile["loans"] == [{"loan_id": x["loan_id"], "loan_type": x["loan_type"], "status": x["status"]} for x in loans]
    assert profile["cards"] and profile["loans"]


def test_profile_age_counts_completed_years_only(bank):
    late = bank.row(
        "SELECT customer_id, date_of_birth FROM customers WHERE substr(date_of_birth, 6) > '07-15' ORDER BY customer_id LIMIT 1"
    )
    early = bank.row(
        "SELECT customer_id, date_of_birth FROM customers WHERE substr(date_of_birth, 6) <= '07-15' ORDER BY customer_id LIMIT 1"
    )
    for person, birthday_passed in ((late, False), (early, True)):
        age = bank.call(bank.tools(person["customer_id"]), "get_customer_profile")["age"]
        assert age == 2026 - int(person["date_of_birth"][:4]) - (0 if birthday_passed else 1)


def test_profile_shows_a_joint_holder_the_joint_account_with_its_role(bank, joint):
    profile = bank.call(bank.tools(joint["joint_holder"]), "get_customer_profile")
    entry = next(a for a in profile["accounts"] if a["account_id"] == joint["account_id"])
    assert entry["role"] == "joint"


def test_profile_needs_a_logged_in_customer(bank):
    bank.refuse(bank.tools(), "get_customer_profile", {}, ToolError, "no customer is logged in")


# --- get_account_details ---------------------------------------------------------------------


def test_account_details_report_balance_branch_holders_and_facilities(bank, customer, active_account):
    details = bank.call(bank.tools(customer["customer_id"]), "get_account_details", {"account_id": active_account["account_id"]})
    a = active_account
    branch = bank.value("SELECT branch_name FROM branches WHERE ifsc = ?", (a["ifsc"],))
    holders = bank.rows("SELECT holder_name, role FROM account_holders WHERE account_id = ?", (a["account_id"],))
    assert details == {
        "account_id": a["account_id"],
        "account_type": a["account_type"],
        "status": "active",
        "balance": a["balance_paise"] / 100,
        "minimum_balance": a["min_balance_paise"] / 100,
        "ifsc": a["ifsc"],
        "branch": branch,
        "mode_of_operation": a["mode_of_operation"],
        "holders": [{"name": h["holder_name"], "role": h["role"]} for h in holders],
        "nominee_registered": a["nominee_name"] is not None,
        "nominee_name": a["nominee_name"],
        "opened_on": a["opened_on"],
        "last_customer_transaction_on": a["last_customer_txn_on"],
        "cheque_facility": bool(a["cheque_facility"]),
    }
    assert isinstance(details["cheque_facility"], bool) and isinstance(details["nominee_registered"], bool)


def test_account_details_list_the_primary_holder_before_the_joint_holder(bank, joint):
    details = bank.call(bank.tools(joint["joint_holder"]), "get_account_details", {"account_id": joint["account_id"]})
    assert [h["role"] for h in details["holders"]] == ["primary", "joint"]
    assert details["holders"][1]["name"] == joint["holder_name"]


def test_account_details_work_for_a_closed_account(bank, closed_account):
    details = bank.call(bank.tools(closed_account["customer_id"]), "get_account_details", {"account_id": closed_account["account_id"]})
    assert details["status"] == "closed"


def test_account_details_refuse_another_customers_account(bank, customer):
    other = bank.other_account(customer["customer_id"])
    message = bank.refuse(bank.tools(customer["customer_id"]), "get_account_details", {"account_id": other}, NotFoundError, NOT_OWNED)
    assert other in message


def test_account_details_refuse_an_unknown_account(bank, customer):
    bank.refuse(bank.tools(customer["customer_id"]), "get_account_details", {"account_id": "999999999999"}, NotFoundError, NOT_OWNED)


# --- get_transactions ------------------------------------------------------------------------


def _expected_transactions(bank, account_id, where="1", params=(), limit=20):
    rows = bank.rows(
        f"SELECT * FROM transactions WHERE account_id = ? AND {where} ORDER BY posted_on DESC, txn_id DESC",
        (account_id, *params),
    )
    return len(rows), rows[:limit]


def test_transactions_default_to_the_twenty_newest(bank, busy_account):
    account_id = busy_account["account_id"]
    out = bank.call(bank.tools(busy_account["customer_id"]), "get_transactions", {"account_id": account_id})
    total, newest = _expected_transactions(bank, account_id)
    assert out["account_id"] == account_id
    assert out["matched"] == total == busy_account["n"] > 20
    assert [t["txn_id"] for t in out["transactions"]] == [t["txn_id"] for t in newest]
    dates = [t["date"] for t in out["transactions"]]
    assert dates == sorted(dates, reverse=True)
    first, row = out["transactions"][0], newest[0]
    assert first == {
        "txn_id": row["txn_id"],
        "date": row["posted_on"],
        "direction": row["direction"],
        "channel": row["channel"],
        "amount": row["amount_paise"] / 100,
        "counterparty": row["counterparty"],
        "reference": row["reference"],
        "narration": row["narration"],
        "status": row["status"],
        "balance_after": row["balance_after_paise"] / 100,
    }


@pytest.mark.parametrize(
    ("args", "where", "params"),
    [
        ({"direction": "credit"}, "direction = ?", ("credit",)),
        ({"channels": ["neft", "upi", "neft"]}, "channel IN ('neft', 'upi')", ()),
        ({"from_date": "2026-05-01", "to_date": "2026-06-30"}, "posted_on BETWEEN ? AND ?", ("2026-05-01", "2026-06-30")),
        ({"min_amount": "10,000"}, "amount_paise >= ?", (1_000_000,)),
        (
            {"direction": "debit", "channels": ["internal"], "min_amount": 100.5},
            "direction = 'debit' AND channel = 'internal' AND amount_paise >= 10050",
            (),
        ),
    ],
)
def test_transaction_filters_match_exactly_the_rows_that_qualify(bank, busy_account, args, where, params):
    account_id = busy_account["account_id"]
    out = bank.call(bank.tools(busy_account["customer_id"]), "get_transactions", {"account_id": account_id, "limit": 100, **args})
    total, rows = _expected_transactions(bank, account_id, where, params, limit=100)
    assert 0 < total < busy_account["n"]
    assert out["matched"] == total
    assert [t["txn_id"] for t in out["transactions"]] == [r["txn_id"] for r in rows]


def test_transaction_limit_caps_the_list_but_not_the_count(bank, busy_account):
    out = bank.call(bank.tools(busy_account["customer_id"]), "get_transactions", {"account_id": busy_account["account_id"], "limit": 3})
    assert len(out["transactions"]) == 3
    assert out["matched"] == busy_account["n"]


def test_transactions_refuse_another_customers_account(bank, busy_account):
    other = bank.other_account(busy_account["customer_id"])
    bank.refuse(bank.tools(busy_account["customer_id"]), "get_transactions", {"account_id": other}, NotFoundError, NOT_OWNED)


# --- request_statement -----------------------------------------------------------------------


def test_statement_request_inserts_a_queued_request_with_a_content_id(bank, customer, active_account):
    cid, account_id = customer["customer_id"], active_account["account_id"]
    tools = bank.tools(cid)
    before, hash_before = bank.snapshot(tools), tools.get_db_hash()
    out = bank.call(
        tools, "request_statement", {"account_id": account_id, "from_date": "2026-01-01", "to_date": "2026-06-30", "delivery": "post"}
    )
    request_id = bank.expected_id("STMT", cid, [account_id, "2026-01-01", "2026-06-30", "post"])
    assert out == {
        "request_id": request_id,
        "account_id": account_id,
        "from_date": "2026-01-01",
        "to_date": "2026-06-30",
        "delivery": "post",
        "status": "queued",
    }
    row = bank.as_row(
        "statement_requests",
        {
            "request_id": request_id,
            "account_id": account_id,
            "from_date": "2026-01-01",
            "to_date": "2026-06-30",
            "delivery": "post",
            "requested_on": "2026-07-15",
            "status": "queued",
        },
    )
    assert bank.diff(before, bank.snapshot(tools)) == {"statement_requests": (set(), {row})}
    assert tools.get_db_hash() != hash_before


def test_statement_delivery_defaults_to_email_and_a_repeat_gets_the_next_id(bank, customer, active_account):
    cid, account_id = customer["customer_id"], active_account["account_id"]
    tools = bank.tools(cid)
    args = {"account_id": account_id, "from_date": "2026-04-01", "to_date": "2026-06-30"}
    first = bank.call(tools, "request_statement", args)
    second = bank.call(tools, "request_statement", args)
    content = [account_id, "2026-04-01", "2026-06-30", "email"]
    assert first["delivery"] == "email"
    assert first["request_id"] == bank.expected_id("STMT", cid, content, 0)
    assert second["request_id"] == bank.expected_id("STMT", cid, content, 1)
    count = tools.db.conn.execute(
        "SELECT COUNT(*) FROM statement_requests WHERE account_id = ? AND requested_on = ?", (account_id, "2026-07-15")
    ).fetchone()[0]
    assert count == 2


@pytest.mark.parametrize(
    ("from_date", "to_date"),
    [("2025-07-16", "2026-07-15"), ("2018-07-15", "2019-07-14"), ("2026-07-15", "2026-07-15")],
    ids=["twelve-months-to-today", "oldest-retained-day", "single-day"],
)
def test_statement_boundaries_that_are_allowed(bank, customer, active_account, from_date, to_date):
    out = bank.call(
        bank.tools(customer["customer_id"]),
        "request_statement",
        {"account_id": active_account["account_id"], "from_date": from_date, "to_date": to_date},
    )
    assert (out["from_date"], out["to_date"], out["status"]) == (from_date, to_date, "queued")


@pytest.mark.parametrize(
    ("from_date", "to_date", "phrase"),
    [
        ("2026-06-30", "2026-01-01", "from_date is after to_date"),
        ("2026-07-01", "2026-07-16", "to_date is in the future; the latest possible date is 2026-07-15"),
        ("2025-07-15", "2026-07-15", "at most 12 months"),
        ("2024-01-01", "2025-06-30", "at most 12 months"),
        ("2018-07-14", "2018-12-31", "records are kept for 8 years"),
    ],
    ids=["reversed", "future", "twelve-months-and-a-day", "eighteen-months", "beyond-retention"],
)
def test_statement_refusals(bank, customer, active_account, from_date, to_date, phrase):
    bank.refuse(
        bank.tools(customer["customer_id"]),
        "request_statement",
        {"account_id": active_account["account_id"], "from_date": from_date, "to_date": to_date},
        RefusedError,
        phrase,
    )


def test_statement_can_be_requested_for_a_closed_account(bank, closed_account):
    out = bank.call(
        bank.tools(closed_account["customer_id"]),
        "request_statement",
        {"account_id": closed_account["account_id"], "from_date": "2025-01-01", "to_date": "2025-12-31"},
    )
    assert out["status"] == "queued" and out["account_id"] == closed_account["account_id"]


def test_statement_refuses_another_customers_account(bank, customer):
    other = bank.other_account(customer["customer_id"])
    bank.refuse(
        bank.tools(customer["customer_id"]),
        "request_statement",
        {"account_id": other, "from_date": "2026-01-01", "to_date": "2026-06-30"},
        NotFoundError,
        NOT_OWNED,
    )


# --- update_address --------------------------------------------------------------------------

NEW_ADDRESS = {
    "line1": "Flat 4B, Sunrise Apartments",
    "line2": "12th Cross, Indiranagar",
    "city": "bengaluru",
    "state": "Karnataka",
    "pincode": "560038",
}
STORED = {
    "line1": "FLAT 4B SUNRISE APARTMENTS",
    "line2": "12TH CROSS INDIRANAGAR",
    "city": "BENGALURU",
    "state": "KARNATAKA",
    "pincode": "560038",
}


def test_address_update_replaces_only_the_named_address_in_capitals(bank, customer):
    cid = customer["customer_id"]
    tools = bank.tools(cid)
    old = bank.row("SELECT * FROM addresses WHERE customer_id = ? AND address_type = 'communication'", (cid,))
    assert old["line1"] != STORED["line1"]
    before = bank.snapshot(tools)
    out = bank.call(tools, "update_address", {"address_type": "communication", **NEW_ADDRESS})
    assert out == {"address_type": "communication", **STORED, "updated_on": "2026-07-15"}
    new_row = bank.as_row("addresses", {"customer_id": cid, "address_type": "communication", **STORED, "updated_on": "2026-07-15"})
    assert bank.diff(before, bank.snapshot(tools)) == {"addresses": ({bank.as_row("addresses", old)}, {new_row})}
    profile = bank.call(tools, "get_customer_profile")
    assert profile["addresses"][0] == {"address_type": "communication", **STORED}
    assert profile["addresses"][1]["line1"] == bank.value(
        "SELECT line1 FROM addresses WHERE customer_id = ? AND address_type = 'permanent'", (cid,)
    )


def test_address_update_accepts_a_change_of_pincode_alone(bank, customer):
    cid = customer["customer_id"]
    old = bank.row("SELECT * FROM addresses WHERE customer_id = ? AND address_type = 'permanent'", (cid,))
    new_pin = "110001" if old["pincode"] != "110001" else "110002"
    args = {"address_type": "permanent", **{k: old[k] for k in ("line1", "line2", "city", "state")}, "pincode": new_pin}
    tools = bank.tools(cid)
    out = bank.call(tools, "update_address", args)
    assert out["pincode"] == new_pin and out["line1"] == old["line1"]
    stored = tools.db.conn.execute(
        "SELECT pincode, updated_on FROM addresses WHERE customer_id = ? AND address_type = 'permanent'", (cid,)
    ).fetchone()
    assert tuple(stored) == (new_pin, "2026-07-15")


def test_address_update_refuses_a_pincode_starting_with_zero(bank, customer):
    bank.refuse(
        bank.tools(customer["customer_id"]),
        "update_address",
        {"address_type": "communication", **NEW_ADDRESS, "pincode": "060038"},
        RefusedError,
        "does not start with 0",
    )


def test_address_update_refuses_the_address_already_on_record(bank, customer):
    cid = customer["customer_id"]
    old = bank.row("SELECT * FROM addresses WHERE customer_id = ? AND address_type = 'communication'", (cid,))
    # Same address written the way a customer would: lower case, with punctuation.
    args = {
        "address_type": "communication",
        "line1": old["line1"].lower() + ",",
        "line2": old["line2"].title(),
        "city": old["city"].lower(),
        "state": old["state"],
        "pincode": old["pincode"],
    }
    bank.refuse(bank.tools(cid), "update_address", args, RefusedError, "the communication address on record is already exactly this")


def test_address_update_refuses_a_line_without_letters_or_digits(bank, customer):
    bank.refuse(
        bank.tools(customer["customer_id"]),
        "update_address",
        {"address_type": "communication", **NEW_ADDRESS, "line2": "!!! ..."},
        RefusedError,
        "must contain letters or digits",
    )


# --- cross-cutting ---------------------------------------------------------------------------

READS = {
    "get_customer_profile": lambda a: {},
    "get_account_details": lambda a: {"account_id": a},
    "get_transactions": lambda a: {"account_id": a, "direction": "debit", "limit": 5},
}
WRITES = {"request_statement", "update_address"}


def test_the_area_lists_cover_every_accounts_tool():
    names = set(area_tools(AccountTools))
    assert set(READS) | WRITES == names and len(names) == 5


def test_reads_never_change_the_hash(bank, busy_account):
    tools = bank.tools(busy_account["customer_id"])
    hash_before, rows_before = tools.get_db_hash(), bank.snapshot(tools)
    for name, args in READS.items():
        bank.call(tools, name, args(busy_account["account_id"]))
    assert tools.get_db_hash() == hash_before
    assert bank.snapshot(tools) == rows_before


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("get_customer_profile", {}),
        ("get_account_details", {"account_id": "501000031247"}),
        ("get_transactions", {"account_id": "501000031247"}),
        ("request_statement", {"account_id": "501000031247", "from_date": "2026-01-01", "to_date": "2026-06-30"}),
        ("update_address", {"address_type": "communication", **NEW_ADDRESS}),
    ],
)
def test_every_accounts_tool_needs_a_logged_in_customer(bank, name, args):
    bank.refuse(bank.tools(), name, args, ToolError, "no customer is logged in")


def test_the_same_calls_in_two_sessions_give_the_same_outputs_and_hash(bank, customer, active_account):
    calls = [
        ("request_statement", {"account_id": active_account["account_id"], "from_date": "2026-02-01", "to_date": "2026-03-31"}),
        ("update_address", {"address_type": "communication", **NEW_ADDRESS}),
        ("get_customer_profile", {}),
    ]
    runs = []
    for _ in range(2):
        tools = bank.tools(customer["customer_id"])
        start = tools.get_db_hash()
        outputs = [tools.call(name, args) for name, args in calls]
        runs.append((start, outputs, tools.get_db_hash()))
    assert runs[0] == runs[1]
    assert runs[0][0] != runs[0][2]
