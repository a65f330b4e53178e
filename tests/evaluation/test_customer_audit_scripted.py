"""The scripted customer does its part: it passes the customer audit on every session it plays against the oracle.

Played through the offline runner (tau2's own loop, ``plugin.offline.run_offline``) on every
task of ``indian_bank``'s lite split and of the whole ``indian_bank_robust`` set (slow), and on
one task per family of both in the fast lane. A check may be ``n/a`` (nothing to judge) but never
``fail`` nor ``needs_review``.
"""

from __future__ import annotations

import pytest
from tau2.data_model.tasks import Task

from tau_indian_bank.evaluation.customer import audit_session
from tau_indian_bank.plugin.offline import run_offline
from tau_indian_bank.tasks.suite_files import load_splits, load_suite, task_set_files
from tau_indian_bank.vocabulary import ORACLE, ROBUST_TASK_SET


def _tasks(task_set: str | None, split: str | None) -> list[dict]:
    tasks_file, splits_file = task_set_files(task_set)
    tasks = list(load_suite(tasks_file))
    if split is None:
        return tasks
    chosen = set(load_splits(splits_file)[split])
    return [t for t in tasks if t["id"] in chosen]


def _one_per_family(tasks: list[dict]) -> list[dict]:
    seen: dict[str, dict] = {}
    for task in tasks:
        seen.setdefault(task["id"].rsplit("_", 1)[0], task)
    return list(seen.values())


def _problems(tasks: list[dict]) -> list[str]:
    """Every check of every session that the scripted customer does not pass, as one line each."""
    by_id = {t["id"]: t for t in tasks}
    results = run_offline([Task.model_validate(t) for t in tasks], ORACLE)
    assert len(results.simulations) == len(tasks)
    problems = []
    for simulation in results.simulations:
        messages = [m.model_dump(mode="json") for m in simulation.messages]
        for name, found in audit_session(by_id[simulation.task_id], messages).items():
            if found.status not in ("pass", "n/a"):
                problems.append(f"{simulation.task_id} {name} {found.status}: {found.detail}")
    return problems


def test_the_scripted_customer_passes_the_audit_on_one_task_of_every_family():
    tasks = _one_per_family(_tasks(None, "lite")) + _one_per_family(_tasks(ROBUST_TASK_SET, None))
    assert len(tasks) > 100
    assert _problems(tasks) == []


@pytest.mark.slow
@pytest.mark.parametrize("task_set, split", [(None, "lite"), (ROBUST_TASK_SET, None)], ids=["indian_bank lite", "robust whole"])
def test_the_scripted_customer_passes_the_audit_on_every_session(task_set, split):
    tasks = _tasks(task_set, split)
    assert len(tasks) in (200, 465)
    assert _problems(tasks) == []
