"""How many tasks each robustness family contributes (every axis at least 12; ~300 in all).

Each group module keeps its own ``QUOTAS`` next to its families; this module gathers them.
"""

from tau_indian_bank.tasks.robust import behaviour, environment_axes, refusals

ROBUST_QUOTAS: dict[str, int] = {**behaviour.QUOTAS, **environment_axes.QUOTAS, **refusals.QUOTAS}
#: Tasks per axis in the ``lite`` split (stratified by axis).
LITE_PER_AXIS = 5
#: The least number of tasks each axis must have.
MIN_PER_AXIS = 12
