"""``tau-indian-bank offline``: the offline participants through tau2, one line per agent.

Each agent runs on a split with the scripted customer through tau2's own simulation
and evaluation loop; its results are saved as a tau2 results file (so ``tau2
evaluate-trajs`` and ``tau-indian-bank report`` read them) and summarised here, and
``report.html`` beside them shows every session (the HTML report, strict verdict).
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from tau_indian_bank.errors import OfflineRunError
from tau_indian_bank.runner import OFFLINE_AGENTS


@dataclass(frozen=True)
class AgentSummary:
    """One agent's line: sessions, passes, final-state passes, action-check passes."""

    agent: str
    sessions: int
    passed: int
    final_state: int
    actions: int
    seconds: float
    path: str


def _run_one(job: tuple[str, str, str]) -> AgentSummary:
    agent, split, results_dir = job
    from tau_indian_bank.environment import get_tasks
    from tau_indian_bank.runner import run_offline

    start = time.perf_counter()
    results = run_offline(get_tasks(split), agent)
    path = Path(results_dir) / f"{agent.removeprefix('indian_bank_')}-{split}.json"
    temporary = path.with_suffix(".json.tmp")
    temporary.write_text(results.model_dump_json(indent=2), encoding="utf-8")
    temporary.replace(path)
    infos = [s.reward_info for s in results.simulations]
    return AgentSummary(
        agent=agent,
        sessions=len(infos),
        passed=sum(i.reward == 1.0 for i in infos),
        final_state=sum(bool(i.db_check and i.db_check.db_match) for i in infos),
        actions=sum(bool(i.env_assertions) and all(a.met for a in i.env_assertions) for i in infos),
        seconds=time.perf_counter() - start,
        path=str(path),
    )


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "  n/a"


def main(split: str = "lite", agents: Sequence[str] | None = None, results_dir: str = "results/offline",
         workers: int | None = None) -> int:
    """Run the offline agents on a split, save their results and print one line each."""
    from tau_indian_bank.suite import load_splits

    chosen = list(agents or OFFLINE_AGENTS)
    unknown = [a for a in chosen if a not in OFFLINE_AGENTS]
    if unknown:
        raise OfflineRunError(f"unknown offline agent {unknown[0]!r}; choose from: {', '.join(OFFLINE_AGENTS)}")
    if split not in load_splits():
        raise OfflineRunError(f"unknown task split {split!r}; choose one of: {', '.join(sorted(load_splits()))}")
    folder = Path(results_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".write-test"
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as exc:
        raise OfflineRunError(f"cannot write results to {folder}: {exc.strerror}") from None
    jobs = [(agent, split, str(folder)) for agent in chosen]
    count = workers or min(2, os.cpu_count() or 1, len(jobs))
    if count > 1:
        with ProcessPoolExecutor(max_workers=count) as pool:
            summaries = list(pool.map(_run_one, jobs))
    else:
        summaries = [_run_one(job) for job in jobs]
    print(f"{'agent':<24} {'split':<6} {'sessions':>8} {'pass':>7} {'final-state':>12} {'action check':>13}  results")
    for s in summaries:
        print(f"{s.agent:<24} {split:<6} {s.sessions:>8} {_pct(s.passed, s.sessions):>7} "
              f"{_pct(s.final_state, s.sessions):>12} {_pct(s.actions, s.sessions):>13}  {s.path}")
    from tau_indian_bank.report.html import write_html_report

    page = write_html_report([s.path for s in summaries], [s.agent.removeprefix("indian_bank_") for s in summaries],
                             folder / "report.html")
    print(f"report: {page} (open it in a browser: every session beside its verdict)")
    return 0
