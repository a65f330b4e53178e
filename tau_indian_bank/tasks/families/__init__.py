"""The scenario families, one module per area, and the order the suite builder fills them in.

The order matters: families draw customers from one shared tally of tasks per customer,
so a family earlier in :data:`AREAS` gets first pick. Changing it changes the suite.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from tau_indian_bank.tasks.families import accounts, cards, control, deposits, loans, payments, service_requests
from tau_indian_bank.tasks.framework import Family

#: The areas in generation order; each module's ``FAMILIES`` gives the order within it.
AREAS: tuple[ModuleType, ...] = (deposits, cards, payments, accounts, loans, service_requests, control)


def all_families() -> list[Family[Any]]:
    """Every scenario family, in generation order."""
    return [family for area in AREAS for family in area.FAMILIES]
