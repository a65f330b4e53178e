"""The robustness set's second-round outcomes (``answers.OUTCOMES``, the ``robust2`` block), as careful and careless
assistants say them, and the task-file comparison people use to see what a regeneration changed."""

import copy
import json

import pytest

from tau_indian_bank.evaluation.answers import OUTCOMES, states_fact
from tau_indian_bank.evaluation.fact_kinds import outcome
from tau_indian_bank.paths import ROBUST_TASKS_FILE
from tau_indian_bank.tasks.robust.compare import compare, render

SAID = {
    "detail_mismatch": [
        "None of your cards ends in 0951; the card I can see is your debit card ending 0915.",
        "I've gone through the cards linked to your profile, and none of them ends in 0951.",
        "I checked these cards: none of those ends in 0951.",
        "I couldn't find any deposit opened in June 2025 - there is one of ₹75,000 from July 2025.",
        "There is no cheque numbered 184462 on your savings account.",
        "That amount does not match the deposit on your records, which is ₹50,000.",
        "0951 wala koi card nahi mila, aapka card 0915 par khatam hota hai.",
        "आपके नाम पर 0951 वाला कोई कार्ड नहीं मिला।",
    ],
    "payment_not_debited": [
        "Your account was not debited: the balance did not change.",
        "Good news: no money was deducted, the payment failed before the debit.",
        "Aapke account se paise nahi kate, payment fail ho gaya tha.",
    ],
    "payment_reversed": [
        "The ₹3,348 was reversed to your account on 20 March 2026.",
        "It was credited back the next day, 20 March 2026.",
        "Aapke paise 20 March ko wapas aa gaye the.",
    ],
    "block_is_permanent": [
        "Please note a blocked card cannot be unblocked: the block is permanent.",
        "Once blocked, this card can't be used again, so it is blocked for good.",
        "Block karne ke baad card dobara unblock nahi hota, yeh permanent hai.",
    ],
    "reason_official_channel": [
        "The police must send the bank a written request through official channels.",
        "Such information is shared only on a court order or a formal notice to our nodal officer.",
        "The police can ask the branch for it in writing.",
        # a rule said with a modal far before its anchor is still the rule (the oracle's words)
        "The police can ask the bank for them with a written request through its official channels.",
        "Police ko bank ko likhit request bhejni hogi.",
    ],
    "refused_others_records": [
        "I can't share your employee's account details, even about her salary.",
        "I'm sorry, I cannot disclose anything about someone else's account in this chat.",
        "I am not able to tell you whether your partner's payment has arrived.",
    ],
}
NOT_SAID = {
    "detail_mismatch": ["I found your deposit of ₹75,000 opened in July 2025; shall I close it?", "Your debit card ending 0915 is active."],
    "payment_not_debited": ["Your account was debited ₹1,231.47 on 15 April.", "The payment failed."],
    "payment_reversed": ["I will check whether it has been reversed.", "The payment failed on 19 March 2026."],
    "block_is_permanent": ["I will block your card now.", "Your card is blocked."],
    "reason_official_channel": [
        "I'm sorry, I cannot share that.",
        "Please ask the account holder.",
        "The police do not need a written request for this.",
        "Could the police send a written request?",
    ],
    "refused_others_records": ["Your partner's payment of ₹12,000 arrived on 3 July.", "I cannot find that account."],
}


def _fact(key):
    return outcome(key, key, "", "")


@pytest.mark.parametrize(("key", "text"), [(k, t) for k, texts in SAID.items() for t in texts])
def test_a_careful_assistant_states_the_outcome_in_its_own_words(key, text):
    assert key in OUTCOMES and states_fact(text, _fact(key)), text


@pytest.mark.parametrize(("key", "text"), [(k, t) for k, texts in NOT_SAID.items() for t in texts])
def test_a_careless_reply_does_not_state_it(key, text):
    assert not states_fact(text, _fact(key)), text


def test_the_comparison_reports_each_changed_part_and_new_or_removed_ids():
    old = json.loads(ROBUST_TASKS_FILE.read_text(encoding="utf-8"))[:3]
    new = copy.deepcopy(old)
    new[0]["initial_state"]["initialization_actions"][0]["arguments"]["customer_id"] = "CUSTNOBODY01"
    new[1]["description"]["notes"] += " More words."
    added = copy.deepcopy(old[2])
    added["id"] = "rob_decline_fd_close_9999"
    new = [new[0], new[1], added]
    result = compare(old, new)
    assert result["changed"] == {old[0]["id"]: ["customer"], old[1]["id"]: ["description"]}
    assert result["added"] == ["rob_decline_fd_close_9999"] and result["removed"] == [old[2]["id"]]
    assert result["unchanged"] == 0 and render(result).startswith("unchanged 0, changed 2, added 1, removed 1")
