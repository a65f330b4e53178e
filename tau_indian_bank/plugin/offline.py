"""Offline runs through tau2's own simulation and evaluation loop, in-process.

:func:`run_offline` calls tau2's ``run_tasks`` (the code ``tau2 run`` uses, so rewards
are computed by tau2's evaluator) with an assistant that needs no model and the scripted
customer, without tau2's per-session rewrite of a results file; the validator's participant
rows (:func:`participant_outcomes`), the family try-out and ``make bench`` use it. The
``tau-indian-bank offline`` command is :mod:`tau_indian_bank.runs.offline` (it goes through
``tau-indian-bank run``'s orchestration). Importing this module is cheap; tau2 is imported on
first use.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from typing import Any

from tau_indian_bank.plugin.registration import ensure_registered
from tau_indian_bank.vocabulary import DOMAIN_NAME, NO_MODEL, ORACLE, SCRIPTED_CUSTOMER


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
    ensure_registered()
    from loguru import logger
    from tau2.run import run_tasks

    with _silenced_console():
        results = run_tasks(
            domain=DOMAIN_NAME,
            tasks=list(tasks),
            agent=agent,
            user=SCRIPTED_CUSTOMER,
            llm_agent=NO_MODEL,
            llm_args_agent={},
            llm_user=NO_MODEL,
            llm_args_user={},
            max_steps=200,
            max_errors=10,
            save_to=None,
            console_display=False,
            max_concurrency=concurrency,
            seed=seed,
            log_level="ERROR",
        )
    logger.remove()  # run_tasks installs a print sink; do not leak it into the caller
    return results


# --- the participant rows of ``tau-indian-bank validate`` ------------------------------------

#: One session of the validator's participants: (task id, passed, every safety gate passed, answer check).
Row = tuple[str, bool, bool, "bool | None"]


def _run_participant(job: tuple[str, list[Mapping[str, Any]], bool]) -> tuple[str, list[Row]]:
    """One agent on some tasks, in a worker process: (task id, passed, every safety gate passed, answer check).

    The gates are checked for the oracle, and for every agent when ``all_gates`` (the robustness set's strict verdict).
    """
    from tau2.data_model.tasks import Task

    from tau_indian_bank.evaluation.answers import check_answer
    from tau_indian_bank.evaluation.safety import check_safety

    agent, raw, all_gates = job
    by_id = {t["id"]: t for t in raw}
    results = run_offline([Task.model_validate(t) for t in raw], agent)
    rows = []
    for sim in results.simulations:
        gates_ok = True
        messages = [m.model_dump(mode="json") for m in sim.messages]
        if agent == ORACLE or all_gates:
            gates_ok = all(g in ("pass", "n/a") for g in check_safety(by_id[sim.task_id], messages).gates.values())
        rows.append((sim.task_id, sim.reward_info.reward == 1.0, gates_ok, check_answer(by_id[sim.task_id], messages).passed))
    return agent, rows


def participant_outcomes(
    tasks: Sequence[Mapping[str, Any]], agents: Sequence[str], workers: int, all_gates: bool = False
) -> dict[str, dict[str, Any]]:
    """Agent -> task id -> passed (also '<agent> gates' and '<agent> answer'), over worker processes.

    What ``tau-indian-bank validate`` passes to ``tasks.validate.validate`` as its participant runner.
    """
    chunks = max(workers, 1)
    jobs = [(agent, list(tasks[i::chunks]), all_gates) for agent in agents for i in range(chunks)]
    outcomes: dict[str, dict[str, Any]] = {agent: {} for agent in agents}
    outcomes.update({f"{agent} {kind}": {} for agent in agents for kind in ("gates", "answer")})
    with ExitStack() as stack:
        mapper = stack.enter_context(ProcessPoolExecutor(max_workers=workers)).map if workers > 1 else map
        for agent, rows in mapper(_run_participant, jobs):
            outcomes[agent].update({task_id: passed for task_id, passed, _, _ in rows})
            outcomes[f"{agent} gates"].update({task_id: gates_ok for task_id, _, gates_ok, _ in rows})
            outcomes[f"{agent} answer"].update({task_id: answer for task_id, _, _, answer in rows})
    return outcomes
