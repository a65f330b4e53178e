"""A request as a player reads it: who is speaking, what is new, how to answer.

For the customer player (a call without tools) the roles read from its side: the
request's ``user`` messages are the BANK ASSISTANT, its ``assistant`` messages are YOU.
For the assistant player (a call with tools) ``user`` is the CUSTOMER, ``assistant`` is YOU
(text or tool calls) and ``tool`` is a TOOL RESULT. The system prompt (and, for the
assistant, the tool list) is shown with a conversation's first request or with ``--full``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

RULE = "-" * 78
ROLE_NAMES = {
    "customer": {"user": "BANK ASSISTANT", "assistant": "YOU (customer)"},
    "assistant": {"user": "CUSTOMER", "assistant": "YOU (assistant)", "tool": "TOOL RESULT"},
}


def type_of(schema: dict[str, Any]) -> str:
    """A parameter's JSON type in a few words: ``string``, ``integer or null``, ``one of 'a', 'b'``, ``list of string``."""
    if "enum" in schema:
        return "one of " + ", ".join(json.dumps(v) for v in schema["enum"])
    if "anyOf" in schema:
        return " or ".join(type_of(option) for option in schema["anyOf"])
    if schema.get("type") == "array":
        return "list of " + type_of(schema.get("items") or {})
    return str(schema.get("type") or "any")


def tool_lines(tools: list[dict[str, Any]]) -> list[str]:
    """Each tool: its name and description, then each parameter (required first) with type and description."""
    lines = [f"TOOLS ({len(tools)}): call one with  --tool-call NAME '{{\"arg\": value}}'"]
    for tool in tools:
        function = tool.get("function") or tool
        parameters = function.get("parameters") or {}
        required = set(parameters.get("required") or [])
        lines.append(f"* {function.get('name')}: {' '.join((function.get('description') or '').split())}")
        properties = parameters.get("properties") or {}
        for name in sorted(properties, key=lambda n: (n not in required, list(properties).index(n))):
            spec = properties[name]
            need = "required" if name in required else f"optional, default {json.dumps(spec.get('default'))}"
            lines.append(f"    - {name} ({type_of(spec)}; {need}): {' '.join((spec.get('description') or '').split())}")
    return lines


def message_lines(index: int, message: dict[str, Any], side: str) -> list[str]:
    """One message, numbered as in the request, with its speaker named from the player's side."""
    role = message.get("role")
    who = ROLE_NAMES[side].get(role, str(role).upper())
    lines = []
    if message.get("content"):
        lines.append(f"[{index}] {who}: {message['content']}")
    for call in message.get("tool_calls") or []:
        function = call.get("function") or {}
        lines.append(f"[{index}] {who} called {function.get('name')} {function.get('arguments')}  (call id {call.get('id')})")
    if role == "tool":
        lines = [f"[{index}] {who} for call id {message.get('tool_call_id')}: {message.get('content')}"]
    return lines or [f"[{index}] {who}: (empty)"]


def render(request: dict[str, Any], full: bool = False, queue: str = "QUEUE") -> str:
    """The request as the player reads it (see the module docstring)."""
    body, side = request["body"], request["side"]
    messages = body.get("messages") or []
    first = full or request["new_conversation"]
    head = (
        f"REQUEST {request['id']}  model {request['model']}  ({side} side)  conversation {request['conversation']}"
        f"  turn {request['conversation_request']}" + ("  NEW CONVERSATION" if request["new_conversation"] else "")
    )
    out = ["=" * 78, head, "=" * 78]
    if first and request.get("instruction"):
        out += [
            "LEAD'S INSTRUCTION FOR THIS SESSION (from the lead, not part of the system prompt):",
            str(request["instruction"].get("instruction")),
            RULE,
        ]
    if first:
        system = [m.get("content") or "" for m in messages if m.get("role") == "system"]
        out += ["SYSTEM PROMPT:", *system, RULE]
        if side == "assistant":
            out += [*tool_lines(body.get("tools") or []), RULE]
    start = 0 if first else request["new_from"]
    shown = [(i, m) for i, m in enumerate(messages) if i >= start and m.get("role") != "system"]
    out.append("CONVERSATION SO FAR:" if first else f"NEW SINCE YOUR LAST REPLY (messages {start} to {len(messages) - 1}):")
    if not shown:
        out.append(
            "(nothing new: the harness asked again for the same turn, because its previous call for it timed out "
            "or was dropped before a reply reached it; answer this request)"
        )
    for index, message in shown:
        out += message_lines(index, message, side)
    out += [RULE, _how_to_reply(request["id"], side, queue)]
    return "\n".join(out)


def program() -> str:
    """How this command was started, to repeat it: the worktree's venv python when that is it, else python3."""
    here = Path(__file__).resolve().parents[3]
    venv = here / ".venv" / "bin" / "python"
    return ".venv/bin/python" if Path(sys.executable).parent == venv.parent else "python3"


def _how_to_reply(request_id: str, side: str, queue: str) -> str:
    command = f"{program()} -m tests.labelled.live.bridge reply {request_id} --queue {queue}"
    text = f"{command} --text - <<'EOF'\n<your message{' to the customer' if side == 'assistant' else ''}>\nEOF"
    if side == "customer":
        return f"YOUR TURN (request {request_id}). Answer with:\n{text}"
    return (
        f"YOUR TURN (request {request_id}). Answer with a message:\n{text}\n"
        f"or with tool calls (one --tool-call per call, arguments as a JSON object):\n"
        f'{command} --tool-call NAME \'{{"arg": "value"}}\''
    )
