"""``tau-indian-bank edition new|compare`` and the ``--edition DIR`` flag of run, offline, validate and report."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from tau_indian_bank.editions.manifest import Identity, identity, verify
from tau_indian_bank.paths import EDITION_VARIABLE

#: The commands that take ``--edition``.
EDITION_COMMANDS = ("run", "offline", "validate", "report")


def add_edition_flag(parser: argparse.ArgumentParser) -> None:
    """Give a command ``--edition DIR``."""
    parser.add_argument(
        "--edition",
        metavar="DIR",
        default=None,
        help="a private edition (tau-indian-bank edition new): its bank and tasks instead of the public "
        f"suite's (also ${EDITION_VARIABLE})",
    )


def activate(edition: str | None) -> Identity:
    """Make ``edition`` (a folder) the edition this process and its children read; without one, check ``$TAU_INDIAN_BANK_EDITION``.

    Raises:
        EditionError: the folder is not a complete, unaltered edition of this package version.
    """
    if edition:
        found = verify(Path(edition))
        os.environ[EDITION_VARIABLE] = str(Path(edition).expanduser().resolve())
        return found
    return identity()


def _per_family(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def add_edition_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``tau-indian-bank edition new`` and ``edition compare``."""
    edition = commands.add_parser("edition", help="private editions: a fresh bank and task sets from another seed")
    actions = edition.add_subparsers(dest="edition_command", required=True)
    new = actions.add_parser("new", help="write a validated edition (bank, both task sets, splits, manifest) to a new folder")
    new.add_argument("--seed", type=int, required=True, help="the edition's seed (any but the public one)")
    new.add_argument("--out", type=Path, required=True, help="a folder that does not exist yet (or is empty)")
    new.add_argument("--workers", type=int, default=None, help="worker processes for validation (default: up to 2)")
    new.add_argument(
        "--per-family",
        type=_per_family,
        default=None,
        metavar="N",
        help="a reduced plan: at most N tasks per family (to try the pipeline; such an edition cannot meet "
        "the composition figures, which are then not required, and its manifest says so)",
    )
    new.set_defaults(run=_new)
    compare = actions.add_parser("compare", help="composition, records touched and overlap of editions against the public suite")
    compare.add_argument("editions", nargs="+", metavar="DIR", help="edition folders")
    compare.set_defaults(run=_compare)


def _new(args: argparse.Namespace) -> int:
    from tau_indian_bank.editions.generate import EditionRefused, Plans, new_edition

    plans = Plans.reduced(args.per_family) if args.per_family else None
    try:
        found, reports = new_edition(args.seed, args.out, plans, args.workers)
    except EditionRefused as refused:
        print(refused.tables, file=sys.stderr)
        print(f"error: {refused}", file=sys.stderr)
        return 1
    for report in reports:
        print(
            f"{report.task_set}: {len(report.required) - len(report.failed)}/{len(report.required)} required checks passed"
            + (
                f" ({len(report.checks) - len(report.required)} composition rows not required: reduced plan)"
                if len(report.checks) != len(report.required)
                else ""
            )
        )
    print(f"wrote {found.label} to {Path(args.out)} (digest {found.digest})")
    return 0


def _compare(args: argparse.Namespace) -> int:
    from tau_indian_bank.editions.compare import compare_main

    return compare_main([Path(p) for p in args.editions])
