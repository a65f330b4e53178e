"""The answer check: the one matching rule (formats, rounding, negation) and a session's verdict."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tau_indian_bank.evaluation.answers import OUTCOMES, check_answer, say, states_fact
from tau_indian_bank.evaluation.fact_kinds import amount, date, last4, outcome, percent, reference
from tau_indian_bank.evaluation.facts import Fact, task_facts
from tau_indian_bank.tasks.suite_files import load_suite

PAYOUT = amount("closure payout", 197035.65, "payout")
ROUNDABLE = amount("maturity amount", 197035.65, "maturity_amount", "lakh")
TO_RUPEE = amount("EMI", 197035.65, "emi", "rupee")
MATURITY = date("maturity date", "2027-07-15", "maturity_date")
EXPIRY = date("card expiry", "2027-02", "expiry")
RATE = percent("interest rate", "7.00%", "rate")
CARD = last4("card concerned", "4821", "last4")
REQUEST = reference("service request number", "SRJKGCYOPE", "request_id")


@pytest.mark.parametrize(
    "text",
    [
        "Your payout will be ₹1,97,035.65.",
        "The payout is Rs. 197035.65 in total.",
        "You get INR 1,97,035.65.",
        "It comes to Rs 1,97,035.65",
        "That is 1,97,035.65 rupees.",
        "The payout is ₹ 197,035.65.",
        "Payout: ₹1,97,035.65/-",
    ],
)
def test_an_amount_is_stated_in_every_accepted_format(text):
    assert states_fact(text, PAYOUT)


@pytest.mark.parametrize(
    "text",
    [
        "Your payout will be ₹1,97,035.56.",  # two digits swapped
        "Your payout will be ₹1,97,036.",  # rounded, but the task wants the paisa
        "Your payout will be about ₹1.97 lakh.",  # rounded to lakh where the task does not allow it
        "Your payout will be 197035.65.",  # no rupee marker: could be any number
        "Your payout will not be ₹1,97,035.65.",
        "Your other deposit would pay ₹2,72,934.16.",  # a figure from another record
    ],
)
def test_a_wrong_rounded_bare_or_negated_amount_does_not_state_it(text):
    assert not states_fact(text, PAYOUT)


def test_rounding_is_accepted_only_where_the_task_declares_it():
    assert states_fact("About ₹1.97 lakh at maturity.", ROUNDABLE)
    assert states_fact("About ₹1,97,036 at maturity.", ROUNDABLE)
    assert states_fact("About ₹1,97,036 a month.", TO_RUPEE)
    assert states_fact("About ₹1,97,035 a month.", TO_RUPEE)
    assert not states_fact("About ₹1.97 lakh a month.", TO_RUPEE)  # lakh only with lakh rounding
    assert not states_fact("About ₹2 lakh at maturity.", ROUNDABLE)  # too coarse: under three significant digits
    assert not states_fact("About ₹1.98 lakh at maturity.", ROUNDABLE)
    assert not states_fact("About ₹1,97,037 at maturity.", ROUNDABLE)
    big = amount("maturity amount", 19703565.0, "maturity_amount", "lakh")
    assert states_fact("Roughly ₹1.97 crore.", big) and states_fact("Roughly 197.04 lakh rupees.", big)


def test_a_correction_states_the_figure_it_keeps():
    assert states_fact("You will receive ₹1,97,035.65, not ₹2,00,000.", PAYOUT)
    assert not states_fact("You will receive ₹2,00,000, not ₹1,97,035.65.", PAYOUT)
    assert states_fact("There is no penalty deducted from the payout, which is ₹1,97,035.65.", PAYOUT)


@pytest.mark.parametrize(
    "text",
    [
        "It matures on 15 July 2027.",
        "Maturity: 15/07/2027.",
        "Maturity date 2027-07-15.",
        "It matures on 15th Jul 2027.",
        "It matures on July 15, 2027.",
        "It matures on the 15th of July, 2027.",
        "Maturity: 15-07-2027",
        "Maturity 07/15/2027",
    ],
)
def test_a_date_is_stated_in_every_accepted_format(text):
    assert states_fact(text, MATURITY)


@pytest.mark.parametrize(
    "text",
    [
        "It matures on 16 July 2027.",
        "It matures on 15 July 2028.",
        "It matures on 07/15/2028.",
        "It matures on 15 July.",
        "It does not mature on 15 July 2027.",
        "Maturity: 05/07/2027",
    ],
)
def test_a_wrong_yearless_or_negated_date_does_not_state_it(text):
    assert not states_fact(text, MATURITY)


def test_a_date_without_a_year_is_read_in_the_current_year():
    emi_date = date("next EMI date", "2026-07-26", "next_emi_date")
    assert states_fact("Your next EMI is due on 26 July.", emi_date)
    assert states_fact("Your next EMI is due on July 26th.", emi_date)


@pytest.mark.parametrize(
    "text,stated",
    [
        ("Your card is valid until February 2027.", True),
        ("It expires in Feb 2027.", True),
        ("Expiry: 02/2027.", True),
        ("Expiry: 02/27.", True),
        ("Expiry: 2027-02.", True),
        ("It is valid till 28 February 2027.", True),
        ("It expires in March 2027.", False),
        ("Expiry: 03/27.", False),
        ("It does not expire in February 2027.", False),
    ],
)
def test_a_month_fact_is_met_by_that_month_in_any_form(text, stated):
    assert states_fact(text, EXPIRY) is stated


@pytest.mark.parametrize(
    "text,stated",
    [
        ("The rate is 7%.", True),
        ("The rate is 7.00 %.", True),
        ("The rate is 7 per cent.", True),
        ("The rate is 7 percent a year.", True),
        ("The rate is 7.5%.", False),
        ("The rate is not 7%.", False),
        ("The rate is 17%.", False),
    ],
)
def test_a_percentage_is_stated_by_its_value(text, stated):
    assert states_fact(text, RATE) is stated


@pytest.mark.parametrize(
    "text,stated",
    [
        ("Your card ending 4821 is blocked.", True),
        ("Card XXXX4821 is blocked.", True),
        ("Card no. 4821 is blocked.", True),
        ("Card 14821 is blocked.", False),
        ("You spent ₹4,821 on it.", False),
        ("It is not the card ending 4821.", False),
    ],
)
def test_last_four_digits_stand_alone(text, stated):
    assert states_fact(text, CARD) is stated


def test_a_reference_is_matched_whole_ignoring_case():
    assert states_fact("Your request number is SRJKGCYOPE.", REQUEST)
    assert states_fact("Your request number is srjkgcyope", REQUEST)
    assert not states_fact("Your request number is SRJKGCYOPEX.", REQUEST)
    assert not states_fact("Your request number is SRJKGCYOP.", REQUEST)


BLOCKED = outcome("card_blocked", "card blocked", "Your card ending 4821 is blocked.", "status")
FROZEN = outcome("card_frozen", "card frozen", "Your card ending 4821 is frozen.", "status")
CLEARED = outcome("cheque_cleared", "cheque cleared", "Cheque 105635 was already cleared.", "status")
STOPPED = outcome("cheque_stopped", "cheque stopped", "Payment of cheque 105635 is stopped.", "status")
KYC = outcome("kyc_overdue", "KYC overdue", "Your KYC is overdue.", "kyc_status")


@pytest.mark.parametrize(
    "fact,text,stated",
    [
        (BLOCKED, "Your card ending 4821 has been blocked permanently.", True),
        (BLOCKED, "Done, the card is now blocked.", True),
        (BLOCKED, "Your card has not been blocked.", False),
        (BLOCKED, "Your card isn't blocked yet.", False),
        (BLOCKED, "Shall I block your card ending 4821?", False),
        (BLOCKED, "Would you like me to have the card blocked?", False),
        (BLOCKED, "I will get the card blocked right away.", False),
        (BLOCKED, "Once blocked, a card cannot be used again.", False),
        (BLOCKED, "Your account is blocked.", False),  # not about a card
        (BLOCKED, "The card is blocked, not frozen.", True),
        (FROZEN, "The card is blocked, not frozen.", False),
        (CLEARED, "I'm afraid the cheque cannot be stopped as it has already cleared on 7 June 2026.", True),
        (STOPPED, "I'm afraid the cheque cannot be stopped as it has already cleared on 7 June 2026.", False),
        (STOPPED, "Payment of cheque 105635 is now stopped.", True),
        (KYC, "Your KYC is not up to date, so I cannot open the deposit.", True),
        (KYC, "Your KYC has expired.", True),
        (KYC, "Your KYC is up to date.", False),
    ],
)
def test_an_outcome_is_stated_only_as_a_fact_not_a_plan_question_or_negation(fact, text, stated):
    assert states_fact(text, fact) is stated


OVERDUE = outcome("request_overdue", "request overdue", "Your request SRJKGCYOPE is overdue.", "status")
UNPRESENTED = outcome("cheque_not_presented", "cheque not presented", "Cheque 105635 has not been presented.", "status")


@pytest.mark.parametrize(
    "fact,text,stated",
    [
        # a pronoun refers back to the nearest earlier sentence that names a subject
        (OVERDUE, "I found your request SRJKGCYOPE. It was due on 25 March, so it is overdue.", True),
        (OVERDUE, "Your request SRJKGCYOPE was raised in March. It is still open and its due date has passed.", True),
        (OVERDUE, "Your request SRJKGCYOPE was raised in March. Its deadline has already passed.", True),
        (BLOCKED, "I checked your card ending 4821. It has been blocked permanently.", True),
        (BLOCKED, "I checked your account ending 4821. It has been blocked.", False),  # the pronoun's subject is an account
        (BLOCKED, "It has been blocked.", False),  # nothing to refer back to
        (OVERDUE, "Your request SRJKGCYOPE is open. Its due date has not passed.", False),
        (OVERDUE, "Your request SRJKGCYOPE is open. It will be overdue if nothing happens by Friday.", False),
        (UNPRESENTED, "Cheque 105635 hasn't been presented yet, so it can still be stopped.", True),
        (UNPRESENTED, "Cheque 105635 is yet to be presented.", True),
        (UNPRESENTED, "Cheque 105635 has been presented and paid.", False),
        # a noun after "for" names a purpose, not a record the pronoun could mean instead
        (UNPRESENTED, "I've looked up cheque 105635. It hasn't been presented for payment yet.", True),
        (UNPRESENTED, "I checked cheque 105635 for you. It has not been presented for clearing or for payment.", True),
        (UNPRESENTED, "I checked your payment to Ramesh. It hasn't been presented yet.", False),  # the payment is named
    ],
)
def test_an_outcome_said_of_a_pronoun_or_in_other_words(fact, text, stated):
    assert states_fact(text, fact) is stated


CLOSED = outcome("deposit_closed", "deposit closed", "Your deposit FDF5UYCPSW is closed.", "status")


@pytest.mark.parametrize(
    "fact,text,stated",
    [
        # the record an outcome is about is named before it or in its own clause; the next clause's record is another's
        (CLOSED, "Your FD has been closed and the money has been credited to your account ending 4854.", True),
        (CLOSED, "Ho gaya ji — aapki FD tod di gayi hai aur paisa account ending 4854 mein aa gaya hai.", True),
        (STOPPED, "The payment has been stopped, and the cheque book for account ending 4854 is on its way.", True),
        (STOPPED, "Cheque 239069 ka payment stop ho gaya hai.", False),
        (STOPPED, "Cheque 239069, which you asked about, has been stopped.", False),
        (CLOSED, "Deposit FDAAAAAAAA is closed and its payout is in your account.", False),
    ],
)
def test_an_outcome_is_about_the_record_named_before_it_or_in_its_clause(fact, text, stated):
    assert states_fact(text, fact) is stated


def test_a_pronoun_may_refer_to_what_the_conversation_named_before_the_reply():
    assert states_fact("It was due on 2026-03-25 and is now overdue.", OVERDUE, before="My request SRJKGCYOPE is late.")
    assert not states_fact("It was due on 2026-03-25 and is now overdue.", OVERDUE, before="My KYC needs updating.")
    task = _task("edge_overdue_escalate_")
    assert any(f.value == "request_overdue" for f in task_facts(task))
    request = next(f for f in task_facts(task) if f.value == "request_overdue").label.split()[1]
    customer = {"role": "user", "content": f"What is the status of my request {request}?"}
    facts_said = [f.text for f in task_facts(task) if f.kind != "outcome"]
    reply = _say(f"It was due on {' and '.join(facts_said)}, so it is overdue now.")
    assert check_answer(task, [*_history(task), customer, reply]).passed is True
    assert check_answer(task, [*_history(task), reply]).passed is False  # nothing named the request


def test_every_outcome_key_a_task_uses_has_a_phrase_rule():
    used = {f.value for t in load_suite() for f in task_facts(t) if f.kind == "outcome"}
    assert used and used <= set(OUTCOMES)


def test_every_stored_fact_is_stated_by_the_sentence_the_oracle_says():
    facts = [f for t in load_suite() for f in task_facts(t)]
    assert len(facts) > 2000
    assert all(states_fact(say(f), f) for f in facts)
    kinds = {f.kind for f in facts}
    assert kinds == {"amount", "date", "percent", "reference", "last4", "outcome"}


def _task(prefix: str) -> dict[str, Any]:
    return next(t for t in load_suite() if t["id"].startswith(prefix))


def _history(task: dict[str, Any]) -> list[dict[str, Any]]:
    return [dict(m) for m in task["initial_state"]["message_history"]]


def _say(text: str) -> dict[str, Any]:
    return {"role": "assistant", "content": text}


def test_check_answer_passes_when_every_fact_is_said_and_names_what_is_missing():
    task = _task("ctrl_balance_")
    (fact,) = task_facts(task)
    balance = fact.text
    assert check_answer(task, [*_history(task), _say(f"Your balance is {balance}.")]).passed is True
    result = check_answer(task, [*_history(task), _say("Your balance is healthy.")])
    assert result.passed is False and result.missing == [fact.label]


def test_what_the_opening_history_says_does_not_count():
    task = _task("ctrl_balance_")
    history = _history(task)
    history[-1] = {**history[-1], "content": f"Welcome! Your balance is {task_facts(task)[0].text}."}
    assert check_answer(task, history).passed is False


def test_a_task_without_facts_is_not_judged():
    task = _task("ctrl_rules_question_")
    assert task_facts(task) == []
    assert check_answer(task, [*_history(task), _say("Hello")]).passed is None


def test_a_reference_created_in_the_session_is_read_from_that_session():
    task = _task("ctrl_nominee_request_")
    gold = task["evaluation_criteria"]["actions"][0]
    (fact,) = task_facts(task)
    assert fact.source == "session"
    call = {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "name": gold["name"], "arguments": gold["arguments"]}]}
    output = {"role": "tool", "id": "c1", "content": json.dumps({"request_id": "SRSESSION1", "status": "open"}), "error": False}
    session = [*_history(task), call, output]
    assert check_answer(task, [*session, _say("Your request number is SRSESSION1.")]).passed is True
    assert check_answer(task, [*session, _say(f"Your request number is {fact.value}.")]).passed is False
    refused = {**output, "error": True}
    assert check_answer(task, [*_history(task), call, refused, _say("Your request number is SRSESSION1.")]).passed is False
    assert check_answer(task, [*_history(task), _say(f"Your request number is {fact.value}.")]).passed is False


def test_facts_are_pydantic_models_that_refuse_unknown_fields():
    with pytest.raises(ValueError):
        Fact.model_validate({"kind": "amount", "label": "x", "value": "1", "text": "₹0.01", "colour": "red"})


def test_refusal_words_do_not_hide_what_a_pronoun_refers_to():
    from tau_indian_bank.evaluation.answers import REFUSAL_OUTCOMES

    assert REFUSAL_OUTCOMES <= set(OUTCOMES)
    fact = outcome("deposit_closed", "deposit closed", "The deposit is closed.", "status")
    assert states_fact("It was closed on 18 January 2026, when ₹1,32,570.93 was paid out.", fact, before="I found deposit FD3KP2BXMZ.")
