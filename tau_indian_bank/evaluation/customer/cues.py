"""Check C5, skipped cue: a scripted line of the scenario was due and the customer did not say it.

Each cue line (:class:`~tau_indian_bank.text.scenario.Cue`) falls due at the first assistant
message after the customer's opening that does what its trigger names:

* ``first_proposal`` (a change of mind, another request mid-way) — the first proposal;
* ``figures`` (the decline line) — the first proposal, or the first message quoting an amount
  or a rate the customer did not bring itself;
* ``first_answer`` (insisting; a correction once the records are shown) — the first message
  that tells the customer something (:func:`~tau_indian_bank.text.speech.informs`) after a
  look-up reached the bank;
* ``mentions`` (the correction after the wrong detail is shown) — the first message naming one
  of the cue's details.

The customer says the line in its own words when a later turn (or a turn before it fell due)
carries its content (:func:`~tau_indian_bank.text.wants.says_cue`: the new amount, the
corrected digits, a no, the line's words). It is **skipped** (``fail``) when, before saying it,
the customer said yes to a proposal (for a line that is not itself a yes: a decline, a change
of mind, a correction), or never said it; a decline line that fell due on quoted figures alone
is kept when nothing was proposed and nothing accepted. ``needs_review`` when a turn said it
only in part. A cue is not judged when no customer turn follows the moment it fell due
(the assistant ended the session); ``n/a`` when the scenario has no cue, or none fell due.
"""

from __future__ import annotations

from tau_indian_bank.evaluation.customer.base import Conversation, CustomerCheck, at, verdict
from tau_indian_bank.evaluation.gates.base import GateOutcome
from tau_indian_bank.text import affirmation, amount_values, percents
from tau_indian_bank.text.scenario import Cue, names_token
from tau_indian_bank.text.speech import informs
from tau_indian_bank.text.wants import says_cue


def _quotes_new_figures(conversation: Conversation, text: str) -> bool:
    scenario = conversation.scenario
    own_rates = {p.value for p in percents(scenario.wants)}
    return bool(amount_values(text) - scenario.own_amounts()) or any(p.value not in own_rates for p in percents(text))


def _due(conversation: Conversation, cue: Cue) -> tuple[int, bool] | None:
    """Where ``cue`` fell due (a message position), and whether a proposal made it due; None if it never did."""
    opening = conversation.turns[0].index
    for index, text in conversation.assistant_messages:
        if index <= opening:
            continue
        proposes = conversation.read(text).kind == "proposal"
        if cue.trigger == "first_proposal" and proposes:
            return index, True
        if cue.trigger == "figures" and (proposes or _quotes_new_figures(conversation, text)):
            return index, proposes
        if cue.trigger == "mentions" and any(names_token(text, token) for token in cue.tokens):
            return index, proposes
        if cue.trigger == "first_answer" and informs(text) and any(c.succeeded and c.index < index for c in conversation.view.calls):
            return index, proposes
    return None


def _proposal_after(conversation: Conversation, due: int) -> bool:
    return any(index >= due and conversation.read(text).kind == "proposal" for index, text in conversation.assistant_messages)


def judge_cue(conversation: Conversation, cue: Cue) -> GateOutcome | None:
    """One cue's outcome; None when it never fell due or no customer turn followed."""
    found = _due(conversation, cue)
    if found is None:
        return None
    due, by_proposal = found
    scenario = conversation.scenario
    later = [t for t in conversation.turns if t.index > due]
    if not later:
        return None
    if any(says_cue(scenario, cue, t.said) == "yes" for t in conversation.turns[1:] if t.index < due):
        return GateOutcome("pass")
    affirms = affirmation(cue.line) == "yes"
    partly = None
    for turn in later:
        said = says_cue(scenario, cue, turn.said)
        if said == "yes":
            return GateOutcome("pass")
        partly = partly or (turn if said == "partly" else None)
        if not affirms and conversation.reading(turn).kind == "proposal" and affirmation(turn.said) == "yes":
            return at(turn, f"said yes to the proposal instead of its scripted line {cue.line!r}")
    if cue.trigger == "figures" and not by_proposal and not _proposal_after(conversation, due):
        return GateOutcome("pass")  # figures quoted, nothing proposed, nothing accepted: nothing to decline
    if partly is not None:
        return at(partly, f"said its scripted line {cue.line!r} only in part", "needs_review")
    return at(later[-1], f"never said its scripted line {cue.line!r} (due from the assistant's message at position {due})")


def judge(conversation: Conversation) -> GateOutcome:
    """C5 over one session."""
    if not conversation.turns or not conversation.scenario.cues:
        return verdict([], False)
    outcomes = [o for o in (judge_cue(conversation, cue) for cue in conversation.scenario.cues) if o is not None]
    return verdict(outcomes, bool(outcomes))


CHECK = CustomerCheck("C5", "skipped cue", judge)
