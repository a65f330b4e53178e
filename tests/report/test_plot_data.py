"""The data behind every figure (PNG and HTML draw the same charts)."""

import pytest

from tau_indian_bank.evaluation.diagnostics import FAILURE_CLASSES
from tau_indian_bank.report import plot_data
from tau_indian_bank.report.statistics import wilson_interval
from tau_indian_bank.report.svg import chart_svg


def _run(label, passed, n, **extra):
    taxonomy = dict.fromkeys(FAILURE_CLASSES, 0.0) | {"stopped_short": 0.75, "wrong_arguments": 0.25}
    run = {
        "label": label,
        "n_sessions": n,
        "pass_rate": passed / n,
        "pass_rate_ci95": list(wilson_interval(passed, n)),
        "final_state_pass_rate": 0.5,
        "action_pass_rate": 0.25,
        "n_failed": n - passed,
        "failure_taxonomy": taxonomy,
        "by_category": {"control": {"n": 10, "pass_rate": 0.3}, "sequencing": {"n": 30, "pass_rate": 0.1, "pass_rate_ci95": [0.05, 0.2]}},
        "by_chain_length": {"5+": {"n": 4, "pass_rate": 0.5}, "1": {"n": 36, "pass_rate": 0.2}},
    }
    return run | extra


REPORT = {
    "runs": [_run("a", 8, 40), _run("b", 20, 40, by_category={"control": {"n": 40, "pass_rate": 0.5}})],
    "comparisons": [{"a": "a", "b": "b", "delta": -0.3, "delta_ci95": [-0.5, -0.1], "n_shared": 40}],
}


def test_category_bars_carry_wilson_whiskers_and_leave_empty_groups_empty():
    chart = plot_data.by_category(REPORT)
    assert chart.groups == ("sequencing", "control")  # the report's category order, not the dict's
    a, b = chart.series
    assert a.values == (0.1, 0.3) and a.counts == (30, 10)
    assert a.intervals[0] == (0.05, 0.2)  # the report's own interval wins
    assert a.intervals[1] == pytest.approx(wilson_interval(3, 10))  # else Wilson from the rate and n
    assert b.values == (None, 0.5) and b.intervals[0] is None and b.counts[0] == 0


def test_chain_length_buckets_in_order_and_the_overall_interval_is_the_reports():
    assert plot_data.by_chain_length(REPORT).groups == ("1", "5+")
    checks = plot_data.checks(REPORT)
    assert checks.groups == ("final-state check", "action check", "both (pass)")
    both = checks.series[0].values[2], checks.series[0].intervals[2]
    assert both == (0.2, tuple(wilson_interval(8, 40)))


def test_the_answer_check_and_strict_columns_appear_only_when_the_report_has_them():
    report = {
        **REPORT,
        "runs": [
            _run("a", 8, 40, answer_pass_rate=0.5, answer_n=12, strict_pass_rate=0.1),
            _run("b", 2, 40, answer_pass_rate=None, answer_n=0),
        ],
    }
    chart = plot_data.checks(report)
    assert chart.groups == ("final-state check", "action check", "answer check", "both (pass)", "strict (all gates)")
    answer = chart.groups.index("answer check")
    assert chart.series[0].counts[answer] == 12  # sessions of tasks with facts only
    assert chart.series[0].intervals[answer] == pytest.approx(wilson_interval(6, 12))
    assert chart.series[1].values[answer] is None


def test_taxonomy_shares_are_of_failed_sessions_and_a_run_without_failures_has_no_bars():
    report = {**REPORT, "runs": [_run("a", 8, 40), _run("perfect", 40, 40)]}
    chart = plot_data.failure_taxonomy(report)
    assert chart.groups == FAILURE_CLASSES and chart.horizontal
    stopped = FAILURE_CLASSES.index("stopped_short")
    assert chart.series[0].values[stopped] == 0.75 and chart.series[0].counts[stopped] == 32
    assert chart.series[0].intervals[stopped] == pytest.approx(wilson_interval(24, 32))
    assert set(chart.series[1].values) == {None}


def test_axes_and_paired_differences_only_when_present():
    assert plot_data.by_axis(REPORT) is None
    robust = {
        **REPORT,
        "runs": [_run("a", 8, 40, by_axis={"decline": {"n": 12, "pass_rate": 0.5}, "credentials": {"n": 12, "pass_rate": 1.0}})],
    }
    axes = plot_data.by_axis(robust)
    assert axes.groups == ("decline", "credentials") and axes.series[0].values == (0.5, 1.0)  # in AXES order
    diff = plot_data.paired_differences(REPORT)
    assert diff.kind == "points" and diff.groups == ("a − b",)
    assert diff.series[0].values == (-0.3,) and diff.series[0].intervals == ((-0.5, -0.1),)
    assert plot_data.paired_differences({**REPORT, "comparisons": []}) is None
    assert [c.name for c in plot_data.charts(robust)][:4] == [
        "final_state_vs_full",
        "pass_rate_by_category",
        "pass_rate_by_chain_length",
        "pass_rate_by_axis",
    ]


def test_svg_draws_one_whisker_per_value_with_its_interval_in_the_tooltip():
    chart = plot_data.by_category(REPORT)
    svg = chart_svg(chart)
    assert svg.count('class="whisker"') == 3  # a: two groups, b: one (its empty group draws nothing)
    assert svg.count("<rect") == 3
    assert "a · control: 30.0% (95% CI " in svg and "n=10)" in svg
    assert "http" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
