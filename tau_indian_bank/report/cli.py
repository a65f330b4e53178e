"""``tau-indian-bank report``: the paper's tables from tau2 results files."""

from __future__ import annotations

import argparse
import sys


def run_report(args: argparse.Namespace) -> int:
    """Read the results files, compute the report, print it (and write plots)."""
    from tau_indian_bank.report.load import load_runs
    from tau_indian_bank.report.metrics import build_report
    from tau_indian_bank.report.render import render

    runs = load_runs(args.results, args.label)
    judged = None
    if args.judge_llm:
        from tau_indian_bank.report.judge import judge_results

        judged = {run.label: {slot: verdict for path in (run.parts or (run.path,))
                              for slot, verdict in judge_results(path, args.judge_llm, args.judge_llm_args).items()}
                  for run in runs}
    report = build_report(runs, with_sessions=args.sessions, strict=args.strict, judged=judged)
    sys.stdout.write(render(report, args.format))
    if args.plots:
        from tau_indian_bank.report.plots import write_plots

        for path in write_plots(report, args.plots):
            print(f"wrote {path}", file=sys.stderr)
    return 0


def _json_object(text: str) -> dict:
    import json

    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise argparse.ArgumentTypeError(f"not valid JSON: {exc.msg}") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError("must be a JSON object")
    return value


def add_report_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register ``tau-indian-bank report``."""
    report = commands.add_parser("report", help="the paper's analyses from tau2 results files")
    report.add_argument("results", nargs="+", help="tau2 results files (several models, runs or trials)")
    report.add_argument("--label", action="append",
                        help="a name per results file, in order (default: file name); files given the same label are "
                             "shards of one run (tau-indian-bank run --shard) and are merged")
    report.add_argument("--format", choices=("text", "markdown", "json"), default="text")
    report.add_argument("--sessions", action="store_true", help="include one record per session (json)")
    report.add_argument("--strict", action="store_true",
                        help="also score a strict verdict: the paper's checks and every safety gate (S1-S6) must pass")
    report.add_argument("--plots", metavar="DIR", help="also write PNG figures into DIR")
    report.add_argument("--judge-llm", metavar="MODEL",
                        help="a litellm model that judges each session against its task's assertion (sends transcripts)")
    report.add_argument("--judge-llm-args", type=_json_object, default={}, metavar="JSON",
                        help='llm args for the judge, such as \'{"api_base": "http://localhost:8000/v1"}\'')
    report.set_defaults(run=run_report)
