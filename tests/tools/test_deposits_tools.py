"""Deposit tools: list, details, rate card, calculator, closure quote, open, close, maturity instruction.

Expected amounts are worked out here from the formulas the policy states (quarterly
compounding over actual days, the premature rate rule, simple interest for payout FDs),
not by calling the tool's own arithmetic.
"""

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal, localcontext

import pytest

from tau_indian_bank.bank.clock import add_months
from tau_indian_bank.constants import TODAY
from tau_indian_bank.tools.arguments import ToolError
from tau_indian_bank.tools.base import NotFoundError, RefusedError
from tau_indian_bank.tools.catalogue import area_tools
from tau_indian_bank.tools.deposits import DepositTools

NOT_OWNED = "is not among this customer's records"
SLABS = [(3, 5, 450), (6, 11, 575), (12, 23, 680), (24, 35, 700), (36, 59, 675), (60, 120, 650)]


# --- independent arithmetic (from the policy's formulas) ----------------------------------------


def _paise(value: Decimal) -> int:
    return int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def _growth(rate_bps: int, days: int) -> Decimal:
    with localcontext() as ctx:
        ctx.prec = 40
        return (1 + Decimal(rate_bps) / 10_000 / 4) ** (Decimal(4 * days) / 365)


def _slab_rate(months: int) -> int:
    return next(rate for low, high, rate in SLABS if low <= months <= high)


def _whole_months(start: dt.date, end: dt.date) -> int:
    months = (end.year - start.year) * 12 + end.month - start.month
    return months - 1 if end.day < start.day else months


def _premature_rate(contracted: int, opened: dt.date, senior: bool) -> int:
    card = _slab_rate(max(_whole_months(opened, TODAY), 3)) + (50 if senior else 0)
    return max(min(card, contracted) - 100, 0)


def _indian(paise: int) -> str:
    """₹ with Indian digit grouping: 12345678 paise -> '₹1,23,456.78'."""
    rupees, rest = str(paise // 100), paise % 100
    head, tail = rupees[:-3], rupees[-3:]
    pairs = [head[max(i - 2, 0) : i] for i in range(len(head), 0, -2)][::-1]
    return "₹" + ",".join([*pairs, tail]) + f".{rest:02d}"


def test_indian_grouping_helper():
    assert _indian(12_345_678_90) == "₹1,23,45,678.90" and _indian(99_900) == "₹999.00"


def _rd_maturity(instalment: int, rate_bps: int, months: int) -> int:
    maturity = add_months(TODAY, months)
    return _paise(sum(instalment * _growth(rate_bps, (maturity - add_months(TODAY, i)).days) for i in range(months)))


# --- fixture records -------------------------------------------------------------------------

FUNDED = (
    "SELECT c.customer_id, c.segment, a.account_id, a.balance_paise, a.nominee_name "
    "FROM customers c JOIN account_holders h USING (customer_id) JOIN accounts a USING (account_id) "
    "WHERE c.kyc_status = ? AND c.segment = ? AND a.status = 'active' AND a.balance_paise >= 50000000 "
    "ORDER BY c.customer_id, a.account_id LIMIT 1"
)


@pytest.fixture(scope="module")
def regular(bank):
    """A verified regular customer and an active account holding at least ₹5,00,000."""
    return bank.row(FUNDED, ("verified", "regular"))


@pytest.fixture(scope="module")
def senior(bank):
    return bank.row(FUNDED, ("verified", "senior_citizen"))


@pytest.fixture(scope="module")
def kyc_overdue(bank):
    return bank.row(FUNDED.replace(">= 50000000", ">= 1000000"), ("expired", "regular"))


@pytest.fixture(scope="module")
def depositor(bank):
    """The customer with the most deposits (ties by id)."""
    return bank.value("SELECT customer_id FROM deposits GROUP BY customer_id ORDER BY COUNT(*) DESC, customer_id LIMIT 1")


def _deposit(bank, where):
    return bank.row(
        f"SELECT d.*, c.segment FROM deposits d JOIN customers c USING (customer_id) WHERE {where} ORDER BY d.deposit_id LIMIT 1"
    )


@pytest.fixture(scope="module")
def cumulative_fd(bank):
    """An active cumulative FD of a regular customer that has run for more than 7 days."""
    return _deposit(
        bank,
        "d.deposit_type = 'fixed' AND d.payout_type = 'cumulative' AND d.status = 'active' "
        "AND d.opened_on <= '2026-07-01' AND c.segment != 'senior_citizen'",
    )


@pytest.fixture(scope="module")
def monthly_fd(bank):
    """An active monthly-payout FD that has paid out interest for several months."""
    return _deposit(bank, "d.deposit_type = 'fixed' AND d.payout_type = 'monthly' AND d.status = 'active' AND d.opened_on <= '2026-01-15'")


@pytest.fixture(scope="module")
def senior_fd(bank):
    return _deposit(
        bank,
        "d.deposit_type = 'fixed' AND d.payout_type = 'cumulative' AND d.status = 'active' "
        "AND d.opened_on <= '2026-07-01' AND c.segment = 'senior_citizen'",
    )


@pytest.fixture(scope="module")
def active_rd(bank):
    return _deposit(bank, "d.deposit_type = 'recurring' AND d.status = 'active' AND d.instalments_paid >= 3")


@pytest.fixture(scope="module")
def matured(bank):
    return _deposit(bank, "d.status = 'matured' AND d.payout_type = 'cumulative'")


@pytest.fixture(scope="module")
def closed(bank):
    return _deposit(bank, "d.status = 'closed'")


# --- list_deposits / get_deposit_details -------------------------------------------------------


def test_list_deposits_lists_the_customers_deposits_oldest_first(bank, depositor):
    out = bank.call(bank.tools(depositor), "list_deposits")
    rows = bank.rows("SELECT * FROM deposits WHERE customer_id = ? ORDER BY opened_on, deposit_id", (depositor,))
    assert len(rows) >= 3
    assert out == {
        "deposits": [
            {
                "deposit_id": d["deposit_id"],
                "deposit_type": d["deposit_type"],
                "amount": d["amount_paise"] / 100,
                "amount_is": "monthly instalment" if d["deposit_type"] == "recurring" else "principal",
                "opened_on": d["opened_on"],
                "maturity_date": d["maturity_date"],
                "status": d["status"],
                "linked_account_last4": d["linked_account_id"][-4:],
            }
            for d in rows
        ]
    }
    opened = [d["opened_on"] for d in out["deposits"]]
    assert opened == sorted(opened)


def test_list_deposits_is_empty_for_a_customer_without_deposits(bank):
    cid = bank.value(
        "SELECT customer_id FROM customers WHERE customer_id NOT IN (SELECT customer_id FROM deposits) ORDER BY customer_id LIMIT 1"
    )
    assert bank.call(bank.tools(cid), "list_deposits") == {"deposits": []}


def test_deposit_details_of_a_recurring_deposit(bank, active_rd):
    d = active_rd
    out = bank.call(bank.tools(d["customer_id"]), "get_deposit_details", {"deposit_id": d["deposit_id"].lower()})
    assert out == {
        "deposit_id": d["deposit_id"],
        "deposit_type": "recurring",
        "amount": d["amount_paise"] / 100,
        "amount_is": "monthly instalment",
        "opened_on": d["opened_on"],
        "maturity_date": d["maturity_date"],
        "status": "active",
        "linked_account_last4": d["linked_account_id"][-4:],
        "rate": f"{d['rate_bps'] / 100:.2f}%",
        "tenure_months": d["tenure_months"],
        "payout_type": "cumulative",
        "maturity_amount": d["maturity_amount_paise"] / 100,
        "maturity_instruction": d["maturity_instruction"],
        "instalments_paid": d["instalments_paid"],
        "nominee_name": d["nominee_name"],
        "closed_on": None,
        "closure_amount": None,
    }


def test_deposit_details_of_a_closed_fixed_deposit(bank, closed):
    out = bank.call(bank.tools(closed["customer_id"]), "get_deposit_details", {"deposit_id": closed["deposit_id"]})
    assert out["status"] == "closed" and out["amount_is"] == "principal"
    assert out["instalments_paid"] is None
    assert out["closed_on"] == closed["closed_on"]
    assert out["closure_amount"] == closed["closure_amount_paise"] / 100


def test_deposit_details_refuse_another_customers_deposit(bank, regular):
    other = bank.other_record("deposits", "deposit_id", regular["customer_id"])
    message = bank.refuse(bank.tools(regular["customer_id"]), "get_deposit_details", {"deposit_id": other}, NotFoundError, NOT_OWNED)
    assert "list_deposits" in message


# --- get_deposit_rates -----------------------------------------------------------------------


def test_fixed_deposit_rate_card(bank):
    out = bank.call(bank.tools(), "get_deposit_rates", {"deposit_type": "fixed"})
    assert out["deposit_type"] == "fixed" and out["as_of"] == "2026-07-15"
    assert out["senior_citizen_extra"] == "0.50%"
    assert [(s["tenure_months_from"], s["tenure_months_to"], s["general"], s["senior_citizen"]) for s in out["slabs"]] == [
        (3, 5, "4.50%", "5.00%"),
        (6, 11, "5.75%", "6.25%"),
        (12, 23, "6.80%", "7.30%"),
        (24, 35, "7.00%", "7.50%"),
        (36, 59, "6.75%", "7.25%"),
        (60, 120, "6.50%", "7.00%"),
    ]


def test_recurring_deposit_rate_card_starts_at_the_rd_minimum_tenure(bank):
    out = bank.call(bank.tools(), "get_deposit_rates", {"deposit_type": "recurring"})
    assert out["deposit_type"] == "recurring"
    assert out["slabs"][0]["tenure_months_from"] == 6
    assert all(s["tenure_months_from"] >= 6 for s in out["slabs"])


# --- calculate_deposit_maturity --------------------------------------------------------------


def test_calculator_for_a_cumulative_fd(bank, regular):
    out = bank.call(
        bank.tools(regular["customer_id"]), "calculate_deposit_maturity", {"deposit_type": "fixed", "amount": 100000, "tenure_months": 12}
    )
    assert out == {
        "deposit_type": "fixed",
        "amount": 100000.0,
        "tenure_months": 12,
        "payout_type": "cumulative",
        "rate": "6.80%",
        "senior_citizen_rate_applied": False,
        "maturity_date": "2027-07-15",
        "maturity_amount": _paise(10_000_000 * _growth(680, 365)) / 100,
        "periodic_interest": 0.0,
    }
    assert out["maturity_amount"] == 106975.37


def test_calculator_applies_the_senior_rate_from_the_records(bank, senior):
    out = bank.call(
        bank.tools(senior["customer_id"]),
        "calculate_deposit_maturity",
        {"deposit_type": "fixed", "amount": "2,50,000", "tenure_months": 30},
    )
    days = (dt.date(2029, 1, 15) - TODAY).days
    assert (out["rate"], out["senior_citizen_rate_applied"], out["maturity_date"]) == ("7.50%", True, "2029-01-15")
    assert out["maturity_amount"] == _paise(25_000_000 * _growth(750, days)) / 100


def test_calculator_for_a_monthly_payout_fd(bank, regular):
    out = bank.call(
        bank.tools(regular["customer_id"]),
        "calculate_deposit_maturity",
        {"deposit_type": "fixed", "amount": 100000, "tenure_months": 24, "payout_type": "monthly"},
    )
    assert (out["rate"], out["maturity_date"]) == ("7.00%", "2028-07-15")
    assert out["maturity_amount"] == 100000.0  # the principal; interest is paid out monthly
    assert out["periodic_interest"] == 583.33  # 1,00,000 x 7% / 12


def test_calculator_for_a_quarterly_payout_fd(bank, regular):
    out = bank.call(
        bank.tools(regular["customer_id"]),
        "calculate_deposit_maturity",
        {"deposit_type": "fixed", "amount": 50000, "tenure_months": 6, "payout_type": "quarterly"},
    )
    assert (out["rate"], out["maturity_amount"], out["periodic_interest"]) == ("5.75%", 50000.0, 718.75)


def test_calculator_for_a_recurring_deposit(bank, regular):
    out = bank.call(
        bank.tools(regular["customer_id"]), "calculate_deposit_maturity", {"deposit_type": "recurring", "amount": 2500, "tenure_months": 12}
    )
    assert (out["rate"], out["maturity_date"], out["periodic_interest"]) == ("6.80%", "2027-07-15", 0.0)
    assert out["maturity_amount"] == _rd_maturity(250_000, 680, 12) / 100
    assert 30000 < out["maturity_amount"] < 31500


TERMS_REFUSALS = [
    ({"deposit_type": "fixed", "amount": 9999.99, "tenure_months": 12}, "the minimum fixed deposit is ₹10,000.00"),
    ({"deposit_type": "fixed", "amount": 10000, "tenure_months": 2}, "a fixed deposit runs at least 3 months"),
    ({"deposit_type": "recurring", "amount": 400, "tenure_months": 12}, "at least ₹500.00 and a multiple of ₹100.00"),
    ({"deposit_type": "recurring", "amount": 750, "tenure_months": 12}, "at least ₹500.00 and a multiple of ₹100.00"),
    ({"deposit_type": "recurring", "amount": 500, "tenure_months": 5}, "a recurring deposit runs at least 6 months"),
    ({"deposit_type": "recurring", "amount": 500, "tenure_months": 12, "payout_type": "monthly"}, "recurring deposits are cumulative only"),
]
TERMS_IDS = ["fd-below-minimum", "fd-too-short", "rd-below-minimum", "rd-not-multiple-of-100", "rd-too-short", "rd-payout-type"]


@pytest.mark.parametrize(("args", "phrase"), TERMS_REFUSALS, ids=TERMS_IDS)
def test_calculator_refuses_terms_the_bank_does_not_offer(bank, regular, args, phrase):
    bank.refuse(bank.tools(regular["customer_id"]), "calculate_deposit_maturity", args, RefusedError, phrase)


def test_calculator_accepts_the_exact_minimums(bank, regular):
    tools = bank.tools(regular["customer_id"])
    fd = bank.call(tools, "calculate_deposit_maturity", {"deposit_type": "fixed", "amount": 10000, "tenure_months": 3})
    rd = bank.call(tools, "calculate_deposit_maturity", {"deposit_type": "recurring", "amount": 500, "tenure_months": 6})
    assert (fd["rate"], fd["maturity_date"]) == ("4.50%", "2026-10-15")
    assert (rd["rate"], rd["maturity_date"]) == ("5.75%", "2027-01-15")


# --- get_deposit_closure_quote -----------------------------------------------------------------


def test_premature_closure_quote_of_a_cumulative_fd(bank, cumulative_fd):
    d = cumulative_fd
    opened = dt.date.fromisoformat(d["opened_on"])
    reduced = _premature_rate(d["rate_bps"], opened, senior=False)
    interest = _paise(d["amount_paise"] * (_growth(reduced, (TODAY - opened).days) - 1))
    out = bank.call(bank.tools(d["customer_id"]), "get_deposit_closure_quote", {"deposit_id": d["deposit_id"]})
    payout = d["amount_paise"] + interest
    assert out == {
        "deposit_id": d["deposit_id"],
        "quote_date": "2026-07-15",
        "premature": True,
        "contracted_rate": f"{d['rate_bps'] / 100:.2f}%",
        "applicable_rate": f"{(reduced + 100) / 100:.2f}%",
        "penalty": "1.00%",
        "rate_applied": f"{reduced / 100:.2f}%",
        "principal": d["amount_paise"] / 100,
        "interest": interest / 100,
        "interest_recovered": 0.0,
        "payout": payout / 100,
        "payout_display": _indian(payout),
    }
    assert interest > 0 and reduced < d["rate_bps"]


def test_premature_closure_quote_for_a_senior_includes_the_uplift(bank, senior_fd):
    d = senior_fd
    opened = dt.date.fromisoformat(d["opened_on"])
    reduced = _premature_rate(d["rate_bps"], opened, senior=True)
    out = bank.call(bank.tools(d["customer_id"]), "get_deposit_closure_quote", {"deposit_id": d["deposit_id"]})
    assert out["rate_applied"] == f"{reduced / 100:.2f}%"
    assert (out["applicable_rate"], out["penalty"]) == (f"{(reduced + 100) / 100:.2f}%", "1.00%")
    assert out["interest"] == _paise(d["amount_paise"] * (_growth(reduced, (TODAY - opened).days) - 1)) / 100


def test_premature_closure_quote_of_a_payout_fd_recovers_excess_interest(bank, monthly_fd):
    d = monthly_fd
    opened = dt.date.fromisoformat(d["opened_on"])
    reduced = _premature_rate(d["rate_bps"], opened, d["segment"] == "senior_citizen")
    paid = _whole_months(opened, TODAY) * _paise(Decimal(d["amount_paise"]) * d["rate_bps"] / 10_000 / 12)
    due = _paise(Decimal(d["amount_paise"]) * reduced / 10_000 * (TODAY - opened).days / 365)
    out = bank.call(bank.tools(d["customer_id"]), "get_deposit_closure_quote", {"deposit_id": d["deposit_id"]})
    assert paid > due > 0
    assert (out["premature"], out["interest"], out["rate_applied"]) == (True, 0.0, f"{reduced / 100:.2f}%")
    assert out["interest_recovered"] == (paid - due) / 100
    assert out["payout"] == (d["amount_paise"] - (paid - due)) / 100


@pytest.fixture(scope="module")
def unpaid_payout_fd(bank):
    """An active payout FD that has run more than 7 days but has not reached its first payout yet."""
    return _deposit(
        bank,
        "d.deposit_type = 'fixed' AND d.status = 'active' AND d.opened_on <= '2026-07-08' "
        "AND ((d.payout_type = 'quarterly' AND d.opened_on > '2026-04-15') "
        "OR (d.payout_type = 'monthly' AND d.opened_on > '2026-06-15'))",
    )


def test_premature_closure_of_a_payout_fd_pays_interest_earned_but_not_yet_paid_out(bank, unpaid_payout_fd):
    d = unpaid_payout_fd
    opened = dt.date.fromisoformat(d["opened_on"])
    reduced = _premature_rate(d["rate_bps"], opened, d["segment"] == "senior_citizen")
    due = _paise(Decimal(d["amount_paise"]) * reduced / 10_000 * (TODAY - opened).days / 365)
    tools = bank.tools(d["customer_id"])
    quote = bank.call(tools, "get_deposit_closure_quote", {"deposit_id": d["deposit_id"]})
    assert due > 0 and reduced > 0
    assert (quote["rate_applied"], quote["interest_recovered"]) == (f"{reduced / 100:.2f}%", 0.0)
    # Regulation (premature withdrawal, section 1-2): interest is recalculated for the period run at the
    # reduced rate; only interest paid out in excess of that is recovered. Nothing was paid out yet.
    assert quote["payout"] == (d["amount_paise"] + due) / 100
    closed = bank.call(tools, "close_deposit", {"deposit_id": d["deposit_id"], "credit_account_id": d["linked_account_id"]})
    assert closed["payout"] == (d["amount_paise"] + due) / 100


def test_premature_closure_quote_of_a_recurring_deposit(bank, active_rd):
    d = active_rd
    opened = dt.date.fromisoformat(d["opened_on"])
    reduced = _premature_rate(d["rate_bps"], opened, d["segment"] == "senior_citizen")
    interest = _paise(
        sum(
            d["amount_paise"] * (_growth(reduced, (TODAY - add_months(opened, i)).days) - 1)
            for i in range(d["instalments_paid"])
            if add_months(opened, i) < TODAY
        )
    )
    out = bank.call(bank.tools(d["customer_id"]), "get_deposit_closure_quote", {"deposit_id": d["deposit_id"]})
    principal = d["amount_paise"] * d["instalments_paid"]
    assert (out["principal"], out["interest"]) == (principal / 100, interest / 100)
    assert out["payout"] == (principal + interest) / 100


def test_closure_quote_of_a_matured_deposit_pays_the_maturity_amount(bank, matured):
    out = bank.call(bank.tools(matured["customer_id"]), "get_deposit_closure_quote", {"deposit_id": matured["deposit_id"]})
    assert out["premature"] is False
    assert out["rate_applied"] == out["contracted_rate"] == f"{matured['rate_bps'] / 100:.2f}%"
    assert (out["applicable_rate"], out["penalty"]) == (out["contracted_rate"], "0.00%")  # no penalty at maturity
    assert out["payout"] == matured["maturity_amount_paise"] / 100
    assert out["interest"] == (matured["maturity_amount_paise"] - matured["amount_paise"]) / 100


def test_closure_quote_refuses_a_closed_deposit(bank, closed):
    bank.refuse(
        bank.tools(closed["customer_id"]),
        "get_deposit_closure_quote",
        {"deposit_id": closed["deposit_id"]},
        RefusedError,
        f"deposit {closed['deposit_id']} was already closed on {closed['closed_on']}",
    )


def test_closure_quote_refuses_another_customers_deposit(bank, regular):
    other = bank.other_record("deposits", "deposit_id", regular["customer_id"], "status = 'active'")
    bank.refuse(bank.tools(regular["customer_id"]), "get_deposit_closure_quote", {"deposit_id": other}, NotFoundError, NOT_OWNED)


# --- open_deposit ----------------------------------------------------------------------------


def _open_fd_args(account_id, amount=100000, **extra):
    return {"deposit_type": "fixed", "source_account_id": account_id, "amount": amount, "tenure_months": 12, **extra}


def test_open_fd_debits_the_account_and_books_the_deposit(bank, regular):
    cid, account_id, balance = regular["customer_id"], regular["account_id"], regular["balance_paise"]
    tools = bank.tools(cid)
    before = bank.snapshot(tools)
    out = bank.call(tools, "open_deposit", _open_fd_args(account_id, maturity_instruction="renew_principal"))

    deposit_id = bank.expected_id("FD", cid, ["fixed", account_id, 10_000_000, 12, "cumulative", "renew_principal"])
    maturity_paise = _paise(10_000_000 * _growth(680, 365))
    new_balance = balance - 10_000_000
    assert out == {
        "deposit_id": deposit_id,
        "deposit_type": "fixed",
        "amount": 100000.0,
        "rate": "6.80%",
        "maturity_date": "2027-07-15",
        "maturity_amount": maturity_paise / 100,
        "debited_from_last4": account_id[-4:],
        "balance_after": new_balance / 100,
        "status": "active",
    }

    txn_id = bank.expected_id("TXN", cid, [account_id, "debit", 10_000_000, f"TO FD {deposit_id}"])
    old_account = bank.row("SELECT * FROM accounts WHERE account_id = ?", (account_id,))
    changes = bank.diff(before, bank.snapshot(tools))
    assert set(changes) == {"accounts", "transactions", "deposits"}
    assert changes["accounts"] == (
        {bank.as_row("accounts", old_account)},
        {bank.as_row("accounts", {**old_account, "balance_paise": new_balance})},
    )
    assert changes["transactions"] == (
        set(),
        {
            bank.as_row(
                "transactions",
                {
                    "txn_id": txn_id,
                    "account_id": account_id,
                    "posted_on": "2026-07-15",
                    "direction": "debit",
                    "channel": "internal",
                    "amount_paise": 10_000_000,
                    "balance_after_paise": new_balance,
                    "counterparty": "OWN DEPOSIT",
                    "reference": txn_id,
                    "narration": f"TO FD {deposit_id}",
                    "status": "success",
                },
            )
        },
    )
    assert changes["deposits"] == (
        set(),
        {
            bank.as_row(
                "deposits",
                {
                    "deposit_id": deposit_id,
                    "customer_id": cid,
                    "deposit_type": "fixed",
                    "linked_account_id": account_id,
                    "amount_paise": 10_000_000,
                    "tenure_months": 12,
                    "rate_bps": 680,
                    "payout_type": "cumulative",
                    "maturity_instruction": "renew_principal",
                    "opened_on": "2026-07-15",
                    "maturity_date": "2027-07-15",
                    "maturity_amount_paise": maturity_paise,
                    "instalments_paid": 0,
                    "status": "active",
                    "nominee_name": regular["nominee_name"],
                },
            )
        },
    )

    listed = bank.call(tools, "list_deposits")["deposits"]
    assert listed[-1]["deposit_id"] == deposit_id


def test_open_rd_debits_the_first_instalment(bank, regular):
    cid, account_id = regular["customer_id"], regular["account_id"]
    tools = bank.tools(cid)
    out = bank.call(
        tools, "open_deposit", {"deposit_type": "recurring", "source_account_id": account_id, "amount": 2500, "tenure_months": 12}
    )
    deposit_id = bank.expected_id("RD", cid, ["recurring", account_id, 250_000, 12, "cumulative", "credit_to_account"])
    assert out["deposit_id"] == deposit_id and deposit_id.startswith("RD")
    assert out["balance_after"] == (regular["balance_paise"] - 250_000) / 100
    assert out["maturity_amount"] == _rd_maturity(250_000, 680, 12) / 100
    row = tools.db.conn.execute(
        "SELECT instalments_paid, amount_paise, payout_type, maturity_instruction, rate_bps FROM deposits WHERE deposit_id = ?",
        (deposit_id,),
    ).fetchone()
    assert tuple(row) == (1, 250_000, "cumulative", "credit_to_account", 680)
    narration = tools.db.conn.execute(
        "SELECT narration, amount_paise FROM transactions WHERE account_id = ? "
        "AND posted_on = '2026-07-15' AND counterparty = 'OWN DEPOSIT'",
        (account_id,),
    ).fetchall()
    assert [tuple(r) for r in narration] == [(f"TO RD {deposit_id}", 250_000)]


def test_open_deposit_for_a_senior_books_the_senior_rate(bank, senior):
    out = bank.call(bank.tools(senior["customer_id"]), "open_deposit", _open_fd_args(senior["account_id"]))
    assert out["rate"] == "7.30%"
    assert out["maturity_amount"] == _paise(10_000_000 * _growth(730, 365)) / 100


def test_open_deposit_can_use_the_whole_balance(bank):
    account = bank.row(
        "SELECT c.customer_id, a.account_id, a.balance_paise FROM customers c JOIN account_holders h USING (customer_id) "
        "JOIN accounts a USING (account_id) WHERE c.kyc_status = 'verified' AND a.status = 'active' "
        "AND a.balance_paise BETWEEN 1000000 AND 5000000 AND a.balance_paise % 100 != 0 ORDER BY a.account_id LIMIT 1"
    )
    amount = f"{account['balance_paise'] // 100}.{account['balance_paise'] % 100:02d}"
    tools = bank.tools(account["customer_id"])
    out = bank.call(tools, "open_deposit", _open_fd_args(account["account_id"], amount))
    assert out["balance_after"] == 0.0
    assert out["amount"] == account["balance_paise"] / 100


def test_the_amount_can_be_written_three_ways_with_the_same_result(bank, regular):
    results = []
    for amount in (100000, 100000.0, "1,00,000"):
        tools = bank.tools(regular["customer_id"])
        output = tools.call("open_deposit", _open_fd_args(regular["account_id"], amount))
        results.append((output, tools.get_db_hash()))
    assert results[0] == results[1] == results[2]


def test_open_deposit_refuses_a_customer_whose_kyc_is_overdue(bank, kyc_overdue):
    due = bank.value("SELECT kyc_due_date FROM customers WHERE customer_id = ?", (kyc_overdue["customer_id"],))
    message = bank.refuse(
        bank.tools(kyc_overdue["customer_id"]),
        "open_deposit",
        _open_fd_args(kyc_overdue["account_id"], 10000),
        RefusedError,
        "KYC is overdue",
    )
    assert f"was due {due}" in message and due < "2026-07-15"


@pytest.mark.parametrize(("args", "phrase"), TERMS_REFUSALS, ids=TERMS_IDS)
def test_open_deposit_refuses_terms_the_bank_does_not_offer(bank, regular, args, phrase):
    bank.refuse(
        bank.tools(regular["customer_id"]), "open_deposit", {**args, "source_account_id": regular["account_id"]}, RefusedError, phrase
    )


@pytest.mark.parametrize("status", ["dormant", "closed"])
def test_open_deposit_refuses_an_account_that_cannot_be_debited(bank, status):
    account = bank.row(
        "SELECT h.customer_id, a.account_id FROM accounts a JOIN account_holders h USING (account_id) "
        "JOIN customers c USING (customer_id) WHERE a.status = ? AND c.kyc_status = 'verified' "
        "ORDER BY a.account_id LIMIT 1",
        (status,),
    )
    bank.refuse(
        bank.tools(account["customer_id"]),
        "open_deposit",
        _open_fd_args(account["account_id"], 10000),
        RefusedError,
        f"account ending {account['account_id'][-4:]} is {status}",
    )


def test_open_deposit_refuses_an_amount_above_the_balance(bank, regular):
    balance = regular["balance_paise"] + 100  # one rupee more than the account holds
    amount = f"{balance // 100}.{balance % 100:02d}"
    message = bank.refuse(
        bank.tools(regular["customer_id"]),
        "open_deposit",
        _open_fd_args(regular["account_id"], amount),
        RefusedError,
        "insufficient balance",
    )
    assert f"ending {regular['account_id'][-4:]}" in message


def test_open_deposit_refuses_another_customers_account(bank, regular):
    other = bank.other_account(regular["customer_id"])
    bank.refuse(bank.tools(regular["customer_id"]), "open_deposit", _open_fd_args(other, 10000), NotFoundError, NOT_OWNED)


# --- close_deposit ---------------------------------------------------------------------------


def test_close_deposit_credits_the_quoted_payout_and_closes_it(bank, cumulative_fd):
    d = cumulative_fd
    tools = bank.tools(d["customer_id"])
    quote = bank.call(tools, "get_deposit_closure_quote", {"deposit_id": d["deposit_id"]})
    before = bank.snapshot(tools)
    account = bank.row("SELECT * FROM accounts WHERE account_id = ?", (d["linked_account_id"],))
    out = bank.call(tools, "close_deposit", {"deposit_id": d["deposit_id"], "credit_account_id": d["linked_account_id"]})

    payout = round(quote["payout"] * 100)
    new_balance = account["balance_paise"] + payout
    assert out == {
        "deposit_id": d["deposit_id"],
        "status": "closed",
        "premature": True,
        "payout": quote["payout"],
        "credited_to_last4": d["linked_account_id"][-4:],
        "balance_after": new_balance / 100,
    }
    txn_id = bank.expected_id("TXN", d["customer_id"], [d["linked_account_id"], "credit", payout, f"CLOSURE {d['deposit_id']}"])
    deposit_before = {k: v for k, v in d.items() if k != "segment"}
    changes = bank.diff(before, bank.snapshot(tools))
    assert changes == {
        "accounts": ({bank.as_row("accounts", account)}, {bank.as_row("accounts", {**account, "balance_paise": new_balance})}),
        "transactions": (
            set(),
            {
                bank.as_row(
                    "transactions",
                    {
                        "txn_id": txn_id,
                        "account_id": d["linked_account_id"],
                        "posted_on": "2026-07-15",
                        "direction": "credit",
                        "channel": "internal",
                        "amount_paise": payout,
                        "balance_after_paise": new_balance,
                        "counterparty": "OWN DEPOSIT",
                        "reference": txn_id,
                        "narration": f"CLOSURE {d['deposit_id']}",
                        "status": "success",
                    },
                )
            },
        ),
        "deposits": (
            {bank.as_row("deposits", deposit_before)},
            {bank.as_row("deposits", {**deposit_before, "status": "closed", "closed_on": "2026-07-15", "closure_amount_paise": payout})},
        ),
    }
    # The closed deposit now refuses a second closure.
    bank.refuse(
        tools,
        "close_deposit",
        {"deposit_id": d["deposit_id"], "credit_account_id": d["linked_account_id"]},
        RefusedError,
        "was already closed on 2026-07-15",
    )


def test_close_a_matured_deposit_without_penalty_into_another_own_account(bank):
    d = bank.row(
        "SELECT d.*, a.account_id AS other_account, a.balance_paise AS other_balance FROM deposits d "
        "JOIN account_holders h ON h.customer_id = d.customer_id JOIN accounts a ON a.account_id = h.account_id "
        "WHERE d.status = 'matured' AND a.status = 'active' AND a.account_id != d.linked_account_id "
        "ORDER BY d.deposit_id, a.account_id LIMIT 1"
    )
    tools = bank.tools(d["customer_id"])
    out = bank.call(tools, "close_deposit", {"deposit_id": d["deposit_id"], "credit_account_id": d["other_account"]})
    assert (out["premature"], out["payout"]) == (False, d["maturity_amount_paise"] / 100)
    assert out["credited_to_last4"] == d["other_account"][-4:]
    balances = dict(tools.db.conn.execute("SELECT account_id, balance_paise FROM accounts").fetchall())
    assert balances[d["other_account"]] == d["other_balance"] + d["maturity_amount_paise"]
    linked = bank.value("SELECT balance_paise FROM accounts WHERE account_id = ?", (d["linked_account_id"],))
    assert balances[d["linked_account_id"]] == linked


def test_close_deposit_may_credit_a_dormant_account(bank):
    d = bank.row(
        "SELECT d.deposit_id, d.customer_id, a.account_id, a.balance_paise FROM deposits d "
        "JOIN account_holders h ON h.customer_id = d.customer_id JOIN accounts a ON a.account_id = h.account_id "
        "WHERE d.status = 'active' AND a.status = 'dormant' ORDER BY d.deposit_id LIMIT 1"
    )
    tools = bank.tools(d["customer_id"])
    out = bank.call(tools, "close_deposit", {"deposit_id": d["deposit_id"], "credit_account_id": d["account_id"]})
    assert out["status"] == "closed"
    assert out["balance_after"] == (d["balance_paise"] + round(out["payout"] * 100)) / 100


def test_a_deposit_closed_within_seven_days_returns_only_the_principal(bank, regular):
    tools = bank.tools(regular["customer_id"])
    opened = bank.call(tools, "open_deposit", _open_fd_args(regular["account_id"], 25000))
    quote = bank.call(tools, "get_deposit_closure_quote", {"deposit_id": opened["deposit_id"]})
    assert (quote["premature"], quote["rate_applied"], quote["interest"], quote["payout"]) == (True, "3.50%", 0.0, 25000.0)
    closed = bank.call(tools, "close_deposit", {"deposit_id": opened["deposit_id"], "credit_account_id": regular["account_id"]})
    assert closed["balance_after"] == regular["balance_paise"] / 100
    assert tools.get_db_hash() != bank.tools(regular["customer_id"]).get_db_hash()  # two postings remain on record


def test_close_deposit_refuses_a_closed_deposit(bank, closed):
    bank.refuse(
        bank.tools(closed["customer_id"]),
        "close_deposit",
        {"deposit_id": closed["deposit_id"], "credit_account_id": closed["linked_account_id"]},
        RefusedError,
        f"was already closed on {closed['closed_on']}",
    )


def test_close_deposit_refuses_a_closed_credit_account(bank):
    d = bank.row(
        "SELECT d.deposit_id, d.customer_id, a.account_id FROM deposits d "
        "JOIN account_holders h ON h.customer_id = d.customer_id JOIN accounts a ON a.account_id = h.account_id "
        "WHERE d.status != 'closed' AND a.status = 'closed' ORDER BY d.deposit_id LIMIT 1"
    )
    bank.refuse(
        bank.tools(d["customer_id"]),
        "close_deposit",
        {"deposit_id": d["deposit_id"], "credit_account_id": d["account_id"]},
        RefusedError,
        f"account ending {d['account_id'][-4:]} is closed; choose an open account for the payout",
    )


def test_close_deposit_refuses_another_customers_deposit(bank, regular):
    other = bank.other_record("deposits", "deposit_id", regular["customer_id"], "status = 'active'")
    bank.refuse(
        bank.tools(regular["customer_id"]),
        "close_deposit",
        {"deposit_id": other, "credit_account_id": regular["account_id"]},
        NotFoundError,
        NOT_OWNED,
    )


def test_close_deposit_refuses_to_credit_another_customers_account(bank, cumulative_fd):
    other = bank.other_account(cumulative_fd["customer_id"])
    message = bank.refuse(
        bank.tools(cumulative_fd["customer_id"]),
        "close_deposit",
        {"deposit_id": cumulative_fd["deposit_id"], "credit_account_id": other},
        NotFoundError,
        NOT_OWNED,
    )
    assert other in message


# --- set_deposit_maturity_instruction ----------------------------------------------------------


def test_maturity_instruction_change_updates_only_that_field(bank, cumulative_fd):
    d = cumulative_fd
    new = "credit_to_account" if d["maturity_instruction"] != "credit_to_account" else "renew_principal"
    tools = bank.tools(d["customer_id"])
    before = bank.snapshot(tools)
    out = bank.call(tools, "set_deposit_maturity_instruction", {"deposit_id": d["deposit_id"], "maturity_instruction": new})
    assert out == {
        "deposit_id": d["deposit_id"],
        "maturity_date": d["maturity_date"],
        "maturity_instruction": new,
        "previous_instruction": d["maturity_instruction"],
    }
    old = {k: v for k, v in d.items() if k != "segment"}
    assert bank.diff(before, bank.snapshot(tools)) == {
        "deposits": ({bank.as_row("deposits", old)}, {bank.as_row("deposits", {**old, "maturity_instruction": new})})
    }


def test_maturity_instruction_refuses_the_instruction_already_set(bank, cumulative_fd):
    d = cumulative_fd
    bank.refuse(
        bank.tools(d["customer_id"]),
        "set_deposit_maturity_instruction",
        {"deposit_id": d["deposit_id"], "maturity_instruction": d["maturity_instruction"]},
        RefusedError,
        f"already has the instruction '{d['maturity_instruction']}'",
    )


@pytest.mark.parametrize("which", ["matured", "closed"])
def test_maturity_instruction_refuses_a_deposit_that_is_not_active(bank, request, which):
    d = request.getfixturevalue(which)
    new = "renew_principal" if d["maturity_instruction"] != "renew_principal" else "credit_to_account"
    bank.refuse(
        bank.tools(d["customer_id"]),
        "set_deposit_maturity_instruction",
        {"deposit_id": d["deposit_id"], "maturity_instruction": new},
        RefusedError,
        f"deposit {d['deposit_id']} is {which}; maturity instructions apply to active deposits only",
    )


def test_maturity_instruction_refuses_another_customers_deposit(bank, regular):
    other = bank.other_record("deposits", "deposit_id", regular["customer_id"], "status = 'active'")
    bank.refuse(
        bank.tools(regular["customer_id"]),
        "set_deposit_maturity_instruction",
        {"deposit_id": other, "maturity_instruction": "renew_principal"},
        NotFoundError,
        NOT_OWNED,
    )


# --- cross-cutting ---------------------------------------------------------------------------

READS = {
    "list_deposits": lambda d: {},
    "get_deposit_details": lambda d: {"deposit_id": d},
    "get_deposit_rates": lambda d: {"deposit_type": "recurring"},
    "calculate_deposit_maturity": lambda d: {"deposit_type": "fixed", "amount": 50000, "tenure_months": 36},
    "get_deposit_closure_quote": lambda d: {"deposit_id": d},
}
WRITES = {"open_deposit", "close_deposit", "set_deposit_maturity_instruction"}


def test_the_area_lists_cover_every_deposits_tool():
    names = set(area_tools(DepositTools))
    assert set(READS) | WRITES == names and len(names) == 8


def test_reads_never_change_the_hash(bank, cumulative_fd):
    tools = bank.tools(cumulative_fd["customer_id"])
    hash_before, rows_before = tools.get_db_hash(), bank.snapshot(tools)
    for name, args in READS.items():
        bank.call(tools, name, args(cumulative_fd["deposit_id"]))
    assert tools.get_db_hash() == hash_before
    assert bank.snapshot(tools) == rows_before


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("list_deposits", {}),
        ("get_deposit_details", {"deposit_id": "FD237CFQDU"}),
        ("calculate_deposit_maturity", {"deposit_type": "fixed", "amount": 50000, "tenure_months": 12}),
        ("get_deposit_closure_quote", {"deposit_id": "FD237CFQDU"}),
        ("open_deposit", {"deposit_type": "fixed", "source_account_id": "501028986447", "amount": 50000, "tenure_months": 12}),
        ("close_deposit", {"deposit_id": "FD237CFQDU", "credit_account_id": "501028986447"}),
        ("set_deposit_maturity_instruction", {"deposit_id": "FD237CFQDU", "maturity_instruction": "renew_principal"}),
    ],
)
def test_customer_tools_need_a_logged_in_customer(bank, name, args):
    bank.refuse(bank.tools(), name, args, ToolError, "no customer is logged in")


def test_the_rate_card_needs_no_customer(bank):
    assert len(bank.call(bank.tools(), "get_deposit_rates", {"deposit_type": "fixed"})["slabs"]) == 6


def test_the_same_calls_in_two_sessions_give_the_same_outputs_and_hash(bank, cumulative_fd):
    d = cumulative_fd
    calls = [
        ("open_deposit", {"deposit_type": "recurring", "source_account_id": d["linked_account_id"], "amount": 1000, "tenure_months": 24}),
        ("open_deposit", {"deposit_type": "recurring", "source_account_id": d["linked_account_id"], "amount": 1000, "tenure_months": 24}),
        (
            "set_deposit_maturity_instruction",
            {
                "deposit_id": d["deposit_id"],
                "maturity_instruction": "renew_principal_and_interest"
                if d["maturity_instruction"] == "credit_to_account"
                else "credit_to_account",
            },
        ),
        ("close_deposit", {"deposit_id": d["deposit_id"], "credit_account_id": d["linked_account_id"]}),
        ("list_deposits", {}),
    ]
    runs = []
    for _ in range(2):
        tools = bank.tools(d["customer_id"])
        start = tools.get_db_hash()
        outputs = [tools.call(name, args) for name, args in calls]
        runs.append((start, outputs, tools.get_db_hash()))
    assert runs[0] == runs[1]
    assert runs[0][0] != runs[0][2]
    first, second = (bank.call(bank.tools(), "get_deposit_rates", {"deposit_type": "fixed"}) for _ in range(2))
    assert first == second
