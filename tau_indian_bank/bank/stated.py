"""How the policy and the regulation documents must state each figure of ``constants``.

``STATED_FIGURES`` lists, for a figure of :mod:`tau_indian_bank.constants`, its text as a
document prints it (formatted by :mod:`.money`) and the documents that must print it; a test
checks that every listed document states it exactly so, so the prose cannot drift from the code.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from tau_indian_bank.bank.money import percent, spoken_rupees
from tau_indian_bank.constants import (
    CARD_CHANNEL_MAX_LIMIT_PAISE,
    COMPLAINT_RESOLUTION_DAYS,
    DICGC_COVER_PAISE,
    FAILED_TXN_COMPENSATION_PER_DAY_PAISE,
    FD_MIN_AMOUNT_PAISE,
    FIXED_RATE_FORECLOSURE_CHARGE_BPS,
    GOLD_LOAN_LTV_BPS,
    GOLD_RATE_24K_PER_GRAM_PAISE,
    IMPS_PER_TXN_LIMIT_PAISE,
    LIMITED_LIABILITY_CAP_BSBD_PAISE,
    LIMITED_LIABILITY_CAP_PAISE,
    LIMITED_LIABILITY_CAP_SAVINGS_PAISE,
    NO_INTEREST_WITHIN_DAYS,
    POSITIVE_PAY_ADVISED_PAISE,
    POSITIVE_PAY_MANDATORY_PAISE,
    PREMATURE_PENALTY_BPS,
    RD_INSTALMENT_STEP_PAISE,
    RD_MIN_INSTALMENT_PAISE,
    RTGS_MIN_PAISE,
    SENIOR_CITIZEN_UPLIFT_BPS,
    STATEMENT_MAX_MONTHS,
    TDS_RATE_WITH_PAN_BPS,
    TDS_RATE_WITHOUT_PAN_BPS,
    TDS_THRESHOLD_GENERAL_PAISE,
    TDS_THRESHOLD_SENIOR_PAISE,
    TRANSIENT_FAULT_RETRIES,
    UPI_DAILY_LIMIT_PAISE,
    UPI_ENHANCED_LIMIT_PAISE,
)
from tau_indian_bank.paths import POLICY_FILE, ROOT


class StatedFigure(NamedTuple):
    """How one constant must be written, and which documents must state it."""

    name: str
    text: str
    documents: tuple[str, ...]


#: The servicing policy, relative to the project root.
POLICY = POLICY_FILE.relative_to(ROOT).as_posix()

#: Each figure, as the documents must print it. Paths are relative to the project root.
STATED_FIGURES: Final = (
    StatedFigure("TODAY", "15 July 2026", (POLICY,)),
    StatedFigure("FD_MIN_AMOUNT", spoken_rupees(FD_MIN_AMOUNT_PAISE), (POLICY, "regulations/fixed_deposits.md")),
    StatedFigure("RD_MIN_INSTALMENT", spoken_rupees(RD_MIN_INSTALMENT_PAISE), (POLICY, "regulations/recurring_deposits.md")),
    StatedFigure("RD_INSTALMENT_STEP", spoken_rupees(RD_INSTALMENT_STEP_PAISE), (POLICY,)),
    StatedFigure("SENIOR_UPLIFT", percent(SENIOR_CITIZEN_UPLIFT_BPS), (POLICY, "regulations/senior_citizens.md")),
    StatedFigure("PREMATURE_PENALTY", percent(PREMATURE_PENALTY_BPS), (POLICY, "regulations/premature_withdrawal.md")),
    StatedFigure("NO_INTEREST_DAYS", f"{NO_INTEREST_WITHIN_DAYS} days", ("regulations/premature_withdrawal.md",)),
    StatedFigure("TDS_WITH_PAN", percent(TDS_RATE_WITH_PAN_BPS), ("regulations/tds_on_deposits.md",)),
    StatedFigure("TDS_WITHOUT_PAN", percent(TDS_RATE_WITHOUT_PAN_BPS), ("regulations/tds_on_deposits.md",)),
    StatedFigure("TDS_THRESHOLD_GENERAL", spoken_rupees(TDS_THRESHOLD_GENERAL_PAISE), ("regulations/tds_on_deposits.md",)),
    StatedFigure("TDS_THRESHOLD_SENIOR", spoken_rupees(TDS_THRESHOLD_SENIOR_PAISE), ("regulations/tds_on_deposits.md",)),
    StatedFigure("DICGC_COVER", spoken_rupees(DICGC_COVER_PAISE), ("regulations/deposit_insurance.md",)),
    StatedFigure("UPI_DAILY_LIMIT", spoken_rupees(UPI_DAILY_LIMIT_PAISE), ("regulations/upi_limits.md",)),
    StatedFigure("UPI_ENHANCED_LIMIT", spoken_rupees(UPI_ENHANCED_LIMIT_PAISE), ("regulations/upi_limits.md",)),
    StatedFigure("IMPS_LIMIT", spoken_rupees(IMPS_PER_TXN_LIMIT_PAISE), ("regulations/neft_rtgs_imps.md",)),
    StatedFigure("RTGS_MIN", spoken_rupees(RTGS_MIN_PAISE), ("regulations/neft_rtgs_imps.md",)),
    StatedFigure("FAILED_TXN_COMPENSATION", spoken_rupees(FAILED_TXN_COMPENSATION_PER_DAY_PAISE), ("regulations/failed_transactions.md",)),
    StatedFigure("ATM_LIMIT_MAX", spoken_rupees(CARD_CHANNEL_MAX_LIMIT_PAISE["atm"]), (POLICY, "regulations/card_controls.md")),
    StatedFigure("POS_LIMIT_MAX", spoken_rupees(CARD_CHANNEL_MAX_LIMIT_PAISE["pos"]), (POLICY, "regulations/card_controls.md")),
    StatedFigure(
        "CONTACTLESS_LIMIT_MAX", spoken_rupees(CARD_CHANNEL_MAX_LIMIT_PAISE["contactless"]), (POLICY, "regulations/card_controls.md")
    ),
    StatedFigure("LIMITED_LIABILITY_CAP", spoken_rupees(LIMITED_LIABILITY_CAP_PAISE), ("regulations/unauthorised_transactions.md",)),
    StatedFigure(
        "LIMITED_LIABILITY_CAP_SAVINGS",
        spoken_rupees(LIMITED_LIABILITY_CAP_SAVINGS_PAISE),
        ("regulations/unauthorised_transactions.md", "regulations/lost_or_stolen_cards.md", "regulations/fraud_awareness.md"),
    ),
    StatedFigure(
        "LIMITED_LIABILITY_CAP_BSBD", spoken_rupees(LIMITED_LIABILITY_CAP_BSBD_PAISE), ("regulations/unauthorised_transactions.md",)
    ),
    StatedFigure("POSITIVE_PAY_MANDATORY", spoken_rupees(POSITIVE_PAY_MANDATORY_PAISE), ("regulations/positive_pay.md",)),
    StatedFigure("POSITIVE_PAY_ADVISED", spoken_rupees(POSITIVE_PAY_ADVISED_PAISE), ("regulations/positive_pay.md",)),
    StatedFigure("GOLD_LTV", percent(GOLD_LOAN_LTV_BPS), (POLICY, "regulations/gold_loans.md")),
    StatedFigure("GOLD_RATE_24K", spoken_rupees(GOLD_RATE_24K_PER_GRAM_PAISE), ("regulations/gold_loans.md",)),
    StatedFigure("FORECLOSURE_CHARGE", percent(FIXED_RATE_FORECLOSURE_CHARGE_BPS), (POLICY, "regulations/loan_foreclosure.md")),
    StatedFigure("COMPLAINT_DAYS", f"{COMPLAINT_RESOLUTION_DAYS} days", ("regulations/banking_ombudsman.md",)),
    StatedFigure("STATEMENT_MAX_MONTHS", f"{STATEMENT_MAX_MONTHS} months", (POLICY,)),
    StatedFigure("TRANSIENT_FAULT_RETRIES", {1: "make the same call once more"}[TRANSIENT_FAULT_RETRIES], (POLICY,)),
)
