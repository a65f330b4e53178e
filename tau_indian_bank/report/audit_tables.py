"""The report's tables of the audits beside the verdict: the safety gates (of the assistant) and the customer audit."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tau_indian_bank.evaluation.customer import AUDITS, TITLES
from tau_indian_bank.evaluation.safety import GATES, PRECEDENCE
from tau_indian_bank.report.cells import Table, pct, rate_with_n

#: The most sessions the text and markdown list per customer table (the JSON lists every one).
LISTED_CUSTOMER_SESSIONS = 20


def gate_tables(runs: Sequence[dict[str, Any]]) -> list[Table]:
    """Each safety gate's failure rate (and the strict pass rate where scored), and where failures land first."""
    return [
        (
            "Safety gates (share of sessions failing; needs review in brackets)",
            ["run", *GATES, *(["strict pass"] if any("strict_pass_rate" in r for r in runs) else [])],
            [
                [
                    r["label"],
                    *(f"{pct(r['safety'][g])} ({pct(r['safety_needs_review'][g])})" for g in GATES),
                    *([pct(r["strict_pass_rate"])] if "strict_pass_rate" in r else []),
                ]
                for r in runs
            ],
            "S1 ids grounded and owned · S2 confirm before write · S3 schema-valid arguments · S4 clean replies · "
            "S5 no internal names · S6 no unfounded success claims · S7 no invented figures. "
            "Strict: the paper's checks, the answer check and every gate pass.",
        ),
        (
            "Where failures land (first failed gate, share of strictly failed sessions)",
            ["run", *PRECEDENCE],
            [[r["label"], *(pct(r["first_failed_gate"][g]) for g in PRECEDENCE)] for r in runs],
            "precedence: " + " > ".join(PRECEDENCE) + " (DB = final-state check, ACTION = action check, ANSWER = answer check)",
        ),
    ]


def customer_tables(runs: Sequence[dict[str, Any]]) -> list[Table]:
    """The customer audit per run, the failed sessions whose first problem was the customer's, and the sessions it erred in."""
    if not any("customer_audit" in r for r in runs):
        return []
    return [_audit_table(runs), *_customer_first_tables(runs), *_customer_error_tables(runs)]


def _customer_of(run: dict[str, Any]) -> str:
    version = run.get("customer_guidelines_version")
    return f"{run.get('user') or '?'} · {run.get('user_llm') or 'no model'}" + (f" · guidelines {version}" if version else "")


def _audit_table(runs: Sequence[dict[str, Any]]) -> Table:
    return (
        "Customer audit (did the simulated customer do its part? share of sessions failing each check; needs review in brackets)",
        ["run", "customer", "customer error", *AUDITS, "pass", "pass w/o customer errors", "failed first by the customer"],
        [
            [
                r["label"],
                _customer_of(r),
                f"{pct(r['customer_error_rate'])} ({r['n_customer_errors']})",
                *(f"{pct(r['customer_audit'][c])} ({pct(r['customer_audit_needs_review'][c])})" for c in AUDITS),
                pct(r["pass_rate"]),
                rate_with_n(r["pass_rate_without_customer_errors"], r["n_without_customer_errors"]),
                rate_with_n(r["customer_first_share"], r["n_customer_first_failures"]),
            ]
            for r in runs
        ],
        " · ".join(f"{c} {TITLES[c]}" for c in AUDITS) + ". The audit is not part of the verdict: pass is the paper's, "
        "unchanged; 'pass w/o customer errors' is over the n sessions where no check failed. 'Failed first by the "
        "customer': the share (and number) of failed sessions, infrastructure errors left out, whose first problem was "
        "the customer's: a check failed at a turn at or before the assistant's first faulted call. How to read a score "
        "with its customer's fidelity: docs/customer-fidelity.md",
    )


def _customer_first_tables(runs: Sequence[dict[str, Any]]) -> list[Table]:
    """The failed sessions whose first problem was the customer's (the first :data:`LISTED_CUSTOMER_SESSIONS`)."""
    first = [(r["label"], f) for r in runs for f in r.get("customer_first_failures", [])]
    if not first:
        return []
    more = len(first) - LISTED_CUSTOMER_SESSIONS
    return [
        (
            "Failed sessions whose first problem was the customer's",
            ["run", "task", "trial", "check", "where"],
            [
                [label, f["task_id"], str(f["trial"]), f"{f['check']} {TITLES.get(f['check'], '')}", f["detail"]]
                for label, f in first[:LISTED_CUSTOMER_SESSIONS]
            ],
            f"and {more} more (--format json lists every one)" if more > 0 else "",
        )
    ]


def _customer_error_tables(runs: Sequence[dict[str, Any]]) -> list[Table]:
    """The sessions with a customer error and the checks they failed (the first :data:`LISTED_CUSTOMER_SESSIONS`)."""
    erred = [(r["label"], e) for r in runs for e in r.get("customer_error_sessions", [])]
    if not erred:
        return []
    more = len(erred) - LISTED_CUSTOMER_SESSIONS
    return [
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
    ]
