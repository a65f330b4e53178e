"""Robustness families: see the package docstring for the axes this module holds."""

from __future__ import annotations

from tau_indian_bank.tasks.framework import Family

#: Tasks per family of this module (``quotas.ROBUST_QUOTAS`` gathers every module's).
QUOTAS: dict[str, int] = {}

FAMILIES: tuple[Family, ...] = ()
