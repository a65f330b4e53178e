"""Session slots: every (task, trial) a run owes, the seed of each trial, and shards.

A run of ``k`` trials over ``n`` tasks owes ``n * k`` sessions, its *slots*, in tau2's
order (trial by trial, tasks in suite order). Each trial's seed is the one ``tau2 run``
would use for the same ``--seed``, so a slot gives the same session either way.

``--shard I/N`` keeps one of ``N`` disjoint slices, stratified by category: within each
category the tasks are dealt round-robin, continuing the count across categories, and a
shard owns every trial of the tasks it is dealt. So each shard holds each category's
tasks to within one, the shards' sizes differ by at most one task's trials, and each
shard is a complete sub-run (its pass^k is defined). The deal depends only on the task
list, so every machine computes the same slices without talking to the others.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from tau_indian_bank.vocabulary import CATEGORIES, category_of

_SHARD = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")


@dataclass(frozen=True, order=True)
class Slot:
    """One session a run owes: a task and a trial (0-based, as tau2 records it)."""

    task_id: str
    trial: int

    def to_json(self) -> list[str | int]:
        """The slot as it is written in results files: ``[task_id, trial]``."""
        return [self.task_id, self.trial]


@dataclass(frozen=True)
class Shard:
    """Shard ``index`` (1-based) of ``count``."""

    index: int
    count: int

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def parse_shard(text: str) -> Shard:
    """Read ``I/N`` (1 <= I <= N).

    Raises:
        ValueError: with a one-line explanation when the text is not a shard.
    """
    match = _SHARD.match(text)
    if not match:
        raise ValueError(f"shard {text!r} is not of the form I/N, such as 1/4")
    index, count = int(match.group(1)), int(match.group(2))
    if count < 1 or not 1 <= index <= count:
        raise ValueError(f"shard {text!r}: need 1 <= I <= N, such as 1/4 ... 4/4")
    return Shard(index, count)


def trial_seeds(seed: int | None, trials: int) -> list[int]:
    """The per-trial seeds ``tau2 run --seed SEED`` uses (it seeds Python's generator, then draws one per trial)."""
    draw = random.Random(seed)
    return [draw.randint(0, 1000000) for _ in range(trials)]


def all_slots(task_ids: Sequence[str], trials: int) -> list[Slot]:
    """Every slot of a run, in tau2's order: trial by trial, tasks in the given order."""
    return [Slot(task_id, trial) for trial in range(trials) for task_id in task_ids]


def shard_tasks(task_ids: Sequence[str], shard: Shard | None) -> set[str]:
    """The tasks one shard owns (all of them without a shard).

    Raises:
        ValueError: when there are fewer tasks than shards (some shard would be empty).
    """
    if shard is None or shard.count == 1:
        return set(task_ids)
    if len(task_ids) < shard.count:
        raise ValueError(f"--shard {shard}: only {len(task_ids)} tasks to share among {shard.count} shards")
    order = {category: rank for rank, category in enumerate(CATEGORIES)}
    strata = sorted(range(len(task_ids)), key=lambda i: (order.get(category_of(task_ids[i]), len(order)), i))
    return {task_ids[i] for dealt, i in enumerate(strata) if dealt % shard.count == shard.index - 1}


def shard_slots(slots: Sequence[Slot], shard: Shard | None) -> list[Slot]:
    """The slots of one shard (all of them without a shard), in run order."""
    mine = shard_tasks(list(dict.fromkeys(slot.task_id for slot in slots)), shard)
    return [slot for slot in slots if slot.task_id in mine]
