"""Seed generation of loans, with standard EMI arithmetic.

* EMI: ``P * i * (1 + i)**n / ((1 + i)**n - 1)`` with monthly rate ``i = rate_bps / 120000``,
  rounded half-up to whole rupees.
* EMI ``k`` (1-based) falls due on ``add_months(disbursed_on, k)``; ``emis_paid`` counts the
  due dates on or before TODAY (none falls on TODAY itself) and ``next_emi_date`` is the
  following due date, so it is always after TODAY for an active loan.
* Outstanding principal after ``k`` EMIs: ``P*(1+i)**k - EMI*((1+i)**k - 1)/i``, rounded
  half-up to paise (never below zero).
* A closed loan has ``outstanding_paise`` 0 and ``next_emi_date`` set to the day it was
  closed (its last EMI, or the foreclosure date).
* Gold loans: sanctioned at most ``GOLD_LOAN_LTV_BPS`` of the pledged gold's value at
  today's rate for its purity.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal, localcontext

from tau_indian_bank.bank.clock import add_days, add_months
from tau_indian_bank.bank.money import rupees_to_paise
from tau_indian_bank.constants import (
    FIXED_RATE_FORECLOSURE_CHARGE_BPS,
    FORECLOSURE_MIN_EMIS_PAID,
    GOLD_LOAN_LTV_BPS,
    GOLD_LOAN_MIN_PAISE,
    GOLD_PURITIES_KARAT,
    GST_BPS,
    PAISE_PER_RUPEE,
    TODAY,
    gold_rate_per_gram_paise,
)
from tau_indian_bank.seeding.common import (
    LEDGER_END,
    WINDOW_START,
    AccountInfo,
    Person,
    Row,
    SeedBank,
    SeedContext,
    internal_poster,
    round_half_up,
    round_to_rupees,
)


def emi_paise(principal: int, rate_bps: int, months: int) -> int:
    """Equated monthly instalment, rounded half-up to whole rupees (returned in paise)."""
    with localcontext() as ctx:
        ctx.prec = 50
        rate = Decimal(rate_bps) / Decimal(120_000)
        growth = (1 + rate) ** months
        emi = Decimal(principal) * rate * growth / (growth - 1)
    return round_half_up(emi / PAISE_PER_RUPEE) * PAISE_PER_RUPEE


def outstanding_paise(principal: int, rate_bps: int, emi: int, paid: int) -> int:
    """Principal still owed after ``paid`` EMIs (closed form, rounded half-up, floored at 0)."""
    with localcontext() as ctx:
        ctx.prec = 50
        rate = Decimal(rate_bps) / Decimal(120_000)
        growth = (1 + rate) ** paid
        owed = Decimal(principal) * growth - Decimal(emi) * (growth - 1) / rate
    return max(round_half_up(owed), 0)


def emis_due_by(disbursed: dt.date, day: dt.date, tenure: int) -> int:
    """How many EMIs fall due on or before ``day``."""
    count = 0
    while count < tenure and add_months(disbursed, count + 1) <= day:
        count += 1
    return count


def make_loans(bank: SeedBank) -> None:
    """Give about 35% of customers with an active account one loan (a few two)."""
    ctx = bank.ctx
    for person in bank.people:
        accounts = bank.active_own_accounts(person)
        if not accounts or not ctx.chance(0.36):
            continue
        kinds: list[str] = []
        for _ in range(2 if ctx.chance(0.12) else 1):
            kind = _loan_kind(ctx, person)
            if kind not in kinds:
                kinds.append(kind)
        for kind in kinds:
            for _attempt in range(40):
                if _try_loan(bank, person, ctx.pick(accounts), kind):
                    break


def _loan_kind(ctx: SeedContext, person: Person) -> str:
    """Loan type, by the customer's life stage."""
    if person.age < 25:
        return ctx.weighted([("personal", 0.8), ("vehicle", 0.2)])
    if person.segment == "senior_citizen":
        return ctx.weighted([("gold", 0.55), ("personal", 0.25), ("home", 0.1), ("vehicle", 0.1)])
    return ctx.weighted([("home", 0.28), ("personal", 0.37), ("vehicle", 0.2), ("gold", 0.15)])


def _terms(ctx: SeedContext, kind: str) -> tuple[int, int, int, str]:
    """Return (sanctioned paise, rate bps, tenure months, rate type) for a loan type."""
    if kind == "home":
        amount = round_to_rupees(rupees_to_paise(int(ctx.log_uniform(15_00_000, 1_20_00_000))), 50_000)
        return amount, 5 * ctx.randint(167, 190), ctx.pick((180, 240, 300)), "floating"
    if kind == "personal":
        amount = round_to_rupees(rupees_to_paise(int(ctx.log_uniform(50_000, 15_00_000))), 5_000)
        return amount, 5 * ctx.randint(210, 320), ctx.pick((12, 24, 36, 48, 60)), "fixed"
    if kind == "vehicle":
        amount = round_to_rupees(rupees_to_paise(int(ctx.log_uniform(3_00_000, 18_00_000))), 10_000)
        return amount, 5 * ctx.randint(175, 220), ctx.pick((36, 48, 60, 84)), "fixed"
    return 0, 5 * ctx.randint(180, 240), ctx.pick((12, 24)), "fixed"


def _try_loan(bank: SeedBank, person: Person, acc: AccountInfo, kind: str) -> bool:
    """Draft one loan and commit it if its dates fit the repayment account. Returns success."""
    ctx = bank.ctx
    sanctioned, rate, tenure, rate_type = _terms(ctx, kind)
    gold_mg = karat = None
    if kind == "gold":
        sanctioned, gold_mg, karat = _gold_terms(ctx)
    closed = ctx.chance(0.07)
    disbursed = _disbursal_date(ctx, person, kind, tenure, closed)
    if disbursed is None:
        return False
    emi = emi_paise(sanctioned, rate, tenure)
    paid = emis_due_by(disbursed, TODAY, tenure)
    closed_on: dt.date | None = None
    if closed:
        if tenure > FORECLOSURE_MIN_EMIS_PAID and paid > FORECLOSURE_MIN_EMIS_PAID and ctx.chance(0.5):
            paid = ctx.randint(FORECLOSURE_MIN_EMIS_PAID, min(paid, tenure - 1))
            closed_on = ctx.date_between(
                add_days(add_months(disbursed, paid), 1), min(add_days(add_months(disbursed, paid + 1), -1), LEDGER_END)
            )
        elif paid == tenure:
            closed_on = add_months(disbursed, tenure)
        else:
            return False
    foreclosed = closed_on is not None and closed_on != add_months(disbursed, tenure)
    credited = kind in ("personal", "gold")
    hard = [
        day
        for day, posts in ((disbursed, credited), (closed_on, foreclosed))
        if posts and day is not None and WINDOW_START <= day <= LEDGER_END
    ]
    if not all(acc.day_is_free(day) for day in hard) or len(set(hard)) != len(hard):
        return False
    acc.hard_days.update(hard)
    next_emi = closed_on if closed_on is not None else add_months(disbursed, paid + 1)
    content = {"customer_id": person.customer_id, "loan_type": kind, "disbursed_on": disbursed.isoformat(), "sanctioned_paise": sanctioned}
    row = bank.add(
        "loans",
        {
            "loan_id": ctx.new_id("LN", content),
            "customer_id": person.customer_id,
            "loan_type": kind,
            "rate_type": rate_type,
            "sanctioned_paise": sanctioned,
            "outstanding_paise": 0 if closed else outstanding_paise(sanctioned, rate, emi, paid),
            "rate_bps": rate,
            "tenure_months": tenure,
            "emis_paid": paid,
            "emi_paise": emi,
            "disbursed_on": disbursed.isoformat(),
            "next_emi_date": next_emi.isoformat(),
            "repayment_account_id": acc.account_id,
            "status": "closed" if closed else "active",
            "gold_weight_mg": gold_mg,
            "gold_purity_karat": karat,
        },
    )
    _schedule_postings(acc, row, closed_on)
    return True


def _gold_terms(ctx: SeedContext) -> tuple[int, int, int]:
    """Return (sanctioned paise, gold weight in mg, purity in carats) within the LTV cap."""
    while True:
        weight_mg = ctx.randint(8, 250) * 1000 + ctx.randint(0, 999)
        karat = ctx.weighted([(purity, 0.7 if purity == 22 else 0.15) for purity in GOLD_PURITIES_KARAT])
        value = gold_rate_per_gram_paise(karat) * weight_mg // 1000
        cap = value * GOLD_LOAN_LTV_BPS // 10_000
        sanctioned = round_to_rupees(cap * ctx.randint(55, 98) // 100 - rupees_to_paise(500), 1_000)
        if GOLD_LOAN_MIN_PAISE <= sanctioned <= cap:
            return sanctioned, weight_mg, karat


def _disbursal_date(ctx: SeedContext, person: Person, kind: str, tenure: int, closed: bool) -> dt.date | None:
    """A disbursal date; active loans still run after TODAY, personal loans are often recent."""
    earliest = max(person.since, dt.date(2011, 1, 1))
    if closed:
        latest = add_months(LEDGER_END, -FORECLOSURE_MIN_EMIS_PAID - 1)
        if kind == "gold":
            latest = add_months(LEDGER_END, -tenure)
        day = ctx.date_between(earliest, latest) if earliest <= latest else None
    else:
        earliest = max(earliest, add_days(add_months(TODAY, -tenure), 1))
        if kind == "personal" and ctx.chance(0.45):
            earliest = max(earliest, add_months(TODAY, -11))
        latest = add_days(LEDGER_END, -3)
        day = ctx.recent_date(earliest, latest, skew=1.3) if earliest <= latest else None
    if day is None:
        return None
    if day.day == TODAY.day:
        day = add_days(day, 1)
    if not closed and add_months(day, tenure) <= TODAY:
        return None
    return day


def _schedule_postings(acc: AccountInfo, row: Row, closed_on: dt.date | None) -> None:
    """Put disbursal credits, EMIs and any foreclosure payment on the repayment account."""
    loan_id = str(row["loan_id"])
    disbursed = dt.date.fromisoformat(str(row["disbursed_on"]))
    emi = int(str(row["emi_paise"]))

    post = internal_poster(acc, f"LOAN {loan_id}", loan_id, closed_on)

    if row["loan_type"] in ("personal", "gold"):
        post(disbursed, "credit", int(str(row["sanctioned_paise"])), f"LOAN DISBURSAL {loan_id}", hard=True)
    for k in range(1, int(str(row["emis_paid"])) + 1):
        post(add_months(disbursed, k), "debit", emi, f"EMI {k} OF {row['tenure_months']} LOAN {loan_id}")
    if closed_on is not None and closed_on != add_months(disbursed, int(str(row["tenure_months"]))):
        owed = outstanding_paise(int(str(row["sanctioned_paise"])), int(str(row["rate_bps"])), emi, int(str(row["emis_paid"])))
        charge = 0
        if row["rate_type"] == "fixed":
            fee = round_half_up(Decimal(owed) * FIXED_RATE_FORECLOSURE_CHARGE_BPS / 10_000)
            charge = fee + round_half_up(Decimal(fee) * GST_BPS / 10_000)
        post(closed_on, "debit", owed + charge, f"LOAN FORECLOSURE {loan_id}", hard=True)
