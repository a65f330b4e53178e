"""Reading a task set and its splits (``tasks/tasks.json``, ``split_tasks.json``), with one-line errors.

The files are written by ``builder``; a task id's category is ``vocabulary.category_of``.
Without a path, the loaders read the active edition's files (``paths.data_source``); what
they parse is cached by the file's path and its identity on disk (inode, size, mtime), so a
file rewritten in place, or another edition's file, is read afresh.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from tau_indian_bank.errors import TaskSuiteError
from tau_indian_bank.paths import DataSource, data_source, file_stamp
from tau_indian_bank.vocabulary import ROBUST_TASK_SET


def _read_json(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise TaskSuiteError(f"{path}: cannot read ({exc.strerror})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise TaskSuiteError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None


def task_set_files(task_set: str | None = None, source: DataSource | None = None) -> tuple[Path, Path]:
    """(tasks file, splits file) of a task set (the base suite unless ``indian_bank_robust``) of an edition (default: the active one)."""
    source = source or data_source()
    if task_set == ROBUST_TASK_SET:
        return source.robust_tasks_file, source.robust_splits_file
    return source.tasks_file, source.splits_file


def load_suite(path: Path | None = None) -> tuple[Mapping[str, Any], ...]:
    """All tasks as raw dicts, in file order (default: the active edition's base suite)."""
    path = data_source().tasks_file if path is None else path
    return _load_suite(path, file_stamp(path))


def load_splits(path: Path | None = None) -> Mapping[str, tuple[str, ...]]:
    """The named splits: split name -> task ids (default: the active edition's base suite's)."""
    path = data_source().splits_file if path is None else path
    return _load_splits(path, file_stamp(path))


@lru_cache(maxsize=8)
def _load_suite(path: Path, stamp: tuple[int, int, int]) -> tuple[Mapping[str, Any], ...]:
    data = _read_json(path)
    if not isinstance(data, list) or not all(isinstance(t, dict) and isinstance(t.get("id"), str) for t in data):
        raise TaskSuiteError(f"{path}: expected a JSON list of tasks, each with a string 'id'")
    return tuple(data)


@lru_cache(maxsize=8)
def _load_splits(path: Path, stamp: tuple[int, int, int]) -> Mapping[str, tuple[str, ...]]:
    data = _read_json(path)
    if not isinstance(data, dict) or not all(isinstance(v, list) and all(isinstance(i, str) for i in v) for v in data.values()):
        raise TaskSuiteError(f"{path}: expected a JSON object mapping split names to lists of task ids")
    if "base" not in data:
        raise TaskSuiteError(f"{path}: the mandatory 'base' split is missing")
    return {name: tuple(ids) for name, ids in data.items()}


def select_split(tasks: Sequence[Mapping[str, Any]], splits: Mapping[str, Sequence[str]], split: str | None) -> list[Mapping[str, Any]]:
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
