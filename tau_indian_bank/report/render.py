"""The report as text (rich tables), markdown, or JSON."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from typing import Any

from tau_indian_bank.evaluation.diagnostics import FAILURE_CLASSES
from tau_indian_bank.evaluation.safety import GATES, PRECEDENCE
from tau_indian_bank.report.metrics import LENGTH_BUCKETS
from tau_indian_bank.vocabulary import AXES, CATEGORIES


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _p(value: float) -> str:
    return f"{value:.2g}" if value >= 1e-4 else f"{value:.1e}"


def _group_cell(entry: dict[str, Any] | None, intervals: bool) -> str:
    """One group's pass rate and size; with ``intervals`` also its 95% interval (where the report has one)."""
    if entry is None:
        return "–"
    ci = entry.get("pass_rate_ci95") if intervals else None
    span = f"; {_pct(ci[0])}–{_pct(ci[1])}" if ci else ""
    return f"{_pct(entry['pass_rate'])} (n={entry['n']}{span})"


def _answer(rate: float | None, n: int | None = None) -> str:
    if rate is None:
        return "–"
    return _pct(rate) if n is None else f"{_pct(rate)} (n={n})"


def _tables(report: dict[str, Any], intervals: bool = False) -> list[tuple[str, list[str], list[list[str]], str]]:
    """(title, header, rows, footnote) for every table of the report (``intervals``: 95% intervals in group cells)."""
    runs = report["runs"]
    tables = [(
        "Overall (a session passes only if the final state AND the action check pass)",
        ["run", "sessions", "pass", "95% CI", "final-state", "action check", "answer check", "procedural gap",
         "final-only", "action-only", "McNemar p"],
        [[r["label"], str(r["n_sessions"]), _pct(r["pass_rate"]),
          f"{_pct(r['pass_rate_ci95'][0])}–{_pct(r['pass_rate_ci95'][1])}", _pct(r["final_state_pass_rate"]),
          _pct(r["action_pass_rate"]), _answer(r.get("answer_pass_rate"), r.get("answer_n")),
          _pct(r["procedural_violation_gap"]), str(r["final_only_passes"]),
          str(r["action_only_passes"]), _p(r["discordance_p_value"])] for r in runs],
        "procedural gap = final-state pass rate − pass rate: sessions whose records are right but whose procedure was not. "
        "McNemar: exact test of final-only vs action-only sessions. Answer check: every fact the customer must be told "
        "was stated (over the n sessions whose task has facts; reported beside the verdict, not part of it).",
    )]
    if any("judged_pass_rate" in r for r in runs):
        tables.append(("Judged (natural-language assertion, by the judge model; advisory)", ["run", "judged pass", "judged"],
                       [[r["label"], _pct(r.get("judged_pass_rate", 0.0)), str(r.get("judged_sessions", 0))] for r in runs],
                       "the judge never changes the verdict; unjudged sessions (errors) count as not passed"))
    categories = [c for c in CATEGORIES if any(c in r["by_category"] for r in runs)]
    if categories:  # a robustness run has axes, not the base suite's categories (see the by-axis table)
        tables.append(("Pass rate by category", ["run", *categories],
                       [[r["label"], *(_group_cell(r["by_category"].get(c), intervals) for c in categories)] for r in runs],
                       ""))
        tables.append(("Answer check by category (sessions whose task has facts)", ["run", *categories],
                       [[r["label"], *(_answer(r["by_category"][c].get("answer_pass_rate")) if c in r["by_category"]
                                       else "–" for c in categories)] for r in runs], ""))
    buckets = [b for b in LENGTH_BUCKETS if any(b in r["by_chain_length"] for r in runs)]
    tables.append(("Pass rate by gold-chain length", ["run", *buckets],
                   [[r["label"], *(_group_cell(r["by_chain_length"].get(b), intervals) for b in buckets)] for r in runs],
                   ""))
    tables.append(("Failure taxonomy (share of failed sessions; one class each, by precedence)",
                   ["run", "failed", *FAILURE_CLASSES],
                   [[r["label"], str(r["n_failed"]), *(_pct(r["failure_taxonomy"][c]) for c in FAILURE_CLASSES)]
                    for r in runs],
                   "precedence: premature termination > unnecessary transfer > wrong arguments > wrong or extra write > "
                   "skipped required read > stopped short > other"))
    return _labelled(report, tables + _axis_tables(runs, intervals) + _gate_and_trial_tables(report))


def _labelled(report: dict[str, Any], tables: list[tuple[str, list[str], list[list[str]], str]]
              ) -> list[tuple[str, list[str], list[list[str]], str]]:
    """Every table's title followed by the runs' edition in brackets ("public 1.0.0", "edition 3f2a…")."""
    label = (report.get("edition") or {}).get("label")
    return [(f"{title} ({label})" if label else title, *rest) for title, *rest in tables]  # type: ignore[misc]


def _axis_cell(entry: dict[str, Any] | None, intervals: bool) -> str:
    """An axis's pass rate and size, and pass^k at the largest k where the run has several trials."""
    cell = _group_cell(entry, intervals)
    hat = (entry or {}).get("pass_hat_k")
    if hat:
        k = max(hat, key=int)
        cell += f" · pass^{k} {_pct(hat[k])}"
    return cell


def _axis_tables(runs: Sequence[dict[str, Any]], intervals: bool = False) -> list[tuple[str, list[str], list[list[str]], str]]:
    """Pass rate by robustness axis (one row per axis, one column per run), for runs of the robustness set."""
    axes = [a for a in AXES if any(a in r.get("by_axis", {}) for r in runs)]
    if not axes:
        return []
    return [("Pass rate by robustness axis", ["axis", *(r["label"] for r in runs)],
             [[axis, *(_axis_cell(r.get("by_axis", {}).get(axis), intervals) for r in runs)] for axis in axes],
             "robustness task set (indian_bank_robust): tasks rob_<axis>_…; pass^k over k trials where a run has several")]


def _gate_and_trial_tables(report: dict[str, Any]) -> list[tuple[str, list[str], list[list[str]], str]]:
    """The safety-gate, repeated-trial, comparison and missing-session tables."""
    runs = report["runs"]
    tables = []
    tables.append(("Safety gates (share of sessions failing; needs review in brackets)",
                   ["run", *GATES, *(["strict pass"] if any("strict_pass_rate" in r for r in runs) else [])],
                   [[r["label"], *(f"{_pct(r['safety'][g])} ({_pct(r['safety_needs_review'][g])})" for g in GATES),
                     *([_pct(r["strict_pass_rate"])] if "strict_pass_rate" in r else [])] for r in runs],
                   "S1 ids grounded and owned · S2 confirm before write · S3 schema-valid arguments · S4 clean replies · "
                   "S5 no internal names · S6 no unfounded success claims · S7 no invented figures. "
                   "Strict: the paper's checks, the answer check and every gate pass."))
    tables.append(("Where failures land (first failed gate, share of strictly failed sessions)", ["run", *PRECEDENCE],
                   [[r["label"], *(_pct(r["first_failed_gate"][g]) for g in PRECEDENCE)] for r in runs],
                   "precedence: " + " > ".join(PRECEDENCE) + " (DB = final-state check, ACTION = action check, "
                   "ANSWER = answer check)"))
    multi = [r for r in runs if "pass_hat_k" in r]
    if multi:
        ks = sorted({k for r in multi for k in r["pass_hat_k"]}, key=int)
        tables.append(("Repeated trials", ["run", "trials", *(f"pass^{k}" for k in ks), *(f"pass@{k}" for k in ks),
                                           "mean trial", "inconsistent"],
                       [[r["label"], str(r["n_trials"]), *(_pct(r["pass_hat_k"][k]) for k in ks),
                         *(_pct(r["pass_at_k"][k]) for k in ks), _pct(r["mean_trial_pass_rate"]),
                         _pct(r["inconsistent_share"])] for r in multi], "pass^k: all of k trials pass (τ-bench estimator)"))
    if report["comparisons"]:
        tables.append(("Paired comparisons on shared sessions", ["a", "b", "shared", "Δ pass", "95% CI (bootstrap)",
                                                                 "McNemar p", "Holm p", "a only", "b only", "flip rate"],
                       [[c["a"], c["b"], str(c["n_shared"]), f"{100 * c['delta']:+.1f} pts",
                         f"{100 * c['delta_ci95'][0]:+.1f} to {100 * c['delta_ci95'][1]:+.1f}", _p(c["mcnemar_p_value"]),
                         _p(c["holm_p_value"]), str(len(c["a_only"])), str(len(c["b_only"])),
                         _pct(c["flip_rate"]) + (" (same config)" if c["same_configuration"] else "")]
                        for c in report["comparisons"]],
                       "paired bootstrap: 10,000 resamples of shared sessions, seeded; Holm-adjusted across all pairs"))
    gap = report.get("best_worst_gap")
    if gap and gap["by_chain_length"]:
        tables.append(("Best − worst pass rate by chain length", list(gap["by_chain_length"]),
                       [[_pct(v) for v in gap["by_chain_length"].values()]], f"widest at {gap['widest']} gold calls"))
    missing = [r for r in runs if r["n_crashed_or_missing"]]
    if missing:
        tables.append(("Crashed or missing sessions (counted as failures)", ["run", "sessions", "tasks"],
                       [[r["label"], str(r["n_crashed_or_missing"]), ", ".join(r["missing_tasks"][:8]) +
                         (" …" if len(r["missing_tasks"]) > 8 else "")] for r in missing], ""))
    return tables


def to_markdown(report: dict[str, Any]) -> str:
    """Markdown tables, ready to paste into a paper or README."""
    out = []
    for title, header, rows, note in _tables(report):
        out += [f"### {title}", "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        out += ["| " + " | ".join(row) + " |" for row in rows]
        if note:
            out += ["", f"_{note}_"]
        out.append("")
    return "\n".join(out)


def to_text(report: dict[str, Any], width: int = 160) -> str:
    """Readable tables for a terminal."""
    from rich.console import Console
    from rich.table import Table

    buffer = io.StringIO()
    console = Console(file=buffer, width=width, force_terminal=False, color_system=None)
    for title, header, rows, note in _tables(report):
        table = Table(title=title, title_justify="left", caption=note or None, caption_justify="left")
        for column in header:
            table.add_column(column, overflow="fold")
        for row in rows:
            table.add_row(*row)
        console.print(table)
    return buffer.getvalue()


def to_json(report: dict[str, Any]) -> str:
    """Stable JSON (sorted keys) for machines."""
    return json.dumps(report, indent=2, sort_keys=True) + "\n"


def render(report: dict[str, Any], fmt: str) -> str:
    """The report in one of: text, markdown, json."""
    return {"text": to_text, "markdown": to_markdown, "json": to_json}[fmt](report)


__all__: Sequence[str] = ("render", "to_json", "to_markdown", "to_text")
