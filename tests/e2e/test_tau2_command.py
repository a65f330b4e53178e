"""The stock ``tau2`` command finds the domain and its participants and scores them right."""

from __future__ import annotations

import json
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import BIN, ROOT, command_env, run

pytestmark = pytest.mark.e2e

# A few tasks of different shapes: closure (4 calls), open (3), no-write edge case,
# a hand-over, a single read and a write-then-read-back control task.
TASK_IDS = [
    "seq_fd_close_0001",
    "seq_fd_open_0001",
    "edge_cheque_cleared_0001",
    "edge_bereavement_0001",
    "ctrl_balance_0001",
    "ctrl_update_address_0001",
]


def tau2_run(results: Path, name: str, agent: str, *extra: str) -> list[dict]:
    done = run(
        [
            "tau2",
            "run",
            "--domain",
            "indian_bank",
            "--agent",
            agent,
            "--user",
            "indian_bank_customer",
            "--results-dir",
            str(results),
            "--save-to",
            name,
            "--max-concurrency",
            "2",
            *extra,
        ]
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return json.loads((results / f"{name}.json").read_text())["simulations"]


def test_tau2_lists_the_domain_agents_and_customer():
    done = run(["tau2", "run", "--help"])
    assert done.returncode == 0
    text = " ".join(done.stdout.split())
    for name in (
        "indian_bank",
        "indian_bank_oracle",
        "indian_bank_replier",
        "indian_bank_looker",
        "indian_bank_claimer",
        "indian_bank_overwriter",
        "indian_bank_customer",
    ):
        assert name in text


def test_oracle_passes_and_evaluate_trajs_recomputes_the_same_rewards(tmp_path):
    sims = tau2_run(tmp_path / "results", "oracle", "indian_bank_oracle", "--task-ids", *TASK_IDS)
    assert len(sims) == len(TASK_IDS)
    assert all(s["reward_info"]["reward"] == 1.0 for s in sims)
    out = tmp_path / "recomputed"
    done = run(["tau2", "evaluate-trajs", str(tmp_path / "results" / "oracle.json"), "-o", str(out)])
    assert done.returncode == 0, done.stderr[-2000:]
    again = json.loads((out / "updated_oracle.json").read_text())["simulations"]
    assert [(s["task_id"], s["reward_info"]) for s in again] == [(s["task_id"], s["reward_info"]) for s in sims]


@pytest.mark.parametrize("agent", ["indian_bank_replier", "indian_bank_looker", "indian_bank_claimer", "indian_bank_overwriter"])
def test_each_scripted_baseline_passes_no_task(tmp_path, agent):
    sims = tau2_run(tmp_path, agent, agent, "--task-ids", *TASK_IDS)
    assert sorted(s["task_id"] for s in sims) == sorted(TASK_IDS)
    assert all(s["reward_info"]["reward"] == 0.0 for s in sims)
    if agent != "indian_bank_overwriter":
        # Doing nothing leaves the records of the no-change tasks right: only the action check catches it.
        no_change = {"edge_cheque_cleared_0001", "ctrl_balance_0001"}
        assert {s["task_id"] for s in sims if s["reward_info"]["db_check"]["db_match"]} == no_change


def test_tau2_domain_serves_the_policy_and_all_34_tools():
    process = subprocess.Popen(
        [str(BIN / "tau2"), "domain", "indian_bank"],
        cwd=ROOT,
        env=command_env(BROWSER="true"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        spec = None
        for _ in range(120):
            try:
                with urllib.request.urlopen("http://127.0.0.1:8004/api/openapi.json", timeout=1) as response:
                    spec = json.loads(response.read())
                break
            except OSError:
                time.sleep(0.5)
        assert spec is not None, "tau2 domain did not start"
        assert spec["info"]["title"] == "Environment: indian_bank"
        assert "Retail Customer Servicing Policy" in spec["info"]["description"]
        assert len([p for p in spec["paths"] if p.startswith("/tools/")]) == 34
    finally:
        process.terminate()
        process.wait(timeout=30)


#: One robustness task per behaviour axis (decline, change of mind, missing detail, wrong detail, insistence,
#: topic switch, vague words, long earlier chat, Hinglish/Hindi).
ROBUST_IDS = [
    "rob_decline_fd_close_0001",
    "rob_change_of_mind_fd_amount_0001",
    "rob_not_enough_info_cheque_stop_0001",
    "rob_wrong_info_card_ending_0001",
    "rob_contradiction_cheque_cleared_0001",
    "rob_context_switch_freeze_then_book_0001",
    "rob_confusing_intent_stop_card_freeze_0001",
    "rob_long_context_payout_account_0001",
    "rob_code_mixed_card_freeze_0001",
]


@pytest.mark.parametrize(("agent", "reward"), [("indian_bank_oracle", 1.0), ("indian_bank_claimer", 0.0), ("indian_bank_overwriter", 0.0)])
def test_the_robustness_set_runs_through_the_stock_command(tmp_path, agent, reward):
    sims = tau2_run(tmp_path, agent, agent, "--task-set-name", "indian_bank_robust", "--task-ids", *ROBUST_IDS)
    assert sorted(s["task_id"] for s in sims) == sorted(ROBUST_IDS)
    assert all(s["reward_info"]["reward"] == reward for s in sims)
