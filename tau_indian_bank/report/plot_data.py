"""What every report figure shows, as data: one function per figure, shared by the PNG and the HTML plots.

Each function reads the report's JSON contract (:func:`tau_indian_bank.report.metrics.build_report`)
and returns a :class:`Chart`: groups along one axis, one :class:`Series` per run, each value
with its 95% interval (drawn as a whisker) and the count behind it. Rates come with a
Wilson interval (the report's ``pass_rate_ci95`` where it has one, else computed from the
rate and its ``n``); a paired difference comes with its bootstrap interval. Tests assert
on these functions; :mod:`~tau_indian_bank.report.plots` (matplotlib) and
:mod:`~tau_indian_bank.report.svg` (inline SVG) only draw them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from tau_indian_bank.evaluation.diagnostics import FAILURE_CLASSES
from tau_indian_bank.report.metrics import LENGTH_BUCKETS
from tau_indian_bank.report.statistics import wilson_interval
from tau_indian_bank.vocabulary import AXES, CATEGORIES

Interval = tuple[float, float]


@dataclass(frozen=True)
class Series:
    """One run's values over a chart's groups (None: the run has no session in that group)."""

    label: str
    values: tuple[float | None, ...]
    intervals: tuple[Interval | None, ...]
    counts: tuple[int, ...]
    #: Scatter charts: each value's position along the x axis (cost or tokens per session).
    x: tuple[float | None, ...] = ()


@dataclass(frozen=True)
class Chart:
    """One figure: bars (rates, 0 to 1), points (differences, -1 to 1) or a scatter (a rate against ``x``), with 95% whiskers."""

    name: str
    title: str
    groups: tuple[str, ...]
    series: tuple[Series, ...]
    value_label: str
    group_label: str = ""
    kind: Literal["bars", "points", "scatter"] = "bars"
    note: str = ""

    @property
    def horizontal(self) -> bool:
        """Many groups or long names read better as rows."""
        return self.kind == "points" or (self.kind == "bars" and len(self.groups) > 6)


def rate_interval(entry: Mapping[str, Any], rate_key: str = "pass_rate", n_key: str = "n") -> Interval:
    """A rate's 95% interval: the report's own, else Wilson from the rate and its count."""
    stored = entry.get(f"{rate_key}_ci95")
    if isinstance(stored, Sequence) and len(stored) == 2:
        return float(stored[0]), float(stored[1])
    n = int(entry.get(n_key) or 0)
    return wilson_interval(round(float(entry.get(rate_key) or 0.0) * n), n)


def _series(
    run: Mapping[str, Any],
    groups: Sequence[str],
    entry: Callable[[Mapping[str, Any], str], Mapping[str, Any] | None],
    rate_key: str = "pass_rate",
    n_key: str = "n",
) -> Series:
    values: list[float | None] = []
    intervals: list[Interval | None] = []
    counts: list[int] = []
    for group in groups:
        found = entry(run, group)
        if not found or not found.get(n_key):
            values.append(None)
            intervals.append(None)
            counts.append(0)
            continue
        values.append(float(found.get(rate_key) or 0.0))
        intervals.append(rate_interval(found, rate_key, n_key))
        counts.append(int(found[n_key]))
    return Series(str(run["label"]), tuple(values), tuple(intervals), tuple(counts))


def _ordered(runs: Sequence[Mapping[str, Any]], key: str, order: Sequence[str]) -> list[str]:
    present = {g for run in runs for g in run.get(key) or {}}
    return [g for g in order if g in present] + sorted(present - set(order))


def by_category(report: Mapping[str, Any]) -> Chart:
    """Pass rate by task category, per run."""
    runs = report["runs"]
    groups = _ordered(runs, "by_category", CATEGORIES)
    return Chart(
        "pass_rate_by_category",
        "Pass rate by task category",
        tuple(groups),
        tuple(_series(r, groups, lambda run, g: run["by_category"].get(g)) for r in runs),
        "pass rate",
    )


def by_chain_length(report: Mapping[str, Any]) -> Chart:
    """Pass rate by gold-chain length (1 … 4, 5+), per run."""
    runs = report["runs"]
    groups = _ordered(runs, "by_chain_length", LENGTH_BUCKETS)
    return Chart(
        "pass_rate_by_chain_length",
        "Pass rate by gold-chain length",
        tuple(groups),
        tuple(_series(r, groups, lambda run, g: run["by_chain_length"].get(g)) for r in runs),
        "pass rate",
        group_label="gold-chain length (calls)",
    )


def by_axis(report: Mapping[str, Any]) -> Chart | None:
    """Pass rate by robustness axis, per run (None when no run has axes)."""
    runs = report["runs"]
    groups = _ordered(runs, "by_axis", AXES)
    if not groups:
        return None
    return Chart(
        "pass_rate_by_axis",
        "Pass rate by robustness axis",
        tuple(groups),
        tuple(_series(r, groups, lambda run, g: (run.get("by_axis") or {}).get(g)) for r in runs),
        "pass rate",
    )


#: The checks figure's groups: (label, rate key, count key) — the count key is a run key.
CHECKS = (
    ("final-state check", "final_state_pass_rate", "n_sessions"),
    ("action check", "action_pass_rate", "n_sessions"),
    ("answer check", "answer_pass_rate", "answer_n"),
    ("both (pass)", "pass_rate", "n_sessions"),
    ("strict (all gates)", "strict_pass_rate", "n_sessions"),
)


def checks(report: Mapping[str, Any]) -> Chart:
    """Each check's pass rate next to the paper's verdict: scoring the final state alone hides violations."""
    runs = report["runs"]
    present = [c for c in CHECKS if any(r.get(c[1]) is not None for r in runs)]

    def entry(run: Mapping[str, Any], label: str) -> Mapping[str, Any] | None:
        _, rate_key, n_key = next(c for c in present if c[0] == label)
        if run.get(rate_key) is None:  # absent, or no session it could count (an answer check without facts)
            return None
        found = {"pass_rate": run[rate_key], "n": run.get(n_key, run["n_sessions"])}
        if rate_key == "pass_rate":
            found["pass_rate_ci95"] = run["pass_rate_ci95"]
        return found

    groups = [c[0] for c in present]
    notes = ["pass = final state and action check"]
    if "answer check" in groups:
        notes.append("answer check: over the sessions whose task has facts")
    if "strict (all gates)" in groups:
        notes.append("strict: the checks and every safety gate")
    return Chart(
        "final_state_vs_full",
        "Scoring only the final state hides procedural violations",
        tuple(groups),
        tuple(_series(r, groups, entry) for r in runs),
        "pass rate",
        note="; ".join(notes),
    )


def failure_taxonomy(report: Mapping[str, Any]) -> Chart:
    """Share of each run's failed sessions in each failure class."""
    runs = report["runs"]

    def entry(run: Mapping[str, Any], klass: str) -> Mapping[str, Any]:
        return {"pass_rate": run["failure_taxonomy"].get(klass, 0.0), "n": run["n_failed"]}

    return Chart(
        "failure_taxonomy",
        "Failure taxonomy",
        FAILURE_CLASSES,
        tuple(_series(r, FAILURE_CLASSES, entry) for r in runs),
        "share of failed sessions",
        note="one class per failed session, by precedence",
    )


def paired_differences(report: Mapping[str, Any]) -> Chart | None:
    """Pass-rate difference a − b for every pair of runs, with its paired-bootstrap interval."""
    pairs = report.get("comparisons") or []
    if not pairs:
        return None
    groups = tuple(f"{p['a']} − {p['b']}" for p in pairs)
    series = Series(
        "Δ pass rate",
        tuple(float(p["delta"]) for p in pairs),
        tuple((float(p["delta_ci95"][0]), float(p["delta_ci95"][1])) for p in pairs),
        tuple(int(p["n_shared"]) for p in pairs),
    )
    return Chart(
        "paired_differences",
        "Paired differences in pass rate (shared sessions)",
        groups,
        (series,),
        "difference in pass rate",
        kind="points",
        note="95% paired-bootstrap interval",
    )


def pass_rate_vs_cost(report: Mapping[str, Any]) -> Chart | None:
    """Each run's pass rate against its cost per session (mean), or its model tokens per session where no run is priced.

    None when no run called a model (offline runs have neither cost nor tokens).
    """
    runs = [r for r in report["runs"] if r.get("effort", {}).get("sessions")]

    def cost(run: Mapping[str, Any]) -> float | None:
        figures = run["effort"]
        priced = figures["cost"]["priced_sessions"]
        return figures["cost"]["total"] / priced if priced == figures["sessions"] and priced else None

    def tokens(run: Mapping[str, Any]) -> float | None:
        figures = run["effort"]
        total = sum(
            figures[k]["total"]
            for k in ("agent_prompt_tokens", "agent_completion_tokens", "customer_prompt_tokens", "customer_completion_tokens")
        )
        return total / figures["sessions"] if total else None

    measure, label = (
        (cost, "cost per session (US dollars, mean)")
        if any(cost(r) is not None for r in runs)
        else (tokens, "model tokens per session (mean; no run's model has a known price)")
    )
    series = tuple(
        Series(
            str(r["label"]),
            (float(r["pass_rate"]),),
            (rate_interval(r, "pass_rate", "n_sessions"),),
            (int(r["n_sessions"]),),
            (measure(r),),
        )
        for r in runs
        if measure(r) is not None
    )
    if not series:
        return None
    return Chart(
        "pass_rate_vs_cost",
        "Pass rate against cost per session",
        ("runs",),
        series,
        "pass rate",
        group_label=label,
        kind="scatter",
        note="each point a run; whiskers: 95% Wilson interval of the pass rate",
    )


def charts(report: Mapping[str, Any]) -> list[Chart]:
    """Every figure the report has data for, in reading order."""
    found = [
        checks(report),
        by_category(report),
        by_chain_length(report),
        by_axis(report),
        failure_taxonomy(report),
        paired_differences(report),
        pass_rate_vs_cost(report),
    ]
    return [chart for chart in found if chart is not None]
