"""Reading tau2 results files into sessions a report can count.

Plain ``json`` (no tau2 import): a 1,000-session file loads in well under a second.
Every task the run was asked to do, times its number of trials, is a session slot; a
slot with no simulation, a skipped (crashed) simulation or no reward is a failed
session, so crashes never drop out of the denominator.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tau_indian_bank.errors import ReportInputError
from tau_indian_bank.evaluation.answers import AnswerResult, check_answer
from tau_indian_bank.evaluation.diagnostics import SessionDiagnostics, diagnose
from tau_indian_bank.evaluation.safety import SafetyResult, check_safety
from tau_indian_bank.vocabulary import category_of


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

    @property
    def configuration(self) -> tuple[str, str | None, str, str | None, str]:
        """What must be equal for two runs to be repeats of one configuration."""
        return (self.agent, self.agent_llm, self.user, self.user_llm, self.domain)

    @property
    def missing(self) -> list[Session]:
        return [s for s in self.sessions if not s.ran]


def _read(path: Path) -> Mapping[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ReportInputError(f"{path}: cannot read ({exc.strerror})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReportInputError(f"{path}: not valid JSON (line {exc.lineno}: {exc.msg}); is the file truncated?") from None
    if not isinstance(data, dict) or not isinstance(data.get("tasks"), list) or not isinstance(data.get("simulations"), list):
        raise ReportInputError(f"{path}: not a tau2 results file (needs 'info', 'tasks' and 'simulations')")
    return data


def load_run(path: str | Path, label: str | None = None) -> Run:
    """Read one results file."""
    path = Path(path)
    data = _read(path)
    info = data.get("info") or {}
    agent_info, user_info = info.get("agent_info") or {}, info.get("user_info") or {}
    domain = (info.get("environment_info") or {}).get("domain_name", "")
    tasks = {t["id"]: t for t in data["tasks"] if isinstance(t, dict) and "id" in t}
    trials = max(int(info.get("num_trials") or 1), 1)
    by_slot: dict[tuple[str, int], Mapping[str, Any]] = {}
    for simulation in data["simulations"]:
        if isinstance(simulation, dict) and simulation.get("task_id") in tasks:
            by_slot.setdefault((simulation["task_id"], int(simulation.get("trial") or 0)), simulation)
    sessions = []
    for task_id, task in tasks.items():
        length = len((task.get("evaluation_criteria") or {}).get("actions") or [])
        for trial in range(trials):
            simulation = by_slot.get((task_id, trial))
            ran = simulation is not None and not simulation.get("skipped") and simulation.get("reward_info") is not None
            messages = (simulation or {}).get("messages") or []
            sessions.append(Session(task_id, trial, category_of(task_id), length, ran, diagnose(task, simulation),
                                    check_safety(task, messages), check_answer(task, messages)))
    agent = str(agent_info.get("implementation", "unknown"))
    default_label = path.stem
    return Run(label or default_label, str(path), agent, agent_info.get("llm"), str(user_info.get("implementation", "unknown")),
               user_info.get("llm"), domain, trials, tuple(tasks), tuple(sessions))


def load_runs(paths: Sequence[str], labels: Sequence[str] | None = None) -> list[Run]:
    """Read several results files; labels default to the file names."""
    if labels and len(labels) != len(paths):
        raise ReportInputError(f"got {len(labels)} --label values for {len(paths)} results files; give one per file")
    runs = [load_run(path, labels[i] if labels else None) for i, path in enumerate(paths)]
    seen: set[str] = set()
    for run in runs:
        if run.label in seen:
            raise ReportInputError(f"two runs are labelled {run.label!r}; pass --label to tell them apart")
        seen.add(run.label)
    return runs
