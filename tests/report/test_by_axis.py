"""``by_axis`` for robustness runs: the JSON contract, the tables, the figure and the HTML report."""

import json

import pytest

from tau_indian_bank.paths import ROBUST_TASKS_FILE
from tau_indian_bank.report import plot_data
from tau_indian_bank.report.html import to_html
from tau_indian_bank.report.load import load_run
from tau_indian_bank.report.metrics import build_report
from tau_indian_bank.report.render import to_markdown, to_text
from tau_indian_bank.tasks.suite_files import load_suite
from tests.report.test_report import CLOSE, _gold, _results, _simulation

ROBUST = load_suite(ROBUST_TASKS_FILE)
FAULT = [t for t in ROBUST if t["id"].startswith("rob_tool_fault_")][:2]
UNSEEN = next(t for t in ROBUST if t["id"].startswith("rob_unseen_tool_"))


def _run(tmp_path, tasks, simulations, trials=1):
    path = tmp_path / "robust.json"
    path.write_text(json.dumps(_results(tasks, simulations, trials)))
    return load_run(path)


def _trial(task, trial, passed):
    simulation = _simulation(task, _gold(task) if passed else [], db=passed, met=(passed, passed))
    return dict(simulation, trial=trial)


def test_by_axis_counts_sessions_per_axis_in_axis_order_with_pass_hat_k(tmp_path):
    sims = [
        _trial(FAULT[0], 0, True),
        _trial(FAULT[0], 1, True),
        _trial(FAULT[1], 0, True),
        _trial(FAULT[1], 1, False),
        _trial(UNSEEN, 0, False),
        _trial(UNSEEN, 1, False),
    ]
    run = build_report([_run(tmp_path, [*FAULT, UNSEEN], sims, trials=2)])["runs"][0]
    axes = run["by_axis"]
    assert list(axes) == ["tool_fault", "unseen_tool"]
    assert (axes["tool_fault"]["n"], axes["tool_fault"]["pass_rate"]) == (4, 0.75)
    assert axes["tool_fault"]["pass_hat_k"] == {"1": 0.75, "2": 0.5}
    assert (axes["unseen_tool"]["n"], axes["unseen_tool"]["pass_rate"]) == (2, 0.0)
    assert axes["unseen_tool"]["pass_hat_k"] == {"1": 0.0, "2": 0.0}
    assert axes["tool_fault"]["pass_rate_ci95"][0] < 0.75 < axes["tool_fault"]["pass_rate_ci95"][1]


def test_one_trial_has_no_pass_hat_k_and_a_base_run_has_no_by_axis(tmp_path):
    run = build_report([_run(tmp_path, FAULT, [_trial(FAULT[0], 0, True)])])["runs"][0]
    assert run["by_axis"]["tool_fault"]["n"] == 2 and "pass_hat_k" not in run["by_axis"]["tool_fault"]  # one missing
    base = build_report([_run(tmp_path, [CLOSE], [_simulation(CLOSE, _gold(CLOSE))])])
    assert "by_axis" not in base["runs"][0]
    assert "robustness axis" not in to_markdown(base) and plot_data.by_axis(base) is None


def test_the_axis_table_figure_and_html_section_show_each_axis(tmp_path):
    sims = [_trial(FAULT[0], 0, True), _trial(FAULT[0], 1, False), _trial(UNSEEN, 0, True), _trial(UNSEEN, 1, True)]
    runs = [_run(tmp_path, [FAULT[0], UNSEEN], sims, trials=2)]
    report = build_report(runs)
    markdown = to_markdown(report)
    assert "### Pass rate by robustness axis" in markdown
    assert "| tool_fault | 50.0% (n=2) · pass^2 0.0% |" in markdown
    assert "| unseen_tool | 100.0% (n=2) · pass^2 100.0% |" in markdown
    assert "Pass rate by robustness axis" in to_text(report)
    assert "category" not in to_text(report)  # a robustness run has no base categories: no empty tables
    chart = plot_data.by_axis(report)
    assert chart.groups == ("tool_fault", "unseen_tool") and chart.series[0].values == (0.5, 1.0)
    assert chart.series[0].counts == (2, 2)
    page = to_html(build_report(runs, with_sessions=True), runs)
    assert 'id="figure-pass_rate_by_axis"' in page and "Pass rate by robustness axis" in page


@pytest.mark.parametrize("axis", ["tool_fault", "injected_instructions", "irrelevant_results", "unseen_tool"])
def test_every_environment_axis_is_reported_under_its_own_name(tmp_path, axis):
    task = next(t for t in ROBUST if t["id"].startswith(f"rob_{axis}_"))
    other = next(t for t in ROBUST if not t["id"].startswith(f"rob_{axis}_"))
    run = build_report([_run(tmp_path, [task, other], [_trial(task, 0, True), _trial(other, 0, False)])])["runs"][0]
    assert (run["by_axis"][axis]["n"], run["by_axis"][axis]["pass_rate"]) == (1, 1.0)
    assert sum(entry["n"] for entry in run["by_axis"].values()) == 2
