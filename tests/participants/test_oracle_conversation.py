"""The oracle copes with legitimate customer replies a model writes (issue 22, part 1): it asks again for a missing
detail in other words, finds a detail however it is written, re-proposes after a correction, takes a yes in Hindi or
Hinglish, tolerates two answers in one message, and lets a change go after repeated refusals."""

from __future__ import annotations

import json

import pytest
from tau2.data_model.message import AssistantMessage, ToolMessage, UserMessage
from tau2.data_model.tasks import Task

from tau_indian_bank.participants.agents import ASK_LIMIT, PROPOSAL_LIMIT, IndianBankOracle
from tau_indian_bank.tasks.suite_files import task_set_files

CHEQUE_TASK = "rob_not_enough_info_cheque_stop_0001"  # the cheque number is the customer's alone: 510171


@pytest.fixture(scope="module")
def task() -> Task:
    tasks = json.loads(task_set_files("indian_bank_robust")[0].read_text(encoding="utf-8"))
    return Task.model_validate(next(t for t in tasks if t["id"] == CHEQUE_TASK))


class Talk:
    """The oracle in a conversation: each customer line in, the oracle's messages until it speaks to the customer."""

    def __init__(self, task: Task) -> None:
        self.oracle = IndianBankOracle(tools=[], domain_policy="", task=task)
        self.state = self.oracle.get_init_state(list(task.initial_state.message_history))
        self.calls: list[str] = []

    def say(self, text: str) -> str:
        message: object = UserMessage(role="user", content=text)
        while True:
            reply, self.state = self.oracle.generate_next_message(message, self.state)
            if not reply.tool_calls:
                return reply.content or ""
            call = reply.tool_calls[0]
            self.calls.append(call.name)
            message = ToolMessage(id=call.id, role="tool", content="{}", requestor="assistant")


def test_a_missing_detail_is_asked_again_in_other_words_then_taken_in_devanagari_digits(task):
    talk = Talk(task)
    first = talk.say("Namaste, please stop payment of a cheque from my savings account ending 2635.")
    assert "cheque number" in first
    second = talk.say("One moment, let me find the cheque book.")
    assert "cheque number" in second and second != first  # asked again, in other words
    proposal = talk.say("चेक नंबर ५१०१७१ है।")
    assert "cheque number" not in proposal.lower().split("to confirm")[0] and talk.calls == ["get_cheque_status"]
    assert "Shall I go ahead?" in proposal
    talk.say("हाँ, कर दीजिए")  # a yes in Hindi
    assert talk.calls == ["get_cheque_status", "stop_cheque_payment"]


@pytest.mark.parametrize("answer", ["It is 51 01 71.", "Cheque no. 510-171, mera wala."])
def test_a_detail_written_in_groups_is_found(task, answer):
    talk = Talk(task)
    talk.say("Please stop a cheque from my savings account ending 2635.")
    assert "Shall I go ahead?" in talk.say(answer) and talk.calls == ["get_cheque_status"]


def test_the_oracle_stops_asking_after_the_limit(task):
    talk = Talk(task)
    talk.say("Please stop a cheque from my savings account ending 2635.")
    for _ in range(ASK_LIMIT - 1):
        talk.say("I don't have it.")
    talk.say("I really don't have it.")
    assert talk.calls == ["get_cheque_status"]  # goes on (the ids gate judges it), never asks a third time


def test_two_answers_in_one_message_the_detail_and_a_yes(task):
    talk = Talk(task)
    talk.say("Please stop a cheque from my savings account ending 2635.")
    proposal = talk.say("Yes, it's cheque 510171, and please go ahead and stop it.")
    assert "Shall I go ahead?" in proposal  # the detail is taken; the yes came before the proposal, so it asks
    talk.say("Yes.")
    assert talk.calls == ["get_cheque_status", "stop_cheque_payment"]


def test_a_correction_gets_the_proposal_again_and_only_a_yes_makes_the_change(task):
    talk = Talk(task)
    talk.say("Please stop cheque 510171 from my savings account ending 2635.")
    again = talk.say("No wait, is this the savings account ending 2635? Yes, that one, but tell me the charges first.")
    assert "So that we are clear" in again and talk.calls == ["get_cheque_status"]
    talk.say("Theek hai, aage badhiye.")  # Hinglish yes
    assert talk.calls[-1] == "stop_cheque_payment"


def test_after_repeated_refusals_the_change_is_let_go(task):
    talk = Talk(task)
    talk.say("Please stop cheque 510171 from my savings account ending 2635.")
    replies = [talk.say("No, not yet.") for _ in range(PROPOSAL_LIMIT)]
    assert "leave it as it is" in replies[-1] and "stop_cheque_payment" not in talk.calls
    assert isinstance(talk.oracle.generate_next_message(UserMessage(role="user", content="Ok bye"), talk.state)[0], AssistantMessage)
