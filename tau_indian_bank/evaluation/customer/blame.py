"""Whose problem came first in a failed session: the customer's or the assistant's.

A failed session's **first problem was the customer's** when a customer check failed
(:func:`~tau_indian_bank.evaluation.customer.customer_error`) on a customer turn that came at
or before the assistant's first mistake:

* the assistant's **first mistake** is the earliest tool call the action check faults — a write
  (or a hand-over) that matches no gold write, or a call to the tool of a missing gold call with
  other arguments; a change with other arguments than the gold one's (another card, another
  amount) was the assistant's choice before the customer agreed to it, so its mistake is taken
  at the assistant's turn that proposed it (the last one before the customer's reply that
  preceded the change) — whereas a change the gold chain does not make at all (closing a
  deposit in a task scripted to decline) may be the customer's doing, and is taken at the call;
* when it made no such call (it stopped short, skipped a required read, or the final state
  differs for another reason), its mistake is one of omission, taken at the end of the session:
  any customer error came before it;
* the customer's error is at the turn its check names ("turn 3: …"); a check whose outcome
  names no turn is taken at the customer's last turn.

Sessions that passed, and infrastructure errors (a model error, a crash, a session never run),
are never the customer's to answer for here: the caller leaves them out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tau_indian_bank.evaluation.gates.base import GateOutcome
from tau_indian_bank.evaluation.transcript import Transcript

_TURN = re.compile(r"^turn (\d+):")


def customer_turns(view: Transcript) -> list[int]:
    """The positions of the customer's turns (messages with words after the opening history), in order."""
    return [
        i
        for i, m in enumerate(view.messages)
        if i >= view.history and m.get("role") == "user" and isinstance(m.get("content"), str) and m["content"].strip()
    ]


def offending_turns(view: Transcript, outcomes: Mapping[str, GateOutcome]) -> dict[str, int]:
    """For each failed check, the position of the customer turn it names (the last turn when it names none)."""
    turns = customer_turns(view)
    found = {}
    for name, outcome in outcomes.items():
        if outcome.status != "fail" or not turns:
            continue
        match = _TURN.match(outcome.detail)
        number = int(match.group(1)) if match else len(turns)
        found[name] = turns[min(max(number, 1), len(turns)) - 1]
    return found


def _proposed_at(view: Transcript, index: int) -> int:
    """Where the assistant proposed the change made at message ``index``: its last words before the customer's reply."""
    replies = [i for i in customer_turns(view) if i < index]
    if not replies:
        return index
    said = [i for i, m in enumerate(view.messages[: replies[-1]]) if m.get("role") == "assistant" and m.get("content")]
    return said[-1] if said and said[-1] >= view.history else index


def assistant_first_mistake(view: Transcript, faulted_call_ids: Iterable[str], wrong_argument_call_ids: Iterable[str] = ()) -> int:
    """The position of the assistant's first mistake (see the module docstring); the end of the session when it made none."""
    faulted, chosen = set(faulted_call_ids), set(wrong_argument_call_ids)
    return min(
        (
            _proposed_at(view, call.index) if call.call_id in chosen and call.changes_state else call.index
            for call in view.calls
            if call.call_id in faulted | chosen
        ),
        default=len(view.messages),
    )


def customer_first(
    view: Transcript, outcomes: Mapping[str, GateOutcome], faulted_call_ids: Iterable[str], wrong_argument_call_ids: Iterable[str] = ()
) -> str | None:
    """The failed check whose turn came first, if it came at or before the assistant's first mistake; else None.

    Call it for a failed session that is not an infrastructure error (see the module docstring):
    ``faulted_call_ids`` are the calls the action check faults, ``wrong_argument_call_ids`` those of
    them made with other arguments than a missing gold call's.
    """
    turns = offending_turns(view, outcomes)
    if not turns:
        return None
    name = min(turns, key=lambda check: (turns[check], check))
    return name if turns[name] <= assistant_first_mistake(view, faulted_call_ids, wrong_argument_call_ids) else None
