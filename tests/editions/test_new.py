"""``edition new``: bad input refused in one line, a failed edition leaves nothing behind, a made one is complete and checked."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from tau_indian_bank.editions import generate
from tau_indian_bank.editions.generate import EditionRefused, Plans, SetReport, new_edition
from tau_indian_bank.editions.manifest import MANIFEST_NAME, read_manifest, verify
from tau_indian_bank.errors import EditionError
from tau_indian_bank.seeding.common import SEED
from tau_indian_bank.tasks.composition import Check
from tests.conftest import ROOT, command_env

SMALL_SEED = 4242


def test_the_public_seed_and_a_used_folder_are_refused(tmp_path):
    with pytest.raises(EditionError, match="is the public suite's"):
        new_edition(SEED, tmp_path / "edition")
    (tmp_path / "used").mkdir()
    (tmp_path / "used" / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(EditionError, match="already exists"):
        new_edition(SMALL_SEED, tmp_path / "used")
    assert (tmp_path / "used" / "notes.txt").read_text(encoding="utf-8") == "mine"


@pytest.fixture()
def mirror_bank(mirror, monkeypatch):
    """``edition new`` writes the mirror's bank (a copy) instead of generating one: fast (it shares the public bank's record ids)."""
    from tau_indian_bank.seeding import generator

    def copy_seed(out_dir, seed, avoid=None):
        shutil.copytree(mirror / "data" / "seed", out_dir)
        return {}

    monkeypatch.setattr(generator, "write_seed", copy_seed)


def test_a_failed_check_leaves_nothing_behind(tmp_path, monkeypatch, mirror_bank):
    """The bank and both task sets are written, then one check fails: neither the folder nor the partial one remains."""
    seen = []

    def failing(built, plans, workers, progress):
        seen.append(sorted((tmp_path / ".edition.partial" / "tasks").rglob("*.json")))
        row = Check("oracle passes every task", "67", "66", False)
        return [SetReport("indian_bank", "oracle passes every task: 1 failing", [row], [row])]

    monkeypatch.setattr(generate, "_validate_sets", failing)
    plans = Plans({"fd_close": 1, "balance": 1}, {})
    with pytest.raises(EditionRefused, match=r"not written: 2 required check.*ids shared with the public bank.*oracle passes every task"):
        new_edition(SMALL_SEED, tmp_path / "edition", plans, progress=lambda _: None)
    assert len(seen[0]) == 4  # both sets' tasks and splits had been written
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.slow  # searches the whole bank for 5,000 tasks
def test_a_family_the_bank_cannot_fill_is_a_refusal_not_a_traceback(tmp_path, mirror_bank):
    with pytest.raises(EditionRefused, match=r"not written: family fd_close: only \d+ of 5000 tasks could be built on this bank"):
        new_edition(SMALL_SEED, tmp_path / "edition", Plans({"fd_close": 5000}, {}), progress=lambda _: None)
    assert list(tmp_path.iterdir()) == []


def test_an_interrupted_edition_leaves_nothing_behind(tmp_path, monkeypatch, mirror_bank):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(generate, "_build_sets", interrupted)
    with pytest.raises(KeyboardInterrupt):
        new_edition(SMALL_SEED, tmp_path / "edition", progress=lambda _: None)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.e2e
def test_the_cli_prints_the_tables_and_one_line_when_an_edition_is_refused(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "tau_indian_bank.cli", "edition", "new", "--seed", str(SEED), "--out", str(tmp_path / "e")],
        cwd=ROOT,
        env=command_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and done.stderr.strip().splitlines() == [f"error: seed {SEED} is the public suite's; choose any other"]


@pytest.mark.slow
def test_a_reduced_edition_is_complete_validated_and_checked(small_edition):
    manifest = read_manifest(small_edition)
    assert manifest["seed"] == manifest["generation_seed"] == SMALL_SEED
    assert manifest["plan"]["name"] == "reduced" and manifest["plan"]["indian_bank"]["tasks"] == 67
    assert set(manifest["generators"]) == {"seed_data", "task_sets"}
    assert "policy/servicing_policy.md" in manifest["shared"]
    files = set(manifest["files"])
    assert {
        "data/seed/customers.csv",
        "tasks/tasks.json",
        "tasks/split_tasks.json",
        "tasks/robust/tasks.json",
        "tasks/robust/split_tasks.json",
    } <= files and MANIFEST_NAME not in files
    for part, counts in manifest["validation"].items():
        assert counts["passed"] == counts["required"] > 0, part
    assert verify(small_edition).label.startswith("edition ")


@pytest.mark.slow
@pytest.mark.e2e
def test_the_same_seed_gives_the_same_bytes_in_two_processes(small_edition, tmp_path):
    """Two fresh processes with different hash seeds write the same edition as the fixture's process, file for file."""
    outs = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"again{hash_seed}"
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "tau_indian_bank.cli",
                "edition",
                "new",
                "--seed",
                str(SMALL_SEED),
                "--per-family",
                "1",
                "--out",
                str(out),
            ],
            cwd=ROOT,
            env=command_env(PYTHONHASHSEED=hash_seed),
            capture_output=True,
            text=True,
            timeout=900,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        outs.append(out)
    expected = (small_edition / MANIFEST_NAME).read_bytes()
    for out in outs:
        assert (out / MANIFEST_NAME).read_bytes() == expected
        assert verify(out).digest == verify(small_edition).digest


@pytest.mark.slow
def test_an_altered_edition_is_refused(small_edition, tmp_path):
    copy = shutil.copytree(small_edition, tmp_path / "copy")
    verify(copy)
    tasks = copy / "tasks" / "tasks.json"
    data = json.loads(tasks.read_text(encoding="utf-8"))
    data[0]["user_scenario"]["persona"] += " Edited."
    tasks.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    with pytest.raises(EditionError, match="tasks/tasks.json differs from the manifest"):
        verify(copy)
