"""Statistical helpers for the benchmark report (standard library + numpy only).

All functions are deterministic; the bootstrap takes an explicit seed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence

import numpy as np

# Upper bound on the number of resampled indices held in memory at once.
_BOOTSTRAP_CHUNK_ELEMENTS = 2_000_000


def _check_confidence(confidence: float) -> None:
    """Raises ValueError unless ``0 < confidence < 1``."""
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be in (0, 1), got {confidence!r}")


def _normal_cdf(x: float) -> float:
    """Standard normal CDF, P(Z <= x) for Z ~ N(0, 1)."""
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def _normal_quantile(p: float) -> float:
    """Inverse standard normal CDF by bisection on [-40, 40] to full precision.

    Args:
        p: Probability strictly between 0 and 1.

    Returns:
        The value x with P(Z <= x) = p for Z ~ N(0, 1).

    Raises:
        ValueError: If p is not strictly between 0 and 1.
    """
    if not 0.0 < p < 1.0:
        raise ValueError(f"p must lie strictly between 0 and 1, got {p!r}")
    lo, hi = -40.0, 40.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if mid in (lo, hi):
            break
        if _normal_cdf(mid) < p:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def wilson_interval(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion.

    Args:
        successes: Number of successes, between 0 and n.
        n: Number of trials.
        confidence: Two-sided confidence level, strictly between 0 and 1.

    Returns:
        (lower, upper) bounds, clipped to [0, 1]. With n == 0 the interval is
        (0.0, 1.0).

    Raises:
        ValueError: If n is negative, successes is outside [0, n] or the
            confidence level is invalid.
    """
    _check_confidence(confidence)
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, got successes={successes}, n={n}")
    if n == 0:
        return (0.0, 1.0)
    z = _normal_quantile(1.0 - (1.0 - confidence) / 2.0)
    z2 = z * z
    p_hat = successes / n
    denom = 1.0 + z2 / n
    centre = (p_hat + z2 / (2.0 * n)) / denom
    half = (z / denom) * math.sqrt(p_hat * (1.0 - p_hat) / n + z2 / (4.0 * n * n))
    lower = 0.0 if successes == 0 else max(0.0, centre - half)
    upper = 1.0 if successes == n else min(1.0, centre + half)
    return (lower, upper)


def mcnemar_exact(b: int, c: int) -> float:
    """Exact two-sided McNemar test on the discordant pair counts.

    Computes p = min(1, 2 * P(X <= min(b, c))) with X ~ Binomial(b + c, 1/2)
    in exact integer arithmetic; the single final int/int division is
    correctly rounded, so large counts neither overflow nor lose precision.

    Args:
        b: Number of pairs where only the first system succeeded.
        c: Number of pairs where only the second system succeeded.

    Returns:
        The two-sided p-value; 1.0 when b == c == 0.

    Raises:
        ValueError: If either count is negative.
    """
    if b < 0 or c < 0:
        raise ValueError(f"counts must be non-negative, got b={b}, c={c}")
    total = b + c
    if total == 0:
        return 1.0
    # Sum C(total, i) for i <= min(b, c); each term follows exactly from the last.
    term = 1
    tail = 0
    for i in range(min(b, c) + 1):
        tail += term
        term = term * (total - i) // (i + 1)
    share: float = (2 * tail) / (2**total)  # exact integers until this one division
    return min(1.0, share)


def holm_adjust(p_values: list[float]) -> list[float]:
    """Holm–Bonferroni step-down adjusted p-values.

    Args:
        p_values: Raw p-values, each in [0, 1].

    Returns:
        Adjusted p-values in the input order. They are monotone in the raw
        p-values and capped at 1.0.

    Raises:
        ValueError: If any p-value is NaN or outside [0, 1].
    """
    for p in p_values:
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"p-values must lie in [0, 1], got {p!r}")
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[index]))
        adjusted[index] = running
    return adjusted


def paired_bootstrap_diff(
    a: list[bool],
    b: list[bool],
    resamples: int = 10_000,
    seed: int = 0,
    confidence: float = 0.95,
) -> tuple[float, tuple[float, float]]:
    """Paired bootstrap of the difference in success rates.

    Task indices are resampled with replacement (shared by both systems) in
    vectorised chunks whose size depends only on the input size, so memory is
    bounded and results are reproducible for a given seed.

    Args:
        a: Outcomes of the first system, one per task.
        b: Outcomes of the second system on the same tasks, in the same order.
        resamples: Number of bootstrap resamples, at least 1.
        seed: Seed for ``numpy.random.default_rng``.
        confidence: Two-sided confidence level, strictly between 0 and 1.

    Returns:
        (mean(a) - mean(b), (lower, upper)) where the bounds are percentiles
        of the resampled differences.

    Raises:
        ValueError: If the inputs are empty or of different lengths, if
            resamples < 1, or if the confidence level is invalid.
    """
    _check_confidence(confidence)
    if len(a) != len(b):
        raise ValueError(f"length mismatch: {len(a)} vs {len(b)}")
    if len(a) == 0:
        raise ValueError("a and b must not be empty")
    if resamples < 1:
        raise ValueError(f"resamples must be at least 1, got {resamples}")
    n = len(a)
    first = np.asarray(a, dtype=bool).astype(np.int8)
    diffs = first - np.asarray(b, dtype=bool).astype(np.int8)
    observed = int(diffs.sum(dtype=np.int64)) / n
    rng = np.random.default_rng(seed)
    totals = np.empty(resamples, dtype=np.int64)
    rows_per_chunk = max(1, _BOOTSTRAP_CHUNK_ELEMENTS // n)
    for start in range(0, resamples, rows_per_chunk):
        stop = min(start + rows_per_chunk, resamples)
        indices = rng.integers(0, n, size=(stop - start, n), dtype=np.int32)
        totals[start:stop] = diffs[indices].sum(axis=1, dtype=np.int64)
    means = totals / n
    alpha = 1.0 - confidence
    lower, upper = np.quantile(means, [alpha / 2.0, 1.0 - alpha / 2.0])
    return (observed, (float(lower), float(upper)))


def _check_trials(n: int, c: int, k: int) -> None:
    """Validates arguments shared by the pass^k and pass@k estimators."""
    if not (0 <= c <= n and 1 <= k <= n):
        raise ValueError(f"need 0 <= c <= n and 1 <= k <= n, got {n=}, {c=}, {k=}")


def pass_hat_k(n: int, c: int, k: int) -> float:
    """The τ-bench pass^k estimator C(c, k) / C(n, k).

    Probability that k trials drawn without replacement from n trials, of
    which c succeeded, all succeed.

    Args:
        n: Number of trials.
        c: Number of successful trials.
        k: Number of trials drawn.

    Returns:
        The estimate, in [0, 1].

    Raises:
        ValueError: If k < 1, k > n or c is outside [0, n].
    """
    _check_trials(n, c, k)
    return math.comb(c, k) / math.comb(n, k)


def pass_at_k(n: int, c: int, k: int) -> float:
    """The pass@k estimator 1 - C(n - c, k) / C(n, k).

    Probability that at least one of k trials drawn without replacement from
    n trials, of which c succeeded, is a success.

    Args:
        n: Number of trials.
        c: Number of successful trials.
        k: Number of trials drawn.

    Returns:
        The estimate, in [0, 1].

    Raises:
        ValueError: If k < 1, k > n or c is outside [0, n].
    """
    _check_trials(n, c, k)
    total = math.comb(n, k)
    return (total - math.comb(n - c, k)) / total


def _mean_over_tasks(
    outcomes: Mapping[str, Sequence[bool]],
    k: int,
    estimator: Callable[[int, int, int], float],
) -> float:
    """Averages ``estimator(len(trials), successes, k)`` over tasks."""
    if not outcomes:
        raise ValueError("outcomes must contain at least one task")
    total = 0.0
    for task_id, trials in outcomes.items():
        if len(trials) < k:
            raise ValueError(f"task {task_id!r} has fewer than k={k} trials")
        total += estimator(len(trials), sum(bool(t) for t in trials), k)
    return total / len(outcomes)


def mean_pass_hat_k(outcomes: dict[str, list[bool]], k: int) -> float:
    """Mean pass^k over tasks.

    Args:
        outcomes: Trial outcomes keyed by task id.
        k: Number of trials drawn per task.

    Returns:
        The average of ``pass_hat_k(len(trials), sum(trials), k)`` over tasks.

    Raises:
        ValueError: If outcomes is empty, k < 1, or any task has fewer than
            k trials.
    """
    return _mean_over_tasks(outcomes, k, pass_hat_k)


def mean_pass_at_k(outcomes: dict[str, list[bool]], k: int) -> float:
    """Mean pass@k over tasks.

    Args:
        outcomes: Trial outcomes keyed by task id.
        k: Number of trials drawn per task.

    Returns:
        The average of ``pass_at_k(len(trials), sum(trials), k)`` over tasks.

    Raises:
        ValueError: If outcomes is empty, k < 1, or any task has fewer than
            k trials.
    """
    return _mean_over_tasks(outcomes, k, pass_at_k)


def inconsistent_share(outcomes: dict[str, list[bool]]) -> float:
    """Share of tasks whose trials do not all agree.

    Args:
        outcomes: Trial outcomes keyed by task id.

    Returns:
        Fraction of tasks with both a success and a failure. Tasks with zero
        or one trial count as consistent; an empty dict gives 0.0.
    """
    if not outcomes:
        return 0.0
    mixed = sum(1 for trials in outcomes.values() if len({bool(t) for t in trials}) > 1)
    return mixed / len(outcomes)
