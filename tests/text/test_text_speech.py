"""Record mentions, speech acts of an assistant message and customer answers, in English, Hinglish and Hindi."""

from __future__ import annotations

import pytest

from tau_indian_bank.text import (
    affirmation,
    announces_lookup,
    asks_for_yes,
    bank_ids,
    cheque_numbers,
    endings,
    mentions,
    question_head,
    read_message,
)


def test_last_four_cheque_numbers_and_ids():
    assert endings("card ending 4821, XXXX1234, ****2222, last 4 digits are 3333, 5678 wala card, अंतिम चार अंक 9999") == {
        "4821",
        "1234",
        "2222",
        "3333",
        "5678",
        "9999",
    }
    assert cheque_numbers("cheque 239096 का payment, चेक नंबर 123456, cheque no. 654321") == {"239096", "123456", "654321"}
    assert bank_ids("deposit fdcfh5s2zc, SR477VIQXO and account 501076319343") == {"FDCFH5S2ZC", "SR477VIQXO", "501076319343"}


@pytest.mark.parametrize(
    ("text", "token", "expected"),
    [
        ("card ending 4821.", "4821", True),
        ("number 148210", "4821", False),
        ("₹1,4821", "4821", False),
        ("₹2,20,000.00 from", "₹2,20,000", True),
        ("deposit FDCFH5S2ZC,", "fdcfh5s2zc", True),
        ("XFDCFH5S2ZC", "FDCFH5S2ZC", False),
        ("Gupta Kirana Store", "gupta kirana", True),
    ],
)
def test_one_rule_for_naming_a_token(text, token, expected):
    assert mentions(text, token) is expected


@pytest.mark.parametrize(
    ("message", "kind"),
    [
        ("Shall I block the card ending 4821?", "proposal"),
        ("Would you like me to transfer you to a colleague?", "proposal"),
        ("Please confirm and I will go ahead.", "proposal"),
        ("Kya main aapka card ending 4821 block kar dun?", "proposal"),
        ("क्या मैं 25 पन्नों वाली चेक बुक का ऑर्डर कर दूँ?", "proposal"),
        ("Card block kar dun?", "proposal"),
        ("Which account should I use?", "question"),
        ("How would you like to proceed?", "question"),
        ("कौन सा खाता?", "question"),
        ("Kaunsa account use karun?", "question"),
        ("Please share the OTP you just received.", "credentials"),
        ("कृपया अपना ओटीपी बताइए।", "credentials"),
        ("Never share your PIN with anyone.", "statement"),
        ("अपना पिन कभी किसी को न बताएं।", "statement"),
        ("I am transferring you to a colleague now.", "handover_done"),
        ("Main aapko hamare colleague se connect kar raha hoon.", "handover_done"),
        ("मैं आपको हमारे सहकर्मी को ट्रांसफर कर रहा हूं।", "handover_done"),
        ("If you like, I can transfer you to a colleague.", "proposal"),  # an offer made now (issue 20): the customer answers it
        ("Is there anything else I can help you with?", "wrap_up"),
        ("Aur kuch madad chahiye?", "wrap_up"),
        ("क्या मैं आपकी और कुछ मदद कर सकता हूं?", "wrap_up"),
        ("क्या मैं आपकी और किसी चीज़ में मदद कर सकता हूँ?", "wrap_up"),
        ("Naya card chahiye?", "proposal"),
        ("Confirm kijiye: debit card ending 9615 ko permanently block karna hai?", "proposal"),
        ("आपकी पुष्टि मिलते ही मैं आपका debit card ending 6864 अस्थायी रूप से freeze कर दूँगा।", "proposal"),
        ("कृपया वह नया पता बताइए जो आप लगवाना चाहते हैं।", "question"),
        ("Please tell me the new address.", "question"),
        ("कृपया इसे किसी को न बताएँ।", "statement"),
        ("आपको हमारे सहयोगी से जोड़ा जा रहा है।", "handover_done"),
        ("Kaunsi branch chahiye — Pattom wali ya koi aur?", "question"),
        ("और कुछ?", "wrap_up"),
        ("Your card is blocked.", "statement"),
    ],
)
def test_speech_acts_of_an_assistant_message(message, kind):
    assert read_message(message).kind == kind


@pytest.mark.parametrize(
    ("question", "head"),
    [
        ("Which account is the cheque book for?", "account"),
        ("How many leaves would you like?", "leaves"),
        ("Why do you want to stop it?", "reason"),
        ("कौन सा खाता?", "account"),
        ("Kaunsa card?", "card"),
        ("Kitne mahine ke liye?", "months"),
        ("Aap ise kyun band karna chahte hain?", "reason"),
    ],
)
def test_the_head_of_a_question(question, head):
    assert question_head(question) == head


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        ("To confirm: I will block your card ending 4821. Shall I go ahead?", True),
        ("Is that okay?", True),
        ("Would you like me to do that?", True),
        ("क्या मैं 25 पन्नों वाली चेक बुक का ऑर्डर कर दूँ?", True),
        ("Kya main aapka card block kar dun?", True),
        ("Card block kar dun?", True),
        ("आगे बढ़ूं?", True),
        ("Theek hai?", True),
        ("Your card ending 4821 is blocked.", False),
        ("Your cheque book has been ordered.", False),
    ],
)
def test_a_proposal_asks_for_a_yes(turn, expected):
    assert asks_for_yes(turn) is expected


def test_a_message_that_only_announces_a_look_up():
    assert announces_lookup("Let me check that for you.") and announces_lookup("Ek minute, main check kar raha hoon.")
    assert announces_lookup("कृपया प्रतीक्षा करें, मैं देखता हूँ।") and not announces_lookup("Your card is blocked.")


@pytest.mark.parametrize(
    ("reply", "answer"),
    [
        ("Yes, please go ahead.", "yes"),
        ("Sure.", "yes"),
        ("Please block it.", "yes"),
        ("No problem, go ahead.", "yes"),
        ("Haan ji, please go ahead.", "yes"),
        ("Theek hai, kar dijiye.", "yes"),
        ("Ji.", "yes"),
        ("हाँ जी, कर दीजिए।", "yes"),
        ("ठीक है।", "yes"),
        ("बिल्कुल", "yes"),
        ("No, don't.", "no"),
        ("Wait, not yet.", "no"),
        ("Please don't close it.", "no"),
        ("I changed my mind.", "no"),
        ("Nahi, abhi mat karo.", "no"),
        ("Abhi rehne do.", "no"),
        ("जी नहीं।", "no"),
        ("नहीं, अभी मत कीजिए।", "no"),
        ("रहने दीजिए।", "no"),
        ("Bilkul nahi.", "no"),
        ("Yes, but only if there is no penalty.", "unclear"),
        ("What is the penalty?", "unclear"),
        ("Haan, lekin pehle batao.", "unclear"),
        ("हां, लेकिन पहले जुर्माना बताइए।", "unclear"),
        ("Kitna penalty lagega?", "unclear"),
        ("Hmm.", "none"),
        ("₹2,20,000", "none"),
        ("My savings account ending 8106.", "none"),
    ],
)
def test_customer_answers_to_a_proposal(reply, answer):
    assert affirmation(reply) == answer


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("Shall I block the card ending 4821?", {"block"}),
        ("Shall I freeze it for now?", {"freeze"}),
        ("I can unblock it or block it permanently.", {"unfreeze", "block"}),
        ("Kya main card freeze kar dun?", {"freeze"}),
        ("क्या मैं आपका एफडी बंद कर दूं?", {"close"}),
        ("Should I stop the cheque?", {"stop"}),
        ("Shall I transfer you to a colleague?", {"handover"}),
        ("Please write in block letters.", set()),
    ],
)
def test_the_kinds_of_change_a_text_names(text, kinds):
    from tau_indian_bank.text import change_kinds

    assert change_kinds(text) == kinds
