"""Seed generation of accounts and account holders (including joint accounts)."""

from __future__ import annotations

import datetime as dt

from tau_indian_bank.bank.clock import add_days
from tau_indian_bank.bank.money import rupees_to_paise
from tau_indian_bank.seeding.common import (
    LEDGER_END,
    AccountInfo,
    Person,
    SeedBank,
    SeedContext,
)
from tau_indian_bank.seeding.counterparties import EMPLOYERS
from tau_indian_bank.seeding.people import relative_name

#: Monthly average balance to be kept, by account type and branch tier (rupees).
MIN_BALANCE_RUPEES: dict[str, dict[str, int]] = {
    "savings": {"metro": 10_000, "urban": 5_000, "semi_urban": 1_000},
    "current": {"metro": 25_000, "urban": 10_000, "semi_urban": 5_000},
    "salary": {"metro": 0, "urban": 0, "semi_urban": 0},
}
JOINT_ACCOUNTS = 50
#: Customer transactions before this date make an account dormant (two years before TODAY).
DORMANT_BEFORE = dt.date(2024, 7, 15)
_LATEST_DORMANT_OPENING = dt.date(2023, 12, 31)


def make_accounts(bank: SeedBank) -> None:
    """Open 1-3 accounts per customer, then make about 50 of them joint with another customer."""
    ctx = bank.ctx
    numbers: set[str] = set(ctx.reserved)  # never another bank's account number
    for person in bank.people:
        kinds = _account_kinds(ctx, person)
        for index, kind in enumerate(kinds):
            status = _account_status(ctx, person, index, len(kinds), kind)
            acc = _open_account(bank, person, kind, status, index, numbers)
            bank.accounts.append(acc)
            person.accounts.append(acc)
    _make_joint_accounts(bank)
    for acc in bank.accounts:
        bank.add(
            "account_holders",
            {"account_id": acc.account_id, "customer_id": acc.primary.customer_id, "role": "primary", "holder_name": acc.primary.full_name},
        )
        if acc.joint is not None:
            bank.add(
                "account_holders",
                {"account_id": acc.account_id, "customer_id": acc.joint.customer_id, "role": "joint", "holder_name": acc.joint.full_name},
            )


def _account_kinds(ctx: SeedContext, person: Person) -> list[str]:
    """Choose the customer's account types; sets employer/pension facts on the person."""
    kinds: list[str] = []
    if person.segment != "senior_citizen" and person.age <= 58 and ctx.chance(0.33):
        person.employer = ctx.pick(EMPLOYERS)
        kinds.append("salary")
    if person.segment == "senior_citizen" and ctx.chance(0.5):
        person.pensioner = True
    savings = 1 + ctx.chance(0.28) + ctx.chance(0.1) if not kinds else int(ctx.chance(0.5))
    if 24 <= person.age <= 72 and ctx.chance(0.095):
        kinds.append("current")
    kinds = ["savings"] * savings + kinds
    return kinds[:3] if kinds else ["savings"]


def _account_status(ctx: SeedContext, person: Person, index: int, count: int, kind: str) -> str:
    """active, dormant (about 6%) or closed (about 1%)."""
    if kind != "savings" or person.since > dt.date(2023, 9, 30):
        return "active"
    if count == 1:
        return "dormant" if ctx.chance(0.045) else "active"
    if index == 0:
        return "active"
    roll = ctx.rng.random()
    return "dormant" if roll < 0.3 else ("closed" if roll < 0.345 else "active")


def _open_account(bank: SeedBank, person: Person, kind: str, status: str, index: int, numbers: set[str]) -> AccountInfo:
    """Create one account row (balance and last transaction date are filled in by the ledger)."""
    ctx = bank.ctx
    ifsc = person.branch_ifsc if ctx.chance(0.88) else ctx.pick(sorted(bank.branches))
    city = bank.branches[ifsc][0]
    number = _account_number(ctx, person, numbers)
    if index == 0:
        opened = person.since
    elif status == "dormant":
        opened = ctx.date_between(person.since, _LATEST_DORMANT_OPENING)
    elif status == "closed":
        opened = ctx.date_between(person.since, dt.date(2025, 6, 30))
    else:
        opened = ctx.recent_date(person.since, add_days(LEDGER_END, -40), skew=0.7)
    cheques = True if kind == "current" else ctx.chance(0.82 if kind == "savings" else 0.75)
    row = {
        "account_id": number,
        "account_type": kind,
        "ifsc": ifsc,
        "status": status,
        "balance_paise": 0,
        "min_balance_paise": rupees_to_paise(MIN_BALANCE_RUPEES[kind][city.tier]),
        "mode_of_operation": "single",
        "opened_on": opened.isoformat(),
        "last_customer_txn_on": "",
        "nominee_name": relative_name(ctx, person) if ctx.chance(0.7) else None,
        "cheque_facility": cheques,
    }
    acc = AccountInfo(row=row, primary=person, tier=city.tier, state=city.state)
    _choose_target_balance(ctx, acc)
    bank.add("accounts", row)
    return acc


def _account_number(ctx: SeedContext, person: Person, numbers: set[str]) -> str:
    """A unique 12-digit number starting 5010 whose last four digits are new to the customer."""
    while True:
        number = "5010" + ctx.digits(8)
        if number not in numbers and number[-4:] not in person.last4s:
            numbers.add(number)
            person.last4s.add(number[-4:])
            return number


def _choose_target_balance(ctx: SeedContext, acc: AccountInfo) -> None:
    """Pick the balance the account should end on; about 8% of active accounts end below ₹10,000."""
    person = acc.primary
    if acc.status == "closed":
        return
    if acc.status == "active" and ctx.chance(0.085):
        acc.low_balance = True
        acc.target_balance = rupees_to_paise(ctx.randint(150, 9_500)) + ctx.randint(0, 99)
        return
    if acc.kind == "current":
        low, high = 40_000, 4_000_000
    elif person.segment == "premium":
        low, high = 200_000, 6_000_000
    elif person.segment == "senior_citizen":
        low, high = 30_000, 3_500_000
    elif acc.kind == "salary":
        low, high = 15_000, 600_000
    else:
        low, high = 12_000, 1_500_000
    if acc.status == "dormant":
        low, high = 500, 150_000
    acc.target_balance = rupees_to_paise(int(ctx.log_uniform(low, high))) + ctx.randint(0, 99)


def _make_joint_accounts(bank: SeedBank) -> None:
    """Add a second holder (preferably a same-surname adult) to about 50 active savings accounts."""
    ctx = bank.ctx
    candidates = [acc for acc in bank.accounts if acc.kind == "savings" and acc.status == "active"]
    ctx.rng.shuffle(candidates)
    in_joint: set[str] = set()
    by_surname: dict[str, list[Person]] = {}
    for person in bank.people:
        by_surname.setdefault(person.surname, []).append(person)
    made = 0
    for acc in candidates:
        if made == JOINT_ACCOUNTS:
            break
        owner = acc.primary
        if owner.customer_id in in_joint:
            continue
        partner = _joint_partner(ctx, acc, by_surname.get(owner.surname, []), bank.people, in_joint)
        if partner is None:
            continue
        acc.joint = partner
        acc.row["mode_of_operation"] = "either_or_survivor"
        partner.accounts.append(acc)
        partner.last4s.add(acc.account_id[-4:])
        in_joint.update((owner.customer_id, partner.customer_id))
        made += 1


def _joint_partner(ctx: SeedContext, acc: AccountInfo, family: list[Person], everyone: list[Person], in_joint: set[str]) -> Person | None:
    """A second holder for ``acc``: family first, else anyone; None if no one fits."""
    owner = acc.primary
    last4 = acc.account_id[-4:]

    def fits(other: Person) -> bool:
        return other is not owner and other.customer_id not in in_joint and last4 not in other.last4s and other.age >= 18

    kin = [other for other in family if fits(other)]
    if kin and ctx.chance(0.8):
        return ctx.pick(kin)
    for _ in range(20):
        other = ctx.pick(everyone)
        if fits(other):
            return other
    return None
