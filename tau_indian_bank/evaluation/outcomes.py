"""How the answer check reads an outcome fact: a phrase of the lexicon's ``OUTCOMES`` about the right thing.

A sentence states an outcome when it holds the outcome's anchor (English phrase, Hinglish or
Hindi stem in a state frame, or a Hinglish or Hindi phrase; see
:mod:`tau_indian_bank.text.lexicon.outcomes`) and every phrase of its ``also``, is not a
question, the anchor is neither negated nor planned (:mod:`tau_indian_bank.text.frames`), and
the sentence is **about** what the outcome is about: it names it, or it names no record at all
but refers back with a pronoun (:func:`~tau_indian_bank.text.frames.refers_back`) to the nearest
earlier sentence that names a record or the outcome's own subject — earlier in the same reply,
else the conversation's last sentence naming a record (:func:`subject_before`). "Your request
SR477VIQXO is to reactivate your account. It was raised on 12 July and is in progress." states
that the request is in progress; "Please never share your PIN. We never need it." states that
the PIN is never needed. A sentence that names the fact's own record (its id, last four or cheque
number) is about it ("FDYJNUYPKW is closed"). A sentence that names a record (its last four, cheque number or id)
states the outcome of that record only: "Cheque 239069 is stopped" does not state that cheque
239096 is. A state a look-up found ("your deposit is already closed") is not stated by a
first-person claim of making it so ("I have closed your deposit").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from tau_indian_bank.text import (
    bank_ids,
    cheque_numbers,
    clause_after,
    clause_before,
    endings,
    negated,
    plain,
    sentence_spans,
    sentences,
)
from tau_indian_bank.text.frames import FIRST_PERSON, HINDI_FIRST_PERSON, hindi_state, planned_at, refers_back
from tau_indian_bank.text.lexicon import OUTCOMES, Outcome, Words
from tau_indian_bank.text.script import word_pattern


@dataclass(frozen=True)
class Rule:
    """An outcome compiled: its anchor, the phrases that must also occur, and what it is about."""

    anchor: re.Pattern[str]
    also: tuple[re.Pattern[str], ...]
    about: re.Pattern[str] | None
    rule: bool = False


def _about(words: Words) -> re.Pattern[str]:
    parts = [*words.en, word_pattern(*words.indic())] if words.indic() else list(words.en)
    return re.compile("|".join(parts), re.I)


def _anchor(outcome: Outcome) -> re.Pattern[str]:
    parts = list(outcome.state.en)
    if outcome.state.indic():
        parts.append(hindi_state("|".join(outcome.state.indic())))
    if outcome.said.indic():
        parts.append(word_pattern(*outcome.said.indic()))
    return re.compile("|".join(parts), re.I)


@cache
def rule(key: str) -> Rule | None:
    """The compiled rule of outcome ``key`` (None for an unknown key)."""
    outcome = OUTCOMES.get(key)
    if outcome is None:
        return None
    return Rule(
        _anchor(outcome), tuple(re.compile(p, re.I) for p in outcome.also), _about(outcome.about) if outcome.about else None, outcome.rule
    )


@cache
def subjects() -> re.Pattern[str]:
    """Any record an outcome can be about (a card, a cheque, a request…), which a pronoun can refer to.

    A card's channels (online, ATM, payments…) are aspects of a card, not records; nor are what a
    refusal was asked ("closed", "confirm", "help"): the lexicon marks both ``record=False``. Nor is
    a noun after "for" ("presented for payment"), which names a purpose.
    """
    abouts = sorted({_about(o.about).pattern for o in OUTCOMES.values() if o.about and o.record})
    # A noun after "for" names a purpose, not a record: "it hasn't been presented for payment yet" is about the cheque.
    return re.compile(r"(?<!\bfor )(?:" + "|".join(f"(?:{p})" for p in abouts) + ")", re.I)


def subject_before(texts: Sequence[str]) -> str:
    """The last sentence of ``texts`` (the conversation so far) that names something an outcome can be about."""
    named_subject = subjects()
    for text in reversed(texts):
        folded = plain(text)
        found = [match.start() for match in named_subject.finditer(folded)]
        if found:
            return next(sentence for start, sentence in reversed(sentence_spans(folded)) if start <= found[-1])
    return ""


def _is_about(sentence: str, about: re.Pattern[str] | None, scope: str) -> bool:
    """Is ``sentence`` about the thing ``about`` names, itself or through a pronoun referring to ``scope``?"""
    if about is None or about.search(sentence):
        return True
    return not subjects().search(sentence) and refers_back(sentence) and bool(about.search(scope))


@lru_cache(maxsize=4096)
def record_names(text: str) -> tuple[str, ...]:
    """The records a text names: last four digits, cheque numbers and the bank's ids (upper case)."""
    return tuple(sorted(endings(text) | cheque_numbers(text) | bank_ids(text)))


def _right_record(text: str, records: tuple[str, ...]) -> bool:
    """A text that names records names one of ``records`` (the fact's own), or ``records`` is empty."""
    named = record_names(text)
    return not records or not named or bool(set(named) & set(records))


def _anchor_span(sentence: str, at: int) -> str:
    """What an anchor at ``at`` can be about: the sentence up to it and the rest of its clause.

    "Cheque 239069 ka payment stop ho gaya hai" is about cheque 239069; in "Your FD has been closed and the
    money is in your account ending 4854" the account is named in the next clause, so "closed" is not about it.
    """
    return sentence[:at] + clause_after(sentence, at)


def _claimed_by_me(sentence: str, at: int) -> bool:
    """Is the word at ``at`` a first-person done verb ("I have closed", "maine block kar diya")?"""
    prefix = clause_before(sentence, at)
    return bool(FIRST_PERSON.search(prefix) or re.search(HINDI_FIRST_PERSON, prefix, re.I))


def states_outcome(text: str, key: str, before: str, records: tuple[str, ...] = (), observed: bool = False) -> bool:
    """Does ``text`` (in plain form) state outcome ``key``; ``before`` is the conversation's last sentence naming a record.

    ``records``: the records the fact names ("ending 0628"); a sentence naming other records does not state it.
    ``observed``: the outcome is a state a look-up found (a deposit already closed); a first-person claim of
    making it so ("I have closed your deposit") does not state it.
    """
    compiled = rule(key)
    if compiled is None:
        return False
    scope = before
    for sentence in sentences(text):
        about = _is_about(sentence, compiled.about, scope) or bool(records and set(record_names(sentence)) & set(records))
        stated = not sentence.rstrip().endswith("?") and about and all(p.search(sentence) for p in compiled.also)
        for match in compiled.anchor.finditer(sentence) if stated else ():
            if (
                _right_record(_anchor_span(sentence, match.start()), records)
                and not negated(sentence, match.start())
                and not (not compiled.rule and planned_at(sentence, match.start()))
                and not (observed and _claimed_by_me(sentence, match.start()))
            ):
                return True
        if subjects().search(sentence) or (compiled.about is not None and compiled.about.search(sentence)):
            scope = sentence
    return False
