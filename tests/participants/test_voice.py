"""The scripted customer's words: read as meant by the text layer, in the customer's language, in the first person."""

from __future__ import annotations

import re

import pytest
from tau2.data_model.tasks import Task

from tau_indian_bank.participants.scenario import parse_scenario
from tau_indian_bank.participants.voice import PHRASES, Voice, first_person
from tau_indian_bank.paths import ROBUST_TASKS_FILE
from tau_indian_bank.tasks.suite_files import load_suite
from tau_indian_bank.text import affirmation, language_of

#: What gate S2 and the oracle must read in each of the customer's lines (the oracle proceeds only on a yes).
READ_AS = {
    "affirm": {"yes"},
    "not_wanted": {"no"},
    "not_that_one": {"no"},
    "not_asked": {"no"},
    "wrong": {"no"},
    "right": {"yes"},
    "choose": {"yes"},
    "no_credentials": {"no", "none", "unclear"},
    "dont_know": {"none", "unclear"},
    "undecided": {"unclear"},
    "as_said": {"none", "unclear"},
    "meant": {"none", "unclear"},
}


@pytest.mark.parametrize("language", sorted(PHRASES))
def test_every_line_is_read_as_meant(language):
    for name, allowed in READ_AS.items():
        line = PHRASES[language][name].format(fact="x", request="y", change="freeze")
        assert affirmation(line) in allowed, (language, name, line, affirmation(line))


@pytest.mark.parametrize("language", ["hinglish", "hindi"])
def test_every_line_is_in_the_customer_language(language):
    # (The Hindi yes, "हाँ जी, please go ahead.", mixes in the English the oracle's tests expect.)
    for name in ("done", "idle", "dont_know", "not_wanted", "not_asked", "right", "undecided", "no_credentials"):
        assert language_of(PHRASES[language][name]) == language, (name, PHRASES[language][name])


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("your savings account ending 2973", "my savings account ending 2973"),
        ("you are not sure; it may be at home or nearby", "I am not sure; it may be at home or nearby"),
        ("the fixed deposit you opened in April 2025, of ₹1,50,000", "the fixed deposit I opened in April 2025, of ₹1,50,000"),
        ("₹3,25,000 (you first ask for ₹6,50,000, then change your mind)", "₹3,25,000"),
        ("14 December 1968 (give it if the assistant asks)", "14 December 1968"),
        ("at maturity (cumulative)", "at maturity (cumulative)"),
        ("the money should be sent to you", "the money should be sent to me"),
    ],
)
def test_the_scenario_s_words_in_the_first_person(said, expected):
    assert first_person(said) == expected


def test_a_fact_in_each_language():
    assert Voice("en").fact("your debit card ending 5490") == "My debit card ending 5490."
    assert Voice("hinglish").fact("your debit card ending 5490") == "Mera debit card ending 5490."
    assert Voice("hindi").fact("your debit card ending 5490") == "मेरा debit card ending 5490।"
    assert Voice("en").facts(["50 leaves", "by e-mail", "50 leaves"]) == "50 leaves. By e-mail."


def test_the_customer_writes_in_the_language_its_persona_states():
    for task in [*load_suite(), *load_suite(ROBUST_TASKS_FILE)]:
        text = str(Task.model_validate(task).user_scenario)
        stated = re.search(r"Writes in (Hinglish|Hindi)\b", text)
        assert parse_scenario(text).language == (stated[1].lower() if stated else "en"), task["id"]
