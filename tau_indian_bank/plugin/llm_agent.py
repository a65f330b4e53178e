"""``indian_bank_llm_agent``: tau2's LLM agent, robust to what real models and servers do.

The same prompt as tau2's LLM agent (instructions plus the policy; the login context
reaches it as the first look-up of the conversation), with one model turn done by
:func:`complete`, which the LLM customer (:mod:`.llm_user`) shares:

* a tool call whose arguments are not valid JSON (or not a JSON object) becomes a call
  the bank answers with an error the model sees and can correct (stock tau2 aborts the
  whole run on it);
* a model call that still fails after litellm's retries (or a response with no choice in
  it) raises :class:`~tau_indian_bank.plugin.model_errors.ModelCallError`: the session ends
  as a model error of this side (:mod:`.model_errors`), with the error text scrubbed of API
  key values, and no stop token is written for the model;
* a reply with neither text nor a tool call becomes :data:`EMPTY_REPLY`, marked
  ``EMPTY_REPLY_KEY`` in its ``raw_data`` so that a report can tell it from what the
  model wrote;
* once its ``transfer_to_human_agents`` call has succeeded, the message that tells the
  customer ends the session (``participants/handover.py``): no customer is asked to write
  ``###TRANSFER###`` for a hand-over already made;
* tau2's placeholder ``dummy_key`` is dropped for hosted providers so that litellm uses
  the provider's key from the environment, and a hosted model without its key stops the
  run at construction with a one-line error.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from typing import Any

from tau2.data_model.message import AssistantMessage, Message, MultiToolMessage, ToolCall

from tau_indian_bank.errors import MissingApiKeyError
from tau_indian_bank.participants.bases import LLMAgent, LLMAgentState
from tau_indian_bank.participants.handover import ends_with_handover, mark_if_handover
from tau_indian_bank.plugin.guards import PLACEHOLDER_KEY, is_key, redact
from tau_indian_bank.plugin.model_errors import (
    AGENT_SIDE,
    ModelCallError,
    end_sessions_on_model_errors,
    model_call_error,
)
from tau_indian_bank.tools.arguments import MALFORMED_KEY

#: What a model that answered with neither text nor a tool call is taken to have said.
EMPTY_REPLY = "I'm sorry, could you say that again?"
#: Key in such a message's raw_data: the text is :data:`EMPTY_REPLY`, not the model's.
EMPTY_REPLY_KEY = "indian_bank_empty_reply"


def prepare_llm_args(model: str | None, llm_args: dict[str, Any] | None) -> dict[str, Any]:
    """Drop tau2's placeholder key for hosted models; refuse to start without a real key."""
    args = dict(llm_args or {})
    local = any(args.get(k) for k in ("api_base", "base_url"))
    if args.get("api_key") == PLACEHOLDER_KEY and not local:
        args.pop("api_key")
    if model and not local and not args.get("api_key") and not _routed(model):
        import litellm

        try:
            missing = litellm.validate_environment(model=model).get("missing_keys") or []
        except Exception:  # noqa: BLE001 - an unknown provider is litellm's to report
            missing = []
        if missing:
            raise MissingApiKeyError(
                f"model {model!r} needs {', '.join(missing)} set in the environment (or an api_base in the llm args for a local server)"
            )
    return args


def _routed(model: str) -> bool:
    """Whether a run's model router serves ``model`` (then the router's file holds its endpoints and keys)."""
    from tau2.utils import llm_utils

    serves = getattr(llm_utils.completion, "serves", None)
    return bool(serves and serves(model))


def parse_arguments(raw: str | None) -> dict[str, Any]:
    """A tool call's arguments; text that is not a JSON object is kept under ``MALFORMED_KEY`` for the bank to refuse."""
    try:
        value = json.loads(raw or "{}")
    except json.JSONDecodeError:
        return {MALFORMED_KEY: (raw or "")[:500]}
    return value if isinstance(value, dict) else {MALFORMED_KEY: (raw or "")[:500]}


def scrub(text: str, llm_args: Mapping[str, Any], environ: Mapping[str, str] | None = None) -> str:
    """Remove API key values (the llm args' ``api_key``, any ``*_API_KEY`` variable) from text that gets saved."""
    environ = os.environ if environ is None else environ
    secrets = [v for k, v in environ.items() if k.endswith("_API_KEY") and is_key(v)]
    if is_key(llm_args.get("api_key")):
        secrets.append(llm_args["api_key"])
    return redact(text, secrets)


def complete(
    model: str, messages: Sequence[Message], tools: Sequence[Any] | None, side: str = AGENT_SIDE, **llm_args: Any
) -> AssistantMessage:
    """One model turn as an AssistantMessage; bad tool JSON becomes a call the bank refuses.

    Raises:
        ModelCallError: the call failed after litellm's retries, or the response holds no choice.
    """
    from tau2.utils import llm_utils
    from tau2.utils.llm_utils import get_response_cost, get_response_usage, to_litellm_messages

    schemas = [tool.openai_schema for tool in tools] if tools else None
    try:  # through tau2's completion function, so that a run's model router (if any) serves the call
        response = llm_utils.completion(
            model=model, messages=to_litellm_messages(list(messages)), tools=schemas, tool_choice="auto" if schemas else None, **llm_args
        )
    except Exception as exc:  # noqa: BLE001 - litellm has already retried: the session ends as a model error
        raise model_call_error(side, model, exc, lambda text: scrub(text, llm_args)) from None
    if not getattr(response, "choices", None):
        raise ModelCallError(side, model, "the response held no choice", scrub(str(response)[:1000], llm_args))
    choice = response.choices[0]
    calls = [
        ToolCall(id=c.id or f"call-{i}", name=c.function.name or "", arguments=parse_arguments(c.function.arguments))
        for i, c in enumerate(choice.message.tool_calls or [])
    ]
    content = choice.message.content
    raw = response.to_dict()
    if not calls and not (content or "").strip():
        content, raw[EMPTY_REPLY_KEY] = EMPTY_REPLY, True
    return AssistantMessage(
        role="assistant",
        content=content if not calls else None,
        tool_calls=calls or None,
        cost=get_response_cost(response),
        usage=get_response_usage(response),
        raw_data=raw,
    )


class IndianBankLLMAgent(LLMAgent):
    """tau2's LLM agent, robust to malformed tool calls and failing servers."""

    def __init__(
        self, tools: Any, domain_policy: str, llm: str | None = None, llm_args: dict[str, Any] | None = None, **_: Any
    ) -> None:  # upstream's factory also passes the task and voice options; unused
        super().__init__(tools=tools, domain_policy=domain_policy, llm=llm, llm_args=prepare_llm_args(llm, llm_args))
        end_sessions_on_model_errors()  # a ModelCallError ends the session as a model error (tau2 does not know it)

    def generate_next_message(self, message: Any, state: LLMAgentState) -> tuple[AssistantMessage, LLMAgentState]:
        state.messages.extend(message.tool_messages if isinstance(message, MultiToolMessage) else [message])
        reply = complete(self.llm, state.system_messages + state.messages, self.tools, AGENT_SIDE, **self.llm_args)
        state.messages.append(mark_if_handover(reply, state.messages))
        return reply, state

    @classmethod
    def is_stop(cls, message: AssistantMessage) -> bool:
        """The message that told the customer of a completed hand-over ends the session (``participants/handover.py``)."""
        return ends_with_handover(message) or super().is_stop(message)
