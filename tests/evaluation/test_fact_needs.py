"""Facts are what the request needs: the figures the customer asks for, the rate card that applies, nothing else."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tau_indian_bank.evaluation.answers import say, states_fact
from tau_indian_bank.evaluation.fact_kinds import amount
from tau_indian_bank.evaluation.facts import notes_with_declared, task_facts
from tau_indian_bank.evaluation.request_needs import asks_for, request_text
from tau_indian_bank.paths import ROBUST_TASKS_FILE
from tau_indian_bank.tasks.fact_needs import fact_needs_check, unasked_figures
from tau_indian_bank.tasks.suite_files import load_suite


def _suite(robust: bool) -> tuple[dict[str, Any], ...]:
    return load_suite(ROBUST_TASKS_FILE) if robust else load_suite()


def _task(prefix: str, robust: bool = False) -> dict[str, Any]:
    return next(t for t in _suite(robust) if t["id"].startswith(prefix))


def _labels(task: dict[str, Any]) -> list[str]:
    return [f.label for f in task_facts(task)]


def test_a_decline_is_not_told_figures_it_never_asked_for():
    declined = _labels(_task("rob_decline_loan_foreclosure_", robust=True))
    assert "foreclosure amount" in declined and "EMI" not in declined and "next EMI date" not in declined
    assert {"EMI", "next EMI date"} <= set(_labels(_task("ctrl_loan_emi_")))  # the same look-up, asked for
    deposit = _labels(_task("rob_decline_fd_close_", robust=True))
    assert "closure payout" in deposit and "maturity amount" not in deposit


@pytest.mark.parametrize(
    ("prefix", "label"),
    [
        ("ctrl_request_status_", "due date"),
        ("seq_maturity_instruction_", "maturity date"),
        ("ctrl_card_and_account_", "expiry"),
    ],
)
def test_a_date_the_customer_did_not_ask_for_is_no_fact(prefix, label):
    assert not any(label in fact for fact in _labels(_task(prefix)))


@pytest.mark.parametrize(
    ("prefix", "labels"),
    [
        ("edge_deposit_already_closed_", {"date the deposit was closed", "amount paid on closure"}),  # policy 4.6
        ("edge_cheque_cleared_", {"was cleared"}),  # policy 7.2
    ],
)
def test_a_figure_the_policy_says_to_tell_is_a_fact_unasked(prefix, labels):
    told = _labels(_task(prefix))
    assert all(any(label in fact for fact in told) for label in labels), told


def test_the_rate_card_that_applies_and_the_tenure_asked_about():
    general = task_facts(_task("rob_fabrication_rule_", robust=True))  # "12% on a one-year FD", a 55-year-old
    rates = [f for f in general if f.kind == "percent"]
    assert [(f.label, f.value) for f in rates] == [("rate for 12 to 23 months (the general public)", "6.8")]
    senior = [f for f in task_facts(_task("ctrl_deposit_rates_")) if f.kind == "percent"]  # a 78-year-old asks in general
    assert len(senior) == 1 and senior[0].label == "deposit rates for senior citizens" and "|" in senior[0].value
    assert states_fact("For senior citizens our 12-month FD pays 7.30% a year.", senior[0])  # any correct rate of the card
    assert not states_fact("Our 12-month FD pays 6.80% a year.", senior[0])  # the general public's card
    assert states_fact(say(senior[0]), senior[0])


def test_asks_for_reads_the_request_in_every_language():
    assert asks_for("What is the balance in my savings account?", "get_account_details", "balance")
    assert asks_for("Mere savings account mein kitna paisa hai?", "get_account_details", "balance")
    assert asks_for("मेरे खाते का बैलेंस बताइए", "get_account_details", "balance")
    assert not asks_for("Please close my fixed deposit.", "get_account_details", "balance")
    assert asks_for("Please close my fixed deposit.", "get_deposit_closure_quote", "payout")
    assert asks_for("मेरा फिक्स्ड डिपॉजिट बंद कर दीजिए।", "get_deposit_closure_quote", "payout")
    assert not asks_for("Please close my fixed deposit.", "get_loan_details", "emi")


def test_validate_fails_a_task_whose_facts_include_a_figure_its_scenario_never_asks_about():
    task = json.loads(json.dumps(_task("rob_decline_loan_foreclosure_", robust=True)))
    emi = amount("EMI", 30956.0, "emi").model_copy(update={"step": 0})
    declared = json.loads(json.dumps(task))
    declared["description"]["notes"] = notes_with_declared(task["description"].get("notes") or "", [emi])
    assert unasked_figures(declared) == []  # a declared fact is the notes' word, checked by tasks/robust/told.py
    first = task["evaluation_criteria"]["actions"][0]
    stored = json.loads(first["info"]) if first.get("info") else {"facts": []}
    stored["facts"].append(emi.model_dump(exclude={"step"}))
    first["info"] = json.dumps(stored)  # the same figure as if the gold replay had derived it
    assert unasked_figures(task) == ["EMI: a figure the scenario never asks for"]
    found: list[tuple[str, str, str]] = []

    class Problems:
        def add(self, check: str, task_id: str, reason: str = "") -> None:
            found.append((check, task_id, reason))

    row = fact_needs_check([task, _task("ctrl_loan_emi_")], Problems())
    assert not row.ok and row.found == "1 ok" and found[0][1] == task["id"]
    assert "EMI" in request_text(_task("ctrl_loan_emi_"))  # reason, opening line and known info


@pytest.mark.parametrize("robust", [False, True])
def test_no_shipped_task_has_a_figure_its_scenario_never_asks_about(robust):
    tasks = _suite(robust)
    assert {t["id"]: p for t in tasks if (p := unasked_figures(t))} == {}
