"""Check C1, invented: the customer stated a figure found neither in its scenario nor in what the assistant told it.

Every figure of every customer turn (:func:`~.figures.stated`: an id, the last four of an
account or card, a cheque number, an amount, a date, a percentage, another long number) must be
known (:class:`~.figures.Known`: equal in value, or a rounding of one) from the whole scenario
(persona and instructions, notes to the customer included) or from an earlier assistant
message. ``fail`` at the first figure that is not; ``n/a`` when the customer stated no figure.
"""

from __future__ import annotations

from tau_indian_bank.evaluation.customer.base import Conversation, CustomerCheck, at, verdict
from tau_indian_bank.evaluation.customer.figures import known_from, stated
from tau_indian_bank.evaluation.gates.base import GateOutcome

#: How a figure's kind is named in a detail.
KIND_WORDS = {
    "amount": "amount",
    "percent": "percentage",
    "date": "date",
    "last4": "last four digits",
    "cheque": "cheque number",
    "id": "id",
    "ifsc": "IFSC code",
    "number": "number",
}


def judge(conversation: Conversation) -> GateOutcome:
    """C1 over one session."""
    known = known_from(conversation.scenario.text)
    told = 0
    any_figure = False
    for turn in conversation.turns:
        for text in conversation.said_before(turn.index)[told:]:
            known.add(text)
        told = len(conversation.said_before(turn.index))
        for figure in stated(turn.said):
            any_figure = True
            if not known.knows(figure, turn.said):
                return at(
                    turn, f"invented {KIND_WORDS[figure.kind]} {figure.said!r} (neither in the scenario nor said by the assistant before)"
                )
    return verdict([], any_figure)


CHECK = CustomerCheck("C1", "invented", judge)
