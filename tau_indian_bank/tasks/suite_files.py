"""Reading the shipped task suite and its splits (``tasks/tasks.json``, ``split_tasks.json``), with one-line errors.

The files are written by ``builder``; a task id's category is ``vocabulary.category_of``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from tau_indian_bank.errors import TaskSuiteError
from tau_indian_bank.paths import SPLITS_FILE, TASKS_FILE


def _read_json(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise TaskSuiteError(f"{path}: cannot read ({exc.strerror})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise TaskSuiteError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None


@lru_cache(maxsize=4)
def load_suite(path: Path = TASKS_FILE) -> tuple[Mapping[str, Any], ...]:
    """All tasks as raw dicts, in file order."""
    data = _read_json(path)
    if not isinstance(data, list) or not all(isinstance(t, dict) and isinstance(t.get("id"), str) for t in data):
        raise TaskSuiteError(f"{path}: expected a JSON list of tasks, each with a string 'id'")
    return tuple(data)


@lru_cache(maxsize=4)
def load_splits(path: Path = SPLITS_FILE) -> Mapping[str, tuple[str, ...]]:
    """The named splits: split name -> task ids."""
    data = _read_json(path)
    if not isinstance(data, dict) or not all(isinstance(v, list) and all(isinstance(i, str) for i in v) for v in data.values()):
        raise TaskSuiteError(f"{path}: expected a JSON object mapping split names to lists of task ids")
    if "base" not in data:
        raise TaskSuiteError(f"{path}: the mandatory 'base' split is missing")
    return {name: tuple(ids) for name, ids in data.items()}


def select_split(
    tasks: Sequence[Mapping[str, Any]], splits: Mapping[str, Sequence[str]], split: str | None
) -> list[Mapping[str, Any]]:
    """The tasks of one split, in the split's order (spread across categories); all tasks when ``split`` is None."""
    if split is None:
        return list(tasks)
    if split not in splits:
        raise TaskSuiteError(f"unknown task split {split!r}; choose one of: {', '.join(sorted(splits))}")
    wanted = set(splits[split])
    known = {t["id"] for t in tasks}
    missing = sorted(wanted - known)
    if missing:
        raise TaskSuiteError(f"split {split!r} names {len(missing)} task(s) not in the suite, e.g. {missing[0]!r}")
    by_id = {t["id"]: t for t in tasks}
    return [by_id[task_id] for task_id in dict.fromkeys(splits[split])]
