import datetime as dt

from tau_indian_bank.bank import clock, interest
from tau_indian_bank.bank.ids import content_id, next_free_id
from tau_indian_bank.constants import TODAY


def test_clock_is_frozen_and_month_arithmetic_clamps():
    assert clock.today() == TODAY == dt.date(2026, 7, 15)
    assert clock.add_months(dt.date(2026, 1, 31), 1) == dt.date(2026, 2, 28)
    assert clock.months_between(dt.date(2025, 3, 20), dt.date(2026, 7, 15)) == 15
    assert clock.age_on(dt.date(1966, 7, 16), TODAY) == 59
    assert clock.age_on(dt.date(1966, 7, 15), TODAY) == 60


def test_content_ids_depend_only_on_content_and_occurrence():
    first = content_id("FD", ["CUST1", "fixed", 1000])
    assert first == content_id("FD", ["CUST1", "fixed", 1000])
    assert first != content_id("FD", ["CUST1", "fixed", 1001])
    assert first != content_id("FD", ["CUST1", "fixed", 1000], occurrence=1)
    taken = {first}
    assert next_free_id("FD", ["CUST1", "fixed", 1000], taken.__contains__) == content_id("FD", ["CUST1", "fixed", 1000], occurrence=1)


def test_deposit_arithmetic_matches_hand_computed_values():
    opened, maturity = dt.date(2026, 7, 15), dt.date(2027, 7, 15)
    # ₹1,00,000 at 6.80% compounded quarterly for 365 days: 100000 * 1.017 ** 4 = 106975.3735...
    assert interest.fd_maturity_paise(10_000_000, 680, opened, maturity, "cumulative") == 10_697_537
    assert interest.fd_maturity_paise(10_000_000, 680, opened, maturity, "monthly") == 10_000_000
    assert interest.fd_periodic_interest_paise(10_000_000, 680, "monthly") == 56_667
    assert interest.card_rate_bps(12, senior=False) == 680
    assert interest.card_rate_bps(12, senior=True) == 730
    assert interest.card_rate_bps(2, senior=False) is None
    # EMI on ₹5,00,000 at 10.50% for 36 months is ₹16,251.22 (P*i*(1+i)^n/((1+i)^n-1), i = 0.105/12).
    assert interest.emi_paise(50_000_000, 1050, 36) == 1_625_122


def test_premature_rate_is_capped_and_penalised():
    opened = dt.date(2025, 11, 15)  # ran 8 months by TODAY
    assert interest.premature_rate_bps(650, opened, TODAY, senior=False) == 575 - 100
    assert interest.premature_rate_bps(500, opened, TODAY, senior=False) == 400  # capped at contracted 5.00%
    assert interest.premature_rate_bps(650, dt.date(2026, 6, 1), TODAY, senior=False) == 450 - 100  # shortest slab
    assert interest.premature_interest_paise("fixed", 10_000_000, 475, dt.date(2026, 7, 10), TODAY, 0) == 0  # < 7 days
