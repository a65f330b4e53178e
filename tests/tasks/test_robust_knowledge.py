"""Knowledge-base questions with planted near misses: traps that do not give themselves away.

A near miss states only its own figure (no worked example or table computed at the genuine one);
the policy never states the figure asked for; the question is a customer's question, not a
section title with the figure cut out; and every question's search finds the section in force
and ranks the near misses first.
"""

import copy
import dataclasses
import json
import re

import pytest

from tau_indian_bank.bank import knowledge
from tau_indian_bank.bank.store import template
from tau_indian_bank.paths import POLICY_FILE, ROBUST_TASKS_FILE
from tau_indian_bank.tasks.robust import knowledge_checks as kb
from tau_indian_bank.tasks.robust.knowledge_questions import QUESTIONS, stage_near_misses
from tau_indian_bank.tools import staging
from tau_indian_bank.tools.toolkit import BankTools

TASKS = [t for t in json.loads(ROBUST_TASKS_FILE.read_text(encoding="utf-8")) if kb.planted_near_misses(t)]
POLICY = POLICY_FILE.read_text(encoding="utf-8")
GOLD_LTV = ("gold_loans", "3. Gold loan LTV of 75.00% of gold value", "75.00%")


def _task_for(document_id, section, figure, query, opening):
    task = copy.deepcopy(TASKS[0])
    task["initial_state"]["initialization_actions"][1:] = stage_near_misses(document_id, section, figure, ("superseded", "draft"))
    task["evaluation_criteria"]["actions"][0]["arguments"]["query"] = query
    instructions = task["user_scenario"]["instructions"]
    instructions["task_instructions"] = re.sub(r'Opening line: "[^"]+"', f'Opening line: "{opening}"', instructions["task_instructions"])
    return task


def _old_near_miss(section, figure, variant):
    """A near miss as the first release built it: the figure replaced everywhere, the worked examples kept."""
    changed = staging.near_miss_figure(figure, variant)
    return dataclasses.replace(
        section, heading=section.heading.replace(figure, changed), body=re.sub(re.escape(figure) + r"(?![0-9])", changed, section.body)
    )


def test_every_shipped_question_passes_the_three_rules():
    for task in TASKS:
        assert (kb.decoy_problems(task), kb.policy_problems(task, POLICY), kb.question_problems(task)) == ([], [], []), task["id"]


def test_a_near_miss_with_the_genuine_worked_example_gives_itself_away(monkeypatch):
    task = _task_for(*GOLD_LTV, "gold loan LTV", "What share of my gold's value can I borrow?")
    assert kb.decoy_problems(task) == []
    monkeypatch.setattr(staging, "near_miss", _old_near_miss)
    problems = kb.decoy_problems(task)
    assert any("worked example" in p for p in problems)  # 20 × ₹8,983 = ₹1,79,660; the maximum loan is ₹1,34,745


def test_a_near_miss_stating_the_genuine_figure_in_another_notation_gives_itself_away(monkeypatch):
    task = _task_for(*GOLD_LTV, "gold loan LTV", "What share of my gold's value can I borrow?")
    built = staging.near_miss

    def also_seventy_five(section, figure, variant):
        decoy = built(section, figure, variant)
        return dataclasses.replace(decoy, body=decoy.body + "\n\nThe earlier ceiling of 75% no longer applies.")

    monkeypatch.setattr(staging, "near_miss", also_seventy_five)
    assert any("still states the genuine 75.00%" in p for p in kb.decoy_problems(task))


def test_the_near_miss_keeps_the_rule_at_its_own_figure_without_examples_or_tables():
    gold = staging.regulation_section("gold_loans", "2. How gold is valued: ₹9,800 per gram for 24 carat, scaled by purity")
    decoy = staging.near_miss(gold, "₹9,800", "superseded")
    assert "₹19,600" in decoy.body and "₹9,800" not in decoy.body and "₹8,983" not in decoy.body  # the table is gone
    ltv = staging.near_miss(staging.regulation_section(*GOLD_LTV[:2]), "75.00%", "draft")
    assert "74.75%" in ltv.body and "₹1,34,745" not in ltv.body and "borrow less than the maximum" in ltv.body


@pytest.mark.parametrize(
    ("section", "query"),
    [
        (GOLD_LTV, "gold loan LTV"),
        (
            ("fixed_deposits", "1. Opening a fixed deposit: minimum amount ₹10,000 and tenure", "₹10,000"),
            "minimum amount to open a fixed deposit",
        ),
        (("premature_withdrawal", "2. Premature withdrawal penalty of 1.00%", "1.00%"), "premature withdrawal penalty"),
    ],
)
def test_a_question_the_policy_answers_is_caught(section, query):
    task = _task_for(*section, query, "A customer's question?")
    assert kb.policy_problems(task, POLICY)


def test_a_figure_the_policy_states_about_another_topic_is_no_give_away():
    task = _task_for(
        "upi_limits",
        "1. UPI limit per day for ordinary payments",
        "₹1,00,000",
        "UPI daily limit person to person",
        "How much can I send by UPI in a day?",
    )
    assert "ATM ₹1,00,000" in POLICY and kb.policy_problems(task, POLICY) == []


@pytest.mark.parametrize(
    "opening",
    [
        "Under the current rules: gold loan LTV of what rate of gold value? Please give the figure.",
        "Hello, gold loan ltv of what rate of gold value?",
    ],
)
def test_a_question_copied_from_the_section_title_is_caught(opening):
    assert kb.question_problems(_task_for(*GOLD_LTV, "gold loan LTV", opening))
    natural = "What share of my gold's value can I borrow against it?"
    assert kb.question_problems(_task_for(*GOLD_LTV, "gold loan LTV", natural)) == []


def test_six_words_in_a_row_from_the_title_are_a_copy():
    section = ("positive_pay", "3. Positive pay advised for cheques of ₹50,000 and above", "₹50,000")
    copied = _task_for(*section, "positive pay advised", "Is positive pay advised for cheques of every amount and above?")
    natural = _task_for(*section, "positive pay advised", "From what cheque amount does the bank advise positive pay?")
    assert kb.question_problems(copied) and kb.question_problems(natural) == []


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: f"{q.document_id}:{q.figure}")
def test_each_questions_search_ranks_both_near_misses_first_and_finds_the_section_in_force(question):
    assert question.figure in (staging.regulation_section(question.document_id, question.section).body + question.section)
    with template().lock:
        genuine = knowledge.search(template().knowledge, question.query)
    assert any((r["document_id"], r["section"]) == (question.document_id, question.section) for r in genuine)
    tools = BankTools()
    tools.start_session(TASKS[0]["initial_state"]["initialization_actions"][0]["arguments"]["customer_id"])
    for action in stage_near_misses(question.document_id, question.section, question.figure, ("superseded", "draft")):
        tools.plant_near_miss(**action["arguments"])
    results = json.loads(tools.call("search_regulations", {"query": question.query}))["results"]
    assert [r["document_id"] for r in results[:2]] == [f"{question.document_id}_superseded", f"{question.document_id}_draft"]
    assert question.figure not in question.asked and len(QUESTIONS) == 16
