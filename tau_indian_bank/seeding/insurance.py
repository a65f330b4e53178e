"""Seed generation of insurance policies sold through the bank, and their premium debits."""

from __future__ import annotations

import datetime as dt

from tau_indian_bank.bank.clock import add_days, add_months
from tau_indian_bank.bank.money import rupees_to_paise
from tau_indian_bank.constants import TODAY
from tau_indian_bank.seeding.common import (
    LEDGER_END,
    WINDOW_START,
    AccountInfo,
    Event,
    Person,
    Row,
    SeedBank,
    SeedContext,
    round_to_rupees,
)
from tau_indian_bank.seeding.counterparties import INSURERS
from tau_indian_bank.seeding.people import relative_name


def make_insurance(bank: SeedBank) -> None:
    """About 30% of customers hold one or two policies; about 8% of policies have lapsed."""
    ctx = bank.ctx
    for person in bank.people:
        if not ctx.chance(0.3):
            continue
        kinds: list[str] = []
        for _ in range(2 if ctx.chance(0.2) else 1):
            kind = ctx.weighted(
                [("health", 0.6), ("life", 0.15), ("home", 0.15), ("motor", 0.1)]
                if person.segment == "senior_citizen"
                else [("life", 0.35), ("health", 0.35), ("motor", 0.2), ("home", 0.1)]
            )
            if kind not in kinds:
                kinds.append(kind)
        for kind in kinds:
            _make_policy(bank, person, kind)


def _policy_terms(ctx: SeedContext, person: Person, kind: str) -> tuple[str, str, int, int, str]:
    """Return (insurer, plan, sum assured paise, yearly premium paise, frequency)."""
    senior = person.segment == "senior_citizen"
    plans = INSURERS[kind]
    if kind == "health":
        insurer, plan = plans[1] if senior else ctx.pick((plans[0], plans[2]))
    else:
        insurer, plan = ctx.pick(plans)
    if kind == "life":
        cover = round_to_rupees(rupees_to_paise(int(ctx.log_uniform(25_00_000, 2_00_00_000))), 5_00_000)
        premium = cover * ctx.randint(8, 30) // 10_000
        frequency = "monthly" if ctx.chance(0.4) else "yearly"
    elif kind == "health":
        cover = rupees_to_paise(ctx.randint(3, 25) * 1_00_000)
        premium = rupees_to_paise(ctx.randint(6_000, 35_000) * (5 if senior else 2) // 2)
        frequency = "monthly" if ctx.chance(0.15) else "yearly"
    elif kind == "motor":
        cover = rupees_to_paise(ctx.randint(20, 150) * 10_000)
        premium, frequency = rupees_to_paise(ctx.randint(3_000, 25_000)), "yearly"
    else:
        cover = rupees_to_paise(ctx.randint(2, 20) * 5_00_000)
        premium, frequency = cover * 5 // 10_000, "yearly"
    return insurer, plan, cover, round_to_rupees(premium, 1), frequency


def _make_policy(bank: SeedBank, person: Person, kind: str) -> None:
    """Create one policy and its premium debits on the chosen account."""
    ctx = bank.ctx
    insurer, plan, cover, yearly, frequency = _policy_terms(ctx, person, kind)
    step = 1 if frequency == "monthly" else 12
    premium = round_to_rupees(yearly * 104 // 1200, 1) if frequency == "monthly" else yearly
    lapsed = ctx.chance(0.11)
    floor = max(person.since, dt.date(2018, 1, 1))
    if lapsed:
        next_due = ctx.date_between(add_days(TODAY, -200), add_days(TODAY, -31))
        periods = ctx.randint(1, 30 if step == 1 else 5)
        issued = add_months(next_due, -step * periods)
        next_due = add_months(issued, step * periods)
    else:
        issued = ctx.date_between(floor, add_days(LEDGER_END, -10))
        periods = 0
        while add_months(issued, step * periods) < TODAY:
            periods += 1
        next_due = add_months(issued, step * periods)
    if issued < person.since:
        return
    accounts = bank.active_own_accounts(person)
    debit = ctx.pick(accounts) if accounts and ctx.chance(0.9) else None
    nominee_share = {"life": 0.95, "health": 0.9, "motor": 0.5, "home": 0.4}[kind]
    content = {"customer_id": person.customer_id, "policy_type": kind, "insurer": insurer, "issued_on": issued.isoformat()}
    row = bank.add(
        "insurance_policies",
        {
            "policy_id": ctx.new_id("POL", content),
            "customer_id": person.customer_id,
            "policy_type": kind,
            "insurer": insurer,
            "plan_name": plan,
            "sum_assured_paise": cover,
            "premium_paise": premium,
            "premium_frequency": frequency,
            "next_due_date": next_due.isoformat(),
            "status": "lapsed" if lapsed else "active",
            "nominee_name": relative_name(ctx, person) if ctx.chance(nominee_share) else None,
            "debit_account_id": debit.account_id if debit else None,
        },
    )
    if debit is not None:
        _premium_debits(debit, row, issued, step, next_due, lapsed)


def _premium_debits(acc: AccountInfo, row: Row, issued: dt.date, step: int, next_due: dt.date, lapsed: bool) -> None:
    """Premiums auto-debited before ``next_due``; a lapsed policy's missed premium shows as failed."""
    policy_id = str(row["policy_id"])
    insurer = str(row["insurer"]).upper()
    k = 0
    while (due := add_months(issued, step * k)) <= next_due:
        missed = due == next_due
        if (not missed or lapsed) and WINDOW_START <= due <= LEDGER_END and due > acc.opened:
            narration = f"SI PREMIUM {insurer} {policy_id}" + (" - STANDING INSTRUCTION FAILED" if missed else "")
            acc.forced.append(
                Event(
                    day=due,
                    direction="debit",
                    channel="internal",
                    amount=int(str(row["premium_paise"])),
                    counterparty=str(row["insurer"]),
                    reference=policy_id,
                    narration=narration,
                    forced=True,
                    status="failed" if missed else "success",
                )
            )
        k += 1
