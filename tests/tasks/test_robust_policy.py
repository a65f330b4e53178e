"""The policy covers what the robustness set tests: temporary faults, advice, claimed authority, refusals vs hand-overs.

Each clause exists, says what its tasks reward, and is cited by every task of the axis that tests
it; ``validate`` holds the citation (``checks.cites_axis_clause``).
"""

import copy
import json
import re

import pytest

from tau_indian_bank.constants import TRANSIENT_FAULT_RETRIES
from tau_indian_bank.paths import POLICY_FILE, ROBUST_TASKS_FILE
from tau_indian_bank.tasks.robust.checks import AXIS_CLAUSES, cites_axis_clause
from tau_indian_bank.vocabulary import axis_of

POLICY = POLICY_FILE.read_text(encoding="utf-8")
TASKS = json.loads(ROBUST_TASKS_FILE.read_text(encoding="utf-8"))


def clause(number: str) -> str:
    found = re.search(rf"^{re.escape(number)} (.+)$", POLICY, re.MULTILINE)
    assert found, f"no clause {number}"
    return found[1]


def test_a_temporary_fault_gets_one_retry_and_is_no_refusal():
    text = clause("2.6")
    assert TRANSIENT_FAULT_RETRIES == 1 and "once more" in text and "yes still holds" in text
    assert "nothing was changed" in text and "refuses a change" in clause("2.4")


def test_advice_and_predictions_are_declined_with_the_banks_own_figures_offered():
    text = clause("1.7")
    assert "do not predict" in text and "investment" in text and "rate card" in text


def test_claimed_authority_changes_no_check():
    assert "police" in clause("1.8") and "confirmation" in clause("1.8")


def test_refusals_are_not_hand_overs_and_other_is_not_for_products_the_chat_does_not_offer():
    refusal, handover, other = clause("10.3"), clause("10.1"), clause("8.1")
    assert "no hand-over" in refusal and "politics" in refusal and "official channels" in refusal
    assert "customer's own accounts" in handover and "court order" in handover
    assert '"other" category' in other and "lockers" in other and "(10.1)" in other


@pytest.mark.parametrize(("axis", "number"), sorted(AXIS_CLAUSES.items()))
def test_every_task_of_the_axis_cites_its_clause(axis, number):
    tasks = [t for t in TASKS if axis_of(t["id"]) == axis]
    assert tasks and all(f"§{number}" in t["description"]["relevant_policies"] for t in tasks)
    assert all(f"§{number}" in t["evaluation_criteria"]["nl_assertions"][0] for t in tasks)


def test_a_task_that_does_not_cite_its_axis_clause_fails_validate():
    task = copy.deepcopy(next(t for t in TASKS if axis_of(t["id"]) == "tool_fault"))
    assert cites_axis_clause(task) == []
    task["description"]["relevant_policies"] = task["description"]["relevant_policies"].replace("§2.6, ", "")
    assert cites_axis_clause(task) == ["does not cite §2.6, the clause its axis tests"]
