"""Dates, months and periods in text — every accepted form, and the one ambiguity rule.

* **Dates**: ``15 July 2027``, ``15th of Jul, 2027``, ``July 15, 2027``, ``2027-07-15``,
  ``2027/07/15``, ``15/07/2027``, ``15-07-2027``, ``15.07.2027``, Hindi ``15 जुलाई 2027``; a
  day and month without a year (``26 July``, ``26 जुलाई``) is in the bank's current year, or
  the next or the last when the words around it say so (*next year*, *agle saal*, *अगले साल*;
  *last year*, *pichhle saal*, *पिछले साल*).
* **Months**: ``February 2027``, ``फरवरी 2027``, ``2027-02``, ``02/2027``; and, marked
  ``loose`` (a card's expiry as printed, never read as a figure by gate S7), ``02/27``.
* **The ambiguity rule** (gates S6, S7 and the answer check alike): a numeric date is read
  **day first**, as in India; it is read month first only when day first is impossible
  (``07/15/2027``). When both readings are valid and differ (``05/07/2026``), the date is
  the day-first one and :attr:`DateMention.alternative` holds the month-first one: the
  answer check and S6 take the date, S7 says ``needs_review`` when only the alternative
  traces.
* **Before today** (:func:`dates_the_past`): a date, month or year said before the bank's
  today, or *ago*, *yesterday*, *last week*, *earlier*, *previously*, *back in*, *at that
  time*, *in the past*, *some time back*, *pichhle mahine*, *2 din pehle*, *पिछले साल*,
  *3 महीने पहले*.
* **Periods** (:func:`periods`): ``T+1``, ``7 working days``, ``24 months``, ``one year``, ``a
  month later``, ``within a week``, ``12 महीने``, ``do saal``, ``"tenure_months": 24`` (a tool
  output's key) -> ``("days", 1)``, ``("months", 24)``…

Hindi month names are matched as :func:`~tau_indian_bank.text.script.plain` writes them.

API: :class:`DateMention`, :func:`dates`, :func:`month_number`, :func:`dates_the_past`,
:func:`periods`, :func:`may_hold_periods`, :func:`day_forms` (how a person names a day without its year: "15 July",
"July 15", "15 जुलाई", and its month: "July 2026").
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from functools import lru_cache

from tau_indian_bank.bank import clock
from tau_indian_bank.text.numbers import number_words
from tau_indian_bank.text.script import B, E, digits_ascii

#: Month names (English by their first three letters; Hindi whole, as plain() writes them) -> month number.
MONTHS: dict[str, int] = {
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "may": 5,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
    "जनवरी": 1,
    "फरवरी": 2,
    "मार्च": 3,
    "अप्रैल": 4,
    "अप्रेल": 4,
    "मई": 5,
    "जून": 6,
    "जुलाई": 7,
    "अगस्त": 8,
    "सितंबर": 9,
    "सितम्बर": 9,
    "अक्टूबर": 10,
    "अक्तूबर": 10,
    "नवंबर": 11,
    "नवम्बर": 11,
    "दिसंबर": 12,
    "दिसम्बर": 12,
}
#: English month names, January first (as the bank writes them: "15 July 2027").
MONTH_NAMES: tuple[str, ...] = tuple(dt.date(2000, number, 1).strftime("%B") for number in range(1, 13))
_MONTH = (
    r"(?P<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|" + "|".join(k for k in MONTHS if not k.isascii()) + r")\.?"
)
_DAY = r"(?P<d>\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?P<y>(?:19|20)\d{2})"
_DATE_PATTERNS = (
    re.compile(rf"{B}{_DAY}(?:\s+of)?\s+{_MONTH},?\s+{_YEAR}\b", re.I),
    re.compile(rf"{B}{_MONTH}\s+{_DAY},?\s+{_YEAR}\b", re.I),
    re.compile(rf"\b{_YEAR}[-/](?P<m>\d{{1,2}})[-/](?P<d>\d{{1,2}})\b"),
    re.compile(rf"(?<![\d.,/-])(?P<a>\d{{1,2}})(?P<sep>[/.-])(?P<b>\d{{1,2}})(?P=sep){_YEAR}\b"),
)
_NO_YEAR_PATTERNS = (
    re.compile(rf"{B}{_DAY}(?:\s+of)?\s+{_MONTH}{E}(?!,?\s+\d)", re.I),
    re.compile(rf"{B}{_MONTH}\s+{_DAY}\b(?!,?\s+\d)", re.I),
)
_MONTH_PATTERNS = (
    re.compile(rf"{B}{_MONTH},?\s+{_YEAR}\b", re.I),
    re.compile(rf"\b{_YEAR}-(?P<m>\d{{2}})\b(?![-/]\d)"),
    re.compile(rf"(?<![\d/.-])(?P<m>\d{{1,2}})/{_YEAR}\b"),
)
_OTHER_YEAR = re.compile(
    rf"(?P<next>\bnext year\b|{B}(?:agle|agale|अगले) (?:saal|sal|साल|वर्ष){E})|"
    rf"(?P<last>\blast year\b|{B}(?:pichhle|pichle|पिछले) (?:saal|sal|साल|वर्ष){E})",
    re.I,
)
_LOOSE_MONTH = re.compile(r"(?<![\d/.-])(?P<m>0?[1-9]|1[0-2])/(?P<yy>\d\d)(?![\d/])")
_NAMED = re.compile(r"(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|" + "|".join(k for k in MONTHS if not k.isascii()))
_NUMERIC = re.compile(r"\d[/.-]\d")
_RELATIVE_PAST = re.compile(
    r"\b(?:ago|yesterday|last (?:week|month|year)|earlier|previously|back in|at that time|at the time|in the past|"
    r"some time back|before today)\b"
    rf"|{B}(?:pichhle|pichle|पिछले|बीते)\s+\S+|{B}(?:din|hafte|mahine|saal|दिन|हफ्ते|महीने|साल)\s+(?:pehle|pahle|पहले){E}",
    re.I,
)
_IN_YEAR = re.compile(rf"\b(?:in|during|of)\s+((?:19|20)\d\d)\b|\b((?:19|20)\d\d)\s+(?:में|mein|me){E}", re.I)
_UNIT_WORDS = {
    "day": "days",
    "din": "days",
    "दिन": "days",
    "week": "weeks",
    "hafte": "weeks",
    "hafta": "weeks",
    "हफ्ते": "weeks",
    "हफ्ता": "weeks",
    "सप्ताह": "weeks",
    "month": "months",
    "mahine": "months",
    "mahina": "months",
    "mahino": "months",
    "महीने": "months",
    "महीना": "months",
    "महीनों": "months",
    "माह": "months",
    "year": "years",
    "saal": "years",
    "sal": "years",
    "varsh": "years",
    "साल": "years",
    "वर्ष": "years",
}
_UNIT = r"(?P<u>days?|weeks?|months?|years?|" + "|".join(k for k in _UNIT_WORDS if k not in ("day", "week", "month", "year")) + ")"
_PERIOD = re.compile(
    rf"\bT\s*\+\s*(?P<t>\d+)|(?<![\d.])(?P<n>\d+)[\s-]*(?:working\s+|calendar\s+|business\s+)?{_UNIT}{E}"
    r"|\"(?P<k>\w*months?\w*|\w*days?\w*)\":\s*(?P<v>\d+)",
    re.I,
)
_ONE_PERIOD = re.compile(
    r"\b(?:(?:in|within|after)\s+an?\s+(?P<v>day|week|month|year)|"
    r"an?\s+(?P<x>day|week|month|year)\s+(?:later|after|before|earlier|from))\b",
    re.I,
)
_WORD_UNIT = re.compile(rf"[\s-]*(?:working\s+|calendar\s+|business\s+)?{_UNIT}{E}", re.I)


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
    loose: bool = False  # a month written 02/27: read as a month fact, never as a figure

    @property
    def date(self) -> dt.date | None:
        return dt.date(self.year, self.month, self.day) if self.day else None


def month_number(name: str) -> int:
    """The number of a month name ('July', 'jul', 'जुलाई' -> 7)."""
    lowered = name.lower().rstrip(".")
    return MONTHS.get(lowered) or MONTHS[lowered[:3]]


def _year_shift(text: str, start: int, end: int) -> int:
    """+1 or -1 when the words right around a date said without its year name the next or the last year."""
    near = _OTHER_YEAR.search(text, max(0, start - 25), min(len(text), end + 25))
    return 0 if near is None else (1 if near["next"] else -1)


def _valid(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def _numeric(match: re.Match[str], year: int) -> DateMention | None:
    """15/07/2027: day first; month first only when day first is impossible."""
    a, b = int(match["a"]), int(match["b"])
    first, second = _valid(year, b, a), _valid(year, a, b)
    chosen = first or second
    if chosen is None:
        return None
    alternative = second if first is not None and second is not None and second != first else None
    return DateMention(match.start(), match.end(), chosen.year, chosen.month, chosen.day, alternative)


def _date_from(match: re.Match[str], this_year: int, year_given: bool = True) -> DateMention | None:
    groups = match.groupdict()
    year = int(groups.get("y") or this_year)
    if groups.get("a"):
        return _numeric(match, year)
    month = month_number(groups["mon"]) if groups.get("mon") else int(groups["m"])
    day = _valid(year, month, int(groups["d"]))
    if day is None:
        return None
    return DateMention(match.start(), match.end(), day.year, day.month, day.day, None, year_given)


@lru_cache(maxsize=4096)
def dates(text: str, this_year: int | None = None) -> tuple[DateMention, ...]:
    """Every date and month stated in ``text``, in order (``this_year``, default the bank's, for dates said without one)."""
    text = digits_ascii(text)
    named, numeric = _NAMED.search(text) is not None, _NUMERIC.search(text) is not None
    if not (named or numeric):
        return ()
    year = clock.today().year if this_year is None else this_year
    found: list[DateMention] = []

    def add(mention: DateMention | None) -> None:
        if mention is not None and not any(m.start < mention.end and mention.start < m.end for m in found):
            found.append(mention)

    for index, pattern in enumerate(_DATE_PATTERNS):
        for match in pattern.finditer(text) if (named if index < 2 else numeric) else ():
            add(_date_from(match, year))
    for pattern in _NO_YEAR_PATTERNS if named else ():
        for match in pattern.finditer(text):
            add(_date_from(match, year + _year_shift(text, match.start(), match.end()), year_given=False))
    for index, pattern in enumerate(_MONTH_PATTERNS):
        for match in pattern.finditer(text) if (named if index == 0 else numeric) else ():
            month = month_number(match["mon"]) if match.groupdict().get("mon") else int(match["m"])
            add(DateMention(match.start(), match.end(), int(match["y"]), month, None) if 1 <= month <= 12 else None)
    for match in _LOOSE_MONTH.finditer(text) if numeric or "/" in text else ():
        add(DateMention(match.start(), match.end(), 2000 + int(match["yy"]), int(match["m"]), None, loose=True))
    return tuple(sorted(found, key=lambda d: d.start))


def dates_the_past(text: str, today: dt.date | None = None) -> bool:
    """Does ``text`` place what it says before today (a past date, month or year, or 'ago', 'earlier', 'पिछले'…)?"""
    today = today or clock.today()
    if _RELATIVE_PAST.search(text):
        return True
    for mention in dates(text, today.year):
        if mention.loose:
            continue
        if mention.date is not None and mention.date < today:
            return True
        if mention.day is None and (mention.year, mention.month) < (today.year, today.month):
            return True
    return any(int(m.group(1) or m.group(2)) < today.year for m in _IN_YEAR.finditer(digits_ascii(text)))


_PERIOD_HINT = re.compile(
    r"day|week|month|year|T\s*\+|din|hafta|hafte|mahin|saal|varsh|" + "|".join(k for k in _UNIT_WORDS if not k.isascii()), re.I
)


def may_hold_periods(text: str) -> bool:
    """A cheap test: can ``text`` state a period at all (a unit word or ``T+``)?"""
    return _PERIOD_HINT.search(text) is not None


def _unit(word: str) -> str:
    lowered = word.lower()
    return _UNIT_WORDS.get(lowered) or _UNIT_WORDS[lowered.rstrip("s")]


@lru_cache(maxsize=4096)
def periods(text: str) -> frozenset[tuple[str, int]]:
    """The numbers of days, weeks, months or years ``text`` states (see the module docstring)."""
    text = digits_ascii(text)
    found = set()
    for match in _PERIOD.finditer(text):
        if match["t"]:
            found.add(("days", int(match["t"])))
        elif match["n"]:
            found.add((_unit(match["u"]), int(match["n"])))
        else:
            found.add(("months" if "month" in match["k"].lower() else "days", int(match["v"])))
    for match in _ONE_PERIOD.finditer(text):
        found.add((_unit(match["v"] or match["x"]), 1))
    for _, end, value in number_words(text):
        unit = _WORD_UNIT.match(text, end)
        if unit and value == int(value) and value > 0:
            found.add((_unit(unit["u"]), int(value)))
    return frozenset(found)


_HINDI_MONTH = {number: name for name, number in reversed(list(MONTHS.items())) if not name.isascii()}


def day_forms(day: dt.date) -> list[str]:
    """How a person names a day of the records without its year, and its month ('15 July', 'July 15', '15 जुलाई', 'July 2026')."""
    english = MONTH_NAMES[day.month - 1]
    return [
        f"{day.day} {english}",
        f"{english} {day.day}",
        f"{english} {day.year}",
        f"{day.day} {_HINDI_MONTH[day.month]}",
        f"{_HINDI_MONTH[day.month]} {day.year}",
    ]
