"""Model-backed participants that survive what real models and servers do.

* ``indian_bank_llm_agent`` — tau2's LLM agent with the same prompt (instructions plus
  the policy; the login context reaches it as the first look-up of the conversation),
  made robust: a tool call whose arguments are not valid JSON becomes a call the bank
  answers with an error the model sees (stock tau2 aborts the whole run on it), and a
  model that keeps failing after litellm's retries ends its session with a recorded
  error instead of crashing the run. tau2's placeholder ``dummy_key`` is dropped for
  hosted providers so that litellm uses the provider's key from the environment.
* ``indian_bank_user`` — tau2's user simulator with the banking customer guidelines in
  ``policy/customer_guidelines.md`` (versioned with the suite) in place of tau2's generic
  ones; the same error handling.

Both check at construction that a hosted model has its API key, and stop the run with
a one-line error if it does not.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from tau2.data_model.message import AssistantMessage, Message, MultiToolMessage, ToolCall, UserMessage

from tau_indian_bank.errors import MissingApiKeyError
from tau_indian_bank.evaluation.diagnostics import ERROR_KEY
from tau_indian_bank.participants.bases import LLMAgent, LLMAgentState, UserSimulator
from tau_indian_bank.paths import POLICY_DIR
from tau_indian_bank.tools.arguments import MALFORMED_KEY

PLACEHOLDER_KEY = "dummy_key"
STOP = "###STOP###"


def _prepare_args(model: str | None, llm_args: dict[str, Any] | None) -> dict[str, Any]:
    """Drop tau2's placeholder key for hosted models; refuse to start without a real key."""
    args = dict(llm_args or {})
    local = any(args.get(k) for k in ("api_base", "base_url"))
    if args.get("api_key") == PLACEHOLDER_KEY and not local:
        args.pop("api_key")
    if model and not local and not args.get("api_key"):
        import litellm

        try:
            missing = litellm.validate_environment(model=model).get("missing_keys") or []
        except Exception:  # noqa: BLE001 - an unknown provider is litellm's to report
            missing = []
        if missing:
            raise MissingApiKeyError(f"model {model!r} needs {', '.join(missing)} set in the environment (or an api_base "
                                     "in the llm args for a local server)")
    return args


def _parse_arguments(raw: str | None) -> dict[str, Any]:
    try:
        value = json.loads(raw or "{}")
    except json.JSONDecodeError:
        return {MALFORMED_KEY: (raw or "")[:500]}
    return value if isinstance(value, dict) else {MALFORMED_KEY: (raw or "")[:500]}


def complete(model: str, messages: Sequence[Message], tools: Sequence[Any] | None, **llm_args: Any) -> AssistantMessage:
    """One model turn as an AssistantMessage; never raises on bad tool JSON or a failing server."""
    import litellm
    from tau2.utils.llm_utils import get_response_cost, get_response_usage, to_litellm_messages

    schemas = [tool.openai_schema for tool in tools] if tools else None
    try:
        response = litellm.completion(model=model, messages=to_litellm_messages(list(messages)), tools=schemas,
                                      tool_choice="auto" if schemas else None, **llm_args)
    except Exception as exc:  # noqa: BLE001 - litellm has already retried; record it and end the session
        return AssistantMessage(role="assistant", content=f"{STOP}", cost=0.0,
                                raw_data={ERROR_KEY: scrub(f"{type(exc).__name__}: {str(exc)[:300]}", llm_args)})
    choice = response.choices[0]
    calls = [ToolCall(id=c.id or f"call-{i}", name=c.function.name or "", arguments=_parse_arguments(c.function.arguments))
             for i, c in enumerate(choice.message.tool_calls or [])]
    content = choice.message.content
    if not calls and not (content or "").strip():
        content = "I'm sorry, could you say that again?"
    return AssistantMessage(role="assistant", content=content if not calls else None, tool_calls=calls or None,
                            cost=get_response_cost(response), usage=get_response_usage(response),
                            raw_data=response.to_dict())


def scrub(text: str, llm_args: dict[str, Any]) -> str:
    """Remove API key values (from the llm args or *_API_KEY variables) from text that gets saved."""
    import os

    secrets = [v for k, v in os.environ.items() if k.endswith("_API_KEY") and len(v) >= 8]
    if isinstance(llm_args.get("api_key"), str) and len(llm_args["api_key"]) >= 8:
        secrets.append(llm_args["api_key"])
    for secret in secrets:
        text = text.replace(secret, "<redacted>")
    return text


class IndianBankLLMAgent(LLMAgent):
    """tau2's LLM agent, robust to malformed tool calls and failing servers."""

    def __init__(self, tools, domain_policy: str, llm: str | None = None, llm_args: dict | None = None,  # noqa: ANN001
                 **_: Any) -> None:
        super().__init__(tools=tools, domain_policy=domain_policy, llm=llm, llm_args=_prepare_args(llm, llm_args))

    @classmethod
    def is_stop(cls, message: AssistantMessage) -> bool:
        return bool(message.raw_data and ERROR_KEY in message.raw_data)

    def generate_next_message(self, message, state: LLMAgentState) -> tuple[AssistantMessage, LLMAgentState]:  # noqa: ANN001
        state.messages.extend(message.tool_messages if isinstance(message, MultiToolMessage) else [message])
        reply = complete(self.llm, state.system_messages + state.messages, self.tools, **self.llm_args)
        state.messages.append(reply)
        return reply, state


class IndianBankUser(UserSimulator):
    """tau2's user simulator with the banking customer guidelines.

    The system prompt is built here (guidelines, then the scenario), so it is the same text
    on both harnesses; upstream's runtime persona options (``--user-persona``) do not apply.
    """

    def __init__(self, tools=None, instructions=None, llm: str | None = None, llm_args: dict | None = None,  # noqa: ANN001
                 persona_config=None, **_: Any) -> None:  # noqa: ANN001 - upstream passes a PersonaConfig
        extra = {"persona_config": persona_config} if persona_config is not None else {}
        super().__init__(tools=tools, instructions=instructions, llm=llm, llm_args=_prepare_args(llm, llm_args), **extra)

    @property
    def global_simulation_guidelines(self) -> str:
        return customer_guidelines()

    @property
    def system_prompt(self) -> str:
        return f"{self.global_simulation_guidelines}\n\n<scenario>\n{self.instructions}\n</scenario>"

    def generate_next_message(self, message, state):  # noqa: ANN001, ANN201 - tau2's signature
        state.messages.extend(message.tool_messages if isinstance(message, MultiToolMessage) else [message])
        reply = complete(self.llm, state.system_messages + state.flip_roles(), self.tools, **self.llm_args)
        user_message = UserMessage(role="user", content=reply.content or STOP, cost=reply.cost, usage=reply.usage,
                                   raw_data=reply.raw_data)
        state.messages.append(user_message)
        return user_message, state


def customer_guidelines() -> str:
    """The banking customer guidelines shipped with the domain."""
    return (POLICY_DIR / "customer_guidelines.md").read_text(encoding="utf-8")


__all__ = ["IndianBankLLMAgent", "IndianBankUser", "complete", "customer_guidelines"]
