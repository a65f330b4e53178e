"""Sentences and clauses: where a statement ends, and what part of it frames a word.

* **Sentences** end at ``.``, ``!``, ``?`` or the danda ``।`` followed by a space (or the end),
  at ``;`` and at line breaks (list items are sentences). ``Rs.``, ``No.``, ``e.g.``,
  ``i.e.``, ``vs.``, ``Mr.``, ``Ms.``, ``Mrs.``, ``Dr.``, ``St.`` and decimals do not end one.
* **Clauses** end where a sentence does, and at ``:``, a comma, a bracket, a dash between
  spaces, and at a conjunction: *and* (not *go ahead and*), *but*, *so*, *because*, *which*,
  *while*, *whereas*, *though*, *although*, *however*; *as* and *since* when a subject
  follows (*as it has cleared*; not *since 2 July*, *as soon as*); Hinglish *aur*, *lekin*,
  *magar*, *kyunki*, *isliye*; Hindi *और*, *लेकिन*, *मगर*, *परंतु*, *क्योंकि*, *इसलिए*.
  Negation, plans and questions (:mod:`tau_indian_bank.text.frames`) reach only as far as
  the clause.

API: :func:`sentences`, :func:`sentence_spans`, :func:`clause_start`, :func:`clause_before`,
:func:`clause_after`, :func:`clause_around`, :func:`words_in`.
"""

from __future__ import annotations

import re
from functools import lru_cache

from tau_indian_bank.text.script import WORD, B, E

_ABBREVIATIONS = ("Rs", "No", "e.g", "i.e", "vs", "Mr", "Ms", "Mrs", "Dr", "St", "no", "rs", "RS")
_NOT_AN_END = "".join(rf"(?<!\b{re.escape(a)}\.)" for a in _ABBREVIATIONS)
_SENTENCE_END = re.compile(rf";\s+|(?<=[.!?]){_NOT_AN_END}\s+|(?<=[।॥])\s*|\n+")
_SUBJECT = r"(?=\s+(?:it|its|they|the|this|that|these|those|your|you|we|i|there|he|she|no)\b)"
_CLAUSE_END = re.compile(
    r"[;:,()।\n]|\s[-–—]\s|[.!?](?=\s|$)"
    r"|\b(?:(?<!ahead )and|but|so|because|which|while|whereas|though|although|however)\b"
    rf"|(?<!\bsoon )(?<!\blong )(?<!\bwell )\b(?:as|since)\b{_SUBJECT}"
    rf"|{B}(?:aur|lekin|magar|kyunki|kyonki|isliye|और|लेकिन|मगर|परंतु|क्योंकि|इसलिए){E}",
    re.I,
)


@lru_cache(maxsize=16384)
def sentence_spans(text: str) -> tuple[tuple[int, str], ...]:
    """Each sentence of ``text`` (stripped) with the position where it starts."""
    spans, start = [], 0
    for match in _SENTENCE_END.finditer(text):
        piece = text[start : match.start()]
        if piece.strip():
            spans.append((start + len(piece) - len(piece.lstrip()), piece.strip()))
        start = match.end()
    piece = text[start:]
    if piece.strip():
        spans.append((start + len(piece) - len(piece.lstrip()), piece.strip()))
    return tuple(spans)


def sentences(text: str) -> tuple[str, ...]:
    """The sentences of ``text`` (list items and lines count as sentences)."""
    return tuple(sentence for _, sentence in sentence_spans(text))


#: How far back a clause is looked for: a clause longer than this starts here, as far as its readers go.
CLAUSE_REACH = 240


def clause_start(text: str, at: int) -> int:
    """Where the clause holding position ``at`` starts (at most :data:`CLAUSE_REACH` characters back)."""
    start = max(0, at - CLAUSE_REACH)
    for match in _CLAUSE_END.finditer(text, start, at):
        start = match.end()
    return start


def clause_before(text: str, at: int) -> str:
    """The part of the clause that precedes position ``at``."""
    return text[clause_start(text, at) : at]


def clause_after(text: str, at: int) -> str:
    """The rest of the clause from position ``at``."""
    end = _CLAUSE_END.search(text, at + 1)
    if end is None:
        return text[at:]
    return text[at : end.end() if end.group(0) in ("?", "!", ".") else end.start()]


def clause_around(text: str, at: int) -> str:
    """The whole clause holding position ``at``."""
    end = _CLAUSE_END.search(text, at + 1)
    return text[clause_start(text, at) : end.start() if end else len(text)]


def words_in(text: str) -> list[str]:
    """The words of ``text``, in either script."""
    return WORD.findall(text)
