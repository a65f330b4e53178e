"""Seed generation of fixed and recurring deposits, with their maturity arithmetic.

Deposit arithmetic (maturity amounts, payout interest, premature closure) is the bank's
own, from :mod:`tau_indian_bank.bank.interest`, so seeded deposits and deposits opened
or closed during a session follow the same formulas. The card rate is the
``DEPOSIT_RATE_SLABS`` rate for the tenure plus the senior uplift when the customer is
a senior citizen today. Payout FDs credit ``P*r/12`` or ``P*r/4`` to the linked account
on each monthly or quarterly anniversary of opening.
"""

from __future__ import annotations

import datetime as dt

from tau_indian_bank.bank import interest
from tau_indian_bank.bank.clock import add_days, add_months, months_between
from tau_indian_bank.bank.money import rupees_to_paise
from tau_indian_bank.constants import (
    DEPOSIT_RATE_SLABS,
    SENIOR_CITIZEN_UPLIFT_BPS,
    TODAY,
)
from tau_indian_bank.seeding.common import (
    HISTORY_START,
    LEDGER_END,
    WINDOW_START,
    AccountInfo,
    Person,
    Row,
    SeedBank,
    SeedContext,
    internal_poster,
)
from tau_indian_bank.seeding.people import relative_name

FD_TENURES = ((3, 5), (6, 10), (9, 5), (12, 22), (15, 8), (18, 8), (24, 14), (36, 12), (60, 11), (120, 5))
RD_TENURES = ((6, 10), (12, 30), (24, 25), (36, 15), (60, 15), (120, 5))
FD_AMOUNTS = (
    10_000,
    25_000,
    50_000,
    75_000,
    1_00_000,
    1_50_000,
    2_00_000,
    2_50_000,
    3_00_000,
    5_00_000,
    7_50_000,
    10_00_000,
    15_00_000,
    25_00_000,
)
RD_INSTALMENTS = (500, 1_000, 1_500, 2_000, 2_500, 3_000, 5_000, 7_500, 10_000, 15_000, 25_000)


def slab_rate_bps(months: int) -> int:
    """The general card rate for a tenure in months (tenures below 3 months use the 3-month slab)."""
    months = max(months, DEPOSIT_RATE_SLABS[0].min_months)
    for slab in DEPOSIT_RATE_SLABS:
        if slab.min_months <= months <= slab.max_months:
            return slab.rate_bps
    raise ValueError(f"no deposit rate slab covers {months} months")


def card_rate_bps(months: int, senior: bool) -> int:
    """Card rate for a tenure, with the senior-citizen uplift where it applies."""
    return slab_rate_bps(months) + (SENIOR_CITIZEN_UPLIFT_BPS if senior else 0)


def premature_closure_paise(deposit: Row, senior: bool, closed_on: dt.date) -> int:
    """Amount paid on premature closure, by the bank's own closure arithmetic."""
    terms = interest.closure_terms(
        str(deposit["deposit_type"]),
        int(str(deposit["amount_paise"])),
        int(str(deposit["rate_bps"])),
        str(deposit["payout_type"]),
        dt.date.fromisoformat(str(deposit["opened_on"])),
        closed_on,
        int(str(deposit["instalments_paid"])),
        dt.date.fromisoformat(str(deposit["maturity_date"])),
        int(str(deposit["maturity_amount_paise"])),
        senior,
    )
    return terms.payout


def make_deposits(bank: SeedBank) -> None:
    """Give about 60% of customers with an active account 1-3 deposits, each opened in its own month."""
    ctx = bank.ctx
    for person in bank.people:
        accounts = bank.active_own_accounts(person)
        if not accounts or not ctx.chance(0.62):
            continue
        months_used: set[tuple[int, int]] = set()
        for _ in range(ctx.weighted([(1, 0.55), (2, 0.3), (3, 0.15)])):
            for _attempt in range(40):
                if _try_deposit(bank, person, accounts, months_used):
                    break


def _try_deposit(bank: SeedBank, person: Person, accounts: list[AccountInfo], months_used: set[tuple[int, int]]) -> bool:
    """Draft one deposit; commit it (row and postings) only if its dates fit. Returns success."""
    ctx = bank.ctx
    acc = ctx.pick(accounts)
    fixed = ctx.chance(0.75)
    tenure = ctx.weighted(FD_TENURES if fixed else RD_TENURES)
    status = ctx.weighted([("active", 0.83), ("matured", 0.07), ("closed", 0.10)])
    dates = _draft_dates(ctx, acc, tenure, status)
    if dates is None:
        return False
    opened, maturity, closed_on = dates
    if (opened.year, opened.month) in months_used or (not fixed and opened.day == TODAY.day):
        return False
    hard = [day for day in (opened, closed_on) if day is not None and WINDOW_START <= day <= LEDGER_END]
    if len(set(hard)) != len(hard) or not all(acc.day_is_free(day) for day in hard):
        return False
    senior = person.segment == "senior_citizen"
    row = _deposit_row(ctx, person, acc, fixed, tenure, card_rate_bps(tenure, senior), opened, maturity, status)
    if closed_on is not None:
        at_maturity = closed_on == maturity
        if not fixed:
            before_closure = add_days(closed_on, -1)
            row["instalments_paid"] = tenure if at_maturity else _instalments_by(opened, before_closure, tenure)
        if at_maturity:
            row["maturity_instruction"] = "credit_to_account"
        row["closed_on"] = closed_on.isoformat()
        row["closure_amount_paise"] = row["maturity_amount_paise"] if at_maturity else premature_closure_paise(row, senior, closed_on)
    months_used.add((opened.year, opened.month))
    acc.hard_days.update(hard)
    bank.add("deposits", row)
    _schedule_postings(acc, row)
    return True


def _draft_dates(ctx: SeedContext, acc: AccountInfo, tenure: int, status: str) -> tuple[dt.date, dt.date, dt.date | None] | None:
    """Return (opened, maturity, closed_on) consistent with ``status``, or None to retry."""
    floor = max(HISTORY_START, add_days(acc.opened, 1))
    if status == "active":
        earliest = max(floor, add_days(add_months(TODAY, -tenure), 1))
        opened = ctx.recent_date(earliest, LEDGER_END, skew=1.0)
        closed_on = None
    elif status == "matured":
        opened = add_months(ctx.date_between(add_days(TODAY, -75), TODAY), -tenure)
        closed_on = None
    elif ctx.chance(0.6):  # closed before maturity
        opened = ctx.recent_date(floor, add_days(LEDGER_END, -20), skew=1.3)
        last = min(add_days(add_months(opened, tenure), -1), LEDGER_END)
        early = ctx.chance(0.08)
        closed_on = ctx.date_between(add_days(opened, 1), min(last, add_days(opened, 6)) if early else last)
    else:  # closed on maturity
        latest = add_months(add_days(TODAY, -80), -tenure)
        if latest < floor:
            return None
        opened = ctx.date_between(floor, latest)
        closed_on = add_months(opened, tenure)
    maturity = add_months(opened, tenure)
    if opened < floor or opened > LEDGER_END:
        return None
    if status != "closed" and (status == "active") != (maturity > TODAY):
        return None
    return opened, maturity, closed_on


def _instalments_by(opened: dt.date, day: dt.date, tenure: int) -> int:
    """RD instalments falling due from ``opened`` up to and including ``day``."""
    return min(months_between(opened, day) + 1, tenure)


def _deposit_row(
    ctx: SeedContext, person: Person, acc: AccountInfo, fixed: bool, tenure: int, rate: int, opened: dt.date, maturity: dt.date, status: str
) -> Row:
    """Build the deposits row (closure fields are filled in by the caller)."""
    rich = person.segment in ("premium", "senior_citizen")
    if fixed:
        amount = rupees_to_paise(ctx.pick(FD_AMOUNTS[3:] if rich else FD_AMOUNTS[:11]))
        if ctx.chance(0.2):
            amount = rupees_to_paise(ctx.randint(10_000, 4_00_000))
        payout = (
            "cumulative"
            if tenure < 12
            else ctx.weighted(
                [("cumulative", 0.55), ("quarterly", 0.25), ("monthly", 0.2)]
                if rich
                else [("cumulative", 0.75), ("quarterly", 0.15), ("monthly", 0.1)]
            )
        )
        maturity_amount = interest.fd_maturity_paise(amount, rate, opened, maturity, payout)
        instruction = ctx.weighted(
            [("credit_to_account", 0.4), ("renew_principal", 0.25), ("renew_principal_and_interest", 0.35)]
            if payout == "cumulative"
            else [("credit_to_account", 0.6), ("renew_principal", 0.4)]
        )
        paid = 0
    else:
        amount = rupees_to_paise(ctx.pick(RD_INSTALMENTS))
        payout, instruction = "cumulative", "credit_to_account"
        maturity_amount = interest.rd_maturity_paise(amount, rate, opened, tenure)
        paid = _instalments_by(opened, TODAY, tenure)
    content = {
        "customer_id": person.customer_id,
        "deposit_type": "fixed" if fixed else "recurring",
        "opened_on": opened.isoformat(),
        "amount_paise": amount,
        "tenure_months": tenure,
    }
    return {
        "deposit_id": ctx.new_id("FD" if fixed else "RD", content),
        "customer_id": person.customer_id,
        "deposit_type": content["deposit_type"],
        "linked_account_id": acc.account_id,
        "amount_paise": amount,
        "tenure_months": tenure,
        "rate_bps": rate,
        "payout_type": payout,
        "maturity_instruction": instruction,
        "opened_on": opened.isoformat(),
        "maturity_date": maturity.isoformat(),
        "maturity_amount_paise": maturity_amount,
        "instalments_paid": paid,
        "status": "closed" if status == "closed" else ("matured" if maturity <= TODAY else "active"),
        "nominee_name": relative_name(ctx, person) if ctx.chance(0.85) else None,
        "closed_on": None,
        "closure_amount_paise": None,
    }


def _schedule_postings(acc: AccountInfo, row: Row) -> None:
    """Put the deposit's funding, instalments, payouts and closure proceeds on the linked account."""
    deposit_id = str(row["deposit_id"])
    opened = dt.date.fromisoformat(str(row["opened_on"]))
    maturity = dt.date.fromisoformat(str(row["maturity_date"]))
    closed = dt.date.fromisoformat(str(row["closed_on"])) if row["closed_on"] else None
    amount = int(str(row["amount_paise"]))
    end = min(closed or TODAY, LEDGER_END)

    post = internal_poster(acc, f"DEPOSIT {deposit_id}", deposit_id, closed)

    if row["deposit_type"] == "fixed":
        post(opened, "debit", amount, f"TRANSFER TO FD {deposit_id}", hard=True)
        if row["payout_type"] != "cumulative":
            step = 1 if row["payout_type"] == "monthly" else 3
            interest_paise = interest.fd_periodic_interest_paise(amount, int(str(row["rate_bps"])), str(row["payout_type"]))
            k = step
            while (day := add_months(opened, k)) <= min(maturity, end) and (closed is None or day < closed):
                post(day, "credit", interest_paise, f"FD INTEREST PAYOUT {deposit_id}")
                k += step
    else:
        for k in range(int(str(row["instalments_paid"]))):
            day = add_months(opened, k)
            post(day, "debit", amount, f"RD INSTALMENT {k + 1} {deposit_id}", hard=k == 0)
    if closed is not None:
        label = "MATURITY" if closed == maturity else "PREMATURE CLOSURE"
        post(closed, "credit", int(str(row["closure_amount_paise"])), f"{label} PROCEEDS {deposit_id}", hard=True)
