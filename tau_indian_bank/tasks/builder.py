"""The one builder of both task sets: families x quotas -> tasks.json and split_tasks.json (the files ``suite_files`` reads).

A task set's :class:`Recipe` names its families (in generation order; each carries its quota)
and how its splits are drawn: the base suite (``indian_bank``: base, lite, train and test,
stratified by category) and the robustness set (``indian_bank_robust``: base and lite,
``LITE_PER_AXIS`` per axis). :func:`build` fills every family of a plan (by default each
family's quota) and draws the splits.

Deterministic: each family draws from its own ``random.Random("<seed>:<family>")`` (string
seeds do not depend on PYTHONHASHSEED), candidates come from ordered queries, and a
candidate is kept only if its whole gold chain succeeds against the customer's initial
state. Regenerating gives the same files byte for byte.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from tau_indian_bank.evaluation.fact_replay import attach_facts
from tau_indian_bank.tasks.composition import family_of
from tau_indian_bank.tasks.families import all_families
from tau_indian_bank.tasks.framework import Draft, Family, assemble, persona
from tau_indian_bank.tasks.lookups import full_name
from tau_indian_bank.tasks.robust import all_robust_families
from tau_indian_bank.tasks.scenario_rules import fit_persona
from tau_indian_bank.vocabulary import AXES, CATEGORIES, DOMAIN_NAME, ROBUST_TASK_SET, axis_of, category_of

GENERATION_SEED = 20260715
#: Version of the task generator (this builder, the families' framework): an edition's manifest records it.
GENERATOR_VERSION = 1
#: The base suite's drawn splits (``base`` holds every task; ``train`` is lite less test).
SPLIT_SIZES = {"lite": 200, "test": 50}
#: Tasks per axis in the robustness set's ``lite`` split (stratified by axis).
LITE_PER_AXIS = 5
#: A generated task set: its tasks and its named splits.
TaskSet = tuple[list[dict[str, Any]], dict[str, list[str]]]


class GenerationError(RuntimeError):
    """A family cannot fill its quota, or the plan does not add up."""


def _run_gold(customer_id: str, draft: Draft) -> str | None:
    """The login context if every gold call succeeds from the initial state, else None."""
    from tau_indian_bank.tools.arguments import ToolError
    from tau_indian_bank.tools.toolkit import BankTools

    tools = BankTools()
    tools.start_session(customer_id)
    login_context = tools.call("get_customer_profile", {})
    try:
        for step in draft.gold:
            tools.call(step.name, step.arguments)
    except ToolError:
        return None
    return login_context


_SCENARIO_FIELDS = ("reason_for_call", "known_info", "unknown_info", "task_instructions")
_DATA = re.compile(r"[0-9₹]")


def scenario_text(task: Mapping[str, Any]) -> str:
    """A task's whole scenario as the customer reads it: reason, known and unknown information, instructions."""
    instructions = (task.get("user_scenario") or {}).get("instructions") or {}
    if isinstance(instructions, str):
        return instructions
    return "\n".join(str(instructions.get(key) or "") for key in _SCENARIO_FIELDS)


def carries_data(text: str) -> bool:
    """Whether a scenario names figures, dates or digits of a record (else it is a family's fixed wording)."""
    return bool(_DATA.search(text))


def fill_family(
    family: Family[Any], quota: int, used: Counter[str], seed: int, avoid: frozenset[str] = frozenset()
) -> list[dict[str, Any]]:
    """``quota`` tasks of one family: its candidates first, then (only if they run out) its fallback candidates.

    A task whose scenario text is in ``avoid`` (another suite's) is kept back, and used only if
    the family cannot fill its quota without it (in the order drawn).
    """
    from tau_indian_bank.bank.store import template

    conn = template().full
    rng = random.Random(f"{seed}:{family.name}")
    tasks: list[dict[str, Any]] = []
    held: list[tuple[Draft, str, str]] = []
    for finder in (family.candidates, family.fallback):
        if finder is None or len(tasks) == quota:
            continue
        candidates = list(finder(conn))
        rng.shuffle(candidates)
        candidates.sort(key=lambda c: used[c.customer_id])  # stable: least-used customers first, shuffled within
        for candidate in candidates:
            if len(tasks) == quota:
                break
            draft = family.draft(conn, candidate, rng)
            login_context = _run_gold(draft.customer_id, draft)
            if login_context is None:
                continue
            persona_text = persona(conn, draft.customer_id, rng, draft.persona_note)
            task = _assembled(conn, family, len(tasks) + 1, draft, persona_text, login_context)
            if avoid and scenario_text(task) in avoid:
                held.append((draft, persona_text, login_context))
                continue
            used[draft.customer_id] += 1
            tasks.append(task)
    for draft, persona_text, login_context in held[: quota - len(tasks)]:
        used[draft.customer_id] += 1
        tasks.append(_assembled(conn, family, len(tasks) + 1, draft, persona_text, login_context))
    if len(tasks) < quota:
        raise GenerationError(f"family {family.name}: only {len(tasks)} of {quota} tasks could be built")
    return tasks


def _assembled(conn: Any, family: Family[Any], number: int, draft: Draft, persona_text: str, login_context: str) -> dict[str, Any]:
    return fit_persona(attach_facts(assemble(family, number, draft, persona_text, login_context, full_name(conn, draft.customer_id))))


def _apportion(total: int, weights: dict[str, int]) -> dict[str, int]:
    """Largest-remainder shares of ``total`` in proportion to ``weights`` (ties by key)."""
    whole = sum(weights.values())
    exact = {k: total * w / whole for k, w in weights.items()}
    shares = {k: int(v) for k, v in exact.items()}
    for key in sorted(exact, key=lambda k: (-(exact[k] - shares[k]), k))[: total - sum(shares.values())]:
        shares[key] += 1
    return shares


def spread(groups: Mapping[str, Sequence[str]]) -> list[str]:
    """Merge groups so that every prefix holds each in proportion to its size.

    The k-th item comes from the group furthest behind its share of the first k items
    (``k * size / total - taken``); ties go to the group named first. Within a group the
    given order is kept.
    """
    total = sum(len(items) for items in groups.values())
    taken = dict.fromkeys(groups, 0)
    order: list[str] = []
    for k in range(1, total + 1):
        name = max((g for g in groups if taken[g] < len(groups[g])), key=lambda g: Fraction(k * len(groups[g]), total) - taken[g])
        order.append(groups[name][taken[name]])
        taken[name] += 1
    return order


def _grouped(ids: Iterable[str], key: Callable[[str], str]) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = {}
    for task_id in ids:
        groups.setdefault(key(task_id), []).append(task_id)
    return groups


def stratified_order(task_ids: Iterable[str]) -> list[str]:
    """The ids ordered so that any prefix is spread across categories, and within each across families.

    Deterministic: ids are sorted first; categories come in ``CATEGORIES`` order, families
    alphabetically; a split's membership is unchanged.
    """
    by_category = _grouped(sorted(task_ids), category_of)
    ordered = {
        c: spread(dict(sorted(_grouped(by_category[c], family_of).items())))
        for c in sorted(by_category, key=lambda c: (CATEGORIES.index(c) if c in CATEGORIES else len(CATEGORIES), c))
    }
    return spread(ordered)


def make_splits(task_ids: Iterable[str], seed: int = GENERATION_SEED) -> dict[str, list[str]]:
    """Base (all), lite (stratified by category), test (stratified within lite) and train = lite - test.

    Each split is in :func:`stratified_order`, so ``--num-tasks N`` on any split runs a
    sample spread across categories and families.
    """
    ids = sorted(task_ids)
    by_category = {c: [i for i in ids if category_of(i) == c] for c in CATEGORIES}
    rng = random.Random(f"{seed}:splits")
    lite_shares = _apportion(SPLIT_SIZES["lite"], {c: len(v) for c, v in by_category.items()})
    test_shares = _apportion(SPLIT_SIZES["test"], lite_shares)
    lite, test = [], []
    for category in CATEGORIES:
        pool = list(by_category[category])
        rng.shuffle(pool)
        chosen = sorted(pool[: lite_shares[category]])
        lite.extend(chosen)
        shuffled = list(chosen)
        rng.shuffle(shuffled)
        test.extend(shuffled[: test_shares[category]])
    splits = {"base": ids, "lite": lite, "train": sorted(set(lite) - set(test)), "test": test}
    return {name: stratified_order(members) for name, members in splits.items()}


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


@dataclass(frozen=True)
class Recipe:
    """How a task set is made: its families, in generation order, and how its splits are drawn from the task ids."""

    families: Callable[[], Sequence[Family[Any]]]
    splits: Callable[[Iterable[str], int], dict[str, list[str]]]


#: Both task sets, by name.
RECIPES: dict[str, Recipe] = {
    DOMAIN_NAME: Recipe(all_families, make_splits),
    ROBUST_TASK_SET: Recipe(all_robust_families, make_robust_splits),
}


def plan_of(task_set: str = DOMAIN_NAME) -> dict[str, int]:
    """A task set's full plan: family name -> its quota, in generation order."""
    return {family.name: family.quota for family in RECIPES[task_set].families()}


def build(
    plan: Mapping[str, int] | None = None, seed: int = GENERATION_SEED, avoid: frozenset[str] = frozenset(), task_set: str = DOMAIN_NAME
) -> TaskSet:
    """Generate a task set: every family of ``plan`` (default: each family's quota) filled, in generation order; then the splits.

    ``avoid``: scenario texts no task may have (a private edition avoids the public suite's that carry data).
    """
    recipe = RECIPES[task_set]
    families = {family.name: family for family in recipe.families()}
    plan = plan_of(task_set) if plan is None else plan
    unknown = sorted(set(plan) - set(families))
    if unknown:
        raise GenerationError(f"the {task_set} plan names unknown families: {', '.join(unknown)}")
    used: Counter[str] = Counter()
    tasks: list[dict[str, Any]] = []
    for name, family in families.items():
        if plan.get(name, 0) > 0:
            tasks.extend(fill_family(family, plan[name], used, seed, avoid))
    return tasks, recipe.splits((t["id"] for t in tasks), seed)


def render(tasks: list[dict[str, Any]], splits: dict[str, list[str]]) -> tuple[str, str]:
    """The two files' exact text."""
    return (json.dumps(tasks, indent=1, ensure_ascii=False) + "\n", json.dumps(splits, indent=2) + "\n")


def write_files(texts: tuple[str, str], tasks_file: Path, splits_file: Path) -> None:
    """Write a task set's two files, each through a temporary file (never half-written)."""
    tasks_file.parent.mkdir(parents=True, exist_ok=True)
    for path, text in zip((tasks_file, splits_file), texts, strict=True):
        temporary = path.with_suffix(path.suffix + ".tmp")
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(path)
