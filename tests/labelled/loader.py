"""The hand-labelled sets: single assistant replies, and whole conversations of tasks of both task sets.

Sources are written by hand in YAML (``replies.yaml``, ``source/<task id>.yaml``); tool
outputs are never typed: every call is run through the domain's own environment from the
task's initial state, so each conversation is true to the bank.

* A **conversation source** has ``task``, a ``careful`` list of turns and a ``careless``
  twin. A turn is ``{user: text}`` or ``{assistant: text, calls: [[tool, {args}], ...]}``
  (text, calls or both: one assistant message, then one tool message per call), with an
  optional ``id`` that the twin's edits refer to. The twin has ``breaks`` (the one rule it
  breaks, in words), ``fails`` (the gates and checks that must fail it) and ``edits``:
  ``{drop: id}``, ``{at: id, assistant|user|calls: ...}`` (replace that part of the turn)
  and ``{after: id, insert: [turns]}``.
* Conversations come in two sets, by their task's task set: ``base`` (tasks of the base
  suite) and ``robust`` (tasks of the robustness set, ``source/rob_*.yaml``); a robustness
  conversation replays its task's staging (tool faults, planted text, the task-set-only
  tool) before the first turn, as a run does.
* :func:`build_conversation` turns a source into tau2 messages (the task's message history
  first, as tau2 records a session); ``python -m tests.labelled.build`` writes them to
  ``conversations/<task id>.<careful|careless>.json`` and ``--check`` verifies the files.
* A **reply** sits in a **scenario**: a task and the calls made before the reply (replayed
  the same way), plus what the customer said. Replies come in named sets (:data:`REPLY_SETS`:
  ``replies.yaml`` in English, ``replies_indic.yaml`` in Hinglish and Hindi); each file's
  header gives its labels.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import yaml

from tau_indian_bank.bank import clock

HERE = Path(__file__).resolve().parent
SOURCE_DIR = HERE / "source"
BUILT_DIR = HERE / "conversations"
REPLIES_FILE = HERE / "replies.yaml"
#: Every gate and check a label may name.
GATES = ("S1", "S2", "S3", "S4", "S5", "S6", "S7")
CHECKS = ("DB", "ACTION", "ANSWER")
VARIANTS = ("careful", "careless")
#: The conversation sets, by the task set of their task: the base suite and the robustness set.
SETS = ("base", "robust")
#: When the task's history ends (its login context is stamped 11:00 on the bank's today).
START = dt.datetime.combine(clock.today(), dt.time(11))


@dataclass(frozen=True)
class Conversation:
    """One labelled session: a task, tau2 messages, and the gates and checks that must fail it."""

    task_id: str
    variant: str
    breaks: str
    fails: tuple[str, ...]
    messages: list[dict[str, Any]] = field(repr=False)

    def expected(self, name: str) -> bool:
        """True when the label says gate or check ``name`` must fail (flag) this session."""
        return name in self.fails


def set_of(task_id: str) -> str:
    """``robust`` for a task of the robustness set, ``base`` for one of the base suite."""
    from tau_indian_bank.vocabulary import category_of

    return "robust" if category_of(task_id) == "robust" else "base"


@lru_cache(maxsize=1)
def tasks() -> dict[str, Mapping[str, Any]]:
    """Both shipped task sets (the base suite and the robustness set) by task id."""
    from tau_indian_bank.paths import ROBUST_TASKS_FILE
    from tau_indian_bank.tasks.suite_files import load_suite

    found = {t["id"]: t for t in load_suite()}
    robust = {t["id"]: t for t in load_suite(ROBUST_TASKS_FILE)}
    clash = set(found) & set(robust)
    if clash:
        raise ValueError(f"task ids in both task sets: {sorted(clash)[:3]}")
    return found | robust


def apply_initialization(tools: Any, task: Mapping[str, Any]) -> None:
    """Run a task's initialization actions (the login, and what a robustness task stages) on a toolkit."""
    for action in task["initial_state"]["initialization_actions"]:
        if action.get("env_type", "assistant") == "assistant":
            getattr(tools, action["func_name"])(**action["arguments"])


class _Session:
    """A live environment for one task, making tau2 messages as the conversation goes."""

    def __init__(self, task: Mapping[str, Any]) -> None:
        from tau_indian_bank.plugin.environment import get_environment

        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        os.environ.setdefault("LOGURU_LEVEL", "ERROR")
        self.env = get_environment()
        self.env.get_tools()  # the list a task-set-only tool is added to once the task enables it, as in a run
        apply_initialization(self.env.tools, task)
        self.env.sync_tools()
        self.messages: list[dict[str, Any]] = copy.deepcopy(list(task["initial_state"]["message_history"]))
        self.count = 0

    def _add(self, message: Any) -> None:
        """Append a message, stamped one second after the previous one (the bank's clock, never the wall clock)."""
        record = message.model_dump(mode="json")
        record["timestamp"] = (START + dt.timedelta(seconds=len(self.messages))).isoformat()
        self.messages.append(record)

    def user(self, text: str) -> None:
        from tau2.data_model.message import UserMessage

        self._add(UserMessage(role="user", content=text))

    def assistant(self, text: str | None, calls: Sequence[Sequence[Any]]) -> None:
        from tau2.data_model.message import AssistantMessage, ToolCall

        tool_calls = []
        for name, arguments in calls:
            self.count += 1
            tool_calls.append(ToolCall(id=f"call_{self.count:02d}", name=name, arguments=dict(arguments or {}), requestor="assistant"))
        message = AssistantMessage(role="assistant", content=text or None, tool_calls=tool_calls or None, cost=0.0)
        self._add(message)
        for call in tool_calls:
            self._add(self.env.get_response(call))


def _apply_edits(turns: list[dict[str, Any]], edits: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    turns = copy.deepcopy(turns)

    def index(turn_id: str) -> int:
        for i, turn in enumerate(turns):
            if turn.get("id") == turn_id:
                return i
        raise KeyError(f"no turn with id {turn_id!r}")

    for edit in edits:
        if "drop" in edit:
            del turns[index(edit["drop"])]
        elif "after" in edit:
            at = index(edit["after"]) + 1
            turns[at:at] = copy.deepcopy(list(edit["insert"]))
        elif "at" in edit:
            turn = turns[index(edit["at"])]
            for key in ("assistant", "user", "calls"):
                if key in edit:
                    turn[key] = edit[key]
                    if edit[key] is None:
                        del turn[key]
        else:
            raise ValueError(f"unknown edit {dict(edit)!r}")
    return turns


def play(task: Mapping[str, Any], turns: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """tau2 messages of a list of turns, every tool output produced by the environment."""
    session = _Session(task)
    for turn in turns:
        if "user" in turn:
            session.user(turn["user"])
        else:
            session.assistant(turn.get("assistant"), turn.get("calls") or [])
    return session.messages


def source_files() -> list[Path]:
    """The hand-written conversation sources, in name order."""
    return sorted(SOURCE_DIR.glob("*.yaml"))


def read_source(path: Path) -> dict[str, Any]:
    """One conversation source (YAML)."""
    with path.open(encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def build_conversation(source: Mapping[str, Any]) -> list[Conversation]:
    """The careful conversation and its careless twin of one source."""
    task = tasks()[source["task"]]
    twin = source["careless"]
    unknown = set(twin["fails"]) - set(GATES) - set(CHECKS)
    if unknown or not twin["fails"]:
        raise ValueError(f"{source['task']}: the twin must fail known gates or checks, not {sorted(unknown)}")
    careless_turns = _apply_edits(source["careful"], twin.get("edits") or [])
    return [
        Conversation(task["id"], "careful", "", (), play(task, source["careful"])),
        Conversation(task["id"], "careless", twin["breaks"], tuple(twin["fails"]), play(task, careless_turns)),
    ]


def _built_path(task_id: str, variant: str) -> Path:
    return BUILT_DIR / f"{task_id}.{variant}.json"


def dump(conversation: Conversation) -> str:
    """The JSON file of a built conversation."""
    record = {
        "task_id": conversation.task_id,
        "variant": conversation.variant,
        "breaks": conversation.breaks,
        "fails": list(conversation.fails),
        "messages": conversation.messages,
    }
    return json.dumps(record, ensure_ascii=False, indent=1) + "\n"


@cache
def load_conversations(set_name: str = "base") -> tuple[Conversation, ...]:
    """Every built conversation (careful and careless) of one set (:data:`SETS`), in task order."""
    if set_name not in SETS:
        raise ValueError(f"unknown conversation set {set_name!r}; the sets are {', '.join(SETS)}")
    found = []
    for path in sorted(BUILT_DIR.glob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        if set_of(record["task_id"]) == set_name:
            found.append(Conversation(record["task_id"], record["variant"], record["breaks"], tuple(record["fails"]), record["messages"]))
    return tuple(found)


# --- replies -------------------------------------------------------------------------------------

#: The reply sets, by name: each a YAML file of scenarios, replies and customer replies.
REPLY_SETS = {"english": REPLIES_FILE, "indic": HERE / "replies_indic.yaml"}
#: What a reply's ``reading`` label may say (``text.speech.Kind``) and the kinds of reply a set groups.
READINGS = ("proposal", "question", "credentials", "handover_done", "wrap_up", "statement")
REPLY_KINDS = (
    "fact_format",
    "wrong_figure",
    "other_record",
    "rounded",
    "negation",
    "description",
    "refusal",
    "plan",
    "generic_claim",
    "specific_claim",
    "proposal",
    "non_proposal",
    "wrap_up",
)
#: Extra sets, ``NAME=PATH`` separated by commas (a held-out batch measured once): ``LABELLED_REPLY_SETS``.
EXTRA_SETS_VARIABLE = "LABELLED_REPLY_SETS"


@dataclass(frozen=True)
class Reply:
    """One labelled assistant reply in its scenario (of reply set ``set``)."""

    id: str
    scenario: str
    text: str
    kind: str
    labels: Mapping[str, Any]
    set: str = "english"


def reply_sets() -> dict[str, Path]:
    """Every reply set by name: the shipped ones, then those named in ``LABELLED_REPLY_SETS``."""
    found = dict(REPLY_SETS)
    for item in filter(None, os.environ.get(EXTRA_SETS_VARIABLE, "").split(",")):
        name, _, path = item.partition("=")
        found[name.strip()] = Path(path.strip())
    return found


@cache
def replies_source(reply_set: str = "english") -> dict[str, Any]:
    """One reply set's YAML file as written."""
    with reply_sets()[reply_set].open(encoding="utf-8") as handle:
        return yaml.safe_load(handle)


@cache
def scenario_messages(name: str, reply_set: str = "english") -> tuple[dict[str, Any], ...]:
    """The session up to a reply: history, the customer's words and the scenario's calls, replayed."""
    scenario = replies_source(reply_set)["scenarios"][name]
    return tuple(play(tasks()[scenario["task"]], scenario["turns"]))


def scenario_task(name: str, reply_set: str = "english") -> Mapping[str, Any]:
    """The task a scenario belongs to."""
    return tasks()[replies_source(reply_set)["scenarios"][name]["task"]]


def load_replies(reply_set: str = "english") -> list[Reply]:
    """Every labelled reply of one set."""
    return [
        Reply(str(item["id"]), item["scenario"], item["text"], item["kind"], item.get("labels") or {}, reply_set)
        for item in replies_source(reply_set)["replies"]
    ]


def load_customer_replies(reply_set: str = "english") -> list[tuple[str, str]]:
    """Customer replies to a proposal of one set, each with its label: yes, no or unclear."""
    return [(item["text"], item["label"]) for item in replies_source(reply_set).get("customer_replies") or []]
