"""The robustness set builder: robust families x quotas -> tasks/robust/tasks.json and split_tasks.json.

Deterministic in the same way as the base builder (string-seeded RNG per family, ordered
candidates, a candidate kept only if its gold chain succeeds). Splits: ``base`` (the whole
set, tau2's default) and ``lite`` (``LITE_PER_AXIS`` tasks of every axis), each ordered so that
any prefix is spread across the axes.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tau_indian_bank.paths import ROBUST_SPLITS_FILE, ROBUST_TASKS_FILE
from tau_indian_bank.tasks.builder import GENERATION_SEED, GenerationError, _fill, render, write_files
from tau_indian_bank.tasks.robust import all_robust_families
from tau_indian_bank.tasks.robust.quotas import LITE_PER_AXIS, ROBUST_QUOTAS
from tau_indian_bank.vocabulary import AXES, axis_of


def interleave(groups: dict[str, list[str]]) -> list[str]:
    """Round-robin over the groups (in the order given), so every prefix is spread across them."""
    order: list[str] = []
    queues = {name: list(ids) for name, ids in groups.items()}
    while any(queues.values()):
        for name in groups:
            if queues[name]:
                order.append(queues[name].pop(0))
    return order


def make_robust_splits(task_ids: Iterable[str], seed: int = GENERATION_SEED) -> dict[str, list[str]]:
    """``base``: every task; ``lite``: ``LITE_PER_AXIS`` per axis, taken in turn from the axis's families; both interleaved by axis.

    Within an axis the families (by name) each give their tasks in a seeded shuffle, and lite takes one task from each
    family in turn, so an axis's lite tasks span as many of its families as it has (up to ``LITE_PER_AXIS``).
    """
    by_axis: dict[str, list[str]] = {axis: [] for axis in AXES}
    for task_id in sorted(task_ids):
        by_axis[axis_of(task_id) or "unknown"].append(task_id)
    rng = random.Random(f"{seed}:robust-splits")
    lite: dict[str, list[str]] = {}
    for axis, ids in by_axis.items():
        families: dict[str, list[str]] = {}
        for task_id in ids:
            families.setdefault(task_id.rsplit("_", 1)[0], []).append(task_id)
        for members in families.values():
            rng.shuffle(members)
        lite[axis] = sorted(interleave(dict(sorted(families.items())))[:LITE_PER_AXIS])
    return {"base": interleave(by_axis), "lite": interleave(lite)}


def build_robust(plan: dict[str, int] | None = None, seed: int = GENERATION_SEED,
                 avoid: frozenset[str] = frozenset()) -> tuple[list[dict[str, Any]], dict[str, list[str]]]:
    """Generate the robustness set: every robust family filled to its quota, then the splits (``avoid``: see ``builder.build``)."""
    plan = ROBUST_QUOTAS if plan is None else plan
    families = {f.name: f for f in all_robust_families()}
    unknown = sorted(set(plan) - set(families))
    if unknown:
        raise GenerationError(f"the robustness plan names unknown families: {', '.join(unknown)}")
    used: Counter[str] = Counter()
    tasks: list[dict[str, Any]] = []
    for name, family in families.items():
        if plan.get(name, 0) > 0:
            tasks.extend(_fill(family, plan[name], used, seed, avoid))
    return tasks, make_robust_splits((t["id"] for t in tasks), seed)


def write_robust(tasks_file: Path = ROBUST_TASKS_FILE, splits_file: Path = ROBUST_SPLITS_FILE) -> tuple[int, int]:
    """Generate and write the robustness set; return (tasks, splits)."""
    tasks, splits = build_robust()
    write_files(render(tasks, splits), tasks_file, splits_file)
    return len(tasks), len(splits)
