"""Rupee amounts and percentages in text, with where they are.

* **Amounts** need a rupee marker or a scale word: ``₹1,97,035.65``, ``Rs. 197035.65``,
  ``Rs 500``, ``INR 1,97,035.65``, ``Rupees 500``, ``500 rupees``, ``5,000/-``, ``रु. 500``,
  ``500 रुपये``, ``500 rupaye``; Indian or western digit grouping, Devanagari digits
  (``₹२,२०,०००``); in lakh and crore with or without a marker: ``₹1.97 lakh``, ``₹2 crore``,
  ``₹1.5L``, ``₹3 Cr``, ``2.2 लाख``, ``2 lakh``; in words next to a marker or with a scale
  word: ``fifty thousand rupees``, ``Rs. two lakh``, ``पचास हजार रुपये``, ``डेढ लाख``
  (:mod:`tau_indian_bank.text.numbers`; words are read in :func:`~tau_indian_bank.text.script.plain`
  text). A bare number is not an amount (it may be a cheque number, a tenure or a weight).
  Paise said after a rupee amount in words are part of it (``चार लाख … रुपये अड़तीस पैसे`` =
  ₹4,00,000.38…).
* **Percentages**: ``7%``, ``7.00 %``, ``7 per cent``, ``7 percent``, ``7 pc``, ``7 प्रतिशत``,
  ``7 pratishat``, ``7 फीसदी``, and in words: ``saat percent``, ``paanch point aath percent``,
  ``पौने पाँच प्रतिशत``.

API: :class:`Amount`, :func:`amounts`, :func:`amount_values`, :func:`may_hold_amounts`, :func:`has_figures`,
:class:`Percent`, :func:`percents`, :func:`percent_of`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from tau_indian_bank.text.numbers import SCALE_PATTERN, SCALE_WORDS, number_words, scale_of, scaled_paise
from tau_indian_bank.text.script import E, digits_ascii

_MARKER = r"(?:₹|\brs\b\.?|\binr\b|\brupees\b|रु\.?|रुपये|रुपए)"
_SUFFIX = r"(?:rupees?\b|/-|रुपये|रुपए|रुपया|rupaye\b|rupaiye\b|rupay\b|rupiya\b)"
_NUMBER = r"(?P<n>\d{1,3}(?:,\d{2,3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
_UNIT = rf"(?:\s*(?P<u>{SCALE_PATTERN}){E})?"
_PATTERNS = (
    re.compile(rf"{_MARKER}\s*{_NUMBER}{_UNIT}", re.I),
    re.compile(rf"(?<![\w.,]){_NUMBER}{_UNIT}\s*{_SUFFIX}", re.I),
    re.compile(rf"(?<![\w.,]){_NUMBER}\s*(?P<u>{SCALE_WORDS}){E}", re.I),
)
_HINTS = ("₹", "rs", "inr", "rupee", "/-", "रु", "rupa", "rupi", "lakh", "lac", "crore", "cr", "karo", "लाख", "करो")
_WORD_MARKER_BEFORE = re.compile(rf"{_MARKER}\s*$", re.I)
_WORD_MARKER_AFTER = re.compile(rf"\s*{_SUFFIX}", re.I)
_WORD_SCALE = re.compile(rf"(?:{SCALE_WORDS}){E}\s*$", re.I)
_PERCENT_MARK = r"(?:%|per\s?cent\b|pc\b|प्रतिशत|pratishat\b|फीसदी|fisadi\b)"
#: Not inside a word: a reference such as STMTIKASA2PC names no percentage.
_PERCENT = re.compile(rf"(?<![\w.,])(?P<n>\d{{1,3}}(?:\.\d+)?)\s*{_PERCENT_MARK}", re.I)
_PERCENT_AFTER_WORDS = re.compile(rf"\s*{_PERCENT_MARK}", re.I)
_PERCENT_HINTS = ("%", "cent", "pc", "प्रतिशत", "pratishat", "फीसदी", "fisadi")
_FIGURE = re.compile(r"₹|\brs\.?\s*\d|\binr\s*\d|\d+(?:\.\d+)?\s*%", re.I)


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
class Percent:
    """A percentage in text."""

    start: int
    end: int
    value: Decimal


def _overlaps(taken: list[tuple[int, int]], start: int, end: int) -> bool:
    return any(s < end and start < e for s, e in taken)


def _digit_amounts(text: str, taken: list[tuple[int, int]]) -> list[Amount]:
    found = []
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            if _overlaps(taken, match.start(), match.end()):
                continue
            number, unit_word = match.group("n").replace(",", ""), match.group("u")
            value = scaled_paise(number, unit_word)
            if value != value.to_integral_value():
                continue  # fractions of a paisa: not an amount anyone says
            unit = None if not unit_word else ("crore" if scale_of(unit_word) > 100_000 else "lakh")
            decimals = len(number.split(".")[1]) if "." in number else 0
            significant = len(number.replace(".", "").lstrip("0")) or 1
            taken.append((match.start(), match.end()))
            found.append(Amount(match.start(), match.end(), int(value), unit is None and decimals == 2, unit, significant, decimals))
    return found


def _paise_after(text: str, end: int, words: dict[int, tuple[int, Decimal]]) -> tuple[int, int]:
    """The paise said right after a rupee amount in words ("… रुपये अड़तीस पैसे", "… rupees and 50 paise"): (end, paise)."""
    marker = _WORD_MARKER_AFTER.match(text, end)
    if marker is None:
        return end, 0
    at = marker.end()
    gap = re.match(r"\s*(?:and\s+|aur\s+|और\s+)?", text[at:])
    start = at + (gap.end() if gap else 0)
    if start in words:
        said_end, value = words[start]
        tail = re.match(r"\s*(?:paise|paisa|पैसे|पैसा)", text[said_end:], re.I)
        if tail and value < 100 and value == int(value):
            return said_end + tail.end(), int(value)
    return end, 0


def _word_amounts(text: str, taken: list[tuple[int, int]]) -> list[Amount]:
    found = []
    runs = number_words(text)
    starts = {start: (end, value) for start, end, value in runs}
    for start, end, value in runs:
        before = text[max(0, start - 12) : start]
        scaled = _WORD_SCALE.search(text[start:end]) is not None
        if _overlaps(taken, start, end) or not (scaled or _WORD_MARKER_BEFORE.search(before) or _WORD_MARKER_AFTER.match(text, end)):
            continue
        end, extra = _paise_after(text, end, starts)
        paise = value * 100 + extra
        if paise != paise.to_integral_value() or not paise:
            continue
        taken.append((start, end))
        found.append(Amount(start, end, int(paise), bool(extra), None, len(str(int(value)))))
    return found


def may_hold_amounts(text: str) -> bool:
    """A cheap test: can ``text`` state an amount at all (a rupee marker or a scale word)?"""
    lowered = text.lower()
    return any(hint in lowered for hint in _HINTS)


@lru_cache(maxsize=4096)
def amounts(text: str) -> tuple[Amount, ...]:
    """Every rupee amount stated in ``text``, in order (cached: replies are read by several checks)."""
    if not may_hold_amounts(text):
        return ()
    digits = digits_ascii(text)
    taken: list[tuple[int, int]] = []
    found = _digit_amounts(digits, taken) + _word_amounts(digits, taken)
    return tuple(sorted(found, key=lambda a: a.start))


def amount_values(text: str) -> frozenset[int]:
    """The paise of every amount ``text`` states ('₹1,50,000', 'Rs. 60000.50', '2 lakh')."""
    return frozenset(a.paise for a in amounts(text))


def has_figures(text: str) -> bool:
    """Does ``text`` quote money or a rate (a quote, a payout, a penalty)?"""
    return bool(_FIGURE.search(digits_ascii(text))) or bool(amounts(text)) or bool(percents(text))


@lru_cache(maxsize=4096)
def percents(text: str) -> tuple[Percent, ...]:
    """Every percentage stated in ``text``, in order (cached)."""
    lowered = text.lower()
    if not any(hint in lowered for hint in _PERCENT_HINTS):
        return ()
    digits = digits_ascii(text)
    found = [Percent(m.start(), m.end(), Decimal(m.group("n")).normalize()) for m in _PERCENT.finditer(digits)]
    for start, end, value in number_words(digits):
        mark = _PERCENT_AFTER_WORDS.match(digits, end)
        if mark and value <= 100 and not any(p.start < mark.end() and start < p.end for p in found):
            found.append(Percent(start, mark.end(), value.normalize()))
    return tuple(sorted(found, key=lambda p: p.start))


def percent_of(text: str) -> Decimal:
    """The value of a tool output's rate text (``"5.80%"`` -> Decimal('5.8'))."""
    return Decimal(str(text).strip().rstrip("%").strip()).normalize()
