"""The report counts infrastructure errors apart, hides none, and refuses what is not a results file of this benchmark."""

from __future__ import annotations

import json
import re

import pytest

from tau_indian_bank.cli import main
from tau_indian_bank.evaluation.diagnostics import ERROR_KEY, MODEL_ERROR_KEY
from tau_indian_bank.report.html import to_html
from tau_indian_bank.report.load import load_runs
from tau_indian_bank.report.metrics import build_report
from tau_indian_bank.report.render import render
from tau_indian_bank.tasks.suite_files import load_suite
from tests.report.test_html import _payload
from tests.report.test_report import BEREAVEMENT, CLOSE, _gold, _results, _simulation

BALANCE = next(t for t in load_suite() if t["id"] == "ctrl_balance_0001")
ERROR_TEXT = "InternalServerError: litellm.InternalServerError: OpenAIException - Connection error. (key <redacted>)"


def _model_error(task, side, cause="Connection refused", old_format=False):
    """A session that ended on a failed model call, as tau-indian-bank writes it (or as it did before: a stop)."""
    simulation = _simulation(task, _gold(task)[:1], reason="user_error" if side == "customer" else "agent_error", db=False, met=(False,))
    simulation["reward_info"] = {"reward": 0.0, "info": {"note": "Simulation terminated prematurely."}}
    failed = {
        "role": "user" if side == "customer" else "assistant",
        "content": None,
        "raw_data": {ERROR_KEY: ERROR_TEXT, MODEL_ERROR_KEY: {"side": side, "model": f"openai/{side}-model", "cause": cause}},
    }
    if old_format:  # written before model errors had their own record: a synthetic stop, user_stop
        failed = {"role": "user", "content": "###STOP###", "raw_data": {ERROR_KEY: "RuntimeError: 503 down"}}
        simulation["termination_reason"] = "user_stop"
    simulation["messages"].append(failed)
    return simulation


@pytest.fixture
def mixed(tmp_path):
    """Four sessions: one pass, one customer model error, one agent model error, one crash; plus a slot never run."""
    tasks = [CLOSE, BEREAVEMENT, BALANCE, *[t for t in load_suite() if t["id"] in ("seq_fd_open_0001", "seq_fd_close_0002")]]
    sims = [
        _simulation(CLOSE, _gold(CLOSE)),
        _model_error(BEREAVEMENT, "customer"),
        _model_error(BALANCE, "agent", "HTTP 500: model down"),
        dict(_simulation(tasks[3], []), skipped=True, reward_info={"reward": 0.0, "info": {"error": "ValueError: x"}}),
    ]
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps(_results(tasks, sims)))
    return path


def test_model_errors_are_counted_by_side_and_still_fail_the_papers_pass_rate(mixed):
    run = build_report(load_runs([str(mixed)]), with_sessions=True)["runs"][0]
    assert run["n_sessions"] == 5 and run["pass_rate"] == pytest.approx(1 / 5)  # nothing excluded from the paper's rate
    assert (run["n_model_errors"], run["n_model_errors_by_side"]) == (2, {"agent": 1, "customer": 1})
    assert run["n_crashed_or_missing"] == 2 and run["n_infrastructure_errors"] == 4
    assert run["n_without_infrastructure_errors"] == 1 and run["pass_rate_without_infrastructure_errors"] == 1.0
    assert run["model_errors"] == [
        {"task_id": BEREAVEMENT["id"], "trial": 0, "side": "customer", "model": "openai/customer-model", "cause": "Connection refused"},
        {"task_id": BALANCE["id"], "trial": 0, "side": "agent", "model": "openai/agent-model", "cause": "HTTP 500: model down"},
    ]
    sessions = {s["task_id"]: s for s in run["sessions"]}
    assert sessions[BEREAVEMENT["id"]]["termination_reason"] == "model_error"
    assert sessions[BEREAVEMENT["id"]]["model_error"]["text"] == ERROR_TEXT
    assert sessions[CLOSE["id"]]["model_error"] is None
    assert sessions[BALANCE["id"]]["failure_class"] == "premature_termination"


def test_a_file_written_before_model_errors_had_their_own_record_is_read_the_same_way(tmp_path):
    path = tmp_path / "old.json"
    path.write_text(json.dumps(_results([CLOSE], [_model_error(CLOSE, "customer", old_format=True)])))
    run = build_report(load_runs([str(path)]), with_sessions=True)["runs"][0]
    assert run["n_model_errors_by_side"] == {"agent": 0, "customer": 1}
    assert run["model_errors"][0]["cause"] == "RuntimeError: 503 down" and run["model_errors"][0]["model"] is None
    assert run["sessions"][0]["termination_reason"] == "model_error"


def test_a_run_without_infrastructure_errors_has_no_extra_column_or_table(tmp_path):
    path = tmp_path / "clean.json"
    path.write_text(json.dumps(_results([CLOSE], [_simulation(CLOSE, _gold(CLOSE))])))
    report = build_report(load_runs([str(path)]))
    run = report["runs"][0]
    assert (run["n_infrastructure_errors"], run["pass_rate_without_infrastructure_errors"]) == (0, 1.0)
    text = render(report, "markdown")
    assert "pass w/o infra errors" not in text and "Model errors" not in text


def test_the_text_lists_the_model_errors_and_the_second_rate_beside_the_first(mixed):
    text = render(build_report(load_runs([str(mixed)])), "markdown")
    header = next(line for line in text.splitlines() if line.startswith("| run | sessions | pass |"))
    assert header.startswith("| run | sessions | pass | 95% CI | pass w/o infra errors |")
    assert "| mixed | 5 | 20.0% |" in text and "| 100.0% (n=1) |" in text
    assert "| mixed | 5 | 2 | 1 | 1 | 100.0% (n=1) |" in text  # model errors: all, agent's, customer's
    assert f"| mixed | {BEREAVEMENT['id']} | 0 | customer | openai/customer-model | Connection refused |" in text


def test_the_html_session_view_gets_the_recorded_error_text(mixed):
    runs = load_runs([str(mixed)])
    payload = _payload(to_html(build_report(runs, with_sessions=True), runs))
    session = next(s for s in payload["sessions"] if s["task_id"] == BEREAVEMENT["id"])
    assert session["model_error"]["text"] == ERROR_TEXT
    failed = session["messages"][-1]
    assert failed[0] == "e" and failed[1] == "customer"
    assert payload["text"][failed[2]] == "Connection refused" and payload["text"][failed[3]] == ERROR_TEXT


def report_cli(capsys, *args):
    code = main(["report", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def test_another_domains_results_file_is_one_line(tmp_path, capsys):
    data = _results([CLOSE], [_simulation(CLOSE, _gold(CLOSE))])
    data["info"]["environment_info"]["domain_name"] = "retail"
    path = tmp_path / "retail.json"
    path.write_text(json.dumps(data))
    code, out, err = report_cli(capsys, path)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(
        f"error: {path}: a results file of tau2's 'retail' domain; tau-indian-bank report reads runs of the indian_bank domain"
    )


def test_a_checkpoint_is_named_with_the_command_that_makes_its_results_file(tmp_path, capsys):
    checkpoint = tmp_path / "gpt.checkpoint.jsonl"
    checkpoint.write_text(json.dumps({"tau_indian_bank_checkpoint": 1, "config": {}}) + "\n" + '{"task_id": "x"}\n' * 3)
    code, _, err = report_cli(capsys, checkpoint)
    assert code == 2 and err.count("\n") == 1
    assert (
        f"{checkpoint} is the checkpoint of a tau-indian-bank run (3 sessions saved), not a results file" in err
        and f"run the same tau-indian-bank run command again to finish the run, which writes {tmp_path / 'gpt.json'}" in err
    )
    (tmp_path / "gpt.json").write_text("{}")
    _, _, err = report_cli(capsys, checkpoint)
    assert f"{tmp_path / 'gpt.json'} exists: report that file" in err


def test_a_run_of_another_suite_version_is_read_and_noted_in_one_line(tmp_path, capsys):
    changed = json.loads(json.dumps(CLOSE))
    changed["evaluation_criteria"]["actions"][0]["arguments"] = {"customer_id": "CUSTOTHER"}
    path = tmp_path / "old-suite.json"
    path.write_text(json.dumps(_results([changed, BALANCE], [_simulation(changed, _gold(changed))])))
    code, out, err = report_cli(capsys, path, "--format", "json")
    assert code == 0 and json.loads(out)["runs"][0]["tasks_differing_from_installed_suite"] == 1
    (note,) = err.strip().splitlines()
    assert note.startswith(f"note: old-suite ({path}): 1 of its 2 tasks differ from the installed task suite")
    same = tmp_path / "same.json"
    same.write_text(json.dumps(_results([CLOSE], [_simulation(CLOSE, _gold(CLOSE))])))
    code, out, err = report_cli(capsys, same, "--format", "json")
    assert code == 0 and err == "" and json.loads(out)["runs"][0]["tasks_differing_from_installed_suite"] == 0


def test_output_is_written_whole_or_not_at_all(mixed, tmp_path, capsys):
    target = tmp_path / "report.html"
    target.write_text("the previous report")
    code, _, err = report_cli(capsys, mixed, tmp_path / "absent.json", "--format", "html", "-o", target)
    assert code == 2 and "cannot read" in err
    assert target.read_text() == "the previous report"  # a failed report leaves the file as it was
    code, out, err = report_cli(capsys, mixed, "--format", "html", "-o", target)
    assert code == 0 and out == "" and f"wrote {target}" in err
    assert target.read_text(encoding="ascii").startswith("<!DOCTYPE html>")
    assert [p.name for p in tmp_path.iterdir() if re.search(r"\.tmp$", p.name)] == []  # no temporary file left
    code, _, err = report_cli(capsys, mixed, "-o", tmp_path / "no" / "such" / "folder.txt")
    assert code == 2 and err.startswith("error: cannot write")
