"""Real-model runs through the stock ``tau2`` command and litellm, against a loopback model server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tau_indian_bank.tasks.suite_files import load_suite
from tests.conftest import run
from tests.support.fake_llm import FakeModel, Faults, Server

pytestmark = pytest.mark.e2e

NORMAL = ["seq_fd_close_0001", "seq_fd_open_0001", "ctrl_update_address_0001"]
MALFORMED_READ = "ctrl_balance_0001"  # first call is a read: the model retries and still passes
MALFORMED_WRITE = "edge_kyc_expired_deposit_0001"  # first call is a change: the garbled attempt is an impure write
DOWN = "edge_bereavement_0001"  # the model fails every turn: a recorded failure, not a crash
TASK_IDS = [*NORMAL, MALFORMED_READ, MALFORMED_WRITE, DOWN]
SECRET = "sk-test-4f9a1c7e2b8d6a3f0e5c9b1d"


@pytest.fixture(scope="module")
def server():
    tasks = [t for t in load_suite() if t["id"] in TASK_IDS]
    faults = Faults(http_500_every=7, malformed_first_call={MALFORMED_READ, MALFORMED_WRITE}, down_for={DOWN})
    with Server(FakeModel(tasks, faults)) as running:
        yield running


def tau2_model_run(server, results: Path, name: str, *extra: str, **env: str):
    args = json.dumps({"api_base": server.base, "temperature": 0})
    return run(
        [
            "tau2",
            "run",
            "--domain",
            "indian_bank",
            "--agent",
            "indian_bank_llm_agent",
            "--agent-llm",
            "openai/fake-agent",
            "--agent-llm-args",
            args,
            "--user",
            "indian_bank_user",
            "--user-llm",
            "openai/fake-user",
            "--user-llm-args",
            args,
            "--task-ids",
            *TASK_IDS,
            "--results-dir",
            str(results),
            "--save-to",
            name,
            "--max-concurrency",
            "2",
            *extra,
        ],
        **env,
    )


@pytest.fixture(scope="module")
def model_run(server, tmp_path_factory):
    results = tmp_path_factory.mktemp("model-run")
    done = tau2_model_run(server, results, "fake", OPENAI_API_KEY=SECRET)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return results, done


def test_scores_the_expected_verdicts_despite_server_errors_and_garbled_calls(model_run):
    results, _ = model_run
    sims = {s["task_id"]: s for s in json.loads((results / "fake.json").read_text())["simulations"]}
    assert sorted(sims) == sorted(TASK_IDS)
    rewards = {task_id: sims[task_id]["reward_info"]["reward"] for task_id in sims}
    assert rewards == {**dict.fromkeys([*NORMAL, MALFORMED_READ], 1.0), MALFORMED_WRITE: 0.0, DOWN: 0.0}
    garbled = [c for m in sims[MALFORMED_READ]["messages"] for c in m.get("tool_calls") or [] if "__raw_arguments__" in c["arguments"]]
    assert len(garbled) == 1  # recorded as the model sent it, answered with an error, then retried
    down = sims[DOWN]
    assert down["termination_reason"] == "agent_error"  # a model error in tau2's own terms, never a stop
    assert down["messages"][-1]["raw_data"]["indian_bank_model_error"]["cause"].startswith("HTTP 500: ")
    assert not any("###STOP###" in (m.get("content") or "") for m in down["messages"])


def test_report_explains_the_failures(model_run):
    results, _ = model_run
    done = run(["tau-indian-bank", "report", str(results / "fake.json"), "--format", "json", "--sessions"])
    assert done.returncode == 0, done.stderr
    sessions = {s["task_id"]: s for s in json.loads(done.stdout)["runs"][0]["sessions"]}
    assert sessions[DOWN]["failure_class"] == "premature_termination"
    assert sessions[DOWN]["termination_reason"] == "model_error"
    assert sessions[MALFORMED_WRITE]["failure_class"] == "wrong_or_extra_write"
    assert sessions[MALFORMED_WRITE]["gates"]["S3"] == "fail"


def test_no_file_a_run_writes_contains_the_api_key(model_run, server):
    results, done = model_run
    assert any(SECRET in key for key in server.model.seen_keys)  # the key did reach the model server
    for path in results.rglob("*"):
        if path.is_file():
            assert SECRET not in path.read_text(encoding="utf-8", errors="replace"), path
    assert SECRET not in done.stdout + done.stderr


def test_a_key_named_by_agent_api_key_is_redacted_from_the_results(server, tmp_path):
    done = tau2_model_run(
        server, tmp_path, "named-key", "--agent-api-key", "BANK_AGENT_KEY", BANK_AGENT_KEY=SECRET, OPENAI_API_KEY="sk-other-not-saved-000"
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "will be redacted" in done.stderr
    written = list(tmp_path.rglob("*.json"))
    assert written and all(SECRET not in p.read_text(encoding="utf-8") for p in written)
    assert "<redacted>" in (tmp_path / "named-key.json").read_text(encoding="utf-8")


def test_the_judge_runs_only_when_configured(model_run, server):
    results, _ = model_run
    before = run(["tau-indian-bank", "report", str(results / "fake.json"), "--format", "json"])
    assert "judged_pass_rate" not in json.loads(before.stdout)["runs"][0]
    args = json.dumps({"api_base": server.base})
    judged = run(
        [
            "tau-indian-bank",
            "report",
            str(results / "fake.json"),
            "--format",
            "json",
            "--judge-llm",
            "openai/fake-judge",
            "--judge-llm-args",
            args,
        ],
        OPENAI_API_KEY=SECRET,
    )
    assert judged.returncode == 0, judged.stderr[-2000:]
    metrics = json.loads(judged.stdout)["runs"][0]
    assert metrics["judged_sessions"] == len(TASK_IDS) and metrics["judged_pass_rate"] == 1.0


def test_a_missing_api_key_is_a_one_line_error(tmp_path):
    done = run(
        [
            "tau2",
            "run",
            "--domain",
            "indian_bank",
            "--agent",
            "indian_bank_llm_agent",
            "--agent-llm",
            "openai/gpt-4o",
            "--user",
            "indian_bank_customer",
            "--task-ids",
            "ctrl_balance_0001",
            "--results-dir",
            str(tmp_path),
        ]
    )
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("error: model 'openai/gpt-4o' needs OPENAI_API_KEY"), done.stderr[-1500:]


def test_the_readme_loopback_example_is_what_a_loopback_run_prints(tmp_path):
    """README "Running a model": the run's last lines and its cost row, from the README's commands on the loopback server."""
    from tests.conftest import ROOT
    from tests.test_readme import _GPT41, MODEL_REPORT, readme_commands

    assert _GPT41 in readme_commands() and MODEL_REPORT in readme_commands()

    block = (ROOT / "README.md").read_text(encoding="utf-8").split("<!-- loopback-example:start -->")[1]
    block = block.split("<!-- loopback-example:end -->")[0]
    last_lines = block.split("```")[1].strip().splitlines()
    shown_row = next(line for line in block.splitlines() if line.startswith("| gpt41-try |"))
    with Server(FakeModel(load_suite(), Faults(down_for={"rare_failed_txn_compensation_0003"}))) as server:
        env = {"OPENAI_API_KEY": "sk-readme-example-key", "OPENAI_API_BASE": server.base}
        done = run(_GPT41.split(), cwd=tmp_path, **env)
        assert done.returncode == 0, done.stderr[-2000:]
        report = run(MODEL_REPORT.split(), cwd=tmp_path, **env)
    assert done.stdout.strip().splitlines() == last_lines
    row = next(
        line for line in report.stdout.split("### Cost and effort per session (median)")[1].splitlines() if line.startswith("| gpt41-try |")
    )
    cells, shown = row.split(" | "), shown_row.split(" | ")
    assert cells[:6] + cells[7:] == shown[:6] + shown[7:]  # every column but the duration, which is the machine's


def test_a_run_with_a_model_error_loads_in_tau2s_viewer_and_re_evaluates_the_same(model_run, tmp_path):
    from tau2.data_model.simulation import Results
    from tau2.utils.display import ConsoleDisplay

    results, _ = model_run
    loaded = Results.load(results / "fake.json")  # what tau2 view reads
    down = next(s for s in loaded.simulations if s.task_id == DOWN)
    ConsoleDisplay.display_simulation(down)  # draws the failed turn (no text) without error
    done = run(["tau2", "evaluate-trajs", str(results / "fake.json"), "-o", str(tmp_path)])
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    again = {s["task_id"]: s for s in json.loads((tmp_path / "updated_fake.json").read_text())["simulations"]}
    assert again[DOWN]["termination_reason"] == "agent_error" and again[DOWN]["reward_info"]["reward"] == 0.0
    assert again[NORMAL[0]]["reward_info"]["reward"] == 1.0
