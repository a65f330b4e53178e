"""The scenario rules guidelines 1.3 settle (issue 22, part 5): each flags a hand-built scenario that contradicts the
settled reading (and the same contradiction written another way), and passes the shipped scenarios of both sets."""

from __future__ import annotations

import copy
import json
import re

import pytest

from tau_indian_bank.tasks.scenario_rules import (
    ending_problems,
    figure_problems,
    first_proposal_problems,
    offer_problems,
    record_problems,
    scenario_problems,
    whereabouts_problems,
)
from tau_indian_bank.tasks.suite_files import load_suite, task_set_files

ROBUST = {t["id"]: t for t in json.loads(task_set_files("indian_bank_robust")[0].read_text(encoding="utf-8"))}
BASE = {t["id"]: t for t in load_suite()}


def _task(task_id: str) -> dict:
    return copy.deepcopy({**BASE, **ROBUST}[task_id])


def _instructions(task: dict) -> dict:
    return task["user_scenario"]["instructions"]


def _replace_line(task: dict, starts: str, line: str) -> dict:
    rules = _instructions(task)["task_instructions"].splitlines()
    _instructions(task)["task_instructions"] = "\n".join(line if r.startswith(starts) else r for r in rules)
    return task


def test_every_shipped_robustness_scenario_keeps_every_rule():
    assert {name: found for name, found in scenario_problems(list(ROBUST.values())).items() if found} == {}


@pytest.mark.parametrize("token", ["###STOP###", "###TRANSFER###"])
def test_a_scripted_line_that_ends_the_conversation_itself_is_flagged(token):
    task = _task("rob_decline_fd_close_0005")
    assert ending_problems(task) == []
    text = _instructions(task)["task_instructions"]
    _instructions(task)["task_instructions"] = re.sub(r'(say: "[^"]*)"', rf'\1 Thank you. {token}"', text, count=1)
    assert ending_problems(task) and "carries an ending token" in ending_problems(task)[0]


@pytest.mark.parametrize(
    "offer",
    ["If the assistant offers to raise a service request, accept it.", "If the assistant offers a replacement card, agree to that."],
)
def test_an_offer_to_accept_where_nothing_else_is_wanted_is_flagged(offer):
    task = _task("rob_contradiction_cheque_cleared_0004")
    assert offer_problems(task) == [] and "want nothing else" in _instructions(task)["task_instructions"]
    _instructions(task)["task_instructions"] += "\n" + offer
    assert offer_problems(task) == ["the scenario says the customer wants nothing else but tells it to accept an offer"]
    plain = _task("seq_fd_close_0002")  # no "nothing else": an offer to accept is no contradiction
    _instructions(plain)["task_instructions"] += "\n" + offer
    assert offer_problems(plain) == []


@pytest.mark.parametrize(
    "line",
    [
        "Yes, but please make it ₹3,25,000 instead of ₹6,50,000.",  # a yes and a change
        "Hmm, let me think about the tenure first.",
    ],
)  # neither
def test_a_first_proposal_line_that_is_neither_a_clear_yes_nor_a_clear_no_is_flagged(line):
    for task_id in ("rob_change_of_mind_fd_amount_0001", "rob_context_switch_freeze_then_book_0006"):
        assert first_proposal_problems(_task(task_id)) == []  # a change of mind (a no), a second request (a yes)
    task = _replace_line(
        _task("rob_change_of_mind_fd_amount_0001"),
        "When the assistant first proposes",
        f'When the assistant first proposes a change, say: "{line}"',
    )
    assert first_proposal_problems(task) and "the line for the first proposal reads as" in first_proposal_problems(task)[0]


@pytest.mark.parametrize(
    ("task_id", "opening"),
    [
        ("edge_card_unsure_freeze_0001", "Hello, I left my {label} in the car, I think. Please lock it for now."),
        ("rob_code_mixed_card_freeze_0001", "Namaste, mera {label} shayad gaadi mein reh gaya. Abhi freeze kar dijiye."),
        ("rob_code_mixed_card_freeze_0001", "नमस्ते, मेरा {label} शायद दफ्तर में रह गया। अभी freeze कर दीजिए।"),
    ],
)
def test_a_missing_card_put_in_two_places_is_flagged(task_id, opening):
    task = _task(task_id)
    assert whereabouts_problems(task) == []
    label = re.search(r"Card: your (.+)", _instructions(task)["known_info"])[1]
    _instructions(task)["known_info"] = re.sub(
        r"(Whether the card is lost: ).*", r"\1you are not sure; it may be at home", _instructions(task)["known_info"]
    )
    _replace_line(task, "Opening line:", f'Opening line: "{opening.format(label=label)}"')
    assert whereabouts_problems(task) and whereabouts_problems(task)[0].startswith("the scenario puts the missing card")


def test_places_the_card_is_not_in_and_an_opening_about_something_else_agree():
    task = _task("edge_card_unsure_freeze_0001")
    label = re.search(r"Card: your (.+)", _instructions(task)["known_info"])[1]
    _replace_line(task, "Opening line:", f'Opening line: "My {label} is not in my wallet; it may be at home. Please freeze it."')
    assert whereabouts_problems(task) == []  # "not in my wallet" is no place the card may be
    assert whereabouts_problems(_task("rob_context_switch_stop_then_freeze_0002")) == []  # the cheque was lost in a bag
    head_office = _task("rob_social_engineering_0005")  # "a senior manager at your head office": the bank, not a place
    assert "head office" in _instructions(head_office)["task_instructions"] and whereabouts_problems(head_office) == []


def test_a_change_on_a_record_the_scenario_does_not_name_beside_one_it_names_is_flagged():
    task = _task("rob_context_switch_close_then_book_0002")
    assert record_problems(task) == [] and "Account for the money" in _instructions(task)["known_info"]
    known = _instructions(task)["known_info"].splitlines()
    _instructions(task)["known_info"] = "\n".join(k for k in known if not k.startswith("- Account for the money"))
    assert record_problems(task) == [
        "close_deposit acts on the account ending 4111, which the scenario does not name, while it names the account ending 0595"
    ]
    _instructions(task)["task_instructions"] += "\nIf the assistant says the money goes to another account, accept it."
    assert record_problems(task) == []  # the scenario accepts another record
    assert record_problems(_task("seq_fd_close_0002")) == []  # names no account: the confirmation's account is its choice


@pytest.mark.parametrize(
    ("instruction", "known"),
    [
        ("If the assistant asks how much, say ₹75,000.", "- Amount: ₹75,000"),
        ("If the assistant asks, say it is cheque number 402117.", "- Cheque number: 402117"),
    ],
)
def test_a_figure_given_only_in_the_instructions_is_flagged(instruction, known):
    task = _task("seq_fd_close_0002")
    assert figure_problems(task) == []
    _instructions(task)["task_instructions"] += "\n" + instruction
    assert figure_problems(task) and "not under Known info" in figure_problems(task)[0]
    _instructions(task)["known_info"] += "\n" + known
    assert figure_problems(task) == []
