"""``indian_bank_customer``: a scripted customer that needs no model and no network.

It opens with the scenario's opening line and then reacts to what each assistant message
asks of it (:mod:`tau_indian_bank.participants.reading`): a question about a record gets
that record from the scenario's known facts; a proposal gets a yes only if it names a change
and a record the scenario wants, otherwise a correction; a request for an OTP or PIN is
refused; a hand-over ends the session with tau2's transfer token only once the assistant
says it has been made; a wrap-up, or a few turns that move nothing, ends it with the stop
token, so every session terminates.
"""

from __future__ import annotations

import re

from tau2.data_model.message import AssistantMessage, Message, MultiToolMessage, ToolMessage, UserMessage

from tau_indian_bank.participants.bases import UserBase, UserState, ValidUserInputMessage, is_valid_user_history_message
from tau_indian_bank.participants.reading import (
    Reading,
    change_kinds,
    cheque_numbers,
    has_figures,
    names_token,
    read_message,
    record_endings,
    sentences,
)
from tau_indian_bank.participants.scenario import CustomerScript, parse_scenario
from tau_indian_bank.vocabulary import STOP, TRANSFER

_AFFIRM = "Yes, please go ahead."
_DONE = f"No, that's all. Thank you! {STOP}"
_IDLE = "Okay, thank you."
_DO_NOT_KNOW = "I'm sorry, I don't know that."
#: The customer's own short replies in the scenario's language (``scenario.language_of``).
PHRASES: dict[str, dict[str, str]] = {
    "en": {"affirm": _AFFIRM, "done": _DONE, "idle": _IDLE, "dont_know": _DO_NOT_KNOW},
    "hinglish": {"affirm": "Haan ji, please go ahead.", "done": f"Bas, itna hi. Dhanyavaad! {STOP}",
                 "idle": "Theek hai, thank you.", "dont_know": "Sorry, mujhe yeh nahi pata."},
    "hindi": {"affirm": "हाँ जी, please go ahead.", "done": f"बस, इतना ही। धन्यवाद! {STOP}",
              "idle": "ठीक है, धन्यवाद।", "dont_know": "माफ़ कीजिए, मुझे यह नहीं पता।"},
}
_QUIET = frozenset(text for words in PHRASES.values() for text in (words["idle"], words["dont_know"]))
_NO_CREDENTIALS = "I'd rather not share that. I was told never to give it to anyone, even the bank."
_OPEN_QUESTION = re.compile(r"\b(proceed|go ahead|like (?:me )?to do|would you like|can i help|may i help|help you with)\b", re.I)
_OFFER = re.compile(r"\b(i will|i'll|i can|i could|i would|i'd|i am going to|i'm going to|to confirm|we will|we can|let me)\b", re.I)
_OTHER_RECORD_OK = re.compile(r"\b(other|another|different) (account|card)\b", re.I)
#: Changes the scenario mentions only to rule them out ("freezing the card instead of blocking it").
_NOT_WANTED = re.compile(r"\b(?:instead of|rather than|not|never|don't|do not)\s+(?:to\s+)?\w+", re.I)
_CHOICE = {
    "block": "Please block it permanently.",
    "freeze": "Please just freeze it for now.",
    "unfreeze": "Please unfreeze it.",
    "close": "Please close it.",
    "stop": "Please stop it.",
    "handover": "Please put me through to a colleague.",
}
#: Messages that only announce a look-up: not yet what the records show.
_HOLDING = re.compile(r"\b(?:let me (?:check|look|pull|see|verify|find)|one moment|just a moment|please wait|"
                      r"i(?:'ll| will) (?:check|look|verify))\b", re.I)
_IDLE_LIMIT = 2
_TURN_LIMIT = 15


def judge_proposal(message: str, sentence: str, script: CustomerScript) -> str | None:
    """The customer's correction to a proposed change, or None when it is what the scenario wants.

    The proposal must name a kind of change the scenario asks for or accepts (a freeze is not a
    block) and, where it names an account, card or cheque, one the scenario names. The named
    kinds are read from the proposing sentence, or, when it names none ("Shall I go ahead?"),
    from the sentences that offer the change ("I will…", "To confirm:…"), never from a
    description of the records ("Your card is blocked."); the named records likewise, then
    from the whole message.
    """
    details = " ".join(part for part in sentences(message) if _OFFER.search(part))
    kinds = change_kinds(sentence) or change_kinds(details)
    wanted = change_kinds(_NOT_WANTED.sub(" ", script.wants))
    if " or " in sentence and len(kinds) > 1 and len(kinds & wanted) == 1:
        return _CHOICE[next(iter(kinds & wanted))]
    if kinds and not kinds & wanted:
        return f"No, that's not what I want. {script.opening}"
    for named, known in ((cheque_numbers(sentence) or cheque_numbers(details) or cheque_numbers(message), cheque_numbers(script.wants)),
                         (record_endings(sentence) or record_endings(details) or record_endings(message),
                          record_endings(script.wants))):
        if named and known and not named & known and not _OTHER_RECORD_OK.search(script.wants):
            fact = next((f.answer for f in script.facts if any(k in f.answer for k in known)), None)
            mine = re.sub(r"\byour\b", "my", fact) if fact else f"the one ending {sorted(known)[0]}"
            return f"No, not that one. I meant {mine}."
    return None


class IndianBankCustomer(UserBase):
    """Scripted customer for offline runs; deterministic, no LLM."""

    def __init__(self, tools=None, instructions: str | None = None, llm=None, llm_args=None, **_: object) -> None:  # noqa: ANN001
        # Both harnesses' base users only store what they are given (nvidia: instructions and
        # the model; upstream: instructions and tools); store all four so one constructor fits both.
        self.tools, self.instructions, self.llm, self.llm_args = tools, instructions, llm, dict(llm_args or {})
        self.script: CustomerScript = parse_scenario(str(instructions or ""))
        self.words = PHRASES[self.script.language]
        self.said_before = 0

    def get_init_state(self, message_history: list[Message] | None = None) -> UserState:
        history = [m for m in (message_history or []) if is_valid_user_history_message(m)]
        #: What the customer said before this session (a long earlier conversation): not counted as this session's.
        self.said_before = sum(isinstance(m, UserMessage) for m in history)
        return UserState(system_messages=[], messages=history)

    @classmethod
    def is_stop(cls, message: UserMessage) -> bool:
        return message.content is not None and (STOP in message.content or TRANSFER in message.content)

    def set_seed(self, seed: int) -> None:
        """Nothing to seed: the customer is deterministic."""

    def reply_to(self, text: str, state: UserState) -> str:
        """The customer's next words after the assistant said ``text`` (see :mod:`.reading`)."""
        said = [m for m in state.messages if isinstance(m, UserMessage)][self.said_before:]
        if not said:
            return self.script.opening
        if len(said) >= _TURN_LIMIT:
            return self.words["done"]
        reading = read_message(text)
        if reading.kind == "handover_done":
            return f"Okay, thank you. {TRANSFER}"
        if reading.kind == "credentials":
            return _NO_CREDENTIALS
        cue = self.cue(text, reading, said)
        if cue is not None:
            return cue
        if reading.kind == "proposal":
            missing = [t for t in self.script.must_name if not names_token(text, t)]
            if missing:
                last = [c.line for c in self.script.cues if any(c.line == m.content for m in said)]
                return f"No, that's not what I asked for. {last[-1] if last else self.script.opening}"
            correction = judge_proposal(text, reading.sentence, self.script)
            if correction is None and " or " in reading.sentence:  # "a 25-leaf or a 50-leaf book?"
                correction = self.script.answer_for(reading.sentence, reading.head)
            return correction or self.words["affirm"]
        if reading.kind == "question":
            answer = self.script.answer_for(reading.sentence, reading.head)
            if answer is not None:
                return answer
            if _OPEN_QUESTION.search(reading.sentence):
                return f"As I said: {self.script.opening}"
            return self._idle(said, self.words["dont_know"])
        if reading.kind == "wrap_up":
            return self.words["done"]
        return self._idle(said, self.words["idle"])

    def cue(self, text: str, reading: Reading, said: list[UserMessage]) -> str | None:
        """The scenario's scripted line for this message, if one is due (robustness tasks).

        A cue is said once, except a decline ("proposes a change or quotes the figures"),
        which answers every proposal: the customer never lets the change go ahead.
        """
        for cue in self.script.cues:
            fired = any(m.content == cue.line for m in said)
            due = {
                "first_proposal": reading.kind == "proposal",
                "figures": reading.kind == "proposal" or (not fired and has_figures(text)),
                "first_answer": reading.kind != "question" and not _HOLDING.search(text),
                "mentions": any(names_token(text, token) for token in cue.tokens),
            }[cue.trigger]
            if due and (not fired or cue.trigger == "figures"):
                return cue.line
        return None

    def _idle(self, said: list[UserMessage], words: str) -> str:
        """``words``, or the end of the conversation after a few turns that moved nothing."""
        idle = 0
        for message in reversed(said):
            if message.content not in _QUIET:
                break
            idle += 1
        return self.words["done"] if idle >= _IDLE_LIMIT else words

    def generate_next_message(self, message: ValidUserInputMessage, state: UserState) -> tuple[UserMessage, UserState]:
        if isinstance(message, MultiToolMessage):
            state.messages.extend(message.tool_messages)
            text = ""
        else:
            state.messages.append(message)
            text = message.content or "" if isinstance(message, AssistantMessage) else ""
            if isinstance(message, ToolMessage):
                text = ""
        reply = UserMessage(role="user", content=self.reply_to(text, state), cost=0.0)
        state.messages.append(reply)
        return reply, state
