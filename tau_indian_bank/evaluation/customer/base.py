"""What every customer check reads: one session's customer turns beside its scenario, built once.

A customer check is a :class:`CustomerCheck`: a name (``C1``…), a title, and
``check(view: Transcript) -> GateOutcome`` (the gates' outcome: ``pass | fail | needs_review |
n/a`` and a detail naming the offending customer turn, "turn 3: …"). Each check module
defines ``judge(conversation) -> GateOutcome`` on a :class:`Conversation`; its ``check`` builds
the conversation from the transcript, and :func:`~tau_indian_bank.evaluation.customer.run_audit`
builds it once for all six.

A **customer turn** is a message with ``role == "user"`` and words, after the task's opening
history; turns are numbered from 1 (the opening line) in the order the customer wrote them. The
customer sees what the assistant wrote (the history's greeting included), never a tool output.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from tau_indian_bank.evaluation.gates.base import NOT_APPLICABLE, GateOutcome, Status
from tau_indian_bank.evaluation.transcript import Transcript
from tau_indian_bank.text import read_message
from tau_indian_bank.text.replies import ending, without_ending
from tau_indian_bank.text.scenario import Scenario, read_scenario, scenario_of
from tau_indian_bank.text.speech import Reading


@dataclass(frozen=True)
class Turn:
    """One customer turn."""

    index: int  # its position among the session's messages
    number: int  # 1 for the opening line, then in order
    text: str  # as written
    said: str  # without tau2's ending token
    ending: str | None  # how it ends the conversation: "stop", "transfer", "out_of_scope" or None


class Conversation:
    """A session as the customer checks read it: the scenario, the customer's turns, what the assistant said before each."""

    def __init__(self, view: Transcript) -> None:
        self.view = view
        self.scenario: Scenario = read_scenario(scenario_of(view.task))
        turns: list[Turn] = []
        for index, message in enumerate(view.messages):
            content = message.get("content")
            if index >= view.history and message.get("role") == "user" and isinstance(content, str) and content.strip():
                turns.append(Turn(index, len(turns) + 1, content, without_ending(content), ending(content)))
        self.turns: tuple[Turn, ...] = tuple(turns)
        self._readings: dict[str, Reading] = {}

    @cached_property
    def assistant_messages(self) -> list[tuple[int, str]]:
        """(position, text) of every assistant message with words, the history's included."""
        return [
            (i, str(m["content"]))
            for i, m in enumerate(self.view.messages)
            if m.get("role") == "assistant" and isinstance(m.get("content"), str) and m["content"].strip()
        ]

    def said_before(self, index: int) -> list[str]:
        """Everything the assistant wrote before message ``index`` (what the customer has been told)."""
        return [text for i, text in self.assistant_messages if i < index]

    def prompt(self, turn: Turn) -> str:
        """What the assistant wrote since the customer's previous turn: what ``turn`` replies to."""
        previous = max((t.index for t in self.turns if t.index < turn.index), default=-1)
        return "\n".join(text for i, text in self.assistant_messages if previous < i < turn.index)

    def read(self, text: str) -> Reading:
        """The text layer's reading of an assistant text (:func:`~tau_indian_bank.text.read_message`), read once."""
        found = self._readings.get(text)
        if found is None:
            found = self._readings[text] = read_message(text)
        return found

    def reading(self, turn: Turn) -> Reading:
        """The text layer's reading of what ``turn`` replies to (proposal, question, hand-over made, …)."""
        return self.read(self.prompt(turn))

    def succeeded(self, names: frozenset[str] | set[str], before: int | None = None) -> bool:
        """Did a call of one of these tools reach the bank and succeed (before message ``before``, if given)?"""
        return any(call.name in names and call.succeeded and (before is None or call.index < before) for call in self.view.calls)


@dataclass(frozen=True)
class CustomerCheck:
    """One customer check (see the module docstring)."""

    name: str
    title: str
    judge: Callable[[Conversation], GateOutcome]

    def check(self, view: Transcript) -> GateOutcome:
        """The check's outcome for one session."""
        return self.judge(Conversation(view))


def at(turn: Turn, why: str, status: Status = "fail") -> GateOutcome:
    """An outcome naming the customer turn it is about ("turn 3: …")."""
    return GateOutcome(status, f"turn {turn.number}: {why}")


def verdict(outcomes: list[GateOutcome], judged: bool) -> GateOutcome:
    """The first failure, else the first needs_review, else pass (n/a when nothing was ``judged``)."""
    for level in ("fail", "needs_review"):
        found = next((o for o in outcomes if o.status == level), None)
        if found is not None:
            return found
    return GateOutcome("pass") if judged else NOT_APPLICABLE
