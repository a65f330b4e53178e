"""Reading tau2 results files into runs a report can count.

Plain ``json`` (no tau2 import): a 1,000-session file loads in well under a second. A file
is read by :mod:`.results` and scored session by session by :mod:`.sessions`. Files given the
same label are shards of one run and are merged (:mod:`.merge`). A results file whose tasks
differ from the installed suite's is read (its verdicts are its own) and noted in one line
(:mod:`~tau_indian_bank.report.suite`). A file of another edition than the active one is
refused before any session of it is read (:mod:`tau_indian_bank.editions.provenance`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tau_indian_bank.editions.provenance import edition_of, require_active
from tau_indian_bank.errors import ReportInputError
from tau_indian_bank.report.merge import merge_shards
from tau_indian_bank.report.results import customer_configuration, owned_slots, read_results, simulations_by_slot
from tau_indian_bank.report.sessions import Run, Session, build_session
from tau_indian_bank.report.suite import differing_tasks

#: Run, Session and build_session are also read from here (they lived here before sessions.py).
__all__ = ["ReportInputError", "Run", "Session", "build_session", "load_run", "load_runs"]


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
    return Run(
        label or _default_label(path),
        str(path),
        agent,
        agent_info.get("llm"),
        str(user_info.get("implementation", "unknown")),
        user_info.get("llm"),
        domain,
        trials,
        task_ids,
        tuple(sessions),
        tasks_differing=len(differing_tasks(tasks[task_id] for task_id in task_ids)),
        user_llm_args=args,
        guidelines_version=version,
    )


def load_runs(paths: Sequence[str], labels: Sequence[str] | None = None) -> list[Run]:
    """Read several results files; labels default to the file names; files sharing a label are merged shards."""
    if labels and len(labels) != len(paths):
        raise ReportInputError(f"got {len(labels)} --label values for {len(paths)} results files; give one per file")
    if labels:
        groups: dict[str, list[str]] = {}
        for path, label in zip(paths, labels):
            groups.setdefault(label, []).append(path)
        if any(len(group) > 1 for group in groups.values()):
            return [load_run(group[0], label) if len(group) == 1 else merge_shards(group, label) for label, group in groups.items()]
    runs = [load_run(path, labels[i] if labels else None) for i, path in enumerate(paths)]
    seen: set[str] = set()
    for run in runs:
        if run.label in seen:
            raise ReportInputError(f"two runs are labelled {run.label!r}; pass --label to tell them apart")
        seen.add(run.label)
    return runs
