"""Numbers written in words, and the Indian scales lakh and crore — defined once.

* **Scales**: :data:`LAKH` (1,00,000) and :data:`CRORE` (1,00,00,000) rupees; the words for
  them (:data:`SCALE_PATTERN`): *lakh*, *lakhs*, *lac*, *lacs*, *L*, *crore*, *crores*,
  *cr*, *karod*, *karor*, *लाख*, *करोड* (as :func:`~tau_indian_bank.text.script.plain`
  writes *करोड़*). :func:`scale_of` gives the rupees per unit; :func:`scaled_paise` turns
  "2.2" and "lakh" into paise.
* **Number words** (:func:`number_words`): runs of English (*one* … *nineteen*, *twenty* …
  *ninety*, *hundred*, *thousand*, *and* between), Hinglish (*ek*, *do*, *teen* … *das*,
  *bees*, *pachas*, *sau*, *hazaar*) and Hindi (*एक*, *दो*, *तीन* … *दस*, *बीस*, *पचास*,
  *सौ*, *हजार*) words, with lakh and crore, and the Hindi fractions *derh* / *डेढ* (1½),
  *dhai* / *ढाई* (2½), *sawa* / *सवा* (¼ more), *saadhe* / *साढे* (½ more) and *paune* /
  *पौने* (¼ less): "two lakh twenty thousand" = 2,20,000, "डेढ लाख" = 1,50,000. Hindi's
  other compound numbers (*इक्कीस*, *सैंतालीस*…) are not read: in chat they are written in digits.
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache

from tau_indian_bank.text.script import B, E

#: Rupees in one lakh and in one crore.
LAKH = 100_000
CRORE = 10_000_000
#: Words for lakh and crore (Hindi in plain or raw spelling).
SCALE_WORDS = r"(?:lakhs?|lacs?|crores?|cr\b\.?|karod|karor|लाख|करो(?:ड|\u095c)\u093c?)"
#: The same, or an ``L`` written right after a marked amount ("₹1.5L").
SCALE_PATTERN = rf"(?:{SCALE_WORDS}|L\b)"

_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
    "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
    "ek": 1, "do": 2, "teen": 3, "char": 4, "chaar": 4, "paanch": 5, "panch": 5, "chhe": 6, "chhah": 6, "saat": 7, "aath": 8,
    "nau": 9, "das": 10, "gyarah": 11, "barah": 12, "baarah": 12, "pandrah": 15, "bees": 20, "pachees": 25, "pachchis": 25,
    "tees": 30, "chalis": 40, "chaalis": 40, "pachas": 50, "pachaas": 50, "saath": 60, "sattar": 70, "assi": 80, "nabbe": 90,
    "एक": 1, "दो": 2, "तीन": 3, "चार": 4, "पांच": 5, "छह": 6, "छः": 6, "सात": 7, "आठ": 8, "नौ": 9, "दस": 10, "ग्यारह": 11,
    "बारह": 12, "पंद्रह": 15, "बीस": 20, "पच्चीस": 25, "तीस": 30, "चालीस": 40, "पचास": 50, "साठ": 60, "सत्तर": 70,
    "पचहत्तर": 75, "अस्सी": 80, "नब्बे": 90,
}
_HUNDRED = {"hundred": 100, "sau": 100, "सौ": 100}
_THOUSAND = {"thousand": 1000, "hazaar": 1000, "hazar": 1000, "हजार": 1000}
_SCALES = {"lakh": LAKH, "lakhs": LAKH, "lac": LAKH, "lacs": LAKH, "लाख": LAKH, "crore": CRORE, "crores": CRORE, "karod": CRORE,
           "karor": CRORE, "करोड": CRORE}
_FRACTIONS = {"derh": Decimal("1.5"), "dedh": Decimal("1.5"), "डेढ": Decimal("1.5"), "dhai": Decimal("2.5"), "ढाई": Decimal("2.5")}
_MODIFIERS = {"sawa": Decimal("0.25"), "सवा": Decimal("0.25"), "saadhe": Decimal("0.5"), "sadhe": Decimal("0.5"),
              "साढे": Decimal("0.5"), "paune": Decimal("-0.25"), "पौने": Decimal("-0.25")}
_ALL = {**_UNITS, **_HUNDRED, **_THOUSAND, **_SCALES, **{k: 0 for k in (*_FRACTIONS, *_MODIFIERS)}}
_RUN = re.compile(B + "(?:" + "|".join(sorted(map(re.escape, _ALL), key=len, reverse=True)) + ")"
                  + r"(?:[\s-]+(?:and\s+)?(?:" + "|".join(sorted(map(re.escape, _ALL), key=len, reverse=True)) + "))*" + E, re.I)
_TOKEN = re.compile(r"[^\s-]+")


def scale_of(unit: str) -> int:
    """Rupees per unit of a scale word (``"lakh"`` -> 1,00,000; ``"Cr"`` -> 1,00,00,000)."""
    word = unit.lower().rstrip(".")
    if word.startswith(("c", "k", "क")):
        return CRORE
    return LAKH


def scaled_paise(number: str, unit: str | None) -> Decimal:
    """Paise of a number said with an optional scale word: ("2.2", "lakh") -> 22000000."""
    value = Decimal(number.replace(",", ""))
    return value * 100 * (scale_of(unit) if unit else 1)


def _value(words: list[str]) -> Decimal | None:
    """The value of a run of number words (``None`` when it holds no number: "sawa" alone)."""
    total, current, modifier, seen = Decimal(0), Decimal(0), Decimal(0), False
    for word in words:
        if word in _MODIFIERS:
            modifier = _MODIFIERS[word]
            continue
        seen = True
        if word in _FRACTIONS:
            current += _FRACTIONS[word]
        elif word in _UNITS:
            current += _UNITS[word]
        elif word in _HUNDRED:
            current, modifier = ((current or 1) + modifier) * 100, Decimal(0)
        else:  # thousand, lakh, crore
            total += ((current or 1) + modifier) * (_THOUSAND.get(word) or _SCALES[word])
            current, modifier = Decimal(0), Decimal(0)
    return total + current + (modifier if current else 0) if seen else None


@lru_cache(maxsize=4096)
def number_words(text: str) -> tuple[tuple[int, int, Decimal], ...]:
    """Every number written in words in ``text``: (start, end, value), in order ("two lakh" -> 200000)."""
    found = []
    for match in _RUN.finditer(text):
        words = [w.lower() for w in _TOKEN.findall(match.group(0)) if w.lower() != "and"]
        value = _value(words)
        if value is not None:
            found.append((match.start(), match.end(), value))
    return tuple(found)
