"""The figures a customer states, and whether a text it was given makes each one known (checks C1 and C2).

A customer turn states, as the text layer reads them: rupee **amounts**
(:func:`~tau_indian_bank.text.amounts`), **percentages**, **dates** and months (a card's
expiry ``02/27`` is no date), the **last four** digits of an account or card ("ending 4821",
"4821 wala"), **cheque numbers**, the bank's **ids** and 12-digit account numbers, **IFSC codes**,
and any other **number** of six digits or more (a phone number, an OTP).

A figure is **known** from a text (:class:`Known`) when the text states one equal in value:

* an amount in any writing (₹3,25,000 = Rs 325000 = 3.25 lakh); said in whole rupees, it may
  round a known amount to the rupee; said in lakh or crore, or after *about*, *around*,
  *लगभग*…, it may round one within half a unit of its last digit said (₹1.5 lakh of
  ₹1,53,653.21; "about ₹1,50,000" of ₹1,47,000);
* a percentage of the same value (7.5% = 7.50 per cent; after *about*, within half a point);
* a date on the same day (said without a year: the same day and month), a month in which a
  known date or month falls;
* last four digits that end a number of four digits or more in the text (an account number
  the assistant read out makes its last four known);
* a cheque number, an id or another number that the text names (:func:`~tau_indian_bank.text.mentions`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from tau_indian_bank.text import amounts, bank_ids, cheque_numbers, dates, endings, mentions, percents
from tau_indian_bank.text.frames import approximation_at
from tau_indian_bank.text.records import ifsc_codes
from tau_indian_bank.text.script import digits_ascii

#: A number of six digits or more on its own (not part of a grouped amount or a decimal).
_LONG_NUMBER = re.compile(r"(?<![\d,.])\d{6,}(?![\d,]|\.\d)")
_FOUR_OR_MORE = re.compile(r"(?<!\d)\d{4,}(?!\d)")


@dataclass(frozen=True)
class Figure:
    """One figure a customer stated, of a kind: amount, percent, date, last4, cheque, id, ifsc, number."""

    kind: str
    said: str
    start: int
    end: int
    approximate: bool = False


def stated(text: str) -> list[Figure]:
    """Every figure a customer turn states, in order (see the module docstring)."""
    text = digits_ascii(text)
    found = [Figure("amount", text[a.start : a.end], a.start, a.end, approximation_at(text, a.start) is not None) for a in amounts(text)]
    found += [Figure("percent", text[p.start : p.end], p.start, p.end, approximation_at(text, p.start) is not None) for p in percents(text)]
    found += [Figure("date", text[d.start : d.end], d.start, d.end) for d in dates(text) if not d.loose]
    taken = [(f.start, f.end) for f in found]
    for kind, values in (("id", bank_ids(text)), ("ifsc", ifsc_codes(text)), ("cheque", cheque_numbers(text)), ("last4", endings(text))):
        for value in sorted(values):
            at = text.upper().find(value.upper())
            found.append(Figure(kind, value, at, at + len(value)))
            taken.append((at, at + len(value)))
    for match in _LONG_NUMBER.finditer(text):
        if not any(s <= match.start() < e for s, e in taken):
            found.append(Figure("number", match.group(0), match.start(), match.end()))
    return sorted(found, key=lambda f: f.start)


def _tolerance(paise: int, significant: int, with_paise: bool, rounded: bool) -> int:
    """How far (paise) a said amount may be from a known one: it rounds it within half a unit of its last digit said."""
    if with_paise:
        return 0
    rupees = str(paise // 100)
    if not rounded:
        return 99  # said in whole rupees: rounds to the rupee
    return int(10 ** max(len(rupees) - significant, 0)) * 50


class Known:
    """The figures some texts make known (see the module docstring); texts can be added as a conversation goes on.

    A figure said the same way in a text (``₹1,50,000``, ``April 2025``, ``0915``) is known at
    once; the texts are read for figures equal in value only when one is not.
    """

    def __init__(self, *texts: str) -> None:
        self.blob = ""
        self.pending: list[str] = []
        self.paise: list[int] = []
        self.percents: set[Decimal] = set()
        self.days: set[tuple[int, int, int]] = set()
        self.months: set[tuple[int, int]] = set()
        self.fours: set[str] = set()
        for text in texts:
            self.add(text)

    def add(self, text: str) -> None:
        """Make every figure of ``text`` known."""
        text = digits_ascii(text or "")
        self.blob += "\n" + text
        self.pending.append(text)

    def _read(self) -> None:
        for text in self.pending:
            self.paise += [a.paise for a in amounts(text)]
            self.percents |= {p.value for p in percents(text)}
            for mention in dates(text):
                self.months.add((mention.year, mention.month))
                if mention.day:
                    self.days.add((mention.year, mention.month, mention.day))
            self.fours |= {run[-4:] for run in _FOUR_OR_MORE.findall(text)}
        self.pending.clear()

    def copy(self) -> Known:
        """A copy to add to."""
        other = Known()
        other.blob, other.pending, other.paise, other.percents = self.blob, list(self.pending), list(self.paise), set(self.percents)
        other.days, other.months, other.fours = set(self.days), set(self.months), set(self.fours)
        return other

    def knows(self, figure: Figure, text: str) -> bool:
        """Is ``figure`` (stated in the customer turn ``text``) known?"""
        if mentions(self.blob, figure.said):
            return True
        if figure.kind in ("cheque", "id", "ifsc", "number"):
            return False
        self._read()
        text = digits_ascii(text)
        if figure.kind == "amount":
            return self._knows_amount(text, figure)
        if figure.kind == "percent":
            value = next(p.value for p in percents(text) if p.start == figure.start)
            return value in self.percents or (figure.approximate and any(abs(value - k) <= Decimal("0.5") for k in self.percents))
        if figure.kind == "date":
            mention = next(d for d in dates(text) if d.start == figure.start)
            if mention.day is None:
                return (mention.year, mention.month) in self.months
            if not mention.year_given:
                return any((m, d) == (mention.month, mention.day) for _, m, d in self.days)
            return (mention.year, mention.month, mention.day) in self.days
        return figure.said in self.fours

    def _knows_amount(self, text: str, figure: Figure) -> bool:
        amount = next(a for a in amounts(text) if a.start == figure.start)
        if amount.paise in self.paise:
            return True
        rounded = bool(amount.unit) or figure.approximate
        tolerance = _tolerance(amount.paise, amount.significant, amount.with_paise, rounded)
        if rounded and figure.approximate:
            tolerance = max(tolerance, (10 ** max(len(str(amount.paise // 100)) - len(str(amount.paise // 100).rstrip("0")), 0)) * 50)
        return any(abs(amount.paise - known) <= tolerance for known in self.paise)


@lru_cache(maxsize=1024)
def _known_from(text: str) -> Known:
    return Known(text)


def known_from(text: str) -> Known:
    """A :class:`Known` of ``text`` to add to (a scenario's figures are read once per scenario, not once per session)."""
    return _known_from(text).copy()
