"""How many tasks each robustness family contributes (every axis at least 20 and three families; ~470 in all).

Each group module keeps its own ``QUOTAS`` next to its families; this module gathers them.
"""

from tau_indian_bank.tasks.robust import behaviour, environment_axes, refusals, round2

ROBUST_QUOTAS: dict[str, int] = {**behaviour.QUOTAS, **environment_axes.QUOTAS, **refusals.QUOTAS, **round2.QUOTAS}
#: Tasks per axis in the ``lite`` split (stratified by axis).
LITE_PER_AXIS = 5
#: The least number of tasks each axis must have, and of families.
MIN_PER_AXIS = 20
MIN_FAMILIES_PER_AXIS = 3
#: Axes that need more: a wrong detail and a contradicted claim come in many kinds.
MIN_FOR_AXIS = {"wrong_info": 40, "contradiction": 40}
