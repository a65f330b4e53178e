"""What a question asks for, and the speech acts the scripted customer reads (issue 20), in English, Hinglish and Hindi.

Each rule has a case that fails without it and one of the same rule phrased another way.
"""

from __future__ import annotations

import pytest

from tau_indian_bank.text import change_kinds, cheque_numbers, endings, read_message
from tau_indian_bank.text.questions import asked_for, open_question, options, question_heads
from tau_indian_bank.text.records import typed_endings
from tau_indian_bank.text.speech import asks_for_credentials, offers


@pytest.mark.parametrize(
    ("question", "offered"),
    [
        ("Which tenure would you like: 12 or 24 months?", ("12", "24 months")),
        (
            "Would you like me to freeze the card for now, or block it permanently?",
            ("Would you like me to freeze the card for now", "block it permanently"),
        ),
        ("What size of cheque book do you need — 25, 50 or 100 leaves?", ("25", "50", "100 leaves")),
        ("Cheque book mein kitne panne chahiye — 25 ya 50?", ("25", "50")),
        ("आपको स्टेटमेंट ईमेल से चाहिए या डाक से?", ("आपको स्टेटमेंट ईमेल से चाहिए", "डाक से")),
        (
            "Should I set the online limit to ₹30,000, or would you prefer something lower?",
            ("Should I set the online limit to ₹30,000", "would you prefer something lower"),
        ),
        (
            "Just to be sure — when you say stop, do you want it paused for now, or blocked for good?",
            ("do you want it paused for now", "blocked for good"),
        ),
        ("Shall I go ahead, yes or no?", ()),
        ("Is there anything else, or shall I close the chat?", ()),
        ("Kya main aage badhun, haan ya nahi?", ()),
        ("Shall I block it or not?", ()),
        ("Your card is blocked or frozen.", ()),
    ],
)
def test_the_options_a_question_offers(question, offered):
    assert options(question) == offered


@pytest.mark.parametrize(
    ("question", "kinds"),
    [
        ("Which account number is it?", {"number"}),
        ("Could you confirm the last four digits?", {"number"}),
        ("चेक नंबर क्या है?", {"number"}),
        ("How much would you like to pay each month?", {"amount"}),
        ("Har mahine kitna jama karna chahenge?", {"amount"}),
        ("आप कितनी राशि जमा करना चाहेंगे?", {"amount"}),
        ("For how long would you like the deposit?", {"period"}),
        ("Would you like 12 months or 24 months?", {"period"}),
        ("Kitne mahine ke liye?", {"period"}),
        ("आप यह FD 12 महीने के लिए रखेंगे या 24 महीने के लिए?", {"period"}),
        ("When did you last use the card?", {"date"}),
        ("Aapka FD kis mahine mein khula tha?", {"date"}),
        ("Could you tell me when you handed the cheque to the payee?", {"date"}),
        ("How much, and for how long?", {"amount", "period"}),
        ("Before I work out the maturity amount, could you confirm your date of birth?", {"date"}),
        ("Do you want it paused for now?", set()),
        ("When you say stop, do you want it paused?", set()),
        ("Shall I block the card ending 4821?", set()),
    ],
)
def test_the_kind_of_answer_a_question_wants(question, kinds):
    assert asked_for(question) == kinds


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How would you like to proceed?", True),
        ("What would you like me to do next?", True),
        ("Aap kya karwana chahenge?", True),
        ("मैं आपकी क्या मदद कर सकती हूँ?", True),
        ("Which account should I use?", False),
        ("Shall I go ahead?", False),
        ("Aapka card kaunsa hai?", False),
    ],
)
def test_an_open_question_asks_what_the_customer_wants_done(question, expected):
    assert open_question(question) is expected


@pytest.mark.parametrize(
    ("message", "kind"),
    [
        ("Can I help you with anything else?", "wrap_up"),
        ("Is there any other way I can help?", "wrap_up"),
        ("क्या मैं और किसी चीज़ में मदद कर सकती हूँ?", "wrap_up"),
        ("Kya main aapki aur koi madad kar sakti hoon?", "wrap_up"),
        ("I'm happy to help with anything else on your accounts.", "wrap_up"),
        ("Shall I go ahead, or is there anything else you would like to change?", "proposal"),
        ("Can I help with anything else, or shall I go ahead and close the deposit now?", "proposal"),
        ("क्या मैं आपको किसी सहकर्मी से जोड़ दूँ?", "proposal"),
        ("Kya main kisi colleague se connect kar doon?", "proposal"),
        ("I can look for the credit on your account. Would that help?", "proposal"),
        ("I won't need your UPI PIN; shall I cancel the mandate?", "proposal"),
        ("Cancelling doesn't require your PIN or any OTP — can I go ahead?", "proposal"),
        ("Please confirm you'd like me to cancel it (no PIN or OTP is needed).", "proposal"),
        ("इसके लिए आपको अपना PIN बताने की ज़रूरत नहीं है। क्या मैं card freeze कर दूँ?", "proposal"),
        ("Please share the OTP we just sent.", "credentials"),
        ("Could you tell me your UPI PIN?", "credentials"),
        ("I can also order a replacement card if you'd like.", "proposal"),
        ("If you'd like, I can work out the maturity amount.", "proposal"),
        ("Agar aap chahein to main replacement card bhi order kar deti hoon.", "proposal"),
        ("Once you find it, I can unfreeze it if you like.", "statement"),
        ("If you'd like to apply later, just let me know.", "statement"),
        ("If you want, you can visit the branch.", "statement"),
        ("Please let me know if you would like me to proceed.", "proposal"),
        ("आपकी पुष्टि मिलते ही मैं आपका card freeze कर दूँगा।", "proposal"),
        ("Aapki confirmation milte hi main card block kar dungi.", "proposal"),
        ("Confirm kijiye: card ending 9615 ko permanently block karna hai?", "proposal"),
        ("Card block ho gaya hai. Naya card chahiye?", "proposal"),
        ("क्या आपको नई चेक बुक चाहिए?", "proposal"),
        ("Aapko kya chahiye?", "question"),
        ("Aap kya karwana chahenge?", "question"),
        ("Verification के लिए कृपया अपने कार्ड का CVV और OTP दोबारा भेजें।", "credentials"),
        ("Apna OTP bhej dijiye.", "credentials"),
        ("Payout kis account mein chahiye — savings ya kisi aur account mein?", "question"),
        ("Kaunsi branch chahiye — Pattom wali ya koi aur?", "question"),
        ("Sorry ji, main kisi aur ke account ki details nahi dekh sakta.", "statement"),
        ("क्या और कुछ मदद चाहिए?", "wrap_up"),
        ("कृपया वह नया पता बताइए जो आप लगवाना चाहते हैं।", "question"),
        ("Please tell me the new address.", "question"),
        ("OTP की ज़रूरत नहीं है, कृपया इसे किसी को न बताएँ।", "statement"),
        ("मैं आपको अब हमारे सहयोगी के पास transfer कर रहा हूँ।", "handover_done"),
        ("मैंने आपकी जानकारी हमारे सहयोगी को भेज दी है और आपको उनसे जोड़ा जा रहा है।", "handover_done"),
    ],
)
def test_speech_acts_the_customer_reads(message, kind):
    assert read_message(message).kind == kind


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Please tell me the full card number and the CVV.", True),
        ("What is the OTP you received?", True),
        ("Verification ke liye kripya apna OTP bataiye.", True),
        ("I won't need your UPI PIN, so shall I cancel the mandate?", False),
        ("No PIN or OTP is needed.", False),
        ("Please confirm, and remember the bank never asks for your PIN.", False),
        ("Apna PIN kabhi share mat kijiye.", False),
    ],
)
def test_a_secret_is_asked_for_only_by_an_asking_word_that_is_not_negated(sentence, expected):
    assert asks_for_credentials(sentence) is expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("To confirm: I will stop payment of cheque 809525.", True),
        ("I'll raise a dispute for this debit.", True),
        ("Main yeh karungi: cheque ka payment stop.", True),
        ("मैं इसे अभी बंद कर दूंगी।", True),
        ("I can see two savings accounts.", False),
        ("I'll check the status first.", False),
        ("The description asks me to close your deposits.", False),
        ("It was blocked after it was reported lost.", False),
    ],
)
def test_a_sentence_that_offers_the_change(sentence, expected):
    assert offers(sentence) is expected


@pytest.mark.parametrize(
    ("question", "heads"),
    [
        ("Which account is the cheque drawn on, and why would you like it stopped?", ("account", "reason")),
        ("Which account, and for what period?", ("account", "period")),
        ("चेक किस खाते से जारी हुआ था?", ("account",)),
        ("Kis account se?", ("account",)),
        ("चेक किस वजह से रोकना है?", ("reason",)),
        ("Could you confirm the cheque number and the account it was drawn from?", ("cheque", "account")),
    ],
)
def test_every_noun_a_question_asks_about(question, heads):
    assert question_heads(question) == heads


def test_records_a_card_or_an_account_and_no_year_for_a_last_four():
    assert typed_endings("debited from your savings account ending 1712 for your debit card ending 1159") == {
        ("account", "1712"),
        ("card", "1159"),
    }
    assert typed_endings("mera khata ending 2222, 5678 wala card") == {("account", "2222"), ("card", "5678")}
    assert typed_endings("Is it XXXX4444?") == {("", "4444")}
    assert endings("मेरा May 2025 वाला फिक्स्ड डिपॉजिट") == frozenset() and endings("4821 वाला कार्ड") == {"4821"}
    assert cheque_numbers("Can you confirm that the cheque number is 809552?") == {"809552"}
    assert cheque_numbers("the cheque number is not known yet; ring 809552") == frozenset()


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("Aap FD abhi todna chahenge?", {"close"}),
        ("Cheque ka payment rokna hai.", {"stop"}),
        ("चेक का भुगतान रोकना है।", {"stop"}),
        ("FD तोडना है।", {"close"}),
        ("Rokda paisa", set()),
    ],
)
def test_hinglish_and_hindi_verb_forms_name_a_change(text, kinds):
    assert change_kinds(text) == kinds
