"""Fixtures for the edition tests: a cheap mirror edition, and a real (reduced) one built once per session."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tau_indian_bank.paths import SEED_DIR, TASKS_FILE

#: The mirror edition renames every customer id: same bank, other customers (enough to see which bank a cache serves).
MIRROR = ("CUST", "CUSX")
MIRROR_TASKS = ("seq_fd_close_0001", "seq_card_limit_0001", "ctrl_balance_0001")


def write_mirror(root: Path) -> Path:
    """An edition folder whose bank is the public one with every customer id renamed, three of its tasks, and a manifest."""
    from tau_indian_bank.editions.manifest import MANIFEST_NAME, current_generators, render_manifest

    old, new = MIRROR
    seed = root / "data" / "seed"
    seed.mkdir(parents=True)
    for path in sorted(SEED_DIR.iterdir()):
        (seed / path.name).write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    tasks = [t for t in json.loads(TASKS_FILE.read_text(encoding="utf-8")) if t["id"] in MIRROR_TASKS]
    text = json.dumps(tasks, indent=1, ensure_ascii=False).replace(old, new) + "\n"
    for folder in (root / "tasks", root / "tasks" / "robust"):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "tasks.json").write_text(text, encoding="utf-8")
        (folder / "split_tasks.json").write_text(json.dumps({"base": list(MIRROR_TASKS)}) + "\n", encoding="utf-8")
    (root / MANIFEST_NAME).write_bytes(render_manifest({"seed": 0, "plan": {"name": "mirror"}, "generators": current_generators()}, root))
    return root


@pytest.fixture(scope="session")
def mirror(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A mirror edition (read-only: copy it to change it)."""
    return write_mirror(tmp_path_factory.mktemp("mirror") / "edition")


@pytest.fixture()
def mirror_copy(mirror: Path, tmp_path: Path) -> Path:
    """A copy of the mirror edition a test may change."""
    return Path(shutil.copytree(mirror, tmp_path / "edition"))


@pytest.fixture(scope="session")
def small_edition(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real edition of a reduced plan (one task per family), made and validated in this process (read-only)."""
    from tau_indian_bank.editions.generate import Plans, new_edition

    out = tmp_path_factory.mktemp("small") / "edition"
    new_edition(4242, out, Plans.reduced(1), progress=lambda _: None)
    return out
