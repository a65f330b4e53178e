"""The suite's required composition (the paper's figures) and the check against it.

Each family's quota (``Family.quota``, next to its generator) is its share; the quotas add up
to the paper's figures, which :func:`composition_checks` checks: 470 sequencing, 266 edge-case,
152 rare-tool and 112 control tasks; 962 tasks with a read, 114 without a write (93 of them
control, 21 edge cases), so 38 without a read (9 control, 29 edge cases); control averages
1.38 gold calls; at least 40 tasks have five or more gold calls. A write is one of the 13 write
tools: the hand-over to a human (``transfer_to_human_agents``, its own kind of tool) is not one,
so the 10 hand-over tasks count among the 21 edge cases without a write.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tau_indian_bank.tools.catalogue import READ_TOOLS, SPECS, WRITE_TOOLS
from tau_indian_bank.vocabulary import CATEGORIES, category_of

#: Tasks per category: sequencing 470, edge case 266, rare tool 152, control 112 (in ``CATEGORIES`` order).
CATEGORY_COUNTS = dict(zip(CATEGORIES, (470, 266, 152, 112), strict=True))
TOTAL_TASKS = 1000
WITH_READ = 962
#: Tasks whose gold chain has none of the 13 writes (the paper's "require no write call"; the
#: hand-over, ``transfer_to_human_agents``, is a separate tool and does not count as a write).
WITHOUT_WRITE = 114
CONTROL_MEAN_CALLS = 1.38
CONTROL_MEAN_TOLERANCE = 0.02
CONTROL_WITHOUT_WRITE = 93
MIN_FIVE_PLUS = 40
MIN_FAMILIES = 50
SPLIT_SIZES = {"lite": 200, "train": 150, "test": 50}


@dataclass(frozen=True)
class Check:
    """One line of the validator's table."""

    name: str
    expected: str
    found: str
    ok: bool


def _calls(task: Mapping[str, Any]) -> list[str]:
    return [a["name"] for a in (task.get("evaluation_criteria") or {}).get("actions") or []]


def family_of(task_id: str) -> str:
    """'seq_fd_close_0042' -> 'fd_close' ('unknown' for an id not of that form)."""
    parts = task_id.split("_", 1)
    return parts[1].rsplit("_", 1)[0] if len(parts) == 2 and "_" in parts[1] else "unknown"


def composition_checks(tasks: Sequence[Mapping[str, Any]], splits: Mapping[str, Sequence[str]]) -> list[Check]:
    """Every composition figure the suite must meet, with what was found."""
    ids = [t["id"] for t in tasks]
    categories = Counter(category_of(i) for i in ids)
    chains = {t["id"]: _calls(t) for t in tasks}
    with_read = sum(any(c in READ_TOOLS for c in chain) for chain in chains.values())
    without_write = sum(not any(c in WRITE_TOOLS for c in chain) for chain in chains.values())
    control = [i for i in ids if category_of(i) == "control"]
    control_mean = sum(len(chains[i]) for i in control) / len(control) if control else 0.0
    control_no_write = sum(not any(c in WRITE_TOOLS for c in chains[i]) for i in control)
    lengths = Counter(min(len(chain), 5) for chain in chains.values())
    used_tools = {c for chain in chains.values() for c in chain}
    families = {family_of(i) for i in ids}
    checks = [
        Check("tasks", str(TOTAL_TASKS), str(len(ids)), len(ids) == TOTAL_TASKS),
        Check("unique task ids", str(len(ids)), str(len(set(ids))), len(set(ids)) == len(ids)),
        *(Check(f"category {c}", str(n), str(categories.get(c, 0)), categories.get(c, 0) == n) for c, n in CATEGORY_COUNTS.items()),
        Check("tasks with a read", str(WITH_READ), str(with_read), with_read == WITH_READ),
        Check("tasks without a write (hand-over not a write)", str(WITHOUT_WRITE), str(without_write), without_write == WITHOUT_WRITE),
        Check(
            "control mean gold calls",
            f"{CONTROL_MEAN_CALLS}±{CONTROL_MEAN_TOLERANCE}",
            f"{control_mean:.3f}",
            abs(control_mean - CONTROL_MEAN_CALLS) <= CONTROL_MEAN_TOLERANCE,
        ),
        Check(
            "control tasks without a write (same)",
            str(CONTROL_WITHOUT_WRITE),
            str(control_no_write),
            control_no_write == CONTROL_WITHOUT_WRITE,
        ),
        Check("tasks with no gold call", "0", str(lengths.get(0, 0)), lengths.get(0, 0) == 0),
        Check(
            "chain lengths 1..4 present",
            "all",
            ",".join(str(k) for k in sorted(lengths) if k),
            all(lengths.get(k, 0) for k in (1, 2, 3, 4)),
        ),
        Check("tasks with 5+ gold calls", f">={MIN_FIVE_PLUS}", str(lengths.get(5, 0)), lengths.get(5, 0) >= MIN_FIVE_PLUS),
        Check("scenario families", f">={MIN_FAMILIES}", str(len(families)), len(families) >= MIN_FAMILIES),
        Check("tools used by some task", str(len(SPECS)), str(len(used_tools & set(SPECS))), set(SPECS) <= used_tools),
    ]
    return checks + split_checks(ids, splits)


def split_checks(ids: Sequence[str], splits: Mapping[str, Sequence[str]]) -> list[Check]:
    """Base is everything; lite = train + test, disjoint, with the stated sizes, stratified by category."""
    base, lite = set(splits.get("base", ())), set(splits.get("lite", ()))
    train, test = set(splits.get("train", ())), set(splits.get("test", ()))
    checks = [Check("split base = all tasks", str(len(ids)), str(len(base)), base == set(ids))]
    for name, size in SPLIT_SIZES.items():
        found = len(set(splits.get(name, ())))
        checks.append(Check(f"split {name} size", str(size), str(found), found == size))
    checks.append(
        Check(
            "lite = train ∪ test, disjoint",
            "yes",
            "yes" if lite == train | test and not train & test else "no",
            lite == train | test and not train & test,
        )
    )
    all_counts = Counter(category_of(i) for i in ids)
    lite_counts = Counter(category_of(i) for i in lite)
    stratified = bool(ids) and all(abs(lite_counts.get(c, 0) - len(lite) * n / len(ids)) < 1 for c, n in all_counts.items())
    checks.append(
        Check(
            "lite stratified by category",
            "±1 of proportional",
            ", ".join(f"{c.split('_')[0]} {lite_counts.get(c, 0)}" for c in CATEGORY_COUNTS),
            stratified,
        )
    )
    uneven = sorted(name for name, members in splits.items() if not prefixes_spread(members))
    checks.append(
        Check(
            "every split's prefixes spread by category",
            "±1 of proportional",
            f"{len(splits) - len(uneven)} of {len(splits)} splits",
            not uneven,
        )
    )
    return checks


def prefixes_spread(ids: Sequence[str], key: Callable[[str], str] = category_of) -> bool:
    """Whether every prefix of ``ids`` holds each group (by default, category) within one task of its proportional share.

    This is what lets ``--num-tasks N`` on a split run a sample of every category.
    """
    totals = Counter(key(i) for i in ids)
    seen: Counter[str] = Counter()
    for k, task_id in enumerate(ids, start=1):
        seen[key(task_id)] += 1
        if any(abs(seen[c] - k * n / len(ids)) >= 1 for c, n in totals.items()):
            return False
    return True
