"""Precision and recall of the customer audit (C1–C6) on labelled live conversations.

    python -m tests.labelled.measure_customers    # the table (make labelled prints it after the others)

The conversations are ``tests/labelled/customer_live/<task_id>.<variant>.json`` (format below;
``docs/customer-fidelity.md`` defines the checks): tau2 messages exactly as a results file stores them, with
who played the customer and the assistant, and a label per check (``pass | fail | n/a``) with a
note per non-pass label. Positive = the label says ``fail``; a check flags a conversation when
its outcome is ``fail`` (``needs_review`` is shown, not counted as an error, as in the report).
A label still ``null`` (the bridge's exporter writes them so, for a labeller to fill in) is not
measured, and the table says how many conversations await labels. While the folder holds no
labelled conversation the measure prints one line saying so.

A conversation file::

    {"task_id": "...", "task_set": "indian_bank" | "indian_bank_robust", "variant": "live" | "twin-C3" | ...,
     "customer": "...", "assistant": "...", "termination_reason": "user_stop" | ...,
     "messages": [...], "labels": {"C1": "pass" | "fail" | "n/a", ...}, "label_notes": "...",
     "user_scenario": {...}}

``user_scenario`` is the task's scenario as the customer was given it when the conversation was
played: the audit reads the conversation against that, not against a later regeneration of the
task (a scenario rewritten since would make a faithful customer look like an inventor).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).resolve().parent / "customer_live"
LABELS = ("pass", "fail", "n/a")
TASK_SETS = ("indian_bank", "indian_bank_robust")
KEYS = ("task_id", "task_set", "variant", "customer", "assistant", "termination_reason", "messages", "labels", "label_notes")


@dataclass(frozen=True)
class Labelled:
    """One labelled conversation."""

    path: Path
    data: Mapping[str, Any]

    @property
    def name(self) -> str:
        return self.path.stem

    def label(self, check: str) -> str | None:
        """The label of one check (None: not labelled yet)."""
        return self.data["labels"].get(check)

    @property
    def labelled(self) -> bool:
        """Does it carry any label yet?"""
        return any(value is not None for value in self.data["labels"].values())


def live_count(items: list[Labelled]) -> int:
    """How many of the conversations were played live (the rest are twins)."""
    return sum(item.data["variant"] == "live" for item in items)


def problems(data: Mapping[str, Any], name: str) -> list[str]:
    """What is wrong with one conversation file's shape (empty: nothing)."""
    from tau_indian_bank.evaluation.customer import AUDITS

    found = [f"{name}: missing {key!r}" for key in KEYS if key not in data]
    if found:
        return found
    if data["task_set"] not in TASK_SETS:
        found.append(f"{name}: task_set {data['task_set']!r} is not one of {TASK_SETS}")
    if name.split(".")[0] != data["task_id"] or name.split(".", 1)[-1] != data["variant"]:
        found.append(f"{name}: the file name is not <task_id>.<variant>")
    labels = data["labels"] if isinstance(data["labels"], Mapping) else {}
    found += [
        f"{name}: label {check} is {labels.get(check)!r}"
        for check in AUDITS
        if labels.get(check) is not None and labels.get(check) not in LABELS
    ]
    if any(labels.get(check) == "fail" for check in AUDITS) and not str(data["label_notes"]).strip():
        found.append(f"{name}: a failing label needs a note (which turn and why)")
    return found


def load(folder: Path = FOLDER) -> list[Labelled]:
    """Every labelled conversation of the folder, in name order (none when it is missing or empty)."""
    if not folder.is_dir():
        return []
    found = [Labelled(path, json.loads(path.read_text(encoding="utf-8"))) for path in sorted(folder.glob("*.json"))]
    wrong = [line for item in found for line in problems(item.data, item.name)]
    if wrong:
        raise ValueError("; ".join(wrong))
    return found


def measured(folder: Path = FOLDER) -> list[Labelled]:
    """The conversations that carry labels: the ones the measure counts."""
    return [item for item in load(folder) if item.labelled]


@cache
def _tasks(task_set: str) -> Mapping[str, Mapping[str, Any]]:
    from tau_indian_bank.tasks.suite_files import load_suite, task_set_files

    return {t["id"]: t for t in load_suite(task_set_files(None if task_set == "indian_bank" else task_set)[0])}


def outcomes(item: Labelled) -> dict[str, Any]:
    """The audit's outcome of each check on one labelled conversation."""
    from tau_indian_bank.evaluation.customer import audit_session

    return audit_session(played_task(item), item.data["messages"])


def played_task(item: Labelled) -> Mapping[str, Any]:
    """The conversation's task, with the scenario the customer was given when it was played (if the file records it)."""
    task = _tasks(item.data["task_set"])[item.data["task_id"]]
    played = item.data.get("user_scenario")
    return {**task, "user_scenario": played} if isinstance(played, Mapping) else task


def scores(items: list[Labelled]) -> dict[str, tuple[int, int, int, int]]:
    """Per check: (true positives, false positives, false negatives, true negatives); positive = labelled ``fail``.

    A check not labelled yet on a conversation is left out.
    """
    from tau_indian_bank.evaluation.customer import AUDITS

    counts = {check: [0, 0, 0, 0] for check in AUDITS}
    for item in items:
        found = outcomes(item)
        for check in AUDITS:
            if item.label(check) is None:
                continue
            expected, flagged = item.label(check) == "fail", found[check].status == "fail"
            counts[check][(0 if flagged else 2) if expected else (1 if flagged else 3)] += 1
    return {check: (c[0], c[1], c[2], c[3]) for check, c in counts.items()}


def disagreements(items: list[Labelled]) -> list[str]:
    """One line per (conversation, check) whose outcome disagrees with its label, with what the check found."""
    from tau_indian_bank.evaluation.customer import AUDITS

    lines = []
    for item in items:
        found = outcomes(item)
        for check in AUDITS:
            if item.label(check) is not None and (item.label(check) == "fail") != (found[check].status == "fail"):
                lines.append(
                    f"- {item.name}: {check} labelled {item.label(check)}, audit {found[check].status}"
                    f"{': ' + found[check].detail if found[check].detail else ''}"
                )
    return lines


def table(folder: Path = FOLDER) -> str:
    """The markdown table (precision and recall per check), or one line while there is nothing to measure."""
    from tau_indian_bank.evaluation.customer import AUDITS, TITLES

    every = load(folder)
    items = [item for item in every if item.labelled]
    waiting = len(every) - len(items)
    if not items:
        return (
            f"Customer audit: no labelled live conversations yet ({folder.name}/ is empty or missing"
            + (f"; {waiting} await labels" if waiting else "")
            + "); nothing measured."
        )
    counted = scores(items)
    live = live_count(items)
    lines = [
        f"Customer audit on {len(items)} labelled conversations ({folder.name}/: {live} live, {len(items) - live} twins): "
        "positive = the label says the customer erred (fail); flagged = the check fails",
        "",
        "| check | conversations | labelled errors | precision | recall |",
        "|---|---|---|---|---|",
    ]
    for check in AUDITS:
        tp, fp, fn, tn = counted[check]
        precision = tp / (tp + fp) if tp + fp else 1.0
        recall = tp / (tp + fn) if tp + fn else 1.0
        lines.append(f"| {check} {TITLES[check]} | {tp + fp + fn + tn} | {tp + fn} | {precision:.3f} | {recall:.3f} |")
    wrong = disagreements(items)
    waiting_line = [f"Conversations awaiting labels (not measured): {waiting}"] if waiting else []
    return "\n".join([*lines, "", *waiting_line, f"Disagreements with the labels: {len(wrong)}", *wrong])


if __name__ == "__main__":
    print(table())
