"""Replay the careful hand-labelled conversations through the scripted customer, turn by turn.

Each careful conversation of ``tests/labelled/source/`` (hand-written: the assistant's turns as a
careful model writes them, the customer's as its scenario says) is put to the scripted customer:
at every assistant turn that the hand-written customer answers, the scripted customer gets the
same history (the hand-written turns so far) and replies; the two replies are compared by what
they do (:func:`acts_of`), and agree when the scripted reply does one thing the hand-written one
does (a hand-written customer sometimes says its cue line and goodbye in one turn):

* ``cue``        a scripted line of the scenario (said alone or with a goodbye);
* ``transfer``   the hand-over token; ``end``  the stop token;
* ``secret``     a refusal to share an OTP, PIN or password;
* ``yes`` / ``no`` as :func:`~tau_indian_bank.text.affirmation` reads the reply;
* ``detail``     the known facts the reply names (the same facts, in any wording or language);
* ``other``      anything else (a question of the customer's own, a remark).

``python -m tests.participants.labelled_replay [SOURCE_DIR]`` prints every turn that disagrees and
the count.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

SOURCE_DIR = Path(__file__).resolve().parents[1] / "labelled" / "source"
_WORD = re.compile(r"[a-z0-9\u0900-\u097f]+")
_STOP_WORDS = frozenset("a an the your you my me of to for and or in on at is are it its this that with from by i".split())
_SECRET = re.compile(r"\b(otp|pin|cvv|password)\b|ओटीपी|पिन|पासवर्ड", re.I)
_NEGATION = re.compile(r"\b(not|never|nahi|won't)\b|नहीं", re.I)


@dataclass(frozen=True)
class Turn:
    """One assistant turn of a careful conversation and the two customers' replies to it."""

    task_id: str
    index: int  # the customer turn's position among the conversation's customer turns
    assistant: str
    hand: str
    scripted: str
    hand_acts: frozenset[str]
    scripted_acts: frozenset[str]

    @property
    def agrees(self) -> bool:
        """The scripted reply does what the hand-written one does (one of its acts, when it does two at once)."""
        return bool(self.hand_acts & self.scripted_acts)


@cache
def _tasks() -> dict[str, Mapping[str, Any]]:
    from tau_indian_bank.paths import ROBUST_TASKS_FILE
    from tau_indian_bank.tasks.suite_files import load_suite

    return {t["id"]: t for t in load_suite()} | {t["id"]: t for t in load_suite(ROBUST_TASKS_FILE)}


def _names(reply: str, answer: str) -> bool:
    """Does a customer reply name a known fact (its amount, last four, cheque number, period, or most of its words)?"""
    from tau_indian_bank.text import amount_values, cheque_numbers, endings, periods

    for read in (amount_values, endings, cheque_numbers, periods):
        if read(answer):
            return bool(read(answer) & read(reply))
    words = {w for w in _WORD.findall(re.sub(r"\(.*?\)", "", answer.lower())) if w not in _STOP_WORDS and len(w) > 2}
    return bool(words) and 2 * len(words & set(_WORD.findall(reply.lower()))) >= len(words)


def acts_of(reply: str, script: Any) -> frozenset[str]:
    """What a customer reply does (see the module docstring): one act, or two said in one turn ("No, thank you. ###STOP###")."""
    from tau_indian_bank.text import affirmation

    said = set(_WORD.findall(reply.lower()))
    acts = set()
    for cue in script.cues:
        line = set(_WORD.findall(cue.line.lower()))
        if line and 10 * len(line & said) >= 7 * len(line):
            acts.add("cue")
    if "###TRANSFER###" in reply:
        return frozenset(acts | {"transfer"})
    if "###STOP###" in reply:
        return frozenset(acts | {"end"})  # an ending's "no, that's all" is no refusal
    answer = affirmation(reply)
    if _SECRET.search(reply) and (answer == "no" or _NEGATION.search(reply)):
        acts.add("secret")
    elif answer in ("yes", "no"):
        acts.add(answer)
    named = sorted(f.topic for f in script.facts if _names(reply, f.answer))
    if named:
        acts.add("detail:" + ", ".join(named))
    return frozenset(acts or {"other"})


def _history(task: Mapping[str, Any]) -> list[Any]:
    from tau2.data_model.message import AssistantMessage, UserMessage

    found: list[Any] = []
    for message in task["initial_state"].get("message_history") or []:
        if message["role"] == "user":
            found.append(UserMessage(role="user", content=message.get("content")))
        elif message["role"] == "assistant" and message.get("content") and not message.get("tool_calls"):
            found.append(AssistantMessage(role="assistant", content=message["content"]))
    return found


def replay(source: Mapping[str, Any]) -> list[Turn]:
    """Every answered assistant turn of one source's careful conversation, with both customers' replies."""
    from tau2.data_model.message import AssistantMessage, UserMessage
    from tau2.data_model.tasks import Task

    from tau_indian_bank.participants.customer import IndianBankCustomer

    task = _tasks()[source["task"]]
    customer = IndianBankCustomer(instructions=str(Task.model_validate(task).user_scenario))
    state = customer.get_init_state(_history(task))
    last, turns, index = None, [], 0
    for turn in source["careful"]:
        if turn.get("assistant"):
            last = turn["assistant"]
            state.messages.append(AssistantMessage(role="assistant", content=last))
        if "user" in turn:
            if last is not None:
                mine = customer.reply_to(last, state)
                turns.append(
                    Turn(
                        task["id"], index, last, turn["user"], mine, acts_of(turn["user"], customer.script), acts_of(mine, customer.script)
                    )
                )
            state.messages.append(UserMessage(role="user", content=turn["user"]))
            index += 1
            last = None
    return turns


def replay_all(source_dir: Path = SOURCE_DIR) -> list[Turn]:
    """Every answered assistant turn of every careful conversation in ``source_dir``."""
    found: list[Turn] = []
    for path in sorted(source_dir.glob("*.yaml")):
        found += replay(yaml.safe_load(path.read_text(encoding="utf-8")))
    return found


def report(turns: Iterable[Turn]) -> str:
    """The disagreeing turns and the agreement count."""
    turns = list(turns)
    lines = [
        f"{t.task_id} #{t.index}: hand {sorted(t.hand_acts)}, scripted {sorted(t.scripted_acts)}\n"
        f"  assistant: {t.assistant[-200:]!r}\n  hand:      {t.hand!r}\n  scripted:  {t.scripted!r}"
        for t in turns
        if not t.agrees
    ]
    lines.append(f"agree {sum(t.agrees for t in turns)}/{len(turns)}")
    return "\n".join(lines)


if __name__ == "__main__":
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("LOGURU_LEVEL", "ERROR")
    print(report(replay_all(Path(sys.argv[1]) if len(sys.argv) > 1 else SOURCE_DIR)))
