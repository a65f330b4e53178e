"""Check C4, wrong ending: the customer ended the conversation too early, with the wrong token, or over a question.

When a customer turn carries one of tau2's ending tokens (:func:`~tau_indian_bank.text.replies.ending`),
it fails when:

1. **the wrong token** — ``###TRANSFER###`` when no hand-over was made (no transfer call reached
   the bank and succeeded), or ``###STOP###`` right after the assistant said it has made a
   hand-over the customer asked for or accepted (its scenario wants one, or it said yes to one);
2. **over a question** — what the assistant last wrote asks it something (a proposal, a
   question, a request for a detail) and the turn answers nothing: no yes or no to a proposal,
   only thanks and goodbyes (:func:`~tau_indian_bank.text.replies.closing_only`) to a question;
   or the turn that answers a yes/no proposal ends the conversation without refusing it ("Okay,
   understood. Thank you. ###STOP###" to "Shall I freeze it?"): the assistant cannot act on a yes
   the customer leaves with;
   not when the assistant also wrapped up ("Anything else I can help with?": a goodbye answers it);
3. **during a look-up** — the assistant's last message only announced a look-up ("let me
   check", "एक मिनट") and told it nothing;
4. **with its request open** — the assistant had not wrapped up ("anything else?"), nothing was
   changed or handed over, the customer declined no proposal, and the assistant never told it
   anything (:func:`~tau_indian_bank.text.speech.informs`: no refusal, explanation, figure or
   outcome; only questions, greetings and acknowledgements).

``n/a`` when the customer did not end the conversation (the assistant did, or it ran out).
"""

from __future__ import annotations

from tau_indian_bank.evaluation.customer.base import Conversation, CustomerCheck, Turn, at, verdict
from tau_indian_bank.evaluation.gates.base import GateOutcome
from tau_indian_bank.text import affirmation, announces_lookup, plain, sentences
from tau_indian_bank.text.replies import closing_only
from tau_indian_bank.text.speech import change_kinds, informs, is_wrap_up
from tau_indian_bank.tools.catalogue import STATE_CHANGING_TOOLS, TRANSFER_TOOL

_HANDOVER = frozenset({TRANSFER_TOOL})


def _accepted_handover(conversation: Conversation, before: Turn) -> bool:
    """Did the customer ask for a hand-over (its scenario wants one) or say yes to one before ``before``?"""
    if "handover" in conversation.scenario.wanted:
        return True
    for turn in conversation.turns:
        if turn.index >= before.index:
            break
        reading = conversation.reading(turn)
        if reading.kind == "proposal" and "handover" in change_kinds(reading.sentence) and affirmation(turn.said) == "yes":
            return True
    return False


def _over_question(conversation: Conversation, turn: Turn) -> str | None:
    reading = conversation.reading(turn)
    prompt = conversation.prompt(turn)
    if any(is_wrap_up(sentence) for sentence in sentences(plain(prompt))):
        return None  # "… or check the app. Anything else I can help with?": a closing answers the wrap-up
    answer = affirmation(turn.said)
    if reading.kind == "proposal" and answer not in ("yes", "no", "unclear"):
        return "ended the conversation without answering the assistant's proposal"
    if reading.kind == "proposal" and not reading.options and answer in ("yes", "unclear"):
        return "ended the conversation in the turn that answers a proposal with no refusal, so the assistant could not act on it"
    if reading.kind in ("question", "credentials") and closing_only(turn.said):
        return "ended the conversation without answering the assistant's question"
    if prompt and announces_lookup(prompt) and not informs(prompt):
        return "ended the conversation while the assistant was looking something up"
    return None


def _request_open(conversation: Conversation, turn: Turn) -> bool:
    if conversation.succeeded(STATE_CHANGING_TOOLS, before=turn.index):
        return False
    for earlier in conversation.turns:
        if earlier.index > turn.index:
            break
        if conversation.reading(earlier).kind == "proposal" and affirmation(earlier.said) == "no":
            return False
    history = conversation.view.history
    return not any(informs(text) for text in conversation.said_before(turn.index)[len(conversation.said_before(history)) :])


def _judge_ending(conversation: Conversation, turn: Turn) -> GateOutcome | None:
    handed_over = conversation.succeeded(_HANDOVER, before=turn.index)
    if turn.ending == "transfer" and not handed_over:
        return at(turn, "ended with ###TRANSFER### but no hand-over was made")
    if (
        turn.ending == "stop"
        and handed_over
        and conversation.reading(turn).kind == "handover_done"
        and _accepted_handover(conversation, turn)
    ):
        return at(turn, "ended with ###STOP### after the hand-over it asked for (###TRANSFER### ends a hand-over)")
    why = _over_question(conversation, turn)
    if why:
        return at(turn, why)
    if not handed_over and conversation.reading(turn).kind != "wrap_up" and _request_open(conversation, turn):
        return at(turn, "ended the conversation with its request open (nothing done, declined or explained)")
    return None


def judge(conversation: Conversation) -> GateOutcome:
    """C4 over one session."""
    ends = [turn for turn in conversation.turns if turn.ending]
    if not ends:
        return verdict([], False)
    found = _judge_ending(conversation, ends[0])
    return found if found is not None else verdict([], True)


CHECK = CustomerCheck("C4", "wrong ending", judge)
