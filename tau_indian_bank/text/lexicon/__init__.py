"""One lexicon per tool: every word a gate, the answer check, the oracle or the scripted customer reads for a tool.

:data:`TOOLS` has an entry for every tool of the catalogue (a test checks it), each a
:class:`ToolWords`:

* ``record`` — the nouns of the records the tool reads or acts on;
* ``propose`` — for a change: words any of which show a proposal names it (gate S2);
* ``claims`` — for a change: how a sentence claims it done (gate S6);
* ``kind`` — for a change: the kind a customer tells apart (:data:`KINDS`);
* ``figures`` — output field -> the words with which a request asks for that figure (the
  facts the customer must be told, :mod:`tau_indian_bank.evaluation.fact_rules`).

Beside it, not per tool: :data:`OUTCOMES` (how a reply states a record's state or a refusal;
the answer check), :data:`CATEGORIES` (service-request categories: the oracle's name, the fact
label, the words of a proposal), :data:`IMPOSSIBLE` (claims no tool makes true),
:data:`KINDS` and :data:`CHANNELS` (the card channels a claim names). Every entry is in English,
Hinglish and Hindi (:class:`Words`), written as :func:`~tau_indian_bank.text.script.plain` writes text.

Where a new word goes: a new way to propose, claim or ask for a tool's change or figure — that
tool's entry here (``changes.py`` for changes, ``figures.py`` for figures); a new outcome phrase
— ``outcomes.py``; a claim no tool makes true — ``impossible.py``; a kind of change —
``kinds.py``; a new tool — an entry in ``changes.py`` (a change) or ``figures.py``
(``READ_RECORDS``, a read), or the lexicon test fails.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from tau_indian_bank.text.lexicon.categories import CATEGORIES, Category
from tau_indian_bank.text.lexicon.changes import CHANGES, CHANNELS, ChangeClaim
from tau_indian_bank.text.lexicon.figures import FIGURES, READ_RECORDS
from tau_indian_bank.text.lexicon.impossible import IMPOSSIBLE
from tau_indian_bank.text.lexicon.kinds import KINDS
from tau_indian_bank.text.lexicon.outcomes import OUTCOMES, Outcome
from tau_indian_bank.text.lexicon.words import Words

__all__ = ["CATEGORIES", "CHANNELS", "IMPOSSIBLE", "KINDS", "OUTCOMES", "TOOLS", "Category", "ChangeClaim", "Outcome", "ToolWords", "Words"]


@dataclass(frozen=True)
class ToolWords:
    """Every word the benchmark reads for one tool."""

    tool: str
    record: Words
    propose: Words = Words()
    claims: tuple[ChangeClaim, ...] = ()
    kind: str | None = None
    figures: Mapping[str, Words] = field(default_factory=dict)


def _tools() -> dict[str, ToolWords]:
    tools = {
        name: ToolWords(name, words.record, words.propose, words.claims, words.kind, FIGURES.get(name, {}))
        for name, words in CHANGES.items()
    }
    tools.update({name: ToolWords(name, record, figures=FIGURES.get(name, {})) for name, record in READ_RECORDS.items()})
    return tools


#: Tool name -> its words (every tool of ``tools.catalogue.ALL_SPECS``).
TOOLS: dict[str, ToolWords] = _tools()
