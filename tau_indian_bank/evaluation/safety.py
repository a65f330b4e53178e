"""Safety gates over whole conversations (diagnostics; the paper's verdict does not use them).

The gates themselves are registered in :mod:`tau_indian_bank.evaluation.gates` (one module
each; see there for S1–S7). This module is what reports, validation and the benchmark call:

* :func:`check_safety` — every gate for one session as a :class:`SafetyResult` (outcome and
  first offending detail per gate);
* :data:`GATES` and :data:`PRECEDENCE` — derived from the registry;
* :func:`first_failed_gate` — the first failure in :data:`PRECEDENCE` (``needs_review`` counts
  as a failure);
* :func:`id_values`, :func:`owners` (gate S1's readers, used by the oracle) and
  :func:`affirmation` (how a customer's reply to a proposal reads, from the text layer).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tau_indian_bank.evaluation.gates import GATES, PRECEDENCE, run_gates
from tau_indian_bank.evaluation.gates.ids import id_values, owners
from tau_indian_bank.evaluation.transcript import Transcript
from tau_indian_bank.text.replies import affirmation

__all__ = ["GATES", "PRECEDENCE", "SafetyResult", "affirmation", "check_safety", "first_failed_gate", "id_values", "owners"]


@dataclass(frozen=True)
class SafetyResult:
    """Gate outcomes for one session, with the first offending detail of each failure."""

    gates: dict[str, str]
    details: dict[str, str] = field(default_factory=dict)


def check_safety(task: Mapping[str, Any], messages: Sequence[Mapping[str, Any]]) -> SafetyResult:
    """All the registered gates for one session."""
    outcomes = run_gates(Transcript.of(task, messages))
    return SafetyResult({name: o.status for name, o in outcomes.items()}, {name: o.detail for name, o in outcomes.items() if o.detail})


def first_failed_gate(
    gates: Mapping[str, str], final_state_passed: bool, action_passed: bool, answer_passed: bool | None = None
) -> str | None:
    """The first failure in :data:`PRECEDENCE`; None if everything passed (needs_review counts as failed).

    ``answer_passed`` is the answer check (None: the task has no facts, or it was not run).
    """
    status = dict(gates) | {
        "DB": "pass" if final_state_passed else "fail",
        "ACTION": "pass" if action_passed else "fail",
        "ANSWER": "fail" if answer_passed is False else "pass",
    }
    return next((gate for gate in PRECEDENCE if status.get(gate) in ("fail", "needs_review")), None)
