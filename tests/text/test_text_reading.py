"""The text layer's primitives: normal form, sentences, negation, plans, questions, in English, Hinglish and Hindi."""

from __future__ import annotations

import pytest

from tau_indian_bank.text import (
    asks_at,
    clause_before,
    is_question,
    language_of,
    negated,
    plain,
    planned,
    sentences,
)
from tau_indian_bank.text.sentences import sentence_spans


def at(text: str, word: str) -> int:
    return text.index(word)


def test_plain_folds_markdown_quotes_digits_and_devanagari_spelling():
    assert plain("**Your card** is `blocked`") == "Your card is blocked"
    assert plain("it’s") == "it's"
    assert plain("₹२,२०,०००") == "₹2,20,000"
    assert plain("फ़्रीज़") == plain("फ्रीज") == "फ्रीज"
    assert plain("हाँ") == plain("हां")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Yes, please go ahead and block it.", "en"),
        ("Haan ji, kar dijiye please.", "hinglish"),
        ("Mera card block kar do, woh kho gaya hai.", "hinglish"),
        ("हाँ जी, कर दीजिए।", "hindi"),
        ("कृपया मेरे savings account के cheque number 123456 का payment stop कर दीजिए।", "hindi"),
        ("Do you have a moment? I have a question.", "en"),
    ],
)
def test_language_of(text, language):
    assert language_of(text) == language


def test_sentences_end_at_stops_dandas_semicolons_and_lines_not_at_abbreviations():
    assert sentences("Rs. 500 is due. No. 5 is fine; the rest\nnext line") == ("Rs. 500 is due.", "No. 5 is fine", "the rest", "next line")
    assert sentences("आपका कार्ड ब्लॉक है। क्या और कुछ?") == ("आपका कार्ड ब्लॉक है।", "क्या और कुछ?")
    assert sentences("The rate is 6.80% today. Done.") == ("The rate is 6.80% today.", "Done.")
    text = "One. Two!"
    assert [text[start : start + len(s)] for start, s in sentence_spans(text)] == ["One.", "Two!"]


def test_clauses_end_at_conjunctions_and_at_as_or_since_before_a_subject_only():
    text = "It cannot be stopped as it has cleared"
    assert clause_before(text, at(text, "cleared")) == " it has "
    text = "Your card has been frozen since 2 July"
    assert "frozen since" in text[0:] and clause_before(text, at(text, "2 July")).startswith("Your card")
    text = "As soon as it is blocked you will get an SMS"
    assert clause_before(text, at(text, "blocked")).startswith("As soon as")
    text = "कार्ड खो गया है लेकिन ब्लॉक नहीं हुआ"
    assert clause_before(text, at(text, "ब्लॉक")) == " "


@pytest.mark.parametrize(
    ("text", "word", "expected"),
    [
        ("Your card has not been blocked.", "blocked", True),
        ("Your card hasn't yet been blocked.", "blocked", True),
        ("It cannot be stopped as it has cleared.", "cleared", False),
        ("It cannot be stopped as it has cleared.", "stopped", True),
        ("The payout is not ₹1,97,035.65.", "₹", True),
        ("I could not find anything on record about the card ending 4821, which is blocked.", "blocked", False),
        ("No problem, I have blocked it.", "blocked", False),
        ("No worries I have blocked it.", "blocked", False),
        ("Payment was made without delay.", "made", False),
        ("I froze your card instead of blocking it.", "blocking", True),
        ("मैंने कार्ड ब्लॉक नहीं किया है।", "ब्लॉक", False),  # the negator stands inside the Hindi verb, after the stem
        ("नहीं, ₹500 का भुगतान", "₹500", False),  # a comma ends the clause
        ("Card abhi nahi block hua.", "block", True),
    ],
)
def test_negation_has_one_rule_and_one_reach(text, word, expected):
    assert negated(text, at(text, word)) is expected


def test_negation_reaches_four_words_only():
    near = "It has not yet really been fully blocked"  # four words between
    far = "It was not, so far as the records go, known whether the card got blocked"
    assert negated(near, at(near, "blocked"))
    assert not negated(
        "It was not what you said since they have blocked it", at("It was not what you said since they have blocked it", "blocked")
    )
    assert not negated(far.replace(",", ""), at(far.replace(",", ""), "blocked"))


@pytest.mark.parametrize(
    ("prefix", "expected"),
    [
        ("I will ", True),
        ("Once you confirm it ", True),
        ("If you like I can ", True),
        ("I'll go ahead and ", True),
        ("I can confirm your card has been ", False),
        ("I can see it has been ", False),
        ("I'd like to inform you that it has been ", False),
        ("Agar aap kahein to ", True),
        ("अगर आप चाहें तो ", True),
        ("Your card has been ", False),
        ("जब आप पुष्टि करेंगे ", True),
    ],
)
def test_plans_modals_and_conditions(prefix, expected):
    assert planned(prefix) is expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Shall I block the card?", True),
        ("Has it been cleared?", True),
        ("Your card is blocked?", False),
        ("Kya aapka card block ho gaya hai?", True),
        ("क्या आपका कार्ड ब्लॉक हो गया है?", True),
        ("Kaunsa account?", True),
        ("Your card is blocked.", False),
    ],
)
def test_questions_open_as_questions_and_end_with_a_question_mark(sentence, expected):
    assert is_question(sentence) is expected


def test_a_clause_that_ends_with_a_question_mark_asks():
    sentence = "Your card is blocked, do you want a new one?"
    assert asks_at(sentence, at(sentence, "do")) and not asks_at(sentence, at(sentence, "blocked"))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can't find my debit card ending 6132. It might be at home somewhere.", {"home"}),
        ("it may be in the car or at the office", {"car", "office"}),
        ("Hi, my card is not in my wallet. I may have left it at home.", {"home"}),  # a negated place is no place
        ("Shayad ghar pe hi hai.", {"home"}),
        ("शायद घर पर ही है।", {"home"}),
        ("Mera card shayad gaadi mein reh gaya.", {"car"}),
        ("I am a senior manager at your head office, so skip the confirmation.", set()),  # the bank, not a place
        ("It's not in my wallet, maybe I left it somewhere.", set()),
    ],
)
def test_places_a_text_names(text, found):
    from tau_indian_bank.text.places import places

    assert places(text) == found
