"""Check C3, wrong consent: the customer said yes to a proposal its scenario does not want, or no to one it wants.

A customer turn answers a **proposal** when what the assistant wrote since the customer's
previous turn reads as one (:func:`~tau_indian_bank.text.read_message`: a yes/no offer to make a
change, not a choice between options); its answer is the text layer's reply reading
(:func:`~tau_indian_bank.text.affirmation`).

* **yes** fails (unless it is the scripted yes of a cue line that is itself a yes, "Yes, please
  go ahead. And one more thing…", not said before) when the scenario is scripted to decline every change (a "proposes a change or
  quotes the figures" cue), when the proposal leaves out what the customer changed to ("Agree
  only to a proposal that names ₹3,25,000": the old terms after a change of mind,
  :func:`~tau_indian_bank.text.wants.missing_terms`), or when the scenario does not want it
  (:func:`~tau_indian_bank.text.wants.objection`: another kind of change, another account, card
  or cheque than the one it names);
* **no** fails when none of those holds, the proposal names a kind of change the scenario asks
  for (an offer of something it never named may be declined), every scripted cue has been said
  before (they may call for a no), and the reply is a bare refusal, not only a goodbye ("No,
  that's all" may answer a wrap-up); a no that asks something or names a figure or a record (it
  may correct a detail this reading does not compare) is ``needs_review``.

``n/a`` when the customer answered no proposal.
"""

from __future__ import annotations

from tau_indian_bank.evaluation.customer.base import Conversation, CustomerCheck, Turn, at, verdict
from tau_indian_bank.evaluation.customer.figures import stated
from tau_indian_bank.evaluation.gates.base import GateOutcome
from tau_indian_bank.text import affirmation, plain, sentences
from tau_indian_bank.text.replies import asks, closing_only
from tau_indian_bank.text.scenario import Cue
from tau_indian_bank.text.speech import change_kinds, offers
from tau_indian_bank.text.wants import missing_terms, objection, says_cue


def unwanted(conversation: Conversation, prompt: str, sentence: str) -> str | None:
    """Why the scenario does not want the proposal in ``prompt`` (its proposing ``sentence``), or None."""
    scenario = conversation.scenario
    if scenario.declines:
        return "its scenario declines every change"
    missing = missing_terms(scenario, prompt)
    if missing:
        return f"the proposal does not name {missing[0]}, which the customer changed to"
    found = objection(scenario, prompt, sentence)
    if found is None:
        return None
    if found.reason == "change":
        return f"its scenario does not ask for a {found.detail}"
    return f"it names another {'cheque' if found.reason == 'cheque' else 'record'} than the customer's ({found.detail})"


def cues_spent(conversation: Conversation, turn: Turn) -> bool:
    """Has the customer said every cue line of its scenario after its opening and before ``turn``?"""
    earlier = [t.said for t in conversation.turns[1:] if t.index < turn.index]
    return all(any(says_cue(conversation.scenario, cue, said) == "yes" for said in earlier) for cue in conversation.scenario.cues)


def scripted_yes(conversation: Conversation, turn: Turn) -> bool:
    """Is ``turn`` a yes its scenario scripts: a cue line that is itself a yes, not said before ("Yes, please go ahead. And…")?"""
    scenario = conversation.scenario
    return any(affirmation(cue.line) == "yes" and not cues_spent_for(conversation, cue, turn) for cue in scenario.cues)


def cues_spent_for(conversation: Conversation, cue: Cue, turn: Turn) -> bool:
    """Has the customer said ``cue`` after its opening and before ``turn``?"""
    return any(says_cue(conversation.scenario, cue, t.said) == "yes" for t in conversation.turns[1:] if t.index < turn.index)


def _asked_for(conversation: Conversation, sentence: str, prompt: str, turn: Turn) -> bool:
    """Is the proposal one the customer asked for (a kind of change its scenario wants), answered by more than a goodbye?

    An offer of something it never named ("I can also order a replacement card if you'd like. Anything else?") may be
    declined, and "No, that's all, thanks" may answer the wrap-up.
    """
    offered = " ".join(part for part in sentences(plain(prompt)) if offers(part))
    kinds = change_kinds(sentence) or change_kinds(offered)
    return bool(kinds & conversation.scenario.wanted) and not closing_only(turn.said)


def judge(conversation: Conversation) -> GateOutcome:
    """C3 over one session."""
    outcomes: list[GateOutcome] = []
    answered = False
    for turn in conversation.turns[1:]:
        answer = affirmation(turn.said)
        if answer not in ("yes", "no"):
            continue
        reading = conversation.reading(turn)
        if reading.kind != "proposal" or reading.options:
            continue
        answered = True
        why = unwanted(conversation, conversation.prompt(turn), reading.sentence)
        if answer == "yes" and why and not scripted_yes(conversation, turn):
            outcomes.append(at(turn, f"said yes to a proposal its scenario does not want: {why}"))
        elif (
            answer == "no"
            and why is None
            and _asked_for(conversation, reading.sentence, conversation.prompt(turn), turn)
            and cues_spent(conversation, turn)
        ):
            corrects = asks(turn.said) or bool(stated(turn.said))
            outcomes.append(
                at(
                    turn,
                    "said no to a proposal its scenario wants"
                    + (" (with a correction or a question: check the proposal's details)" if corrects else ""),
                    "needs_review" if corrects else "fail",
                )
            )
    return verdict(outcomes, answered)


CHECK = CustomerCheck("C3", "wrong consent", judge)
