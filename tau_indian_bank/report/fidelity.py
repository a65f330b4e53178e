"""A customer model's fidelity, measured where the assistant is the oracle (``tau-indian-bank qualify-customer``).

The oracle follows the policy, asks for what it needs and acts only on a yes; with it in the
assistant's seat, a failed session is the customer's doing, or the oracle's inability to cope
with a legitimate reply. Each session of a run whose assistant is ``indian_bank_oracle`` and
whose customer is a model is put in exactly one class:

* **infrastructure error** — a model error, a crash or a session that never ran: counted apart,
  never a customer error;
* **customer error** — the customer audit fails one of its checks (C1–C6), whatever the oracle's
  verdict (where the oracle failed, that error explains it);
* **needs review** — the audit is clean but the oracle failed (strict: the paper's checks, the
  answer check and every safety gate): the oracle could not cope with a legitimate reply, or the
  audit missed an error; never counted as a customer error, and left out of the fidelity until
  someone reads it;
* **did its part** — the audit is clean and the oracle passed.

The fidelity is *did its part* over the judged sessions (the customer errors and the sessions
where it did its part), with a Wilson 95% interval (:func:`~.statistics.wilson_interval`);
beside it each check's failure rate over the judged sessions it applies to, and the fidelity
on each behaviour a robustness task scripts. :func:`customer_fidelity` is the JSON contract
(``customer_fidelity`` in a run's metrics) and :func:`fidelity_tables` its tables.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tau_indian_bank.evaluation.safety import first_failed_gate
from tau_indian_bank.report.cells import Table
from tau_indian_bank.report.load import Run, Session
from tau_indian_bank.report.results import read_results, simulations_by_slot
from tau_indian_bank.report.statistics import wilson_interval
from tau_indian_bank.vocabulary import NO_MODEL, ORACLE, axis_of

#: The robustness behaviours a customer is scripted to show, by axis, as the fidelity table names them.
BEHAVIOURS: dict[str, str] = {
    "decline": "declined when told",
    "change_of_mind": "changed its mind at the scripted point",
    "wrong_info": "gave the wrong detail first",
    "contradiction": "insisted once",
    "context_switch": "switched topic",
    "code_mixed": "wrote Hindi/Hinglish",
}


def _audit() -> Any:
    """The customer audit (``evaluation/customer/``: ``AUDITS``, ``TITLES``, ``audit_session``, ``customer_error``)."""
    from tau_indian_bank.evaluation import customer as audit

    return audit


def audit_of(task: Mapping[str, Any], messages: Sequence[Mapping[str, Any]]) -> tuple[dict[str, str], dict[str, str]]:
    """The customer audit of one session: each check's status and detail."""
    outcomes = _audit().audit_session(task, messages)
    return {k: o.status for k, o in outcomes.items()}, {k: o.detail for k, o in outcomes.items() if o.detail}


def is_qualification(run: Run) -> bool:
    """Whether the run measures its customer: the oracle in the assistant's seat, a model in the customer's."""
    return run.agent == ORACLE and run.user_llm not in (None, "", NO_MODEL)


def _share(part: int, whole: int) -> dict[str, Any]:
    return {"n": whole, "count": part, "rate": part / whole if whole else None, "ci95": list(wilson_interval(part, whole))}


def classify(session: Session, audit: Mapping[str, str]) -> str:
    """``infrastructure``, ``customer_error``, ``needs_review`` or ``did_its_part`` (see the module docstring)."""
    if session.infrastructure_error:
        return "infrastructure"
    if _audit().customer_error(audit):
        return "customer_error"
    return "needs_review" if oracle_failure(session) else "did_its_part"


def oracle_failure(session: Session) -> str | None:
    """The oracle's first failure in the strict verdict's precedence (None: it passed strictly)."""
    d = session.diagnostics
    if not d.passed:
        return "ACTION" if d.final_state_passed else "DB"
    return first_failed_gate(session.safety.gates, d.final_state_passed, d.action_passed, session.answer.passed)


def _audits(run: Run) -> dict[tuple[str, int], tuple[dict[str, str], dict[str, str]]]:
    """Each ran session's audit, from the run's results file(s) (the report's sessions keep no messages)."""
    found: dict[tuple[str, int], tuple[dict[str, str], dict[str, str]]] = {}
    for path in run.parts or (run.path,):
        data = read_results(Path(path))
        tasks = {t["id"]: t for t in data["tasks"] if isinstance(t, dict) and "id" in t}
        for (task_id, trial), simulation in simulations_by_slot(data, tasks).items():
            found.setdefault((task_id, trial), audit_of(tasks[task_id], simulation.get("messages") or []))
    return found


def customer_fidelity(run: Run) -> dict[str, Any]:
    """The fidelity figures of one qualification run (the JSON contract; see the module docstring)."""
    audits = _audits(run)
    names, titles = _audit().AUDITS, _audit().TITLES
    rows = []
    for session in run.sessions:
        audit, details = audits.get((session.task_id, session.trial), ({}, {}))
        rows.append((session, audit, details, classify(session, audit)))
    judged = [r for r in rows if r[3] in ("customer_error", "did_its_part")]
    by_kind = {}
    for name in names:
        applies = [r for r in judged if r[1].get(name, "n/a") != "n/a"]
        by_kind[name] = {"title": titles.get(name, name), **_share(sum(r[1][name] == "fail" for r in applies), len(applies))}
        by_kind[name]["needs_review"] = sum(r[1].get(name) == "needs_review" for r in rows)
    by_behaviour = {}
    for axis, behaviour in BEHAVIOURS.items():
        group = [r for r in judged if axis_of(r[0].task_id) == axis]
        if group:
            by_behaviour[axis] = {"behaviour": behaviour, **_share(sum(r[3] == "did_its_part" for r in group), len(group))}
    return {
        "customer_llm": run.user_llm,
        "n_sessions": len(rows),
        "n_infrastructure_errors": sum(r[3] == "infrastructure" for r in rows),
        "n_customer_errors": sum(r[3] == "customer_error" for r in rows),
        "n_needs_review": sum(r[3] == "needs_review" for r in rows),
        "fidelity": _share(sum(r[3] == "did_its_part" for r in judged), len(judged)),
        "by_kind": by_kind,
        "by_behaviour": by_behaviour,
        "customer_error_sessions": [
            {
                "task_id": s.task_id,
                "trial": s.trial,
                "kinds": [k for k in names if a.get(k) == "fail"],
                "details": {k: d[k] for k in names if a.get(k) == "fail" and k in d},
                "oracle_failure": oracle_failure(s),
            }
            for s, a, d, c in rows
            if c == "customer_error"
        ],
        "needs_review_sessions": [
            {"task_id": s.task_id, "trial": s.trial, "oracle_failure": oracle_failure(s)} for s, _, _, c in rows if c == "needs_review"
        ],
    }


def fidelity_metrics(run: Run) -> dict[str, Any]:
    """``{"customer_fidelity": …}`` for a qualification run (the oracle against a customer model), else nothing."""
    return {"customer_fidelity": customer_fidelity(run)} if is_qualification(run) else {}


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def _cell(entry: Mapping[str, Any] | None) -> str:
    """``rate [low–high] (n)``, or – when nothing was judged."""
    if not entry or not entry["n"]:
        return "–"
    low, high = entry["ci95"]
    return f"{_pct(entry['rate'])} [{_pct(low)}–{_pct(high)}] (n={entry['n']})"


def fidelity_tables(runs: Sequence[Mapping[str, Any]]) -> list[Table]:
    """The fidelity, by kind of error and by behaviour, and the sessions to review, for the qualification runs."""
    qualified = [r for r in runs if r.get("customer_fidelity")]
    if not qualified:
        return []
    figures = [(r["label"], r["customer_fidelity"]) for r in qualified]
    return [_fidelity_table(figures), _by_kind_table(figures), *_by_behaviour_tables(figures), *_review_tables(figures)]


def _fidelity_table(figures: Sequence[tuple[str, Mapping[str, Any]]]) -> Table:
    """Each qualification run's fidelity and how its sessions were classed."""
    return (
        "Customer fidelity (the oracle against the customer model: sessions where the customer did its part)",
        ["run", "customer model", "sessions", "fidelity [95% CI] (judged)", "customer errors", "needs review", "infrastructure errors"],
        [
            [
                label,
                str(f["customer_llm"]),
                str(f["n_sessions"]),
                _cell(f["fidelity"]),
                str(f["n_customer_errors"]),
                str(f["n_needs_review"]),
                str(f["n_infrastructure_errors"]),
            ]
            for label, f in figures
        ],
        "judged = sessions with a customer error (an audit check fails) or where the customer did its part (a clean "
        "audit and the oracle passed, strict). Needs review: a clean audit but the oracle failed (the oracle could not "
        "cope with a legitimate reply), never a customer error. Infrastructure errors (model errors, crashes) are "
        "counted apart.",
    )


def _by_kind_table(figures: Sequence[tuple[str, Mapping[str, Any]]]) -> Table:
    """Each check's failure rate (one row per kind of customer error, one column per run)."""
    names = list(dict.fromkeys(k for _, f in figures for k in f["by_kind"]))
    return (
        "Customer errors by kind (share of judged sessions; needs review in brackets)",
        ["kind", *(label for label, _ in figures)],
        [
            [
                f"{name} {next((f['by_kind'][name]['title'] for _, f in figures if name in f['by_kind']), '')}",
                *(
                    _cell(f["by_kind"].get(name))
                    + (f" ({f['by_kind'][name]['needs_review']})" if f["by_kind"].get(name, {}).get("needs_review") else "")
                    for _, f in figures
                ),
            ]
            for name in names
        ],
        "",
    )


def _by_behaviour_tables(figures: Sequence[tuple[str, Mapping[str, Any]]]) -> list[Table]:
    """The fidelity on each behaviour a robustness task scripts, where the runs have any."""
    axes = [a for a in BEHAVIOURS if any(a in f["by_behaviour"] for _, f in figures)]
    if not axes:
        return []
    return [
        (
            "Customer fidelity by scripted behaviour (robustness axis)",
            ["behaviour", *(label for label, _ in figures)],
            [[f"{BEHAVIOURS[a]} ({a})", *(_cell(f["by_behaviour"].get(a)) for _, f in figures)] for a in axes],
            "",
        )
    ]


def _review_tables(figures: Sequence[tuple[str, Mapping[str, Any]]]) -> list[Table]:
    """The sessions that need review (a clean audit, a failed oracle), with the oracle's first failure."""
    review = [[label, s["task_id"], str(s["trial"]), str(s["oracle_failure"])] for label, f in figures for s in f["needs_review_sessions"]]
    if not review:
        return []
    return [
        (
            "Needs review: the oracle could not cope with a legitimate reply (clean customer audit)",
            ["run", "task", "trial", "oracle's first failure"],
            review,
            "",
        )
    ]


def fidelity_lines(fidelity: Mapping[str, Any], results: str) -> list[str]:
    """The lines under the tables ``qualify-customer`` prints: the fidelity in words, the sessions to review, the file."""
    share = fidelity["fidelity"]
    if share["n"]:
        low, high = share["ci95"]
        head = (
            f"customer fidelity {100 * share['rate']:.1f}% (95% CI {100 * low:.1f}–{100 * high:.1f}%): the customer "
            f"did its part in {share['count']} of {share['n']} judged sessions"
        )
    else:
        head = "customer fidelity: no session could be judged"
    kinds = ", ".join(f"{k} {v['count']}" for k, v in fidelity["by_kind"].items() if v["count"])
    lines = [head, f"{fidelity['n_customer_errors']} sessions with a customer error" + (f" ({kinds})" if kinds else "")]
    if fidelity["n_needs_review"]:
        lines.append(
            f"{fidelity['n_needs_review']} sessions need review: the oracle could not cope with a legitimate reply "
            "(a clean customer audit; not counted as customer errors)"
        )
    lines.append(f"results: {results} (tau-indian-bank report {results} shows these tables)")
    return lines
