"""The customer audit in the report: did the simulated customer do its part, and what does the score become without its errors.

Per run (keys documented in ``report/metrics.py``): the share of sessions failing each customer
check (``customer_audit``, C1–C6) and needing review (``customer_audit_needs_review``), the share
with any customer error (``customer_error_rate``, ``n_customer_errors``), the paper's pass rate
unchanged beside the pass rate over the sessions without a customer error
(``pass_rate_without_customer_errors``, its ``_ci95``, ``n_without_customer_errors``: every
other session counts as before, infrastructure errors included), and the failed sessions whose
first problem was the customer's (``customer_first_failures``; the rule is
:mod:`tau_indian_bank.evaluation.customer.blame`), every session with a customer error and its
failed checks (``customer_error_sessions``); and who played the customer: its arguments
(``user_llm_args``, keys redacted) and guidelines' version (``customer_guidelines_version``).

Across runs: a paired comparison records whether both runs had the same customer
(``same_customer``: participant, model and guidelines' version), and the report carries one
warning line when any two runs did not (``warnings``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from tau_indian_bank.evaluation.customer import AUDITS
from tau_indian_bank.report.sessions import Run, Session
from tau_indian_bank.report.statistics import wilson_interval


def _rate(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def customer_metrics(run: Run) -> dict[str, Any]:
    """The run's customer audit, its pass rate without customer errors and the failures that began with the customer."""
    sessions = run.sessions
    n = len(sessions)
    clean = [s for s in sessions if not s.customer.error]
    passed = sum(s.diagnostics.passed for s in clean)
    judged_failures = [s for s in sessions if not s.diagnostics.passed and not s.infrastructure_error]
    first = [s for s in judged_failures if s.customer.first]
    return {
        "customer_audit": {c: _rate(sum(s.customer.checks.get(c) == "fail" for s in sessions), n) for c in AUDITS},
        "customer_audit_needs_review": {c: _rate(sum(s.customer.checks.get(c) == "needs_review" for s in sessions), n) for c in AUDITS},
        "n_customer_errors": n - len(clean),
        "customer_error_rate": _rate(n - len(clean), n),
        "n_without_customer_errors": len(clean),
        "pass_rate_without_customer_errors": passed / len(clean) if clean else None,
        "pass_rate_without_customer_errors_ci95": list(wilson_interval(passed, len(clean))) if clean else None,
        "n_customer_first_failures": len(first),
        "customer_first_share": _rate(len(first), len(judged_failures)) if judged_failures else None,
        "customer_first_failures": [
            {
                "task_id": s.task_id,
                "trial": s.trial,
                "check": s.customer.first,
                "detail": s.customer.details.get(s.customer.first or "", ""),
            }
            for s in first
        ],
        "customer_error_sessions": [
            {
                "task_id": s.task_id,
                "trial": s.trial,
                "passed": s.diagnostics.passed,
                "checks": {c: s.customer.details.get(c, "") for c in AUDITS if s.customer.checks.get(c) == "fail"},
            }
            for s in sessions
            if s.customer.error
        ],
        "user_llm_args": dict(run.user_llm_args),
        "customer_guidelines_version": run.guidelines_version,
    }


def session_customer(session: Session) -> dict[str, Any]:
    """A session record's customer audit: outcomes, details, the offending turns' positions, error, who came first."""
    found = session.customer
    return {
        "customer_audit": {c: found.checks.get(c, "n/a") for c in AUDITS},
        "customer_audit_details": dict(found.details),
        "customer_audit_turns": dict(found.turns),
        "customer_error": found.error,
        "customer_first": found.first,
    }


def _who(run: Run) -> str:
    version = f", guidelines {run.guidelines_version}" if run.guidelines_version else ""
    return f"{run.user} ({run.user_llm or 'no model'}{version})"


def same_customer(a: Run, b: Run) -> bool:
    """Did two runs have the same customer: participant, model and guidelines' version?"""
    return a.customer == b.customer


def customer_warnings(runs: Sequence[Run]) -> list[str]:
    """One line when the report pairs or compares runs whose customers differ (a score belongs to its customer too)."""
    if all(same_customer(a, b) for a, b in itertools.combinations(runs, 2)):
        return []
    who = "; ".join(f"{run.label}: {_who(run)}" for run in runs)
    return [
        f"warning: these runs had different customers (participant, model or guidelines version) — {who}; "
        "a difference between their scores is not the assistants' alone"
    ]
