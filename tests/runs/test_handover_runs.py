"""Hand-overs end on the agent's side (issue 22, part 4): once the assistant's transfer call has succeeded and it
has told the customer, the session ends as a transfer, and no customer (scripted or a model on the loopback server
of tests/support/fake_llm.py) is asked for another turn."""

from __future__ import annotations

import json

import pytest
from tau2.data_model.message import AssistantMessage, ToolCall, ToolMessage

from tau_indian_bank.cli import main
from tau_indian_bank.evaluation.diagnostics import HANDOVER_ENDING, HANDOVER_KEY, diagnose
from tau_indian_bank.participants.handover import ends_with_handover, handover_untold, mark_if_handover
from tau_indian_bank.tasks.suite_files import load_suite, task_set_files
from tests.support.fake_llm import FakeModel, Server

BASE_HANDOVER = "edge_bereavement_0001"  # the gold chain is the hand-over alone
ESCALATION = "edge_overdue_escalate_0001"  # a look-up, then the hand-over
ROBUST_HANDOVER = "rob_out_of_scope_no_tool_0004"
pytestmark = pytest.mark.filterwarnings("ignore:Items? .* (is|are) using the `ReadOnly` qualifier:UserWarning")


def _transfer(call_id: str = "t1") -> AssistantMessage:
    return AssistantMessage(
        role="assistant", tool_calls=[ToolCall(id=call_id, name="transfer_to_human_agents", arguments={"summary": "x"})]
    )


def _said(text: str) -> AssistantMessage:
    return AssistantMessage(role="assistant", content=text)


@pytest.mark.parametrize(
    ("history", "ends"),
    [
        ([_transfer(), ToolMessage(id="t1", role="tool", content="Transfer successful")], True),
        ([_transfer(), ToolMessage(id="t1", role="tool", content="Error: busy", error=True)], False),  # refused: goes on
        ([_transfer(), ToolMessage(id="t1", role="tool", content="Transfer successful"), _said("Done.")], False),  # told
        ([_said("Shall I transfer you to a colleague?")], False),  # only proposed
    ],
)
def test_only_the_first_message_after_a_successful_transfer_ends_the_session(history, ends):
    reply = mark_if_handover(_said("I have put you through to a colleague."), history)
    assert ends_with_handover(reply) is ends and handover_untold(history) is ends


def test_a_tool_call_after_the_transfer_is_not_the_message_that_ends_it():
    history = [_transfer(), ToolMessage(id="t1", role="tool", content="Transfer successful")]
    assert not ends_with_handover(mark_if_handover(_transfer("t2"), history))


@pytest.fixture(scope="module")
def tasks():
    robust = json.loads(task_set_files("indian_bank_robust")[0].read_text(encoding="utf-8"))
    return [t for t in [*load_suite(), *robust] if t["id"] in (BASE_HANDOVER, ESCALATION, ROBUST_HANDOVER)]


def _run(capsys, folder, base, *, user: str, task_set: str | None = None, task_ids=(BASE_HANDOVER, ESCALATION)):
    customer = ["--user-llm", "openai/fake-user", "--user-llm-args", json.dumps({"api_base": base})] if user == "indian_bank_user" else []
    code = main(
        [
            "run",
            "--agent-llm",
            "openai/fake-agent",
            "--agent-llm-args",
            json.dumps({"api_base": base}),
            "--user",
            user,
            *customer,
            *(["--task-set-name", task_set] if task_set else []),
            "--task-ids",
            *task_ids,
            "--results-dir",
            str(folder),
            "--save-to",
            "run",
            "--max-concurrency",
            "1",
            "--no-preflight",
        ]
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads((folder / "run.json").read_text(encoding="utf-8"))
    by_id = {t["id"]: t for t in data["tasks"]}
    return [(s, by_id[s["task_id"]]) for s in data["simulations"]]


def _ends_as_transfer(simulation, task):
    last = simulation["messages"][-1]
    assert simulation["termination_reason"] == "agent_stop", simulation["termination_reason"]
    assert last["role"] == "assistant" and last["raw_data"][HANDOVER_KEY] is True
    assert simulation["reward_info"]["reward"] == 1.0
    assert diagnose(task, simulation).termination_reason == HANDOVER_ENDING
    assert "###TRANSFER###" not in " ".join(m.get("content") or "" for m in simulation["messages"])


def _customer_turns(simulation, task):
    history = len(task["initial_state"]["message_history"] or [])
    return sum(m["role"] == "user" for m in simulation["messages"][history:])


@pytest.mark.parametrize("task_set", [None, "indian_bank_robust"])
def test_with_the_model_customer_no_customer_call_follows_the_hand_over(tasks, tmp_path, capsys, task_set):
    model = FakeModel(tasks)
    ids = (ROBUST_HANDOVER,) if task_set else (BASE_HANDOVER, ESCALATION)
    with Server(model) as server:
        sessions = _run(capsys, tmp_path, server.base, user="indian_bank_user", task_set=task_set, task_ids=ids)
    assert len(sessions) == len(ids)
    for simulation, task in sessions:
        _ends_as_transfer(simulation, task)
    # every customer model call made one customer turn of the sessions: none was asked after the hand-over
    assert len(model.customer_prompts) == sum(_customer_turns(s, t) for s, t in sessions)


def test_with_the_scripted_customer_the_session_ends_the_same_way(tasks, tmp_path, capsys):
    model = FakeModel(tasks)
    with Server(model) as server:
        sessions = _run(capsys, tmp_path, server.base, user="indian_bank_customer")
    assert not model.customer_prompts  # the scripted customer calls no model
    for simulation, task in sessions:
        _ends_as_transfer(simulation, task)


def test_the_oracle_tells_the_customer_and_the_session_ends_there(tmp_path, capsys):
    code = main(
        [
            "run",
            "--agent",
            "indian_bank_oracle",
            "--user",
            "indian_bank_customer",
            "--task-ids",
            BASE_HANDOVER,
            ESCALATION,
            "--results-dir",
            str(tmp_path),
            "--save-to",
            "oracle",
            "--max-concurrency",
            "1",
        ]
    )
    capsys.readouterr()
    assert code == 0
    data = json.loads((tmp_path / "oracle.json").read_text(encoding="utf-8"))
    by_id = {t["id"]: t for t in data["tasks"]}
    for simulation in data["simulations"]:
        _ends_as_transfer(simulation, by_id[simulation["task_id"]])
        assert "transferred you to a colleague" in simulation["messages"][-1]["content"]
