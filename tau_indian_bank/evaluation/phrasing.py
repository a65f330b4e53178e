"""Reading an assistant's sentences: where they end, what frames a verb, what dates they name.

Shared by gate S2 (:mod:`tau_indian_bank.evaluation.consent`) and gate S6
(:mod:`tau_indian_bank.evaluation.claims`), so both read a reply the same way.

* **Sentences** end at ``.``, ``!`` or ``?`` followed by a space, at ``;`` and at line
  breaks (list items are sentences); ``Rs.``, ``No.``, ``e.g.`` and decimals do not end one.
* **Clauses** end at ``;``, ``:``, a comma, a dash and at *and*, *but*, *so*, *because*,
  *which*, *while*, *whereas*, *though*, *although*, *however*.
* A verb is **negated** or **not yet done** when, in its clause before it, stands a
  negation (*not*, *n't*, *never*, *no*, *nothing*, *unable*, *cannot*, *yet to*) or a
  plan (*will*, *'ll*, *would*, *shall*, *can*, *could*, *may*, *might*, *must*, *should*,
  *going to*, *about to*, *to*, *once*, *if*, *when*, *after*, *before*, *until*,
  *unless*, *as soon as*, *want*, *like*, *need*).
* A clause **dates an event before today** when it names a day, month or year before
  the bank's today, or says *ago*, *yesterday*, *last week*, *earlier*, *previously*,
  *back in*, *at that time*.
"""

from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache

from tau_indian_bank.bank import clock

_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH = (r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|"
          r"nov(?:ember)?|dec(?:ember)?)")
_SENTENCE_END = re.compile(r";\s+|(?<=[.!?])(?<!\bRs\.)(?<!\bNo\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bvs\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bMrs\.)"
                           r"(?<!\bDr\.)(?<!\bSt\.)(?<!\bno\.)(?<!\brs\.)(?<!\bRS\.)\s+|\n+")
_CLAUSE_END = re.compile(r"[;:,()]|\s[-–—]\s|\b(?:(?<!ahead )and|but|so|because|which|while|whereas|though|although|however)\b",
                         re.I)
_NEGATION = re.compile(r"\b(not|never|no|nothing|none|unable|cannot|can't|won't|isn't|aren't|wasn't|weren't|hasn't|haven't|hadn't|"
                       r"didn't|doesn't|don't|couldn't|shouldn't|wouldn't|yet to|no longer)\b|n't\b", re.I)
_PLAN = re.compile(r"\b(will|would|shall|can|could|may|might|must|should|going to|about to|to be|once|if|when|whenever|after|"
                   r"before|until|unless|as soon as|wants?|like|needs? to|ready to|able to|let me|let's|plan|option|choose|"
                   r"prefer)\b|'ll\b", re.I)
_RELATIVE_PAST = re.compile(r"\b(ago|yesterday|last (week|month|year)|earlier|previously|back in|at that time|at the time|"
                            r"in the past|some time back|before today)\b", re.I)
_DAY_MONTH_YEAR = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?(?:\s+of)?\s+{_MONTH},?\s+((?:19|20)\d\d)\b", re.I)
_MONTH_DAY_YEAR = re.compile(rf"\b{_MONTH}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+((?:19|20)\d\d)\b", re.I)
_MONTH_YEAR = re.compile(rf"\b{_MONTH},?\s+((?:19|20)\d\d)\b", re.I)
_ISO = re.compile(r"\b((?:19|20)\d\d)-(\d\d)-(\d\d)\b")
_NUMERIC = re.compile(r"(?<![\d/.-])(\d{1,2})[/.-](\d{1,2})[/.-]((?:19|20)\d\d)\b")
_IN_YEAR = re.compile(r"\b(?:in|during|of)\s+((?:19|20)\d\d)\b", re.I)


@lru_cache(maxsize=8192)
def plain(text: str) -> str:
    """Text without Markdown emphasis and with curly apostrophes straightened."""
    return re.sub(r"[*_`#]+", "", text).replace("’", "'").replace("‘", "'")


@lru_cache(maxsize=8192)
def sentences(text: str) -> tuple[str, ...]:
    """The sentences of a reply (list items and lines count as sentences)."""
    return tuple(s.strip() for s in _SENTENCE_END.split(plain(text)) if s and s.strip())


def clause_after(sentence: str, position: int) -> str:
    """The rest of the clause from ``position`` in ``sentence``."""
    end = _CLAUSE_END.search(sentence, position + 1)
    return sentence[position: end.start() if end else len(sentence)]


def clause_before(sentence: str, position: int) -> str:
    """The part of the clause that precedes ``position`` in ``sentence``."""
    start = 0
    for match in _CLAUSE_END.finditer(sentence, 0, position):
        start = match.end()
    return sentence[start:position]


def negated(prefix: str) -> bool:
    """Does a negation stand in this clause prefix?"""
    return bool(_NEGATION.search(prefix))


def planned(prefix: str) -> bool:
    """Does a plan, a condition or a modal stand in this clause prefix?"""
    return bool(_PLAN.search(prefix))


_ASKING = re.compile(r"^\W*(shall|should|would|could|can|may|might|will|do|does|did|is|are|was|were|has|have|had|what|which|when|"
                     r"where|who|whom|whose|why|how|just to (check|confirm)|to confirm)\b", re.I)


def is_question(sentence: str) -> bool:
    """A sentence that asks rather than states: it ends with '?' and opens as a question ("Shall I…", "Has it…")."""
    return sentence.rstrip(" )\"'").endswith("?") and bool(_ASKING.match(sentence))


def asks_at(sentence: str, position: int) -> bool:
    """Is the clause at ``position`` (or the whole sentence) a question?"""
    return is_question(sentence) or clause_after(sentence, position).rstrip(" )\"'").endswith("?")


def _month_number(name: str) -> int:
    return _MONTHS.index(name.lower()[:3]) + 1


def _dates(sentence: str) -> list[dt.date]:
    found: list[dt.date] = []

    def add(year: int, month: int, day: int) -> None:
        try:
            found.append(dt.date(year, month, day))
        except ValueError:
            pass

    for m in _DAY_MONTH_YEAR.finditer(sentence):
        add(int(m.group(3)), _month_number(m.group(2)), int(m.group(1)))
    for m in _MONTH_DAY_YEAR.finditer(sentence):
        add(int(m.group(3)), _month_number(m.group(1)), int(m.group(2)))
    for m in _ISO.finditer(sentence):
        add(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    for m in _NUMERIC.finditer(sentence):
        add(int(m.group(3)), int(m.group(2)), int(m.group(1)))
    return found


@lru_cache(maxsize=1)
def _today() -> dt.date:
    return clock.today()


def dates_the_past(sentence: str) -> bool:
    """Does the sentence place what it says before today (a past date, month or year, or 'since', 'earlier'…)?"""
    today = _today()
    if _RELATIVE_PAST.search(sentence):
        return True
    if any(day < today for day in _dates(sentence)):
        return True
    for m in _MONTH_YEAR.finditer(sentence):
        if (int(m.group(2)), _month_number(m.group(1))) < (today.year, today.month):
            return True
    return any(int(m.group(1)) < today.year for m in _IN_YEAR.finditer(sentence))
