"""A ``validate`` check: every figure a task says the customer must be told is one its scenario asks for.

The facts of a task are what the request needs (:mod:`tau_indian_bank.evaluation.fact_rules`): an
amount, a date or a rate is a fact only when the customer's request asks for it or the policy
says to tell it, by the one rule :func:`~tau_indian_bank.evaluation.request_needs.needs` and the
lexicon's words for each tool's output field. This check applies the same rule to the facts a task *stores* from its gold
replay, and fails a task with a figure its scenario never asks about (a decline's EMI and next EMI date, a request's due
date), or a figure of a field the lexicon has no words for (add them to ``text/lexicon/figures.py``). A *declared* fact
(a robustness family's, written by hand beside its notes: the mismatch the assistant must put to the customer, what a
refusal must say) is what the task's notes say the customer must be told, which is the policy's word, not the request's;
``tasks/robust/told.py`` checks those against the notes instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from tau_indian_bank.evaluation.fact_kinds import FIGURE_KINDS
from tau_indian_bank.evaluation.facts import declared_facts, task_facts
from tau_indian_bank.evaluation.request_needs import needs, request_text
from tau_indian_bank.tasks.composition import Check
from tau_indian_bank.text.lexicon import TOOLS

NAME = "facts are figures the request needs"


class _Problems(Protocol):
    def add(self, check: str, task_id: str, reason: str = "") -> None: ...


def unasked_figures(task: Mapping[str, Any]) -> list[str]:
    """The figures among a task's facts that its scenario never asks for (one line each)."""
    request = request_text(task)
    actions = (task.get("evaluation_criteria") or {}).get("actions") or []
    found = []
    declared = declared_facts(task)
    for fact in task_facts(task):
        if fact.kind not in FIGURE_KINDS or fact in declared:
            continue
        tool = actions[fact.step]["name"] if fact.step < len(actions) else None
        tools = (
            [tool]
            if tool in TOOLS and fact.field in TOOLS[tool].figures
            else [name for name, words in TOOLS.items() if fact.field in words.figures]
        )
        if not tools:
            found.append(f"{fact.label}: no words in the lexicon say how a customer asks for {fact.field!r}")
        elif not any(needs(request, name, fact.field) for name in tools):
            found.append(f"{fact.label}: a figure the scenario never asks for")
    return found


def fact_needs_check(tasks: Sequence[Mapping[str, Any]], problems: _Problems) -> Check:
    """The validator's row: tasks whose facts are all figures their request asks for."""
    bad = set()
    for task in tasks:
        for problem in unasked_figures(task):
            problems.add(NAME, str(task.get("id")), problem)
            bad.add(task.get("id"))
    return Check(NAME, f"{len(tasks)} tasks", f"{len(tasks) - len(bad)} ok", not bad)
