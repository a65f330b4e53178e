"""Cost and effort per session, per run and per category, against hand-counted sessions; and the cost figure."""

from __future__ import annotations

import json

import pytest

from tau_indian_bank.report.effort import session_effort
from tau_indian_bank.report.html import to_html
from tau_indian_bank.report.load import load_runs
from tau_indian_bank.report.metrics import build_report
from tau_indian_bank.report.plot_data import pass_rate_vs_cost
from tau_indian_bank.report.render import render
from tau_indian_bank.report.svg import chart_svg
from tau_indian_bank.tasks.suite_files import load_suite
from tests.report.test_html import _payload
from tests.report.test_report import CLOSE, _gold, _results, _simulation

BALANCE = next(t for t in load_suite() if t["id"] == "ctrl_balance_0001")


def _priced(simulation, agent=((1000, 100, 0.002), (1500, 50, 0.003)), customer=((400, 20, 0.0004),), duration=12.5):
    """Give a session's messages litellm-style usage and cost: one assistant and customer turn per tuple."""
    messages = [m for m in simulation["messages"] if m["role"] != "assistant"]
    turns = [
        {"role": "assistant", "content": "Let me check.", "usage": {"prompt_tokens": p, "completion_tokens": c}, "cost": cost}
        for p, c, cost in agent
    ]
    turns += [
        {"role": "user", "content": "Please go ahead.", "usage": {"prompt_tokens": p, "completion_tokens": c}, "cost": cost}
        for p, c, cost in customer
    ]
    calls = [m for m in simulation["messages"] if m["role"] == "assistant"]
    simulation["messages"] = (
        [{"role": "assistant", "content": None, "tool_calls": [{"id": "login-context", "name": "get_customer_profile", "arguments": {}}]}]
        + turns
        + calls
        + messages
    )
    simulation["duration"] = duration
    return simulation


def test_a_sessions_tokens_cost_turns_and_calls_are_counted_from_its_messages():
    effort = session_effort(_priced(_simulation(CLOSE, _gold(CLOSE))), beyond_gold=0)
    assert (effort.agent_prompt_tokens, effort.agent_completion_tokens) == (2500, 150)
    assert (effort.customer_prompt_tokens, effort.customer_completion_tokens) == (400, 20)
    assert effort.agent_cost == pytest.approx(0.005) and effort.cost == pytest.approx(0.0054)
    assert effort.turns == 1 and effort.tool_calls == len(_gold(CLOSE)) and effort.duration_s == 12.5  # login left out


def test_an_unpriced_model_has_an_unknown_cost_never_zero_and_an_offline_side_none():
    local = session_effort(_priced(_simulation(CLOSE, _gold(CLOSE)), customer=((400, 20, 0.0),)))
    assert local.customer_cost is None and local.cost is None and local.agent_cost == pytest.approx(0.005)
    offline = session_effort(_priced(_simulation(CLOSE, _gold(CLOSE)), customer=()))
    assert offline.customer_cost is None and offline.cost == pytest.approx(0.005)  # a scripted customer costs nothing
    assert session_effort(_simulation(CLOSE, _gold(CLOSE))).cost is None  # no model at all: no cost
    assert session_effort(None) is None


@pytest.fixture
def priced_run(tmp_path):
    gold = _gold(CLOSE)
    extra_read = _priced(_simulation(CLOSE, [gold[0], gold[0], *gold[1:]]))  # passes, with one read made twice
    plain = _priced(_simulation(BALANCE, _gold(BALANCE)), agent=((800, 40, 0.001),), duration=4.0)
    second = next(t for t in load_suite() if t["id"] == "seq_fd_close_0002")
    failed = _priced(_simulation(second, _gold(second)[:2], db=False, met=(False, False)), duration=30.0)  # stopped short
    path = tmp_path / "priced.json"
    path.write_text(json.dumps(_results([CLOSE, BALANCE, second], [extra_read, plain, failed])))
    return path


def test_run_figures_are_the_median_and_total_and_the_cost_per_passed_session(priced_run):
    run = build_report(load_runs([str(priced_run)]), with_sessions=True)["runs"][0]
    effort = run["effort"]
    assert run["pass_rate"] == pytest.approx(2 / 3) and effort["sessions"] == 3
    assert effort["agent_prompt_tokens"] == {"total": 2500 + 800 + 2500, "median": 2500}
    assert effort["duration_s"] == {"total": 46.5, "median": 12.5}
    costs = [0.0054, 0.0014, 0.0054]
    assert effort["cost"]["total"] == pytest.approx(sum(costs)) and effort["cost"]["priced_sessions"] == 3
    assert effort["cost_per_passed_session"] == pytest.approx(sum(costs) / 2)  # what one pass costs
    assert effort["extra_calls_per_passed_session"] == {"mean": 0.5, "median": 0.5, "total": 1, "passed_sessions": 2}
    assert {s["task_id"]: s["effort"]["extra_calls"] for s in run["sessions"]} == {CLOSE["id"]: 1, BALANCE["id"]: 0, "seq_fd_close_0002": 0}
    by_category = run["effort_by_category"]
    assert list(by_category) == ["sequencing", "control"]
    assert by_category["control"]["cost"]["median"] == pytest.approx(0.0014) and by_category["sequencing"]["sessions"] == 2


def test_the_tables_show_the_medians_totals_and_cost_per_pass(priced_run):
    text = render(build_report(load_runs([str(priced_run)])), "markdown")
    # tool calls per session: 5 (four gold calls and one read twice), 1 and 2
    assert "| priced | 3 | 2,500 / 150 | 400 / 20 | 1 | 2 | 12.5 s | $0.0054 | $0.0061 | 0.5 (n=2) |" in text
    assert "| priced | 3 | 5,800 / 340 | 1,200 / 60 | 3 | 8 | 46.5 s | $0.0122 |" in text
    assert "| priced | 1 · 3.5 · $0.0054 | 1 · 1 · $0.0014 |" in text


def test_the_cost_figure_puts_each_run_at_its_cost_per_session(priced_run, tmp_path):
    report = build_report(load_runs([str(priced_run)]))
    chart = pass_rate_vs_cost(report)
    (series,) = chart.series
    assert chart.kind == "scatter" and chart.group_label.startswith("cost per session")
    assert series.x == (pytest.approx(0.0122 / 3),) and series.values == (pytest.approx(2 / 3),)
    svg = chart_svg(chart)
    assert svg.count("<circle") == 1 and "priced: pass 66.7% at $0.004 per session (n=3)" in svg
    from tau_indian_bank.report.plots import write_plots

    assert tmp_path / "figures" / "pass_rate_vs_cost.png" in write_plots(report, tmp_path / "figures")


def test_unpriced_runs_are_placed_by_tokens_and_offline_runs_get_no_cost_figure(priced_run, tmp_path):
    data = json.loads(priced_run.read_text())
    for simulation in data["simulations"]:
        for message in simulation["messages"]:
            if "cost" in message:
                message["cost"] = 0.0  # a local model litellm cannot price
    local = tmp_path / "local.json"
    local.write_text(json.dumps(data))
    chart = pass_rate_vs_cost(build_report(load_runs([str(local)])))
    assert chart.group_label.startswith("model tokens per session") and chart.series[0].x == (pytest.approx(7400 / 3),)
    offline = tmp_path / "offline.json"
    offline.write_text(json.dumps(_results([CLOSE], [_simulation(CLOSE, _gold(CLOSE))])))
    assert pass_rate_vs_cost(build_report(load_runs([str(offline)]))) is None


def test_the_html_session_record_carries_the_effort(priced_run):
    runs = load_runs([str(priced_run)])
    payload = _payload(to_html(build_report(runs, with_sessions=True), runs))
    session = next(s for s in payload["sessions"] if s["task_id"] == BALANCE["id"])
    assert session["effort"]["agent_prompt_tokens"] == 800 and session["effort"]["cost"] == pytest.approx(0.0014)
