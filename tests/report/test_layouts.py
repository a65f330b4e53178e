"""The report reads every results layout the two harnesses write, and counts them alike."""

import json
import shutil

import pytest

from tau_indian_bank.report.load import ReportInputError, load_run, load_runs
from tau_indian_bank.report.metrics import build_report
from tau_indian_bank.tasks.suite_files import load_suite

TASKS = [t for t in load_suite() if t["id"] in ("seq_fd_close_0001", "ctrl_balance_0001", "edge_bereavement_0001")]


def _simulation(task, passed, index):
    calls = [(a["name"], a["arguments"]) for a in task["evaluation_criteria"]["actions"]]
    messages = []
    for i, (name, args) in enumerate(calls if passed else calls[:1]):
        messages.append({"role": "assistant", "tool_calls": [{"id": f"c{i}", "name": name, "arguments": args}]})
        messages.append({"role": "tool", "id": f"c{i}", "content": "{}", "error": False})
    return {
        "id": f"sim-{index:02d}",
        "task_id": task["id"],
        "trial": 0,
        "termination_reason": "user_stop",
        "messages": messages,
        "reward_info": {"reward": float(passed), "db_check": {"db_match": passed}, "env_assertions": [{"met": passed}, {"met": True}]},
    }


@pytest.fixture()
def results():
    """A run in nvidia's layout: one file with info, tasks and simulations (the second task crashed)."""
    simulations = [_simulation(TASKS[0], True, 0), _simulation(TASKS[2], False, 2)]
    return {
        "info": {
            "num_trials": 1,
            "agent_info": {"implementation": "indian_bank_llm_agent", "llm": "m"},
            "user_info": {"implementation": "indian_bank_user"},
            "environment_info": {"domain_name": "indian_bank"},
        },
        "tasks": TASKS,
        "simulations": simulations,
    }


def _metrics(path, label="run"):
    metrics = build_report([load_run(path, label)])["runs"][0]
    metrics.pop("path")
    return metrics


def test_upstream_json_and_dir_layouts_count_like_the_single_file(tmp_path, results):
    single = tmp_path / "nvidia" / "fake.json"
    single.parent.mkdir()
    single.write_text(json.dumps(results))
    upstream_json = tmp_path / "upstream" / "fake" / "results.json"
    upstream_json.parent.mkdir(parents=True)
    upstream_json.write_text(json.dumps(results))
    upstream_dir = tmp_path / "upstream" / "fake-dir"
    (upstream_dir / "simulations").mkdir(parents=True)
    meta = {k: v for k, v in results.items() if k != "simulations"}
    meta["simulation_index"] = [{"id": s["id"], "task_id": s["task_id"], "trial": 0} for s in results["simulations"]]
    (upstream_dir / "results.json").write_text(json.dumps(meta))
    for simulation in results["simulations"]:
        (upstream_dir / "simulations" / f"{simulation['id']}.json").write_text(json.dumps(simulation))

    expected = _metrics(single)
    assert (expected["n_sessions"], expected["pass_rate"], expected["n_crashed_or_missing"]) == (3, pytest.approx(1 / 3), 1)
    for path in (upstream_json, upstream_json.parent, upstream_dir / "results.json", upstream_dir):
        assert _metrics(path) == expected, path
    assert [run.label for run in load_runs([str(single), str(upstream_dir)])] == ["fake", "fake-dir"]


def test_default_labels_name_the_run_not_the_file(tmp_path, results):
    for name in ("gpt-lite", "oracle-lite"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "results.json").write_text(json.dumps(results))
    runs = load_runs([str(tmp_path / "gpt-lite" / "results.json"), str(tmp_path / "oracle-lite")])
    assert [run.label for run in runs] == ["gpt-lite", "oracle-lite"]


def test_a_missing_simulation_file_is_a_missing_session_and_a_truncated_one_a_one_line_error(tmp_path, results):
    folder = tmp_path / "run"
    (folder / "simulations").mkdir(parents=True)
    (folder / "results.json").write_text(json.dumps({k: v for k, v in results.items() if k != "simulations"}))
    (folder / "simulations" / "sim-00.json").write_text(json.dumps(results["simulations"][0]))
    assert _metrics(folder)["n_crashed_or_missing"] == 2
    shutil.copy(folder / "simulations" / "sim-00.json", folder / "simulations" / "sim-02.json")
    (folder / "simulations" / "sim-02.json").write_text('{"id": "sim-02", "task_id": ')
    with pytest.raises(ReportInputError, match=r"sim-02\.json: not valid JSON"):
        load_run(folder)
    with pytest.raises(ReportInputError, match="cannot read"):
        load_run(tmp_path / "no-such-run")
