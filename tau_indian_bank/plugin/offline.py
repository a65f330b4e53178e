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
from collections.abc import Iterator, Sequence
from typing import Any

from tau_indian_bank.plugin.registration import ensure_registered
from tau_indian_bank.vocabulary import DOMAIN_NAME, NO_MODEL, SCRIPTED_CUSTOMER


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
            domain=DOMAIN_NAME, tasks=list(tasks), agent=agent, user=SCRIPTED_CUSTOMER,
            llm_agent=NO_MODEL, llm_args_agent={}, llm_user=NO_MODEL, llm_args_user={},
            max_steps=200, max_errors=10, save_to=None, console_display=False,
            max_concurrency=concurrency, seed=seed, log_level="ERROR",
        )
    logger.remove()  # run_tasks installs a print sink; do not leak it into the caller
    return results
