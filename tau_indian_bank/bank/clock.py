"""The frozen clock: every date the bank uses is computed from ``constants.TODAY``."""

from __future__ import annotations

import calendar
import datetime as dt

from tau_indian_bank.constants import TODAY


def today() -> dt.date:
    """Return the bank's frozen 'today'."""
    return TODAY


def today_iso() -> str:
    """Return the bank's frozen 'today' as ``YYYY-MM-DD``."""
    return TODAY.isoformat()


def add_months(day: dt.date, months: int) -> dt.date:
    """Add calendar months, clamping to the last day of a shorter month."""
    index = day.month - 1 + months
    year, month = day.year + index // 12, index % 12 + 1
    return dt.date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def add_days(day: dt.date, days: int) -> dt.date:
    """Add days to a date."""
    return day + dt.timedelta(days=days)


def months_between(start: dt.date, end: dt.date) -> int:
    """Whole calendar months from ``start`` to ``end`` (0 if end is before start)."""
    months = (end.year - start.year) * 12 + end.month - start.month
    if end.day < start.day:
        months -= 1
    return max(months, 0)


def age_on(date_of_birth: dt.date, on: dt.date) -> int:
    """Age in completed years on a date."""
    return on.year - date_of_birth.year - ((on.month, on.day) < (date_of_birth.month, date_of_birth.day))


def parse_iso(text: str) -> dt.date:
    """Parse ``YYYY-MM-DD`` text stored in the bank."""
    return dt.date.fromisoformat(text)
