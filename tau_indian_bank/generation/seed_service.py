"""Seed generation of insurance policies, product offers, statement and service requests."""

from __future__ import annotations

import datetime as dt

from tau_indian_bank.bank.clock import add_days, add_months
from tau_indian_bank.bank.money import format_rupees
from tau_indian_bank.constants import GOLD_LOAN_LTV_BPS, SERVICE_REQUEST_SLA_DAYS, TODAY
from tau_indian_bank.generation.seed_catalogue import INSURERS
from tau_indian_bank.generation.seed_common import (
    LEDGER_END,
    WINDOW_START,
    AccountInfo,
    Event,
    Person,
    Row,
    SeedContext,
    World,
    round_to_rupees,
    rupees,
)
from tau_indian_bank.generation.seed_deposits import card_rate_bps
from tau_indian_bank.generation.seed_people import relative_name

STATEMENT_REQUESTS = 300
_VALID_UNTIL = ("2026-09-30", "2026-12-31", "2027-03-31")


def make_insurance(world: World) -> None:
    """About 30% of customers hold one or two policies; about 8% of policies have lapsed."""
    ctx = world.ctx
    for person in world.people:
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
            _make_policy(world, person, kind)


def _policy_terms(ctx: SeedContext, person: Person, kind: str) -> tuple[str, str, int, int, str]:
    """Return (insurer, plan, sum assured paise, yearly premium paise, frequency)."""
    senior = person.segment == "senior_citizen"
    plans = INSURERS[kind]
    if kind == "health":
        insurer, plan = plans[1] if senior else ctx.pick((plans[0], plans[2]))
    else:
        insurer, plan = ctx.pick(plans)
    if kind == "life":
        cover = round_to_rupees(rupees(int(ctx.log_uniform(25_00_000, 2_00_00_000))), 5_00_000)
        premium = cover * ctx.randint(8, 30) // 10_000
        frequency = "monthly" if ctx.chance(0.4) else "yearly"
    elif kind == "health":
        cover = rupees(ctx.randint(3, 25) * 1_00_000)
        premium = rupees(ctx.randint(6_000, 35_000) * (5 if senior else 2) // 2)
        frequency = "monthly" if ctx.chance(0.15) else "yearly"
    elif kind == "motor":
        cover = rupees(ctx.randint(20, 150) * 10_000)
        premium, frequency = rupees(ctx.randint(3_000, 25_000)), "yearly"
    else:
        cover = rupees(ctx.randint(2, 20) * 5_00_000)
        premium, frequency = cover * 5 // 10_000, "yearly"
    return insurer, plan, cover, round_to_rupees(premium, 1), frequency


def _make_policy(world: World, person: Person, kind: str) -> None:
    """Create one policy and its premium debits on the chosen account."""
    ctx = world.ctx
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
    accounts = world.active_own_accounts(person)
    debit = ctx.pick(accounts) if accounts and ctx.chance(0.9) else None
    nominee_share = {"life": 0.95, "health": 0.9, "motor": 0.5, "home": 0.4}[kind]
    content = {"customer_id": person.customer_id, "policy_type": kind, "insurer": insurer, "issued_on": issued.isoformat()}
    row = world.add(
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


def make_offers(world: World) -> None:
    """About twenty current offers; deposit offers quote the card rate for their tenure."""
    ctx = world.ctx
    ltv = f"{GOLD_LOAN_LTV_BPS // 100}%"
    offers: list[tuple[str, str, str, int | None, str]] = [
        (
            "deposits",
            "Fixed Deposit - 1 Year",
            "Fixed deposit for 12 months, interest compounded quarterly.",
            card_rate_bps(12, False),
            "all",
        ),
        (
            "deposits",
            "Fixed Deposit - 2 Years",
            "Fixed deposit for 24 months with cumulative or payout options.",
            card_rate_bps(24, False),
            "all",
        ),
        (
            "deposits",
            "Senior Citizen Fixed Deposit - 2 Years",
            "Two-year deposit with the senior citizen uplift.",
            card_rate_bps(24, True),
            "senior_citizen",
        ),
        (
            "deposits",
            "Tax Saver Fixed Deposit - 5 Years",
            "Five-year lock-in deposit eligible under Section 80C.",
            card_rate_bps(60, False),
            "all",
        ),
        (
            "deposits",
            "Senior Citizen Tax Saver Deposit - 5 Years",
            "Five-year tax saver deposit for seniors.",
            card_rate_bps(60, True),
            "senior_citizen",
        ),
        ("deposits", "Short Term Deposit - 6 Months", "Park surplus funds for six months.", card_rate_bps(6, False), "all"),
        ("deposits", "Recurring Deposit - 1 Year", "Monthly instalments for 12 months.", card_rate_bps(12, False), "all"),
        ("deposits", "Recurring Deposit - 3 Years", "Monthly instalments for 36 months.", card_rate_bps(36, False), "all"),
        ("loans", "Home Loan", "Floating-rate home loan for up to 25 years.", 840, "all"),
        ("loans", "Personal Loan", "Unsecured personal loan for up to 5 years, fixed rate.", 1075, "all"),
        ("loans", "Premium Personal Loan", "Pre-approved personal loan for premium customers.", 1025, "premium"),
        ("loans", "Car Loan", "New car loan for up to 7 years, fixed rate.", 890, "all"),
        ("loans", "Gold Loan", f"Loan against gold jewellery at up to {ltv} of its value.", 925, "all"),
        ("cards", "Platinum Rewards Credit Card", "Airport lounge access and 5x rewards on travel.", None, "premium"),
        ("cards", "Everyday Cashback Credit Card", "Cashback on groceries, fuel and bill payments.", None, "all"),
        ("cards", "RuPay Select Debit Card", "Debit card with higher limits and accident cover.", None, "all"),
        ("insurance", "Jeevan Raksha Term Plan", "Term life cover from Bharat Life Insurance Co.", None, "all"),
        ("insurance", "Senior Care Health Plan", "Health cover for customers aged 60 and above.", None, "senior_citizen"),
        ("insurance", "Family Health Shield", "Family floater health insurance.", None, "all"),
        ("accounts", "Premium Savings Account", "Relationship manager and waived charges.", None, "premium"),
        ("accounts", "Senior Citizen Savings Account", "Doorstep banking and priority service.", None, "senior_citizen"),
        ("accounts", "Salary Account Plus", "Zero-balance salary account with free transactions.", None, "all"),
    ]
    for category, name, summary, rate, segment in offers:
        world.add(
            "product_offers",
            {
                "offer_id": ctx.new_id("OFR", {"name": name}),
                "category": category,
                "name": name,
                "summary": summary,
                "rate_bps": rate,
                "eligible_segment": segment,
                "valid_until": ctx.pick(_VALID_UNTIL),
            },
        )


def make_statement_requests(world: World, count: int = STATEMENT_REQUESTS) -> None:
    """Statement requests already dispatched, each for at most 12 months."""
    ctx = world.ctx
    accounts = [acc for acc in world.accounts if acc.status == "active" and acc.opened < dt.date(2026, 6, 1)]
    for _ in range(count):
        acc = ctx.pick(accounts)
        requested = ctx.recent_date(max(add_days(acc.opened, 20), dt.date(2025, 1, 1)), add_days(LEDGER_END, -2))
        to_date = max(add_days(requested, -ctx.randint(0, 15)), acc.opened)
        from_date = max(add_days(add_months(to_date, -ctx.pick((1, 3, 6, 12))), 1), acc.opened)
        content = {
            "account_id": acc.account_id,
            "from_date": from_date.isoformat(),
            "to_date": to_date.isoformat(),
            "requested_on": requested.isoformat(),
        }
        world.add(
            "statement_requests",
            {
                "request_id": ctx.new_id("STMT", content),
                "account_id": acc.account_id,
                "from_date": from_date.isoformat(),
                "to_date": to_date.isoformat(),
                "delivery": "email" if ctx.chance(0.8) else "post",
                "requested_on": requested.isoformat(),
                "status": "dispatched",
            },
        )


def make_service_requests(world: World) -> None:
    """About 30% of customers have one or two service requests from 2026."""
    ctx = world.ctx
    index = _ServiceIndex(world)
    for person in world.people:
        if not ctx.chance(0.3):
            continue
        for _ in range(2 if ctx.chance(0.25) else 1):
            category, related, description = index.draw(ctx, person)
            _add_request(world, person, category, related, description)


def _add_request(world: World, person: Person, category: str, related: str | None, description: str) -> None:
    """Create one service request with a status consistent with its dates."""
    ctx = world.ctx
    status = ctx.weighted([("open", 0.25), ("in_progress", 0.2), ("resolved", 0.45), ("rejected", 0.1)])
    sla = SERVICE_REQUEST_SLA_DAYS[category]
    if status == "open" and ctx.chance(0.45):  # already past its SLA
        created = ctx.date_between(WINDOW_START, add_days(TODAY, -sla - 1))
    elif status in ("open", "in_progress"):
        created = ctx.date_between(max(WINDOW_START, add_days(TODAY, -sla)), LEDGER_END)
    else:
        created = ctx.date_between(WINDOW_START, add_days(LEDGER_END, -3))
    note = _resolution(ctx, category, status) if status in ("resolved", "rejected") else None
    content = {"customer_id": person.customer_id, "category": category, "created_on": created.isoformat(), "related_id": related}
    world.add(
        "service_requests",
        {
            "request_id": ctx.new_id("SR", content),
            "customer_id": person.customer_id,
            "category": category,
            "related_id": related,
            "description": description,
            "status": status,
            "created_on": created.isoformat(),
            "sla_due_on": add_days(created, sla).isoformat(),
            "resolution_note": note,
        },
    )


def _resolution(ctx: SeedContext, category: str, status: str) -> str:
    """A short closing note for a resolved or rejected request."""
    if status == "rejected":
        if category == "dispute_transaction":
            return "Transaction was authenticated with the customer's card and PIN; no error found."
        return ctx.pick(("Request withdrawn by the customer over phone.", "Required documents were not submitted within the time allowed."))
    return {
        "dispute_transaction": "Dispute upheld; the amount was credited back to the account.",
        "card_replacement": "Replacement card dispatched by courier to the communication address.",
        "kyc_update": "KYC documents verified and records updated.",
        "account_reactivation": "Account reactivated after fresh KYC.",
        "loan_foreclosure": "Foreclosure statement shared with the customer.",
        "gold_loan_application": "Customer advised to visit the branch with the jewellery for appraisal.",
        "insurance_claim": "Claim documents forwarded to the insurer; claim settled.",
        "nominee_update": "Nominee details updated.",
    }.get(category, "Resolved and confirmed with the customer.")


class _ServiceIndex:
    """Lookups from a customer to the records a service request can be about."""

    def __init__(self, world: World) -> None:
        """Index the world's tables by customer and account."""
        self.debits: dict[str, list[Row]] = {}
        for txn in world.tables["transactions"]:
            if txn["direction"] == "debit" and txn["channel"] in ("upi", "pos", "atm") and txn["status"] == "success":
                self.debits.setdefault(str(txn["account_id"]), []).append(txn)
        self.cards = self._by_customer(world.tables["cards"])
        self.loans = self._by_customer([r for r in world.tables["loans"] if r["status"] == "active"])
        self.policies = self._by_customer([r for r in world.tables["insurance_policies"] if r["status"] == "active"])

    @staticmethod
    def _by_customer(rows: list[Row]) -> dict[str, list[Row]]:
        grouped: dict[str, list[Row]] = {}
        for row in rows:
            grouped.setdefault(str(row["customer_id"]), []).append(row)
        return grouped

    def draw(self, ctx: SeedContext, person: Person) -> tuple[str, str | None, str]:
        """Return (category, related id, description) for something this customer really has."""
        own = [acc for acc in person.accounts if acc.primary is person]
        debits = [txn for acc in own for txn in self.debits.get(acc.account_id, [])]
        dormant = [acc for acc in own if acc.status == "dormant"]
        cards = self.cards.get(person.customer_id, [])
        loans = self.loans.get(person.customer_id, [])
        policies = self.policies.get(person.customer_id, [])
        options: list[tuple[str, float]] = [
            ("complaint", 3),
            ("kyc_update", 2),
            ("other", 1.5),
            ("gold_loan_application", 0.6),
            ("nominee_update", 1 if own else 0),
        ]
        options += [
            ("dispute_transaction", 3 if debits else 0),
            ("card_replacement", 1.5 if cards else 0),
            ("account_reactivation", 4 if dormant else 0),
            ("loan_foreclosure", 1.5 if loans else 0),
            ("insurance_claim", 1.5 if policies else 0),
        ]
        category = ctx.weighted([(name, weight) for name, weight in options if weight > 0])
        if category == "dispute_transaction":
            txn = ctx.pick(debits)
            return (
                category,
                str(txn["txn_id"]),
                (
                    f"Customer does not recognise the {str(txn['channel']).upper()} debit of "
                    f"{format_rupees(int(str(txn['amount_paise'])))} on {txn['posted_on']} to {txn['counterparty']} "
                    "and wants it investigated."
                ),
            )
        if category == "card_replacement":
            card = ctx.pick(cards)
            reason = card["blocked_reason"] or ctx.pick(("worn out", "damaged"))
            return (
                category,
                str(card["card_id"]),
                (f"Card ending {card['last4']} is {reason}; customer wants a replacement sent to the communication address."),
            )
        if category == "account_reactivation":
            acc = ctx.pick(dormant)
            return (
                category,
                acc.account_id,
                (f"Account ending {acc.account_id[-4:]} is dormant; customer wants to use it again and will submit fresh KYC."),
            )
        if category == "loan_foreclosure":
            loan = ctx.pick(loans)
            return (
                category,
                str(loan["loan_id"]),
                (f"Customer wants to close {loan['loan_type']} loan {loan['loan_id']} early and asked for the foreclosure amount."),
            )
        if category == "insurance_claim":
            policy = ctx.pick(policies)
            return (
                category,
                str(policy["policy_id"]),
                (f"Claim under {policy['plan_name']} policy {policy['policy_id']}; customer has submitted the bills and documents."),
            )
        if category == "nominee_update":
            acc = ctx.pick(own)
            return (
                category,
                acc.account_id,
                (f"Customer wants to change the nominee on account ending {acc.account_id[-4:]} to {relative_name(ctx, person)}."),
            )
        return category, None, _free_description(ctx, category)


def _free_description(ctx: SeedContext, category: str) -> str:
    """Descriptions for requests not tied to a record."""
    texts = {
        "complaint": (
            "SMS alert charges were debited twice for the March quarter.",
            "Branch staff refused to accept a cash deposit after 3 pm.",
            "Interest certificate for FY 2025-26 was not received by email.",
            "Cheque deposited at the branch is not yet credited after four working days.",
            "Customer was kept waiting on the phone banking line for over 40 minutes.",
        ),
        "kyc_update": (
            "Customer moved house and wants to update the communication address.",
            "Periodic KYC update: customer submitted Aadhaar and PAN copies at the branch.",
            "Customer wants to update the registered email address.",
        ),
        "gold_loan_application": (
            f"Customer wants a gold loan against about {ctx.randint(20, 120)} g of {ctx.pick((18, 22))} carat jewellery.",
        ),
        "other": (
            "Customer wants a balance confirmation certificate for a visa application.",
            "Customer asked for a duplicate welcome kit.",
            "Customer wants to register a new mobile number for alerts.",
        ),
    }
    return ctx.pick(texts[category])
