"""``indian_bank_customer``: a scripted customer that needs no model and no network.

It opens with the scenario's opening line and then reads each assistant message through the
text layer (:func:`~tau_indian_bank.text.read_message`: hand-over made, credentials asked,
proposal, questions and their options, wrap-up, in English, Hinglish and Hindi) and answers
what was asked, in its own language (:mod:`.voice`):

* a question about a detail it knows gets that detail (:meth:`.CustomerScript.answer_for`);
  every question of a message is answered; a yes/no question that names a detail it knows
  gets "yes, that's right" or the right detail; an open question ("How would you like to
  proceed?") gets its request in its own words, never its opening line;
* a question that asks for a choice is never answered with a yes: a choice between changes
  ("freeze it or block it?") gets the one the scenario wants, a choice of details ("12 or 24
  months?") the detail it knows;
* a proposal gets a yes only if it names a change and a record the scenario wants (and, in a
  robustness task, the detail the customer changed to), otherwise a correction;
* a request for an OTP or PIN is refused; a hand-over ends the session with tau2's transfer
  token once the assistant says it has been made; a wrap-up, or a few turns that move
  nothing, ends it with the stop token, so every session terminates;
* a robustness task's cue line is said when it is due (:meth:`IndianBankCustomer.cue`); a
  question it can answer comes first, and "quotes the figures" means figures the customer
  did not bring itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tau2.data_model.message import AssistantMessage, Message, MultiToolMessage, ToolMessage, UserMessage

from tau_indian_bank.participants.bases import UserBase, UserState, ValidUserInputMessage, is_valid_user_history_message
from tau_indian_bank.participants.scenario import CustomerScript, names_token, parse_scenario
from tau_indian_bank.participants.voice import PHRASES, Voice
from tau_indian_bank.text import (
    Reading,
    amount_values,
    announces_lookup,
    change_kinds,
    cheque_numbers,
    dates,
    percents,
    plain,
    read_message,
    sentences,
)
from tau_indian_bank.text.questions import asked_for, open_question, options, question_head, question_heads
from tau_indian_bank.text.records import typed_endings
from tau_indian_bank.text.wants import missing_terms, objection
from tau_indian_bank.vocabulary import STOP, TRANSFER

_QUIET = frozenset(words[name] for words in PHRASES.values() for name in ("idle", "dont_know", "undecided"))
_IDLE_LIMIT = 2
_TURN_LIMIT = 15


@dataclass(frozen=True)
class Asked:
    """What an assistant message asks of the customer, beyond the layer's reading."""

    #: The sentence proposing one change (a yes/no offer), if any.
    proposal: str | None = None
    #: A choice between changes: the kinds each option names ("freeze it, or block it?").
    choice: tuple[frozenset[str], ...] = ()
    #: Questions that ask for details (a choice of details among them: "12 or 24 months?").
    questions: tuple[str, ...] = ()


def asked(reading: Reading, script: CustomerScript) -> Asked:
    """What the message read as ``reading`` asks: a proposal, a choice between changes, or details.

    A question with options ("…, or …?") asks for a choice between changes when two options name
    one ("freeze it for now, or block it?"), or when one does and no known fact names exactly one
    option ("FD abhi todna chahenge, ya maturity tak rukna?"); else for a detail ("12 or 24 months?").
    """
    for question in reading.questions if reading.kind in ("proposal", "question") else ():
        offered = options(question)
        kinds = tuple(change_kinds(option) for option in offered)
        if sum(bool(k) for k in kinds) >= 2 or (any(kinds) and script.names_one_option(offered) is None):
            return Asked(choice=kinds, questions=tuple(q for q in reading.questions if q != question))
    if reading.kind == "proposal" and not reading.options:
        return Asked(proposal=reading.sentence, questions=tuple(q for q in reading.questions if q != reading.sentence))
    return Asked(questions=reading.questions if reading.kind in ("proposal", "question") else ())


class IndianBankCustomer(UserBase):
    """Scripted customer for offline runs; deterministic, no LLM."""

    def __init__(
        self,
        tools: Any = None,
        instructions: str | None = None,
        llm: str | None = None,
        llm_args: dict[str, Any] | None = None,
        **_: object,
    ) -> None:
        # Both harnesses' base users only store what they are given (nvidia: instructions and
        # the model; upstream: instructions and tools); store all four so one constructor fits both.
        self.tools, self.instructions, self.llm, self.llm_args = tools, instructions, llm, dict(llm_args or {})
        self.script: CustomerScript = parse_scenario(str(instructions or ""))
        self.voice = Voice(self.script.language)
        self.wanted = self.script.wanted
        self.own_amounts = self.script.own_amounts()
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
        """The customer's next words after the assistant said ``text`` (see the module docstring)."""
        said = [m for m in state.messages if isinstance(m, UserMessage)][self.said_before :]
        if not said:
            return self.script.opening
        if len(said) >= _TURN_LIMIT:
            return self.voice["done"]
        reading = read_message(text)
        if reading.kind == "handover_done":
            return self.voice["transfer"]
        if reading.kind == "credentials":
            return self.voice["no_credentials"]
        ask = asked(reading, self.script)
        answers = self.answers(text, ask.questions)
        cue = self.cue(text, reading, ask, bool(answers), said)
        if cue is not None:
            return cue
        if ask.proposal is not None:
            reply = self.on_proposal(text, ask.proposal, said)
            return f"{reply} {self.voice.facts(answers)}" if answers and reply == self.voice["affirm"] else reply
        if ask.choice:
            return self.on_choice(ask.choice)
        if answers:
            return self.voice.facts(answers)
        if ask.questions:
            return self.on_unknown(ask.questions, reading, said)
        if reading.kind == "wrap_up":
            return self.voice["done"]
        return self._idle(said, self.voice["idle"])

    def answers(self, text: str, questions: tuple[str, ...]) -> list[str]:
        """The known facts that answer the message's questions, in the order asked.

        A question that names nothing it asks about ("What would you like?") is read with the
        sentence before it ("I need two details: the monthly amount and the tenure."); a yes/no
        question that names details the customer knows ("…, sent by e-mail, right?") is confirmed
        instead (:meth:`confirm`).
        """
        parts = sentences(plain(text or ""))
        found: list[str] = []
        for question in questions:
            if not asked_for(question) and self.confirm(question) is not None:
                continue
            at = parts.index(question) if question in parts else 0
            before = " ".join(parts[:at])
            facts = self.script.answers_for(question, question_heads(question, before))
            if not facts and at and not question_heads(question) and not asked_for(question):
                facts = self.script.answers_for(parts[at - 1], question_heads(parts[at - 1]))
            found.extend(f.answer for f in facts if f.answer not in found)
        return found

    def on_proposal(self, text: str, sentence: str, said: list[UserMessage]) -> str:
        """A yes, or a correction: what the proposal must name (robustness tasks), then the change and the record.

        A proposal that misses what the customer changed to gets the line it said the change with,
        else the known detail that names it ("I meant ₹8,80,000."), else its request.
        """
        missing = missing_terms(self.script, text)
        if missing:
            last = [c.line for c in self.script.cues if any(c.line == m.content for m in said)]
            if last:
                return f"{self.voice['not_asked']} {last[-1]}"
            fact = next((f for f in self.script.facts if names_token(f.said, missing[0])), None)
            correction = self.voice.correct("meant", fact.answer) if fact else self.voice.restate(self.script.request)
            return f"{self.voice['not_asked']} {correction}"
        return self.judge_proposal(text, sentence) or self.voice["affirm"]

    def judge_proposal(self, message: str, sentence: str) -> str | None:
        """The customer's correction to a proposed change, or None when it is what the scenario wants.

        What the scenario wants is the text layer's reading (:func:`~tau_indian_bank.text.wants.objection`:
        a kind of change it asks for or accepts, the records it names); the correction names
        the change it wants, or the record it meant.
        """
        found = objection(self.script, message, sentence)
        if found is None:
            return None
        if found.reason == "change":
            return f"{self.voice['not_wanted']} {self.what_i_want()}"
        return self.not_that_one(found.detail)

    def not_that_one(self, digits: str) -> str:
        """The correction that names the record the customer meant ("No, not that one. I meant my account ending 2973.")."""
        fact = next((f.answer for f in self.script.facts if digits in f.answer), f"the one ending {digits}")
        return self.voice.correct("not_that_one", fact)

    def what_i_want(self) -> str:
        """The change the customer wants ("Please freeze it."), or its request in its own words."""
        if len(self.wanted) == 1:
            return self.voice.choose(next(iter(self.wanted)))
        return self.voice.restate(self.script.request)

    def on_choice(self, kinds: tuple[frozenset[str], ...]) -> str:
        """The change the customer picks among alternatives, or a correction when it wants none of them."""
        picked = [k & self.wanted for k in kinds if k & self.wanted]
        if len(picked) == 1 and len(picked[0]) == 1:
            return self.voice.choose(next(iter(picked[0])))
        if not picked:
            return f"{self.voice['not_wanted']} {self.what_i_want()}"
        return self.voice["undecided"]

    def on_unknown(self, questions: tuple[str, ...], reading: Reading, said: list[UserMessage]) -> str:
        """A question no known fact answers: a detail it names confirmed, a choice it wants, its request, or 'I don't know'."""
        for question in questions:
            checked = self.confirm(question)
            if checked is not None:
                return checked
        for question in questions:
            offered = [change_kinds(option) & self.wanted for option in options(question)]
            if sum(bool(k) for k in offered) == 1:
                return self.voice.choose(sorted(next(k for k in offered if k))[0])
        if any(open_question(q) for q in questions):
            return self.voice.restate(self.script.request)
        if any(options(q) for q in questions):
            return self._idle(said, self.voice["undecided"])
        return self._idle(said, self.voice["dont_know"])

    def confirm(self, question: str) -> str | None:
        """A yes/no question that names a detail the customer knows: "yes, that's right", or the right detail."""
        if question_head(question) is not None or options(question):
            return None
        known = {d for _, d in typed_endings(self.script.wants)} | cheque_numbers(self.script.wants)
        named = {d for _, d in typed_endings(question)} | cheque_numbers(question)
        amounts, days = amount_values(question), {(d.year, d.month, d.day) for d in dates(question)}
        if named & known or (
            not named
            and (amounts or days)
            and amounts <= self.own_amounts
            and days <= {(d.year, d.month, d.day) for d in dates(self.script.wants)}
        ):
            return self.voice["right"]
        if named and known:
            fact = next((f for f in self.script.facts if any(d in f.answer for d in known)), None)
            return self.voice.correct("wrong", fact.answer) if fact is not None else None
        return None

    def new_figures(self, text: str) -> bool:
        """Does the message quote money or a rate the customer did not bring itself (a quote, a payout, a penalty)?"""
        own_rates = {p.value for p in percents(self.script.wants)}
        return bool(amount_values(text) - self.own_amounts) or any(p.value not in own_rates for p in percents(text))

    def cue(self, text: str, reading: Reading, ask: Asked, answerable: bool, said: list[UserMessage]) -> str | None:
        """The scenario's scripted line for this message, if one is due (robustness tasks).

        A cue is said once, except a decline ("proposes a change or quotes the figures"), which
        answers every proposal: the customer never lets the change go ahead. A question the
        customer can answer comes before "quotes the figures" and "tells you what the records
        show"; a message that only announces a look-up shows nothing yet.
        """
        proposes = ask.proposal is not None or bool(ask.choice)
        for cue in self.script.cues:
            fired = any(m.content == cue.line for m in said)
            due = {
                "first_proposal": proposes,
                "figures": proposes or (not fired and not answerable and self.new_figures(text)),
                "first_answer": not ask.questions and not answerable and not announces_lookup(text),
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
        return self.voice["done"] if idle >= _IDLE_LIMIT else words

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
