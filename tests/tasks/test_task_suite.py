import copy
import json

import pytest

from tau_indian_bank.evaluation.facts import without_facts
from tau_indian_bank.paths import POLICY_FILE
from tau_indian_bank.plugin.offline import participant_outcomes
from tau_indian_bank.tasks.suite_files import load_splits, load_suite
from tau_indian_bank.tasks.validate import validate
from tests.conftest import run


@pytest.mark.slow
@pytest.mark.e2e
def test_the_shipped_suite_is_exactly_what_the_generator_makes():
    done = run(["tau-indian-bank", "generate-tasks", "--check"], PYTHONHASHSEED="4242")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "up to date" in done.stdout


@pytest.mark.slow
@pytest.mark.e2e
def test_validate_passes_on_the_whole_base_split():
    done = run(["tau-indian-bank", "validate"])
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "PASS: 50/50 checks passed" in done.stdout
    for row in (
        "facts from the gold replay (or why none)",
        "tasks with facts; the others, and why",
        "oracle states every fact (answer check)",
        "replier misses a fact (answer check)",
    ):
        assert row in done.stdout


@pytest.mark.slow
@pytest.mark.e2e
def test_validate_passes_on_the_robustness_set():
    done = run(["tau-indian-bank", "validate", "--task-set", "indian_bank_robust"])
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    for row in (
        "axis decline",
        "oracle passes every task (strict)",
        "overwriter fails every task (strict; verdict where a call)",
        "split lite: 5 per axis",
    ):
        assert row in done.stdout


def _rows(tasks):
    checks, problems = validate(
        tasks, {"base": [t["id"] for t in tasks]}, POLICY_FILE.read_text(encoding="utf-8"), participants=participant_outcomes, workers=1
    )
    return {c.name: c.ok for c in checks}, problems.by_check


def test_validator_catches_broken_tasks():
    suite = {t["id"]: t for t in load_suite()}
    good = copy.deepcopy(suite["seq_fd_open_0001"])
    failing_gold = copy.deepcopy(suite["edge_deposit_already_closed_0001"])
    failing_gold["id"] = "edge_deposit_already_closed_9001"
    details = failing_gold["evaluation_criteria"]["actions"][1]
    close = {
        "action_id": "gold_3",
        "requestor": "assistant",
        "name": "close_deposit",
        "info": None,
        "compare_args": None,
        "arguments": {"deposit_id": details["arguments"]["deposit_id"], "credit_account_id": "501000000000"},
    }
    failing_gold["evaluation_criteria"]["actions"].append(close)
    for assertion in failing_gold["evaluation_criteria"]["env_assertions"]:
        assertion["arguments"]["gold_calls"] = without_facts(failing_gold["evaluation_criteria"]["actions"])
    unevidenced = copy.deepcopy(good)
    unevidenced["id"] = "seq_fd_open_9002"
    amount = unevidenced["evaluation_criteria"]["actions"][2]["arguments"]["amount"]
    text = json.dumps(unevidenced["user_scenario"], ensure_ascii=False)
    text = text.replace(_indian(amount), "some money").replace(str(amount), "")
    unevidenced["user_scenario"] = json.loads(text)
    bad_id = copy.deepcopy(good)
    bad_id["id"] = "fd-open-1"
    rows, problems = _rows([good, failing_gold, unevidenced, bad_id])
    assert rows["schema"] is False and any(p.startswith("fd-open-1") for p in problems["schema"])
    assert rows["gold chain succeeds"] is False
    assert problems["gold chain succeeds"][0].startswith("edge_deposit_already_closed_9001: close_deposit refused")
    assert rows["scenario evidences gold values"] is False
    assert any("seq_fd_open_9002: " in p and "amount" in p for p in problems["scenario evidences gold values"])
    assert rows["tasks"] is False  # 4 tasks, not 1,000


def _indian(amount: int) -> str:
    from tau_indian_bank.bank.money import format_rupees

    return format_rupees(amount * 100).removesuffix(".00")


def test_validator_catches_a_task_a_baseline_can_pass():
    task = copy.deepcopy(next(t for t in load_suite() if t["id"] == "ctrl_balance_0001"))
    task["id"] = "ctrl_balance_9001"
    profile = {
        "action_id": "gold_1",
        "requestor": "assistant",
        "name": "get_customer_profile",
        "arguments": {},
        "info": None,
        "compare_args": None,
    }
    task["evaluation_criteria"]["actions"] = [profile]
    for assertion in task["evaluation_criteria"]["env_assertions"]:
        assertion["arguments"]["gold_calls"] = [profile]
    rows, problems = _rows([task])
    assert rows["looker fails every task"] is False
    assert rows["oracle passes every task"] is True


def test_splits_are_disjoint_and_nested():
    splits = load_splits()
    assert set(splits["lite"]) == set(splits["train"]) | set(splits["test"])
    assert not set(splits["train"]) & set(splits["test"])
    assert set(splits["lite"]) <= set(splits["base"])


def test_validator_catches_facts_that_are_not_the_gold_replays():
    suite = {t["id"]: t for t in load_suite()}
    tampered = copy.deepcopy(suite["ctrl_balance_0001"])
    action = tampered["evaluation_criteria"]["actions"][0]
    action["info"] = action["info"].replace('"value":"', '"value":"9')
    stripped = copy.deepcopy(suite["seq_fd_open_0001"])
    stripped["evaluation_criteria"]["actions"] = [{**a, "info": None} for a in stripped["evaluation_criteria"]["actions"]]
    rules = copy.deepcopy(suite["ctrl_rules_question_0001"])
    checks, problems = validate([tampered, stripped, rules], {"base": []}, POLICY_FILE.read_text(encoding="utf-8"))
    rows = {c.name: c for c in checks}
    assert rows["facts from the gold replay (or why none)"].ok is False
    failing = problems.by_check["facts from the gold replay (or why none)"]
    assert sorted(p.split(":")[0] for p in failing) == ["ctrl_balance_0001", "seq_fd_open_0001"]
    summary = rows["tasks with facts; the others, and why"]  # the stripped task has no facts and no reason to have none
    assert summary.found == "1; no reason 1, rules question 1" and summary.ok is False
