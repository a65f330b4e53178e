"""Running a planned run: the sessions still owed, each saved as it finishes, then the results file.

Each session is tau2's own ``run_task`` (simulation and evaluation, exactly what ``tau2
run`` does for one task and trial); only the orchestration is here. Sessions run on a
pool of ``--max-concurrency`` threads; each appends its record to the checkpoint the
moment it is evaluated. A session that raises is recorded as a skipped failure (as
``tau2 run --skip-failed-samples`` does) so that the run goes on; an error a user
must fix (a missing API key, say) stops the run with one line, keeping what is saved.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from tau_indian_bank.errors import USER_ERRORS, RunInputError
from tau_indian_bank.runs.checkpoint import Checkpoint, verdicts
from tau_indian_bank.runs.plan import Plan, results_metadata
from tau_indian_bank.runs.results import write_results
from tau_indian_bank.runs.slots import Slot


@dataclass(frozen=True)
class Summary:
    """What a finished run reports: sessions, verdict counts and where the results are."""

    sessions: int
    resumed: int
    passed: int
    final_state: int
    actions: int
    results: str
    checkpoint: str
    crashed: int = 0


Say = Callable[[str], None]


def to_stderr(line: str) -> None:
    """Where a run's progress and notes go by default."""
    print(line, file=sys.stderr, flush=True)


class _Progress:
    """One line every ~5% of the sessions still owed (and at the end)."""

    def __init__(self, owed: int, total: int, done: int, say: Say) -> None:
        self.owed, self.total, self.done, self.say = owed, total, done, say
        self.finished = 0
        self.step = max(1, owed // 20)
        self.lock = threading.Lock()

    def tick(self) -> None:
        with self.lock:
            self.finished += 1
            if self.finished % self.step == 0 or self.finished == self.owed:
                self.say(f"  {self.done + self.finished}/{self.total} sessions saved")


def _session(plan: Plan, task: Any, slot: Slot) -> Any:
    from tau2.evaluator.evaluator import EvaluationType
    from tau2.run import run_task

    options = plan.options
    simulation = run_task(
        domain=options.domain, task=task, agent=options.agent, user=options.user,
        llm_agent=plan.agent_llm, llm_args_agent=dict(plan.agent_args),
        llm_user=plan.user_llm, llm_args_user=dict(plan.user_args),
        max_steps=options.max_steps, max_errors=options.max_errors, evaluation_type=EvaluationType.ALL,
        seed=plan.seeds[slot.trial], enforce_communication_protocol=options.enforce_communication_protocol,
    )
    simulation.trial = slot.trial
    return simulation


def _crashed(task: Any, slot: Slot, seed: int, error: BaseException) -> Any:
    """The record of a session that raised: a skipped failure with the error, as tau2 records one."""
    from tau2.data_model.simulation import RewardInfo, SimulationRun, TerminationReason
    from tau2.utils.utils import get_now

    now = get_now()
    return SimulationRun(id=f"{task.id}_{slot.trial}_failed", task_id=task.id, start_time=now, end_time=now, duration=0.0,
                         termination_reason=TerminationReason.AGENT_ERROR, messages=[], trial=slot.trial, seed=seed,
                         reward_info=RewardInfo(reward=0.0, info={"error": f"{type(error).__name__}: {str(error)[:500]}"}),
                         skipped=True)


def _record(simulation: Any, secrets: Sequence[bytes]) -> bytes:
    record = simulation.model_dump_json().encode()
    for secret in secrets:
        record = record.replace(secret, b"<redacted>")
    return record


def run_pending(plan: Plan, checkpoint: Checkpoint, pending: Sequence[Slot], say: Say = to_stderr) -> int:
    """Run the owed sessions on the thread pool, saving each as it finishes; return how many crashed."""
    by_id, stop, fatal, crashed = plan.by_id, threading.Event(), [], []
    progress = _Progress(len(pending), len(plan.slots), len(plan.slots) - len(pending), say)

    def work(slot: Slot) -> None:
        if stop.is_set():
            return
        try:
            simulation = _session(plan, by_id[slot.task_id], slot)
        except USER_ERRORS as exc:
            fatal.append(exc)
            stop.set()
            return
        except Exception as exc:  # noqa: BLE001 - one broken session must not end a long run; it is recorded
            simulation = _crashed(by_id[slot.task_id], slot, plan.seeds[slot.trial], exc)
            crashed.append(slot)
        found = verdicts({"reward_info": simulation.reward_info.model_dump(mode="json") if simulation.reward_info else {}})
        checkpoint.append(slot, _record(simulation, plan.secrets), found)
        progress.tick()

    executor = ThreadPoolExecutor(max_workers=plan.options.max_concurrency, thread_name_prefix="session")
    try:
        for future in as_completed([executor.submit(work, slot) for slot in pending]):
            future.result()
    except BaseException:
        stop.set()
        executor.shutdown(wait=False, cancel_futures=True)
        raise
    executor.shutdown(wait=True)
    if fatal:
        raise fatal[0]
    return len(crashed)


def finish(plan: Plan, checkpoint: Checkpoint) -> int:
    """Write the standard tau2 results file from the checkpoint (streamed, slot order); return its session count."""
    header = checkpoint.header
    head = {"timestamp": header["timestamp"], "info": header["info"], "metadata": results_metadata(plan, header)}
    return write_results(plan.results_path, head, [task.model_dump_json() for task in plan.tasks],
                         checkpoint.records(plan.slots))


def execute(plan: Plan, say: Say = to_stderr) -> Summary:
    """Run (or resume) the planned run to the end and write its results file.

    Args:
        plan: The planned run.
        say: Where progress lines and notes go (stderr by default).
    """
    if plan.options.fresh:
        plan.checkpoint_path.unlink(missing_ok=True)
    elif plan.results_path.exists() and not plan.checkpoint_path.exists():
        raise RunInputError(f"{plan.results_path} exists but has no checkpoint ({plan.checkpoint_path.name}); it was not "
                            "written by tau-indian-bank run, or its checkpoint was removed: give another --save-to")
    router = None
    if plan.router_config is not None:
        from tau_indian_bank.runs.router import build_router

        router = build_router(plan.router_config)  # checks the deployments' keys before any file is touched
    with Checkpoint.open(plan.checkpoint_path, plan.header, plan.slots, fsync=plan.options.fsync) as checkpoint:
        opened = checkpoint.opened
        if opened.dropped_partial:
            say(f"tau-indian-bank: dropped a half-written session at the end of {plan.checkpoint_path} (it runs again)")
        if opened.restarted:
            say(f"tau-indian-bank: {plan.checkpoint_path} held no finished session; starting afresh")
        resumed = len(checkpoint.done)
        pending = [slot for slot in plan.slots if slot not in checkpoint.done]
        if resumed:
            say(f"tau-indian-bank: resuming {plan.checkpoint_path}: {resumed} sessions saved, {len(pending)} to run")
        crashed = _run_routed(plan, checkpoint, pending, router, say)
        count = finish(plan, checkpoint)
        found = [checkpoint.done[slot].verdicts for slot in plan.slots if slot in checkpoint.done]
    return Summary(sessions=count, resumed=resumed, passed=sum(v[0] for v in found), final_state=sum(v[1] for v in found),
                   actions=sum(v[2] for v in found), results=str(plan.results_path),
                   checkpoint=str(plan.checkpoint_path), crashed=crashed)


def _run_routed(plan: Plan, checkpoint: Checkpoint, pending: Sequence[Slot], router: Any, say: Say) -> int:
    if not pending:
        return 0
    if router is None or plan.router_config is None:
        return run_pending(plan, checkpoint, pending, say)
    from tau_indian_bank.runs.router import model_names, routed

    with routed(router, model_names(plan.router_config)):
        return run_pending(plan, checkpoint, pending, say)
