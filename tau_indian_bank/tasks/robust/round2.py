"""The robustness set's second round of families, generated after every first-round family.

A third kind of situation on every axis, and more tasks per axis (``wrong_info`` and
``contradiction`` to 40). Generated last, so the per-family random draws and the customers of the
first round's families are unchanged (:mod:`tau_indian_bank.tasks.robust.compare` reports any change).
"""

from __future__ import annotations

from typing import Any

from tau_indian_bank.tasks.framework import Family
from tau_indian_bank.tasks.robust import (
    conduct_more,
    contradiction_more,
    environment_more,
    refusals_more,
    wrong_info_more,
)

_MODULES = (conduct_more, wrong_info_more, contradiction_more, environment_more, refusals_more)


FAMILIES: tuple[Family[Any], ...] = tuple(family for module in _MODULES for family in module.FAMILIES)
