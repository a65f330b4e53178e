"""The facts the customer must be told: what they are, where a task keeps them, how they are derived.

API (used by the task generator, the oracle, the answer check, ``validate`` and reports):

* :class:`Fact` — one thing the customer must be told: ``kind`` (``amount``, ``date``,
  ``percent``, ``reference``, ``last4`` or ``outcome``; or ``withheld``, the one thing
  the assistant must *never* say: a credential the customer offered), ``value`` (canonical:
  paise for an amount, ``YYYY-MM-DD`` or ``YYYY-MM`` for a date, the number for a
  percentage, the reference, the four digits, an outcome key of :data:`answers.OUTCOMES`,
  or the offered code), ``text``
  (how it is said: ``₹1,61,239.49``, ``15 July 2031``, ``5.80%``; for an outcome the whole
  sentence), ``label`` (a short name for reports: ``closure payout``), ``rounding``
  (amounts: ``exact`` to the paisa, ``rupee`` to the rupee, ``lakh`` also in lakh or crore),
  ``source`` (``gold``: the value from the gold replay; ``session``: a reference the bank
  creates during the session, resolved from that session's own tool output), ``step``
  (the gold call whose output yields it) and ``field`` (the output key it comes from).
* :func:`task_facts` — a task's facts, read from where the generator stored them: the
  ``info`` of the gold action whose output yields them, as ``{"facts": [...]}``; and,
  for a refusal (robustness set), the *declared* facts no call yields — the refusal and
  its reason — on the last line of ``description.notes``, after :data:`DECLARED_MARKER`
  (tau2 never shows a task's description to the assistant or the customer). Declared
  facts belong to step 0: the oracle states them after the first gold call, or in its
  only reply when the gold chain has none. tau2
  ignores an action's ``info`` when scoring, and the reward basis stays ``DB`` plus
  ``ENV_ASSERTION`` (``communicate_info`` and ``nl_assertions`` are left alone, so tau2
  runs no stock check on them). The env assertions' ``gold_calls`` carry no ``info``.
* :func:`~tau_indian_bank.evaluation.fact_replay.attach_facts` — the generator's one hook:
  replay the gold chain from the task's initial state and store the facts
  :func:`~tau_indian_bank.evaluation.fact_replay.derive_facts` finds in the outputs.
* :func:`declared_facts`, :func:`notes_with_declared`, :func:`notes_without_declared` — read,
  write and hide the declared facts.
* :func:`why_no_facts` — why a task has no fact (a rules question, a hand-over), or None.

Facts are never typed by hand: :mod:`tau_indian_bank.evaluation.fact_rules` reads them
off the gold replay, tool by tool (what a look-up answers, what a change did, the
reference a change created, why a request cannot be done), and
:mod:`tau_indian_bank.evaluation.fact_replay` replays the chain and stores them. This
module imports neither (they import it).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

FactKind = Literal["amount", "date", "percent", "reference", "last4", "outcome", "withheld"]
Rounding = Literal["exact", "rupee", "lakh"]
_STRICTNESS = {"exact": 0, "rupee": 1, "lakh": 2}


class Fact(BaseModel):
    """One thing the customer must be told (see the module docstring for each field)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: FactKind
    label: str
    value: str
    text: str
    rounding: Rounding = "exact"
    source: Literal["gold", "session"] = "gold"
    step: int = 0
    field: str = ""


def dump_facts(facts: Sequence[Fact]) -> str:
    """Facts as a task stores them (compact JSON ``{"facts": [...]}``, without their step)."""
    return json.dumps({"facts": [f.model_dump(exclude={"step"}) for f in facts]}, ensure_ascii=False, separators=(",", ":"))


@lru_cache(maxsize=4096)
def _parse(info: str, step: int) -> tuple[Fact, ...]:
    try:
        data = json.loads(info)
    except json.JSONDecodeError:
        return ()
    if not isinstance(data, dict) or not isinstance(data.get("facts"), list):
        return ()
    return tuple(Fact.model_validate({**item, "step": step}) for item in data["facts"] if isinstance(item, dict))


#: Starts the line of ``description.notes`` that holds a task's declared facts (a refusal and its reason).
DECLARED_MARKER = "Declared facts: "


def declared_facts(task: Mapping[str, Any]) -> list[Fact]:
    """The facts a task declares without a call (see the module docstring), at step 0."""
    if hasattr(task, "model_dump"):
        task = task.model_dump(mode="json")
    notes = str((task.get("description") or {}).get("notes") or "")
    last = notes.rsplit("\n", 1)[-1]
    return list(_parse(last.removeprefix(DECLARED_MARKER), 0)) if last.startswith(DECLARED_MARKER) else []


def notes_with_declared(notes: str, facts: Sequence[Fact]) -> str:
    """``notes`` with the declared facts on a last line of their own (unchanged when there are none)."""
    return f"{notes}\n{DECLARED_MARKER}{dump_facts(facts)}" if facts else notes


def notes_without_declared(notes: str | None) -> str | None:
    """``notes`` as people read them: without the declared-facts line."""
    if notes is None:
        return None
    head, _, last = notes.rpartition("\n")
    return head if last.startswith(DECLARED_MARKER) else notes


def task_facts(task: Mapping[str, Any]) -> list[Fact]:
    """The facts stored in a task (raw dict or tau2 Task): the declared ones, then the gold chain's in order."""
    if hasattr(task, "model_dump"):
        task = task.model_dump(mode="json")
    actions = (task.get("evaluation_criteria") or {}).get("actions") or []
    facts: list[Fact] = declared_facts(task)
    for step, action in enumerate(actions):
        info = action.get("info") if isinstance(action, Mapping) else None
        if isinstance(info, str) and info.startswith("{"):
            facts.extend(_parse(info, step))
    return facts


def merge(per_step: Sequence[Sequence[Fact]]) -> list[list[Fact]]:
    """Drop repeats (same kind and value; outcomes also the same label) keeping the first, with the strictest rounding."""
    first: dict[tuple[str, str, str], tuple[int, int]] = {}
    out: list[list[Fact]] = [[] for _ in per_step]
    for step, facts in enumerate(per_step):
        for fact in facts:
            key = (fact.kind, fact.value, fact.label if fact.kind == "outcome" else "")
            if key not in first:
                first[key] = (step, len(out[step]))
                out[step].append(fact.model_copy(update={"step": step}))
                continue
            at, index = first[key]
            kept = out[at][index]
            if _STRICTNESS[fact.rounding] < _STRICTNESS[kept.rounding]:
                out[at][index] = kept.model_copy(update={"rounding": fact.rounding})
    return out


def without_facts(actions: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Gold actions with their ``info`` cleared (as the env assertions' ``gold_calls`` carry them)."""
    return [{**action, "info": None} for action in actions]


_NO_FACT_REASONS = {
    "search_regulations": (
        "a rules question: the answer is the regulation text, not a figure from the records "
        "(gate S7 still checks that its figures come from that text)"
    ),
    "transfer_to_human_agents": "a hand-over: a colleague takes the request; the customer is told so when it is proposed",
}


def why_no_facts(task: Mapping[str, Any]) -> str | None:
    """Why a task without facts has none, or None when the gold chain should yield some."""
    names = [a["name"] for a in (task.get("evaluation_criteria") or {}).get("actions") or []]
    for tool, reason in _NO_FACT_REASONS.items():
        if tool in names:
            return reason
    return None
