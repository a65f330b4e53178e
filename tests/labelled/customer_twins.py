"""The hand-made labelled customer conversations of ``customer_live/``: a real session with one customer turn edited.

    python -m tests.labelled.customer_twins    # rebuild them (tau2's own loop: the oracle and the scripted customer)

Each is a session of the oracle and the scripted customer played through the offline runner
(tool outputs from the bank itself), in which one customer turn is rewritten the way a
language model might have erred; a customer that ends the conversation there has the rest of
the session cut. Live conversations (a language model playing ``indian_bank_user``) go in the
same folder, made by other tools; these few give the measure and its test data until then.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from tests.labelled.measure_customers import FOLDER

#: Checks a twin does not break are labelled pass, or n/a where the check has nothing to judge (as the notes say).
CHECKS = ("C1", "C2", "C3", "C4", "C5", "C6")


@dataclass(frozen=True)
class Twin:
    """One edit of a scripted session: the customer's ``turn`` (1 = its opening) said as ``text`` instead."""

    task_id: str
    task_set: str
    check: str
    turn: int
    text: str
    note: str
    not_applicable: tuple[str, ...] = ()
    cut: bool = False


TWINS = (
    Twin(
        "seq_fd_close_0001",
        "indian_bank",
        "C1",
        2,
        "Yes, please go ahead. It's the one I opened on 3 April 2025.",
        "C1 fail: turn 2 names a day (3 April 2025) the scenario never gives (only April 2025) and the assistant never said",
        ("C5",),
    ),
    Twin(
        "rob_code_mixed_fd_close_0002",
        "indian_bank_robust",
        "C6",
        2,
        "Yes, please go ahead and close it.",
        "C6 fail: turn 2 is plain English in a Hinglish scenario (six words or more, no Hindi word)",
        ("C5",),
    ),
    Twin(
        "rob_wrong_info_card_ending_0001",
        "indian_bank_robust",
        "C5",
        2,
        "Yes, please go ahead.",
        "C5 fail: turn 2 says yes when the assistant shows the card ending 0915, instead of the scripted correction of "
        "the wrong digits (0951 -> 0915)",
        ("C2",),
    ),
    Twin(
        "edge_overdue_escalate_0004",
        "indian_bank",
        "C4",
        2,
        "Thanks, I will call again later. ###STOP###",
        "C4 fail: turn 2 ends the conversation over the assistant's proposal to escalate, leaving its request open",
        ("C3", "C5"),
        cut=True,
    ),
)


def build(twin: Twin) -> dict:
    """The twin's conversation file (runs the task through tau2's loop)."""
    from tau2.data_model.tasks import Task

    from tau_indian_bank.plugin.offline import run_offline
    from tau_indian_bank.tasks.suite_files import load_suite, task_set_files
    from tau_indian_bank.vocabulary import ORACLE

    task = next(
        t for t in load_suite(task_set_files(None if twin.task_set == "indian_bank" else twin.task_set)[0]) if t["id"] == twin.task_id
    )
    simulation = run_offline([Task.model_validate(task)], ORACLE).simulations[0]
    messages = [m.model_dump(mode="json") for m in simulation.messages]
    history = len(task["initial_state"]["message_history"] or [])
    turns = [i for i, m in enumerate(messages) if i >= history and m["role"] == "user" and m.get("content")]
    at = turns[twin.turn - 1]
    messages[at]["content"] = twin.text
    if twin.cut:
        messages = messages[: at + 1]
    ended = getattr(simulation.termination_reason, "value", str(simulation.termination_reason))
    labels = {check: "fail" if check == twin.check else "n/a" if check in twin.not_applicable else "pass" for check in CHECKS}
    return {
        "task_id": twin.task_id,
        "task_set": twin.task_set,
        "variant": f"twin-{twin.check}",
        "customer": "indian_bank_customer (scripted), one turn rewritten by hand as a language model might have erred",
        "assistant": "indian_bank_oracle",
        "termination_reason": "user_stop" if twin.cut else ended,
        "messages": messages,
        "labels": labels,
        "label_notes": twin.note,
        "user_scenario": task["user_scenario"],
    }


def main() -> int:
    FOLDER.mkdir(exist_ok=True)
    for twin in TWINS:
        data = build(twin)
        path = FOLDER / f"{twin.task_id}.twin-{twin.check}.json"
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
