"""``tau-indian-bank qualify-customer`` against loopback customer models (tests/support/fake_llm.py): a well-behaved
customer qualifies at 100%, an erring one is measured with the right kinds of error, a dead endpoint is an
infrastructure error, and bad input is one line with exit status 2 (issue 22, part 1)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tau_indian_bank.cli import main
from tau_indian_bank.tasks.suite_files import load_suite, task_set_files
from tests.support.fake_llm import FakeModel, Server

#: Both task sets, one robustness task per scripted behaviour, and a hand-over.
BASE = ["seq_cheque_stop_0002", "ctrl_balance_0003", "seq_fd_close_0002", "edge_overdue_escalate_0004"]
ROBUST = [
    "rob_decline_fd_close_0005",
    "rob_change_of_mind_fd_amount_0001",
    "rob_wrong_info_card_ending_0004",
    "rob_contradiction_cheque_cleared_0004",
    "rob_context_switch_freeze_then_book_0006",
    "rob_code_mixed_card_freeze_0001",
    "rob_long_context_cheque_number_0001",
]  # the last has a long earlier history
REFUSED = "http://127.0.0.1:9/v1"  # nothing listens on the discard port
pytestmark = pytest.mark.filterwarnings("ignore:Items? .* (is|are) using the `ReadOnly` qualifier:UserWarning")


@pytest.fixture(scope="module")
def tasks() -> list[dict[str, Any]]:
    robust = json.loads(task_set_files("indian_bank_robust")[0].read_text(encoding="utf-8"))
    return [t for t in [*load_suite(), *robust] if t["id"] in BASE + ROBUST]


class ErringCustomer(FakeModel):
    """The scripted customer, except for one realistic error per chosen task."""

    def customer(self, system: str, messages: list[dict[str, Any]]) -> str:
        reply = super().customer(system, messages)
        task = next(t for (opening, _), t in self.by_opening.items() if f'Opening line: "{opening}"' in system)
        said = sum(m.get("role") == "assistant" for m in messages)  # the customer's own turns so far
        last = next((m.get("content") or "" for m in reversed(messages) if m.get("role") == "user"), "")
        if task["id"] == "ctrl_balance_0003" and not said:  # C1: an account number of its own invention
            return "Hello, what is the balance of my savings account ending 9191?"
        if task["id"] == "seq_fd_close_0002" and "Shall I go ahead?" in last:  # C3: no to the change it asked for
            return "No, don't do that."
        if task["id"] == "seq_cheque_stop_0002" and said:  # C4: ends over the proposal, with the transfer token
            return "Okay. ###TRANSFER###"
        return reply


def qualify(capsys, folder, base, *extra, ids=BASE + ROBUST):
    code = main(
        [
            "qualify-customer",
            "--user-llm",
            "openai/fake-user",
            "--user-llm-args",
            json.dumps({"api_base": base}),
            "--task-ids",
            *ids,
            "--results-dir",
            str(folder),
            "--save-to",
            "q",
            "--max-concurrency",
            "2",
            *extra,
        ]
    )
    out, err = capsys.readouterr()
    return code, out, err


def report_json(capsys, path) -> dict[str, Any]:
    assert main(["report", str(path), "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)["runs"][0]


def test_a_well_behaved_customer_qualifies_at_100_percent_and_the_report_shows_it(tasks, tmp_path, capsys):
    with Server(FakeModel(tasks)) as server:
        code, out, err = qualify(capsys, tmp_path, server.base)
    assert code == 0, err
    assert "customer fidelity 100.0% (95% CI 74.1–100.0%): the customer did its part in 11 of 11 judged sessions" in out
    assert "0 sessions with a customer error" in out and "preflight: customer model openai/fake-user" in err
    for behaviour in (
        "declined when told",
        "changed its mind",
        "gave the wrong detail first",
        "insisted once",
        "switched topic",
        "wrote Hindi/Hinglish",
    ):
        assert behaviour in out
    fidelity = report_json(capsys, tmp_path / "q.json")["customer_fidelity"]
    assert fidelity["fidelity"]["rate"] == 1.0 and fidelity["n_sessions"] == 11 and fidelity["n_needs_review"] == 0
    assert main(["report", str(tmp_path / "q.json")]) == 0
    assert "Customer fidelity" in capsys.readouterr().out


def test_an_erring_customer_is_measured_with_the_right_kinds(tasks, tmp_path, capsys):
    with Server(ErringCustomer(tasks)) as server:
        code, out, err = qualify(capsys, tmp_path, server.base)
    assert code == 0, err
    fidelity = report_json(capsys, tmp_path / "q.json")["customer_fidelity"]
    kinds = {s["task_id"]: s["kinds"] for s in fidelity["customer_error_sessions"]}
    assert kinds == {"ctrl_balance_0003": ["C1"], "seq_fd_close_0002": ["C3"], "seq_cheque_stop_0002": ["C4"]}
    assert fidelity["fidelity"]["count"] == 8 and fidelity["fidelity"]["n"] == 11
    assert {k: v["count"] for k, v in fidelity["by_kind"].items() if v["count"]} == {"C1": 1, "C3": 1, "C4": 1}
    assert "3 sessions with a customer error (C1 1, C3 1, C4 1)" in out
    assert "customer fidelity 72.7%" in out


@pytest.mark.slow  # litellm's retries on a refused connection
def test_a_dead_customer_endpoint_is_an_infrastructure_error_not_a_customer_error(tmp_path, capsys):
    code, out, err = qualify(capsys, tmp_path, REFUSED, "--no-preflight", ids=BASE[:2])
    assert code == 1, err  # no session measured anything: the command says so
    assert "customer fidelity: no session could be judged" in out and "0 sessions with a customer error" in out
    assert "2 of 2 sessions ended with an infrastructure error (first: customer openai/fake-user: Connection refused)" in out
    code, _, err = qualify(capsys, tmp_path / "preflight", REFUSED, ids=BASE[:2])
    last = err.strip().splitlines()[-1]  # after the plan's line: the error, in one line
    assert code == 2 and last.startswith("error: preflight: the customer model 'openai/fake-user'")
    assert "Connection refused" in last and "Traceback" not in err and not (tmp_path / "preflight").exists()


@pytest.mark.parametrize(
    ("args", "phrase"),
    [
        (["--task-ids", "seq_nope_0001"], "unknown task id 'seq_nope_0001' (not in split 'lite' of indian_bank or indian_bank_robust)"),
        (["--task-set", "indian_bank", "--task-ids", ROBUST[0]], f"unknown task id {ROBUST[0]!r}"),
        (["--split", "nope"], "unknown task split 'nope'; choose one of: base, lite, test, train"),
        (["--max-concurrency", "0"], "--max-concurrency must be at least 1"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, args, phrase):
    code = main(
        [
            "qualify-customer",
            "--user-llm",
            "openai/fake-user",
            "--user-llm-args",
            json.dumps({"api_base": REFUSED}),
            "--results-dir",
            str(tmp_path),
            *args,
        ]
    )
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and err.startswith("error: ") and phrase in err, err
    assert not list(tmp_path.iterdir())  # nothing written


@pytest.mark.parametrize(
    ("args", "phrase"),
    [
        (["--task-set", "nope"], "argument --task-set: invalid choice: 'nope'"),
        (["--user-llm-args", "[1]"], "argument --user-llm-args: must be a JSON object"),
        ([], None),  # --user-llm missing
    ],
)
def test_bad_flags_are_one_line_and_exit_2(capsys, args, phrase):
    with pytest.raises(SystemExit) as stopped:
        main(["qualify-customer", *(["--user-llm", "openai/x"] if args else []), *args])
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and len(err.strip().splitlines()) == 1 and err.startswith("error: qualify-customer: ")
    assert phrase is None or phrase in err


def test_a_hosted_model_without_its_key_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    code = main(["qualify-customer", "--user-llm", "openai/gpt-4.1", "--results-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "needs OPENAI_API_KEY" in err
