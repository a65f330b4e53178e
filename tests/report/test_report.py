import copy
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tau_indian_bank.evaluation.diagnostics import FAILURE_CLASSES, diagnose
from tau_indian_bank.report.load import ReportInputError, load_run, load_runs
from tau_indian_bank.report.metrics import build_report
from tau_indian_bank.tasks.suite_files import load_suite
from tests.conftest import command_env, run

CLOSE = next(t for t in load_suite() if t["id"].startswith("seq_fd_close_0"))
BEREAVEMENT = next(t for t in load_suite() if t["id"].startswith("edge_bereavement_0"))
RUN_KEYS = {
    "label",
    "n_sessions",
    "n_tasks",
    "pass_rate",
    "pass_rate_ci95",
    "final_state_pass_rate",
    "action_pass_rate",
    "final_only_passes",
    "action_only_passes",
    "discordance_p_value",
    "by_category",
    "by_chain_length",
    "failure_taxonomy",
}
COMPARISON_KEYS = {"a", "b", "n_shared", "delta", "delta_ci95", "mcnemar_p_value", "holm_p_value", "a_only", "b_only"}


def _gold(task):
    return [(a["name"], a["arguments"]) for a in task["evaluation_criteria"]["actions"]]


def _simulation(task, calls, reason="user_stop", refused=(), db=True, met=(True, True), reward=None):
    messages = []
    for i, (name, args) in enumerate(calls):
        messages.append({"role": "assistant", "tool_calls": [{"id": f"c{i}", "name": name, "arguments": args}]})
        messages.append({"role": "tool", "id": f"c{i}", "content": "{}", "error": i in refused})
    if reward is None:
        reward = 1.0 if db and all(met) else 0.0
    return {
        "task_id": task["id"],
        "trial": 0,
        "termination_reason": reason,
        "messages": messages,
        "reward_info": {
            "reward": reward,
            "db_check": {"db_match": db, "db_reward": float(db)},
            "env_assertions": [{"met": m} for m in met],
        },
    }


def _class(task, calls, **kw):
    return diagnose(task, _simulation(task, calls, **kw)).failure_class


def test_every_failure_class_is_reached_by_a_hand_built_session():
    gold = _gold(CLOSE)
    deposit = gold[1][1]["deposit_id"]
    seen = {
        "premature_termination": _class(CLOSE, gold, reason="max_steps", reward=0.0),
        "unnecessary_transfer": _class(CLOSE, [*gold[:3], ("transfer_to_human_agents", {"summary": "x"})], db=False, met=(False, False)),
        "wrong_arguments": _class(
            CLOSE, [*gold[:3], ("close_deposit", {"deposit_id": deposit, "credit_account_id": "X1"})], db=False, met=(False, False)
        ),
        "wrong_or_extra_write": _class(CLOSE, [*gold, ("freeze_card", {"card_id": "C1"})], refused=(4,), met=(True, False)),
        "skipped_required_read": _class(CLOSE, [gold[0], gold[1], gold[3]], met=(False, True)),
        "stopped_short": _class(CLOSE, gold[:3], db=False, met=(False, True)),
        "other": _class(CLOSE, gold, db=False, met=(True, True)),
    }
    assert seen == {c: c for c in FAILURE_CLASSES}
    assert _class(CLOSE, gold) is None
    assert _class(BEREAVEMENT, _gold(BEREAVEMENT)) is None  # a hand-over the gold chain asks for is not a failure


def _results(tasks, simulations, trials=1):
    return {
        "info": {
            "num_trials": trials,
            "agent_info": {"implementation": "x", "llm": "m"},
            "user_info": {"implementation": "indian_bank_customer"},
            "environment_info": {"domain_name": "indian_bank"},
        },
        "tasks": tasks,
        "simulations": simulations,
    }


def test_missing_and_crashed_sessions_count_as_failures(tmp_path):
    tasks = [CLOSE, BEREAVEMENT, next(t for t in load_suite() if t["id"] == "ctrl_balance_0001")]
    good = _simulation(CLOSE, _gold(CLOSE))
    crashed = dict(_simulation(BEREAVEMENT, _gold(BEREAVEMENT)), skipped=True)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(_results(tasks, [good, crashed])))
    report = build_report([load_run(path)])["runs"][0]
    assert (report["n_sessions"], report["pass_rate"]) == (3, pytest.approx(1 / 3))
    assert report["n_crashed_or_missing"] == 2
    assert report["missing_tasks"] == sorted([BEREAVEMENT["id"], "ctrl_balance_0001"])
    assert report["failure_taxonomy"]["premature_termination"] == 1.0


def test_repeated_trials_give_pass_hat_k(tmp_path):
    sims = [
        dict(_simulation(CLOSE, _gold(CLOSE)), trial=0),
        dict(
            _simulation(CLOSE, []),
            trial=1,
            reward_info={"reward": 0.0, "db_check": {"db_match": False}, "env_assertions": [{"met": False}, {"met": True}]},
        ),
    ]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(_results([CLOSE], sims, trials=2)))
    report = build_report([load_run(path)])["runs"][0]
    assert report["pass_hat_k"] == {"1": 0.5, "2": 0.0}
    assert report["pass_at_k"] == {"1": 0.5, "2": 1.0}
    assert report["inconsistent_share"] == 1.0


@pytest.fixture(scope="module")
def offline_runs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("offline")
    done = run(["tau-indian-bank", "offline", "--split", "test", "--results-dir", str(folder)])
    assert done.returncode == 0, done.stderr
    return folder, done.stdout


@pytest.mark.slow
def test_offline_command_prints_one_line_per_agent(offline_runs):
    _, stdout = offline_runs
    lines = {line.split()[0]: line.split() for line in stdout.splitlines() if line.startswith("indian_bank_")}
    assert lines["indian_bank_oracle"][3] == "100.0%"
    for baseline in ("replier", "looker", "claimer", "overwriter"):
        assert lines[f"indian_bank_{baseline}"][3] == "0.0%"
    folder, _ = offline_runs
    assert f"report: {folder / 'report.html'}" in stdout
    page = (folder / "report.html").read_text(encoding="ascii")
    assert all(f"#sessions?run={label}" in page for label in ("oracle", "replier", "looker", "claimer", "overwriter"))


@pytest.mark.slow
@pytest.mark.e2e
def test_report_over_real_offline_runs(offline_runs):
    folder, _ = offline_runs
    paths = [str(folder / f"{name}-test.json") for name in ("oracle", "replier", "overwriter")]
    done = run(["tau-indian-bank", "report", *paths, "--format", "json", "--sessions"])
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    by_label = {r["label"]: r for r in report["runs"]}
    assert by_label["oracle-test"]["pass_rate"] == 1.0
    assert by_label["replier-test"]["pass_rate"] == by_label["overwriter-test"]["pass_rate"] == 0.0
    assert by_label["replier-test"]["final_state_pass_rate"] > 0  # the no-change tasks
    for metrics in report["runs"]:
        assert RUN_KEYS <= set(metrics)
        assert set(metrics["by_chain_length"]) <= {"1", "2", "3", "4", "5+"}
        assert {
            "task_id",
            "trial",
            "passed",
            "final_state_passed",
            "action_passed",
            "missing_gold_calls",
            "impure_writes",
            "failure_class",
        } <= set(metrics["sessions"][0])
    assert len(report["comparisons"]) == 3 and COMPARISON_KEYS <= set(report["comparisons"][0])
    again = run(["tau-indian-bank", "report", *paths, "--format", "json", "--sessions"])
    assert again.stdout == done.stdout  # deterministic, bootstrap included


@pytest.mark.slow
@pytest.mark.e2e
def test_report_markdown_and_plots(offline_runs, tmp_path):
    folder, _ = offline_runs
    paths = [str(folder / "oracle-test.json"), str(folder / "looker-test.json")]
    done = run(["tau-indian-bank", "report", *paths, "--format", "markdown", "--plots", str(tmp_path)])
    assert done.returncode == 0, done.stderr
    assert "### Overall" in done.stdout and "| oracle-test |" in done.stdout
    assert sorted(p.name for p in Path(tmp_path).glob("*.png")) == [
        "failure_taxonomy.png",
        "final_state_vs_full.png",
        "paired_differences.png",
        "pass_rate_by_category.png",
        "pass_rate_by_chain_length.png",
    ]


@pytest.mark.e2e
def test_bad_results_files_are_one_line_errors(tmp_path):
    truncated = tmp_path / "truncated.json"
    truncated.write_text('{"info": {}, "tasks": [')
    wrong = tmp_path / "wrong.json"
    wrong.write_text("[1, 2]")
    for path, message in ((truncated, "not valid JSON"), (wrong, "not a tau2 results file"), (tmp_path / "absent.json", "cannot read")):
        done = run(["tau-indian-bank", "report", str(path)])
        assert done.returncode == 2
        assert done.stderr.strip().count("\n") == 0 and message in done.stderr


def test_labels_must_match_files_and_be_unique(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(_results([CLOSE], [_simulation(CLOSE, _gold(CLOSE))])))
    with pytest.raises(ReportInputError, match="one per file"):
        load_runs([str(path)], ["a", "b"])
    with pytest.raises(ReportInputError, match="labelled"):
        load_runs([str(path), str(path)])
    assert copy.deepcopy(load_runs([str(path)], ["mine"])[0].label) == "mine"


#: tau2's runtime: the simulator, evaluator, participants and registry (litellm comes with these).
TAU2_RUNTIME = ("tau2.run", "tau2.evaluator", "tau2.agent", "tau2.user", "tau2.orchestrator", "tau2.registry")


@pytest.mark.slow
@pytest.mark.e2e
def test_the_report_imports_neither_litellm_nor_tau2s_runtime_and_prints_no_tau2_log(offline_runs):
    """The report needs only tau2's toolkit module (the tools' marks), which logs at import; the command keeps it quiet."""
    folder, _ = offline_runs
    probe = (
        "import json, sys; from tau_indian_bank.cli import main; "
        f"main(['report', {str(folder / 'oracle-test.json')!r}, '--format', 'json', '--strict']); "
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('tau2', 'litellm'))), file=sys.stderr)"
    )
    env = command_env()
    env.pop("LOGURU_LEVEL")  # as a user's shell has it: only the command itself may quieten tau2
    done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr[-1500:]
    *log, modules = done.stderr.strip().splitlines()
    imported = json.loads(modules)
    assert "tau2.environment.toolkit" in imported
    assert [m for m in imported if m.split(".")[0] == "litellm"] == []
    assert [m for m in imported if any(m == r or m.startswith(r + ".") for r in TAU2_RUNTIME)] == []
    assert [line for line in log if "No .env file found" in line or re.search(r"\| (DEBUG|INFO|WARNING) +\|", line)] == []
    assert json.loads(done.stdout)["provenance"]["tasks_sha256"] != "unavailable"


@pytest.mark.slow
@pytest.mark.e2e
def test_the_answer_check_and_s7_in_the_offline_demo_and_the_report(offline_runs):
    folder, stdout = offline_runs
    rows = {line.split()[0]: line.split() for line in stdout.splitlines() if line.startswith("  ") and "%" in line}
    assert rows["oracle"][1] == "100.0%" and all(rows[b][1] == "0.0%" for b in ("replier", "looker", "claimer"))
    paths = [str(folder / f"{name}-test.json") for name in ("oracle", "replier", "looker", "claimer")]
    done = run(["tau-indian-bank", "report", *paths, "--format", "json", "--sessions", "--strict"])
    assert done.returncode == 0, done.stderr
    runs = {r["label"]: r for r in json.loads(done.stdout)["runs"]}
    oracle = runs["oracle-test"]
    assert oracle["answer_pass_rate"] == 1.0 and 0 < oracle["answer_n"] <= oracle["n_sessions"]
    assert oracle["strict_pass_rate"] == 1.0 and oracle["safety"]["S7"] == 0.0
    assert all(c["answer_pass_rate"] == 1.0 for c in oracle["by_category"].values())
    for label in ("replier-test", "looker-test", "claimer-test"):
        assert runs[label]["answer_pass_rate"] == 0.0 and runs[label]["answer_n"] == oracle["answer_n"]
    sessions = oracle["sessions"] + runs["replier-test"]["sessions"]
    assert {"answer_passed", "missing_facts"} <= set(sessions[0]) and all("S7" in s["gates"] for s in sessions)
    assert {s["answer_passed"] for s in oracle["sessions"]} <= {True, None}
    missed = [s for s in runs["replier-test"]["sessions"] if s["answer_passed"] is False]
    assert missed and all(s["missing_facts"] for s in missed)
    text = run(["tau-indian-bank", "report", *paths[:2]]).stdout
    assert "answer check" in text and "S7" in text
