"""Deposit and loan arithmetic in exact decimals, rounded half-up to the paisa.

Formulas (stated in the policy, used by the tools and the seed generator alike):

* Cumulative FD: ``P * (1 + r/4) ** (4 * days / 365)``: quarterly compounding over the
  actual days, fractional quarters included.
* Payout FD (monthly or quarterly): the principal is repaid at maturity; interest of
  ``P * r / 12`` or ``P * r / 4`` is paid out each period.
* RD: each monthly instalment compounds quarterly from the day it is paid to maturity.
* Premature closure: the rate for the period actually run (the card rate of the slab
  the run falls in, or the shortest slab if shorter; plus the senior uplift if it
  applies), capped at the contracted rate, minus the penalty, never below zero; no
  interest at all within the first days. Interest already paid out on payout FDs is
  recovered from the payout.
* EMI: ``P * i * (1 + i) ** n / ((1 + i) ** n - 1)`` with ``i = r / 12``.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from functools import lru_cache

from tau_indian_bank.bank.clock import add_months, months_between
from tau_indian_bank.constants import (
    COMPOUNDING_PER_YEAR,
    DEPOSIT_RATE_SLABS,
    NO_INTEREST_WITHIN_DAYS,
    PREMATURE_PENALTY_BPS,
    SENIOR_CITIZEN_UPLIFT_BPS,
)

_BPS = Decimal(10_000)


def _paise(value: Decimal) -> int:
    return int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))


@lru_cache(maxsize=65536)
def _growth(rate_bps: int, days: int) -> Decimal:
    """Quarterly-compounded growth factor over a number of days."""
    with localcontext() as ctx:
        ctx.prec = 40
        per_period = 1 + Decimal(rate_bps) / _BPS / COMPOUNDING_PER_YEAR
        return per_period ** (Decimal(COMPOUNDING_PER_YEAR * days) / 365)


def card_rate_bps(tenure_months: int, senior: bool) -> int | None:
    """Card rate for a tenure, with the senior-citizen uplift; None if no slab covers it."""
    for slab in DEPOSIT_RATE_SLABS:
        if slab.min_months <= tenure_months <= slab.max_months:
            return slab.rate_bps + (SENIOR_CITIZEN_UPLIFT_BPS if senior else 0)
    return None


def fd_maturity_paise(principal: int, rate_bps: int, opened: dt.date, maturity: dt.date, payout_type: str) -> int:
    """Amount repaid at maturity for a fixed deposit."""
    if payout_type != "cumulative":
        return principal
    return _paise(principal * _growth(rate_bps, (maturity - opened).days))


def fd_periodic_interest_paise(principal: int, rate_bps: int, payout_type: str) -> int:
    """Interest paid out each month or quarter on a payout FD (0 for cumulative)."""
    periods = {"monthly": 12, "quarterly": 4}.get(payout_type)
    if periods is None:
        return 0
    return _paise(Decimal(principal) * rate_bps / _BPS / periods)


def rd_maturity_paise(instalment: int, rate_bps: int, opened: dt.date, tenure_months: int) -> int:
    """Amount repaid at maturity for a recurring deposit of ``tenure_months`` instalments."""
    maturity = add_months(opened, tenure_months)
    total = Decimal(0)
    for index in range(tenure_months):
        paid_on = add_months(opened, index)
        total += instalment * _growth(rate_bps, (maturity - paid_on).days)
    return _paise(total)


def applicable_rate_bps(contracted_bps: int, opened: dt.date, on: dt.date, senior: bool) -> int:
    """The rate the premature-closure penalty is taken from (policy §4.5).

    It is the card rate for the period the deposit has run (the shortest slab at least), or
    the contracted rate if that is lower.
    """
    run_months = months_between(opened, on)
    shortest = DEPOSIT_RATE_SLABS[0]
    card = card_rate_bps(max(run_months, shortest.min_months), senior)
    assert card is not None
    return min(card, contracted_bps)


def premature_rate_bps(contracted_bps: int, opened: dt.date, on: dt.date, senior: bool) -> int:
    """Rate earned when a deposit is closed early on ``on``: the applicable rate less the penalty."""
    return max(applicable_rate_bps(contracted_bps, opened, on, senior) - PREMATURE_PENALTY_BPS, 0)


def premature_interest_paise(deposit_type: str, amount: int, rate_bps: int, opened: dt.date, on: dt.date, instalments_paid: int) -> int:
    """Interest earned on early closure at ``rate_bps`` (already reduced) up to ``on``."""
    if (on - opened).days < NO_INTEREST_WITHIN_DAYS or rate_bps == 0:
        return 0
    if deposit_type == "fixed":
        return _paise(amount * (_growth(rate_bps, (on - opened).days) - 1))
    total = Decimal(0)
    for index in range(instalments_paid):
        paid_on = add_months(opened, index)
        if paid_on < on:
            total += amount * (_growth(rate_bps, (on - paid_on).days) - 1)
    return _paise(total)


def interest_paid_out_paise(principal: int, rate_bps: int, payout_type: str, opened: dt.date, on: dt.date) -> int:
    """Interest a payout FD has already paid out by ``on`` (completed periods only)."""
    months = months_between(opened, on)
    periods = months if payout_type == "monthly" else months // 3 if payout_type == "quarterly" else 0
    return periods * fd_periodic_interest_paise(principal, rate_bps, payout_type)


def emi_paise(principal: int, annual_rate_bps: int, tenure_months: int) -> int:
    """Equated monthly instalment for a loan."""
    with localcontext() as ctx:
        ctx.prec = 40
        monthly = Decimal(annual_rate_bps) / _BPS / 12
        if monthly == 0:
            return _paise(Decimal(principal) / tenure_months)
        factor = (1 + monthly) ** tenure_months
        return _paise(principal * monthly * factor / (factor - 1))


def simple_interest_paise(principal: int, annual_rate_bps: int, days: int) -> int:
    """Simple interest on a balance for a number of days (actual/365)."""
    return _paise(Decimal(principal) * annual_rate_bps / _BPS * days / 365)


@dataclass(frozen=True)
class ClosureTerms:
    """What closing a deposit on a day pays, and how that is made up (all paise)."""

    premature: bool
    principal: int
    rate_bps: int
    interest: int
    recovered: int
    payout: int
    #: The rate a premature closure's penalty is taken from (the contracted rate at maturity).
    applicable_bps: int


def closure_terms(
    deposit_type: str,
    amount: int,
    rate_bps: int,
    payout_type: str,
    opened: dt.date,
    on: dt.date,
    instalments_paid: int,
    maturity: dt.date,
    maturity_amount: int,
    senior: bool,
) -> ClosureTerms:
    """Closure of a deposit on ``on``: at maturity (no penalty) or premature (reduced rate)."""
    principal = amount * (instalments_paid if deposit_type == "recurring" else 1)
    if on >= maturity:
        return ClosureTerms(False, principal, rate_bps, maturity_amount - principal, 0, maturity_amount, rate_bps)
    applicable = applicable_rate_bps(rate_bps, opened, on, senior)
    reduced = premature_rate_bps(rate_bps, opened, on, senior)
    if payout_type != "cumulative":
        # Interest already paid out at the contracted rate is set against what is due at the
        # reduced rate: any excess is recovered, any shortfall is paid with the principal.
        paid = interest_paid_out_paise(amount, rate_bps, payout_type, opened, on)
        due = 0 if (on - opened).days < NO_INTEREST_WITHIN_DAYS else simple_interest_paise(amount, reduced, (on - opened).days)
        owed, recovered = max(due - paid, 0), max(paid - due, 0)
        return ClosureTerms(True, principal, reduced, owed, recovered, principal + owed - recovered, applicable)
    earned = premature_interest_paise(deposit_type, amount, reduced, opened, on, instalments_paid)
    return ClosureTerms(True, principal, reduced, earned, 0, principal + earned, applicable)
