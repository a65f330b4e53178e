"""Loan tools: details, foreclosure quote, EMI calculator, gold rate, gold-loan eligibility."""

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal, localcontext

import pytest

from tau_indian_bank.bank.clock import add_months
from tau_indian_bank.constants import TODAY
from tau_indian_bank.tools.arguments import ToolError
from tau_indian_bank.tools.base import NotFoundError, RefusedError
from tau_indian_bank.tools.catalogue import area_tools
from tau_indian_bank.tools.loans import LoanTools

NOT_OWNED = "is not among this customer's records"


def _paise(value: Decimal) -> int:
    return int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def _emi(principal: int, rate_bps: int, months: int) -> int:
    with localcontext() as ctx:
        ctx.prec = 40
        i = Decimal(rate_bps) / 10_000 / 12
        factor = (1 + i) ** months
        return _paise(principal * i * factor / (factor - 1))


def _loan(bank, where):
    return bank.row(f"SELECT * FROM loans WHERE {where} ORDER BY loan_id LIMIT 1")


@pytest.fixture(scope="module")
def seasoned_personal(bank):
    """An active fixed-rate personal loan with at least 12 EMIs paid."""
    return _loan(bank, "loan_type = 'personal' AND rate_type = 'fixed' AND status = 'active' AND emis_paid >= 12")


@pytest.fixture(scope="module")
def young_fixed(bank):
    """An active fixed-rate personal or vehicle loan with fewer than 12 EMIs paid."""
    return _loan(bank, "loan_type IN ('personal', 'vehicle') AND rate_type = 'fixed' AND status = 'active' AND emis_paid < 12")


@pytest.fixture(scope="module")
def home(bank):
    return _loan(bank, "loan_type = 'home' AND rate_type = 'floating' AND status = 'active'")


@pytest.fixture(scope="module")
def gold(bank):
    """An active gold loan with fewer than 12 EMIs paid (gold loans carry no charge and no wait)."""
    return _loan(bank, "loan_type = 'gold' AND status = 'active' AND emis_paid < 12")


@pytest.fixture(scope="module")
def closed(bank):
    return _loan(bank, "status = 'closed'")


def _accrued(loan) -> int:
    last_emi = add_months(dt.date.fromisoformat(loan["next_emi_date"]), -1)
    days = max((TODAY - last_emi).days, 0)
    return _paise(Decimal(loan["outstanding_paise"]) * loan["rate_bps"] / 10_000 * days / 365)


# --- get_loan_details ------------------------------------------------------------------------


def test_loan_details_of_a_home_loan(bank, home):
    out = bank.call(bank.tools(home["customer_id"]), "get_loan_details", {"loan_id": home["loan_id"]})
    assert out == {
        "loan_id": home["loan_id"],
        "loan_type": "home",
        "status": "active",
        "rate_type": "floating",
        "rate": f"{home['rate_bps'] / 100:.2f}%",
        "sanctioned": home["sanctioned_paise"] / 100,
        "outstanding_principal": home["outstanding_paise"] / 100,
        "emi": home["emi_paise"] / 100,
        "tenure_months": home["tenure_months"],
        "emis_paid": home["emis_paid"],
        "emis_remaining": home["tenure_months"] - home["emis_paid"],
        "disbursed_on": home["disbursed_on"],
        "next_emi_date": home["next_emi_date"],
    }
    assert "gold_weight_grams" not in out


def test_loan_details_of_a_gold_loan_include_the_pledged_gold(bank, gold):
    out = bank.call(bank.tools(gold["customer_id"]), "get_loan_details", {"loan_id": gold["loan_id"]})
    assert out["loan_type"] == "gold"
    assert out["gold_weight_grams"] == gold["gold_weight_mg"] / 1000
    assert out["gold_purity_karat"] == gold["gold_purity_karat"] in (18, 22, 24)


def test_loan_details_of_a_closed_loan_have_no_next_emi(bank, closed):
    out = bank.call(bank.tools(closed["customer_id"]), "get_loan_details", {"loan_id": closed["loan_id"]})
    assert (out["status"], out["next_emi_date"], out["emis_remaining"]) == ("closed", None, 0)


def test_loan_details_refuse_another_customers_loan(bank, home):
    other = bank.other_record("loans", "loan_id", home["customer_id"])
    bank.refuse(bank.tools(home["customer_id"]), "get_loan_details", {"loan_id": other}, NotFoundError, NOT_OWNED)


# --- get_loan_foreclosure_quote ----------------------------------------------------------------


def test_foreclosure_quote_of_a_seasoned_fixed_rate_loan_adds_the_charge_and_gst(bank, seasoned_personal):
    loan = seasoned_personal
    outstanding = loan["outstanding_paise"]
    charge = outstanding * 4 // 100
    gst = charge * 18 // 100
    accrued = _accrued(loan)
    total = outstanding + accrued + charge + gst
    out = bank.call(bank.tools(loan["customer_id"]), "get_loan_foreclosure_quote", {"loan_id": loan["loan_id"]})
    assert accrued > 0 and charge > 0
    assert out == {
        "loan_id": loan["loan_id"],
        "quote_date": "2026-07-15",
        "rate_type": "fixed",
        "eligible": True,
        "outstanding_principal": outstanding / 100,
        "interest_accrued": accrued / 100,
        "foreclosure_charge": charge / 100,
        "gst_on_charge": gst / 100,
        "total_payable": total / 100,
        "total_payable_display": out["total_payable_display"],
    }
    assert out["total_payable_display"].startswith("₹") and out["total_payable_display"].endswith(f".{total % 100:02d}")
    assert out["total_payable_display"].replace("₹", "").replace(",", "").split(".")[0] == str(total // 100)


def test_foreclosure_quote_of_a_young_fixed_rate_loan_is_not_eligible(bank, young_fixed):
    loan = young_fixed
    out = bank.call(bank.tools(loan["customer_id"]), "get_loan_foreclosure_quote", {"loan_id": loan["loan_id"]})
    assert out == {
        "loan_id": loan["loan_id"],
        "quote_date": "2026-07-15",
        "rate_type": "fixed",
        "eligible": False,
        "reason": f"fixed-rate loans can be foreclosed after 12 EMIs; {loan['emis_paid']} paid so far",
    }


@pytest.mark.parametrize(("emis_paid", "eligible"), [(11, False), (12, True)])
def test_foreclosure_eligibility_starts_at_the_twelfth_emi(bank, emis_paid, eligible):
    loan = _loan(bank, f"loan_type IN ('personal', 'vehicle') AND rate_type = 'fixed' AND status = 'active' AND emis_paid = {emis_paid}")
    out = bank.call(bank.tools(loan["customer_id"]), "get_loan_foreclosure_quote", {"loan_id": loan["loan_id"]})
    assert out["eligible"] is eligible
    if eligible:
        assert out["foreclosure_charge"] == loan["outstanding_paise"] * 4 // 100 / 100
    else:
        assert out["reason"].endswith(f"after 12 EMIs; {emis_paid} paid so far")


def test_foreclosure_quote_of_a_floating_rate_loan_has_no_charge(bank, home):
    out = bank.call(bank.tools(home["customer_id"]), "get_loan_foreclosure_quote", {"loan_id": home["loan_id"]})
    accrued = _accrued(home)
    assert (out["eligible"], out["foreclosure_charge"], out["gst_on_charge"]) == (True, 0.0, 0.0)
    assert out["interest_accrued"] == accrued / 100
    assert out["total_payable"] == (home["outstanding_paise"] + accrued) / 100


def test_foreclosure_quote_of_a_gold_loan_has_no_charge_and_no_waiting_period(bank, gold):
    out = bank.call(bank.tools(gold["customer_id"]), "get_loan_foreclosure_quote", {"loan_id": gold["loan_id"]})
    assert gold["emis_paid"] < 12 and gold["rate_type"] == "fixed"
    assert (out["eligible"], out["foreclosure_charge"], out["gst_on_charge"]) == (True, 0.0, 0.0)
    assert out["total_payable"] == (gold["outstanding_paise"] + _accrued(gold)) / 100


def test_foreclosure_quote_refuses_a_closed_loan(bank, closed):
    bank.refuse(
        bank.tools(closed["customer_id"]),
        "get_loan_foreclosure_quote",
        {"loan_id": closed["loan_id"]},
        RefusedError,
        f"loan {closed['loan_id']} is already closed",
    )


def test_foreclosure_quote_refuses_another_customers_loan(bank, home):
    other = bank.other_record("loans", "loan_id", home["customer_id"], "status = 'active'")
    bank.refuse(bank.tools(home["customer_id"]), "get_loan_foreclosure_quote", {"loan_id": other}, NotFoundError, NOT_OWNED)


# --- calculate_loan_emi ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("principal", "rate", "months", "rate_bps", "emi"),
    [(500000, 10.5, 36, 1050, 16251.22), ("10,00,000", "8.4%", 240, 840, 8615.04), (120000, 12, 12, 1200, 10661.85)],
)
def test_emi_calculator(bank, principal, rate, months, rate_bps, emi):
    out = bank.call(bank.tools(), "calculate_loan_emi", {"principal": principal, "annual_rate": rate, "tenure_months": months})
    paise = round(float(str(principal).replace(",", "")) * 100)
    assert _emi(paise, rate_bps, months) / 100 == emi
    assert out == {
        "principal": paise / 100,
        "annual_rate": f"{rate_bps / 100:.2f}%",
        "tenure_months": months,
        "emi": emi,
        "total_interest": (round(emi * 100) * months - paise) / 100,
        "total_payable": round(emi * 100) * months / 100,
    }


# --- get_gold_rate / check_gold_loan_eligibility ------------------------------------------------


@pytest.mark.parametrize(
    ("args", "karat", "rate"), [({}, 22, 8983.0), ({"purity_karat": 24}, 24, 9800.0), ({"purity_karat": 18}, 18, 7350.0)]
)
def test_gold_rate(bank, args, karat, rate):
    assert bank.call(bank.tools(), "get_gold_rate", args) == {"purity_karat": karat, "rate_per_gram": rate, "as_of": "2026-07-15"}


def test_gold_loan_eligibility_values_the_gold_at_75_percent(bank):
    out = bank.call(bank.tools(), "check_gold_loan_eligibility", {"gold_weight_grams": 42.5, "purity_karat": 22})
    # 42.5 g x ₹8,983 = ₹3,81,777.50; 75% of it = ₹2,86,333.12 (paise rounded down)
    assert out == {
        "gold_weight_grams": 42.5,
        "purity_karat": 22,
        "gold_value": 381777.5,
        "loan_to_value": "75.00%",
        "maximum_loan": 286333.12,
        "eligible": True,
        "minimum_loan": 10000.0,
    }


@pytest.mark.parametrize(("grams", "karat", "eligible"), [(1.0, 22, False), (1.361, 24, True), (1.360, 24, False)])
def test_gold_loan_eligibility_needs_the_minimum_loan(bank, grams, karat, eligible):
    # ₹10,000 / (75% x ₹9,800) = 1.3605... g of 24-carat gold is the least that qualifies.
    out = bank.call(bank.tools(), "check_gold_loan_eligibility", {"gold_weight_grams": grams, "purity_karat": karat})
    assert out["eligible"] is eligible
    assert (out["maximum_loan"] >= 10000) is eligible


# --- cross-cutting ---------------------------------------------------------------------------

READS = {
    "get_loan_details": lambda loan: {"loan_id": loan},
    "get_loan_foreclosure_quote": lambda loan: {"loan_id": loan},
    "calculate_loan_emi": lambda loan: {"principal": 300000, "annual_rate": 9.25, "tenure_months": 60},
    "get_gold_rate": lambda loan: {"purity_karat": 18},
    "check_gold_loan_eligibility": lambda loan: {"gold_weight_grams": "25.5g", "purity_karat": 22},
}


def test_the_area_lists_cover_every_loans_tool():
    names = set(area_tools(LoanTools))
    assert set(READS) == names and len(names) == 5


def test_reads_never_change_the_hash(bank, seasoned_personal):
    tools = bank.tools(seasoned_personal["customer_id"])
    hash_before, rows_before = tools.get_db_hash(), bank.snapshot(tools)
    outputs = [tools.call(name, args(seasoned_personal["loan_id"])) for name, args in READS.items()]
    assert tools.get_db_hash() == hash_before
    assert bank.snapshot(tools) == rows_before
    again = bank.tools(seasoned_personal["customer_id"])
    assert [again.call(name, args(seasoned_personal["loan_id"])) for name, args in READS.items()] == outputs
    assert again.get_db_hash() == hash_before


@pytest.mark.parametrize("name", ["get_loan_details", "get_loan_foreclosure_quote"])
def test_loan_record_tools_need_a_logged_in_customer(bank, name):
    bank.refuse(bank.tools(), name, {"loan_id": "LN4HDXXEL4"}, ToolError, "no customer is logged in")


def test_calculators_work_without_a_customer(bank):
    tools = bank.tools()
    assert bank.call(tools, "calculate_loan_emi", {"principal": 120000, "annual_rate": 12, "tenure_months": 12})["emi"] == 10661.85
    assert bank.call(tools, "get_gold_rate")["rate_per_gram"] == 8983.0
    assert bank.call(tools, "check_gold_loan_eligibility", {"gold_weight_grams": 10, "purity_karat": 24})["maximum_loan"] == 73500.0
