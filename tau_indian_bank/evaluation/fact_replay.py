"""A task's facts from its gold replay: replay the chain, read the facts off the outputs, store them in the task.

:func:`replay_gold` replays a task's gold chain after its initialization actions;
:func:`derive_facts` reads each call's facts off the outputs (:mod:`.fact_rules`) and merges
repeats (:func:`.facts.merge`); :func:`attach_facts` is the task generator's one hook, storing
them where :func:`.facts.task_facts` reads them. ``validate`` derives them again and compares.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tau_indian_bank.evaluation.fact_rules import facts_per_step
from tau_indian_bank.evaluation.facts import Fact, declared_facts, dump_facts, merge
from tau_indian_bank.tools.arguments import ToolError
from tau_indian_bank.tools.toolkit import BankTools


def derive_facts(task: Mapping[str, Any], outputs: Sequence[str], declared: bool = True) -> list[list[Fact]]:
    """The facts of each gold call, from the task and the outputs of its gold replay.

    With ``declared`` the task's declared facts lead step 0 (a step of its own when the
    gold chain is empty), so the result flattens to :func:`task_facts`.
    """
    per_step = facts_per_step(task, outputs)
    extra = declared_facts(task) if declared else []
    if extra:
        per_step = [extra + (per_step[0] if per_step else []), *per_step[1:]]
    return merge(per_step)


def replay_gold(task: Mapping[str, Any]) -> list[str]:
    """The outputs of the task's gold chain, replayed after the task's initialization actions (a refusal: its message)."""
    tools = BankTools()
    for action in task["initial_state"]["initialization_actions"]:
        if action.get("env_type", "assistant") == "assistant":
            getattr(tools, action["func_name"])(**action["arguments"])
    outputs = []
    for action in task["evaluation_criteria"]["actions"]:
        try:
            outputs.append(tools.call(action["name"], action["arguments"]))
        except ToolError as exc:
            outputs.append(str(exc))
    return outputs


def attach_facts(task: dict[str, Any]) -> dict[str, Any]:
    """Store the facts of the task's gold replay in its gold actions' ``info`` (the generator's hook)."""
    criteria = task["evaluation_criteria"]
    per_step = derive_facts(task, replay_gold(task), declared=False)
    criteria["actions"] = [{**action, "info": dump_facts(facts) if facts else None} for action, facts in zip(criteria["actions"], per_step)]
    return task
