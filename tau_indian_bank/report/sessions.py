"""A run's sessions, scored: each (task, trial) slot with its verdicts, gates, answer check, model error and effort.

:func:`build_session` is where a report scores a session: the diagnostics (final-state and
action checks, failure class), the safety gates, the answer check, the failed model call
that ended it (``plugin/model_errors.py``) and its effort. A slot with no simulation, a
skipped (crashed) simulation or no reward is a failed session, so crashes never drop out of
the denominator; so is a session that ended on a failed model call, which is also counted
apart. Each session also carries the customer audit (C1–C6, ``evaluation/customer``), reported
beside the gates. :class:`Run` is one results file's (or one merged run's) sessions, with who
played the customer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tau_indian_bank.evaluation.answers import AnswerResult, check_answer
from tau_indian_bank.evaluation.customer import CustomerResult, check_customer
from tau_indian_bank.evaluation.diagnostics import ModelError, SessionDiagnostics, agent_calls, diagnose, model_error
from tau_indian_bank.evaluation.safety import SafetyResult, check_safety
from tau_indian_bank.report.effort import Effort, session_effort
from tau_indian_bank.vocabulary import LOGIN_CONTEXT_CALL_ID, category_of


@dataclass(frozen=True)
class Session:
    """One (task, trial) slot of a run and its diagnostics."""

    task_id: str
    trial: int
    category: str
    chain_length: int
    ran: bool
    diagnostics: SessionDiagnostics
    safety: SafetyResult
    answer: AnswerResult = AnswerResult(None)
    #: The failed model call that ended the session, if one did.
    model_error: ModelError | None = None
    #: Its tokens, cost, turns, tool calls, duration and calls beyond the gold chain (None: never ran).
    effort: Effort | None = None
    #: The customer audit (C1–C6): did the simulated customer do its part?
    customer: CustomerResult = CustomerResult()

    @property
    def infrastructure_error(self) -> bool:
        """Whether the session is not the assistant's to answer for: a model error, a crash, or never run."""
        return self.model_error is not None or not self.ran


@dataclass(frozen=True)
class Run:
    """One results file: its label, configuration and sessions."""

    label: str
    path: str
    agent: str
    agent_llm: str | None
    user: str
    user_llm: str | None
    domain: str
    trials: int
    task_ids: tuple[str, ...]
    sessions: tuple[Session, ...]
    #: The files a run merged from shards was read from (empty for a run read from one file).
    parts: tuple[str, ...] = ()
    #: How many of its tasks differ from the installed suite's (0: the run is of the installed suite).
    tasks_differing: int = 0
    #: The customer model's arguments as the file records them (keys redacted).
    user_llm_args: Mapping[str, Any] = field(default_factory=dict)
    #: The version of the customer guidelines a language-model customer was given (None: the scripted customer,
    #: or unrecorded).
    guidelines_version: str | None = None

    @property
    def configuration(self) -> tuple[str, str | None, str, str | None, str]:
        """What must be equal for two runs to be repeats of one configuration."""
        return (self.agent, self.agent_llm, self.user, self.user_llm, self.domain)

    @property
    def customer(self) -> tuple[str, str | None, str | None]:
        """Who played the customer: the participant, its model and (for a language-model customer) its guidelines' version."""
        return (self.user, self.user_llm, self.guidelines_version)

    @property
    def missing(self) -> list[Session]:
        return [s for s in self.sessions if not s.ran]


def build_session(task: Mapping[str, Any], trial: int, simulation: Mapping[str, Any] | None) -> Session:
    """One slot's session (``simulation`` None: the slot was never run)."""
    length = len((task.get("evaluation_criteria") or {}).get("actions") or [])
    ran = simulation is not None and not simulation.get("skipped") and simulation.get("reward_info") is not None
    messages = (simulation or {}).get("messages") or []
    diagnostics = diagnose(task, simulation)
    scored = [c for c in agent_calls(messages) if c.call_id != LOGIN_CONTEXT_CALL_ID]  # the calls the action check reads
    beyond_gold = max(len(scored) - sum(m is not None for m in diagnostics.gold_matches), 0)
    failed = model_error(messages)
    faulted = (
        (*diagnostics.impure_call_ids, *diagnostics.wrong_argument_call_ids) if ran and failed is None and not diagnostics.passed else None
    )  # whose problem came first: only for the assistant's failures
    return Session(
        task["id"],
        trial,
        category_of(task["id"]),
        length,
        ran,
        diagnostics,
        check_safety(task, messages),
        check_answer(task, messages),
        failed,
        session_effort(simulation, beyond_gold),
        check_customer(task, messages, faulted, diagnostics.wrong_argument_call_ids),
    )
