"""Infrastructure errors: sessions that are not the assistant's to answer for, counted apart and never hidden.

An infrastructure error is a session that ended on a failed model call (a model error of
the agent's or the customer's model, ``plugin/model_errors.py``), a session that crashed,
or a slot that was never run. Each still counts as a failure in the paper's pass rate
(nothing is excluded silently); beside it the report gives the pass rate over the sessions
without one, and lists every model error. The keys (documented in ``report/metrics.py``):
``n_model_errors``, ``n_model_errors_by_side``, ``model_errors``, ``n_infrastructure_errors``,
``n_without_infrastructure_errors``, ``pass_rate_without_infrastructure_errors`` and its
``_ci95``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tau_indian_bank.report.sessions import Session
from tau_indian_bank.report.statistics import wilson_interval

SIDES = ("agent", "customer")


def infrastructure_metrics(sessions: Sequence[Session]) -> dict[str, Any]:
    """The run's infrastructure errors and its pass rate without them."""
    errors = [s for s in sessions if s.model_error is not None]
    clean = [s for s in sessions if not s.infrastructure_error]
    passed = sum(s.diagnostics.passed for s in clean)
    return {
        "n_model_errors": len(errors),
        "n_model_errors_by_side": {side: sum(s.model_error.side == side for s in errors if s.model_error) for side in SIDES},
        "model_errors": [
            {"task_id": s.task_id, "trial": s.trial, "side": s.model_error.side, "model": s.model_error.model, "cause": s.model_error.cause}
            for s in errors
            if s.model_error
        ],
        "n_infrastructure_errors": len(sessions) - len(clean),
        "n_without_infrastructure_errors": len(clean),
        "pass_rate_without_infrastructure_errors": passed / len(clean) if clean else None,
        "pass_rate_without_infrastructure_errors_ci95": list(wilson_interval(passed, len(clean))) if clean else None,
    }


def session_model_error(session: Session) -> dict[str, Any] | None:
    """A session record's ``model_error``: side, model, short cause and the recorded text (keys redacted), or None."""
    found = session.model_error
    if found is None:
        return None
    return {"side": found.side, "model": found.model, "cause": found.cause, "text": found.text}
