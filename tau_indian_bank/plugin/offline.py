"""Offline runs through tau2's own simulation and evaluation loop, in-process.

:func:`run_offline` calls tau2's ``run_tasks`` (the code ``tau2 run`` uses, so rewards
are computed by tau2's evaluator) with an assistant that needs no model and the scripted
customer, without tau2's per-session rewrite of a results file; the validator, the
family try-out and ``make bench`` use it. :func:`offline_command` is ``tau-indian-bank
offline``: each chosen agent on a split, its results saved once as a tau2 results file
(so ``tau2 evaluate-trajs`` and ``tau-indian-bank report`` read them), one line per
agent. Importing this module is cheap; tau2 is imported on first use.
"""

from __future__ import annotations

import contextlib
import io
import os
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tau_indian_bank.errors import OfflineRunError
from tau_indian_bank.vocabulary import DOMAIN_NAME, NO_MODEL, OFFLINE_AGENTS, SCRIPTED_CUSTOMER


def quiet_tau2() -> None:
    """Defaults for running tau2 quietly and offline (only where the user has not chosen)."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("LOGURU_LEVEL", "ERROR")


@contextlib.contextmanager
def _silenced_console() -> Iterator[None]:
    """tau2 prints a line per session to its rich console; keep reports readable."""
    from rich.console import Console
    from tau2.utils.display import ConsoleDisplay

    previous = ConsoleDisplay.console
    ConsoleDisplay.console = Console(file=io.StringIO())
    try:
        yield
    finally:
        ConsoleDisplay.console = previous


def run_offline(tasks: Sequence[Any], agent: str, concurrency: int = 1, seed: int = 300) -> Any:
    """Run ``tasks`` (tau2 Task objects) with an offline agent and the scripted customer.

    Returns:
        tau2's ``Results`` with every session evaluated.
    """
    quiet_tau2()
    from loguru import logger
    from tau2.run import run_tasks

    with _silenced_console():
        results = run_tasks(
            domain=DOMAIN_NAME, tasks=list(tasks), agent=agent, user=SCRIPTED_CUSTOMER,
            llm_agent=NO_MODEL, llm_args_agent={}, llm_user=NO_MODEL, llm_args_user={},
            max_steps=200, max_errors=10, save_to=None, console_display=False,
            max_concurrency=concurrency, seed=seed, log_level="ERROR",
        )
    logger.remove()  # run_tasks installs a print sink; do not leak it into the caller
    return results


# --- tau-indian-bank offline ---------------------------------------------------------------

@dataclass(frozen=True)
class AgentSummary:
    """One agent's line: sessions, passes, final-state passes, action-check passes; answer check and S7."""

    agent: str
    sessions: int
    passed: int
    final_state: int
    actions: int
    seconds: float
    path: str
    answer_passed: int = 0
    answer_n: int = 0
    s7_flagged: int = 0


def _run_one(job: tuple[str, str, str]) -> AgentSummary:
    agent, split, results_dir = job
    from tau_indian_bank.plugin.environment import get_tasks

    start = time.perf_counter()
    results = run_offline(get_tasks(split), agent)
    path = Path(results_dir) / f"{agent.removeprefix(DOMAIN_NAME + '_')}-{split}.json"
    temporary = path.with_suffix(".json.tmp")
    temporary.write_text(results.model_dump_json(indent=2), encoding="utf-8")
    temporary.replace(path)
    infos = [s.reward_info for s in results.simulations]
    answers, s7 = _answer_and_s7(results)
    return AgentSummary(
        agent=agent,
        sessions=len(infos),
        passed=sum(i.reward == 1.0 for i in infos),
        final_state=sum(bool(i.db_check and i.db_check.db_match) for i in infos),
        actions=sum(bool(i.env_assertions) and all(a.met for a in i.env_assertions) for i in infos),
        seconds=time.perf_counter() - start,
        path=str(path),
        answer_passed=sum(a is True for a in answers),
        answer_n=sum(a is not None for a in answers),
        s7_flagged=sum(g in ("fail", "needs_review") for g in s7),
    )


def _answer_and_s7(results: Any) -> tuple[list[bool | None], list[str]]:
    """Each session's answer check (None: the task has no facts) and gate S7."""
    from tau_indian_bank.evaluation.answers import check_answer
    from tau_indian_bank.evaluation.figures import check_figures

    tasks = {t.id: t.model_dump(mode="json") for t in results.tasks}
    answers, s7 = [], []
    for simulation in results.simulations:
        task, messages = tasks[simulation.task_id], [m.model_dump(mode="json") for m in simulation.messages]
        answers.append(check_answer(task, messages).passed)
        s7.append(check_figures(task, messages)[0])
    return answers, s7


def _writable_folder(results_dir: str) -> Path:
    folder = Path(results_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".write-test"
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as exc:
        raise OfflineRunError(f"cannot write results to {folder}: {exc.strerror}") from None
    return folder


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "  n/a"


def summary_table(split: str, summaries: Sequence[AgentSummary]) -> str:
    """The table ``tau-indian-bank offline`` prints: one line per agent, then the answer check and S7 per agent."""
    lines = [f"{'agent':<24} {'split':<6} {'sessions':>8} {'pass':>7} {'final-state':>12} {'action check':>13}  results"]
    for s in summaries:
        lines.append(f"{s.agent:<24} {split:<6} {s.sessions:>8} {_pct(s.passed, s.sessions):>7} "
                     f"{_pct(s.final_state, s.sessions):>12} {_pct(s.actions, s.sessions):>13}  {s.path}")
    lines.append(f"\n  {'answer check and S7':<22} {'answer check':>12} {'of sessions':>12} {'S7 flagged':>11}"
                 "   (answer check: sessions whose task has facts)")
    for s in summaries:
        lines.append(f"  {s.agent.removeprefix(DOMAIN_NAME + '_'):<22} {_pct(s.answer_passed, s.answer_n):>12} "
                     f"{s.answer_n:>12} {_pct(s.s7_flagged, s.sessions):>11}")
    return "\n".join(lines)


def offline_command(split: str = "lite", agents: Sequence[str] | None = None, results_dir: str = "results/offline",
                    workers: int | None = None) -> int:
    """Run the offline agents on a split, save their results and print one line each."""
    from tau_indian_bank.tasks.suite_files import load_splits

    chosen = list(agents or OFFLINE_AGENTS)
    unknown = [a for a in chosen if a not in OFFLINE_AGENTS]
    if unknown:
        raise OfflineRunError(f"unknown offline agent {unknown[0]!r}; choose from: {', '.join(OFFLINE_AGENTS)}")
    if split not in load_splits():
        raise OfflineRunError(f"unknown task split {split!r}; choose one of: {', '.join(sorted(load_splits()))}")
    folder = _writable_folder(results_dir)
    jobs = [(agent, split, str(folder)) for agent in chosen]
    count = workers or min(2, os.cpu_count() or 1, len(jobs))
    if count > 1:
        with ProcessPoolExecutor(max_workers=count) as pool:
            summaries = list(pool.map(_run_one, jobs))
    else:
        summaries = [_run_one(job) for job in jobs]
    print(summary_table(split, summaries))
    return 0
