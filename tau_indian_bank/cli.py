"""``tau-indian-bank``: the benchmark's own commands, in workflow order.

    generate-tasks   regenerate tasks/tasks.json and tasks/split_tasks.json (byte for byte)
    families         the scenario families (clauses tested, why the gold chain, careless path) as YAML
    validate         check the suite: schema, composition, gold chains, evidence, participants
    run              run the benchmark: checkpointed per session, resumable, shardable, several endpoints
    offline          run the oracle and the four scripted baselines through tau2, offline
    report           the paper's analyses from tau2 results files

Every subcommand's arguments are defined here, in one parser; the packages the handlers
call (task generation, the plugin's offline runner, the report) are libraries. User errors (a bad file, an unknown split)
print one line and exit with status 2, and so does a command that needs tau2 when no tau2
harness is installed (the line says how to install either harness).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def _generate_tasks(args: argparse.Namespace) -> int:
    from tau_indian_bank import paths
    from tau_indian_bank.tasks import builder
    from tau_indian_bank.tasks.robust import builder as robust_builder
    from tau_indian_bank.vocabulary import DOMAIN_NAME, ROBUST_TASK_SET

    sets = {
        DOMAIN_NAME: (builder.build, paths.TASKS_FILE, paths.SPLITS_FILE),
        ROBUST_TASK_SET: (robust_builder.build_robust, paths.ROBUST_TASKS_FILE, paths.ROBUST_SPLITS_FILE),
    }
    chosen = list(sets) if args.task_set == "all" else [args.task_set]
    stale = []
    for name in chosen:
        build, tasks_file, splits_file = sets[name]
        tasks, splits = build()
        texts = builder.render(tasks, splits)
        if args.check:
            on_disk = tuple(p.read_text(encoding="utf-8") if p.exists() else "" for p in (tasks_file, splits_file))
            if on_disk != texts:
                stale.append(name)
            continue
        builder.write_files(texts, tasks_file, splits_file)
        print(f"{name}: wrote {len(tasks)} tasks to {tasks_file} and {len(splits)} splits to {splits_file}")
    if args.check:
        print("tasks are up to date" if not stale else
              f"{', '.join(stale)}: tasks differ from a fresh generation; run: tau-indian-bank generate-tasks")
        return 1 if stale else 0
    return 0


def _families(args: argparse.Namespace) -> int:
    import yaml

    from tau_indian_bank.tasks.families import all_families
    from tau_indian_bank.tasks.quotas import QUOTAS

    catalogue = [{"family": f.name, "category": f.category, "tasks": QUOTAS.get(f.name, 0), "prefix": f.prefix,
                  "policy_clauses": list(f.clauses), "why_this_gold_chain": f.why, "careless_assistant": f.careless}
                 for f in all_families()]
    sys.stdout.write(yaml.safe_dump(catalogue, sort_keys=False, allow_unicode=True, width=110))
    return 0


def _validate(args: argparse.Namespace) -> int:
    from tau_indian_bank.tasks.validate import main

    return main(participants=not args.no_participants, workers=args.workers, task_set=args.task_set)


def _offline(args: argparse.Namespace) -> int:
    from pathlib import Path

    from tau_indian_bank.plugin.offline import run_offline_agents, summary_table
    from tau_indian_bank.report.html import write_html_report
    from tau_indian_bank.vocabulary import DOMAIN_NAME

    summaries = run_offline_agents(split=args.split, agents=args.agents, results_dir=args.results_dir, workers=args.workers,
                                   task_set=args.task_set)
    print(summary_table(args.split, summaries))
    page = write_html_report([s.path for s in summaries], [s.agent.removeprefix(f"{DOMAIN_NAME}_") for s in summaries],
                             Path(args.results_dir) / "report.html")
    print(f"report: {page} (open it in a browser: every session beside its verdict)")
    return 0


def _report(args: argparse.Namespace) -> int:
    from tau_indian_bank.report.load import load_runs
    from tau_indian_bank.report.metrics import build_report
    from tau_indian_bank.report.output import write_atomically
    from tau_indian_bank.report.render import render
    from tau_indian_bank.report.suite import note

    runs = load_runs(args.results, args.label)
    for run in runs:
        if run.tasks_differing:
            print(note(run.label, run.path, run.tasks_differing, len(run.task_ids)), file=sys.stderr)
    judged = None
    if args.judge_llm:
        from tau_indian_bank.report.judge import judge_results

        judged = {run.label: {slot: verdict for path in (run.parts or (run.path,))
                              for slot, verdict in judge_results(path, args.judge_llm, args.judge_llm_args).items()}
                  for run in runs}
    html = args.format == "html"
    report = build_report(runs, with_sessions=args.sessions or html, strict=args.strict, judged=judged)
    if html:
        from tau_indian_bank.report.html import to_html

        text = to_html(report, runs)
    else:
        text = render(report, args.format)
    if args.plots:
        from tau_indian_bank.report.plots import write_plots

        for path in write_plots(report, args.plots):
            print(f"wrote {path}", file=sys.stderr)
    if args.output:
        print(f"wrote {write_atomically(args.output, text)}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The command-line interface: every subcommand, in workflow order."""
    parser = argparse.ArgumentParser(prog="tau-indian-bank", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)

    generate = commands.add_parser("generate-tasks", help="regenerate the task suite from the seeded generator")
    generate.add_argument("--check", action="store_true", help="only check that the files match a fresh generation")
    generate.add_argument("--task-set", choices=("all", "indian_bank", "indian_bank_robust"), default="all",
                          help="which task set (default: both)")
    generate.set_defaults(run=_generate_tasks)

    families = commands.add_parser("families", help="the scenario families as YAML: clauses, rationale, quotas")
    families.set_defaults(run=_families)

    validate = commands.add_parser("validate", help="check the task suite")
    validate.add_argument("--no-participants", action="store_true", help="skip running the oracle and baselines")
    validate.add_argument("--workers", type=int, default=None, help="worker processes (default: up to 2)")
    validate.add_argument("--task-set", choices=("indian_bank", "indian_bank_robust"), default="indian_bank",
                          help="which task set (default: the base suite)")
    validate.set_defaults(run=_validate)

    from tau_indian_bank.runs.cli import add_run_parser

    add_run_parser(commands)

    offline = commands.add_parser("offline", help="run the oracle and the four scripted baselines, offline "
                                                   "(and write report.html beside the results)")
    offline.add_argument("--split", default="lite", help="task split (default: lite)")
    offline.add_argument("--agents", nargs="+", default=None, help="offline agents to run (default: all five)")
    offline.add_argument("--results-dir", default="results/offline", help="where to write tau2 results files")
    offline.add_argument("--workers", type=int, default=None, help="worker processes (default: up to 2)")
    offline.add_argument("--task-set", choices=("indian_bank", "indian_bank_robust"), default="indian_bank",
                         help="which task set (default: the base suite)")
    offline.set_defaults(run=_offline)

    _add_report_parser(commands)
    return parser


def _add_report_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from tau_indian_bank.runs.cli import json_object

    report = commands.add_parser("report", help="the paper's analyses from tau2 results files")
    report.add_argument("results", nargs="+", help="tau2 results files (several models, runs or trials)")
    report.add_argument("--label", action="append",
                        help="a name per results file, in order (default: file name); files given the same label are "
                             "shards of one run (tau-indian-bank run --shard) and are merged")
    report.add_argument("--format", choices=("text", "markdown", "json", "html"), default="text",
                        help="html: one self-contained page with the tables, the figures and every session (write it with -o)")
    report.add_argument("-o", "--output", metavar="FILE",
                        help="write the report to FILE (whole or not at all: a failed report leaves FILE as it was)")
    report.add_argument("--sessions", action="store_true", help="include one record per session (json; html always has them)")
    report.add_argument("--strict", action="store_true",
                        help="also score a strict verdict: the paper's checks, the answer check and every safety gate (S1-S7) must pass")
    report.add_argument("--plots", metavar="DIR", help="also write PNG figures into DIR")
    report.add_argument("--judge-llm", metavar="MODEL",
                        help="a litellm model that judges each session against its task's assertion (sends transcripts)")
    report.add_argument("--judge-llm-args", type=json_object, default={}, metavar="JSON",
                        help='llm args for the judge, such as \'{"api_base": "http://localhost:8000/v1"}\'')
    report.set_defaults(run=_report)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``tau-indian-bank`` command."""
    from tau_indian_bank.plugin.offline import quiet_tau2

    quiet_tau2()
    args = build_parser().parse_args(argv)
    from tau_indian_bank.errors import USER_ERRORS, one_line

    try:
        from tau_indian_bank.plugin.harness import prepare

        prepare()  # every command uses tau2 (the report through the tools' marks)
        return int(args.run(args))
    except USER_ERRORS as exc:
        print(one_line(exc), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
