"""Every number the bank's policy, regulation documents and code share.

Amounts are integer paise, rates are basis points (1 bp = 0.01 % p.a.), periods are
whole days or months. Tools read limits from here, and ``STATED_FIGURES`` lists how
each figure must be written in ``policy/`` and ``regulations/``; a test checks that
every listed document states it exactly so, so the prose cannot drift from the code.
"""

from __future__ import annotations

import datetime as _dt
from typing import Final, NamedTuple

from tau_indian_bank.bank.money import PAISE_PER_RUPEE, percent, spoken_rupees

# --- The frozen clock -------------------------------------------------------------
#: "Today" for every session. The policy states it; nothing reads the wall clock.
TODAY: Final = _dt.date(2026, 7, 15)
#: Time stamped on records created during a session (IST, no time zone arithmetic).
SESSION_TIME: Final = "11:00:00"

# ``PAISE_PER_RUPEE`` (importable from here too) and ``MAX_AMOUNT_PAISE``, the largest amount
# any tool accepts, are money's own: see ``bank/money.py``, which formats the figures below.

# --- Deposits -----------------------------------------------------------------------
FD_MIN_AMOUNT_PAISE: Final = 10_000 * PAISE_PER_RUPEE
RD_MIN_INSTALMENT_PAISE: Final = 500 * PAISE_PER_RUPEE
#: RD instalments must be a multiple of this.
RD_INSTALMENT_STEP_PAISE: Final = 100 * PAISE_PER_RUPEE
FD_MIN_TENURE_MONTHS: Final = 3
RD_MIN_TENURE_MONTHS: Final = 6
DEPOSIT_MAX_TENURE_MONTHS: Final = 120


class RateSlab(NamedTuple):
    """An interest-rate band for deposits whose tenure falls in [min, max] months."""

    min_months: int
    max_months: int
    rate_bps: int


#: General-public rates for fixed and recurring deposits (both use the same card).
DEPOSIT_RATE_SLABS: Final = (
    RateSlab(3, 5, 450),
    RateSlab(6, 11, 575),
    RateSlab(12, 23, 680),
    RateSlab(24, 35, 700),
    RateSlab(36, 59, 675),
    RateSlab(60, 120, 650),
)
SENIOR_CITIZEN_UPLIFT_BPS: Final = 50
SENIOR_CITIZEN_AGE_YEARS: Final = 60
#: Premature closure: rate for the period actually run, minus this penalty.
PREMATURE_PENALTY_BPS: Final = 100
#: A deposit closed within this many days of opening earns no interest.
NO_INTEREST_WITHIN_DAYS: Final = 7
#: Cumulative deposits compound this many times a year.
COMPOUNDING_PER_YEAR: Final = 4

TDS_RATE_WITH_PAN_BPS: Final = 1000
TDS_RATE_WITHOUT_PAN_BPS: Final = 2000
TDS_THRESHOLD_GENERAL_PAISE: Final = 50_000 * PAISE_PER_RUPEE
TDS_THRESHOLD_SENIOR_PAISE: Final = 1_00_000 * PAISE_PER_RUPEE
DICGC_COVER_PAISE: Final = 5_00_000 * PAISE_PER_RUPEE

# --- Payments (knowledge only: no tool moves money between customers) ---------------
UPI_DAILY_LIMIT_PAISE: Final = 1_00_000 * PAISE_PER_RUPEE
UPI_ENHANCED_LIMIT_PAISE: Final = 5_00_000 * PAISE_PER_RUPEE
IMPS_PER_TXN_LIMIT_PAISE: Final = 5_00_000 * PAISE_PER_RUPEE
RTGS_MIN_PAISE: Final = 2_00_000 * PAISE_PER_RUPEE
FAILED_TXN_COMPENSATION_PER_DAY_PAISE: Final = 100 * PAISE_PER_RUPEE
UPI_REVERSAL_TAT_DAYS: Final = 1
ATM_REVERSAL_TAT_DAYS: Final = 5

# --- Cards ----------------------------------------------------------------------------
#: Highest daily limit a customer may set, per channel (domestic and international alike).
CARD_CHANNEL_MAX_LIMIT_PAISE: Final = {
    "atm": 1_00_000 * PAISE_PER_RUPEE,
    "pos": 2_00_000 * PAISE_PER_RUPEE,
    "online": 2_00_000 * PAISE_PER_RUPEE,
    "contactless": 5_000 * PAISE_PER_RUPEE,
}
ZERO_LIABILITY_REPORT_DAYS: Final = 3
LIMITED_LIABILITY_REPORT_DAYS: Final = 7
#: A customer's most liability for a third-party fraud reported in 4 to 7 working days, by kind of account (RBI).
LIMITED_LIABILITY_CAP_PAISE: Final = 25_000 * PAISE_PER_RUPEE  # other current accounts and credit cards
LIMITED_LIABILITY_CAP_SAVINGS_PAISE: Final = 10_000 * PAISE_PER_RUPEE
LIMITED_LIABILITY_CAP_BSBD_PAISE: Final = 5_000 * PAISE_PER_RUPEE
SHADOW_CREDIT_WORKING_DAYS: Final = 10
CARD_DISPUTE_WINDOW_DAYS: Final = 120

# --- Cheques -----------------------------------------------------------------------------
POSITIVE_PAY_MANDATORY_PAISE: Final = 5_00_000 * PAISE_PER_RUPEE
POSITIVE_PAY_ADVISED_PAISE: Final = 50_000 * PAISE_PER_RUPEE
CHEQUE_VALIDITY_MONTHS: Final = 3
CHEQUE_BOOK_LEAVES: Final = (25, 50)

# --- Statements ---------------------------------------------------------------------------
STATEMENT_MAX_MONTHS: Final = 12
STATEMENT_RETENTION_YEARS: Final = 8

# --- Loans ----------------------------------------------------------------------------------
GOLD_RATE_24K_PER_GRAM_PAISE: Final = 9_800 * PAISE_PER_RUPEE
GOLD_PURITIES_KARAT: Final = (18, 22, 24)
GOLD_LOAN_LTV_BPS: Final = 7500
GOLD_LOAN_MIN_PAISE: Final = 10_000 * PAISE_PER_RUPEE
FIXED_RATE_FORECLOSURE_CHARGE_BPS: Final = 400
GST_BPS: Final = 1800
FORECLOSURE_MIN_EMIS_PAID: Final = 12

# --- Customers and accounts -------------------------------------------------------------
DORMANT_AFTER_YEARS: Final = 2
UNCLAIMED_AFTER_YEARS: Final = 10
KYC_PERIOD_YEARS: Final = {"high": 2, "medium": 8, "low": 10}

# --- Service -------------------------------------------------------------------------------
COMPLAINT_RESOLUTION_DAYS: Final = 30
SERVICE_REQUEST_SLA_DAYS: Final = {
    "complaint": 30,
    "dispute_transaction": 30,
    "card_replacement": 7,
    "kyc_update": 7,
    "account_reactivation": 3,
    "loan_foreclosure": 7,
    "gold_loan_application": 3,
    "insurance_claim": 30,
    "nominee_update": 7,
    "other": 15,
}
FREE_TEXT_MAX_CHARS: Final = 2000
#: A call a temporary fault answered is made once more (policy 2.6), and no more.
TRANSIENT_FAULT_RETRIES: Final = 1


def gold_rate_per_gram_paise(karat: int) -> int:
    """Return today's gold rate per gram for a purity, derived from the 24-carat rate."""
    return round(GOLD_RATE_24K_PER_GRAM_PAISE * karat / 24 / PAISE_PER_RUPEE) * PAISE_PER_RUPEE


class StatedFigure(NamedTuple):
    """How one constant must be written, and which documents must state it."""

    name: str
    text: str
    documents: tuple[str, ...]


POLICY = "policy/servicing_policy.md"

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
    StatedFigure("CONTACTLESS_LIMIT_MAX", spoken_rupees(CARD_CHANNEL_MAX_LIMIT_PAISE["contactless"]),
                 (POLICY, "regulations/card_controls.md")),
    StatedFigure("LIMITED_LIABILITY_CAP", spoken_rupees(LIMITED_LIABILITY_CAP_PAISE), ("regulations/unauthorised_transactions.md",)),
    StatedFigure("LIMITED_LIABILITY_CAP_SAVINGS", spoken_rupees(LIMITED_LIABILITY_CAP_SAVINGS_PAISE),
                 ("regulations/unauthorised_transactions.md", "regulations/lost_or_stolen_cards.md",
                  "regulations/fraud_awareness.md")),
    StatedFigure("LIMITED_LIABILITY_CAP_BSBD", spoken_rupees(LIMITED_LIABILITY_CAP_BSBD_PAISE),
                 ("regulations/unauthorised_transactions.md",)),
    StatedFigure("POSITIVE_PAY_MANDATORY", spoken_rupees(POSITIVE_PAY_MANDATORY_PAISE), ("regulations/positive_pay.md",)),
    StatedFigure("POSITIVE_PAY_ADVISED", spoken_rupees(POSITIVE_PAY_ADVISED_PAISE), ("regulations/positive_pay.md",)),
    StatedFigure("GOLD_LTV", percent(GOLD_LOAN_LTV_BPS), (POLICY, "regulations/gold_loans.md")),
    StatedFigure("GOLD_RATE_24K", spoken_rupees(GOLD_RATE_24K_PER_GRAM_PAISE), ("regulations/gold_loans.md",)),
    StatedFigure("FORECLOSURE_CHARGE", percent(FIXED_RATE_FORECLOSURE_CHARGE_BPS), (POLICY, "regulations/loan_foreclosure.md")),
    StatedFigure("COMPLAINT_DAYS", f"{COMPLAINT_RESOLUTION_DAYS} days", ("regulations/banking_ombudsman.md",)),
    StatedFigure("STATEMENT_MAX_MONTHS", f"{STATEMENT_MAX_MONTHS} months", (POLICY,)),
    StatedFigure("TRANSIENT_FAULT_RETRIES", {1: "make the same call once more"}[TRANSIENT_FAULT_RETRIES], (POLICY,)),
)
