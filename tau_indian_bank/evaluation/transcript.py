"""A typed view of one saved session: what every gate and the answer check read, gathered in one pass.

:class:`Transcript` is built from a task and the session's messages as a tau2 results file
stores them (``Transcript.of(task, messages)``):

* ``history`` — how many messages the task's opening history holds (the assistant is judged on
  what comes after);
* ``customer`` — the logged-in customer; ``labels`` — how to speak of the login profile's ids
  ("ending 4821");
* ``calls`` — the assistant's tool calls after the history, in order, each a :class:`ToolUse`
  with its output and whether the bank refused it (an error) or a staged transient fault
  answered it (it never reached the bank);
* :meth:`Transcript.assistant_texts` — what the assistant wrote after the history, with message
  positions; :meth:`Transcript.outputs_before` — the tool outputs before a message.

Also :func:`nested_dicts` (every mapping inside a tool output's JSON) and :func:`json_records`
(the records of a tool output that carry one of given keys).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tau_indian_bank.tools.catalogue import STATE_CHANGING_TOOLS
from tau_indian_bank.tools.staging import is_fault_output
from tau_indian_bank.vocabulary import LOGIN_CONTEXT_CALL_ID
from tau_indian_bank.wording import id_labels


@dataclass(frozen=True)
class ToolUse:
    """One tool call the assistant made, with what came back."""

    index: int  # position of the assistant message that made it
    call_id: str
    name: str
    raw_arguments: Any  # as the assistant sent them (a mapping, unless it sent something else)
    output: str | None
    refused: bool  # the bank answered with an error
    faulted: bool  # a staged transient fault answered: it never reached the bank

    @property
    def arguments(self) -> Mapping[str, Any]:
        """The arguments (empty when the assistant sent no mapping)."""
        return self.raw_arguments if isinstance(self.raw_arguments, Mapping) else {}

    @property
    def changes_state(self) -> bool:
        return self.name in STATE_CHANGING_TOOLS

    @property
    def succeeded(self) -> bool:
        return not self.refused and not self.faulted and self.output is not None


def _profile_labels(messages: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    for message in messages:
        if message.get("role") == "tool" and message.get("id") == LOGIN_CONTEXT_CALL_ID:
            try:
                profile = json.loads(message.get("content") or "{}")
            except json.JSONDecodeError:
                return {}
            return id_labels(profile) if isinstance(profile, Mapping) else {}
    return {}


def _customer_of(task: Mapping[str, Any]) -> str | None:
    actions = (task.get("initial_state") or {}).get("initialization_actions") or []
    return actions[0].get("arguments", {}).get("customer_id") if actions else None


def _calls(messages: Sequence[Mapping[str, Any]], history: int) -> tuple[ToolUse, ...]:
    answers = {m.get("id"): m for m in messages if m.get("role") == "tool"}
    calls = []
    for index, message in enumerate(messages):
        if index < history or message.get("role") != "assistant":
            continue
        for call in message.get("tool_calls") or []:
            answer = answers.get(call.get("id"))
            output = None if answer is None else answer.get("content")
            calls.append(
                ToolUse(
                    index,
                    str(call.get("id", "")),
                    str(call.get("name")),
                    call.get("arguments"),
                    None if output is None else str(output),
                    refused=answer is None or bool(answer.get("error")),
                    faulted=is_fault_output(output),
                )
            )
    return tuple(calls)


@dataclass(frozen=True)
class Transcript:
    """One session as the gates and the answer check read it (see the module docstring)."""

    task: Mapping[str, Any]
    messages: tuple[Mapping[str, Any], ...]
    history: int
    customer: str | None
    labels: Mapping[str, str]
    calls: tuple[ToolUse, ...]

    @classmethod
    def of(cls, task: Mapping[str, Any], messages: Sequence[Mapping[str, Any]]) -> Transcript:
        """The view of a session (``task`` and ``messages`` as in a tau2 results file)."""
        history = len((task.get("initial_state") or {}).get("message_history") or [])
        messages = tuple(messages)
        return cls(task, messages, history, _customer_of(task), _profile_labels(messages), _calls(messages, history))

    def assistant_texts(self) -> list[tuple[int, str]]:
        """(position, text) of every assistant message with words, after the history."""
        return [
            (i, str(m["content"]))
            for i, m in enumerate(self.messages)
            if i >= self.history and m.get("role") == "assistant" and m.get("content")
        ]

    def changes(self) -> list[ToolUse]:
        """The state-changing calls that reached the bank (a faulted call never did; its retry uses the same yes)."""
        return [call for call in self.calls if call.changes_state and not call.faulted]

    def outputs_before(self, index: int) -> list[str]:
        """Every tool output before message ``index`` (the login context included)."""
        return [str(m.get("content")) for m in self.messages[:index] if m.get("role") == "tool"]


def nested_dicts(data: Any) -> Iterable[Mapping[str, Any]]:
    """Every mapping inside parsed JSON, outermost first."""
    if isinstance(data, Mapping):
        yield data
        for value in data.values():
            yield from nested_dicts(value)
    elif isinstance(data, list):
        for item in data:
            yield from nested_dicts(item)


@lru_cache(maxsize=4096)
def json_records(content: str, keys: tuple[str, ...]) -> tuple[Mapping[str, Any], ...]:
    """The records of a tool output (JSON) that carry any of ``keys``."""
    try:
        data = json.loads(content)
    except (json.JSONDecodeError, TypeError):
        return ()
    return tuple(record for record in nested_dicts(data) if any(key in record for key in keys))
