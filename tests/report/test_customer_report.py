"""The customer audit in the report: per run against hand-computed values, per session in every format, the warning.

One task (a lost debit card ending 5490 to be blocked; the customer's other card ends 6661),
four hand-built sessions: a clean pass; a pass in which the customer invents an account
number (C1); a failure whose first problem is the customer's (asked which card, it names the
other card, which its scenario never gave — C1 —, then says yes to blocking it — C3 —, and
the assistant looks it up and blocks it); and a failure whose first problem is the
assistant's (it blocks the other card unasked; the customer then ends over a question: C4
after the faulted call).
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from tau_indian_bank.report.html import to_html
from tau_indian_bank.report.load import load_run, load_runs
from tau_indian_bank.report.metrics import build_report
from tau_indian_bank.report.render import render
from tau_indian_bank.tasks.suite_files import load_suite
from tests.report.test_html import _payload

CARD = next(t for t in load_suite() if t["id"] == "seq_card_block_replace_0001")
LOST, OTHER = "CARDKU733CF7", "CARDT27REHFW"
OPENING = (
    "Hello, I lost my debit card ending 5490 during a train journey; I've searched everywhere and it's gone for sure. Kindly block it."
)
REPLACEMENT = CARD["evaluation_criteria"]["actions"][2]["arguments"]


class Session:
    """Messages after the task's history, written step by step."""

    def __init__(self, trial: int) -> None:
        self.trial = trial
        self.messages: list[dict[str, Any]] = [dict(m) for m in CARD["initial_state"]["message_history"]]

    def user(self, text: str) -> Session:
        self.messages.append({"role": "user", "content": text})
        return self

    def say(self, text: str) -> Session:
        self.messages.append({"role": "assistant", "content": text})
        return self

    def call(self, name: str, arguments: dict[str, Any]) -> Session:
        call_id = f"c{len(self.messages)}"
        self.messages.append({"role": "assistant", "content": None, "tool_calls": [{"id": call_id, "name": name, "arguments": arguments}]})
        self.messages.append({"role": "tool", "id": call_id, "content": json.dumps({"ok": True}), "error": False})
        return self

    def done(self, passed: bool) -> dict[str, Any]:
        met = (True, True) if passed else (False, False)
        return {
            "task_id": CARD["id"],
            "trial": self.trial,
            "termination_reason": "user_stop",
            "messages": self.messages,
            "reward_info": {
                "reward": 1.0 if passed else 0.0,
                "db_check": {"db_match": passed, "db_reward": float(passed)},
                "env_assertions": [{"met": m} for m in met],
            },
        }


def _gold_session(trial: int, yes: str) -> dict[str, Any]:
    return (
        Session(trial)
        .user(OPENING)
        .call("get_card_details", {"card_id": LOST})
        .say("Your debit card ending 5490 is active. To confirm: I will block your debit card ending 5490 as lost. Shall I go ahead?")
        .user(yes)
        .call("block_card", {"card_id": LOST, "reason": "lost"})
        .say("Your card ending 5490 is blocked. Shall I order a replacement card to your address on record?")
        .user("Yes, please.")
        .call("raise_service_request", REPLACEMENT)
        .say("The replacement request is raised. Is there anything else I can help you with?")
        .user("No, that's all. Thank you! ###STOP###")
        .done(True)
    )


def _sessions() -> list[dict[str, Any]]:
    clean = _gold_session(0, "Yes, please go ahead.")
    invents = _gold_session(1, "Yes, please go ahead; it is linked to my account 501099887766.")
    customer_first = (
        Session(2)
        .user(OPENING)
        .say("Which card is it: please tell me its last four digits.")
        .user("It is my debit card ending 6661.")
        .call("get_card_details", {"card_id": OTHER})
        .say("To confirm: I will block your debit card ending 6661. Shall I go ahead?")
        .user("Yes, please go ahead.")
        .call("block_card", {"card_id": OTHER, "reason": "lost"})
        .say("Your card ending 6661 is blocked. Is there anything else I can help you with?")
        .user("No, that's all. Thank you! ###STOP###")
        .done(False)
    )
    assistant_first = (
        Session(3)
        .user(OPENING)
        .call("block_card", {"card_id": OTHER, "reason": "lost"})
        .say("Your card ending 6661 is blocked. Which address should the replacement card go to?")
        .user("Okay, thank you. ###STOP###")
        .done(False)
    )
    return [clean, invents, customer_first, assistant_first]


def _results(
    sessions: list[dict[str, Any]],
    user: str = "indian_bank_user",
    llm: str | None = "openai/customer-a",
    guidelines: str = "Guidelines version 1.2.",
    metadata: dict[str, Any] | None = None,
) -> dict[str, Any]:
    data = {
        "info": {
            "num_trials": 4,
            "agent_info": {"implementation": "indian_bank_llm_agent", "llm": "openai/agent"},
            "user_info": {
                "implementation": user,
                "llm": llm,
                "llm_args": {"temperature": 0.0, "api_key": "<redacted>"},
                "global_simulation_guidelines": guidelines,
            },
            "environment_info": {"domain_name": "indian_bank"},
        },
        "tasks": [CARD],
        "simulations": sessions,
    }
    if metadata is not None:
        data["tau_indian_bank_run"] = metadata
    return data


@pytest.fixture
def results_file(tmp_path):
    path = tmp_path / "run.json"
    path.write_text(json.dumps(_results(_sessions())), encoding="utf-8")
    return path


def test_the_customer_audit_per_run_against_hand_computed_values(results_file):
    run = build_report([load_run(results_file)])["runs"][0]
    assert run["pass_rate"] == 0.5  # the paper's, unchanged
    assert (run["n_customer_errors"], run["customer_error_rate"]) == (3, 0.75)
    assert run["customer_audit"] == {"C1": 0.5, "C2": 0.0, "C3": 0.25, "C4": 0.25, "C5": 0.0, "C6": 0.0}
    assert (run["pass_rate_without_customer_errors"], run["n_without_customer_errors"]) == (1.0, 1)
    assert run["pass_rate_without_customer_errors_ci95"][1] == 1.0
    assert (run["n_customer_first_failures"], run["customer_first_share"]) == (1, 0.5)
    [first] = run["customer_first_failures"]
    assert (first["trial"], first["check"]) == (2, "C1") and first["detail"].startswith("turn 2: ") and "6661" in first["detail"]
    assert [(s["trial"], sorted(s["checks"])) for s in run["customer_error_sessions"]] == [(1, ["C1"]), (2, ["C1", "C3"]), (3, ["C4"])]
    assert run["user_llm_args"] == {"temperature": 0.0, "api_key": "<redacted>"} and run["customer_guidelines_version"] == "1.2"


def test_each_session_record_carries_its_audit_and_the_offending_turns_position(results_file):
    records = build_report([load_run(results_file)], with_sessions=True)["runs"][0]["sessions"]
    assert [r["customer_error"] for r in records] == [False, True, True, True]
    assert [r["customer_first"] for r in records] == [None, None, "C1", None]
    invents = records[1]
    assert invents["customer_audit"]["C1"] == "fail" and "501099887766" in invents["customer_audit_details"]["C1"]
    yes_turn = invents["customer_audit_turns"]["C1"]
    assert _sessions()[1]["messages"][yes_turn]["content"].startswith("Yes, please go ahead; it is linked")
    assert set(records[0]["customer_audit"]) == {"C1", "C2", "C3", "C4", "C5", "C6"} and records[0]["customer_audit_details"] == {}


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_text_and_markdown_show_the_audit_per_run_and_per_session(results_file, fmt):
    shown = render(build_report([load_run(results_file)]), fmt)
    assert "Customer audit" in shown and "Failed sessions whose first problem was the customer's" in shown
    assert "Sessions with a customer error" in shown and "501099887766" in shown
    assert "75.0% (3)" in shown and "100.0% (n=1)" in shown and "50.0% (n=1)" in shown
    assert "warning" not in shown.lower()


def test_a_warning_in_every_format_when_runs_with_different_customers_are_compared(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(_results(_sessions())), encoding="utf-8")
    b.write_text(json.dumps(_results(_sessions(), llm="openai/customer-b", guidelines="Guidelines version 1.3.")), encoding="utf-8")
    runs = load_runs([str(a), str(b)])
    report = build_report(runs, with_sessions=True)
    [warning] = report["warnings"]
    assert "openai/customer-a, guidelines 1.2" in warning and "openai/customer-b, guidelines 1.3" in warning
    assert report["comparisons"][0]["same_customer"] is False
    assert json.loads(render(report, "json"))["warnings"] == [warning] and warning in render(report, "markdown")
    assert warning.split(" — ")[0] in " ".join(render(report, "text").split())
    assert warning in html.unescape(to_html(report, runs))
    same = build_report(load_runs([str(a), str(a)], ["a", "a2"]))
    assert same["warnings"] == [] and same["comparisons"][0]["same_customer"] is True


def test_the_guidelines_version_is_read_from_the_run_or_from_what_tau2_recorded(tmp_path):
    def version(**kwargs: Any) -> str | None:
        path = tmp_path / "r.json"
        path.write_text(json.dumps(_results(_sessions(), **kwargs)), encoding="utf-8")
        return load_run(path).guidelines_version

    assert version() == "1.2"  # tau2's record of the guidelines the customer was given
    assert version(guidelines="# tau2's generic guidelines") is None  # a stock tau2 run: not recorded
    assert version(metadata={"provenance": {"customer_guidelines_version": "1.4"}}) == "1.4"  # tau-indian-bank run's provenance
    assert version(user="indian_bank_customer", llm="offline") is None  # the scripted customer reads no guidelines


def test_the_html_report_shows_the_audit_in_the_session_view_and_filters_on_it(results_file):
    runs = load_runs([str(results_file)], ["mine"])
    report = build_report(runs, with_sessions=True)
    page = to_html(report, runs)
    payload = _payload(page)
    assert [s["customer_audit"]["C3"] for s in payload["sessions"]] == ["pass", "pass", "fail", "n/a"]
    assert payload["sessions"][2]["customer_first"] == "C1"
    readable = html.unescape(page)
    assert re.search(r'href="#sessions\?run=mine&amp;customer_check=C1"', page)  # the overview's cell opens the explorer
    assert "customer model arguments" in readable and "temperature=0.0" in readable
    assert 'key: "customer_check"' in page and "function customerAudit(session)" in page
