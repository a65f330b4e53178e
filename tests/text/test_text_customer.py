"""The text layer's reading of a customer: its scenario (one parser), what it wants, how it answers, ends and writes.

Each rule has a case that fails without it and a case of the same rule phrased another way
(English, Hinglish, Hindi).
"""

from __future__ import annotations

import pytest

from tau_indian_bank.paths import ROBUST_TASKS_FILE, TASKS_FILE
from tau_indian_bank.tasks.suite_files import load_suite
from tau_indian_bank.text import affirmation
from tau_indian_bank.text.records import ifsc_codes
from tau_indian_bank.text.replies import closing_only, ending, without_ending
from tau_indian_bank.text.scenario import read_scenario, scenario_of
from tau_indian_bank.text.script import fits_language
from tau_indian_bank.text.speech import informs
from tau_indian_bank.text.wants import missing_terms, objection, says_cue, unknown_kinds, unknown_records, unknown_words

TASKS = {t["id"]: t for t in (*load_suite(TASKS_FILE), *load_suite(ROBUST_TASKS_FILE))}


def scenario(task_id: str):
    return read_scenario(scenario_of(TASKS[task_id]))


def test_the_scenario_reads_the_same_from_a_task_as_from_tau2s_rendering():
    from tau2.data_model.tasks import Task

    from tau_indian_bank.participants.scenario import parse_scenario

    for task_id in ("seq_fd_close_0001", "rob_change_of_mind_fd_amount_0001", "rob_code_mixed_fd_close_0001"):
        ours, tau2s = scenario(task_id), parse_scenario(str(Task.model_validate(TASKS[task_id]).user_scenario))
        for field in ("opening", "facts", "wants", "cues", "must_name", "language", "request", "accepts_other_record", "unknown"):
            assert getattr(ours, field) == getattr(tau2s, field), (task_id, field)


def test_the_scenario_keeps_unknown_info_and_what_the_customer_brings_itself():
    found = scenario("rob_change_of_mind_fd_amount_0001")
    assert found.unknown == "You do not know the interest rate or the maturity amount."
    assert "₹3,25,000" in found.own and "(you first ask" not in found.own and "Accept the rate" not in found.own
    assert found.must_name == ("₹3,25,000",) and found.language == "en" and not found.declines
    assert scenario("rob_decline_fd_close_0001").declines and scenario("rob_code_mixed_fd_close_0001").language == "hindi"


@pytest.mark.parametrize(
    "task_id, kinds",
    [
        ("seq_fd_close_0001", {"percent", "amount", "number"}),  # payout, interest rate, penalty, deposit number
        ("rob_change_of_mind_fd_amount_0001", {"percent", "amount"}),  # the interest rate or the maturity amount
        ("edge_overdue_escalate_0004", {"date"}),  # the request's due date
        ("seq_card_block_replace_0001", set()),  # how long a replacement card takes
    ],
)
def test_the_kinds_of_figure_a_scenario_does_not_know(task_id, kinds):
    assert unknown_kinds(scenario(task_id)) == kinds


@pytest.mark.parametrize(
    "task_id, records",
    [
        ("seq_fd_close_0001", {"FD", "RD"}),  # "You do not know the deposit number."
        ("rob_unseen_tool_branch_ifsc_0001", {"IFSC"}),  # "… the branch's name or its IFSC code."
        ("rob_change_of_mind_fd_amount_0001", set()),  # no number unknown
    ],
)
def test_whose_numbers_a_scenario_does_not_know(task_id, records):
    assert unknown_records(scenario(task_id)) == records


def test_the_words_that_name_what_a_scenario_does_not_know():
    assert unknown_words(scenario("seq_fd_close_0001")) == {"payout", "interest", "rate", "penalty"}  # not "deposit", "number"
    assert unknown_words(scenario("edge_overdue_escalate_0004")) == {"due", "date"}


def test_ifsc_codes():
    assert ifsc_codes("The IFSC is BSBK0752201.") == {"BSBK0752201"} and ifsc_codes("ifsc bsbk0338226 hai") == {"BSBK0338226"}
    assert ifsc_codes("account 501070070595, card CARDKU733CF7") == frozenset()


def test_what_a_scenario_wants_of_a_proposal():
    card = scenario("seq_card_block_replace_0001")  # debit card ending 5490, to be blocked
    assert objection(card, "Shall I block your debit card ending 5490?", "Shall I block your debit card ending 5490?") is None
    other = objection(card, "Shall I block your debit card ending 6661?", "Shall I block your debit card ending 6661?")
    assert other is not None and other.reason == "record" and other.detail == "5490"
    hinglish = objection(card, "Kya main aapka card ending 5490 freeze kar dun?", "Kya main aapka card ending 5490 freeze kar dun?")
    assert hinglish is not None and hinglish.reason == "change" and hinglish.detail == "freeze"
    terms = scenario("rob_change_of_mind_fd_amount_0001")
    assert missing_terms(terms, "I will open a deposit of ₹6,50,000. Shall I?") == ["₹3,25,000"]
    assert missing_terms(terms, "I will open a deposit of 3.25 lakh rupees. Shall I?") == []


@pytest.mark.parametrize(
    "task_id, turn, said",
    [
        # a figure line: the new figure, in any writing
        ("rob_change_of_mind_fd_amount_0001", "Actually, make it 3.25 lakh instead.", "yes"),
        ("rob_change_of_mind_fd_amount_0001", "Yes, go ahead with the 24 months.", "no"),
        ("rob_wrong_info_card_ending_0001", "Oh sorry, my mistake, it's 0915.", "yes"),
        ("rob_wrong_info_card_ending_0001", "Haan, galti ho gayi, 0915 wala card hai.", "yes"),
        # a decline line: a no
        ("rob_decline_fd_close_0001", "Hmm, no, leave it.", "yes"),
        ("rob_decline_fd_close_0001", "नहीं, रहने दीजिए।", "yes"),
        ("rob_decline_fd_close_0001", "What is the penalty exactly?", "no"),
        # a line without figures: its words (of a change of mind, those not in the opening line)
        ("rob_contradiction_cheque_cleared_0001", "Are you sure? I'm certain it hasn't been paid yet. Please stop it anyway.", "yes"),
        ("rob_contradiction_cheque_cleared_0001", "Oh, okay. Thanks.", "no"),
        (
            "rob_change_of_mind_card_channel_0002",
            "Sorry, changed my mind - keep contactless on and switch off online payments instead.",
            "yes",
        ),
        ("rob_change_of_mind_card_channel_0002", "Hello, please turn off tap-to-pay (contactless) payments on my debit card.", "no"),
    ],
)
def test_a_cue_line_said_in_the_customers_own_words(task_id, turn, said):
    found = scenario(task_id)
    assert says_cue(found, found.cues[0], turn) == said


@pytest.mark.parametrize(
    "reply, answer",
    [
        ("Hmm, no, leave it.", "no"),
        ("Oh, nahi, rehne dijiye.", "no"),
        ("अच्छा, नहीं, रहने दीजिए।", "no"),
        ("Well, no problem, go ahead.", "yes"),
        ("Oh okay, go ahead.", "yes"),
    ],
)
def test_a_refusal_after_an_interjection(reply, answer):
    assert affirmation(reply) == answer


@pytest.mark.parametrize(
    "reply, answer",
    [
        ("Okay, I understand. No need, I will add money to the account and come back later. Thank you.", "no"),
        ("Ok no need, thanks.", "no"),
        ("Theek hai, zaroorat nahi.", "no"),
        ("ठीक है, रहने दीजिए।", "no"),
        ("Fine, don't close it.", "no"),
        ("Okay.", "yes"),
        ("Okay, no problem, go ahead.", "yes"),
        ("Theek hai, kar dijiye.", "yes"),
    ],
)
def test_an_acknowledgement_then_a_refusal_is_a_no(reply, answer):
    assert affirmation(reply) == answer


@pytest.mark.parametrize(
    "text, how, closing",
    [
        ("No, that's all. Thank you! ###STOP###", "stop", True),
        ("Bas, itna hi chahiye tha. Dhanyavaad! ###STOP###", "stop", True),
        ("बस, इतना ही। धन्यवाद! ###STOP###", "stop", True),
        ("Okay, thank you. ###TRANSFER###", "transfer", True),
        ("My savings account ending 4821. ###STOP###", "stop", False),
        ("I'd rather not share that.", None, False),
        ("I cannot go on from here. ###OUT-OF-SCOPE###", "out_of_scope", False),
    ],
)
def test_how_a_customer_ends_and_whether_it_only_closes(text, how, closing):
    assert ending(text) == how and closing_only(text) is closing and "###" not in without_ending(text)


@pytest.mark.parametrize(
    "text, language, fits",
    [
        ("हाँ जी, please go ahead.", "hindi", True),
        ("Yes, please go ahead with it.", "hindi", False),
        ("Haan ji, kar dijiye please.", "hindi", False),
        ("Haan ji, please go ahead.", "hinglish", True),
        ("Jaisa maine bataya: I want to close the deposit.", "hinglish", True),
        ("I need the money for a medical bill.", "hinglish", False),
        ("हाँ, कृपया बंद कर दीजिए।", "hinglish", False),
        ("Haan ji, please go ahead.", "en", True),
        ("Thank you, धन्यवाद", "en", True),
        ("Mujhe yeh nahi pata, aap bataiye.", "en", False),
        ("मुझे यह नहीं पता।", "en", False),
        ("ok", "hindi", None),
        ("haan ji", "en", None),
        ("Yes 4821", "hindi", None),
    ],
)
def test_a_turn_in_its_scenarios_language(text, language, fits):
    assert fits_language(text, language) is fits


@pytest.mark.parametrize(
    "message, tells",
    [
        ("Sure, I can help you with that.", False),
        ("I'm sorry to hear that.", False),
        ("ठीक है।", False),
        ("One moment, let me check your deposits.", False),
        ("Which deposit would you like to close?", False),
        ("Is there anything else I can help you with?", False),
        ("I'm sorry, but a closed deposit cannot be reopened.", True),
        ("Cheque 048426 was already cleared.", True),
        ("Aapka card freeze ho gaya hai.", True),
        ("आपका कार्ड फ्रीज हो गया है।", True),
    ],
)
def test_a_message_that_tells_the_customer_something(message, tells):
    assert informs(message) is tells


@pytest.mark.parametrize(
    "reply, answer",
    [
        # A live customer's reply the oracle acted on (qualification run, 4 December 2026): "yes" is mentioned, not given.
        ("Before I say yes, is TXNAMHZM7W3 the ₹4,620 UPI payment to Rosemary Kurian on 16 June 2026? And the rule?", "unclear"),
        ("Okay, tell me first whether this is the right transaction.", "unclear"),
        ("Yes, first tell me the penalty.", "unclear"),
        ("Before I confirm, which account will the money go to?", "unclear"),
        ("Yes please, go ahead before the cut-off.", "yes"),
        ("Yes, go ahead. Tell me the reference number after.", "yes"),
    ],
)
def test_a_yes_held_back_until_a_question_is_answered_is_no_go_ahead(reply, answer):
    assert affirmation(reply) == answer
