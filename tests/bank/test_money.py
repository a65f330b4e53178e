import pytest

from tau_indian_bank.bank.money import (
    AmountError,
    format_rupees,
    group_indian,
    parse_rupees,
    percent,
    rupees_to_paise,
    spoken_rupees,
)


@pytest.mark.parametrize(
    ("value", "paise"),
    [(100000, 10_000_000), (100000.0, 10_000_000), ("1,00,000", 10_000_000), ("₹1,00,000.50", 10_000_050),
     ("Rs. 5000", 500_000), ("INR 250", 25_000), (0.1, 10), (1250.5, 125_050), ("  42 ", 4_200)],
)
def test_parse_rupees_reads_numbers_and_text_to_the_same_paise(value, paise):
    assert parse_rupees(value) == paise


@pytest.mark.parametrize("value", [0, -5, 1.005, True, None, "abc", "12..5", 1e12, float("nan"), float("inf"), [100]])
def test_parse_rupees_refuses_what_the_bank_does_not_accept(value):
    with pytest.raises(AmountError):
        parse_rupees(value)


@pytest.mark.parametrize(
    ("whole", "text"), [(0, "0"), (999, "999"), (1000, "1,000"), (100000, "1,00,000"), (12345678, "1,23,45,678")]
)
def test_indian_digit_grouping(whole, text):
    assert group_indian(whole) == text


def test_format_rupees_and_percent():
    assert format_rupees(10_000_000) == "₹1,00,000.00"
    assert format_rupees(-150) == "-₹1.50"
    assert percent(680) == "6.80%"


def test_rupees_to_paise_and_spoken_rupees_go_opposite_ways():
    assert rupees_to_paise(500) == 50_000
    assert spoken_rupees(rupees_to_paise(50_000)) == "₹50,000"  # whole rupees: no paise said
    assert spoken_rupees(125_050) == "₹1,250.50"
    assert parse_rupees(spoken_rupees(rupees_to_paise(1_00_000))) == rupees_to_paise(1_00_000)
