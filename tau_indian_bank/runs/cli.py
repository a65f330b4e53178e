"""``tau-indian-bank run``: ``tau2 run``'s flags, a checkpoint per session, shards, a model router, preflight.

Every flag of ``tau2 run`` is taken (``tests/runs/test_run_flags.py`` compares the two
parsers); where this command differs, :data:`DIFFERENCES` says how. The flags are defined
in groups (tasks, participants, tau2's judge, the run, this command's own checks), each
group one function, and :func:`options_from` turns the parsed flags into the run's
:class:`~tau_indian_bank.runs.config.RunOptions`.
"""

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
results file at the end. Before the first session every model answers one test completion
(--no-preflight skips it). Re-running the same command resumes a killed run (no prompt);
--retry-errors also reruns the sessions that ended with a model error.
"""

#: ``tau2 run`` flags this command takes with another meaning or default, and why.
DIFFERENCES = {
    "--agent": f"default {LLM_AGENT} (tau2's llm_agent with this domain's robustness), not llm_agent",
    "--user": f"default {LLM_CUSTOMER} (the banking customer guidelines), not user_simulator",
    "--agent-llm": "no default model: name one (tau2 defaults to gpt-4.1)",
    "--user-llm": "no default model: name one (tau2 defaults to gpt-4.1)",
    "--domain": f"default {DOMAIN_NAME}",
    "--results-dir": "default ./results (tau2: its data/simulations folder)",
    "--log-level": "the same levels and default (ERROR), on stderr (tau2 prints them to stdout, among its results)",
    "--skip-failed-samples": "always on: a session that raises is saved as a failed session and the run goes on",
    "--agent-api-key": "the variable's value is used as the key and never saved (tau2 saves it in the results)",
}


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
    parser.add_argument(
        "--shard",
        type=_shard,
        default=None,
        metavar="I/N",
        help="run only shard I of N: a deterministic, category-stratified slice of the (task, trial) slots",
    )


def _add_participant_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--agent", default=LLM_AGENT, help=f"registered tau2 agent (default: {LLM_AGENT})")
    parser.add_argument("--agent-llm", default=None, help="litellm model for the agent, or a model_name of --router")
    parser.add_argument(
        "--agent-llm-args",
        type=json_object,
        default={"temperature": 0.0},
        metavar="JSON",
        help='llm args, such as \'{"api_base": "http://localhost:8000/v1", "temperature": 0}\'',
    )
    parser.add_argument(
        "--agent-api-key",
        default=None,
        metavar="VARIABLE",
        help="name of an environment variable holding the agent's key (never saved; without it litellm reads the provider's own variable)",
    )
    parser.add_argument("--user", default=LLM_CUSTOMER, help=f"registered tau2 user (default: {LLM_CUSTOMER})")
    parser.add_argument("--user-llm", default=None, help="litellm model for the customer, or a model_name of --router")
    parser.add_argument(
        "--user-llm-args", type=json_object, default={"temperature": 0.0}, metavar="JSON", help="llm args for the customer model"
    )
    parser.add_argument(
        "--user-api-key",
        default=None,
        metavar="VARIABLE",
        help="name of an environment variable holding the customer model's key (never saved)",
    )
    parser.add_argument(
        "--router",
        default=None,
        metavar="FILE",
        help="YAML/JSON litellm Router file (model_list, router_settings): spread model calls over "
        "several endpoints, with retries and fallbacks",
    )


def _add_judge_flags(parser: argparse.ArgumentParser) -> None:
    """tau2's in-conversation judge: a model that ends a session it finds stuck in a loop (judge_stop)."""
    parser.add_argument(
        "--judge-llm", default=None, help="litellm model that ends sessions stuck in a loop (tau2's repetition judge; default: none)"
    )
    parser.add_argument("--judge-llm-args", type=json_object, default={}, metavar="JSON", help="llm args for the judge")
    parser.add_argument(
        "--judge-api-key", default=None, metavar="VARIABLE", help="name of an environment variable holding the judge's key (never saved)"
    )
    parser.add_argument("--judge-window-size", type=int, default=30, help="messages the judge reads (default: 30)")
    parser.add_argument("--judge-system-prompt", default=None, help="system prompt for the judge (default: none)")


def _add_run_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--max-steps", type=int, default=200, help="steps per session (default: 200)")
    parser.add_argument("--max-errors", type=int, default=10, help="tool errors in a row per session (default: 10)")
    parser.add_argument("--max-concurrency", type=int, default=3, help="sessions at once (default: 3)")
    parser.add_argument("--max-retries", type=int, default=3, help="litellm retries per model call (default: 3)")
    parser.add_argument("--seed", type=int, default=300, help="seed, as tau2 run's (default: 300)")
    parser.add_argument("--enforce-communication-protocol", action="store_true", help="as tau2 run's flag")
    parser.add_argument("--log-level", default=None, help="tau2's log level, such as INFO or DEBUG (default: ERROR)")
    parser.add_argument(
        "--skip-failed-samples",
        action="store_true",
        help="accepted for tau2 run's scripts; always on here: a session that raises is saved as a failed session and the run goes on",
    )
    parser.add_argument("--results-dir", default="results", help="where results and checkpoints go (default: results)")
    parser.add_argument(
        "--save-to",
        default=None,
        metavar="NAME",
        help="results name: NAME.json and NAME.checkpoint.jsonl (default: derived from the configuration; a shard adds .shardIofN)",
    )
    parser.add_argument(
        "--no-fsync",
        dest="fsync",
        action="store_false",
        help="hand each record to the OS only (survives a killed process, not a power cut)",
    )


def _add_check_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--no-preflight",
        dest="preflight",
        action="store_false",
        help="skip the check before the first session (every model name resolves and answers one test completion)",
    )
    parser.add_argument(
        "--dry-run",
        action="store_true",
        help="print the plan (sessions, models, endpoints, resume state), run the preflight, write nothing",
    )
    parser.add_argument(
        "--retry-errors", action="store_true", help="when resuming, also run again the sessions that ended with a model error or crashed"
    )


def add_run_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``tau-indian-bank run``."""
    parser = commands.add_parser("run", help="run the benchmark (checkpointed, resumable, shardable)", description=DESCRIPTION)
    _add_task_flags(parser)
    _add_participant_flags(parser)
    _add_judge_flags(parser)
    _add_run_flags(parser)
    _add_check_flags(parser)
    parser.set_defaults(run=run_command)


def options_from(args: argparse.Namespace) -> Any:
    """The run's :class:`~tau_indian_bank.runs.config.RunOptions` from the parsed flags."""
    from tau_indian_bank.runs.config import RunOptions

    return RunOptions(
        domain=args.domain,
        task_set_name=args.task_set_name,
        task_split_name=args.task_split_name,
        task_ids=tuple(args.task_ids) if args.task_ids else None,
        num_tasks=args.num_tasks,
        num_trials=args.num_trials,
        agent=args.agent,
        agent_llm=args.agent_llm,
        agent_llm_args=args.agent_llm_args,
        agent_api_key=args.agent_api_key,
        user=args.user,
        user_llm=args.user_llm,
        user_llm_args=args.user_llm_args,
        user_api_key=args.user_api_key,
        judge_llm=args.judge_llm,
        judge_llm_args=args.judge_llm_args,
        judge_api_key=args.judge_api_key,
        judge_window_size=args.judge_window_size,
        judge_system_prompt=args.judge_system_prompt,
        max_steps=args.max_steps,
        max_errors=args.max_errors,
        max_concurrency=args.max_concurrency,
        max_retries=args.max_retries,
        seed=args.seed,
        enforce_communication_protocol=args.enforce_communication_protocol,
        log_level=args.log_level,
        results_dir=args.results_dir,
        save_to=args.save_to,
        shard=args.shard,
        router=args.router,
        fsync=args.fsync,
        preflight=args.preflight,
        retry_errors=args.retry_errors,
    )


def set_log_level(level: str | None) -> None:
    """``--log-level``: tau2's loguru messages at ``level`` and above, on stderr (None: leave the quiet default)."""
    if level is None:
        return
    from loguru import logger

    from tau_indian_bank.errors import RunInputError

    logger.remove()
    try:
        logger.add(sys.stderr, level=level.upper())
    except ValueError:
        logger.add(sys.stderr, level="ERROR")
        raise RunInputError(f"--log-level {level}: not a log level (use DEBUG, INFO, WARNING, ERROR or CRITICAL)") from None


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "n/a"


def summary_lines(summary: Any) -> list[str]:
    """What a finished run prints: its verdicts, then its crashes and model errors, each counted (the last line)."""
    n = summary.sessions
    again = f", {summary.retried} run again" if summary.retried else ""
    lines = [
        f"{n} sessions ({summary.resumed} resumed{again}), pass {_pct(summary.passed, n)}, final-state "
        f"{_pct(summary.final_state, n)}, action check {_pct(summary.actions, n)}: {summary.results}"
    ]
    if summary.crashed:
        first = str(summary.first_crash).removeprefix("crashed: ")
        lines.append(f"{summary.crashed} of {n} sessions crashed (first: {first}); --retry-errors runs them again")
    if summary.model_errors:
        lines.append(
            f"{summary.model_errors} of {n} sessions ended with a model error (first: {summary.first_model_error})"
            "; --retry-errors runs them again"
        )
    return lines


def run_command(args: argparse.Namespace) -> int:
    """Plan, run (or resume) and summarise; exit 1 when no session of the run got past the infrastructure."""
    from tau_indian_bank.runs.execute import execute
    from tau_indian_bank.runs.plan import build_plan

    set_log_level(args.log_level)
    plan = build_plan(options_from(args))
    if args.dry_run:
        from tau_indian_bank.runs.dry_run import dry_run

        return dry_run(plan)
    shard = f" (shard {plan.options.shard})" if plan.options.shard else ""
    print(
        f"tau-indian-bank: {len(plan.slots)} sessions{shard}: {len(plan.tasks)} tasks x {plan.options.num_trials} trials, "
        f"checkpoint {plan.checkpoint_path}",
        file=sys.stderr,
    )
    try:
        summary = execute(plan)
    except KeyboardInterrupt:
        print(f"interrupted: finished sessions are saved in {plan.checkpoint_path}; run the same command to resume", file=sys.stderr)
        return 130
    print("\n".join(summary_lines(summary)))
    return 1 if summary.sessions and summary.infrastructure_errors == summary.sessions else 0
