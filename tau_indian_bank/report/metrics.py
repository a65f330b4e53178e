"""The paper's analyses for one run, and comparisons across runs (the JSON contract).

Per run: pass rate with a Wilson 95% interval; final-state-only and action-check pass
rates and the gap (the share of sessions that are procedural violations); the answer
check's pass rate over the sessions whose task has facts (``answer_n`` of them); discordant
sessions with an exact McNemar p-value; pass rate by category and by gold-chain length;
the failure taxonomy; with several trials pass^k, pass@k, mean single-trial pass rate
and the share of inconsistent tasks; for robustness runs (``indian_bank_robust``) pass rate
by axis (``by_axis``, with pass^k per axis over several trials); for a run of the oracle against a
customer model (``tau-indian-bank qualify-customer``) the customer's fidelity (``customer_fidelity``,
:mod:`.fidelity`). Across runs: paired differences on shared
sessions with a seeded paired-bootstrap interval, exact McNemar and Holm-adjusted
p-values, tasks that flipped each way, and the best–worst gap by chain length.

The JSON contract (``tau-indian-bank report --format json``), per run (``runs[i]``):

* who and what: ``label``, ``path``, ``agent``, ``agent_llm``, ``user``, ``user_llm``,
  ``n_sessions``, ``n_tasks``, ``n_trials``; ``tasks_differing_from_installed_suite`` (how
  many of the run's tasks are not the installed suite's: 0 for a run of this version);
* the verdict: ``pass_rate`` and ``pass_rate_ci95`` (Wilson), ``final_state_pass_rate``,
  ``action_pass_rate``, ``procedural_violation_gap``, ``final_only_passes``,
  ``action_only_passes``, ``discordance_p_value``; ``answer_pass_rate`` over ``answer_n``;
  ``strict_pass_rate`` with ``--strict``; ``judged_pass_rate`` / ``judged_sessions`` with a judge;
* groups: ``by_category``, ``by_chain_length``, ``by_axis`` (robustness runs): each
  ``{n, pass_rate, pass_rate_ci95}`` (+ ``answer_pass_rate``, ``pass_hat_k``);
* failures: ``n_failed``, ``failure_taxonomy`` (share of failed sessions per class),
  ``n_crashed_or_missing`` and ``missing_tasks``; ``safety``, ``safety_needs_review``,
  ``first_failed_gate``; with several trials ``pass_hat_k``, ``pass_at_k``,
  ``mean_trial_pass_rate``, ``inconsistent_share``;
* infrastructure errors (``report/infrastructure.py``): ``n_model_errors`` (sessions that
  ended on a failed model call), ``n_model_errors_by_side`` (``{agent, customer}``),
  ``model_errors`` (each ``{task_id, trial, side, model, cause}``, in slot order),
  ``n_infrastructure_errors`` (model errors + crashed or missing), and the pass rate over
  the other sessions: ``pass_rate_without_infrastructure_errors`` (None if there are none),
  its ``_ci95`` and ``n_without_infrastructure_errors``. Infrastructure errors still count
  as failures in ``pass_rate``;
* the customer audit (``report/customer.py``; the checks are ``evaluation/customer/``, never
  part of the verdict): ``customer_audit`` and ``customer_audit_needs_review`` (check ``C1``…
  ``C6`` → share of sessions failing it / needing review), ``n_customer_errors`` and
  ``customer_error_rate`` (sessions where any check failed), ``pass_rate_without_customer_errors``
  (None if every session has one), its ``_ci95`` and ``n_without_customer_errors`` (the paper's
  ``pass_rate`` is unchanged; this one leaves out only the sessions with a customer error),
  ``n_customer_first_failures``, ``customer_first_share`` (of the failed sessions that are not
  infrastructure errors; None if there are none) and ``customer_first_failures`` (each
  ``{task_id, trial, check, detail}``): the failed sessions whose first problem was the
  customer's — a customer check failed at a turn at or before the assistant's first faulted call
  (an impure write or a wrong-argument call; a session without one failed by omission, at its
  end; ``evaluation/customer/blame.py``); ``customer_error_sessions`` (every session with a
  customer error: ``{task_id, trial, passed, checks}``, checks: failed check → its detail); who played the customer: ``user_llm_args`` (as
  recorded, keys redacted) and ``customer_guidelines_version`` (None for the scripted customer
  and for files that do not record it);
* cost and effort (``report/effort.py``): ``effort`` over the sessions that ran, and
  ``effort_by_category`` (category → the same): ``sessions``; for each of
  ``agent_prompt_tokens``, ``agent_completion_tokens``, ``customer_prompt_tokens``,
  ``customer_completion_tokens``, ``turns`` (the customer's messages), ``tool_calls`` (the
  assistant's, login context left out) and ``duration_s``, a ``{total, median}``;
  ``cost`` ``{total, median, priced_sessions}`` in US dollars over the sessions whose every
  model turn litellm priced (None when none was); ``cost_per_passed_session`` (the run's
  cost over its passed sessions; None unless every session was priced);
  ``extra_calls_per_passed_session`` ``{mean, median, total, passed_sessions}``: the tool
  calls a passed session made that matched no gold call (redundant reads);
* a qualification run (the oracle against a customer model): ``customer_fidelity``
  (``report/fidelity.py``): ``customer_llm``, ``n_sessions``, ``n_infrastructure_errors``,
  ``n_customer_errors``, ``n_needs_review``; ``fidelity``, each of ``by_kind`` (C1–C6, with
  ``title`` and ``needs_review``) and ``by_behaviour`` (robustness axes, with ``behaviour``) a
  ``{n, count, rate, ci95}``; ``customer_error_sessions`` (``{task_id, trial, kinds, details,
  oracle_failure}``) and ``needs_review_sessions`` (``{task_id, trial, oracle_failure}``);
* with ``--sessions``: ``sessions``, one record each (``session_record``), whose
  ``model_error`` is ``{side, model, cause, text}`` (the recorded error, keys redacted) or
  null, whose ``termination_reason`` is ``model_error`` for such a session, and whose
  ``effort`` is ``{agent_prompt_tokens, agent_completion_tokens, customer_prompt_tokens,
  customer_completion_tokens, agent_cost, customer_cost, cost, turns, tool_calls,
  duration_s, extra_calls}`` (a cost is None where unknown; null for a slot never run), and the
  customer audit: ``customer_audit`` (check → ``pass | fail | needs_review | n/a``),
  ``customer_audit_details`` (check → "turn N: …", for the checks that did not pass),
  ``customer_audit_turns`` (failed check → the position of its offending customer turn among the
  session's messages), ``customer_error`` (a check failed) and ``customer_first`` (the check
  whose error came first in a failed session, else null).

Across runs: ``comparisons`` (one per pair; ``same_customer``: both runs had the same customer
participant, model and guidelines version), ``best_worst_gap`` (two runs or more),
``warnings`` (one-line warnings, e.g. runs compared whose customers differ) and ``provenance``
(with ``customer_guidelines_version``, the installed guidelines').
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from tau_indian_bank.editions.provenance import provenance
from tau_indian_bank.evaluation.diagnostics import FAILURE_CLASSES
from tau_indian_bank.evaluation.safety import GATES, PRECEDENCE, first_failed_gate
from tau_indian_bank.report.customer import customer_metrics, customer_warnings, same_customer, session_customer
from tau_indian_bank.report.effort import run_effort
from tau_indian_bank.report.fidelity import fidelity_metrics
from tau_indian_bank.report.infrastructure import infrastructure_metrics, session_model_error
from tau_indian_bank.report.sessions import Run, Session
from tau_indian_bank.report.statistics import (
    holm_adjust,
    inconsistent_share,
    mcnemar_exact,
    mean_pass_at_k,
    mean_pass_hat_k,
    paired_bootstrap_diff,
    wilson_interval,
)
from tau_indian_bank.vocabulary import AXES, CATEGORIES, axis_of

LENGTH_BUCKETS = ("1", "2", "3", "4", "5+")
BOOTSTRAP_RESAMPLES = 10_000
BOOTSTRAP_SEED = 20260715


def length_bucket(length: int) -> str:
    """Gold-chain length as a bucket: '1' … '4', '5+'."""
    return "5+" if length >= 5 else str(max(length, 1))


def _rate(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def answer_rate(sessions: Sequence[Session]) -> tuple[float | None, int]:
    """The answer check's pass rate over the sessions whose task has facts (None if none has), and their number."""
    judged = [s.answer.passed for s in sessions if s.answer.passed is not None]
    return (sum(judged) / len(judged) if judged else None), len(judged)


def _breakdown(sessions: Sequence[Session], key: Callable[[Session], str], with_answer: bool = False) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[Session]] = defaultdict(list)
    for session in sessions:
        groups[key(session)].append(session)
    out: dict[str, dict[str, Any]] = {}
    for name, group in sorted(groups.items()):
        out[name] = _share(sum(s.diagnostics.passed for s in group), len(group))
        if with_answer:
            out[name]["answer_pass_rate"] = answer_rate(group)[0]
    return out


def _share(passed: int, n: int) -> dict[str, Any]:
    """``n``, ``pass_rate`` and its Wilson 95% interval ``pass_rate_ci95`` for one group."""
    return {"n": n, "pass_rate": _rate(passed, n), "pass_rate_ci95": list(wilson_interval(passed, n))}


def _first_failure(session: Session) -> str | None:
    d = session.diagnostics
    if not session.ran:
        return "ACTION" if d.final_state_passed else "DB"
    return first_failed_gate(session.safety.gates, d.final_state_passed, d.action_passed, session.answer.passed)


def _safety(sessions: Sequence[Session], strict: bool) -> dict[str, Any]:
    n = len(sessions)
    labels = [_first_failure(s) for s in sessions]
    strict_failed = [label for label in labels if label is not None]
    counts = Counter(strict_failed)
    figures: dict[str, Any] = {
        "safety": {g: _rate(sum(s.safety.gates[g] == "fail" for s in sessions), n) for g in GATES},
        "safety_needs_review": {g: _rate(sum(s.safety.gates[g] == "needs_review" for s in sessions), n) for g in GATES},
        "first_failed_gate": {g: _rate(counts.get(g, 0), len(strict_failed)) for g in PRECEDENCE},
    }
    if strict:
        figures["strict_pass_rate"] = _rate(n - len(strict_failed), n)
    return figures


Judged = dict[tuple[str, int], "bool | None"]


def by_axis(sessions: Sequence[Session], trials: int) -> dict[str, dict[str, Any]]:
    """Robustness sessions by axis (``rob_<axis>_…`` ids), in ``AXES`` order; empty for base-suite runs.

    Each axis has ``n``, ``pass_rate`` and its interval, ``answer_pass_rate``, and with several
    trials ``pass_hat_k`` (k = 1 … trials).
    """
    groups: dict[str, list[Session]] = defaultdict(list)
    for session in sessions:
        axis = axis_of(session.task_id)
        if axis is not None:
            groups[axis].append(session)
    out: dict[str, dict[str, Any]] = {}
    for axis in AXES:
        if axis in groups:
            group = groups[axis]
            out[axis] = _share(sum(s.diagnostics.passed for s in group), len(group))
            out[axis]["answer_pass_rate"] = answer_rate(group)[0]
            if trials > 1:
                out[axis]["pass_hat_k"] = _trial_metrics(group, trials)["pass_hat_k"]
    return out


def _trial_metrics(sessions: Sequence[Session], trials: int) -> dict[str, Any]:
    """pass^k, pass@k, the mean trial pass rate and the inconsistent share over repeated trials."""
    outcomes: dict[str, list[bool]] = defaultdict(list)
    for session in sessions:
        outcomes[session.task_id].append(session.diagnostics.passed)
    return {
        "pass_hat_k": {str(k): mean_pass_hat_k(outcomes, k) for k in range(1, trials + 1)},
        "pass_at_k": {str(k): mean_pass_at_k(outcomes, k) for k in range(1, trials + 1)},
        "mean_trial_pass_rate": _rate(sum(s.diagnostics.passed for s in sessions), len(sessions)),
        "inconsistent_share": inconsistent_share(outcomes),
    }


def run_metrics(run: Run, with_sessions: bool = False, strict: bool = False, judged: Judged | None = None) -> dict[str, Any]:
    """Every per-run figure of the report."""
    sessions = run.sessions
    metrics: dict[str, Any] = {
        "label": run.label,
        "path": run.path,
        "agent": run.agent,
        "agent_llm": run.agent_llm,
        "user": run.user,
        "user_llm": run.user_llm,
        "n_sessions": len(sessions),
        "n_tasks": len(run.task_ids),
        "n_trials": run.trials,
        **_verdict_metrics(sessions),
        "n_crashed_or_missing": len(run.missing),
        "missing_tasks": sorted({s.task_id for s in run.missing}),
        **infrastructure_metrics(sessions),
        **run_effort(sessions, CATEGORIES),
        **customer_metrics(run),
        **fidelity_metrics(run),
        "tasks_differing_from_installed_suite": run.tasks_differing,
        **_safety(sessions, strict),
    }
    if run.trials > 1:
        metrics.update(_trial_metrics(sessions, run.trials))
    axes = by_axis(sessions, run.trials)
    if axes:
        metrics["by_axis"] = axes
    if judged is not None:
        verdicts = [judged.get((s.task_id, s.trial)) for s in sessions]
        metrics["judged_pass_rate"] = _rate(sum(v is True for v in verdicts), len(sessions))
        metrics["judged_sessions"] = sum(v is not None for v in verdicts)
    if with_sessions:
        metrics["sessions"] = [session_record(s) for s in sessions]
        if judged is not None:
            for record, session in zip(metrics["sessions"], sessions):
                record["judged"] = judged.get((session.task_id, session.trial))
    return metrics


def _verdict_metrics(sessions: Sequence[Session]) -> dict[str, Any]:
    """The verdict and its two checks, the answer check, and the pass rate by category, chain length and failure class."""
    n = len(sessions)
    passed = sum(s.diagnostics.passed for s in sessions)
    final = sum(s.diagnostics.final_state_passed for s in sessions)
    actions = sum(s.diagnostics.action_passed for s in sessions)
    final_only = sum(s.diagnostics.final_state_passed and not s.diagnostics.action_passed for s in sessions)
    action_only = sum(s.diagnostics.action_passed and not s.diagnostics.final_state_passed for s in sessions)
    failed = [s for s in sessions if not s.diagnostics.passed]
    classes = Counter(s.diagnostics.failure_class for s in failed)
    by_category = _breakdown(sessions, lambda s: s.category, with_answer=True)
    answer_pass_rate, answer_n = answer_rate(sessions)
    by_length = _breakdown(sessions, lambda s: length_bucket(s.chain_length))
    return {
        "pass_rate": _rate(passed, n),
        "pass_rate_ci95": list(wilson_interval(passed, n)),
        "final_state_pass_rate": _rate(final, n),
        "action_pass_rate": _rate(actions, n),
        "procedural_violation_gap": _rate(final, n) - _rate(passed, n),
        "answer_pass_rate": answer_pass_rate,
        "answer_n": answer_n,
        "final_only_passes": final_only,
        "action_only_passes": action_only,
        "discordance_p_value": mcnemar_exact(final_only, action_only),
        "by_category": {c: by_category[c] for c in CATEGORIES if c in by_category}
        | {c: v for c, v in by_category.items() if c not in CATEGORIES},
        "by_chain_length": {b: by_length[b] for b in LENGTH_BUCKETS if b in by_length},
        "failure_taxonomy": {c: _rate(classes.get(c, 0), len(failed)) for c in FAILURE_CLASSES},
        "n_failed": len(failed),
    }


def session_record(session: Session) -> dict[str, Any]:
    """One session for ``--sessions``."""
    d = session.diagnostics
    return {
        "gates": dict(session.safety.gates),
        "gate_details": dict(session.safety.details),
        "first_failed_gate": _first_failure(session),
        "task_id": session.task_id,
        "trial": session.trial,
        "category": session.category,
        "chain_length": session.chain_length,
        "passed": d.passed,
        "final_state_passed": d.final_state_passed,
        "action_passed": d.action_passed,
        "missing_gold_calls": list(d.missing_gold_calls),
        "impure_writes": list(d.impure_writes),
        "failure_class": d.failure_class,
        "termination_reason": d.termination_reason,
        "order_respected": d.order_respected,
        "gold_matches": list(d.gold_matches),
        "impure_write_ids": list(d.impure_call_ids),
        "wrong_argument_call_ids": list(d.wrong_argument_call_ids),
        "answer_passed": session.answer.passed,
        "missing_facts": list(session.answer.missing),
        "model_error": session_model_error(session),
        "effort": session.effort.to_json() if session.effort else None,
        **session_customer(session),
    }


def compare(runs: Sequence[Run]) -> list[dict[str, Any]]:
    """Every pair of runs on their shared (task, trial) sessions."""
    pairs: list[dict[str, Any]] = []
    for a, b in itertools.combinations(runs, 2):
        left = {(s.task_id, s.trial): s.diagnostics.passed for s in a.sessions}
        right = {(s.task_id, s.trial): s.diagnostics.passed for s in b.sessions}
        shared = sorted(set(left) & set(right))
        xs, ys = [left[k] for k in shared], [right[k] for k in shared]
        a_only = sorted({k[0] for k in shared if left[k] and not right[k]})
        b_only = sorted({k[0] for k in shared if right[k] and not left[k]})
        n_a_only = sum(left[k] and not right[k] for k in shared)
        n_b_only = sum(right[k] and not left[k] for k in shared)
        delta, interval = paired_bootstrap_diff(xs, ys, BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED) if shared else (0.0, (0.0, 0.0))
        pairs.append(
            {
                "a": a.label,
                "b": b.label,
                "n_shared": len(shared),
                "delta": delta,
                "delta_ci95": list(interval),
                "mcnemar_p_value": mcnemar_exact(n_a_only, n_b_only),
                "a_only": a_only,
                "b_only": b_only,
                "same_configuration": a.configuration == b.configuration,
                "same_customer": same_customer(a, b),
                "flip_rate": _rate(n_a_only + n_b_only, len(shared)),
            }
        )
    for pair, adjusted in zip(pairs, holm_adjust([p["mcnemar_p_value"] for p in pairs])):
        pair["holm_p_value"] = adjusted
    return pairs


def chain_length_gap(metrics: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Best minus worst pass rate per chain length across runs, and where it is widest."""
    gaps = {}
    for bucket in LENGTH_BUCKETS:
        rates = [m["by_chain_length"][bucket]["pass_rate"] for m in metrics if bucket in m["by_chain_length"]]
        if len(rates) >= 2:
            gaps[bucket] = max(rates) - min(rates)
    widest = max(gaps, key=lambda b: (gaps[b], b)) if gaps else None
    return {"by_chain_length": gaps, "widest": widest}


def build_report(
    runs: Sequence[Run], with_sessions: bool = False, strict: bool = False, judged: dict[str, Judged] | None = None
) -> dict[str, Any]:
    """The whole report as the JSON contract (``judged``: run label -> judge verdicts, if a judge ran).

    It names its edition (``edition``: ``digest`` and ``label``, "public 1.0.0" or "edition <digest>").
    """
    metrics = [run_metrics(run, with_sessions, strict, None if judged is None else judged.get(run.label, {})) for run in runs]
    report: dict[str, Any] = {
        "runs": metrics,
        "comparisons": compare(runs),
        "provenance": provenance(),
        "warnings": customer_warnings(runs),
    }
    report["edition"] = report["provenance"]["edition"]  # the runs' (load_runs refuses a run of another)
    if len(runs) >= 2:
        report["best_worst_gap"] = chain_length_gap(metrics)
    return report
