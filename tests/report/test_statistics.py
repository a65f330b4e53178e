"""Tests for tau_indian_bank.report.statistics."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from tau_indian_bank.report.statistics import (
    _normal_quantile,
    holm_adjust,
    inconsistent_share,
    mcnemar_exact,
    mean_pass_at_k,
    mean_pass_hat_k,
    paired_bootstrap_diff,
    pass_at_k,
    pass_hat_k,
    wilson_interval,
)


def _binomial_half_lower_tail(n: int, m: int) -> Fraction:
    """P(X <= m) for X ~ Binomial(n, 1/2) as an exact fraction, via math.comb."""
    return Fraction(sum(math.comb(n, i) for i in range(m + 1)), 2**n)


# --- normal quantile / Wilson -------------------------------------------------


def test_normal_quantile_known_values() -> None:
    assert _normal_quantile(0.975) == pytest.approx(1.959964, abs=1e-5)
    assert _normal_quantile(0.995) == pytest.approx(2.5758293, abs=1e-6)
    assert _normal_quantile(0.5) == pytest.approx(0.0, abs=1e-12)
    assert _normal_quantile(0.025) == pytest.approx(-1.959964, abs=1e-5)


def test_wilson_eight_of_ten() -> None:
    lower, upper = wilson_interval(8, 10)
    assert lower == pytest.approx(0.4902, abs=1e-4)
    assert upper == pytest.approx(0.9433, abs=1e-4)


def test_wilson_zero_successes_has_zero_lower_bound() -> None:
    lower, upper = wilson_interval(0, 10)
    assert lower == 0.0
    # Hand-computed: z^2 / (n + z^2) with z = 1.959964.
    assert upper == pytest.approx(0.27753, abs=1e-4)


def test_wilson_all_successes_has_unit_upper_bound() -> None:
    lower, upper = wilson_interval(10, 10)
    assert upper == 1.0
    assert lower == pytest.approx(1 - 0.27753, abs=1e-4)


def test_wilson_empty_sample() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wilson_higher_confidence_is_wider() -> None:
    lo95, hi95 = wilson_interval(30, 50, 0.95)
    lo99, hi99 = wilson_interval(30, 50, 0.99)
    assert lo99 < lo95 < 0.6 < hi95 < hi99


@pytest.mark.parametrize(
    ("successes", "n", "confidence"),
    [(11, 10, 0.95), (-1, 10, 0.95), (5, 10, 1.0), (5, 10, 0.0)],
)
def test_wilson_rejects_bad_arguments(successes: int, n: int, confidence: float) -> None:
    with pytest.raises(ValueError):
        wilson_interval(successes, n, confidence)


# --- McNemar ------------------------------------------------------------------


def test_mcnemar_one_sided_table() -> None:
    assert mcnemar_exact(10, 0) == 2 * 0.5**10 == 0.001953125
    assert mcnemar_exact(0, 10) == 0.001953125


def test_mcnemar_balanced_and_empty() -> None:
    assert mcnemar_exact(5, 5) == 1.0
    assert mcnemar_exact(0, 0) == 1.0


def test_mcnemar_small_table() -> None:
    # 2 * (1 + 5) / 32
    assert mcnemar_exact(1, 4) == pytest.approx(0.375, abs=1e-15)
    assert mcnemar_exact(4, 1) == pytest.approx(0.375, abs=1e-15)


def test_mcnemar_large_table_matches_exact_fraction() -> None:
    expected = float(min(Fraction(1), 2 * _binomial_half_lower_tail(1100, 500)))
    result = mcnemar_exact(600, 500)
    assert 0.0 < result < 0.01
    assert result == pytest.approx(expected, rel=1e-12)


def test_mcnemar_at_size_limit_is_finite() -> None:
    result = mcnemar_exact(2600, 2400)
    expected = float(2 * _binomial_half_lower_tail(5000, 2400))
    assert math.isfinite(result)
    assert result == pytest.approx(expected, rel=1e-12)
    assert mcnemar_exact(2500, 2500) == 1.0


def test_mcnemar_rejects_negative() -> None:
    with pytest.raises(ValueError):
        mcnemar_exact(-1, 3)


# --- Holm ---------------------------------------------------------------------


def test_holm_known_values() -> None:
    assert holm_adjust([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_holm_enforces_monotonicity_and_cap() -> None:
    # Raw Holm products would be 0.4 and 0.3; step-down makes the second 0.4.
    assert holm_adjust([0.2, 0.3]) == pytest.approx([0.4, 0.4])
    assert holm_adjust([0.5, 0.6, 0.9]) == [1.0, 1.0, 1.0]
    raw = [0.04, 0.001, 0.3, 0.02, 0.011, 0.5]
    adjusted = holm_adjust(raw)
    assert all(a <= 1.0 for a in adjusted)
    assert all(a >= r for a, r in zip(adjusted, raw))
    ranked = sorted(zip(raw, adjusted))
    assert all(x[1] <= y[1] for x, y in itertools.pairwise(ranked))


def test_holm_edge_cases() -> None:
    assert holm_adjust([]) == []
    assert holm_adjust([0.03]) == [0.03]
    with pytest.raises(ValueError):
        holm_adjust([0.1, 1.5])
    with pytest.raises(ValueError):
        holm_adjust([float("nan")])


# --- paired bootstrap ---------------------------------------------------------


def _synthetic_pair(n_tasks: int = 1000) -> tuple[list[bool], list[bool]]:
    """a passes 80 % of tasks, b 70 %, with discordance in both directions."""
    a = [i % 10 < 8 for i in range(n_tasks)]
    b = [i % 10 in {0, 1, 2, 3, 4, 5, 8} for i in range(n_tasks)]
    return a, b


def test_bootstrap_is_deterministic_for_a_seed() -> None:
    a, b = _synthetic_pair()
    assert paired_bootstrap_diff(a, b, resamples=2000, seed=7) == paired_bootstrap_diff(a, b, resamples=2000, seed=7)


def test_bootstrap_seed_changes_interval() -> None:
    a, b = _synthetic_pair()
    diff1, ci1 = paired_bootstrap_diff(a, b, resamples=2000, seed=1)
    diff2, ci2 = paired_bootstrap_diff(a, b, resamples=2000, seed=2)
    assert diff1 == diff2
    assert ci1 != ci2
    assert ci1 == pytest.approx(ci2, abs=0.01)


def test_bootstrap_covers_known_difference() -> None:
    a, b = _synthetic_pair()
    assert sum(a) == 800 and sum(b) == 700
    diff, (lower, upper) = paired_bootstrap_diff(a, b, seed=0)
    assert diff == pytest.approx(0.1, abs=1e-12)
    assert 0.0 < lower < 0.1 < upper
    # Per-task differences have variance 0.3 - 0.1**2 = 0.29, so the 95 %
    # interval should be about 2 * 1.96 * sqrt(0.29 / 1000) ~ 0.067 wide.
    assert upper - lower == pytest.approx(2 * 1.96 * math.sqrt(0.29 / 1000), rel=0.15)


def test_bootstrap_identical_inputs() -> None:
    a = [True, False, True, True, False]
    assert paired_bootstrap_diff(a, list(a), resamples=500) == (0.0, (0.0, 0.0))


def test_bootstrap_rejects_bad_inputs() -> None:
    with pytest.raises(ValueError):
        paired_bootstrap_diff([True, False], [True])
    with pytest.raises(ValueError):
        paired_bootstrap_diff([], [])


# --- pass^k / pass@k ----------------------------------------------------------


def test_pass_hat_k_known_values() -> None:
    assert [pass_hat_k(4, 3, k) for k in (1, 2, 3, 4)] == pytest.approx([0.75, 0.5, 0.25, 0.0])
    assert pass_hat_k(4, 4, 4) == 1.0
    assert pass_hat_k(4, 0, 1) == 0.0


def test_pass_at_k_known_values() -> None:
    assert [pass_at_k(4, 1, k) for k in (1, 2, 3, 4)] == pytest.approx([0.25, 0.5, 0.75, 1.0])
    assert [pass_at_k(4, 3, k) for k in (1, 2)] == pytest.approx([0.75, 1.0])
    assert pass_at_k(4, 0, 4) == 0.0


@pytest.mark.parametrize("function", [pass_hat_k, pass_at_k])
def test_pass_k_rejects_bad_k(function: object) -> None:
    with pytest.raises(ValueError):
        function(4, 2, 5)  # type: ignore[operator]
    with pytest.raises(ValueError):
        function(4, 2, 0)  # type: ignore[operator]
    with pytest.raises(ValueError):
        function(4, 5, 1)  # type: ignore[operator]


def test_mean_pass_k_over_tasks() -> None:
    outcomes = {
        "A": [True, True, True, False],
        "B": [True, False, False, False],
        "C": [True, True, True, True],
    }
    assert mean_pass_hat_k(outcomes, 1) == pytest.approx((0.75 + 0.25 + 1.0) / 3)
    assert mean_pass_hat_k(outcomes, 2) == pytest.approx((0.5 + 0.0 + 1.0) / 3)
    assert mean_pass_at_k(outcomes, 2) == pytest.approx((1.0 + 0.5 + 1.0) / 3)
    assert mean_pass_at_k(outcomes, 1) == pytest.approx(mean_pass_hat_k(outcomes, 1))


def test_mean_pass_k_rejects_short_tasks_and_empty_input() -> None:
    outcomes = {"A": [True, True, False], "B": [True]}
    with pytest.raises(ValueError, match="'B'"):
        mean_pass_hat_k(outcomes, 2)
    with pytest.raises(ValueError):
        mean_pass_at_k(outcomes, 2)
    with pytest.raises(ValueError):
        mean_pass_hat_k({}, 1)


# --- consistency --------------------------------------------------------------


def test_inconsistent_share() -> None:
    outcomes = {
        "all_pass": [True, True, True],
        "all_fail": [False, False],
        "mixed": [True, False, True],
        "single": [False],
        "mixed_2": [False, True],
    }
    assert inconsistent_share(outcomes) == pytest.approx(2 / 5)
    assert inconsistent_share({}) == 0.0
    assert inconsistent_share({"x": [True]}) == 0.0
