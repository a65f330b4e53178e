"""One reading of a conversation: the text layer every gate, the answer check and the participants read through.

Each primitive is defined here once, for English, Hinglish (Hindi in Latin script) and Hindi
(Devanagari). The layer imports nothing of the package but ``bank.clock`` and ``vocabulary``;
``evaluation/`` and ``participants/`` import it.

==========================  ===================================================================
module                      what it reads
==========================  ===================================================================
:mod:`.script`              :func:`plain` (the one normal form: Markdown, quotes, Devanagari
                            digits and spelling), word boundaries ``B``/``E`` that know
                            Devanagari, :func:`language_of`
:mod:`.sentences`           :func:`sentences`, clauses (:func:`clause_before`, :func:`clause_after`)
:mod:`.frames`              :func:`negated` (one rule, one reach), :func:`planned` (plans, modals,
                            conditions), :func:`is_question`, :func:`asks_at`, Hindi verb frames
:mod:`.numbers`             number words, lakh and crore (:data:`LAKH`, :data:`CRORE`)
:mod:`.amounts`             :func:`amounts` (₹, Rs., INR, rupees, lakh/crore, words),
                            :func:`percents`, :func:`has_figures`
:mod:`.dates`               :func:`dates` (every accepted form, the day-first ambiguity rule),
                            :func:`dates_the_past`, :func:`periods`, :data:`MONTHS`
:mod:`.records`             :func:`endings` (last four; ``typed_endings``: a card's or an account's),
                            :func:`cheque_numbers`, :func:`bank_ids`, :func:`mentions` (the one
                            "names this token" rule)
:mod:`.speech`              speech acts of an assistant message: :func:`read_message`
                            (hand-over made, credentials asked, proposal, question and its head,
                            wrap-up), :func:`asks_for_yes`, :func:`announces_lookup`,
                            :func:`change_kinds`
:mod:`.questions`           what a question asks for: its options ("12 or 24 months?"), the kind
                            of answer (number, amount, period, date), its head
                            (:func:`question_head`: "which account"), an open question
:mod:`.replies`             customer answers: :func:`affirmation` (yes / no / unclear)
:mod:`.places`              where a customer says something may be: :func:`~.places.places` ("at home",
                            "gaadi mein", "घर पर"; a negated place left out)
:mod:`.scenario`            the customer's scenario, one parser (:func:`~.scenario.read_scenario`):
                            opening line, known and unknown info, request, cue lines
:mod:`.wants`               what a scenario wants of a proposal (:func:`~.wants.objection`), the
                            kinds of figure it does not know, whether a turn says a cue line
:mod:`.lexicon`             one lexicon per tool (:data:`TOOLS`), :data:`OUTCOMES`,
                            :data:`CATEGORIES`, :data:`KINDS`
==========================  ===================================================================

Where a new phrasing goes: a way of *saying* something (a negator, a plan word, a date form, a
yes) — the module of that primitive above, with a case in ``tests/text/``; a word *about a tool*
(how its change is proposed or claimed, how a figure is asked for, how an outcome is stated) —
:mod:`.lexicon`. Hindi words are written as :func:`plain` writes them.
"""

from __future__ import annotations

from tau_indian_bank.text.amounts import Amount, Percent, amount_values, amounts, has_figures, percent_of, percents
from tau_indian_bank.text.dates import MONTHS, DateMention, dates, dates_the_past, month_number, periods
from tau_indian_bank.text.frames import asks_at, is_question, negated, planned
from tau_indian_bank.text.numbers import CRORE, LAKH, number_words
from tau_indian_bank.text.questions import question_head
from tau_indian_bank.text.records import bank_ids, cheque_numbers, endings, mentions, positions
from tau_indian_bank.text.replies import affirmation
from tau_indian_bank.text.script import B, E, language_of, plain
from tau_indian_bank.text.sentences import clause_after, clause_before, sentence_spans, sentences
from tau_indian_bank.text.speech import (
    Reading,
    announces_lookup,
    asks_for_yes,
    change_kinds,
    read_message,
)

__all__ = [
    "CRORE",
    "LAKH",
    "MONTHS",
    "Amount",
    "B",
    "DateMention",
    "E",
    "Percent",
    "Reading",
    "affirmation",
    "amount_values",
    "amounts",
    "announces_lookup",
    "asks_at",
    "asks_for_yes",
    "bank_ids",
    "change_kinds",
    "cheque_numbers",
    "clause_after",
    "clause_before",
    "dates",
    "dates_the_past",
    "endings",
    "has_figures",
    "is_question",
    "language_of",
    "mentions",
    "month_number",
    "negated",
    "number_words",
    "percent_of",
    "percents",
    "periods",
    "plain",
    "planned",
    "positions",
    "question_head",
    "read_message",
    "sentence_spans",
    "sentences",
]
