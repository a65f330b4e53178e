"""Merging the shards of one run (results files given the same ``--label``) into one run.

Each shard's file, written by ``tau-indian-bank run --shard I/N``, records the whole
run's task ids and trials, the slots the shard owned and the run's provenance. Shards
merge only if they ran the same agent, customer and models on the same task set, task
suite and policy, and owned disjoint slots; otherwise the report stops with one line
naming the difference. The merged run owes every slot of the whole run: a slot no
shard saved (a shard missing, or killed and never resumed) counts as a failure.

Each file is read, turned into sessions and released before the next is read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tau_indian_bank.editions.provenance import edition_of, require_active
from tau_indian_bank.errors import ReportInputError
from tau_indian_bank.report.results import Slot, customer_configuration, owned_slots, read_results, simulations_by_slot
from tau_indian_bank.report.sessions import Run, Session, build_session
from tau_indian_bank.report.suite import differing_tasks
from tau_indian_bank.vocabulary import RUN_METADATA_KEY

#: What shards of one run must share, as (name in errors, how to read it from a file).
_IDENTITY: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("domain", ("info", "environment_info", "domain_name")),
    ("agent", ("info", "agent_info", "implementation")),
    ("agent model", ("info", "agent_info", "llm")),
    ("customer", ("info", "user_info", "implementation")),
    ("customer model", ("info", "user_info", "llm")),
    ("trials", ("info", "num_trials")),
    ("task set", (RUN_METADATA_KEY, "task_set", "name")),
    ("task split", (RUN_METADATA_KEY, "task_set", "split")),
    ("task-id list", (RUN_METADATA_KEY, "task_set", "task_ids_sha256")),
    ("task content", (RUN_METADATA_KEY, "task_set", "tasks_sha256")),
    ("task suite digest", (RUN_METADATA_KEY, "provenance", "tasks_sha256")),
    ("policy digest", (RUN_METADATA_KEY, "provenance", "policy_sha256")),
    ("customer guidelines version", (RUN_METADATA_KEY, "provenance", "customer_guidelines_version")),
    ("edition", (RUN_METADATA_KEY, "provenance", "edition", "digest")),
    ("seed", ("info", "seed")),
)


def _get(data: Mapping[str, Any], keys: Sequence[str]) -> Any:
    value: Any = data
    for key in keys:
        value = value.get(key) if isinstance(value, Mapping) else None
    return value


def _identity(path: str, data: Mapping[str, Any], label: str) -> dict[str, Any]:
    meta = data.get(RUN_METADATA_KEY)
    if not isinstance(meta, dict) or not isinstance(meta.get("slots"), list) or not isinstance(meta.get("task_ids"), list):
        raise ReportInputError(
            f"{path}: not written by tau-indian-bank run (no shard metadata), so it cannot be merged "
            f"with the other files labelled {label!r}; give it its own --label"
        )
    return {name: _get(data, keys) for name, keys in _IDENTITY}


def _check_same(first: tuple[str, dict[str, Any]], other: tuple[str, dict[str, Any]], label: str) -> None:
    for name, _ in _IDENTITY:
        if first[1][name] != other[1][name]:
            raise ReportInputError(
                f"cannot merge {first[0]} and {other[0]} as {label!r}: the {name} differs ({first[1][name]!r} vs {other[1][name]!r})"
            )


def merge_shards(paths: Sequence[str], label: str) -> Run:
    """Read the shards of one run and merge them into one run (missing slots count as failures)."""
    sessions: dict[Slot, Session] = {}
    owner: dict[Slot, str] = {}
    first: tuple[str, dict[str, Any]] | None = None
    tasks: dict[str, Mapping[str, Any]] = {}
    whole: list[str] = []
    customer: tuple[dict[str, Any], str | None] = ({}, None)
    for path in paths:
        data = read_results(path)
        identity = _identity(path, data, label)
        customer = customer if first else customer_configuration(data)
        first = first or (path, identity)
        _check_same(first, (path, identity), label)
        tasks = tasks or {t["id"]: t for t in data["tasks"] if isinstance(t, dict) and "id" in t}
        require_active(edition_of(data, tasks), path)
        whole = whole or [str(task_id) for task_id in data[RUN_METADATA_KEY]["task_ids"]]
        mine = owned_slots(data, tasks, int(identity["trials"] or 1))
        for slot in mine:
            if slot in owner:
                raise ReportInputError(
                    f"cannot merge {owner[slot]} and {path} as {label!r}: both own {slot[0]} trial "
                    f"{slot[1]} (the same shard twice, or shards of different --shard counts?)"
                )
            owner[slot] = path
        by_slot = simulations_by_slot(data, tasks)
        sessions.update({slot: build_session(tasks[slot[0]], slot[1], by_slot.get(slot)) for slot in mine})
        del data, by_slot
    assert first is not None
    missing = [task_id for task_id in whole if task_id not in tasks]
    if missing:
        raise ReportInputError(f"{first[0]}: its task list lacks {missing[0]!r}, which the run owes; the file is damaged")
    trials = max(int(first[1]["trials"] or 1), 1)
    merged = [sessions.get((task_id, trial)) or build_session(tasks[task_id], trial, None) for task_id in whole for trial in range(trials)]
    identity = first[1]
    return Run(
        label,
        " + ".join(paths),
        str(identity["agent"] or "unknown"),
        identity["agent model"],
        str(identity["customer"] or "unknown"),
        identity["customer model"],
        str(identity["domain"] or ""),
        trials,
        tuple(whole),
        tuple(merged),
        parts=tuple(paths),
        tasks_differing=len(differing_tasks(tasks[task_id] for task_id in whole)),
        user_llm_args=customer[0],
        guidelines_version=customer[1],
    )
