"""``tau-indian-bank``: the benchmark's own commands, in workflow order.

    generate-tasks   regenerate tasks/tasks.json and tasks/split_tasks.json (byte for byte)
    families         the scenario families (clauses tested, why the gold chain, careless path) as YAML
    validate         check the suite: schema, composition, gold chains, evidence, participants
    offline          run the oracle and the four scripted baselines through tau2, offline
    report           the paper's analyses from tau2 results files

User errors (a bad file, an unknown split) print one line and exit with status 2, and so
does a command that needs tau2 when no tau2 harness is installed (the line says how to
install either harness).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def _generate_tasks(args: argparse.Namespace) -> int:
    from tau_indian_bank.generation import suite
    from tau_indian_bank.paths import SPLITS_FILE, TASKS_FILE

    if args.check:
        tasks, splits = suite.build()
        tasks_text, splits_text = suite.render(tasks, splits)
        same = TASKS_FILE.read_text(encoding="utf-8") == tasks_text and SPLITS_FILE.read_text(encoding="utf-8") == splits_text
        print("tasks are up to date" if same else "tasks differ from a fresh generation; run: tau-indian-bank generate-tasks")
        return 0 if same else 1
    count, splits = suite.write()
    print(f"wrote {count} tasks to {TASKS_FILE} and {splits} splits to {SPLITS_FILE}")
    return 0


def _validate(args: argparse.Namespace) -> int:
    from tau_indian_bank.generation.validate import main

    return main(participants=not args.no_participants, workers=args.workers)


def _offline(args: argparse.Namespace) -> int:
    from tau_indian_bank.offline import main

    return main(split=args.split, agents=args.agents, results_dir=args.results_dir, workers=args.workers)


def _families(args: argparse.Namespace) -> int:
    import yaml

    from tau_indian_bank.generation.plan import QUOTAS
    from tau_indian_bank.generation.suite import all_families

    catalogue = [{"family": f.name, "category": f.category, "tasks": QUOTAS.get(f.name, 0), "prefix": f.prefix,
                  "policy_clauses": list(f.clauses), "why_this_gold_chain": f.why, "careless_assistant": f.careless}
                 for f in all_families()]
    sys.stdout.write(yaml.safe_dump(catalogue, sort_keys=False, allow_unicode=True, width=110))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The command-line interface."""
    parser = argparse.ArgumentParser(prog="tau-indian-bank", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)

    generate = commands.add_parser("generate-tasks", help="regenerate the task suite from the seeded generator")
    generate.add_argument("--check", action="store_true", help="only check that the files match a fresh generation")
    generate.set_defaults(run=_generate_tasks)

    families = commands.add_parser("families", help="the scenario families as YAML: clauses, rationale, quotas")
    families.set_defaults(run=_families)

    validate = commands.add_parser("validate", help="check the task suite")
    validate.add_argument("--no-participants", action="store_true", help="skip running the oracle and baselines")
    validate.add_argument("--workers", type=int, default=None, help="worker processes (default: up to 2)")
    validate.set_defaults(run=_validate)

    offline = commands.add_parser("offline", help="run the oracle and the four scripted baselines, offline")
    offline.add_argument("--split", default="lite", help="task split (default: lite)")
    offline.add_argument("--agents", nargs="+", default=None, help="offline agents to run (default: all five)")
    offline.add_argument("--results-dir", default="results/offline", help="where to write tau2 results files")
    offline.add_argument("--workers", type=int, default=None, help="worker processes (default: up to 2)")
    offline.set_defaults(run=_offline)

    from tau_indian_bank.report.cli import add_report_parser

    add_report_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``tau-indian-bank`` command."""
    from tau_indian_bank.runner import quiet_tau2

    quiet_tau2()
    args = build_parser().parse_args(argv)
    from tau_indian_bank.errors import USER_ERRORS

    try:
        return int(args.run(args))
    except USER_ERRORS as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as exc:
        from tau_indian_bank.harness import MISSING_HARNESS, is_missing_harness

        if not is_missing_harness(exc):
            raise
        print(f"error: {MISSING_HARNESS}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
