"""The customer's fidelity (report/fidelity.py) against hand-computed values: one session of each class."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from tau2.data_model.tasks import Task

from tau_indian_bank.evaluation.gates.base import GateOutcome
from tau_indian_bank.report import fidelity
from tau_indian_bank.report.load import load_run
from tau_indian_bank.report.metrics import build_report
from tau_indian_bank.report.render import render
from tau_indian_bank.report.statistics import wilson_interval
from tau_indian_bank.tasks.suite_files import load_suite, task_set_files

IDS = ["ctrl_balance_0003", "seq_fd_close_0002", "seq_cheque_stop_0002", "edge_overdue_escalate_0004", "rob_decline_fd_close_0005"]
#: The audit each session gets (a stand-in for the customer audit: the classes are this module's to count).
FAILS = {"ctrl_balance_0003": "C1", "seq_fd_close_0002": "C3"}


def _fake_audit(task, messages):
    failed = FAILS.get(task["id"])
    return {
        name: GateOutcome("fail", "turn 1: x") if name == failed else GateOutcome("n/a" if name == "C5" else "pass")
        for name in ("C1", "C2", "C3", "C4", "C5", "C6")
    }


@pytest.fixture(scope="module")
def oracle_sessions():
    from tau_indian_bank.plugin.offline import run_offline

    robust = json.loads(task_set_files("indian_bank_robust")[0].read_text(encoding="utf-8"))
    tasks = [t for t in [*load_suite(), *robust] if t["id"] in IDS]
    results = run_offline([Task.model_validate(t) for t in tasks], "indian_bank_oracle")
    return tasks, {s.task_id: s.model_dump(mode="json") for s in results.simulations}


def _failed(simulation):
    return {**simulation, "reward_info": {**simulation["reward_info"], "reward": 0.0, "db_check": {"db_match": False, "db_reward": 0.0}}}


@pytest.fixture
def run(oracle_sessions, tmp_path, monkeypatch):
    monkeypatch.setattr(
        fidelity,
        "_audit",
        lambda: SimpleNamespace(
            AUDITS=("C1", "C2", "C3", "C4", "C5", "C6"),
            TITLES={"C1": "invented", "C3": "wrong consent"},
            audit_session=_fake_audit,
            customer_error=lambda outcomes: "fail" in outcomes.values(),
        ),
    )
    tasks, sims = oracle_sessions
    sims = {
        **sims,
        "seq_fd_close_0002": _failed(sims["seq_fd_close_0002"]),  # a customer error the oracle failed on
        "seq_cheque_stop_0002": _failed(sims["seq_cheque_stop_0002"]),  # clean audit, oracle failed: needs review
        "edge_overdue_escalate_0004": {**sims["edge_overdue_escalate_0004"], "skipped": True},
    }  # a crash
    data = {
        "info": {
            "num_trials": 1,
            "agent_info": {"implementation": "indian_bank_oracle", "llm": "offline"},
            "user_info": {"implementation": "indian_bank_user", "llm": "openai/some-customer"},
            "environment_info": {"domain_name": "indian_bank"},
        },
        "tasks": tasks,
        "simulations": list(sims.values()),
    }
    path = tmp_path / "q.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return load_run(path, "q")


def test_each_session_is_counted_in_its_one_class(run):
    figures = fidelity.customer_fidelity(run)
    assert (figures["n_sessions"], figures["n_infrastructure_errors"], figures["n_customer_errors"], figures["n_needs_review"]) == (
        5,
        1,
        2,
        1,
    )
    # judged: the two customer errors and the one session where the customer did its part (the decline task)
    assert figures["fidelity"] == {"n": 3, "count": 1, "rate": pytest.approx(1 / 3), "ci95": list(wilson_interval(1, 3))}
    assert {k: (v["count"], v["n"]) for k, v in figures["by_kind"].items()} == {
        "C1": (1, 3),
        "C2": (0, 3),
        "C3": (1, 3),
        "C4": (0, 3),
        "C5": (0, 0),
        "C6": (0, 3),
    }
    assert figures["by_behaviour"] == {
        "decline": {"behaviour": "declined when told", "n": 1, "count": 1, "rate": 1.0, "ci95": list(wilson_interval(1, 1))}
    }
    assert figures["needs_review_sessions"] == [{"task_id": "seq_cheque_stop_0002", "trial": 0, "oracle_failure": "DB"}]
    errors = {s["task_id"]: (s["kinds"], s["oracle_failure"]) for s in figures["customer_error_sessions"]}
    assert errors == {"ctrl_balance_0003": (["C1"], None), "seq_fd_close_0002": (["C3"], "DB")}


def test_the_report_shows_the_tables_only_for_a_qualification_run(run):
    text = render(build_report([run]), "text")
    assert "Customer fidelity (the oracle" in text and "33.3% [" in text and "seq_cheque_stop_0002" in text
    assert "declined when told (decline)" in text
    other = SimpleNamespace(**{**run.__dict__, "user_llm": "offline"})  # the scripted customer: nothing to qualify
    assert not fidelity.is_qualification(other)
    assert not fidelity.is_qualification(SimpleNamespace(**{**run.__dict__, "agent": "indian_bank_llm_agent"}))
