"""Hatchling build hook: put the shipped data inside the package of a regular wheel."""

from __future__ import annotations

from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

DATA = {
    "data/seed": "tau_indian_bank/_resources/data/seed",
    "policy": "tau_indian_bank/_resources/policy",
    "regulations": "tau_indian_bank/_resources/regulations",
    "tasks": "tau_indian_bank/_resources/tasks",
}


class CustomBuildHook(BuildHookInterface):
    """Adds the data folders to regular wheels only (editable installs read the checkout)."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version == "standard":
            build_data["force_include"].update(DATA)
