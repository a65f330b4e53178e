import pytest

from tau_indian_bank.bank.money import (
    AmountError,
    format_rupees,
    group_indian,
    paise_to_rupees,
    parse_rupees,
    percent,
    rupees_to_paise,
    spoken_rupees,
)


@pytest.mark.parametrize(
    ("value", "paise"),
    [
        (100000, 10_000_000),
        (100000.0, 10_000_000),
        ("1,00,000", 10_000_000),
        ("₹1,00,000.50", 10_000_050),
        ("Rs. 5000", 500_000),
        ("INR 250", 25_000),
        (0.1, 10),
        (1250.5, 125_050),
        ("  42 ", 4_200),
    ],
)
def test_parse_rupees_reads_numbers_and_text_to_the_same_paise(value, paise):
    assert parse_rupees(value) == paise


@pytest.mark.parametrize("value", [0, -5, 1.005, True, None, "abc", "12..5", 1e12, float("nan"), float("inf"), [100]])
def test_parse_rupees_refuses_what_the_bank_does_not_accept(value):
    with pytest.raises(AmountError):
        parse_rupees(value)


@pytest.mark.parametrize(("whole", "text"), [(0, "0"), (999, "999"), (1000, "1,000"), (100000, "1,00,000"), (12345678, "1,23,45,678")])
def test_indian_digit_grouping(whole, text):
    assert group_indian(whole) == text


def test_format_rupees_and_percent():
    assert format_rupees(10_000_000) == "₹1,00,000.00"
    assert format_rupees(-150) == "-₹1.50"
    assert percent(680) == "6.80%"


def test_each_conversion_goes_the_way_its_name_says():
    assert rupees_to_paise(50_000) == 5_000_000
    assert paise_to_rupees(125_050) == 1250.5 and paise_to_rupees(5_000_000) == 50_000
    assert parse_rupees(paise_to_rupees(125_050)) == 125_050


@pytest.mark.parametrize(
    ("paise", "text"), [(5_000_000, "₹50,000"), (125_050, "₹1,250.50"), (10_00_00_000 * 100, "₹10,00,00,000"), (99, "₹0.99")]
)
def test_spoken_rupees_drops_paise_only_when_the_amount_is_whole(paise, text):
    assert spoken_rupees(paise) == text
    assert format_rupees(paise).startswith(text)


def test_the_stated_figures_use_the_one_money_formatter():
    from tau_indian_bank.bank.stated import STATED_FIGURES
    from tau_indian_bank.constants import FD_MIN_AMOUNT_PAISE

    assert next(f.text for f in STATED_FIGURES if f.name == "FD_MIN_AMOUNT") == spoken_rupees(FD_MIN_AMOUNT_PAISE) == "₹10,000"
