"""Seed generation of the bank's current product offers; deposit offers quote the card rate for their tenure."""

from __future__ import annotations

from typing import NamedTuple

from tau_indian_bank.constants import GOLD_LOAN_LTV_BPS
from tau_indian_bank.seeding.common import SeedBank
from tau_indian_bank.seeding.deposits import card_rate_bps

_VALID_UNTIL = ("2026-09-30", "2026-12-31", "2027-03-31")
_LTV = f"{GOLD_LOAN_LTV_BPS // 100}%"


class Offer(NamedTuple):
    """One product offer: category, name, summary, rate (None for non-rate products) and eligible segment."""

    category: str
    name: str
    summary: str
    rate_bps: int | None
    segment: str


#: The offers, in the order they are written (each draws its validity date in this order).
OFFERS: tuple[Offer, ...] = (
    Offer(
        "deposits", "Fixed Deposit - 1 Year", "Fixed deposit for 12 months, interest compounded quarterly.", card_rate_bps(12, False), "all"
    ),
    Offer(
        "deposits",
        "Fixed Deposit - 2 Years",
        "Fixed deposit for 24 months with cumulative or payout options.",
        card_rate_bps(24, False),
        "all",
    ),
    Offer(
        "deposits",
        "Senior Citizen Fixed Deposit - 2 Years",
        "Two-year deposit with the senior citizen uplift.",
        card_rate_bps(24, True),
        "senior_citizen",
    ),
    Offer(
        "deposits",
        "Tax Saver Fixed Deposit - 5 Years",
        "Five-year lock-in deposit eligible under Section 80C.",
        card_rate_bps(60, False),
        "all",
    ),
    Offer(
        "deposits",
        "Senior Citizen Tax Saver Deposit - 5 Years",
        "Five-year tax saver deposit for seniors.",
        card_rate_bps(60, True),
        "senior_citizen",
    ),
    Offer("deposits", "Short Term Deposit - 6 Months", "Park surplus funds for six months.", card_rate_bps(6, False), "all"),
    Offer("deposits", "Recurring Deposit - 1 Year", "Monthly instalments for 12 months.", card_rate_bps(12, False), "all"),
    Offer("deposits", "Recurring Deposit - 3 Years", "Monthly instalments for 36 months.", card_rate_bps(36, False), "all"),
    Offer("loans", "Home Loan", "Floating-rate home loan for up to 25 years.", 840, "all"),
    Offer("loans", "Personal Loan", "Unsecured personal loan for up to 5 years, fixed rate.", 1075, "all"),
    Offer("loans", "Premium Personal Loan", "Pre-approved personal loan for premium customers.", 1025, "premium"),
    Offer("loans", "Car Loan", "New car loan for up to 7 years, fixed rate.", 890, "all"),
    Offer("loans", "Gold Loan", f"Loan against gold jewellery at up to {_LTV} of its value.", 925, "all"),
    Offer("cards", "Platinum Rewards Credit Card", "Airport lounge access and 5x rewards on travel.", None, "premium"),
    Offer("cards", "Everyday Cashback Credit Card", "Cashback on groceries, fuel and bill payments.", None, "all"),
    Offer("cards", "RuPay Select Debit Card", "Debit card with higher limits and accident cover.", None, "all"),
    Offer("insurance", "Jeevan Raksha Term Plan", "Term life cover from Bharat Life Insurance Co.", None, "all"),
    Offer("insurance", "Senior Care Health Plan", "Health cover for customers aged 60 and above.", None, "senior_citizen"),
    Offer("insurance", "Family Health Shield", "Family floater health insurance.", None, "all"),
    Offer("accounts", "Premium Savings Account", "Relationship manager and waived charges.", None, "premium"),
    Offer("accounts", "Senior Citizen Savings Account", "Doorstep banking and priority service.", None, "senior_citizen"),
    Offer("accounts", "Salary Account Plus", "Zero-balance salary account with free transactions.", None, "all"),
)


def make_offers(bank: SeedBank) -> None:
    """Write every offer, each valid until one of the quarter ends drawn for it."""
    ctx = bank.ctx
    for offer in OFFERS:
        bank.add(
            "product_offers",
            {
                "offer_id": ctx.new_id("OFR", {"name": offer.name}),
                "category": offer.category,
                "name": offer.name,
                "summary": offer.summary,
                "rate_bps": offer.rate_bps,
                "eligible_segment": offer.segment,
                "valid_until": ctx.pick(_VALID_UNTIL),
            },
        )
