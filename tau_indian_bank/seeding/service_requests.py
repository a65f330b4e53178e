"""Seed generation of statement requests and service requests (each about a record the customer really has)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from tau_indian_bank.bank.clock import add_days, add_months
from tau_indian_bank.bank.money import format_rupees
from tau_indian_bank.constants import SERVICE_REQUEST_SLA_DAYS, TODAY
from tau_indian_bank.seeding.common import (
    LEDGER_END,
    WINDOW_START,
    AccountInfo,
    Person,
    Row,
    SeedBank,
    SeedContext,
)
from tau_indian_bank.seeding.people import relative_name

STATEMENT_REQUESTS = 300


def make_statement_requests(bank: SeedBank, count: int = STATEMENT_REQUESTS) -> None:
    """Statement requests already dispatched, each for at most 12 months."""
    ctx = bank.ctx
    accounts = [acc for acc in bank.accounts if acc.status == "active" and acc.opened < dt.date(2026, 6, 1)]
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
        bank.add(
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


def make_service_requests(bank: SeedBank) -> None:
    """About 30% of customers have one or two service requests from 2026."""
    ctx = bank.ctx
    index = _ServiceIndex(bank)
    for person in bank.people:
        if not ctx.chance(0.3):
            continue
        for _ in range(2 if ctx.chance(0.25) else 1):
            category, related, description = index.draw(ctx, person)
            _add_request(bank, person, category, related, description)


def _add_request(bank: SeedBank, person: Person, category: str, related: str | None, description: str) -> None:
    """Create one service request with a status consistent with its dates."""
    ctx = bank.ctx
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
    bank.add(
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

    def __init__(self, bank: SeedBank) -> None:
        """Index the bank's tables by customer and account."""
        self.debits: dict[str, list[Row]] = {}
        for txn in bank.tables["transactions"]:
            if txn["direction"] == "debit" and txn["channel"] in ("upi", "pos", "atm") and txn["status"] == "success":
                self.debits.setdefault(str(txn["account_id"]), []).append(txn)
        self.cards = self._by_customer(bank.tables["cards"])
        self.loans = self._by_customer([r for r in bank.tables["loans"] if r["status"] == "active"])
        self.policies = self._by_customer([r for r in bank.tables["insurance_policies"] if r["status"] == "active"])

    @staticmethod
    def _by_customer(rows: list[Row]) -> dict[str, list[Row]]:
        grouped: dict[str, list[Row]] = {}
        for row in rows:
            grouped.setdefault(str(row["customer_id"]), []).append(row)
        return grouped

    def draw(self, ctx: SeedContext, person: Person) -> tuple[str, str | None, str]:
        """Return (category, related id, description) for something this customer really has."""
        own = [acc for acc in person.accounts if acc.primary is person]
        records: dict[str, list[Any]] = {
            "dispute_transaction": [txn for acc in own for txn in self.debits.get(acc.account_id, [])],
            "card_replacement": self.cards.get(person.customer_id, []),
            "account_reactivation": [acc for acc in own if acc.status == "dormant"],
            "loan_foreclosure": self.loans.get(person.customer_id, []),
            "insurance_claim": self.policies.get(person.customer_id, []),
            "nominee_update": own,
        }
        options: list[tuple[str, float]] = [
            ("complaint", 3),
            ("kyc_update", 2),
            ("other", 1.5),
            ("gold_loan_application", 0.6),
            ("nominee_update", 1 if own else 0),
        ]
        options += [(category, weight if records[category] else 0) for category, weight in _RECORD_WEIGHTS]
        category = ctx.weighted([(name, weight) for name, weight in options if weight > 0])
        if category not in records:
            return category, None, _free_description(ctx, category)
        related, description = _DESCRIBE[category](ctx, person, ctx.pick(records[category]))
        return category, related, description


#: Weights of the categories tied to a record (zero when the customer has no such record).
_RECORD_WEIGHTS = (
    ("dispute_transaction", 3),
    ("card_replacement", 1.5),
    ("account_reactivation", 4),
    ("loan_foreclosure", 1.5),
    ("insurance_claim", 1.5),
)


def _about_debit(ctx: SeedContext, person: Person, txn: Row) -> tuple[str, str]:
    return str(txn["txn_id"]), (
        f"Customer does not recognise the {str(txn['channel']).upper()} debit of "
        f"{format_rupees(int(str(txn['amount_paise'])))} on {txn['posted_on']} to {txn['counterparty']} "
        "and wants it investigated."
    )


def _about_card(ctx: SeedContext, person: Person, card: Row) -> tuple[str, str]:
    reason = card["blocked_reason"] or ctx.pick(("worn out", "damaged"))
    return str(card["card_id"]), f"Card ending {card['last4']} is {reason}; customer wants a replacement sent to the communication address."


def _about_dormant(ctx: SeedContext, person: Person, acc: AccountInfo) -> tuple[str, str]:
    return acc.account_id, (f"Account ending {acc.account_id[-4:]} is dormant; customer wants to use it again and will submit fresh KYC.")


def _about_loan(ctx: SeedContext, person: Person, loan: Row) -> tuple[str, str]:
    return str(loan["loan_id"]), (
        f"Customer wants to close {loan['loan_type']} loan {loan['loan_id']} early and asked for the foreclosure amount."
    )


def _about_policy(ctx: SeedContext, person: Person, policy: Row) -> tuple[str, str]:
    return str(policy["policy_id"]), (
        f"Claim under {policy['plan_name']} policy {policy['policy_id']}; customer has submitted the bills and documents."
    )


def _about_nominee(ctx: SeedContext, person: Person, acc: AccountInfo) -> tuple[str, str]:
    return acc.account_id, (
        f"Customer wants to change the nominee on account ending {acc.account_id[-4:]} to {relative_name(ctx, person)}."
    )


#: How a request tied to a record describes it, by category.
_DESCRIBE: dict[str, Callable[[SeedContext, Person, Any], tuple[str, str]]] = {
    "dispute_transaction": _about_debit,
    "card_replacement": _about_card,
    "account_reactivation": _about_dormant,
    "loan_foreclosure": _about_loan,
    "insurance_claim": _about_policy,
    "nominee_update": _about_nominee,
}


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
