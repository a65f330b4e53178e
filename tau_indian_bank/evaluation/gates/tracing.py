"""Where a figure can come from (gate S7): the sources a session makes traceable, and one step of arithmetic on them.

Figures are read by the text layer (:mod:`tau_indian_bank.text.amounts`,
:mod:`tau_indian_bank.text.dates`). A source text makes traceable every number in it (a tool
output's JSON: any number), every amount, percentage, date and month it states, and, for the
session's own texts (tool outputs and the customer's words), keeps them as the operands of one
step of arithmetic (:class:`Working`). The servicing policy's and regulations' figures
(:func:`rule_sources`) are traceable but never operands. See :mod:`.figures` for the rule.
"""

from __future__ import annotations

import bisect
import datetime as dt
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from typing import Any

from tau_indian_bank.bank import clock
from tau_indian_bank.bank.money import group_indian
from tau_indian_bank.text import Amount, DateMention, amounts, dates, percents, periods
from tau_indian_bank.text.amounts import may_hold_amounts
from tau_indian_bank.text.dates import may_hold_periods
from tau_indian_bank.text.numbers import scale_of
from tau_indian_bank.wording import spoken_date

#: Any number in a source (a tool output's JSON holds figures without rupee markers).
_NUMBER = re.compile(r"(?<![\w.])\d{1,3}(?:,\d{2,3})+(?:\.\d+)?|(?<![\w.])\d+(?:\.\d+)?")
#: A JSON decimal value: an amount the arithmetic may use.
_DECIMAL_VALUE = re.compile(r"\":\s*(\d+\.\d+)")


@dataclass
class Working:
    """The figures one place states, the only operands one step of arithmetic may take together.

    The session (tool outputs and the customer's words), or the reply itself (the working
    shown). ``money`` keeps every mention, so a figure said twice can be added to itself but
    one mention cannot.
    """

    money: list[int] = field(default_factory=list)
    percents: list[Decimal] = field(default_factory=list)
    days: list[dt.date] = field(default_factory=list)
    periods: set[tuple[str, int]] = field(default_factory=set)


@dataclass
class Sources:
    """The figures made traceable so far (``rules``: the policy's and regulations', consulted too).

    ``session`` holds the :class:`Working` of the texts added as the session's (not the rules').
    """

    paise: set[int] = field(default_factory=set)
    percents: set[Decimal] = field(default_factory=set)
    days: set[dt.date] = field(default_factory=set)
    months: set[tuple[int, int]] = field(default_factory=set)
    session: Working = field(default_factory=Working)
    rules: Sources | None = None
    _sorted: list[int] | None = None

    def add_text(self, text: str, session: bool = False) -> None:
        """Make every figure of ``text`` traceable (quick scans first: tool outputs are mostly JSON).

        With ``session`` (a tool output, the customer's words), also keep its figures as operands of arithmetic.
        """
        self._sorted = None
        for match in _NUMBER.finditer(text):
            self.paise.add(round(float(match.group(0).replace(",", "")) * 100))
        money = [round(float(m.group(1)) * 100) for m in _DECIMAL_VALUE.finditer(text)]
        if may_hold_amounts(text):
            said = [a.paise for a in amounts(text)]
            self.paise.update(said)
            money += said
        rates = [p.value for p in percents(text)]
        self.percents.update(rates)
        days = []
        for mention in dates(text, clock.today().year):
            if not mention.loose:
                self.months.add((mention.year, mention.month))
                days += [mention.date] if mention.date is not None else []
        self.days.update(days)
        if session:
            self.session.money += money
            self.session.percents += rates
            self.session.days += days
            self.session.periods |= periods(text) if may_hold_periods(text) else set()

    def _near_here(self, paise: int, tolerance: float) -> bool:
        if self._sorted is None:
            self._sorted = sorted(self.paise)
        at = bisect.bisect_left(self._sorted, paise - tolerance)
        return any(abs(v - paise) < tolerance for v in self._sorted[at : at + 2])

    def near(self, paise: int, tolerance: float) -> bool:
        """Is a traceable amount (the rules' figures included) within ``tolerance`` paise of ``paise``?"""
        return self._near_here(paise, tolerance) or (self.rules is not None and self.rules._near_here(paise, tolerance))

    def all(self, name: str) -> set[Any]:
        """One kind of figure (``percents``, ``days``, ``months``), the rules' included."""
        mine: set[Any] = getattr(self, name)
        return mine | getattr(self.rules, name) if self.rules is not None else mine


@lru_cache(maxsize=1)
def rule_sources() -> Sources:
    """The figures of the servicing policy and every regulation document."""
    from tau_indian_bank.paths import POLICY_FILE, REGULATIONS_DIR

    sources = Sources()
    for path in [POLICY_FILE, *sorted(REGULATIONS_DIR.glob("*.md"))]:
        sources.add_text(path.read_text(encoding="utf-8"))
    return sources


def _tolerance(mention: Amount) -> float:
    if mention.unit is not None:
        return float(scale_of(mention.unit) * 100 / (2 * 10**mention.decimals) + 1)
    return 1 if mention.with_paise or mention.paise % 100 else 100


def _rounding(mention: Amount) -> float:
    """Half a unit of the last non-zero digit of a whole-rupee figure (₹1,97,000: ₹500)."""
    unit = 100
    while mention.paise % (unit * 10) == 0 and unit < mention.paise:
        unit *= 10
    return unit / 2 + 1


def _pairs(target: Any, values: Sequence[Any], step: Any) -> bool:
    """Is ``target`` the sum or the difference of two mentions of ``values`` (within ``step``)?"""
    ordered = sorted(values)
    for a in values:
        for wanted in (target - a, a - target):
            at = bisect.bisect_right(ordered, wanted - step)
            while at < len(ordered) and ordered[at] < wanted + step:
                if ordered[at] != a or ordered.count(a) > 1:
                    return True
                at += 1
    return False


def _one_step(paise: int, work: Working, step: float, direction: str | None = None) -> bool:
    """Is ``paise`` one step of arithmetic on ``work``'s figures (within ``step``; "under": the result lies below it)?"""
    money = [a for a in work.money if a]
    months = {12} | {n for kind, n in work.periods if kind == "months" and n > 1}
    if direction in (None, "about"):
        return _pairs(paise, money, step) or any(abs(a / n - paise) < step for a in money for n in months)
    results: list[float] = [a + b for i, a in enumerate(money) for b in money[i + 1 :]]
    results += [abs(a - b) for i, a in enumerate(money) for b in money[i + 1 :]]
    results += [a / n for a in money for n in months]
    return any(abs(r - paise) < step and (r <= paise if direction == "under" else r >= paise) for r in results)


def amount_traceable(mention: Amount, sources: Sources, reply: Working | None = None, approximate: str | bool | None = None) -> bool:
    """An amount equal (or rounding-close) to a traceable one, or one documented step of arithmetic away.

    ``reply`` holds the figures the reply itself states; ``approximate``: how it is said as an approximation
    (``"about"``, ``"under"``, ``"over"``, in a sentence that compares figures: a round figure so said may round a
    figure of the session, or a sum or difference, within half a unit of its last non-zero digit, on the side the
    words say; ``"round"``, in any other sentence: it may round a figure of the session, and a sum or difference
    only when said with three significant digits or more).
    """
    tolerance = _tolerance(mention)
    if sources.near(mention.paise, tolerance):
        return True
    direction = ("about" if approximate is True else approximate) or None
    rounded = direction is not None and mention.unit is None and not mention.paise % 100
    if rounded and any(abs(a - mention.paise) < _rounding(mention) for a in sources.session.money):
        return True
    if mention.unit is not None:
        return False  # rounding to lakh or crore is the one step such a figure may take
    if direction == "round":  # in a sentence that combines nothing: arithmetic only for a figure of three digits or more
        coarse = rounded and len(str(mention.paise // 100).rstrip("0")) >= 3
        return any(
            _one_step(mention.paise, work, _rounding(mention) if coarse else min(tolerance, 100))
            for work in (sources.session, reply or Working())
        )
    step = _rounding(mention) if rounded else min(tolerance, 100)
    return any(_one_step(mention.paise, work, step, direction if rounded else None) for work in (sources.session, reply or Working()))


def percent_traceable(value: Decimal, sources: Sources, reply: Working | None = None) -> bool:
    """A traceable percentage, or the sum or difference of two of the session's or of two the reply states."""
    return value in sources.all("percents") or any(
        _pairs(value, work.percents, Decimal("0.001")) for work in (sources.session, reply or Working())
    )


def _shifted(day: dt.date, kind: str, n: int) -> Iterable[dt.date]:
    if kind == "days":
        yield from (day + dt.timedelta(days=n), day - dt.timedelta(days=n))
    elif kind == "weeks":
        yield from (day + dt.timedelta(weeks=n), day - dt.timedelta(weeks=n))
    elif kind in ("months", "years"):
        months = n if kind == "months" else 12 * n
        yield from (clock.add_months(day, months), clock.add_months(day, -months))


def date_traceable(day: dt.date, sources: Sources, reply: Working | None = None) -> bool:
    """A traceable date, or a date of the session (or of the reply) moved by a period that the same place states.

    The session's dates that may be moved are those up to today (an opening date, a transaction's date, today
    itself): a period added to a date still ahead (a maturity, a due date) makes a second date the records never
    gave; the reply may do that step itself, showing the period ("renewed for another 12 months, on …").
    """
    if day in sources.all("days"):
        return True
    today = clock.today()
    starts: list[tuple[dt.date, Working | None]] = [(known, work) for work in (sources.session,) for known in work.days if known <= today]
    starts += [(known, reply) for known in (reply.days if reply else [])]
    return any(day in _shifted(known, kind, n) for known, work in starts if work is not None for kind, n in work.periods if 0 < n <= 1200)


def date_outcome(mention: DateMention, sources: Sources, reply: Working) -> str:
    """``pass`` when a date (or month) traces; ``needs_review`` when only its month-first reading does; else ``fail``."""
    day = mention.date
    if day is None:
        return "pass" if (mention.year, mention.month) in sources.all("months") else "fail"
    if date_traceable(day, sources, reply):
        return "pass"
    if mention.alternative is not None and date_traceable(mention.alternative, sources, reply):
        return "needs_review"
    return "fail"


def _bounded_in(blob: str, form: str) -> bool:
    at = blob.find(form)
    while at >= 0:
        before, after = blob[at - 1 : at], blob[at + len(form) : at + len(form) + 2]
        if not (before.isdigit() or before in (",", ".") and before != "") and not (
            after[:1].isdigit() or (after[:1] in (",", ".") and after[1:2].isdigit())
        ):
            return True
        at = blob.find(form, at + 1)
    return False


def _amount_forms(paise: int) -> list[str]:
    rupees, rest = divmod(paise, 100)
    if rest:
        tail = f".{rest:02d}"
        forms = [f"{rupees}{tail}", f"{group_indian(rupees)}{tail}", f"{rupees:,}{tail}"]
        return forms + ([f"{rupees}.{rest // 10}"] if rest % 10 == 0 else [])
    return [f"{rupees}.0", f"{rupees}.00", group_indian(rupees), f"{rupees:,}", str(rupees)]


def quick_trace(mention: Amount | DateMention | Decimal, blob: str) -> bool:
    """Does the figure appear verbatim, in a form a tool or the customer writes it, in ``blob``?"""
    if isinstance(mention, Amount):
        return mention.unit is None and any(_bounded_in(blob, f) for f in _amount_forms(mention.paise))
    if isinstance(mention, DateMention):
        day = mention.date
        return day is not None and (day.isoformat() in blob or spoken_date(day.isoformat()) in blob)
    return any(f"{form}%" in blob for form in {f"{mention:.2f}", f"{mention.normalize():f}"})
