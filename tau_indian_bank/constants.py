"""Every number the bank's policy, regulation documents and code share.

Amounts are integer paise, rates are basis points (1 bp = 0.01 % p.a.), periods are
whole days or months. Tools read limits from here; ``bank/stated.py`` lists how each
figure must be written in ``policy/`` and ``regulations/`` (a test checks that every
listed document states it exactly so, so the prose cannot drift from the code). This
module imports nothing of the package: it sits at the bottom, beside ``vocabulary``.
"""

from __future__ import annotations

import datetime as _dt
from typing import Final, NamedTuple

# --- The frozen clock -------------------------------------------------------------
#: "Today" for every session. The policy states it; nothing reads the wall clock.
TODAY: Final = _dt.date(2026, 7, 15)
#: Time stamped on records created during a session (IST, no time zone arithmetic).
SESSION_TIME: Final = "11:00:00"

#: Paise in a rupee: every amount below is integer paise (``bank/money.py`` converts and formats them).
PAISE_PER_RUPEE: Final = 100

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
