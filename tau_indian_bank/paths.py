"""Where the shipped data lives: next to the package in a wheel, at the repo root in a checkout."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
# A built wheel carries the data inside the package (see pyproject's force-include);
# an editable install or a plain checkout reads it from the project root.
_BUNDLED = _PACKAGE / "_resources"
ROOT = _BUNDLED if _BUNDLED.is_dir() else _PACKAGE.parent

SEED_DIR = ROOT / "data" / "seed"
POLICY_DIR = ROOT / "policy"
REGULATIONS_DIR = ROOT / "regulations"
#: Another task suite (a folder holding tasks.json and split_tasks.json) can be used instead.
TASKS_DIR = Path(os.environ.get("TAU_INDIAN_BANK_TASKS_DIR") or ROOT / "tasks")
TASKS_FILE = TASKS_DIR / "tasks.json"
SPLITS_FILE = TASKS_DIR / "split_tasks.json"
#: The robustness task set lives beside the base suite.
ROBUST_TASKS_FILE = TASKS_DIR / "robust" / "tasks.json"
ROBUST_SPLITS_FILE = TASKS_DIR / "robust" / "split_tasks.json"
