"""``tau-indian-bank offline``: the oracle and the four scripted baselines on a split, through ``run``'s orchestration.

:func:`run_offline_agents` runs each chosen agent on a split through ``tau-indian-bank run``'s
orchestration (started afresh each time), so its results are a tau2 results file with the
run's provenance (``tau2 evaluate-trajs`` and ``tau-indian-bank report`` read them),
summarised by :func:`summary_table`, one line per agent (the command also writes the HTML
report of those files). Importing this module is cheap; tau2 is imported on first use.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from tau_indian_bank.errors import OfflineRunError
from tau_indian_bank.vocabulary import DOMAIN_NAME, OFFLINE_AGENTS, SCRIPTED_CUSTOMER


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


def _run_one(job: tuple[str, str, str, str | None]) -> AgentSummary:
    """One agent on a split (of a task set: None is the base suite) through ``tau-indian-bank run``'s orchestration."""
    agent, split, results_dir, task_set = job
    from tau_indian_bank.runs.execute import execute
    from tau_indian_bank.runs.plan import RunOptions, build_plan

    start = time.perf_counter()
    stem = f"{agent.removeprefix(DOMAIN_NAME + '_')}-{split}" + (f"-{task_set}" if task_set else "")
    options = RunOptions(
        agent=agent,
        user=SCRIPTED_CUSTOMER,
        task_set_name=task_set,
        task_split_name=split,
        max_concurrency=1,
        fsync=False,
        results_dir=results_dir,
        save_to=stem,
        fresh=True,
    )
    done = execute(build_plan(options), say=lambda _: None)
    answers, s7 = _answer_and_s7(Path(done.results))
    return AgentSummary(
        agent=agent,
        sessions=done.sessions,
        passed=done.passed,
        final_state=done.final_state,
        actions=done.actions,
        seconds=time.perf_counter() - start,
        path=done.results,
        answer_passed=sum(a is True for a in answers),
        answer_n=sum(a is not None for a in answers),
        s7_flagged=sum(g in ("fail", "needs_review") for g in s7),
    )


def _answer_and_s7(results_file: Path) -> tuple[list[bool | None], list[str]]:
    """Each session's answer check (None: the task has no facts) and gate S7, from a results file."""
    import json

    from tau_indian_bank.evaluation.answers import check_answer
    from tau_indian_bank.evaluation.gates.figures import check_figures

    data = json.loads(results_file.read_text(encoding="utf-8"))
    tasks = {t["id"]: t for t in data["tasks"]}
    answers, s7 = [], []
    for simulation in data["simulations"]:
        task, messages = tasks[simulation["task_id"]], simulation.get("messages") or []
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
        lines.append(
            f"{s.agent:<24} {split:<6} {s.sessions:>8} {_pct(s.passed, s.sessions):>7} "
            f"{_pct(s.final_state, s.sessions):>12} {_pct(s.actions, s.sessions):>13}  {s.path}"
        )
    lines.append(
        f"\n  {'answer check and S7':<22} {'answer check':>12} {'of sessions':>12} {'S7 flagged':>11}"
        "   (answer check: sessions whose task has facts)"
    )
    for s in summaries:
        lines.append(
            f"  {s.agent.removeprefix(DOMAIN_NAME + '_'):<22} {_pct(s.answer_passed, s.answer_n):>12} "
            f"{s.answer_n:>12} {_pct(s.s7_flagged, s.sessions):>11}"
        )
    return "\n".join(lines)


def run_offline_agents(
    split: str = "lite",
    agents: Sequence[str] | None = None,
    results_dir: str = "results/offline",
    workers: int | None = None,
    task_set: str | None = None,
) -> list[AgentSummary]:
    """Run the offline agents on a split and save their results; one summary per agent, in order.

    ``task_set`` is ``indian_bank_robust`` for the robustness set; None or ``indian_bank`` is the base suite.
    """
    from tau_indian_bank.tasks.suite_files import load_splits, task_set_files

    splits_file = task_set_files(task_set)[1]  # the active edition's

    chosen = list(agents or OFFLINE_AGENTS)
    unknown = [a for a in chosen if a not in OFFLINE_AGENTS]
    if unknown:
        raise OfflineRunError(f"unknown offline agent {unknown[0]!r}; choose from: {', '.join(OFFLINE_AGENTS)}")
    if split not in load_splits(splits_file):
        raise OfflineRunError(f"unknown task split {split!r}; choose one of: {', '.join(sorted(load_splits(splits_file)))}")
    folder = _writable_folder(results_dir)
    jobs = [(agent, split, str(folder), None if task_set in (None, DOMAIN_NAME) else task_set) for agent in chosen]
    count = workers or min(2, os.cpu_count() or 1, len(jobs))
    if count > 1:
        with ProcessPoolExecutor(max_workers=count) as pool:
            summaries = list(pool.map(_run_one, jobs))
    else:
        summaries = [_run_one(job) for job in jobs]
    return summaries
