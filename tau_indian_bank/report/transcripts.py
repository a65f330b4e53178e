"""The sessions behind an HTML report, stored compactly: records, transcripts and tasks.

The payload is the report's own session records (``--sessions``: verdicts, gold matches,
impure writes, gates with reasons, facts) plus, per session, its transcript, and per
task its scenario and gold chain, once for all runs. To keep a 1,000-session report small:

* every text (a message, a tool output, a call's arguments) is stored once in a string
  table and referred to by its index, so a tool output that recurs (the login context in
  every session, the same look-up in every run of a task) costs one copy;
* messages are short arrays without tau2's bookkeeping (timestamps, costs, usage, turn
  indexes);
* the whole payload is gzip-compressed (fixed header, so the same input gives the same
  bytes) and base64-encoded; the page decompresses it with the browser's own
  ``DecompressionStream``.

Message arrays: ``["u", text]`` customer, ``["a", text|null, [[call id, tool, args], …]]``
assistant, ``["t", call id, text, refused]`` tool result, ``["e", side, cause, text]`` the
failed model call that ended the session (a model error: ``agent`` or ``customer``, its
short cause and its recorded text), ``["s", text]`` anything else; every ``text``/``args``/
``cause`` is an index into ``text``.
"""

from __future__ import annotations

import base64
import gzip
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tau_indian_bank.evaluation.diagnostics import model_error
from tau_indian_bank.evaluation.facts import notes_without_declared, task_facts
from tau_indian_bank.report.results import read_results, simulations_by_slot
from tau_indian_bank.report.sessions import Run


class StringTable:
    """Texts stored once each; ``add`` returns a text's index."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self._index: dict[str, int] = {}

    def add(self, text: str) -> int:
        found = self._index.get(text)
        if found is None:
            found = self._index[text] = len(self.texts)
            self.texts.append(text)
        return found


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def compact_messages(messages: Iterable[Mapping[str, Any]], table: StringTable) -> list[list[Any]]:
    """A transcript as short arrays (see the module docstring)."""
    out: list[list[Any]] = []
    for message in messages:
        role, content = message.get("role"), message.get("content")
        failed = model_error([message])
        if failed is not None:
            out.append(["e", failed.side, table.add(failed.cause), table.add(failed.text)])
            continue
        text = None if content in (None, "") else table.add(_text(content))
        if role == "user":
            out.append(["u", text])
        elif role == "assistant":
            calls = [
                [str(c.get("id", "")), str(c.get("name", "")), table.add(_text(c.get("arguments") or {}))]
                for c in message.get("tool_calls") or []
            ]
            out.append(["a", text, calls])
        elif role == "tool":
            out.append(["t", str(message.get("id", "")), text, 1 if message.get("error") else 0])
        else:
            out.append(["s", text])
    return out


def facts_shown(task: Mapping[str, Any]) -> list[dict[str, str]]:
    """The facts the answer check asks for (its own :func:`~tau_indian_bank.evaluation.facts.task_facts`), as shown.

    A reference the bank creates during the session is checked against that session's own
    tool output, so its gold-run wording is not shown.
    """
    return [{"label": f.label, "text": "(from this session's tool output)" if f.source == "session" else f.text} for f in task_facts(task)]


def compact_task(task: Mapping[str, Any], table: StringTable) -> dict[str, Any]:
    """What the session view shows of a task: purpose, policies, scenario, gold chain, facts."""
    description = task.get("description") or {}
    scenario = task.get("user_scenario") or {}
    instructions = scenario.get("instructions") or {}
    if not isinstance(instructions, Mapping):
        instructions = {"task_instructions": _text(instructions)}
    gold = [
        [str(a.get("name", "")), table.add(_text(a.get("arguments") or {})), a.get("compare_args")]
        for a in (task.get("evaluation_criteria") or {}).get("actions") or []
    ]
    return {
        "purpose": description.get("purpose"),
        "policies": description.get("relevant_policies"),
        "notes": notes_without_declared(description.get("notes")),
        "persona": scenario.get("persona"),
        "scenario": {
            k: instructions.get(k) for k in ("reason_for_call", "known_info", "unknown_info", "task_instructions") if instructions.get(k)
        },
        "gold": gold,
        "facts": facts_shown(task),
    }


def _run_sessions(
    run: Run, index: int, records: Sequence[Mapping[str, Any]], table: StringTable, tasks: dict[str, Any]
) -> list[dict[str, Any]]:
    by_slot: dict[tuple[str, int], Mapping[str, Any]] = {}
    for path in run.parts or (run.path,):  # a run merged from shards reads every shard's file
        data = read_results(path)
        file_tasks = {t["id"]: t for t in data["tasks"] if isinstance(t, dict) and "id" in t}
        by_slot.update(simulations_by_slot(data, file_tasks))
        for task_id, task in file_tasks.items():
            if task_id not in tasks:
                tasks[task_id] = compact_task(task, table)
    sessions = []
    for record in records:
        simulation = by_slot.get((record["task_id"], record["trial"])) or {}
        sessions.append({**record, "run": index, "messages": compact_messages(simulation.get("messages") or [], table)})
    return sessions


def session_payload(report: Mapping[str, Any], runs: Sequence[Run]) -> dict[str, Any]:
    """Runs, tasks, sessions (records + transcripts) and the string table, for the page's script."""
    table = StringTable()
    tasks: dict[str, Any] = {}
    sessions: list[dict[str, Any]] = []
    summaries = []
    for index, (run, metrics) in enumerate(zip(runs, report["runs"])):
        sessions += _run_sessions(run, index, metrics.get("sessions") or [], table, tasks)
        summaries.append({k: metrics.get(k) for k in ("label", "agent", "agent_llm", "user", "user_llm", "n_sessions")})
    return {"runs": summaries, "tasks": tasks, "sessions": sessions, "text": table.texts}


def pack(payload: Mapping[str, Any]) -> str:
    """JSON, gzip (no timestamp: same input, same bytes), base64: the text the page embeds."""
    raw = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")


def unpack(text: str) -> dict[str, Any]:
    """The inverse of :func:`pack` (tests read the embedded payload with it)."""
    payload: dict[str, Any] = json.loads(gzip.decompress(base64.b64decode(text)).decode("utf-8"))
    return payload
