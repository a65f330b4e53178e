"""The report as text (rich tables), markdown, or JSON."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from typing import Any

from tau_indian_bank.evaluation.customer import AUDITS, TITLES
from tau_indian_bank.evaluation.diagnostics import FAILURE_CLASSES
from tau_indian_bank.evaluation.safety import GATES, PRECEDENCE
from tau_indian_bank.report.fidelity import fidelity_tables
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


def _clean_rate(run: dict[str, Any]) -> str:
    """The pass rate over the sessions without an infrastructure error, with its count."""
    rate = run.get("pass_rate_without_infrastructure_errors")
    return "–" if rate is None else f"{_pct(rate)} (n={run.get('n_without_infrastructure_errors', 0)})"


def _tables(report: dict[str, Any], intervals: bool = False) -> list[tuple[str, list[str], list[list[str]], str]]:
    """(title, header, rows, footnote) for every table of the report (``intervals``: 95% intervals in group cells)."""
    runs = report["runs"]
    infra = any(r.get("n_infrastructure_errors") for r in runs)
    tables = [
        (
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
                    _pct(r["pass_rate"]),
                    f"{_pct(r['pass_rate_ci95'][0])}–{_pct(r['pass_rate_ci95'][1])}",
                    *([_clean_rate(r)] if infra else []),
                    _pct(r["final_state_pass_rate"]),
                    _pct(r["action_pass_rate"]),
                    _answer(r.get("answer_pass_rate"), r.get("answer_n")),
                    _pct(r["procedural_violation_gap"]),
                    str(r["final_only_passes"]),
                    str(r["action_only_passes"]),
                    _p(r["discordance_p_value"]),
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
    ]
    if any("judged_pass_rate" in r for r in runs):
        tables.append(
            (
                "Judged (natural-language assertion, by the judge model; advisory)",
                ["run", "judged pass", "judged"],
                [[r["label"], _pct(r.get("judged_pass_rate", 0.0)), str(r.get("judged_sessions", 0))] for r in runs],
                "the judge never changes the verdict; unjudged sessions (errors) count as not passed",
            )
        )
    tables += _customer_tables(runs)
    categories = [c for c in CATEGORIES if any(c in r["by_category"] for r in runs)]
    if categories:  # a robustness run has axes, not the base suite's categories (see the by-axis table)
        tables.append(
            (
                "Pass rate by category",
                ["run", *categories],
                [[r["label"], *(_group_cell(r["by_category"].get(c), intervals) for c in categories)] for r in runs],
                "",
            )
        )
        tables.append(
            (
                "Answer check by category (sessions whose task has facts)",
                ["run", *categories],
                [
                    [
                        r["label"],
                        *(_answer(r["by_category"][c].get("answer_pass_rate")) if c in r["by_category"] else "–" for c in categories),
                    ]
                    for r in runs
                ],
                "",
            )
        )
    buckets = [b for b in LENGTH_BUCKETS if any(b in r["by_chain_length"] for r in runs)]
    tables.append(
        (
            "Pass rate by gold-chain length",
            ["run", *buckets],
            [[r["label"], *(_group_cell(r["by_chain_length"].get(b), intervals) for b in buckets)] for r in runs],
            "",
        )
    )
    tables.append(
        (
            "Failure taxonomy (share of failed sessions; one class each, by precedence)",
            ["run", "failed", *FAILURE_CLASSES],
            [[r["label"], str(r["n_failed"]), *(_pct(r["failure_taxonomy"][c]) for c in FAILURE_CLASSES)] for r in runs],
            "precedence: premature termination > unnecessary transfer > wrong arguments > wrong or extra write > "
            "skipped required read > stopped short > other",
        )
    )
    return _labelled(report, tables + _axis_tables(runs, intervals) + fidelity_tables(runs) + _gate_and_trial_tables(report))


#: The most sessions the text and markdown list per customer table (the JSON lists every one).
LISTED_CUSTOMER_SESSIONS = 20


def _rate_with_n(rate: float | None, n: int) -> str:
    return "–" if rate is None else f"{_pct(rate)} (n={n})"


def _customer_of(run: dict[str, Any]) -> str:
    version = run.get("customer_guidelines_version")
    return f"{run.get('user') or '?'} · {run.get('user_llm') or 'no model'}" + (f" · guidelines {version}" if version else "")


def _customer_tables(runs: Sequence[dict[str, Any]]) -> list[tuple[str, list[str], list[list[str]], str]]:
    """The customer audit per run, the failed sessions whose first problem was the customer's, and the sessions it erred in."""
    if not any("customer_audit" in r for r in runs):
        return []
    audit = (
        "Customer audit (did the simulated customer do its part? share of sessions failing each check; needs review in brackets)",
        ["run", "customer", "customer error", *AUDITS, "pass", "pass w/o customer errors", "failed first by the customer"],
        [
            [
                r["label"],
                _customer_of(r),
                f"{_pct(r['customer_error_rate'])} ({r['n_customer_errors']})",
                *(f"{_pct(r['customer_audit'][c])} ({_pct(r['customer_audit_needs_review'][c])})" for c in AUDITS),
                _pct(r["pass_rate"]),
                _rate_with_n(r["pass_rate_without_customer_errors"], r["n_without_customer_errors"]),
                _rate_with_n(r["customer_first_share"], r["n_customer_first_failures"]),
            ]
            for r in runs
        ],
        " · ".join(f"{c} {TITLES[c]}" for c in AUDITS) + ". The audit is not part of the verdict: pass is the paper's, "
        "unchanged; 'pass w/o customer errors' is over the n sessions where no check failed. 'Failed first by the "
        "customer': the share (and number) of failed sessions, infrastructure errors left out, whose first problem was "
        "the customer's: a check failed at a turn at or before the assistant's first faulted call. How to read a score "
        "with its customer's fidelity: docs/customer-fidelity.md",
    )
    tables = [audit]
    first = [(r["label"], f) for r in runs for f in r.get("customer_first_failures", [])]
    if first:
        more = len(first) - LISTED_CUSTOMER_SESSIONS
        tables.append(
            (
                "Failed sessions whose first problem was the customer's",
                ["run", "task", "trial", "check", "where"],
                [
                    [label, f["task_id"], str(f["trial"]), f"{f['check']} {TITLES.get(f['check'], '')}", f["detail"]]
                    for label, f in first[:LISTED_CUSTOMER_SESSIONS]
                ],
                f"and {more} more (--format json lists every one)" if more > 0 else "",
            )
        )
    erred = [(r["label"], e) for r in runs for e in r.get("customer_error_sessions", [])]
    if erred:
        more = len(erred) - LISTED_CUSTOMER_SESSIONS
        tables.append(
            (
                "Sessions with a customer error (the customer audit per session)",
                ["run", "task", "trial", "verdict", "failed checks"],
                [
                    [
                        label,
                        e["task_id"],
                        str(e["trial"]),
                        "pass" if e["passed"] else "fail",
                        "; ".join(f"{c} {detail}" for c, detail in e["checks"].items()),
                    ]
                    for label, e in erred[:LISTED_CUSTOMER_SESSIONS]
                ],
                (f"and {more} more; " if more > 0 else "") + "every session's audit is in --format json --sessions "
                "and in the HTML report's session view",
            )
        )
    return tables


def _labelled(
    report: dict[str, Any], tables: list[tuple[str, list[str], list[list[str]], str]]
) -> list[tuple[str, list[str], list[list[str]], str]]:
    """Every table's title followed by the runs' edition in brackets ("public 1.0.0", "edition 3f2a…")."""
    label = (report.get("edition") or {}).get("label")
    return [(f"{title} ({label})" if label else title, header, rows, note) for title, header, rows, note in tables]


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
    return [
        (
            "Pass rate by robustness axis",
            ["axis", *(r["label"] for r in runs)],
            [[axis, *(_axis_cell(r.get("by_axis", {}).get(axis), intervals) for r in runs)] for axis in axes],
            "robustness task set (indian_bank_robust): tasks rob_<axis>_…; pass^k over k trials where a run has several",
        )
    ]


def _gate_and_trial_tables(report: dict[str, Any]) -> list[tuple[str, list[str], list[list[str]], str]]:
    """The safety-gate, repeated-trial, comparison and missing-session tables."""
    runs = report["runs"]
    tables = []
    tables.append(
        (
            "Safety gates (share of sessions failing; needs review in brackets)",
            ["run", *GATES, *(["strict pass"] if any("strict_pass_rate" in r for r in runs) else [])],
            [
                [
                    r["label"],
                    *(f"{_pct(r['safety'][g])} ({_pct(r['safety_needs_review'][g])})" for g in GATES),
                    *([_pct(r["strict_pass_rate"])] if "strict_pass_rate" in r else []),
                ]
                for r in runs
            ],
            "S1 ids grounded and owned · S2 confirm before write · S3 schema-valid arguments · S4 clean replies · "
            "S5 no internal names · S6 no unfounded success claims · S7 no invented figures. "
            "Strict: the paper's checks, the answer check and every gate pass.",
        )
    )
    tables.append(
        (
            "Where failures land (first failed gate, share of strictly failed sessions)",
            ["run", *PRECEDENCE],
            [[r["label"], *(_pct(r["first_failed_gate"][g]) for g in PRECEDENCE)] for r in runs],
            "precedence: " + " > ".join(PRECEDENCE) + " (DB = final-state check, ACTION = action check, ANSWER = answer check)",
        )
    )
    multi = [r for r in runs if "pass_hat_k" in r]
    if multi:
        ks = sorted({k for r in multi for k in r["pass_hat_k"]}, key=int)
        tables.append(
            (
                "Repeated trials",
                ["run", "trials", *(f"pass^{k}" for k in ks), *(f"pass@{k}" for k in ks), "mean trial", "inconsistent"],
                [
                    [
                        r["label"],
                        str(r["n_trials"]),
                        *(_pct(r["pass_hat_k"][k]) for k in ks),
                        *(_pct(r["pass_at_k"][k]) for k in ks),
                        _pct(r["mean_trial_pass_rate"]),
                        _pct(r["inconsistent_share"]),
                    ]
                    for r in multi
                ],
                "pass^k: all of k trials pass (τ-bench estimator)",
            )
        )
    if report["comparisons"]:
        tables.append(
            (
                "Paired comparisons on shared sessions",
                ["a", "b", "shared", "Δ pass", "95% CI (bootstrap)", "McNemar p", "Holm p", "a only", "b only", "flip rate"],
                [
                    [
                        c["a"],
                        c["b"],
                        str(c["n_shared"]),
                        f"{100 * c['delta']:+.1f} pts",
                        f"{100 * c['delta_ci95'][0]:+.1f} to {100 * c['delta_ci95'][1]:+.1f}",
                        _p(c["mcnemar_p_value"]),
                        _p(c["holm_p_value"]),
                        str(len(c["a_only"])),
                        str(len(c["b_only"])),
                        _pct(c["flip_rate"]) + (" (same config)" if c["same_configuration"] else ""),
                    ]
                    for c in report["comparisons"]
                ],
                "paired bootstrap: 10,000 resamples of shared sessions, seeded; Holm-adjusted across all pairs",
            )
        )
    gap = report.get("best_worst_gap")
    if gap and gap["by_chain_length"]:
        tables.append(
            (
                "Best − worst pass rate by chain length",
                list(gap["by_chain_length"]),
                [[_pct(v) for v in gap["by_chain_length"].values()]],
                f"widest at {gap['widest']} gold calls",
            )
        )
    missing = [r for r in runs if r["n_crashed_or_missing"]]
    if missing:
        tables.append(
            (
                "Crashed or missing sessions (counted as failures)",
                ["run", "sessions", "tasks"],
                [
                    [
                        r["label"],
                        str(r["n_crashed_or_missing"]),
                        ", ".join(r["missing_tasks"][:8]) + (" …" if len(r["missing_tasks"]) > 8 else ""),
                    ]
                    for r in missing
                ],
                "",
            )
        )
    return tables + _model_error_tables(runs) + _effort_tables(runs)


#: The most model errors the text and markdown list (the JSON lists every one).
LISTED_MODEL_ERRORS = 20


def _model_error_tables(runs: Sequence[dict[str, Any]]) -> list[tuple[str, list[str], list[list[str]], str]]:
    """Model errors by side per run, and the sessions they ended (the first :data:`LISTED_MODEL_ERRORS`)."""
    failing = [r for r in runs if r.get("n_model_errors")]
    if not failing:
        return []
    counts = (
        "Model errors (a failed model call ended the session; counted as failures, not the assistant's own)",
        ["run", "sessions", "model errors", "agent's model", "customer's model", "pass w/o infra errors"],
        [
            [
                r["label"],
                str(r["n_sessions"]),
                str(r["n_model_errors"]),
                str(r["n_model_errors_by_side"]["agent"]),
                str(r["n_model_errors_by_side"]["customer"]),
                _clean_rate(r),
            ]
            for r in failing
        ],
        "rerun them with tau-indian-bank run --retry-errors (same command); the error text of each is in the "
        "session view of the HTML report and in --format json --sessions",
    )
    listed = [(r["label"], e) for r in failing for e in r["model_errors"]]
    more = len(listed) - LISTED_MODEL_ERRORS
    rows = [
        [label, e["task_id"], str(e["trial"]), e["side"], str(e["model"] or "–"), e["cause"]] for label, e in listed[:LISTED_MODEL_ERRORS]
    ]
    return [
        counts,
        (
            "Sessions ended by a model error",
            ["run", "task", "trial", "side", "model", "cause"],
            rows,
            f"and {more} more (--format json lists every one)" if more > 0 else "",
        ),
    ]


def _money(value: float | None) -> str:
    if value is None:
        return "–"
    return f"${value:,.2f}" if value >= 1 else f"${value:.4f}"


def _count(value: float | None, unit: str = "") -> str:
    if value is None:
        return "–"
    return (f"{value:,.1f}" if isinstance(value, float) and not value.is_integer() else f"{int(value):,}") + unit


def _tokens(figures: dict[str, Any], side: str, which: str) -> str:
    return f"{_count(figures[f'{side}_prompt_tokens'][which])} / {_count(figures[f'{side}_completion_tokens'][which])}"


def _effort_row(label: str, f: dict[str, Any], which: str) -> list[str]:
    extra = f["extra_calls_per_passed_session"]
    row = [
        label,
        str(f["sessions"]),
        _tokens(f, "agent", which),
        _tokens(f, "customer", which),
        _count(f["turns"][which]),
        _count(f["tool_calls"][which]),
        _count(f["duration_s"][which], " s"),
        _money(f["cost"][which]),
    ]
    if which == "median":
        row += [
            _money(f["cost_per_passed_session"]),
            "–" if extra["mean"] is None else f"{extra['mean']:.1f} (n={extra['passed_sessions']})",
        ]
    return row


def _effort_tables(runs: Sequence[dict[str, Any]]) -> list[tuple[str, list[str], list[list[str]], str]]:
    """Tokens, cost, turns, tool calls and duration per session (median) and over the run (total), and by category."""
    runs = [r for r in runs if "effort" in r]
    if not runs:
        return []
    head = ["run", "sessions", "agent tokens in / out", "customer tokens in / out", "turns", "tool calls", "duration", "cost"]
    priced = "; ".join(f"{r['label']}: {r['effort']['cost']['priced_sessions']} of {r['effort']['sessions']}" for r in runs)
    note = (
        "cost in US dollars where litellm knows the model's price (sessions priced: " + priced + "); – = unknown "
        "(a local or unpriced model) or no model. Turns: the customer's messages. Tool calls: the assistant's. "
        "Calls beyond gold: tool calls of a passed session that matched no gold call (redundant reads)"
    )
    categories = [c for c in CATEGORIES if any(c in r.get("effort_by_category", {}) for r in runs)]
    by_category = [[r["label"], *(_category_effort(r["effort_by_category"].get(c)) for c in categories)] for r in runs]
    tables = [
        (
            "Cost and effort per session (median)",
            [*head, "cost per pass", "calls beyond gold per pass"],
            [_effort_row(r["label"], r["effort"], "median") for r in runs],
            note,
        ),
        ("Cost and effort over the run (total)", head, [_effort_row(r["label"], r["effort"], "total") for r in runs], ""),
    ]
    if categories:
        tables.append(("Effort by category (median per session: turns · tool calls · cost)", ["run", *categories], by_category, ""))
    return tables


def _category_effort(figures: dict[str, Any] | None) -> str:
    if not figures:
        return "–"
    return f"{_count(figures['turns']['median'])} · {_count(figures['tool_calls']['median'])} · {_money(figures['cost']['median'])}"


def to_markdown(report: dict[str, Any]) -> str:
    """Markdown tables, ready to paste into a paper or README."""
    out = [f"**{line}**" for line in report.get("warnings") or []] + ([""] if report.get("warnings") else [])
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
    for line in report.get("warnings") or []:
        console.print(line, markup=False, highlight=False, soft_wrap=True)
    for title, header, rows, note in _tables(report):
        table = Table(title=title, title_justify="left", caption=note or None, caption_justify="left")
        for column in header:
            table.add_column(column, overflow="fold")
        for row in rows:
            table.add_row(*row)
        console.print(table)
    return buffer.getvalue()


def text_tables(tables: Sequence[tuple[str, list[str], list[list[str]], str]], width: int = 160) -> str:
    """Some of the report's tables as :func:`to_text` draws them (``qualify-customer`` prints the fidelity's)."""
    from rich.console import Console
    from rich.table import Table

    buffer = io.StringIO()
    console = Console(file=buffer, width=width, force_terminal=False, color_system=None)
    for title, header, rows, note in tables:
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


__all__: Sequence[str] = ("render", "text_tables", "to_json", "to_markdown", "to_text")
