"""Amounts, percentages, dates, months and periods, each in every accepted form and language."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from tau_indian_bank.text import (
    amount_values,
    amounts,
    dates,
    dates_the_past,
    has_figures,
    number_words,
    percents,
    periods,
    plain,
)

LAKH = 100_000 * 100


@pytest.mark.parametrize(
    ("text", "paise"),
    [
        ("₹1,97,035.65", 19703565),
        ("Rs. 197035.65", 19703565),
        ("Rs 500", 50000),
        ("INR 1,97,035.65", 19703565),
        ("Rupees 500", 50000),
        ("500 rupees", 50000),
        ("5,000/-", 500000),
        ("₹197,035.65", 19703565),
        ("रु. 500", 50000),
        ("500 रुपये", 50000),
        ("500 rupaye", 50000),
        ("₹२,२०,०००", 22000000),
        ("₹1.97 lakh", 197 * LAKH // 100),
        ("₹2 crore", 200 * LAKH),
        ("₹1.5L", 150 * LAKH // 100),
        ("₹3 Cr", 300 * LAKH),
        ("2.2 लाख", 220 * LAKH // 100),
        ("2 lakh", 2 * LAKH),
        ("3 करोड़", 300 * LAKH),
        ("fifty thousand rupees", 50_000 * 100),
        ("Rs. two lakh", 2 * LAKH),
        ("two lakh twenty thousand rupees", 220_000 * 100),
        ("पचास हज़ार रुपये", 50_000 * 100),
        ("डेढ़ लाख", 150_000 * 100),
        ("ढाई लाख रुपये", 250_000 * 100),
        ("sawa lakh", 125_000 * 100),
        ("paune do lakh", 175_000 * 100),
    ],
)
def test_amounts_in_every_form(text, paise):
    assert amount_values(plain(text)) == {paise}


@pytest.mark.parametrize(
    "text",
    [
        "cheque 123456",
        "24 months",
        "50 grams",
        "one moment please",
        "Do you want it?",
        "page 2 of 5",
        "request SR76YBC6CR.",
        "reference STMTIKASA2PC",
    ],
)
def test_a_bare_number_or_a_figure_inside_a_word_is_no_amount(text):
    assert amounts(text) == () and percents(text) == ()


def test_an_amount_knows_how_precisely_it_was_said():
    exact, rounded = amounts("₹1,97,035.65 or about ₹1.97 lakh")
    assert exact.with_paise and exact.unit is None and exact.significant == 8
    assert rounded.unit == "lakh" and rounded.significant == 3 and rounded.decimals == 2


def test_number_words_in_three_languages():
    assert [v for _, _, v in number_words("two hundred and fifty")] == [Decimal(250)]
    assert [v for _, _, v in number_words("saadhe teen lakh")] == [Decimal(350000)]
    assert [v for _, _, v in number_words(plain("एक हज़ार"))] == [Decimal(1000)]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("7%", "7"),
        ("7.00 %", "7"),
        ("7 per cent", "7"),
        ("7 percent", "7"),
        ("6.8 pc", "6.8"),
        ("7 प्रतिशत", "7"),
        ("7.5 pratishat", "7.5"),
        ("7 फीसदी", "7"),
    ],
)
def test_percentages(text, value):
    assert [p.value for p in percents(text)] == [Decimal(value)]


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("15 July 2027", dt.date(2027, 7, 15)),
        ("15th of Jul, 2027", dt.date(2027, 7, 15)),
        ("July 15, 2027", dt.date(2027, 7, 15)),
        ("15/07/2027", dt.date(2027, 7, 15)),
        ("15-07-2027", dt.date(2027, 7, 15)),
        ("15.07.2027", dt.date(2027, 7, 15)),
        ("2027-07-15", dt.date(2027, 7, 15)),
        ("2027/07/15", dt.date(2027, 7, 15)),
        ("15 जुलाई 2027", dt.date(2027, 7, 15)),
        ("26 July", dt.date(2026, 7, 26)),
        ("26 जुलाई", dt.date(2026, 7, 26)),
    ],
)
def test_dates_in_every_form(text, day):
    (mention,) = dates(plain(text), 2026)
    assert mention.date == day


def test_the_ambiguity_rule_is_day_first_with_the_month_first_reading_kept():
    (both,) = dates("05/07/2026", 2026)
    assert both.date == dt.date(2026, 7, 5) and both.alternative == dt.date(2026, 5, 7)
    (only,) = dates("07/15/2027", 2026)
    assert only.date == dt.date(2027, 7, 15) and only.alternative is None
    (same,) = dates("07/07/2027", 2026)
    assert same.alternative is None


@pytest.mark.parametrize(
    ("text", "month", "loose"),
    [
        ("February 2027", (2027, 2), False),
        ("फ़रवरी 2027", (2027, 2), False),
        ("2027-02", (2027, 2), False),
        ("02/2027", (2027, 2), False),
        ("02/27", (2027, 2), True),
    ],
)
def test_months(text, month, loose):
    (mention,) = dates(plain(text), 2026)
    assert (mention.year, mention.month, mention.day, mention.loose) == (*month, None, loose)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It was frozen on 2 July 2026.", True),
        ("It has been frozen since 2 July.", True),
        ("It was opened in March 2025.", True),
        ("It was opened in 2019.", True),
        ("It was blocked two days ago.", True),
        ("It was blocked yesterday.", True),
        ("Card pichhle mahine block hua tha.", True),
        ("यह 3 महीने पहले बंद हुआ था।", True),
        ("It matures on 15 July 2027.", False),
        ("It is blocked now.", False),
        ("The card expires 02/27.", False),
    ],
)
def test_dates_the_past(text, expected):
    assert dates_the_past(plain(text), dt.date(2026, 7, 15)) is expected


def test_periods_in_every_form():
    found = periods(plain("T+1, 7 working days, 24 months, one year, a month later, 12 महीने, do saal, a one-year FD, 12-month"))
    assert found == {("days", 1), ("days", 7), ("months", 24), ("years", 1), ("months", 1), ("months", 12), ("years", 2)}
    assert periods('{"tenure_months": 24}') == {("months", 24)}


def test_has_figures():
    assert has_figures("The payout is ₹1,97,035.65") and has_figures("at 6.80%") and has_figures("दो लाख रुपये")
    assert not has_figures("Your card ending 4821 is blocked.")
