"""``tau-indian-bank run --dry-run``: the plan, the resume state and the preflight, with nothing written.

Prints what the run would do (its sessions, each role's participant, model and endpoint,
its files), what a resume would find in the checkpoint (read, never written or locked),
and runs the preflight (unless ``--no-preflight``). Exit status 0 when the run could
start; a problem it would stop on (a checkpoint of another configuration, a model that
fails its test completion) is the usual one-line error, status 2.
"""

from __future__ import annotations

from collections.abc import Callable

from tau_indian_bank.errors import CheckpointError
from tau_indian_bank.runs.checkpoint import Checkpoint
from tau_indian_bank.runs.plan import Plan


def resume_state(plan: Plan) -> str:
    """What running the command now would find in the checkpoint, in one line.

    Raises:
        CheckpointError: the checkpoint is corrupt, or was made by another configuration.
    """
    opened = Checkpoint.peek(plan.checkpoint_path, plan.header, plan.slots)
    total = len(plan.slots)
    if opened is None or not opened.done:
        return f"no session saved yet: all {total} to run"
    done = opened.done
    errors = sum(entry.model_error for entry in done.values())
    crashed = sum(entry.problem is not None and not entry.model_error for entry in done.values())
    owed = total - len(done)
    line = f"{len(done)} of {total} sessions saved ({errors} ended with a model error, {crashed} crashed), {owed} to run"
    if errors or crashed:
        line += f"; with --retry-errors {owed + errors + crashed}"
    if opened.dropped_partial:
        line += "; a half-written last session would be dropped and run again"
    return line


def dry_run(plan: Plan, say: Callable[[str], None] = print) -> int:
    """Print the plan and run the preflight; write nothing. Returns the exit status (0: the run could start)."""
    options = plan.options
    shard = f", shard {options.shard} ({len(plan.slots)} of its slots)" if options.shard else ""
    task_set = options.task_set_name or options.domain
    say("tau-indian-bank run --dry-run: nothing is written")
    say(
        f"  sessions  {len(plan.slots)}: {len(plan.tasks)} tasks of {task_set} (split {options.task_split_name}) x "
        f"{options.num_trials} trial{'s' if options.num_trials > 1 else ''}{shard}"
    )
    from tau_indian_bank.runs.preflight import describe_models, preflight

    for line in describe_models(plan):
        say(f"  {line}")
    say(f"  results   {plan.results_path} (checkpoint {plan.checkpoint_path})")
    try:
        say(f"  resume    {resume_state(plan)}")
    except CheckpointError as exc:
        say(f"  resume    the run would stop: {exc}")
        raise
    if not options.preflight:
        say("  preflight skipped (--no-preflight)")
        return 0
    from tau_indian_bank.runs.execute import model_routing

    with model_routing(plan):
        for line in preflight(plan):
            say(f"  {line}")
    return 0
