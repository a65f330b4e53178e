"""The customer's scenario as the scripted customer reads it, and which of its facts answers a question.

The scenario is read by the text layer's one parser (:func:`~tau_indian_bank.text.scenario.read_scenario`:
the opening line, the known and unknown facts, the request, the cue lines and what a proposal
must name; see :mod:`tau_indian_bank.text.scenario` for the conventions). :class:`CustomerScript`
adds what only the scripted customer needs: which known fact answers a question.

Which fact answers a question (:meth:`CustomerScript.answer_for`): the fact whose topic is the
noun the question asks about (``Account`` for "which account…?"), preferring one of the kind of
answer the question wants (:func:`~tau_indian_bank.text.questions.asked_for`: "which account
*number*" wants digits — the account, not "Whose account: your business partner" —, "*how
much*" an amount, "*how long*" a period); else the fact of that kind sharing the most words with
the question; for a choice ("12 or 24 months?"), the fact that names exactly one of the options.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tau_indian_bank.text.questions import HEAD_NOUNS, asked_for, options
from tau_indian_bank.text.scenario import (
    NOTE,
    STOPWORDS,
    TRIGGERS,
    Cue,
    Fact,
    Scenario,
    cues_in,
    names_token,
    scenario_fields,
)
from tau_indian_bank.text.script import WORD, plain

__all__ = ["NOTE", "TRIGGERS", "Cue", "CustomerScript", "Fact", "cues_in", "names_token", "parse_scenario"]


@dataclass(frozen=True)
class CustomerScript(Scenario):
    """What a scripted customer needs from a scenario: the scenario, and which known fact answers a question."""

    def answer_for(self, question: str, head: str | None = None, wanted: frozenset[str] | None = None) -> Fact | None:
        """The fact that answers a question, or None (see the module docstring).

        Args:
            question: The assistant's question.
            head: The noun the question asks about ('account' in 'Which account is the
                cheque book for?'), if the question has one.
            wanted: The kinds of answer to look for, when not all the question asks for.
        """
        wanted = asked_for(question) if wanted is None else wanted
        fitting = [f for f in self.facts if not wanted or any(f.fits(kind) for kind in wanted)]
        chosen = _naming_one_option(fitting, options(question))
        if chosen is not None:
            return chosen
        words = [HEAD_NOUNS.get(w, w) for w in _words(question) if w not in _RECORD_WORDS]
        first_seen = {word: index for index, word in reversed(list(enumerate(words)))}
        stems = {head, head[:-1] if head.endswith("s") and len(head) > 3 else head} if head else set()
        best, best_key = None, None
        for fact in self.facts:
            shared = fact.keywords & first_seen.keys()
            named, fits = bool(fact.keywords & stems), fact in fitting
            # The topic the question names, an answer of the kind asked, more shared words, a topic that is just that
            # noun, the one named first. A fact of another kind answers only when its topic is the noun asked about.
            key = (named, fits, len(shared), -len(fact.keywords), -min((first_seen[w] for w in shared), default=len(words)))
            if (named or (shared and fits)) and (best_key is None or key > best_key):
                best, best_key = fact, key
        if best is None and not head and wanted & {"amount", "period"} and len(fitting) == 1:
            best = fitting[0]  # "How much each month?": the one amount it knows
        return best

    def names_one_option(self, offered: tuple[str, ...]) -> Fact | None:
        """For a choice ("12 or 24 months?"), the one known fact that names exactly one of the options."""
        return _naming_one_option(list(self.facts), offered)

    def answers_for(self, question: str, heads: tuple[str, ...] = ()) -> list[Fact]:
        """The facts that answer a question, one per noun it asks about ("Which account, and why?")."""
        found = [f for f in (self.answer_for(question, head) for head in heads or (None,)) if f is not None]
        kinds = asked_for(question)
        if not heads and len(kinds) > 1:  # "How much, and for how long?": one fact for each kind asked
            found += [f for f in (self.answer_for(question, None, frozenset({k})) for k in sorted(kinds)) if f is not None]
        return list(dict.fromkeys(found))


#: Words that name a kind of record: too common in questions to pick a fact on their own.
_RECORD_WORDS = frozenset("account accounts card cards cheque cheques deposit deposits number digits book".split())


def _words(text: str) -> list[str]:
    """The words of a text, lower case, in either script."""
    return [w.lower() for w in WORD.findall(plain(text))]


def _naming_one_option(facts: list[Fact], offered: tuple[str, ...]) -> Fact | None:
    """For a choice ("12 or 24 months?"), the one fact that names exactly one of the options."""
    if len(offered) < 2:
        return None
    tokens = []
    for option in offered:
        words = {w for w in _words(option) if w not in STOPWORDS and w not in _RECORD_WORDS and (w.isdigit() or len(w) > 3)}
        tokens.append({w for w in words if w.isdigit()} or words)  # "the 12-month or the 36-month deposit": the numbers
    naming = [f for f in facts if sum(bool(t & set(_words(f.said))) for t in tokens) == 1]
    return naming[0] if len(naming) == 1 else None


@lru_cache(maxsize=1024)
def parse_scenario(text: str) -> CustomerScript:
    """Read a rendered scenario (:func:`~tau_indian_bank.text.scenario.read_scenario`'s one reading) as a customer script."""
    return CustomerScript(**scenario_fields(text))
