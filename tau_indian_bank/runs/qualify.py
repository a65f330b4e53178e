"""``tau-indian-bank qualify-customer``: the oracle against a customer model, to measure the customer.

The oracle (``indian_bank_oracle``) follows the policy, asks for what it needs and acts only on a
yes, so with it in the assistant's seat every failed session is the customer's doing, or a reply
the oracle could not cope with. This command runs it against ``indian_bank_user`` played by the
given model, on both task sets' lite splits by default, through ``tau-indian-bank run``'s own
machinery (``runs/plan.py``, ``runs/execute.py``): one checkpoint (re-running the same command
resumes it), the preflight, model errors recorded and counted apart (never a customer error),
and one standard tau2 results file holding both task sets' sessions, from which the report
computes the customer's fidelity (``report/fidelity.py``: by kind of error and by scripted
behaviour, each with its 95% interval, and the sessions the oracle could not cope with); the
command prints it, and ``tau-indian-bank report`` shows the same tables for that file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tau_indian_bank.errors import RunInputError
from tau_indian_bank.runs.config import RunOptions, sha256
from tau_indian_bank.vocabulary import DOMAIN_NAME, LLM_CUSTOMER, ORACLE, ROBUST_TASK_SET

#: ``--task-set`` values and the task sets each runs.
TASK_SETS: dict[str, tuple[str, ...]] = {
    DOMAIN_NAME: (DOMAIN_NAME,),
    ROBUST_TASK_SET: (ROBUST_TASK_SET,),
    "both": (DOMAIN_NAME, ROBUST_TASK_SET),
}


@dataclass(frozen=True)
class Qualification:
    """What ``qualify-customer`` was asked to do (its flags)."""

    user_llm: str
    user_llm_args: Mapping[str, Any] = field(default_factory=lambda: {"temperature": 0.0})
    task_set: str = "both"
    split: str = "lite"
    task_ids: tuple[str, ...] | None = None
    results_dir: str = "results"
    save_to: str | None = None
    max_concurrency: int = 3
    preflight: bool = True
    retry_errors: bool = False


def default_name(request: Qualification) -> str:
    """A results name derived from the request, so that re-running the same command resumes it."""
    parts = ["qualify", request.user_llm, request.task_set, request.split]
    if request.task_ids:
        parts.append(sha256(json.dumps(list(request.task_ids)))[:8])
    return re.sub(r"[^A-Za-z0-9._-]+", "-", "_".join(parts)).strip("-")


def options_for(request: Qualification) -> RunOptions:
    """The run's options: the oracle against ``indian_bank_user`` played by the model."""
    if request.task_set not in TASK_SETS:
        raise RunInputError(f"--task-set {request.task_set}: choose one of {', '.join(TASK_SETS)}")
    return RunOptions(
        agent=ORACLE,
        user=LLM_CUSTOMER,
        user_llm=request.user_llm,
        user_llm_args=dict(request.user_llm_args),
        task_set_name="+".join(TASK_SETS[request.task_set]),
        task_split_name=request.split,
        task_ids=request.task_ids,
        max_concurrency=request.max_concurrency,
        results_dir=request.results_dir,
        save_to=request.save_to or default_name(request),
        preflight=request.preflight,
        retry_errors=request.retry_errors,
    )


def qualification_tasks(request: Qualification) -> list[Any]:
    """The tasks to play: each chosen task set's split, in suite order, narrowed to ``task_ids`` if given."""
    from tau_indian_bank.runs.plan import load_run_tasks

    tasks = []
    for name in TASK_SETS.get(request.task_set, ()):
        tasks += load_run_tasks(RunOptions(agent=ORACLE, user=LLM_CUSTOMER, task_set_name=name, task_split_name=request.split))
    if request.task_ids:
        known = {task.id for task in tasks}
        unknown = [task_id for task_id in dict.fromkeys(request.task_ids) if task_id not in known]
        if unknown:
            raise RunInputError(
                f"unknown task id {unknown[0]!r} (not in split {request.split!r} of "
                f"{' or '.join(TASK_SETS[request.task_set])})" + (f" and {len(unknown) - 1} more" if len(unknown) > 1 else "")
            )
        tasks = [task for task in tasks if task.id in set(request.task_ids)]
    return tasks


def plan_qualification(request: Qualification) -> Any:
    """The planned run (no session starts here); one-line errors for bad input, unknown ids, missing keys."""
    from tau_indian_bank.runs.plan import build_plan

    if request.max_concurrency < 1:
        raise RunInputError("--max-concurrency must be at least 1")
    options = options_for(request)
    return build_plan(options, qualification_tasks(request))


def qualify(request: Qualification, say: Callable[[str], None]) -> Any:
    """Run (or resume) the qualification; its :class:`~tau_indian_bank.runs.execute.Summary` (the results file's path).

    The fidelity is the report's to compute from that file (``report/fidelity.py``); ``tau-indian-bank
    qualify-customer`` prints it.
    """
    from tau_indian_bank.runs.execute import execute

    plan = plan_qualification(request)
    say(
        f"tau-indian-bank: qualifying customer model {plan.user_llm}: the oracle on {len(plan.slots)} sessions "
        f"({_by_set(plan.tasks)}), checkpoint {plan.checkpoint_path}"
    )
    return execute(plan, say=say)


def _by_set(tasks: Sequence[Any]) -> str:
    robust = sum(task.id.startswith("rob_") for task in tasks)
    return ", ".join(
        part for part in (f"{len(tasks) - robust} base" if len(tasks) - robust else "", f"{robust} robustness" if robust else "") if part
    )
