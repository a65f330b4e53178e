"""``tau-indian-bank edition new --seed N --out DIR``: a whole edition, validated, written all at once or not at all.

1. The bank: the seed generator with seed ``N``, avoiding every id and reference of the public
   bank (``seeding.reserved``), so the edition shares no customer and no record id with it.
2. Both task sets, generated on that bank by the same builders, families and quotas as the
   public suite (``tasks.builder.build`` for each task set), with ``N`` as
   the generation seed (another choice of records and wording), and their splits. A drafted
   task whose whole scenario repeats, word for word, the scenario of one public task that describes
   its record (two deposits opened the same month for the same round amount and reason) is
   drawn again (kept only if the family has no other candidate left).
3. ``validate`` on both sets, every row of it: composition figures, schema, gold chains,
   evidence, facts, the scenario (premise) rules, the oracle and the baselines; plus a row that
   no id is shared with the public bank. A reduced quota plan (for tests) cannot meet the
   composition figures, so its composition rows are shown but not required, and the manifest
   says the plan is reduced.
4. The manifest (``edition.json``, see :mod:`.manifest`).

Everything is written into a hidden folder beside ``DIR`` and renamed to ``DIR`` at the end:
a refused or interrupted edition leaves nothing behind.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tau_indian_bank.editions.manifest import (
    MANIFEST_NAME,
    Identity,
    current_generators,
    render_manifest,
    shared_files,
    verify,
)
from tau_indian_bank.errors import EditionError
from tau_indian_bank.paths import EDITION_SEED, EDITION_TASKS, SEED_DIR, SEED_MANIFEST, DataSource, use_edition
from tau_indian_bank.tasks.builder import GenerationError, TaskSet
from tau_indian_bank.vocabulary import DOMAIN_NAME, ROBUST_TASK_SET

Progress = Callable[[str], None]


class EditionRefused(EditionError):
    """The edition failed a check and was not written; ``tables`` holds the validator's tables."""

    def __init__(self, message: str, tables: str) -> None:
        super().__init__(message)
        self.tables = tables


@dataclass(frozen=True)
class Plans:
    """The quota plans of both task sets (family name -> tasks)."""

    base: Mapping[str, int]
    robust: Mapping[str, int]

    @classmethod
    def full(cls) -> Plans:
        """The public suite's plans."""
        from tau_indian_bank.tasks.builder import plan_of

        return cls(plan_of(DOMAIN_NAME), plan_of(ROBUST_TASK_SET))

    @classmethod
    def reduced(cls, per_family: int) -> Plans:
        """The public plans with at most ``per_family`` tasks per family (``edition new --per-family``)."""
        full = cls.full()
        return cls({k: min(v, per_family) for k, v in full.base.items()}, {k: min(v, per_family) for k, v in full.robust.items()})

    @property
    def is_full(self) -> bool:
        full = Plans.full()
        return dict(self.base) == full.base and dict(self.robust) == full.robust

    def describe(self) -> dict[str, Any]:
        """What the manifest records of the plans: full or reduced, and each plan's size and digest."""

        def one(plan: Mapping[str, int]) -> dict[str, Any]:
            text = json.dumps(dict(sorted(plan.items())), separators=(",", ":"))
            return {
                "tasks": sum(plan.values()),
                "families": sum(1 for n in plan.values() if n > 0),
                "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
            }

        return {"name": "full" if self.is_full else "reduced", DOMAIN_NAME: one(self.base), ROBUST_TASK_SET: one(self.robust)}


@dataclass
class SetReport:
    """One task set's validation: every row, and which of them were required."""

    task_set: str
    table: str
    checks: list[Any]
    required: list[Any] = field(default_factory=list)

    @property
    def failed(self) -> list[Any]:
        return [c for c in self.required if not c.ok]


def _check_inputs(seed: int, out: Path) -> None:
    from tau_indian_bank.seeding.common import SEED

    if seed == SEED:
        raise EditionError(f"seed {seed} is the public suite's; choose any other")
    if seed < 0:
        raise EditionError("--seed must be 0 or more")
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise EditionError(f"{out} already exists; give a new folder (an edition is never written over another)")


def public_scenarios() -> frozenset[str]:
    """The public scenarios an edition must not repeat: each describes one public task's own record (``overlap.specific_scenarios``)."""
    from tau_indian_bank.editions.overlap import specific_scenarios
    from tau_indian_bank.paths import PUBLIC
    from tau_indian_bank.tasks.suite_files import load_suite, task_set_files

    return specific_scenarios([t for name in (DOMAIN_NAME, ROBUST_TASK_SET) for t in load_suite(task_set_files(name, PUBLIC)[0])])


def _build_sets(source: DataSource, plans: Plans, seed: int, progress: Progress) -> dict[str, TaskSet]:
    """Generate both task sets on the active (new) bank and write their files; return them by task set."""
    from tau_indian_bank.tasks import builder
    from tau_indian_bank.tasks.suite_files import task_set_files

    avoid = public_scenarios()
    built = {}
    for name, plan in ((DOMAIN_NAME, plans.base), (ROBUST_TASK_SET, plans.robust)):
        start = time.perf_counter()
        tasks, splits = builder.build(dict(plan), seed=seed, avoid=avoid, task_set=name)
        builder.write_files(builder.render(tasks, splits), *task_set_files(name, source))
        built[name] = (tasks, splits)
        progress(f"{name}: {len(tasks)} tasks generated ({time.perf_counter() - start:.1f} s)")
    return built


def _composition_rows(name: str, tasks: list[dict[str, Any]], splits: dict[str, list[str]]) -> set[str]:
    from tau_indian_bank.tasks.composition import composition_checks
    from tau_indian_bank.tasks.robust.checks import robust_composition_checks

    rows = robust_composition_checks(tasks, splits) if name == ROBUST_TASK_SET else composition_checks(tasks, splits)
    return {row.name for row in rows}


@contextlib.contextmanager
def _held_output() -> Iterator[None]:
    """Hold back what tau2 and its workers print meanwhile (stdout and stderr); show it if the block fails.

    Outside a git checkout, tau2's run logs a failed ``git rev-parse`` for every batch of sessions.
    """
    sys.stdout.flush()
    sys.stderr.flush()
    saved = (os.dup(1), os.dup(2))
    with tempfile.TemporaryFile() as held:
        os.dup2(held.fileno(), 1)
        os.dup2(held.fileno(), 2)
        try:
            yield
        except BaseException:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[1], 2)
            held.seek(0)
            sys.stderr.write(held.read()[-4000:].decode("utf-8", "replace"))
            raise
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            for fd, copy in zip((1, 2), saved, strict=True):
                os.dup2(copy, fd)
                os.close(copy)


def _validate_sets(built: Mapping[str, TaskSet], plans: Plans, workers: int | None, progress: Progress) -> list[SetReport]:
    """``validate`` on each set (a reduced plan: composition rows not required)."""
    from tau_indian_bank.paths import POLICY_FILE
    from tau_indian_bank.plugin.offline import participant_outcomes
    from tau_indian_bank.tasks.validate import render_table, validate

    policy = POLICY_FILE.read_text(encoding="utf-8")
    reports = []
    for name, (tasks, splits) in built.items():
        start = time.perf_counter()
        with _held_output():
            checks, problems = validate(tasks, splits, policy, participant_outcomes, workers, name == ROBUST_TASK_SET)
        skipped = set() if plans.is_full else _composition_rows(name, tasks, splits)
        report = SetReport(
            name, render_table(checks, problems, time.perf_counter() - start), checks, [c for c in checks if c.name not in skipped]
        )
        progress(
            f"{name}: validated, {len(report.required) - len(report.failed)}/{len(report.required)} required checks "
            f"passed ({time.perf_counter() - start:.1f} s)"
        )
        reports.append(report)
    return reports


def _public_overlap(source: DataSource) -> SetReport:
    """One required row: the new bank shares no id or reference with the public bank."""
    from tau_indian_bank.seeding.reserved import reserved_ids
    from tau_indian_bank.tasks.composition import Check

    shared = sorted(reserved_ids(SEED_DIR) & reserved_ids(source.seed_dir))
    row = Check("ids shared with the public bank", "0", str(len(shared)), not shared)
    table = f"{row.name}: {len(shared)}" + (f", e.g. {', '.join(shared[:5])}" if shared else "")
    return SetReport("bank", table, [row], [row])


def _manifest_fields(seed: int, plans: Plans, built: Mapping[str, TaskSet], reports: list[SetReport]) -> dict[str, Any]:
    return {
        "seed": seed,
        "generation_seed": seed,
        "generators": current_generators(),
        "avoids_ids_of": hashlib.sha256((SEED_DIR / SEED_MANIFEST).read_bytes()).hexdigest(),
        "plan": plans.describe(),
        "shared": shared_files(),
        "task_sets": {
            name: {"tasks": len(tasks), "splits": {k: len(v) for k, v in splits.items()}} for name, (tasks, splits) in built.items()
        },
        "validation": {
            r.task_set: {"checks": len(r.checks), "required": len(r.required), "passed": len(r.required) - len(r.failed)} for r in reports
        },
    }


def _stderr(message: str) -> None:
    print(f"edition: {message}", file=sys.stderr, flush=True)


def new_edition(
    seed: int, out: Path, plans: Plans | None = None, workers: int | None = None, progress: Progress = _stderr
) -> tuple[Identity, list[SetReport]]:
    """Write the edition of ``seed`` to ``out``; return its identity and the validation of each part.

    Raises:
        EditionError: bad seed or folder.
        EditionRefused: a required check failed; nothing was written.
    """
    from tau_indian_bank.seeding.generator import write_seed

    out = Path(out).expanduser().resolve()
    _check_inputs(seed, out)
    plans = plans or Plans.full()
    partial = out.parent / f".{out.name}.partial"
    shutil.rmtree(partial, ignore_errors=True)
    try:
        start = time.perf_counter()
        write_seed(partial / EDITION_SEED, seed, avoid=SEED_DIR)
        (partial / EDITION_TASKS).mkdir(parents=True)
        progress(f"bank of seed {seed} written ({time.perf_counter() - start:.1f} s)")
        with use_edition(partial) as source:
            reports = [_public_overlap(source)]
            try:
                built = _build_sets(source, plans, seed, progress)
            except GenerationError as exc:
                raise EditionRefused(f"edition of seed {seed} not written: {exc} on this bank", "") from None
            reports += _validate_sets(built, plans, workers, progress)
        failed = [(r.task_set, c.name) for r in reports for c in r.failed]
        if failed:
            tables = "\n\n".join(f"{r.task_set}\n{r.table}" for r in reports if r.failed)
            names = "; ".join(f"{part}: {name}" for part, name in failed[:4]) + (" …" if len(failed) > 4 else "")
            raise EditionRefused(f"edition of seed {seed} not written: {len(failed)} required check(s) failed ({names})", tables)
        (partial / MANIFEST_NAME).write_bytes(render_manifest(_manifest_fields(seed, plans, built, reports), partial))
        if out.exists():
            out.rmdir()  # empty (checked above)
        partial.rename(out)
    finally:
        shutil.rmtree(partial, ignore_errors=True)
    return verify(out), reports
