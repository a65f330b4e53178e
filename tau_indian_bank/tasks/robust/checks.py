"""The robustness set's composition (per axis) and splits, as lines of the validator's table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tau_indian_bank.tasks.builder import LITE_PER_AXIS
from tau_indian_bank.tasks.composition import Check
from tau_indian_bank.tasks.robust import all_robust_families
from tau_indian_bank.vocabulary import AXES, axis_of

#: The least number of tasks each axis must have, and of families (each family's quota is on the family).
MIN_PER_AXIS = 20
MIN_FAMILIES_PER_AXIS = 3
#: Axes that need more: a wrong detail and a contradicted claim come in many kinds.
MIN_FOR_AXIS = {"wrong_info": 40, "contradiction": 40}


def robust_composition_checks(tasks: Sequence[Mapping[str, Any]], splits: Mapping[str, Sequence[str]]) -> list[Check]:
    """Unique ids, an axis for every id, the tasks and families of every axis that has families, and the splits.

    Every axis needs ``MIN_PER_AXIS`` tasks (``MIN_FOR_AXIS`` for the axes that need more) from at least
    ``MIN_FAMILIES_PER_AXIS`` families. An axis with no family yet (another group's axes not built) is reported as
    missing, without failing the check: the table shows what is still to come.
    """
    ids = [str(t["id"]) for t in tasks]
    by_axis = Counter(axis_of(i) for i in ids)
    families: dict[str, set[str]] = {}
    for task_id in ids:
        families.setdefault(str(axis_of(task_id)), set()).add(task_id.rsplit("_", 1)[0])
    built = {f.category for f in all_robust_families()}
    checks = [
        Check("unique task ids", str(len(ids)), str(len(set(ids))), len(set(ids)) == len(ids)),
        Check("every id names an axis", "0 without", str(by_axis.get(None, 0)), None not in by_axis),
    ]
    for axis in AXES:
        least = MIN_FOR_AXIS.get(axis, MIN_PER_AXIS)
        want = f">={least} tasks, >={MIN_FAMILIES_PER_AXIS} families"
        if axis in built:
            n, kinds = by_axis.get(axis, 0), len(families.get(axis, ()))
            checks.append(Check(f"axis {axis}", want, f"{n} tasks, {kinds} families", n >= least and kinds >= MIN_FAMILIES_PER_AXIS))
        else:
            checks.append(Check(f"axis {axis}", want, "missing (no family yet)", True))
    base, lite = list(splits.get("base", ())), list(splits.get("lite", ()))
    checks.append(Check("split base = every task", str(len(ids)), str(len(base)), sorted(base) == sorted(ids)))
    lite_axes = Counter(axis_of(i) for i in lite)
    per_axis = {axis: min(LITE_PER_AXIS, n) for axis, n in by_axis.items() if axis is not None}
    checks.append(
        Check(
            f"split lite: {LITE_PER_AXIS} per axis",
            str(sum(per_axis.values())),
            str(len(lite)),
            set(lite) <= set(ids) and dict(lite_axes) == per_axis,
        )
    )
    return checks


def _rule(
    name: str,
    tasks: Sequence[Mapping[str, Any]],
    problems: Any,
    find: Callable[[Mapping[str, Any]], list[str]],
    applies: Callable[[Mapping[str, Any]], bool] = lambda task: True,
) -> Check:
    """One content rule over the tasks it applies to: its table row, and its failing tasks added to ``problems``."""
    checked = [t for t in tasks if applies(t)]
    bad = 0
    for task in checked:
        found = find(task)
        for reason in found:
            problems.add(name, str(task["id"]), reason)
        bad += bool(found)
    return Check(name, f"{len(checked)} tasks", f"{len(checked) - bad} ok", not bad)


#: The policy clause each axis tests, which every task of the axis must cite (``relevant_policies``).
AXIS_CLAUSES: dict[str, str] = {
    "tool_fault": "2.6",
    "advice": "1.7",
    "social_engineering": "1.8",
    "harmful_or_inappropriate": "10.3",
    "third_party": "10.3",
}


def cites_axis_clause(task: Mapping[str, Any]) -> list[str]:
    """The task does not cite the policy clause its axis tests."""
    clause = AXIS_CLAUSES.get(str(axis_of(str(task["id"]))))
    cited = str((task.get("description") or {}).get("relevant_policies") or "")
    return [] if clause is None or f"§{clause}" in cited.split(", ") else [f"does not cite §{clause}, the clause its axis tests"]


def robust_content_checks(tasks: Sequence[Mapping[str, Any]], policy: str, problems: Any) -> list[Check]:
    """The robustness set's content rules (premises, near misses, the policy, questions, facts from notes), one row each.

    ``problems`` is the validator's :class:`~tau_indian_bank.tasks.validate.TaskProblems`.
    """
    from tau_indian_bank.bank.store import template
    from tau_indian_bank.tasks.robust import knowledge_checks as kb
    from tau_indian_bank.tasks.robust.premises import premise_problems
    from tau_indian_bank.tasks.robust.told import told_problems

    conn = template().full
    families = {f.name for f in all_robust_families()}
    near_misses = kb.planted_near_misses
    return [
        _rule("premises the records hold (a rule per family)", tasks, problems, lambda t: premise_problems(conn, t, families)),
        _rule("near misses state only their own figure", tasks, problems, kb.decoy_problems, near_misses),
        _rule("the policy answers no knowledge-base question", tasks, problems, lambda t: kb.policy_problems(t, policy), near_misses),
        _rule("questions are not copied section titles", tasks, problems, kb.question_problems, near_misses),
        _rule("what the notes say is told is a fact", tasks, problems, told_problems),
        _rule(
            "tasks cite the clause their axis tests", tasks, problems, cites_axis_clause, lambda t: axis_of(str(t["id"])) in AXIS_CLAUSES
        ),
    ]
