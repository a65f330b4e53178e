"""How many tasks each robustness family contributes (every axis at least 12; ~300 in all)."""

ROBUST_QUOTAS: dict[str, int] = {}
#: Tasks per axis in the ``lite`` split (stratified by axis).
LITE_PER_AXIS = 5
#: The least number of tasks each axis must have.
MIN_PER_AXIS = 12
