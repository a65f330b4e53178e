"""Robustness families: see the package docstring for the axes this module holds."""

from __future__ import annotations

from tau_indian_bank.tasks.framework import Family

FAMILIES: tuple[Family, ...] = ()
