"""Robustness families for the refusal axes, gathered from their modules.

* ``refusals_records`` — out_of_scope, fabrication, advice: a look-up, then a refusal
  grounded in the records (the gold chain has the reads and no write);
* ``refusals_pressure`` — social_engineering, credentials: the ordinary procedure held
  against pressure (gate S2, and declared facts for the credentials warning);
* ``refusals_pure`` — third_party, harmful_or_inappropriate: a refusal needing no look-up,
  separated from the baselines only by the answer check over the declared facts (the
  refusal and its reason; ``evaluation.facts.declared_facts``).
"""

from __future__ import annotations

from tau_indian_bank.tasks.framework import Family
from tau_indian_bank.tasks.robust import refusals_pressure, refusals_pure, refusals_records

_MODULES = (refusals_records, refusals_pressure, refusals_pure)

#: Tasks per family of this module (``quotas.ROBUST_QUOTAS`` gathers every module's).
QUOTAS: dict[str, int] = {name: n for module in _MODULES for name, n in module.QUOTAS.items()}

FAMILIES: tuple[Family, ...] = tuple(family for module in _MODULES for family in module.FAMILIES)
