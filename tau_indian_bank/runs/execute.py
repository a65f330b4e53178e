"""Running a planned run: the sessions still owed, each saved as it finishes, then the results file.

Each session is tau2's own ``run_task`` (simulation and evaluation, exactly what ``tau2
run`` does for one task and trial); only the orchestration is here. Sessions run on a
pool of ``--max-concurrency`` threads; each appends its record to the checkpoint the
moment it is evaluated. A session that raises is recorded as a skipped failure (as
``tau2 run --skip-failed-samples`` does) so that the run goes on; a session whose model
call failed for good ends as a model error (``plugin/model_errors.py``); an error a user
must fix (a missing API key, say) stops the run with one line, keeping what is saved.
With ``retry_errors`` a resumed run runs again the sessions saved with a model error or
a crash (the new record replaces the old).
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tau_indian_bank.errors import USER_ERRORS, RunInputError
from tau_indian_bank.runs.checkpoint import Checkpoint, Entry, infrastructure_problem, verdicts
from tau_indian_bank.runs.config import results_metadata
from tau_indian_bank.runs.plan import Plan
from tau_indian_bank.runs.results import write_results
from tau_indian_bank.runs.slots import Slot


@dataclass(frozen=True)
class Summary:
    """What a finished run reports: sessions, verdict counts, infrastructure errors and where the results are."""

    sessions: int
    resumed: int
    passed: int
    final_state: int
    actions: int
    results: str
    checkpoint: str
    #: Sessions of the run saved as crashed (they raised) and as ended by a failed model call.
    crashed: int = 0
    model_errors: int = 0
    #: The first of them in (task, trial) order, as one line (``customer openai/x: Connection refused``).
    first_model_error: str | None = None
    first_crash: str | None = None
    #: Sessions this invocation ran again because of ``retry_errors``.
    retried: int = 0

    @property
    def infrastructure_errors(self) -> int:
        """Sessions that are not the assistant's to answer for: model errors and crashes."""
        return self.model_errors + self.crashed


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
    judge = (
        {
            "judge_llm": plan.judge_llm,
            "judge_llm_args": dict(plan.judge_args or {}),
            "judge_window_size": options.judge_window_size,
            "judge_system_prompt": options.judge_system_prompt,
        }
        if plan.judge_llm
        else {}
    )
    simulation = run_task(
        domain=options.domain,
        task=task,
        agent=options.agent,
        user=options.user,
        llm_agent=plan.agent_llm,
        llm_args_agent=dict(plan.agent_args),
        llm_user=plan.user_llm,
        llm_args_user=dict(plan.user_args),
        max_steps=options.max_steps,
        max_errors=options.max_errors,
        evaluation_type=EvaluationType.ALL,
        seed=plan.seeds[slot.trial],
        enforce_communication_protocol=options.enforce_communication_protocol,
        **judge,
    )
    simulation.trial = slot.trial
    return simulation


def _crashed(task: Any, slot: Slot, seed: int, error: BaseException) -> Any:
    """The record of a session that raised: a skipped failure with the error, as tau2 records one."""
    from tau2.data_model.simulation import RewardInfo, SimulationRun, TerminationReason
    from tau2.utils.utils import get_now

    now = get_now()
    return SimulationRun(
        id=f"{task.id}_{slot.trial}_failed",
        task_id=task.id,
        start_time=now,
        end_time=now,
        duration=0.0,
        termination_reason=TerminationReason.AGENT_ERROR,
        messages=[],
        trial=slot.trial,
        seed=seed,
        reward_info=RewardInfo(reward=0.0, info={"error": f"{type(error).__name__}: {str(error)[:500]}"}),
        skipped=True,
    )


def _outline(simulation: Any) -> dict[str, Any]:
    """What the checkpoint's index needs of a session: its reward, whether it was skipped, its messages' raw data."""
    return {
        "reward_info": simulation.reward_info.model_dump(mode="json") if simulation.reward_info else {},
        "skipped": simulation.skipped,
        "messages": [{"role": getattr(m, "role", None), "raw_data": getattr(m, "raw_data", None)} for m in simulation.messages],
    }


def _record(simulation: Any, secrets: Sequence[bytes]) -> bytes:
    record: bytes = simulation.model_dump_json().encode()
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
        outline = _outline(simulation)
        checkpoint.append(slot, _record(simulation, plan.secrets), verdicts(outline), infrastructure_problem(outline))
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
    from tau_indian_bank.runs.router import describe

    router = describe(plan.router_config) if plan.router_config else None
    head = {"timestamp": header["timestamp"], "info": header["info"], "metadata": results_metadata(header, plan.slots, router)}
    return write_results(plan.results_path, head, [task.model_dump_json() for task in plan.tasks], checkpoint.records(plan.slots))


def execute(plan: Plan, say: Say = to_stderr) -> Summary:
    """Run (or resume) the planned run to the end and write its results file.

    Before the first owed session, the preflight (``runs/preflight.py``) checks every model;
    if it fails, nothing this call created is left behind.

    Args:
        plan: The planned run.
        say: Where progress lines and notes go (stderr by default).
    """
    if plan.options.fresh:
        plan.checkpoint_path.unlink(missing_ok=True)
    elif plan.results_path.exists() and not plan.checkpoint_path.exists():
        raise RunInputError(
            f"{plan.results_path} exists but has no checkpoint ({plan.checkpoint_path.name}); it was not "
            "written by tau-indian-bank run, or its checkpoint was removed: give another --save-to"
        )
    routing = model_routing(plan)  # builds the router, checking its deployments' keys, before any file is touched
    new_files = _not_yet_there(plan.checkpoint_path)
    with Checkpoint.open(plan.checkpoint_path, plan.header, plan.slots, fsync=plan.options.fsync) as checkpoint, routing:
        _say_opened(plan, checkpoint, say)
        resumed = len(checkpoint.done)
        pending = owed_slots(plan.slots, checkpoint.done, plan.options.retry_errors)
        retried = sum(slot in checkpoint.done for slot in pending)
        if resumed:
            say(
                f"tau-indian-bank: resuming {plan.checkpoint_path}: {resumed} sessions saved, {len(pending)} to run"
                + (f" ({retried} of them again: --retry-errors)" if retried else "")
            )
        if pending and plan.options.preflight:
            _preflight(plan, checkpoint, new_files, say)
        if pending:
            run_pending(plan, checkpoint, pending, say)
        count = finish(plan, checkpoint)
        entries = [checkpoint.done[slot] for slot in plan.slots if slot in checkpoint.done]
    return _summary(plan, entries, count, resumed - retried, retried)


def _not_yet_there(checkpoint: Path) -> list[Path]:
    """The checkpoint and the folders above it that do not exist yet (removed again if the preflight fails)."""
    missing = []
    for path in (checkpoint, *checkpoint.parents):
        if path.exists():
            break
        missing.append(path)
    return missing


def _say_opened(plan: Plan, checkpoint: Checkpoint, say: Say) -> None:
    if checkpoint.opened.dropped_partial:
        say(f"tau-indian-bank: dropped a half-written session at the end of {plan.checkpoint_path} (it runs again)")
    if checkpoint.opened.restarted:
        say(f"tau-indian-bank: {plan.checkpoint_path} held no finished session; starting afresh")


def _preflight(plan: Plan, checkpoint: Checkpoint, new_files: Sequence[Path], say: Say) -> None:
    from tau_indian_bank.runs.preflight import PreflightError, preflight

    try:
        for line in preflight(plan):
            say(f"tau-indian-bank: {line}")
    except PreflightError:
        checkpoint.close()
        for path in new_files:  # the checkpoint first, then the folders made for it
            if path.is_dir():
                path.rmdir()
            else:
                path.unlink(missing_ok=True)
        raise


def model_routing(plan: Plan) -> contextlib.AbstractContextManager[Any]:
    """While inside, the run's model router (if any) serves its model names."""
    if plan.router_config is None:
        return contextlib.nullcontext()
    from tau_indian_bank.runs.router import build_router, model_names, routed

    return routed(build_router(plan.router_config), model_names(plan.router_config))


def owed_slots(slots: Sequence[Slot], done: dict[Slot, Entry], retry_errors: bool) -> list[Slot]:
    """The slots still to run, in order: never saved, and with ``retry_errors`` saved with a model error or a crash."""
    return [slot for slot in slots if slot not in done or (retry_errors and done[slot].problem is not None)]


def _summary(plan: Plan, entries: Sequence[Entry], count: int, resumed: int, retried: int) -> Summary:
    errors = [e.problem for e in entries if e.problem is not None and e.model_error]
    crashes = [e.problem for e in entries if e.problem is not None and not e.model_error]
    return Summary(
        sessions=count,
        resumed=resumed,
        passed=sum(e.verdicts[0] for e in entries),
        final_state=sum(e.verdicts[1] for e in entries),
        actions=sum(e.verdicts[2] for e in entries),
        results=str(plan.results_path),
        checkpoint=str(plan.checkpoint_path),
        crashed=len(crashes),
        model_errors=len(errors),
        first_model_error=errors[0] if errors else None,
        first_crash=crashes[0] if crashes else None,
        retried=retried,
    )
