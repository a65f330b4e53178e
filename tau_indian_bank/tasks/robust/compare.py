"""Compare two versions of the robustness set's tasks file, task by task (by id).

People label conversations on the shipped tasks; a regeneration must say exactly which
existing tasks it changed and in what. :func:`compare` reads two task lists and reports, for
every id in both, which parts differ: the customer logged in, the scenario (persona and
instructions), the gold chain, the staged set-up, the earlier conversation, the facts, the
description (purpose, cited clauses, notes) and the natural-language assertion; and which ids
are new or gone.

Run it as ``python -m tau_indian_bank.tasks.robust.compare OLD.json NEW.json`` (for the last
committed version: ``git show main:tasks/robust/tasks.json > /tmp/old.json``). The exit status
is 0; the report is for people.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from tau_indian_bank.evaluation.facts import notes_without_declared, task_facts


def _gold(task: Mapping[str, Any]) -> Any:
    return [{k: v for k, v in a.items() if k != "info"} for a in task["evaluation_criteria"]["actions"]]


def _description(task: Mapping[str, Any]) -> Any:
    description = dict(task["description"])
    description["notes"] = notes_without_declared(description.get("notes"))
    return description


#: The parts of a task compared, in report order: name -> how to read it.
PARTS: dict[str, Callable[[Mapping[str, Any]], Any]] = {
    "customer": lambda t: t["initial_state"]["initialization_actions"][0]["arguments"]["customer_id"],
    "scenario": lambda t: t["user_scenario"],
    "gold chain": _gold,
    "set-up": lambda t: t["initial_state"]["initialization_actions"][1:],
    "earlier conversation": lambda t: t["initial_state"]["message_history"][2:],
    "facts": lambda t: [f.model_dump() for f in task_facts(t)],
    "description": _description,
    "assertion": lambda t: t["evaluation_criteria"]["nl_assertions"],
}


def compare(old: Sequence[Mapping[str, Any]], new: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """``{"changed": {id: [parts]}, "added": [ids], "removed": [ids], "unchanged": n}`` (ids in file order)."""
    before = {t["id"]: t for t in old}
    after = {t["id"]: t for t in new}
    changed: dict[str, list[str]] = {}
    for task_id, task in before.items():
        if task_id in after:
            parts = [name for name, read in PARTS.items() if read(task) != read(after[task_id])]
            if parts:
                changed[task_id] = parts
    return {
        "changed": changed,
        "added": [i for i in after if i not in before],
        "removed": [i for i in before if i not in after],
        "unchanged": len(set(before) & set(after)) - len(changed),
    }


def render(result: Mapping[str, Any]) -> str:
    """The comparison as lines: a summary, then each changed id with the parts that changed."""
    by_parts = Counter(", ".join(parts) for parts in result["changed"].values())
    lines = [
        f"unchanged {result['unchanged']}, changed {len(result['changed'])}, added {len(result['added'])}, removed {len(result['removed'])}"
    ]
    lines += [f"  {n} changed in: {parts}" for parts, n in sorted(by_parts.items(), key=lambda kv: (-kv[1], kv[0]))]
    lines += [f"{task_id}: {', '.join(parts)}" for task_id, parts in result["changed"].items()]
    lines += [f"removed {task_id}" for task_id in result["removed"]]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """``compare OLD NEW``: print what changed between two tasks files."""
    old_path, new_path = (argv if argv is not None else sys.argv[1:])[:2]
    old, new = (json.loads(Path(p).read_text(encoding="utf-8")) for p in (old_path, new_path))
    print(render(compare(old, new)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
