"""Mandate and cheque tools: list and cancel mandates, cheque status, stop payment, cheque books."""

import pytest

from tau_indian_bank.tools.arguments import ToolError
from tau_indian_bank.tools.base import NotFoundError, RefusedError
from tau_indian_bank.tools.catalogue import area_tools
from tau_indian_bank.tools.payments import PaymentTools

NOT_OWNED = "is not among this customer's records"
NOT_ISSUED = "was not issued on account ending"

HOLDER = "SELECT customer_id FROM account_holders WHERE account_id = ? AND role = 'primary'"


@pytest.fixture(scope="module")
def mandate_account(bank):
    """The first account (by number) with both active and cancelled mandates, and its holder."""
    account_id = bank.value(
        "SELECT account_id FROM mandates GROUP BY account_id "
        "HAVING SUM(status = 'active') > 0 AND SUM(status = 'cancelled') > 0 ORDER BY account_id LIMIT 1"
    )
    return {"account_id": account_id, "customer_id": bank.value(HOLDER, (account_id,))}


@pytest.fixture(scope="module")
def cheque_account(bank):
    """The first account (by number) with a cleared, a returned and a stopped cheque, and its holder."""
    account_id = bank.value(
        "SELECT account_id FROM cheques GROUP BY account_id HAVING COUNT(DISTINCT status) = 3 ORDER BY account_id LIMIT 1"
    )
    cheques = {
        status: bank.row("SELECT * FROM cheques WHERE account_id = ? AND status = ? ORDER BY cheque_number LIMIT 1", (account_id, status))
        for status in ("cleared", "returned", "stopped")
    }
    known = {r["cheque_number"] for r in bank.rows("SELECT cheque_number FROM cheques WHERE account_id = ?", (account_id,))}
    books = bank.rows("SELECT * FROM cheque_books WHERE account_id = ? AND status = 'issued' ORDER BY first_leaf", (account_id,))
    unpresented = next(f"{n:06d}" for b in books for n in range(b["first_leaf"], b["first_leaf"] + b["leaves"]) if f"{n:06d}" not in known)
    last_leaf = max(b["first_leaf"] + b["leaves"] - 1 for b in books)
    return {
        "account_id": account_id,
        "customer_id": bank.value(HOLDER, (account_id,)),
        "cheques": cheques,
        "unpresented": unpresented,
        "book": next(b for b in books if b["first_leaf"] <= int(unpresented) < b["first_leaf"] + b["leaves"]),
        "last_leaf": last_leaf,
        "books": books,
    }


@pytest.fixture(scope="module")
def book_account(bank):
    """An active account with the cheque facility and issued books, and its holder."""
    return bank.row(
        "SELECT a.account_id, h.customer_id, (SELECT MAX(first_leaf + leaves - 1) FROM cheque_books b "
        "WHERE b.account_id = a.account_id) AS last_leaf FROM accounts a "
        "JOIN account_holders h ON h.account_id = a.account_id AND h.role = 'primary' "
        "WHERE a.status = 'active' AND a.cheque_facility = 1 "
        "AND EXISTS (SELECT 1 FROM cheque_books b WHERE b.account_id = a.account_id) ORDER BY a.account_id LIMIT 1"
    )


# --- list_mandates / cancel_mandate ------------------------------------------------------------


def test_list_mandates_shows_active_and_cancelled_mandates_in_start_order(bank, mandate_account):
    account_id = mandate_account["account_id"]
    out = bank.call(bank.tools(mandate_account["customer_id"]), "list_mandates", {"account_id": account_id})
    rows = bank.rows("SELECT * FROM mandates WHERE account_id = ? ORDER BY start_date, mandate_id", (account_id,))
    assert out == {
        "account_id": account_id,
        "mandates": [
            {
                "mandate_id": m["mandate_id"],
                "mandate_type": m["mandate_type"],
                "payee": m["payee"],
                "max_amount": m["max_amount_paise"] / 100,
                "frequency": m["frequency"],
                "start_date": m["start_date"],
                "end_date": m["end_date"],
                "status": m["status"],
                "last_debit_on": m["last_debit_on"],
                "cancelled_on": m["cancelled_on"],
            }
            for m in rows
        ],
    }
    assert {m["status"] for m in out["mandates"]} == {"active", "cancelled"}


def test_list_mandates_refuses_another_customers_account(bank, mandate_account):
    other = bank.other_account(mandate_account["customer_id"])
    bank.refuse(bank.tools(mandate_account["customer_id"]), "list_mandates", {"account_id": other}, NotFoundError, NOT_OWNED)


def test_cancel_an_active_mandate(bank, mandate_account):
    m = bank.row(
        "SELECT * FROM mandates WHERE account_id = ? AND status = 'active' ORDER BY mandate_id LIMIT 1", (mandate_account["account_id"],)
    )
    tools = bank.tools(mandate_account["customer_id"])
    before = bank.snapshot(tools)
    out = bank.call(tools, "cancel_mandate", {"mandate_id": m["mandate_id"]})
    assert out == {
        "mandate_id": m["mandate_id"],
        "payee": m["payee"],
        "account_last4": m["account_id"][-4:],
        "status": "cancelled",
        "cancelled_on": "2026-07-15",
    }
    assert bank.diff(before, bank.snapshot(tools)) == {
        "mandates": ({bank.as_row("mandates", m)}, {bank.as_row("mandates", {**m, "status": "cancelled", "cancelled_on": "2026-07-15"})})
    }
    bank.refuse(tools, "cancel_mandate", {"mandate_id": m["mandate_id"]}, RefusedError, "is already cancelled")


def test_cancel_refuses_a_cancelled_mandate(bank, mandate_account):
    m = bank.row(
        "SELECT * FROM mandates WHERE account_id = ? AND status = 'cancelled' ORDER BY mandate_id LIMIT 1", (mandate_account["account_id"],)
    )
    bank.refuse(
        bank.tools(mandate_account["customer_id"]),
        "cancel_mandate",
        {"mandate_id": m["mandate_id"]},
        RefusedError,
        f"mandate {m['mandate_id']} to {m['payee']} is already cancelled",
    )


def test_cancel_refuses_another_customers_mandate(bank, mandate_account):
    other = bank.value(
        "SELECT mandate_id FROM mandates WHERE status = 'active' AND account_id NOT IN "
        "(SELECT account_id FROM account_holders WHERE customer_id = ?) ORDER BY mandate_id LIMIT 1",
        (mandate_account["customer_id"],),
    )
    bank.refuse(bank.tools(mandate_account["customer_id"]), "cancel_mandate", {"mandate_id": other}, NotFoundError, NOT_OWNED)


# --- get_cheque_status -----------------------------------------------------------------------


@pytest.mark.parametrize("status", ["cleared", "returned", "stopped"])
def test_status_of_a_cheque_the_bank_has_seen(bank, cheque_account, status):
    cheque = cheque_account["cheques"][status]
    book = next(b for b in cheque_account["books"] if b["first_leaf"] <= int(cheque["cheque_number"]) < b["first_leaf"] + b["leaves"])
    out = bank.call(
        bank.tools(cheque_account["customer_id"]),
        "get_cheque_status",
        {"account_id": cheque_account["account_id"], "cheque_number": cheque["cheque_number"]},
    )
    assert out == {
        "account_id": cheque_account["account_id"],
        "cheque_number": cheque["cheque_number"],
        "cheque_book_id": book["cheque_book_id"],
        "status": status,
        "status_date": cheque["status_date"],
        "payee": cheque["payee"],
        "amount": cheque["amount_paise"] / 100 if cheque["amount_paise"] is not None else None,
        "stop_reason": cheque["stop_reason"],
    }


def test_status_of_an_unpresented_leaf(bank, cheque_account):
    out = bank.call(
        bank.tools(cheque_account["customer_id"]),
        "get_cheque_status",
        {"account_id": cheque_account["account_id"], "cheque_number": cheque_account["unpresented"]},
    )
    assert out == {
        "account_id": cheque_account["account_id"],
        "cheque_number": cheque_account["unpresented"],
        "cheque_book_id": cheque_account["book"]["cheque_book_id"],
        "status": "not_presented",
    }


def test_status_of_a_cheque_number_given_as_a_number_is_zero_padded(bank):
    cheque = bank.row(
        "SELECT c.*, h.customer_id FROM cheques c JOIN account_holders h "
        "ON h.account_id = c.account_id AND h.role = 'primary' "
        "WHERE c.cheque_number < '100000' ORDER BY c.account_id, c.cheque_number LIMIT 1"
    )
    out = bank.call(
        bank.tools(cheque["customer_id"]),
        "get_cheque_status",
        {"account_id": cheque["account_id"], "cheque_number": int(cheque["cheque_number"])},
    )
    assert (out["cheque_number"], out["status"]) == (cheque["cheque_number"], cheque["status"])


def test_status_refuses_a_number_outside_the_accounts_books(bank, cheque_account):
    number = f"{cheque_account['last_leaf'] + 1:06d}"
    message = bank.refuse(
        bank.tools(cheque_account["customer_id"]),
        "get_cheque_status",
        {"account_id": cheque_account["account_id"], "cheque_number": number},
        NotFoundError,
        NOT_ISSUED,
    )
    assert f"cheque {number} was not issued on account ending {cheque_account['account_id'][-4:]}" in message


def test_status_refuses_a_cheque_of_the_customers_other_account(bank):
    pair = bank.row(
        "SELECT b1.account_id AS asked, b2.account_id AS drawn, b2.first_leaf AS leaf, h1.customer_id "
        "FROM account_holders h1 JOIN account_holders h2 ON h2.customer_id = h1.customer_id "
        "JOIN cheque_books b1 ON b1.account_id = h1.account_id JOIN cheque_books b2 ON b2.account_id = h2.account_id "
        "WHERE h1.account_id != h2.account_id AND NOT EXISTS (SELECT 1 FROM cheque_books x WHERE x.account_id = h1.account_id "
        "AND b2.first_leaf BETWEEN x.first_leaf AND x.first_leaf + x.leaves - 1) "
        "ORDER BY h1.customer_id, b1.account_id, b2.first_leaf LIMIT 1"
    )
    tools = bank.tools(pair["customer_id"])
    leaf = f"{pair['leaf']:06d}"
    assert bank.call(tools, "get_cheque_status", {"account_id": pair["drawn"], "cheque_number": leaf})["status"]
    bank.refuse(tools, "get_cheque_status", {"account_id": pair["asked"], "cheque_number": leaf}, NotFoundError, NOT_ISSUED)


def test_status_refuses_another_customers_account(bank, cheque_account):
    other = bank.row(
        "SELECT account_id, cheque_number FROM cheques WHERE account_id NOT IN "
        "(SELECT account_id FROM account_holders WHERE customer_id = ?) ORDER BY account_id, cheque_number "
        "LIMIT 1",
        (cheque_account["customer_id"],),
    )
    bank.refuse(bank.tools(cheque_account["customer_id"]), "get_cheque_status", other, NotFoundError, NOT_OWNED)


# --- stop_cheque_payment ---------------------------------------------------------------------


def test_stop_an_unpresented_cheque_adds_a_stopped_cheque(bank, cheque_account):
    tools = bank.tools(cheque_account["customer_id"])
    before = bank.snapshot(tools)
    args = {"account_id": cheque_account["account_id"], "cheque_number": cheque_account["unpresented"], "reason": "lost"}
    out = bank.call(tools, "stop_cheque_payment", args)
    assert out == {
        "account_id": cheque_account["account_id"],
        "cheque_number": cheque_account["unpresented"],
        "status": "stopped",
        "stop_reason": "lost",
        "effective_from": "2026-07-15",
    }
    assert bank.diff(before, bank.snapshot(tools)) == {
        "cheques": (
            set(),
            {
                bank.as_row(
                    "cheques",
                    {
                        "account_id": cheque_account["account_id"],
                        "cheque_number": cheque_account["unpresented"],
                        "status": "stopped",
                        "status_date": "2026-07-15",
                        "stop_reason": "lost",
                    },
                )
            },
        )
    }
    status = bank.call(tools, "get_cheque_status", {"account_id": args["account_id"], "cheque_number": args["cheque_number"]})
    assert (status["status"], status["stop_reason"]) == ("stopped", "lost")
    bank.refuse(
        tools,
        "stop_cheque_payment",
        {**args, "reason": "other"},
        RefusedError,
        f"payment of cheque {args['cheque_number']} is already stopped (since 2026-07-15)",
    )


def test_stop_a_returned_cheque_keeps_its_payee_and_amount(bank, cheque_account):
    cheque = cheque_account["cheques"]["returned"]
    tools = bank.tools(cheque_account["customer_id"])
    before = bank.snapshot(tools)
    bank.call(
        tools,
        "stop_cheque_payment",
        {"account_id": cheque_account["account_id"], "cheque_number": cheque["cheque_number"], "reason": "payment_dispute"},
    )
    assert bank.diff(before, bank.snapshot(tools)) == {
        "cheques": (
            {bank.as_row("cheques", cheque)},
            {bank.as_row("cheques", {**cheque, "status": "stopped", "status_date": "2026-07-15", "stop_reason": "payment_dispute"})},
        )
    }


def test_a_returned_cheque_is_unpaid_and_stops_as_policy_7_2_says(bank, cheque_account):
    """§7.2: a returned cheque is unpaid and may be presented again, so it is stopped like one."""
    from tau_indian_bank.paths import POLICY_FILE

    clause = next(line for line in POLICY_FILE.read_text(encoding="utf-8").splitlines() if line.startswith("7.2 "))
    assert "returned cheque" in clause and "can be stopped" in clause
    cheque = cheque_account["cheques"]["returned"]
    tools = bank.tools(cheque_account["customer_id"])
    args = {"account_id": cheque_account["account_id"], "cheque_number": cheque["cheque_number"]}
    assert bank.call(tools, "get_cheque_status", args)["status"] == "returned"
    out = bank.call(tools, "stop_cheque_payment", {**args, "reason": "lost"})
    assert (out["status"], out["effective_from"]) == ("stopped", "2026-07-15")
    after = bank.call(tools, "get_cheque_status", args)
    assert (after["status"], after["status_date"], after["stop_reason"]) == ("stopped", "2026-07-15", "lost")


def test_stop_refuses_a_cleared_cheque(bank, cheque_account):
    cheque = cheque_account["cheques"]["cleared"]
    bank.refuse(
        bank.tools(cheque_account["customer_id"]),
        "stop_cheque_payment",
        {"account_id": cheque_account["account_id"], "cheque_number": cheque["cheque_number"], "reason": "lost"},
        RefusedError,
        f"cheque {cheque['cheque_number']} was already cleared on {cheque['status_date']}; it cannot be stopped",
    )


def test_stop_refuses_a_stopped_cheque(bank, cheque_account):
    cheque = cheque_account["cheques"]["stopped"]
    bank.refuse(
        bank.tools(cheque_account["customer_id"]),
        "stop_cheque_payment",
        {"account_id": cheque_account["account_id"], "cheque_number": cheque["cheque_number"], "reason": "stolen"},
        RefusedError,
        f"is already stopped (since {cheque['status_date']})",
    )


def test_stop_refuses_a_cheque_not_issued_on_the_account(bank, cheque_account):
    bank.refuse(
        bank.tools(cheque_account["customer_id"]),
        "stop_cheque_payment",
        {"account_id": cheque_account["account_id"], "cheque_number": f"{cheque_account['last_leaf'] + 1:06d}", "reason": "lost"},
        NotFoundError,
        NOT_ISSUED,
    )


def test_stop_refuses_another_customers_account(bank, cheque_account):
    other = bank.row(
        "SELECT account_id, cheque_number FROM cheques WHERE status = 'returned' AND account_id NOT IN "
        "(SELECT account_id FROM account_holders WHERE customer_id = ?) ORDER BY account_id, cheque_number "
        "LIMIT 1",
        (cheque_account["customer_id"],),
    )
    bank.refuse(bank.tools(cheque_account["customer_id"]), "stop_cheque_payment", {**other, "reason": "lost"}, NotFoundError, NOT_OWNED)


# --- request_cheque_book ---------------------------------------------------------------------


def test_request_a_cheque_book_continues_the_leaf_numbers(bank, book_account):
    cid, account_id = book_account["customer_id"], book_account["account_id"]
    tools = bank.tools(cid)
    before = bank.snapshot(tools)
    out = bank.call(tools, "request_cheque_book", {"account_id": account_id})
    first_leaf = book_account["last_leaf"] + 1
    book_id = bank.expected_id("CHQB", cid, [account_id, first_leaf, 25])
    assert out == {
        "cheque_book_id": book_id,
        "account_id": account_id,
        "leaves": 25,
        "first_cheque_number": f"{first_leaf:06d}",
        "status": "requested",
    }
    assert bank.diff(before, bank.snapshot(tools)) == {
        "cheque_books": (
            set(),
            {
                bank.as_row(
                    "cheque_books",
                    {
                        "cheque_book_id": book_id,
                        "account_id": account_id,
                        "first_leaf": first_leaf,
                        "leaves": 25,
                        "requested_on": "2026-07-15",
                        "status": "requested",
                    },
                )
            },
        )
    }
    # A requested book is not yet issued: its leaves cannot be looked up or stopped.
    bank.refuse(tools, "get_cheque_status", {"account_id": account_id, "cheque_number": f"{first_leaf:06d}"}, NotFoundError, NOT_ISSUED)
    message = bank.refuse(
        tools, "request_cheque_book", {"account_id": account_id, "leaves": 50}, RefusedError, "is already on its way for this account"
    )
    assert book_id in message


def test_request_a_fifty_leaf_cheque_book(bank, book_account):
    out = bank.call(
        bank.tools(book_account["customer_id"]), "request_cheque_book", {"account_id": book_account["account_id"], "leaves": 50}
    )
    first_leaf = book_account["last_leaf"] + 1
    assert out["leaves"] == 50
    assert out["cheque_book_id"] == bank.expected_id("CHQB", book_account["customer_id"], [book_account["account_id"], first_leaf, 50])


def test_request_refuses_an_account_without_the_cheque_facility(bank):
    account = bank.row(
        "SELECT a.account_id, h.customer_id FROM accounts a JOIN account_holders h USING (account_id) "
        "WHERE a.status = 'active' AND a.cheque_facility = 0 ORDER BY a.account_id LIMIT 1"
    )
    bank.refuse(
        bank.tools(account["customer_id"]),
        "request_cheque_book",
        {"account_id": account["account_id"]},
        RefusedError,
        f"account ending {account['account_id'][-4:]} has no cheque facility",
    )


@pytest.mark.parametrize("status", ["dormant", "closed"])
def test_request_refuses_an_account_that_is_not_active(bank, status):
    account = bank.row(
        "SELECT a.account_id, h.customer_id FROM accounts a JOIN account_holders h USING (account_id) "
        "WHERE a.status = ? AND a.cheque_facility = 1 ORDER BY a.account_id LIMIT 1",
        (status,),
    )
    bank.refuse(
        bank.tools(account["customer_id"]),
        "request_cheque_book",
        {"account_id": account["account_id"]},
        RefusedError,
        f"account ending {account['account_id'][-4:]} is {status}",
    )


def test_request_refuses_another_customers_account(bank, book_account):
    other = bank.other_account(book_account["customer_id"])
    bank.refuse(bank.tools(book_account["customer_id"]), "request_cheque_book", {"account_id": other}, NotFoundError, NOT_OWNED)


# --- cross-cutting ---------------------------------------------------------------------------

WRITES = {"cancel_mandate", "stop_cheque_payment", "request_cheque_book"}


def test_the_area_lists_cover_every_payments_tool():
    names = set(area_tools(PaymentTools))
    assert WRITES | {"list_mandates", "get_cheque_status"} == names and len(names) == 5


def test_reads_never_change_the_hash(bank, cheque_account):
    tools = bank.tools(cheque_account["customer_id"])
    hash_before, rows_before = tools.get_db_hash(), bank.snapshot(tools)
    for (account_id,) in tools.db.conn.execute("SELECT account_id FROM accounts ORDER BY account_id").fetchall():
        bank.call(tools, "list_mandates", {"account_id": account_id})
    for cheque in [*cheque_account["cheques"].values(), {"cheque_number": cheque_account["unpresented"]}]:
        bank.call(tools, "get_cheque_status", {"account_id": cheque_account["account_id"], "cheque_number": cheque["cheque_number"]})
    assert tools.get_db_hash() == hash_before
    assert bank.snapshot(tools) == rows_before


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("list_mandates", {"account_id": "501000247796"}),
        ("cancel_mandate", {"mandate_id": "MND23VLT2ZY"}),
        ("get_cheque_status", {"account_id": "501000171205", "cheque_number": "184426"}),
        ("stop_cheque_payment", {"account_id": "501000171205", "cheque_number": "184426", "reason": "lost"}),
        ("request_cheque_book", {"account_id": "501000171205"}),
    ],
)
def test_every_payments_tool_needs_a_logged_in_customer(bank, name, args):
    bank.refuse(bank.tools(), name, args, ToolError, "no customer is logged in")


def test_the_same_calls_in_two_sessions_give_the_same_outputs_and_hash(bank, cheque_account):
    account_id = cheque_account["account_id"]
    mandate = bank.value(
        "SELECT mandate_id FROM mandates WHERE account_id IN (SELECT account_id FROM account_holders "
        "WHERE customer_id = ?) AND status = 'active' ORDER BY mandate_id LIMIT 1",
        (cheque_account["customer_id"],),
    )
    calls = [
        ("stop_cheque_payment", {"account_id": account_id, "cheque_number": cheque_account["unpresented"], "reason": "issued_in_error"}),
        ("cancel_mandate", {"mandate_id": mandate}),
        ("request_cheque_book", {"account_id": account_id, "leaves": 50}),
        ("list_mandates", {"account_id": account_id}),
    ]
    runs = []
    for _ in range(2):
        tools = bank.tools(cheque_account["customer_id"])
        start = tools.get_db_hash()
        outputs = [tools.call(name, args) for name, args in calls]
        runs.append((start, outputs, tools.get_db_hash()))
    assert runs[0] == runs[1]
    assert runs[0][0] != runs[0][2]
