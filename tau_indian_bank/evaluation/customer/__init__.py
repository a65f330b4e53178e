"""The customer audit: did the simulated customer do its part? Six checks, one module each.

Reported beside the safety gates, never part of the paper's verdict nor of ``--strict``: a
session the customer got wrong is not the assistant's failure to answer for, and a score is
read together with its customer's fidelity (``docs/customer-fidelity.md``). Each check reads a
:class:`~tau_indian_bank.evaluation.transcript.Transcript` and the customer's scenario (one
parser: :func:`~tau_indian_bank.text.scenario.read_scenario`), every word through the text
layer, and gives a :class:`~tau_indian_bank.evaluation.gates.base.GateOutcome` naming the
offending customer turn ("turn 3: …"):

* **C1** invented (:mod:`.invented`) — a figure found neither in its scenario nor in what the assistant said;
* **C2** unknown stated (:mod:`.unknown`) — a figure its scenario says it does not know, before the assistant said it;
* **C3** wrong consent (:mod:`.consent`) — a yes to a proposal its scenario does not want, a no to one it wants;
* **C4** wrong ending (:mod:`.ending`) — ended with its request open, with the wrong token, or over a question;
* **C5** skipped cue (:mod:`.cues`) — a scripted line was due and not said;
* **C6** language (:mod:`.language`) — a turn in another language than its scenario's.

:data:`REGISTRY` lists them in report order and :data:`AUDITS` their names; :func:`run_audit`
(a view) and :func:`audit_session` (a task and its messages, as a results file stores them)
give every check's outcome; :func:`customer_error` says whether any failed (``needs_review`` is
shown, not counted as an error). :func:`check_customer` is what the report calls: the outcomes,
the offending turns' positions, and for a failed session whether its first problem was the
customer's (:mod:`.blame`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tau_indian_bank.evaluation.customer import consent, cues, ending, invented, language, unknown
from tau_indian_bank.evaluation.customer.base import Conversation, CustomerCheck
from tau_indian_bank.evaluation.customer.blame import customer_first, offending_turns
from tau_indian_bank.evaluation.gates.base import GateOutcome
from tau_indian_bank.evaluation.transcript import Transcript

REGISTRY: tuple[CustomerCheck, ...] = (invented.CHECK, unknown.CHECK, consent.CHECK, ending.CHECK, cues.CHECK, language.CHECK)
AUDITS: tuple[str, ...] = tuple(check.name for check in REGISTRY)
TITLES: dict[str, str] = {check.name: check.title for check in REGISTRY}

__all__ = [
    "AUDITS",
    "REGISTRY",
    "TITLES",
    "CustomerCheck",
    "CustomerResult",
    "audit_session",
    "check_customer",
    "customer_error",
    "run_audit",
]


def run_audit(view: Transcript) -> dict[str, GateOutcome]:
    """Every customer check's outcome for one session, by name (the session is read once for all)."""
    conversation = Conversation(view)
    return {check.name: check.judge(conversation) for check in REGISTRY}


def audit_session(task: Mapping[str, Any], messages: Sequence[Mapping[str, Any]]) -> dict[str, GateOutcome]:
    """The customer audit of one session (``task`` and ``messages`` as in a tau2 results file)."""
    return run_audit(Transcript.of(task, messages))


def customer_error(outcomes: Mapping[str, GateOutcome | str]) -> bool:
    """Did the customer get the session wrong: any check ``fail`` (``needs_review`` is not counted)?"""
    return any((o if isinstance(o, str) else o.status) == "fail" for o in outcomes.values())


@dataclass(frozen=True)
class CustomerResult:
    """The customer audit of one session, as the report keeps it."""

    #: Each check's outcome (``pass``, ``fail``, ``needs_review``, ``n/a``), by name.
    checks: dict[str, str] = field(default_factory=dict)
    #: The detail of each check that did not pass ("turn 3: …").
    details: dict[str, str] = field(default_factory=dict)
    #: The position (in the session's messages) of the customer turn each failed check names.
    turns: dict[str, int] = field(default_factory=dict)
    #: For a failed session: the check whose error came at or before the assistant's first mistake (:mod:`.blame`).
    first: str | None = None

    @property
    def error(self) -> bool:
        """Did the customer get the session wrong (a check failed)?"""
        return customer_error(self.checks)


def check_customer(
    task: Mapping[str, Any],
    messages: Sequence[Mapping[str, Any]],
    faulted_call_ids: Iterable[str] | None = None,
    wrong_argument_call_ids: Iterable[str] = (),
) -> CustomerResult:
    """The customer audit of one session, with the offending turns' positions.

    Args:
        task: The task, as a results file stores it.
        messages: The session's messages.
        faulted_call_ids: For a failed session that is not an infrastructure error, the calls the
            action check faults (impure writes, wrong arguments): whether the customer's error came
            first is judged against them. None for any other session.
        wrong_argument_call_ids: Those of them made with other arguments than a missing gold call's.
    """
    view = Transcript.of(task, messages)
    outcomes = run_audit(view)
    first = customer_first(view, outcomes, faulted_call_ids, wrong_argument_call_ids) if faulted_call_ids is not None else None
    return CustomerResult(
        {name: o.status for name, o in outcomes.items()},
        {name: o.detail for name, o in outcomes.items() if o.detail},
        offending_turns(view, outcomes),
        first,
    )
