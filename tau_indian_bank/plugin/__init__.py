"""The tau2 glue, in one place: registration, the environment, model-backed participants, run guards, offline runner.

This package's own commands register explicitly (:func:`.registration.ensure_registered`).
The interpreter-start hook (``hooks/_tau_indian_bank_hook.py``) is there for the stock
``tau2`` command only: it calls :func:`register` when anything imports ``tau2.registry``.
That registers the domain, its tasks and its participants (:mod:`.registration`), then lets
the run guards (:mod:`.guards`) decide whether this process is a ``tau2 run --domain
indian_bank``; in any other process they do nothing, so tau2 behaves for other domains
exactly as without the plugin. Importing this package imports neither tau2 nor litellm.

Modules: :mod:`.environment` (get_environment, get_tasks, get_tasks_split),
:mod:`.llm_agent` / :mod:`.llm_user` (the model-backed assistant and customer),
:mod:`.model_errors` (a failed model call ends its session as a model error), :mod:`.guards`,
:mod:`.offline` (the in-process runner the validator, the try-out and ``make bench`` use).
"""

from __future__ import annotations

from types import ModuleType


def register(registry_module: ModuleType) -> None:
    """Register everything with ``registry_module.registry`` (safe to call twice); in an indian_bank run, install the guards."""
    from tau_indian_bank.plugin import guards
    from tau_indian_bank.plugin.registration import register_all

    register_all(registry_module.registry)
    guards.install()


__all__ = ["register"]
