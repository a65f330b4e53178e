"""Where the data lives: the shipped (public) edition, or a private edition named by ``TAU_INDIAN_BANK_EDITION``.

The shipped data sits next to the package in a wheel and at the repo root in a checkout.
The policy and the regulations are shared by every edition; the bank's seed files and the
two task sets are the edition's. :func:`data_source` says which edition this process reads
now: the folder named by ``TAU_INDIAN_BANK_EDITION`` (an edition written by
``tau-indian-bank edition new``), else the public one. Everything that reads seed or task
files asks it each time (it costs one ``stat``) and keys its caches by
:attr:`DataSource.key`, so switching editions, even within one process, never serves one
edition's data to another.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
# A built wheel carries the data inside the package (see pyproject's force-include);
# an editable install or a plain checkout reads it from the project root.
_BUNDLED = _PACKAGE / "_resources"
ROOT = _BUNDLED if _BUNDLED.is_dir() else _PACKAGE.parent

SEED_DIR = ROOT / "data" / "seed"
POLICY_DIR = ROOT / "policy"
#: The servicing policy the assistant is given (and every check of a clause reads).
POLICY_FILE = POLICY_DIR / "servicing_policy.md"
#: The customer guidelines the simulated customer is given.
GUIDELINES_FILE = POLICY_DIR / "customer_guidelines.md"
REGULATIONS_DIR = ROOT / "regulations"
#: Another task suite (a folder holding tasks.json and split_tasks.json) can be used instead.
TASKS_DIR = Path(os.environ.get("TAU_INDIAN_BANK_TASKS_DIR") or ROOT / "tasks")
TASKS_FILE = TASKS_DIR / "tasks.json"
SPLITS_FILE = TASKS_DIR / "split_tasks.json"
#: The robustness task set lives beside the base suite.
ROBUST_TASKS_FILE = TASKS_DIR / "robust" / "tasks.json"
ROBUST_SPLITS_FILE = TASKS_DIR / "robust" / "split_tasks.json"

#: The variable naming a private edition's folder (read by this package and by the plugin in ``tau2 run``).
EDITION_VARIABLE = "TAU_INDIAN_BANK_EDITION"
#: An edition's folder layout, relative to its root (the same as the repository's).
EDITION_SEED = Path("data") / "seed"
EDITION_TASKS = Path("tasks")
#: The seed generator's manifest, in every seed folder; its ``stat`` keys the caches.
SEED_MANIFEST = "MANIFEST.json"


@dataclass(frozen=True)
class DataSource:
    """One edition's seed folder and task folder (``root`` None: the public edition)."""

    root: Path | None
    seed_dir: Path
    tasks_dir: Path

    @property
    def private(self) -> bool:
        """Whether this is a private edition (not the shipped data)."""
        return self.root is not None

    @property
    def tasks_file(self) -> Path:
        return self.tasks_dir / "tasks.json"

    @property
    def splits_file(self) -> Path:
        return self.tasks_dir / "split_tasks.json"

    @property
    def robust_tasks_file(self) -> Path:
        return self.tasks_dir / "robust" / "tasks.json"

    @property
    def robust_splits_file(self) -> Path:
        return self.tasks_dir / "robust" / "split_tasks.json"

    @property
    def key(self) -> tuple[str, int, int, int]:
        """What a cache of this edition's bank is keyed by: the seed folder and its manifest's identity on disk.

        A seed folder rewritten in place (a new manifest) gets a new key.
        """
        return (str(self.seed_dir),) + file_stamp(self.seed_dir / SEED_MANIFEST)


def file_stamp(path: Path) -> tuple[int, int, int]:
    """(inode, size, modification time in ns) of a file, or zeros if it is missing: a cache key that follows rewrites."""
    try:
        stat = path.stat()
    except OSError:
        return (0, 0, 0)
    return (stat.st_ino, stat.st_size, stat.st_mtime_ns)


PUBLIC = DataSource(None, SEED_DIR, TASKS_DIR)


@lru_cache(maxsize=16)
def edition_source(root: str) -> DataSource:
    """The data source of the edition folder ``root``."""
    folder = Path(root).expanduser().resolve()
    return DataSource(folder, folder / EDITION_SEED, folder / EDITION_TASKS)


def data_source() -> DataSource:
    """The edition this process reads now: ``TAU_INDIAN_BANK_EDITION``'s folder, else the public data."""
    root = os.environ.get(EDITION_VARIABLE)
    return edition_source(root) if root else PUBLIC


@contextmanager
def use_edition(root: Path | None) -> Iterator[DataSource]:
    """Read the edition at ``root`` (None: the public one) inside the block, in this process and the ones it starts."""
    before = os.environ.get(EDITION_VARIABLE)
    if root is None:
        os.environ.pop(EDITION_VARIABLE, None)
    else:
        os.environ[EDITION_VARIABLE] = str(Path(root).expanduser().resolve())
    try:
        yield data_source()
    finally:
        if before is None:
            os.environ.pop(EDITION_VARIABLE, None)
        else:
            os.environ[EDITION_VARIABLE] = before
