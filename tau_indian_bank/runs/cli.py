"""``tau-indian-bank run``: ``tau2 run``'s flags, a checkpoint per session, shards and a model router."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tau_indian_bank.runs.slots import parse_shard
from tau_indian_bank.vocabulary import DOMAIN_NAME, LLM_AGENT, LLM_CUSTOMER

DESCRIPTION = """\
Run the benchmark: each (task, trial) through tau2's own simulation and evaluation, each
finished session appended to a checkpoint (constant cost per session), a standard tau2
results file at the end. Re-running the same command resumes a killed run (no prompt).
"""


def json_object(text: str) -> dict[str, Any]:
    """The argparse type of a JSON object given on the command line."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise argparse.ArgumentTypeError(f"not valid JSON: {exc.msg}") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError("must be a JSON object")
    return value


def _shard(text: str) -> Any:
    try:
        return parse_shard(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _add_task_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--domain", "-d", default=DOMAIN_NAME, help=f"tau2 domain (default: {DOMAIN_NAME})")
    parser.add_argument("--task-set-name", default=None, help="task set (default: the domain's)")
    parser.add_argument("--task-split-name", default="base", help="task split (default: base)")
    parser.add_argument("--task-ids", nargs="+", default=None, help="only these task ids")
    parser.add_argument("--num-tasks", type=int, default=None, help="only the first N tasks")
    parser.add_argument("--num-trials", type=int, default=1, help="trials per task, for pass^k (default: 1)")
    parser.add_argument("--shard", type=_shard, default=None, metavar="I/N",
                        help="run only shard I of N: a deterministic, category-stratified slice of the (task, trial) slots")


def _add_participant_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--agent", default=LLM_AGENT, help=f"registered tau2 agent (default: {LLM_AGENT})")
    parser.add_argument("--agent-llm", default=None, help="litellm model for the agent, or a model_name of --router")
    parser.add_argument("--agent-llm-args", type=json_object, default={"temperature": 0.0}, metavar="JSON",
                        help='llm args, such as \'{"api_base": "http://localhost:8000/v1", "temperature": 0}\'')
    parser.add_argument("--user", default=LLM_CUSTOMER, help=f"registered tau2 user (default: {LLM_CUSTOMER})")
    parser.add_argument("--user-llm", default=None, help="litellm model for the customer, or a model_name of --router")
    parser.add_argument("--user-llm-args", type=json_object, default={"temperature": 0.0}, metavar="JSON",
                        help="llm args for the customer model")
    parser.add_argument("--router", default=None, metavar="FILE",
                        help="YAML/JSON litellm Router file (model_list, router_settings): spread model calls over "
                             "several endpoints, with retries and fallbacks")


def _add_run_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--max-steps", type=int, default=200, help="steps per session (default: 200)")
    parser.add_argument("--max-errors", type=int, default=10, help="tool errors in a row per session (default: 10)")
    parser.add_argument("--max-concurrency", type=int, default=3, help="sessions at once (default: 3)")
    parser.add_argument("--max-retries", type=int, default=3, help="litellm retries per model call (default: 3)")
    parser.add_argument("--seed", type=int, default=300, help="seed, as tau2 run's (default: 300)")
    parser.add_argument("--enforce-communication-protocol", action="store_true", help="as tau2 run's flag")
    parser.add_argument("--results-dir", default="results", help="where results and checkpoints go (default: results)")
    parser.add_argument("--save-to", default=None, metavar="NAME",
                        help="results name: NAME.json and NAME.checkpoint.jsonl (default: derived from the configuration; "
                             "a shard adds .shardIofN)")
    parser.add_argument("--no-fsync", dest="fsync", action="store_false",
                        help="hand each record to the OS only (survives a killed process, not a power cut)")


def add_run_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register ``tau-indian-bank run``."""
    parser = commands.add_parser("run", help="run the benchmark (checkpointed, resumable, shardable)", description=DESCRIPTION)
    _add_task_flags(parser)
    _add_participant_flags(parser)
    _add_run_flags(parser)
    parser.set_defaults(run=run_command)


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "n/a"


def run_command(args: argparse.Namespace) -> int:
    """Plan, run (or resume) and summarise."""
    from tau_indian_bank.runs.execute import execute
    from tau_indian_bank.runs.plan import RunOptions, build_plan

    options = RunOptions(
        domain=args.domain, task_set_name=args.task_set_name, task_split_name=args.task_split_name,
        task_ids=tuple(args.task_ids) if args.task_ids else None, num_tasks=args.num_tasks, num_trials=args.num_trials,
        agent=args.agent, agent_llm=args.agent_llm, agent_llm_args=args.agent_llm_args, user=args.user,
        user_llm=args.user_llm, user_llm_args=args.user_llm_args, max_steps=args.max_steps, max_errors=args.max_errors,
        max_concurrency=args.max_concurrency, max_retries=args.max_retries, seed=args.seed,
        enforce_communication_protocol=args.enforce_communication_protocol, results_dir=args.results_dir,
        save_to=args.save_to, shard=args.shard, router=args.router, fsync=args.fsync,
    )
    plan = build_plan(options)
    shard = f" (shard {options.shard})" if options.shard else ""
    print(f"tau-indian-bank: {len(plan.slots)} sessions{shard}: {len(plan.tasks)} tasks x {options.num_trials} trials, "
          f"checkpoint {plan.checkpoint_path}", file=sys.stderr)
    try:
        summary = execute(plan)
    except KeyboardInterrupt:
        print(f"interrupted: finished sessions are saved in {plan.checkpoint_path}; run the same command to resume",
              file=sys.stderr)
        return 130
    n = summary.sessions
    print(f"{n} sessions ({summary.resumed} resumed), pass {_pct(summary.passed, n)}, final-state "
          f"{_pct(summary.final_state, n)}, action check {_pct(summary.actions, n)}"
          + (f", {summary.crashed} crashed" if summary.crashed else "") + f": {summary.results}")
    return 0
