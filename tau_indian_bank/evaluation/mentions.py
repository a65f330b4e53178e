"""The figures a piece of text states: rupee amounts, dates and percentages, with where they are.

One reader serves the answer check (:mod:`tau_indian_bank.evaluation.answers`) and gate S7
(:mod:`tau_indian_bank.evaluation.figures`), so both see the same figures in a reply.

* **Amounts** need a rupee marker: ``₹1,97,035.65``, ``Rs. 197035.65``, ``Rs 500``,
  ``INR 1,97,035.65``, ``Rupees 500``, ``500 rupees``, ``5,000/-``; Indian or western
  digit grouping; ``₹1.97 lakh``, ``₹2 crore``, ``₹1.5L``, ``₹3 Cr`` in lakh and crore.
  A bare number is not an amount (it may be a cheque number, a tenure or a weight).
* **Dates**: ``15 July 2027``, ``15th of Jul, 2027``, ``July 15, 2027``, ``15/07/2027``,
  ``15-07-2027``, ``15.07.2027`` (day first, as in India; read month first only when day
  first is impossible), ``2027-07-15``; a day and month without a year (``26 July``) is
  read in the bank's current year; ``February 2027``, ``2027-02`` and ``02/2027`` are
  months.
* **Percentages**: ``7%``, ``7.00 %``, ``7 per cent``, ``7 percent``.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

_MONTHS = {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10,
           "nov": 11, "dec": 12}
_MONTH = (r"(?P<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
_DAY = r"(?P<d>\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?P<y>(?:19|20)\d{2})"
_DATE_PATTERNS = (
    re.compile(rf"\b{_DAY}(?:\s+of)?\s+{_MONTH},?\s+{_YEAR}\b", re.I),
    re.compile(rf"\b{_MONTH}\s+{_DAY},?\s+{_YEAR}\b", re.I),
    re.compile(rf"\b{_YEAR}[-/](?P<m>\d{{1,2}})[-/](?P<d>\d{{1,2}})\b"),
    re.compile(rf"(?<![\d.,/-])(?P<a>\d{{1,2}})(?P<sep>[/.-])(?P<b>\d{{1,2}})(?P=sep){_YEAR}\b"),
)
_NO_YEAR_PATTERNS = (
    re.compile(rf"\b{_DAY}(?:\s+of)?\s+{_MONTH}(?!\w)(?!,?\s+\d)", re.I),
    re.compile(rf"\b{_MONTH}\s+{_DAY}\b(?!,?\s+\d)", re.I),
)
_MONTH_PATTERNS = (
    re.compile(rf"\b{_MONTH},?\s+{_YEAR}\b", re.I),
    re.compile(rf"\b{_YEAR}-(?P<m>\d{{2}})\b(?![-/]\d)"),
    re.compile(rf"(?<![\d/.-])(?P<m>\d{{1,2}})/{_YEAR}\b"),
)
_MONTH_WORD = re.compile(r"(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)")
_NUMERIC_DATE = re.compile(r"\d[/.-]\d")
_MONEY_HINTS = ("₹", "rs", "inr", "rupee", "/-")
_NUMBER = r"(?P<n>\d{1,3}(?:,\d{2,3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
_UNIT = r"(?:\s*(?P<u>lakhs?|lacs?|crores?|cr\b\.?|L\b))?"
_AMOUNT_PATTERNS = (
    re.compile(rf"(?:₹|\brs\b\.?|\binr\b|\brupees\b)\s*{_NUMBER}{_UNIT}", re.I),
    re.compile(rf"(?<![\d.,]){_NUMBER}{_UNIT}\s*(?:rupees\b|/-)", re.I),
)
# Not inside a word: a reference such as STMTIKASA2PC names no percentage.
_PERCENT = re.compile(r"(?<![\w.,])(?P<n>\d{1,3}(?:\.\d+)?)\s*(?:%|per\s?cent\b|pc\b)", re.I)


@dataclass(frozen=True)
class Amount:
    """A rupee amount in text: its value in paise and how precisely it was said."""

    start: int
    end: int
    paise: int
    with_paise: bool  # said to the paisa (two decimals, no lakh or crore)
    unit: str | None  # "lakh" or "crore" when said in those units
    significant: int  # significant digits as said
    decimals: int = 0  # digits after the decimal point as said


@dataclass(frozen=True)
class DateMention:
    """A date in text; ``day`` None for a month; ``alternative`` the month-first reading of 05/07/2026."""

    start: int
    end: int
    year: int
    month: int
    day: int | None
    alternative: dt.date | None = None
    year_given: bool = True

    @property
    def date(self) -> dt.date | None:
        return dt.date(self.year, self.month, self.day) if self.day else None


@dataclass(frozen=True)
class Percent:
    """A percentage in text."""

    start: int
    end: int
    value: Decimal


def _month(name: str) -> int:
    return _MONTHS[name.lower()[:3]]


def _valid(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def _unit_name(unit: str | None) -> str | None:
    if not unit:
        return None
    return "crore" if unit.lower().startswith("c") else "lakh"


@lru_cache(maxsize=4096)
def amounts(text: str) -> tuple[Amount, ...]:
    """Every rupee amount stated in ``text``, in order (cached: replies are read by several checks)."""
    return find_amounts(text)


def find_amounts(text: str) -> tuple[Amount, ...]:
    """Every rupee amount stated in ``text``, in order."""
    lowered = text.lower()
    if not any(hint in lowered for hint in _MONEY_HINTS):
        return ()
    found: list[Amount] = []
    taken: list[tuple[int, int]] = []
    for pattern in _AMOUNT_PATTERNS:
        for match in pattern.finditer(text):
            if any(s < match.end() and match.start() < e for s, e in taken):
                continue
            number = match.group("n").replace(",", "")
            unit = _unit_name(match.group("u"))
            value = Decimal(number) * (100 if unit is None else (10_000_000 if unit == "lakh" else 1_000_000_000))
            if value != value.to_integral_value():
                continue  # fractions of a paisa: not an amount anyone says
            decimals = len(number.split(".")[1]) if "." in number else 0
            significant = len(number.replace(".", "").lstrip("0")) or 1
            taken.append((match.start(), match.end()))
            found.append(Amount(match.start(), match.end(), int(value), unit is None and decimals == 2, unit, significant, decimals))
    return tuple(sorted(found, key=lambda a: a.start))


def _date_from(match: re.Match[str], index: int, this_year: int) -> DateMention | None:
    groups = match.groupdict()
    year = int(groups.get("y") or this_year)
    if index == 3:  # 15/07/2027: day first; month first only when day first is impossible
        a, b = int(groups["a"]), int(groups["b"])
        first, second = _valid(year, b, a), _valid(year, a, b)
        chosen = first or second
        if chosen is None:
            return None
        alternative = second if first is not None and second is not None and second != first else None
        return DateMention(match.start(), match.end(), chosen.year, chosen.month, chosen.day, alternative)
    month = _month(groups["mon"]) if groups.get("mon") else int(groups["m"])
    day = _valid(year, month, int(groups["d"]))
    if day is None:
        return None
    return DateMention(match.start(), match.end(), day.year, day.month, day.day, None, groups.get("y") is not None)


@lru_cache(maxsize=4096)
def dates(text: str, this_year: int | None = None) -> tuple[DateMention, ...]:
    """Every date and month stated in ``text``, in order (cached; ``this_year`` for dates said without one)."""
    return find_dates(text, this_year)


def find_dates(text: str, this_year: int | None = None) -> tuple[DateMention, ...]:
    """Every date and month stated in ``text``, in order (``this_year``, default the bank's, for dates said without one)."""
    if this_year is None:
        from tau_indian_bank.bank.clock import today

        this_year = today().year
    found: list[DateMention] = []
    taken: list[tuple[int, int]] = []
    named, numeric = _MONTH_WORD.search(text) is not None, _NUMERIC_DATE.search(text) is not None
    if not (named or numeric):
        return ()

    def free(match: re.Match[str]) -> bool:
        return not any(s < match.end() and match.start() < e for s, e in taken)

    for index, pattern in enumerate(_DATE_PATTERNS):
        if not (named if index < 2 else numeric):
            continue
        for match in pattern.finditer(text):
            mention = _date_from(match, index, this_year) if free(match) else None
            if mention is not None:
                taken.append((match.start(), match.end()))
                found.append(mention)
    for pattern in _NO_YEAR_PATTERNS if named else ():
        for match in pattern.finditer(text):
            mention = _date_from(match, 0, this_year) if free(match) else None
            if mention is not None:
                taken.append((match.start(), match.end()))
                found.append(DateMention(mention.start, mention.end, mention.year, mention.month, mention.day, None, False))
    for index, pattern in enumerate(_MONTH_PATTERNS):
        if not (named if index == 0 else numeric):
            continue
        for match in pattern.finditer(text):
            groups = match.groupdict()
            month = _month(groups["mon"]) if groups.get("mon") else int(groups["m"])
            if free(match) and 1 <= month <= 12:
                taken.append((match.start(), match.end()))
                found.append(DateMention(match.start(), match.end(), int(groups["y"]), month, None))
    return tuple(sorted(found, key=lambda d: d.start))


@lru_cache(maxsize=4096)
def percents(text: str) -> tuple[Percent, ...]:
    """Every percentage stated in ``text``, in order (cached)."""
    return find_percents(text)


def find_percents(text: str) -> tuple[Percent, ...]:
    """Every percentage stated in ``text``, in order."""
    if "%" not in text and "cent" not in text.lower() and "pc" not in text.lower():
        return ()
    return tuple(Percent(m.start(), m.end(), Decimal(m.group("n")).normalize()) for m in _PERCENT.finditer(text))


def percent_of(text: str) -> Decimal:
    """The value of a tool output's rate text (``"5.80%"`` -> Decimal('5.8'))."""
    return Decimal(str(text).strip().rstrip("%").strip()).normalize()
