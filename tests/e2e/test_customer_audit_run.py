"""A careless "model" customer over the loopback server, against a model agent, through ``tau-indian-bank run``.

The customer (``indian_bank_user``, its model served by ``tests/support/fake_llm.py``) plays the
scripted customer except at the first proposal of three tasks: it invents an account number
(C1), says yes to a proposal for the wrong card (C3: the agent proposes the customer's other
card), and leaves without answering (C4). A fourth task is played cleanly. No network.
"""

from __future__ import annotations

import json

import pytest

from tau_indian_bank.guidelines import guidelines_version
from tau_indian_bank.tasks.suite_files import load_suite
from tests.conftest import run
from tests.support.fake_llm import FakeModel, Faults, Server

pytestmark = pytest.mark.e2e

CLEAN, INVENTS, WRONG_RECORD, LEAVES = "seq_fd_open_0001", "seq_fd_close_0001", "seq_card_block_replace_0001", "ctrl_update_address_0001"
TASK_IDS = [CLEAN, INVENTS, WRONG_RECORD, LEAVES]


@pytest.fixture(scope="module")
def careless_run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("careless")
    faults = Faults(wrong_record={WRONG_RECORD}, careless_customer={INVENTS: "invent", WRONG_RECORD: "yes", LEAVES: "leave"})
    with Server(FakeModel([t for t in load_suite() if t["id"] in TASK_IDS], faults)) as server:
        args = json.dumps({"api_base": server.base, "temperature": 0})
        done = run(
            [
                "tau-indian-bank",
                "run",
                "--agent",
                "indian_bank_llm_agent",
                "--agent-llm",
                "openai/fake-agent",
                "--agent-llm-args",
                args,
                "--user",
                "indian_bank_user",
                "--user-llm",
                "openai/fake-customer",
                "--user-llm-args",
                args,
                "--task-ids",
                *TASK_IDS,
                "--results-dir",
                str(folder),
                "--save-to",
                "careless",
            ]
        )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return folder / "careless.json"


def _report(path, fmt: str, *extra: str) -> str:
    done = run(["tau-indian-bank", "report", str(path), "--format", fmt, *extra])
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_report_flags_the_customers_errors_on_those_sessions(careless_run):
    report = json.loads(_report(careless_run, "json", "--sessions"))
    run_ = report["runs"][0]
    sessions = {s["task_id"]: s for s in run_["sessions"]}
    failed = {task_id: sorted(c for c, status in s["customer_audit"].items() if status == "fail") for task_id, s in sessions.items()}
    assert failed == {CLEAN: [], INVENTS: ["C1"], WRONG_RECORD: ["C3"], LEAVES: ["C4"]}
    assert "501099887766" in sessions[INVENTS]["customer_audit_details"]["C1"]
    assert "6661" not in sessions[WRONG_RECORD]["customer_audit_details"]["C3"]  # it names the card the customer meant
    assert "5490" in sessions[WRONG_RECORD]["customer_audit_details"]["C3"]
    assert (run_["n_customer_errors"], run_["customer_error_rate"]) == (3, 0.75)
    assert sessions[INVENTS]["passed"] and not sessions[WRONG_RECORD]["passed"] and not sessions[LEAVES]["passed"]
    assert run_["pass_rate"] == 0.5 and run_["pass_rate_without_customer_errors"] == 1.0
    assert sessions[LEAVES]["customer_first"] == "C4"  # it left before the change: its problem came first
    assert sessions[WRONG_RECORD]["customer_first"] is None  # the assistant chose the other card before the yes
    assert run_["customer_guidelines_version"] == guidelines_version() and run_["user_llm"] == "openai/fake-customer"


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_the_report_shows_the_customer_error_share(careless_run, fmt):
    shown = _report(careless_run, fmt)
    assert "Customer audit" in shown and "75.0% (3)" in shown and "Sessions with a customer error" in shown
    assert "Failed sessions whose first problem was the customer's" in shown
