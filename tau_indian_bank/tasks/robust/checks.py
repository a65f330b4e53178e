"""The robustness set's composition (per axis) and splits, as lines of the validator's table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tau_indian_bank.tasks.composition import Check
from tau_indian_bank.tasks.robust import all_robust_families
from tau_indian_bank.tasks.robust.quotas import LITE_PER_AXIS, MIN_PER_AXIS
from tau_indian_bank.vocabulary import AXES, axis_of


def robust_composition_checks(tasks: Sequence[Mapping[str, Any]], splits: Mapping[str, Sequence[str]]) -> list[Check]:
    """Unique ids, an axis for every id, at least ``MIN_PER_AXIS`` tasks on every axis that has families, and the splits.

    An axis with no family yet (another group's axes not built) is reported as missing, without
    failing the check: the table shows what is still to come.
    """
    ids = [str(t["id"]) for t in tasks]
    by_axis = Counter(axis_of(i) for i in ids)
    built = {f.category for f in all_robust_families()}
    checks = [Check("unique task ids", str(len(ids)), str(len(set(ids))), len(set(ids)) == len(ids)),
              Check("every id names an axis", "0 without", str(by_axis.get(None, 0)), None not in by_axis)]
    for axis in AXES:
        if axis in built:
            n = by_axis.get(axis, 0)
            checks.append(Check(f"axis {axis}", f">={MIN_PER_AXIS}", str(n), n >= MIN_PER_AXIS))
        else:
            checks.append(Check(f"axis {axis}", f">={MIN_PER_AXIS}", "missing (no family yet)", True))
    base, lite = list(splits.get("base", ())), list(splits.get("lite", ()))
    checks.append(Check("split base = every task", str(len(ids)), str(len(base)), sorted(base) == sorted(ids)))
    lite_axes = Counter(axis_of(i) for i in lite)
    want = {axis: min(LITE_PER_AXIS, n) for axis, n in by_axis.items() if axis is not None}
    checks.append(Check(f"split lite: {LITE_PER_AXIS} per axis", str(sum(want.values())), str(len(lite)),
                        set(lite) <= set(ids) and dict(lite_axes) == want))
    return checks
