"""Posting days and running balances of one account's seed ledger.

:class:`DayBook` hands out the free posting days of an account (at most one posting a
day); :func:`simulate` applies events in date order, shrinking or failing everyday debits
that would leave a later scheduled debit without money, so no balance ever goes negative.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from tau_indian_bank.bank.clock import add_days
from tau_indian_bank.bank.money import rupees_to_paise
from tau_indian_bank.seeding.common import Event, SeedContext, round_half_up, round_to_rupees
from tau_indian_bank.seeding.flows import SAVINGS_INTEREST_BPS


class DayBook:
    """The free posting days of one account between ``start`` and ``end``."""

    def __init__(self, start: dt.date, end: dt.date) -> None:
        """Create an empty book for ``[start, end]``."""
        self.start, self.end = start, end
        self.days = [start + dt.timedelta(days=i) for i in range((end - start).days + 1)]
        self.taken: set[dt.date] = set()

    def take(self, day: dt.date) -> None:
        """Mark ``day`` as used."""
        self.taken.add(day)

    def free(self, day: dt.date) -> bool:
        """True if ``day`` is inside the book and unused."""
        return self.start <= day <= self.end and day not in self.taken

    def claim_near(self, day: dt.date, not_after: dt.date | None = None) -> dt.date | None:
        """Take the first free day on or after ``day`` (up to ``not_after``), else the last one before it."""
        one = dt.timedelta(days=1)
        candidate, limit = max(day, self.start), min(self.end, not_after or self.end)
        while candidate <= limit:
            if candidate not in self.taken:
                self.take(candidate)
                return candidate
            candidate += one
        candidate = min(day, add_days(self.end, 1)) - one
        while candidate >= self.start:
            if candidate not in self.taken:
                self.take(candidate)
                return candidate
            candidate -= one
        return None

    def free_days(self, after: dt.date | None = None) -> list[dt.date]:
        """All free days, in date order (only those after ``after`` if given)."""
        if after is None:
            return [d for d in self.days if d not in self.taken]
        return [d for d in self.days if d > after and d not in self.taken]


def need_before(events: list[Event]) -> int:
    """Smallest balance needed before the first event for every scheduled debit to succeed."""
    return _needs(events)[0]


def _needs(events: list[Event]) -> list[int]:
    """``needs[i]``: balance required before event ``i`` for all later scheduled debits to go through."""
    needs = [0] * (len(events) + 1)
    need = 0
    for index in range(len(events) - 1, -1, -1):
        needs[index + 1] = need
        event = events[index]
        if event.forced and event.status != "failed" and event.dynamic is None:
            need = max(0, need + (event.amount if event.direction == "debit" else -event.amount))
    needs[0] = need
    return needs


def simulate(ctx: SeedContext, events: list[Event], opening: int) -> tuple[list[Event], int]:
    """Apply events in order; everyday debits that would starve a later scheduled debit shrink or go."""
    needs = _needs(events)
    balance = opening
    kept: list[Event] = []
    for index, event in enumerate(events):
        if event.status == "dropped":
            continue
        if event.status == "failed":
            kept.append(event)
            continue
        if event.dynamic == "interest":
            event.amount = round_half_up(Decimal(balance) * SAVINGS_INTEREST_BPS / 40_000)
        elif event.dynamic == "sweep":
            event.amount = balance
        elif event.direction == "debit" and not event.forced and event.amount > balance - needs[index + 1]:
            if not _shrink_or_fail(ctx, event, balance - needs[index + 1]):
                continue
        if event.amount <= 0:
            continue
        if event.status != "failed":
            balance += event.amount if event.direction == "credit" else -event.amount
        if balance < 0:
            raise RuntimeError(f"seed ledger overdrawn on {event.day}: {event.narration}")
        kept.append(event)
    return kept, balance


def _shrink_or_fail(ctx: SeedContext, event: Event, room: int) -> bool:
    """Fit an everyday debit into ``room`` paise; False (and the event dropped) if it cannot be kept."""
    if event.channel == "atm":
        amount = room * 6 // 10 // rupees_to_paise(500) * rupees_to_paise(500)
    else:
        amount = round_to_rupees(room * ctx.randint(30, 70) // 100, 10)
        amount = min(amount, room // rupees_to_paise(10) * rupees_to_paise(10))
    if amount >= rupees_to_paise(100):
        event.amount = amount
        if event.follow is not None:
            event.follow.amount = amount
        return True
    if event.channel in ("upi", "imps", "pos") and event.follow is None and ctx.chance(0.3):
        event.status = "failed"
        event.narration += " - INSUFFICIENT FUNDS"
        return True
    event.status = "dropped"
    if event.follow is not None:
        event.follow.status = "dropped"
    return False


def _running(events: list[Event], opening: int) -> list[int]:
    """Balance after each event."""
    balances = []
    balance = opening
    for event in events:
        if event.status != "failed":
            balance += event.amount if event.direction == "credit" else -event.amount
        balances.append(balance)
    return balances


def debit_days(events: list[Event], opening: int, amount: int, book: DayBook) -> list[dt.date]:
    """Free days on which a debit of ``amount`` leaves every later balance non-negative."""
    balances = [opening, *_running(events, opening)]
    lowest = balances[-1]
    position = len(events)
    for index in range(len(events) - 1, -1, -1):
        lowest = min(lowest, balances[index])
        if lowest < amount:
            break
        position = index
    if position == len(events) and balances[-1] < amount:
        return []
    after = events[position - 1].day if position > 0 else None
    return book.free_days(after)
