"""The scenario rules ``validate`` applies to every scenario: each flags a hand-built bad scenario, not the shipped ones."""

import copy

import pytest

from tau_indian_bank.evaluation.facts import task_facts
from tau_indian_bank.plugin.environment import POLICY_FILE
from tau_indian_bank.tasks.framework import yours
from tau_indian_bank.tasks.scenario_rules import (
    CAREFUL_TRAIT,
    NUMBERS_TRAIT,
    SCENARIO_RULES,
    birth_date_problems,
    credential_problems,
    fit_persona,
    persona_problems,
    scenario_problems,
    unknown_figure_problems,
    voice_problems,
)
from tau_indian_bank.tasks.suite_files import load_suite
from tau_indian_bank.tasks.validate import validate

SUITE = {t["id"]: t for t in load_suite()}


def _task(task_id: str) -> dict:
    return copy.deepcopy(SUITE[task_id])


def _instructions(task: dict) -> dict:
    return task["user_scenario"]["instructions"]


def test_every_shipped_base_scenario_keeps_every_rule():
    assert {name: found for name, found in scenario_problems(list(SUITE.values())).items() if found} == {}


def test_a_first_person_slip_is_flagged_but_quoted_speech_is_not():
    task = _task("seq_mandate_cancel_0001")
    assert voice_problems(task) == []  # the opening line says "my", inside its quotes
    _instructions(task)["reason_for_call"] += " Also because I want to stop this SIP."
    task["user_scenario"]["persona"] += " Says only 'my account' until asked."
    problems = voice_problems(task)
    assert len(problems) == 1 and problems[0].startswith("reason_for_call speaks in the first person ('I')")
    _instructions(task)["known_info"] += "\n- Nominee: my mother"
    assert [p.split(" ")[0] for p in voice_problems(task)] == ["reason_for_call", "known_info"]


def test_yours_turns_the_customers_words_into_the_second_person():
    assert yours("I am moving my SIP because I want to") == "you are moving your SIP because you want to"
    assert yours("it was closed without anyone getting back to me") == "it was closed without anyone getting back to you"
    assert yours("IMPS limits") == "IMPS limits"


def test_an_acceptance_rule_that_names_the_figure_the_customer_does_not_know_is_flagged():
    task = _task("edge_limit_above_max_0001")
    assert unknown_figure_problems(task) == []
    limit = next(f for f in task_facts(task) if f.kind == "amount")
    _instructions(task)["task_instructions"] += f"\nAccept {limit.text} once told the asked limit is too high."
    problems = unknown_figure_problems(task)
    assert len(problems) == 1 and limit.text in problems[0] and "Unknown info" in problems[0]


def test_a_figure_the_customer_knows_is_not_flagged_even_in_an_instruction():
    task = _task("seq_card_limit_0001")  # the new limit is known info, and a fact (the outcome)
    limit = next(f for f in task_facts(task) if f.kind == "amount")
    _instructions(task)["task_instructions"] += f"\nIf asked, the limit you want is {limit.text}."
    assert unknown_figure_problems(task) == []


def test_unknown_info_that_names_a_figure_is_flagged():
    task = _task("ctrl_balance_0001")
    _instructions(task)["unknown_info"] = "You do not know your exact balance (about ₹52,000)."
    assert unknown_figure_problems(task) == ["Unknown info names a figure ('₹52,000')"]


def test_an_otp_in_the_opening_line_with_an_unconditional_never_share_rule_is_flagged():
    task = _task("edge_otp_offered_0001")
    assert credential_problems(task) == []
    text = _instructions(task)["task_instructions"]
    _instructions(task)["task_instructions"] = text.replace("Apart from the OTP in your opening line, never share", "Never share")
    assert credential_problems(task) and "without exception" in credential_problems(task)[0]
    address = _task("seq_statement_and_address_0001")  # "PIN code: 400092" is not a credential
    assert "PIN code" in _instructions(address)["task_instructions"] and credential_problems(address) == []


def test_a_senior_claim_without_an_answer_for_the_date_of_birth_is_flagged():
    task = _task("edge_senior_claim_0001")
    assert birth_date_problems(task) == [] and "- Date of birth: " in _instructions(task)["known_info"]
    known = _instructions(task)["known_info"].splitlines()
    _instructions(task)["known_info"] = "\n".join(line for line in known if not line.startswith("- Date of birth"))
    assert birth_date_problems(task)
    offer = next(
        t for t in SUITE.values() if t["id"].startswith("rare_offer_to_deposit") and "senior citizen" in _instructions(t)["reason_for_call"]
    )
    assert birth_date_problems(offer) == []  # names a senior-citizen product; claims nothing


@pytest.mark.parametrize(("task_id", "fits"), [("seq_card_unfreeze_0001", False), ("seq_fd_close_0001", True), ("ctrl_balance_0001", True)])
def test_the_numbers_trait_fits_only_where_the_bank_quotes_figures(task_id, fits):
    task = _task(task_id)
    persona = task["user_scenario"]["persona"]
    for trait in (NUMBERS_TRAIT, CAREFUL_TRAIT):
        persona = persona.replace(trait, "")
    task["user_scenario"]["persona"] = persona.replace("Writes in", f"{NUMBERS_TRAIT} Writes in")
    assert (persona_problems(task) == []) is fits
    fitted = fit_persona(copy.deepcopy(task))
    assert persona_problems(fitted) == []
    assert (NUMBERS_TRAIT in fitted["user_scenario"]["persona"]) is fits


def test_validate_reports_each_rule_as_a_row_with_the_failing_tasks():
    bad = _task("seq_mandate_cancel_0001")
    _instructions(bad)["reason_for_call"] += " Because I want to stop this SIP."
    good = _task("seq_fd_close_0001")
    checks, problems = validate([bad, good], {"base": []}, POLICY_FILE.read_text(encoding="utf-8"))
    rows = {c.name: c for c in checks}
    assert set(SCENARIO_RULES) <= set(rows)
    assert rows["scenarios in the second/third person"].ok is False
    assert rows["scenarios in the second/third person"].found == "1 ok"
    assert problems.by_check["scenarios in the second/third person"][0].startswith("seq_mandate_cancel_0001: ")
    assert all(rows[name].ok for name in SCENARIO_RULES if name != "scenarios in the second/third person")
