"""Numbers written in words, and the Indian scales lakh and crore — defined once.

* **Scales**: :data:`LAKH` (1,00,000) and :data:`CRORE` (1,00,00,000) rupees; the words for
  them (:data:`SCALE_WORDS`): *lakh*, *lakhs*, *lac*, *lacs*, *crore*, *crores*, *cr*, *karod*,
  *karor*, *लाख*, *करोड़*; :data:`SCALE_PATTERN` adds an *L* written right after a marked amount
  ("₹1.5L"). :func:`scale_of` gives the rupees per unit; :func:`scaled_paise` turns "2.2" and
  "lakh" into paise.
* **Number words** (:func:`number_words`): runs of English (*one* … *ninety*, *hundred*,
  *thousand*, *and* between), Hindi (every number from *एक* to *निन्यानवे*, *सौ*, *हजार*) and
  Hinglish (the same in Latin script, in its common spellings: *ek*, *do*, *untees*, *chhappan*,
  *sattanave*…; a spelling not listed is read by its consonants, *sattanve* as *sattanave*) words,
  with lakh and crore, the fractions *derh* / *डेढ़* (1½) and *dhai* / *ढाई* (2½), the prefixes
  *sawa* / *सवा* (¼ more), *saadhe* / *साढ़े* (½ more) and *paune* / *पौने* (¼ less), and decimals
  said as *point* / *दशमलव* and digit words ("paanch point aath" = 5.8). "two lakh twenty
  thousand" = 2,20,000; "चार लाख पचानवे हज़ार एक सौ तैंतीस" = 4,95,133.

Hindi words are matched as :func:`~tau_indian_bank.text.script.plain` writes them.
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache

from tau_indian_bank.text.script import WORD

#: Rupees in one lakh and in one crore.
LAKH = 100_000
CRORE = 10_000_000
#: Words for lakh and crore (Hindi in plain or raw spelling).
SCALE_WORDS = r"(?:lakhs?|lacs?|crores?|cr\b\.?|karod|karor|लाख|करो(?:ड|\u095c)\u093c?)"
#: The same, or an ``L`` written right after a marked amount ("₹1.5L").
SCALE_PATTERN = rf"(?:{SCALE_WORDS}|L\b)"

_ENGLISH = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen"
).split()
_ENGLISH_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
#: 1-99 in Hindi, as plain() writes them (alternative spellings after a slash).
_HINDI = (
    "एक दो तीन चार पांच छह/छः/छे सात आठ नौ दस ग्यारह बारह तेरह चौदह पंद्रह/पन्द्रह सोलह सत्रह अठारह उन्नीस बीस "
    "इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस/अठाईस उनतीस तीस इकतीस बत्तीस तैंतीस चौंतीस पैंतीस छत्तीस सैंतीस "
    "अडतीस उनतालीस चालीस इकतालीस बयालीस तैंतालीस चवालीस/चौवालीस पैंतालीस छियालीस सैंतालीस अडतालीस उनचास पचास इक्यावन बावन "
    "तिरेपन/तिरपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ साठ इकसठ बासठ तिरसठ चौंसठ पैंसठ छियासठ सडसठ अडसठ उनहत्तर सत्तर "
    "इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर उन्यासी/उनासी अस्सी इक्यासी बयासी तिरासी चौरासी पचासी "
    "छियासी सत्तासी अट्ठासी नवासी नब्बे इक्यानवे बानवे तिरानवे चौरानवे पचानवे छियानवे सत्तानवे अट्ठानवे निन्यानवे"
).split()
#: 1-99 in Hinglish, in their common spellings.
_HINGLISH = (
    "ek do teen char/chaar paanch/panch chhe/chhah/che saat aath nau das gyarah/gyaarah barah/baarah terah chaudah "
    "pandrah solah satrah atharah/athaarah unnis/unnees bees ikkis/ikkees bais/baais teis/teees chaubis/chaubees "
    "pachis/pachees/pachchis chhabbis/chhabbees sattais/sattaees athais/atthais/atthaees untis/untees tees/tis "
    "iktis/iktees battis/battees taintis/taintees chautis/chauntees paintis/paintees chhattis/chhattees "
    "saintis/saintees adtis/adtees/artees untalis/untaalees chalis/chaalees iktalis/iktaalees bayalis/bayaalees "
    "taintalis/taintaalees chawalis/chauvaalees paintalis/paintaalees chhiyalis/chhiyaalees saintalis/saintaalees "
    "adtalis/adtaalees unchas/unchaas pachas/pachaas ikyavan/ikyaavan bavan/baavan tirpan/tirepan chauvan pachpan "
    "chhappan sattavan/sattaavan atthavan/athaavan unsath saath iksath basath/baasath tirsath chaunsath painsath "
    "chhiyasath/chhiyaasath sadsath/sarsath adsath/arsath unhattar sattar ikhattar bahattar tihattar chauhattar "
    "pachhattar/pachattar chhihattar sathattar/satattar athhattar/atthattar unyasi/unaasi assi ikyasi bayasi tirasi "
    "chaurasi pachasi chhiyasi sattasi atthasi navasi nabbe ikyanve/ikyanave baanve/banve/baanave tiranve/tiranave "
    "chauranve/chauranave pachanve/pachanave chhiyanve/chhiyanave sattanve/sattanave atthanve/atthanave "
    "ninyanve/ninyanave"
).split()
_HUNDRED = {"hundred": 100, "sau": 100, "सौ": 100}
_THOUSAND = {"thousand": 1000, "hazaar": 1000, "hazar": 1000, "hajar": 1000, "हजार": 1000}
_SCALES = {
    "lakh": LAKH,
    "lakhs": LAKH,
    "lac": LAKH,
    "lacs": LAKH,
    "लाख": LAKH,
    "crore": CRORE,
    "crores": CRORE,
    "karod": CRORE,
    "karor": CRORE,
    "करोड": CRORE,
}
_FRACTIONS = {"derh": Decimal("1.5"), "dedh": Decimal("1.5"), "डेढ": Decimal("1.5"), "dhai": Decimal("2.5"), "ढाई": Decimal("2.5")}
_MODIFIERS = {
    "sawa": Decimal("0.25"),
    "सवा": Decimal("0.25"),
    "saadhe": Decimal("0.5"),
    "sadhe": Decimal("0.5"),
    "साढे": Decimal("0.5"),
    "paune": Decimal("-0.25"),
    "पौने": Decimal("-0.25"),
}
_POINT = frozenset({"point", "दशमलव", "dashamlav"})
_JOINERS = frozenset({"and"})


def _numbered(words: list[str]) -> dict[str, int]:
    table: dict[str, int] = {}
    for number, spellings in enumerate(words, start=1):
        table.update((spelling, number) for spelling in spellings.split("/"))
    return table


_UNITS: dict[str, int] = {**{w: i for i, w in enumerate(_ENGLISH)}, **_ENGLISH_TENS, **_numbered(_HINDI), **_numbered(_HINGLISH)}


def _skeleton(word: str) -> str:
    """A romanised word's consonants, repeats collapsed ('sattanave' and 'sattanve' -> 'stnv'; a leading vowel kept)."""
    body = word[0] + re.sub(r"[aeiouy]", "", word[1:])
    return re.sub(r"(.)\1+", r"\1", body.replace("h", "")) if len(body) > 1 else body


def _skeletons() -> dict[str, int]:
    found: dict[str, set[int]] = {}
    for spellings, number in _numbered(_HINGLISH).items():
        found.setdefault(_skeleton(spellings), set()).add(number)
    return {skeleton: next(iter(numbers)) for skeleton, numbers in found.items() if len(numbers) == 1 and len(skeleton) >= 4}


_BY_SKELETON = _skeletons()
#: A cheap test first: a text with none of the listed words holds no number in words.
_LISTED = frozenset({*_UNITS, *_HUNDRED, *_THOUSAND, *_SCALES, *_FRACTIONS, *_MODIFIERS})


def _unit_value(word: str) -> int | None:
    """The value of a word from one to ninety-nine (English, Hindi, Hinglish in any common spelling)."""
    if word in _UNITS:
        return _UNITS[word]
    return _BY_SKELETON.get(_skeleton(word)) if word.isascii() and word.isalpha() and len(word) >= 5 else None


def _kind(word: str) -> str | None:
    if word in _HUNDRED or word in _THOUSAND or word in _SCALES:
        return "scale"
    if word in _FRACTIONS or word in _MODIFIERS:
        return "fraction"
    if word in _POINT:
        return "point"
    return "unit" if _unit_value(word) is not None else None


def scale_of(unit: str) -> int:
    """Rupees per unit of a scale word (``"lakh"`` -> 1,00,000; ``"Cr"`` -> 1,00,00,000)."""
    word = unit.lower().rstrip(".")
    return CRORE if word.startswith(("c", "k", "क")) else LAKH


def scaled_paise(number: str, unit: str | None) -> Decimal:
    """Paise of a number said with an optional scale word: ("2.2", "lakh") -> 22000000."""
    value = Decimal(number.replace(",", ""))
    return value * 100 * (scale_of(unit) if unit else 1)


def _value(words: list[str]) -> Decimal | None:
    """The value of a run of number words (``None`` when it holds no number: "sawa" alone)."""
    total, current, modifier, seen, decimals = Decimal(0), Decimal(0), Decimal(0), False, ""
    for index, word in enumerate(words):
        if word in _POINT:
            decimals = "".join(str(_unit_value(w)) for w in words[index + 1 :] if (_unit_value(w) or 10) < 10)
            break
        if word in _MODIFIERS:
            modifier = _MODIFIERS[word]
            continue
        seen = True
        if word in _FRACTIONS:
            current += _FRACTIONS[word]
        elif word in _HUNDRED:
            current, modifier = ((current or 1) + modifier) * 100, Decimal(0)
        elif word in _THOUSAND or word in _SCALES:
            total += ((current or 1) + modifier) * (_THOUSAND.get(word) or _SCALES[word])
            current, modifier = Decimal(0), Decimal(0)
        else:
            current += _unit_value(word) or 0
    if not seen:
        return None
    value = total + current + (modifier if current else 0)
    return value + Decimal(f"0.{decimals}") if decimals else value


@lru_cache(maxsize=4096)
def number_words(text: str) -> tuple[tuple[int, int, Decimal], ...]:
    """Every number written in words in ``text``: (start, end, value), in order ("two lakh" -> 200000)."""
    if not any(word.lower() in _LISTED for word in WORD.findall(text)):
        return ()
    found: list[tuple[int, int, Decimal]] = []
    run: list[re.Match[str]] = []

    def close() -> None:
        while run and run[-1].group(0).lower() in _JOINERS | _POINT:
            run.pop()
        value = _value([m.group(0).lower() for m in run]) if run else None
        if value is not None:
            found.append((run[0].start(), run[-1].end(), value))
        run.clear()

    for match in WORD.finditer(text):
        word = match.group(0).lower()
        joined = bool(run) and re.fullmatch(r"[\s-]*", text[run[-1].end() : match.start()]) is not None
        if run and not joined:
            close()
        if _kind(word) is not None or (run and word in _JOINERS | _POINT):
            run.append(match)
        else:
            close()
    close()
    return tuple(found)
