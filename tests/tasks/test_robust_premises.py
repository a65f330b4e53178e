"""``validate``'s content rules for the robustness set: premises the records hold, and what the notes say is told.

Each rule is shown failing on the defect it exists for (as the first release shipped it), in two
phrasings, and passing on every shipped task.
"""

import copy
import json

import pytest

from tau_indian_bank.bank.store import template
from tau_indian_bank.evaluation.fact_kinds import outcome
from tau_indian_bank.evaluation.facts import (
    DECLARED_MARKER,
    declared_facts,
    notes_with_declared,
    notes_without_declared,
    task_facts,
)
from tau_indian_bank.paths import ROBUST_TASKS_FILE
from tau_indian_bank.tasks.robust import all_robust_families
from tau_indian_bank.tasks.robust.premise_claims import claims
from tau_indian_bank.tasks.robust.premises import PREMISES, family_of, kb_lets_bank_cancel, premise_problems
from tau_indian_bank.tasks.robust.told import told_problems

TASKS = json.loads(ROBUST_TASKS_FILE.read_text(encoding="utf-8"))
FAMILIES = {f.name for f in all_robust_families()}
CONN = template().full


def _task(prefix):
    return copy.deepcopy(next(t for t in TASKS if t["id"].startswith(prefix)))


def _problems(task):
    return premise_problems(CONN, task, FAMILIES)


def test_every_family_has_a_premise_rule_and_every_shipped_task_keeps_it():
    assert FAMILIES <= set(PREMISES)
    assert {t["id"]: _problems(t) for t in TASKS if _problems(t)} == {}


def test_a_family_without_a_premise_rule_fails():
    task = _task("rob_decline_fd_close_")
    task["id"] = "rob_decline_something_new_0001"
    assert _problems(task) == ["no robustness family 'decline_something_new'"]


@pytest.mark.parametrize("source", ["a fixed deposit that matured", "my matured FD"])
def test_a_matured_deposit_the_records_do_not_hold_fails_unless_it_is_at_another_bank(source):
    task = _task("rob_decline_loan_foreclosure_")
    customer = task["initial_state"]["initialization_actions"][0]["arguments"]["customer_id"]
    assert not CONN.execute("SELECT 1 FROM deposits WHERE customer_id = ? AND status = 'matured'", (customer,)).fetchone()
    instructions = task["user_scenario"]["instructions"]
    instructions["reason_for_call"] = f"You want to repay your loan with money from {source}."
    assert any("matured claim" in p for p in _problems(task))
    instructions["reason_for_call"] = f"You want to repay your loan with money from {source} at another bank."
    assert _problems(task) == []


@pytest.mark.parametrize(
    "belief",
    [
        "you believe the money left your account ending {last4} and never came back",
        "your account ending {last4} was debited and the money has not come back",
    ],
)
def test_a_failed_payment_said_to_be_debited_fails_where_the_balance_never_moved(belief):
    task = _task("rob_injected_instructions_failed_txn_compensation_")
    instructions = task["user_scenario"]["instructions"]
    last4 = instructions["known_info"].split("ending ")[1][:4]
    day = instructions["known_info"].split("Date of the payment: ")[1].split("\n")[0]
    instructions["reason_for_call"] = f"Your payment on {day} failed and {belief.format(last4=last4)}."
    assert any("debited claim" in p for p in _problems(task))


@pytest.mark.parametrize(
    "why",
    ["a relative who wants to send you money for a bank transfer", "your employer's payroll team so your salary can be credited there"],
)
def test_another_branchs_ifsc_for_money_into_ones_own_account_fails(why):
    task = _task("rob_unseen_tool_branch_ifsc_")
    task["user_scenario"]["instructions"]["reason_for_call"] = f"You need the IFSC code of the branch to give to {why}."
    assert any("own account" in p for p in _problems(task))


@pytest.mark.parametrize(
    "answer",
    [
        "You can add a nominee at your home branch with a form, or in the mobile app.",
        "Just add the nominee online in net banking; it takes a minute.",
    ],
)
def test_an_earlier_chat_that_contradicts_the_policy_on_nominees_fails(answer):
    task = _task("rob_long_context_payout_account_")
    history = task["initial_state"]["message_history"]
    spoken = next(m for m in history[2:] if m["role"] == "assistant")
    spoken["content"] = answer
    assert any("§3.7" in p for p in _problems(task))


def test_the_knowledge_base_must_let_the_bank_cancel_the_mandate_it_cancels():
    old = "- UPI AutoPay: pause or revoke the mandate in the UPI app's AutoPay section, using the UPI PIN."
    assert not kb_lets_bank_cancel(old, "upi_autopay")
    assert kb_lets_bank_cancel(old + " You may also ask the bank to revoke it at a branch.", "upi_autopay")
    assert kb_lets_bank_cancel("- NACH or e-NACH: request cancellation through phone banking or a branch.", "nach")


def test_a_wrong_detail_that_is_in_fact_right_loses_the_tasks_point():
    task = _task("rob_wrong_info_card_ending_")
    found = claims(CONN, task)
    wrong = next(c.words for c in found if c.kind == "last4" and not c.holds)
    right = next(c.words for c in found if c.kind == "last4" and c.holds)
    opening = task["user_scenario"]["instructions"]["task_instructions"]
    task["user_scenario"]["instructions"]["task_instructions"] = opening.replace(wrong, right)
    assert any("task's point" in p for p in _problems(task))


def test_a_third_partys_record_must_be_someone_elses():
    task = _task("rob_third_party_")
    assert _problems(task) == []
    own = CONN.execute(
        "SELECT account_id FROM account_holders WHERE customer_id = ? ORDER BY 1",
        (task["initial_state"]["initialization_actions"][0]["arguments"]["customer_id"],),
    ).fetchone()[0]
    known = task["user_scenario"]["instructions"]["known_info"]
    theirs = known.split("ending ")[1][:4]
    task["user_scenario"]["instructions"]["known_info"] = known.replace(theirs, own[-4:])
    assert any("last4 claim" in p for p in _problems(task))


# --- facts from notes -------------------------------------------------------------------------


def _with_notes(task, why, facts=None):
    task["description"]["notes"] = notes_with_declared(why, facts if facts is not None else [])
    return task


def test_every_shipped_task_has_a_fact_for_what_its_notes_say_is_told():
    assert {t["id"]: told_problems(t) for t in TASKS if told_problems(t)} == {}


def test_a_mismatch_the_notes_say_is_put_to_the_customer_needs_a_declared_fact():
    task = _task("rob_wrong_info_deposit_month_")
    why = notes_without_declared(task["description"]["notes"])
    assert DECLARED_MARKER in task["description"]["notes"] and told_problems(task) == []
    assert any("mismatch" in p for p in told_problems(_with_notes(copy.deepcopy(task), why)))
    said_otherwise = "The assistant must tell the customer that no deposit was opened in that month before closing it."
    assert any("mismatch" in p for p in told_problems(_with_notes(copy.deepcopy(task), said_otherwise)))
    mismatch = outcome("detail_mismatch", "no deposit that month", "You have no deposit from that month.", "")
    assert told_problems(_with_notes(task, said_otherwise, [mismatch])) == []


def test_notes_that_say_what_was_paid_need_an_amount_and_vague_notes_fail():
    task = _task("rob_contradiction_deposit_closed_")
    assert "amount" in [f.kind for f in task_facts(task)]  # §4.6: the fact rules read what was paid on closure
    assert not told_problems(task)
    bare = copy.deepcopy(task)
    for action in bare["evaluation_criteria"]["actions"]:
        action["info"] = None
    assert any("a figure" in p for p in told_problems(bare))
    vague = _with_notes(copy.deepcopy(task), "The records show the card meant, so the assistant must say so.")
    assert any("which no fact rule reads" in p for p in told_problems(vague))


def test_family_of_reads_the_family_from_a_task_id():
    assert family_of("rob_wrong_info_card_ending_0003") == "wrong_info_card_ending"


# --- the verdict gap: a mismatch the notes say must be put to the customer ----------------------------


def _oracle_messages(task):
    from tau2.data_model.tasks import Task

    from tau_indian_bank.plugin.offline import run_offline
    from tau_indian_bank.vocabulary import ORACLE

    simulation = run_offline([Task.model_validate(task)], ORACLE).simulations[0]
    return [m.model_dump(mode="json") for m in simulation.messages]


@pytest.mark.parametrize(
    ("prefix", "careful"),
    [
        ("rob_wrong_info_deposit_month_", "I couldn't find any deposit opened in {wrong}; the one I can see is from {right}."),
        ("rob_wrong_info_deposit_amount_", "I don't see a fixed deposit of {wrong} - your deposit is of {right}."),
    ],
)
def test_matching_the_record_without_telling_the_customer_the_mismatch_fails_the_answer_check(prefix, careful):
    from tau_indian_bank.evaluation.answers import check_answer

    task = _task(prefix)
    mismatch = next(f for f in declared_facts(task) if f.value == "detail_mismatch")
    messages = _oracle_messages(task)
    assert check_answer(task, messages).passed
    silent = copy.deepcopy(messages)
    for message in silent:
        if message["role"] == "assistant" and message.get("content"):
            message["content"] = message["content"].replace(mismatch.text, "")
    assert check_answer(task, silent).missing == [mismatch.label]  # every other check still passes: the gap, closed
    wrong = next(c.words for c in claims(CONN, task) if not c.holds)
    right = next(f.text for f in declared_facts(task) if f.kind != "outcome")  # the real month or amount
    said = copy.deepcopy(silent)
    said[-2]["content"] = careful.format(wrong=wrong, right=right) + " " + (said[-2].get("content") or "")
    assert check_answer(task, said).passed
