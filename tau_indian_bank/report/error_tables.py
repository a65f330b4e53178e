"""The report's tables of infrastructure errors: crashed or missing sessions, and sessions a failed model call ended.

Both count as failures in the pass rate and are never the assistant's own; these tables show
how many there were, and which.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tau_indian_bank.report.cells import Table, clean_rate

#: The most model errors the text and markdown list (the JSON lists every one).
LISTED_MODEL_ERRORS = 20


def error_tables(runs: Sequence[dict[str, Any]]) -> list[Table]:
    """The crashed or missing sessions per run, then the model errors by side and the sessions they ended."""
    return [*_missing_tables(runs), *_model_error_tables(runs)]


def _missing_tables(runs: Sequence[dict[str, Any]]) -> list[Table]:
    missing = [r for r in runs if r["n_crashed_or_missing"]]
    if not missing:
        return []
    return [
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
    ]


def _model_error_tables(runs: Sequence[dict[str, Any]]) -> list[Table]:
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
                clean_rate(r),
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
