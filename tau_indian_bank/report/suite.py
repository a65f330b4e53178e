"""Whether a results file's tasks are the installed suite's.

A results file carries its own copy of every task, and the report scores each session
against that copy (so an old file keeps its verdicts). A run of another version of the
suite is not comparable like for like with a run of the installed one, so the report
notes it: a task differs when its id is not in the installed suite (either task set), or
when its gold chain, its initialization (who is logged in, what is staged) or the
customer's scenario differs from the installed task's. Plain JSON, no tau2 import.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

#: The scenario fields the customer is prompted with.
_SCENARIO = ("reason_for_call", "known_info", "unknown_info", "task_instructions")


def fingerprint(task: Mapping[str, Any]) -> str:
    """What decides a task's sessions and verdicts, as canonical JSON: gold chain, initialization, scenario."""
    actions = [[a.get("name"), a.get("arguments") or {}] for a in (task.get("evaluation_criteria") or {}).get("actions") or []]
    initial = [
        [a.get("env_type"), a.get("func_name"), a.get("arguments") or {}]
        for a in (task.get("initial_state") or {}).get("initialization_actions") or []
    ]
    instructions = (task.get("user_scenario") or {}).get("instructions")
    scenario = {k: instructions.get(k) for k in _SCENARIO} if isinstance(instructions, Mapping) else str(instructions or "")
    return json.dumps([actions, initial, scenario], sort_keys=True, ensure_ascii=False)


def installed() -> dict[str, str]:
    """Every installed task's fingerprint, by id (both task sets of the active edition)."""
    from tau_indian_bank.paths import file_stamp
    from tau_indian_bank.tasks.suite_files import task_set_files
    from tau_indian_bank.vocabulary import ROBUST_TASK_SET

    files = tuple(task_set_files(name)[0] for name in (None, ROBUST_TASK_SET))
    return _fingerprints(files, tuple(file_stamp(path) for path in files))


@functools.lru_cache(maxsize=4)
def _fingerprints(files: tuple[Path, ...], stamps: tuple[tuple[int, int, int], ...]) -> dict[str, str]:
    """Fingerprints of the tasks in ``files`` (``stamps`` key the cache to their contents on disk)."""
    from tau_indian_bank.tasks.suite_files import load_suite

    found: dict[str, str] = {}
    for path in files:
        if path.exists():
            found.update({str(t["id"]): fingerprint(t) for t in load_suite(path)})
    return found


def differing_tasks(tasks: Iterable[Mapping[str, Any]]) -> list[str]:
    """The ids of ``tasks`` that are not the installed suite's tasks, in the given order."""
    suite = installed()
    return [str(t.get("id")) for t in tasks if suite.get(str(t.get("id"))) != fingerprint(t)]


def note(label: str, path: str, differing: int, total: int) -> str:
    """The one line a report prints for a run of another suite."""
    return (
        f"note: {label} ({path}): {differing} of its {total} tasks differ from the installed task suite (another "
        "version of the benchmark); its sessions are scored against the file's own tasks, and comparisons with "
        "runs of the installed suite are not like for like"
    )
