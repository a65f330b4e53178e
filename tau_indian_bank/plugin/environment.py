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

from tau_indian_bank.errors import PolicyFileError
from tau_indian_bank.evaluation.assertions import VerdictAssertions
from tau_indian_bank.paths import POLICY_DIR, ROBUST_SPLITS_FILE, ROBUST_TASKS_FILE
from tau_indian_bank.tasks.suite_files import load_splits, load_suite, select_split
from tau_indian_bank.tools.arguments import ToolError
from tau_indian_bank.tools.toolkit import BankTools
from tau_indian_bank.vocabulary import DOMAIN_NAME

POLICY_FILE = POLICY_DIR / "servicing_policy.md"


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
    """tau2's Environment, calling tools with a dict of arguments and journalling every call."""

    tools: SessionTools

    def get_response(self, message: ToolCall) -> ToolMessage:
        """Run one tool call; a refusal or bad input becomes an error message, never an exception."""
        refused = True
        if message.requestor != "assistant":
            content = "Error: the customer has no tools in this domain"
        else:
            try:
                content = self.tools.call(message.name, message.arguments)
                refused = False
            except ToolError as exc:
                content = f"Error: {exc}"
            except Exception as exc:  # noqa: BLE001 - a defect in a tool must not end the run (fuzz tests keep this unused)
                content = f"Error: the bank could not complete {message.name} ({type(exc).__name__}); try again later"
        self.tools.record(message.id, message.name, message.arguments, refused)
        return ToolMessage(id=message.id, content=content, requestor=message.requestor, role="tool", error=refused)


def get_environment(solo_mode: bool = False, **_: Any) -> BankEnvironment:
    """Build one session's environment (tau2 builds several per simulation)."""
    if solo_mode:
        raise ValueError("the indian_bank domain is conversational and does not support solo mode")
    return BankEnvironment(domain_name=DOMAIN_NAME, policy=agent_policy(), tools=SessionTools())


def get_tasks(task_split_name: str | None = "base") -> list[Task]:
    """The tasks of a split (all tasks when ``task_split_name`` is None)."""
    return [Task.model_validate(task) for task in select_split(load_suite(), load_splits(), task_split_name)]


def get_tasks_split() -> dict[str, list[str]]:
    """The named splits: base, lite, train and test."""
    return {name: list(ids) for name, ids in load_splits().items()}


def get_robust_tasks(task_split_name: str | None = "base") -> list[Task]:
    """The robustness set's tasks of a split (``base`` is the whole set)."""
    tasks, splits = load_suite(ROBUST_TASKS_FILE), load_splits(ROBUST_SPLITS_FILE)
    return [Task.model_validate(task) for task in select_split(tasks, splits, task_split_name)]


def get_robust_tasks_split() -> dict[str, list[str]]:
    """The robustness set's splits: base and lite."""
    return {name: list(ids) for name, ids in load_splits(ROBUST_SPLITS_FILE).items()}
