"""Check C2, unknown stated: the customer stated a figure of a kind its scenario says it does not know, before the assistant did.

The scenario's "Unknown info" names kinds of figure (:func:`~tau_indian_bank.text.wants.unknown_kinds`:
a rate, a payout or balance or limit, a deposit or reference number, a date). A figure of such a
kind in a customer turn (a percentage; an amount; the id of a record whose number it does not
know — a deposit's ``FD…`` when it does not know the deposit number
(:func:`~tau_indian_bank.text.wants.unknown_records`), an IFSC code, an account number; a date or a
month) fails unless the customer brought it itself (its reason, its known facts without the notes
addressed to it, its opening and cue lines) or the assistant stated it in an earlier message —
a figure that only the scenario's other instructions mention ("accept ₹50,000 if offered") is
the assistant's to say first. An amount or a date found nowhere in the scenario counts when its
sentence names what the customer does not know (:func:`~tau_indian_bank.text.wants.unknown_words`:
"the payout is ₹1,65,000, right?", "it was closed on 3 March"): a misstated figure of its own
request ("a limit of ₹7,500" for ₹20,000) is C1's alone. A guessed unknown figure is usually
invented too (C1).
``n/a`` when the scenario lists no such kind (or the customer never spoke).
"""

from __future__ import annotations

from tau_indian_bank.evaluation.customer.base import Conversation, CustomerCheck, at, verdict
from tau_indian_bank.evaluation.customer.figures import Figure, known_from, stated
from tau_indian_bank.evaluation.customer.invented import KIND_WORDS
from tau_indian_bank.evaluation.gates.base import GateOutcome
from tau_indian_bank.text import sentence_spans
from tau_indian_bank.text.wants import content_words, unknown_kinds, unknown_records, unknown_words

#: The kinds of stated figure (:func:`~.figures.stated`) that give each kind of unknown figure.
FIGURE_KINDS = {"percent": ("percent",), "amount": ("amount",), "number": ("id", "ifsc"), "date": ("date",)}


def _unknown_number(figure: Figure, records: frozenset[str]) -> bool:
    """Is a stated id or IFSC code the number of a record the scenario does not know?"""
    if figure.kind == "ifsc":
        return "IFSC" in records
    said = figure.said.upper()
    return ("ACCOUNT" in records and said.isdigit()) or any(said.startswith(p) for p in records if p not in ("IFSC", "ACCOUNT"))


def _sentence_of(text: str, at: int) -> str:
    return next((sentence for start, sentence in reversed(sentence_spans(text)) if start <= at), text)


def judge(conversation: Conversation) -> GateOutcome:
    """C2 over one session."""
    kinds = {kind for unknown in unknown_kinds(conversation.scenario) for kind in FIGURE_KINDS[unknown]}
    records = unknown_records(conversation.scenario)
    anywhere = known_from(conversation.scenario.text)
    naming = unknown_words(conversation.scenario)
    if not kinds or not conversation.turns:
        return verdict([], False)
    known = known_from(conversation.scenario.own)
    told = 0
    for turn in conversation.turns:
        for text in conversation.said_before(turn.index)[told:]:
            known.add(text)
        told = len(conversation.said_before(turn.index))
        for figure in stated(turn.said):
            if figure.kind in ("id", "ifsc") and not _unknown_number(figure, records):
                continue
            if (
                figure.kind in ("amount", "date")
                and not anywhere.knows(figure, turn.said)
                and not content_words(_sentence_of(turn.said, figure.start)) & naming
            ):
                continue  # a figure of its own request misstated, not a guess at what it does not know: C1's
            if figure.kind in kinds and not known.knows(figure, turn.said):
                return at(
                    turn,
                    f"stated the {KIND_WORDS[figure.kind]} {figure.said!r}, which its scenario does not know, before the assistant said it",
                )
    return verdict([], True)


CHECK = CustomerCheck("C2", "unknown stated", judge)
