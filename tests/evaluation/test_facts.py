"""Facts: derived from the gold replay, stored where tau2 does not score them, one rule per tool."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from tau_indian_bank.evaluation.fact_replay import attach_facts, derive_facts, replay_gold
from tau_indian_bank.evaluation.facts import task_facts, why_no_facts
from tau_indian_bank.tasks.suite_files import load_suite


def _one_per_family() -> list[dict[str, Any]]:
    seen: dict[str, dict[str, Any]] = {}
    for task in load_suite():
        seen.setdefault(task["id"].rsplit("_", 1)[0], task)
    return list(seen.values())


def _task(prefix: str) -> dict[str, Any]:
    return next(t for t in load_suite() if t["id"].startswith(prefix))


def _facts(prefix: str) -> list[tuple[str, str, str]]:
    return [(f.kind, f.value, f.source) for f in task_facts(_task(prefix))]


@pytest.mark.parametrize("task", _one_per_family(), ids=lambda t: t["id"])
def test_stored_facts_are_those_of_the_gold_replay(task):
    derived = [f for step in derive_facts(task, replay_gold(task)) for f in step]
    assert derived == task_facts(task)
    assert derived or why_no_facts(task)


def test_facts_live_in_the_gold_actions_info_and_nothing_tau2_scores_changes():
    for task in load_suite():
        criteria = task["evaluation_criteria"]
        assert criteria["reward_basis"] == ["DB", "ENV_ASSERTION"] and criteria["communicate_info"] is None
        for action in criteria["actions"]:
            assert action["info"] is None or json.loads(action["info"])["facts"]
        for assertion in criteria["env_assertions"]:
            assert all(call["info"] is None for call in assertion["arguments"]["gold_calls"])
            assert [{**a, "info": None} for a in criteria["actions"]] == assertion["arguments"]["gold_calls"]


def test_attaching_facts_is_idempotent_and_leaves_the_gold_chain_alone():
    task = json.loads(json.dumps(_task("seq_fd_close_0")))
    before = [(a["name"], a["arguments"], a["compare_args"]) for a in task["evaluation_criteria"]["actions"]]
    again = attach_facts(json.loads(json.dumps(task)))
    assert again == task
    assert [(a["name"], a["arguments"], a["compare_args"]) for a in again["evaluation_criteria"]["actions"]] == before


def test_a_look_up_before_a_change_on_the_same_record_is_not_a_fact_but_its_blocking_state_is():
    opened = _facts("seq_fd_open_0")  # the funding account's balance is a check, not an answer
    assert [k for k, _, _ in opened] == ["amount", "date", "percent", "reference"]
    assert ("outcome", "account_dormant", "gold") in _facts("edge_dormant_reactivation_")
    assert ("outcome", "card_blocked", "gold") in _facts("edge_blocked_card_unfreeze_")
    assert [k for k, _, _ in _facts("edge_cheque_cleared_")] == ["outcome", "date"]  # why, and when it cleared (7.2)
    assert ("outcome", "kyc_overdue", "gold") in _facts("edge_kyc_expired_deposit_")
    assert [k for k, _, _ in _facts("edge_insufficient_balance_")] == ["amount"]


def test_references_the_bank_creates_are_read_from_the_session_and_the_customers_own_are_not():
    sources = Counter((f.kind, f.field, f.source) for t in load_suite() for f in task_facts(t) if f.kind == "reference")
    assert {field for _, field, source in sources if source == "session"} == {"request_id", "deposit_id", "cheque_book_id"}
    assert {field for _, field, source in sources if source == "gold"} == {"cheque_number"}


def test_only_calculator_figures_may_be_rounded():
    rounded = {(f.field, f.rounding) for t in load_suite() for f in task_facts(t) if f.rounding != "exact"}
    assert rounded == {("maturity_amount", "lakh"), ("periodic_interest", "rupee"), ("maximum_loan", "rupee"), ("emi", "rupee")}
    balances = [f for t in load_suite() for f in task_facts(t) if f.field in ("balance", "payout", "total_payable")]
    assert balances and all(f.rounding == "exact" for f in balances)


def test_tasks_without_facts_are_rules_questions_and_hand_overs():
    bare = [t for t in load_suite() if not task_facts(t)]
    assert len(bare) == 18
    assert Counter(t["id"].rsplit("_", 1)[0] for t in bare) == {
        "ctrl_rules_question": 13,
        "edge_bereavement": 3,
        "edge_account_takeover": 2,
    }
    assert all(why_no_facts(t) for t in bare)
    assert why_no_facts(_task("ctrl_balance_")) is None
