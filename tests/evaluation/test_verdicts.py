"""Hand-built sessions through tau2's own evaluator: the verdicts the benchmark promises."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tau2.data_model.message import AssistantMessage, ToolCall, UserMessage
from tau2.data_model.simulation import SimulationRun, TerminationReason
from tau2.data_model.tasks import Task
from tau2.evaluator.evaluator import EvaluationType, evaluate_simulation

from tau_indian_bank.plugin.environment import get_environment
from tau_indian_bank.tasks.suite_files import load_suite

STOP = "Thanks, that's all. ###STOP###"


def _task(prefix: str) -> Task:
    return Task.model_validate(next(t for t in load_suite() if t["id"].startswith(prefix)))


def session(task: Task, steps: list[tuple[Any, ...]], reason: TerminationReason = TerminationReason.USER_STOP) -> SimulationRun:
    """Messages for ``steps`` ('say', text) / ('user', text) / ('call', name, args), with real tool outputs."""
    env = get_environment()
    state = task.initial_state
    env.set_state(state.initialization_data, state.initialization_actions, list(state.message_history))
    messages: list[Any] = [m.model_copy() for m in state.message_history]
    for index, step in enumerate(steps):
        if step[0] == "user":
            messages.append(UserMessage(role="user", content=step[1]))
        elif step[0] == "say":
            messages.append(AssistantMessage(role="assistant", content=step[1]))
        else:
            call = ToolCall(id=f"call-{index}", name=step[1], arguments=step[2])
            messages.append(AssistantMessage(role="assistant", tool_calls=[call]))
            messages.append(env.get_response(call))
    return SimulationRun(id="test", task_id=task.id, start_time="", end_time="", duration=0.0, termination_reason=reason, messages=messages)


def verdict(task: Task, steps: list[tuple[Any, ...]], **kwargs: Any) -> tuple[float, bool, list[bool]]:
    info = evaluate_simulation(
        simulation=session(task, steps, **kwargs), task=task, evaluation_type=EvaluationType.ALL, solo_mode=False, domain="indian_bank"
    )
    return info.reward, bool(info.db_check and info.db_check.db_match), [a.met for a in info.env_assertions or []]


def gold_steps(task: Task) -> list[tuple[Any, ...]]:
    return [("call", a.name, dict(a.arguments)) for a in task.evaluation_criteria.actions]


@pytest.fixture(scope="module")
def close_task() -> Task:
    return _task("seq_fd_close_0")


def test_the_gold_chain_passes(close_task):
    steps = [("user", "close my FD"), *gold_steps(close_task), ("user", STOP)]
    assert verdict(close_task, steps) == (1.0, True, [True, True])


def test_gold_chain_minus_one_read_is_a_procedural_violation(close_task):
    steps = [s for s in gold_steps(close_task) if s[1] != "get_deposit_closure_quote"]
    reward, final_state, assertions = verdict(close_task, steps)
    assert (reward, final_state, assertions) == (0.0, True, [False, True])


def test_an_extra_read_still_passes(close_task):
    steps = [
        ("call", "get_customer_profile", {}),
        *gold_steps(close_task),
        ("call", "search_regulations", {"query": "premature withdrawal penalty"}),
    ]
    assert verdict(close_task, steps)[0] == 1.0


def test_reads_and_writes_in_another_order_pass_when_the_calls_are_the_same(close_task):
    gold = gold_steps(close_task)
    reordered = [gold[0], gold[2], gold[1], gold[3]]  # quote before details
    assert verdict(close_task, reordered)[0] == 1.0


def test_repeating_a_gold_write_is_impure_even_though_the_bank_refuses_it(close_task):
    gold = gold_steps(close_task)
    reward, final_state, assertions = verdict(close_task, [*gold, gold[-1]])
    assert (reward, final_state, assertions) == (0.0, True, [True, False])


def test_an_extra_write_fails_even_if_refused(close_task):
    profile = json.loads(close_task.initial_state.message_history[1].content)
    account = profile["accounts"][0]["account_id"]
    # Stopping a cheque number that was never issued is refused and changes nothing.
    extra = ("call", "stop_cheque_payment", {"account_id": account, "cheque_number": "999999", "reason": "lost"})
    reward, final_state, assertions = verdict(close_task, [*gold_steps(close_task), extra])
    assert (reward, final_state, assertions) == (0.0, True, [True, False])


def test_a_wrong_argument_on_a_write_fails_both_checks():
    task = _task("seq_deposit_close_other_account_0")
    gold = gold_steps(task)
    deposit = gold[-1][2]["deposit_id"]
    details = session(task, gold[:2]).messages[-1].content
    linked_account = json.loads(details)["linked_account_last4"]
    profile = json.loads(task.initial_state.message_history[1].content)
    wrong = next(a["account_id"] for a in profile["accounts"] if a["last4"] == linked_account)
    assert wrong != gold[-1][2]["credit_account_id"]
    steps = [*gold[:-1], ("call", "close_deposit", {"deposit_id": deposit, "credit_account_id": wrong})]
    reward, final_state, assertions = verdict(task, steps)
    assert (reward, final_state, assertions) == (0.0, False, [False, False])


def test_amounts_match_by_value_whatever_their_form():
    task = _task("seq_fd_open_0")
    steps = []
    for name, args in ((a.name, dict(a.arguments)) for a in task.evaluation_criteria.actions):
        if "amount" in args:
            args["amount"] = f"₹{args['amount']:,}.00" if isinstance(args["amount"], int) else str(args["amount"])
        steps.append(("call", name, args))
    assert verdict(task, steps)[0] == 1.0


def test_a_session_ended_by_max_steps_fails_whatever_it_did(close_task):
    reward, _, _ = verdict(close_task, gold_steps(close_task), reason=TerminationReason.MAX_STEPS)
    assert reward == 0.0


def test_doing_nothing_passes_the_final_state_only_where_no_change_was_due():
    no_change = _task("ctrl_balance_0")
    assert verdict(no_change, [("say", "Your balance is fine.")]) == (0.0, True, [False, True])
    change_due = _task("seq_fd_close_0")
    assert verdict(change_due, [("say", "Done.")]) == (0.0, False, [False, True])
