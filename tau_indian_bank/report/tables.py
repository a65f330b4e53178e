"""Every table of the report, in the order each format shows them, and the tables of the runs' scores.

:mod:`~tau_indian_bank.report.render` draws them as text or markdown, and
:mod:`~tau_indian_bank.report.html` as the HTML overview (with 95% intervals in the group cells).
The scores are here: the verdict overall and by category, gold-chain length, failure class and
robustness axis. The other tables come from the modules of their job: the audits beside the
verdict (:mod:`~tau_indian_bank.report.audit_tables`), the customer's fidelity
(:mod:`~tau_indian_bank.report.fidelity`), repeated trials and comparisons
(:mod:`~tau_indian_bank.report.trial_tables`), infrastructure errors
(:mod:`~tau_indian_bank.report.error_tables`) and what the runs took
(:mod:`~tau_indian_bank.report.effort_tables`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tau_indian_bank.evaluation.diagnostics import FAILURE_CLASSES
from tau_indian_bank.report.audit_tables import customer_tables, gate_tables
from tau_indian_bank.report.cells import Table, answer, clean_rate, group_cell, p_value, pct
from tau_indian_bank.report.effort_tables import effort_tables
from tau_indian_bank.report.error_tables import error_tables
from tau_indian_bank.report.fidelity import fidelity_tables
from tau_indian_bank.report.metrics import LENGTH_BUCKETS
from tau_indian_bank.report.trial_tables import trial_tables
from tau_indian_bank.vocabulary import AXES, CATEGORIES


def report_tables(report: dict[str, Any], intervals: bool = False) -> list[Table]:
    """(title, header, rows, footnote) for every table of the report (``intervals``: 95% intervals in group cells)."""
    runs = report["runs"]
    tables = [
        _overall_table(runs),
        *_judged_tables(runs),
        *customer_tables(runs),
        *_category_tables(runs, intervals),
        _chain_length_table(runs, intervals),
        _taxonomy_table(runs),
        *_axis_tables(runs, intervals),
        *fidelity_tables(runs),
        *gate_tables(runs),
        *trial_tables(report),
        *error_tables(runs),
        *effort_tables(runs),
    ]
    return _labelled(report, tables)


def _labelled(report: dict[str, Any], tables: list[Table]) -> list[Table]:
    """Every table's title followed by the runs' edition in brackets ("public 1.0.0", "edition 3f2a…")."""
    label = (report.get("edition") or {}).get("label")
    return [(f"{title} ({label})" if label else title, header, rows, note) for title, header, rows, note in tables]


def _overall_table(runs: Sequence[dict[str, Any]]) -> Table:
    """The verdict and its two checks per run, the answer check beside them, and the procedural gap."""
    infra = any(r.get("n_infrastructure_errors") for r in runs)
    return (
        "Overall (a session passes only if the final state AND the action check pass)",
        [
            "run",
            "sessions",
            "pass",
            "95% CI",
            *(["pass w/o infra errors"] if infra else []),
            "final-state",
            "action check",
            "answer check",
            "procedural gap",
            "final-only",
            "action-only",
            "McNemar p",
        ],
        [
            [
                r["label"],
                str(r["n_sessions"]),
                pct(r["pass_rate"]),
                f"{pct(r['pass_rate_ci95'][0])}–{pct(r['pass_rate_ci95'][1])}",
                *([clean_rate(r)] if infra else []),
                pct(r["final_state_pass_rate"]),
                pct(r["action_pass_rate"]),
                answer(r.get("answer_pass_rate"), r.get("answer_n")),
                pct(r["procedural_violation_gap"]),
                str(r["final_only_passes"]),
                str(r["action_only_passes"]),
                p_value(r["discordance_p_value"]),
            ]
            for r in runs
        ],
        "procedural gap = final-state pass rate − pass rate: sessions whose records are right but whose procedure was not. "
        "McNemar: exact test of final-only vs action-only sessions. Answer check: every fact the customer must be told "
        "was stated (over the n sessions whose task has facts; reported beside the verdict, not part of it)."
        + (
            " Pass counts infrastructure errors (model errors, crashed or missing sessions) as failures; "
            "'pass w/o infra errors' is over the other n sessions."
            if infra
            else ""
        ),
    )


def _judged_tables(runs: Sequence[dict[str, Any]]) -> list[Table]:
    """The judge model's advisory verdict, where a run was judged."""
    if not any("judged_pass_rate" in r for r in runs):
        return []
    return [
        (
            "Judged (natural-language assertion, by the judge model; advisory)",
            ["run", "judged pass", "judged"],
            [[r["label"], pct(r.get("judged_pass_rate", 0.0)), str(r.get("judged_sessions", 0))] for r in runs],
            "the judge never changes the verdict; unjudged sessions (errors) count as not passed",
        )
    ]


def _category_tables(runs: Sequence[dict[str, Any]], intervals: bool) -> list[Table]:
    """The pass rate and the answer check by category, for runs of the base suite."""
    categories = [c for c in CATEGORIES if any(c in r["by_category"] for r in runs)]
    if not categories:  # a robustness run has axes, not the base suite's categories (see the by-axis table)
        return []
    return [
        (
            "Pass rate by category",
            ["run", *categories],
            [[r["label"], *(group_cell(r["by_category"].get(c), intervals) for c in categories)] for r in runs],
            "",
        ),
        (
            "Answer check by category (sessions whose task has facts)",
            ["run", *categories],
            [
                [
                    r["label"],
                    *(answer(r["by_category"][c].get("answer_pass_rate")) if c in r["by_category"] else "–" for c in categories),
                ]
                for r in runs
            ],
            "",
        ),
    ]


def _chain_length_table(runs: Sequence[dict[str, Any]], intervals: bool) -> Table:
    buckets = [b for b in LENGTH_BUCKETS if any(b in r["by_chain_length"] for r in runs)]
    return (
        "Pass rate by gold-chain length",
        ["run", *buckets],
        [[r["label"], *(group_cell(r["by_chain_length"].get(b), intervals) for b in buckets)] for r in runs],
        "",
    )


def _taxonomy_table(runs: Sequence[dict[str, Any]]) -> Table:
    return (
        "Failure taxonomy (share of failed sessions; one class each, by precedence)",
        ["run", "failed", *FAILURE_CLASSES],
        [[r["label"], str(r["n_failed"]), *(pct(r["failure_taxonomy"][c]) for c in FAILURE_CLASSES)] for r in runs],
        "precedence: premature termination > unnecessary transfer > wrong arguments > wrong or extra write > "
        "skipped required read > stopped short > other",
    )


def _axis_cell(entry: dict[str, Any] | None, intervals: bool) -> str:
    """An axis's pass rate and size, and pass^k at the largest k where the run has several trials."""
    cell = group_cell(entry, intervals)
    hat = (entry or {}).get("pass_hat_k")
    if hat:
        k = max(hat, key=int)
        cell += f" · pass^{k} {pct(hat[k])}"
    return cell


def _axis_tables(runs: Sequence[dict[str, Any]], intervals: bool = False) -> list[Table]:
    """Pass rate by robustness axis (one row per axis, one column per run), for runs of the robustness set."""
    axes = [a for a in AXES if any(a in r.get("by_axis", {}) for r in runs)]
    if not axes:
        return []
    return [
        (
            "Pass rate by robustness axis",
            ["axis", *(r["label"] for r in runs)],
            [[axis, *(_axis_cell(r.get("by_axis", {}).get(axis), intervals) for r in runs)] for axis in axes],
            "robustness task set (indian_bank_robust): tasks rob_<axis>_…; pass^k over k trials where a run has several",
        )
    ]
