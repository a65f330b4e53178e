"""What a session cost and how much work it took: tokens, cost, turns, tool calls, duration, calls beyond the gold chain.

Per session, from its tau2 record (every model turn carries litellm's ``usage`` and
``cost``): the assistant's and the customer's prompt and completion tokens; the cost of
each side where litellm knows the model's price (litellm records 0 for a model it cannot
price, such as a local server's, so a side whose model turns all have tokens and a cost
above 0 is priced, any other side with model turns is unpriced: cost unknown, never 0);
the turns (the customer's messages: each opens one exchange); the assistant's tool calls
(the login context before the conversation left out); the session's duration; and the
calls beyond its gold chain (tool calls that matched no gold call: for a passed session
these are redundant reads, since write purity holds).

Per run and per category (:func:`effort_figures`): the median and the total of each,
the cost per passed session, and the calls a passed session made beyond its gold chain.
The keys are documented in ``report/metrics.py``.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from tau_indian_bank.evaluation.diagnostics import ERROR_KEY
from tau_indian_bank.vocabulary import LOGIN_CONTEXT_CALL_ID

#: The per-session counts summed and summarised per run, in the order tables show them.
COUNTS = (
    "agent_prompt_tokens",
    "agent_completion_tokens",
    "customer_prompt_tokens",
    "customer_completion_tokens",
    "turns",
    "tool_calls",
    "duration_s",
)


@dataclass(frozen=True)
class Effort:
    """One session's tokens, cost (None: unknown or no model), turns, tool calls, duration and calls beyond gold."""

    agent_prompt_tokens: int = 0
    agent_completion_tokens: int = 0
    customer_prompt_tokens: int = 0
    customer_completion_tokens: int = 0
    agent_cost: float | None = None
    customer_cost: float | None = None
    #: Both sides' cost where priced; None if a side with a model is unpriced, or neither side has a model.
    cost: float | None = None
    turns: int = 0
    tool_calls: int = 0
    duration_s: float = 0.0
    extra_calls: int = 0

    @property
    def model_tokens(self) -> int:
        """Every token both models read and wrote."""
        return self.agent_prompt_tokens + self.agent_completion_tokens + self.customer_prompt_tokens + self.customer_completion_tokens

    def to_json(self) -> dict[str, Any]:
        """The session record's ``effort``."""
        return asdict(self)


def _side(messages: Sequence[Mapping[str, Any]]) -> tuple[int, int, float | None, bool]:
    """(prompt tokens, completion tokens, cost, has model turns) of one side's messages."""
    prompt = completion = 0
    cost, priced, turns = 0.0, True, 0
    for message in messages:
        usage = message.get("usage")
        if not isinstance(usage, Mapping):
            continue
        turns += 1
        prompt += int(usage.get("prompt_tokens") or 0)
        completion += int(usage.get("completion_tokens") or 0)
        value = message.get("cost")
        if isinstance(value, (int, float)) and value > 0:
            cost += float(value)
        else:
            priced = False
    return prompt, completion, (cost if turns and priced else None), turns > 0


def session_effort(simulation: Mapping[str, Any] | None, beyond_gold: int = 0) -> Effort | None:
    """One session's effort (None for a slot that never ran); ``beyond_gold``: its calls that matched no gold call."""
    if simulation is None:
        return None
    messages = [m for m in simulation.get("messages") or [] if isinstance(m, Mapping)]
    agent = _side([m for m in messages if m.get("role") == "assistant"])
    customer = _side([m for m in messages if m.get("role") == "user"])
    calls = sum(
        1
        for m in messages
        if m.get("role") == "assistant"
        for c in m.get("tool_calls") or []
        if isinstance(c, Mapping) and c.get("id") != LOGIN_CONTEXT_CALL_ID
    )
    turns = sum(1 for m in messages if m.get("role") == "user" and ERROR_KEY not in (m.get("raw_data") or {}))
    sides = [side for side in (agent, customer) if side[3]]
    total = None if not sides or any(side[2] is None for side in sides) else sum(side[2] or 0.0 for side in sides)
    return Effort(
        agent_prompt_tokens=agent[0],
        agent_completion_tokens=agent[1],
        customer_prompt_tokens=customer[0],
        customer_completion_tokens=customer[1],
        agent_cost=agent[2],
        customer_cost=customer[2],
        cost=total,
        turns=turns,
        tool_calls=calls,
        duration_s=float(simulation.get("duration") or 0.0),
        extra_calls=beyond_gold,
    )


def _summary(values: Sequence[float]) -> dict[str, Any]:
    return {"total": sum(values), "median": statistics.median(values) if values else None}


def effort_figures(efforts: Sequence[Effort], passed: Sequence[bool]) -> dict[str, Any]:
    """Median and total of each count, cost, cost per passed session and calls beyond gold per passed session.

    Args:
        efforts: The sessions that ran, in order.
        passed: Whether each passed (the paper's verdict), in the same order.
    """
    figures: dict[str, Any] = {"sessions": len(efforts)}
    for key in COUNTS:
        figures[key] = _summary([getattr(e, key) for e in efforts])
    costs = [e.cost for e in efforts if e.cost is not None]
    figures["cost"] = {**(_summary(costs) if costs else {"total": None, "median": None}), "priced_sessions": len(costs)}
    wins = [e for e, ok in zip(efforts, passed) if ok]
    every_priced = bool(efforts) and len(costs) == len(efforts)
    figures["cost_per_passed_session"] = sum(costs) / len(wins) if every_priced and wins else None
    extra = [e.extra_calls for e in wins]
    figures["extra_calls_per_passed_session"] = {
        "mean": statistics.fmean(extra) if extra else None,
        "median": statistics.median(extra) if extra else None,
        "total": sum(extra),
        "passed_sessions": len(wins),
    }
    return figures


def run_effort(sessions: Sequence[Any], categories: Sequence[str]) -> dict[str, Any]:
    """A run's ``effort`` and ``effort_by_category`` (report sessions: ``.effort``, ``.diagnostics.passed``, ``.category``)."""
    ran = [s for s in sessions if s.effort is not None]
    by_category: dict[str, list[Any]] = {}
    for session in ran:
        by_category.setdefault(session.category, []).append(session)
    order = [c for c in categories if c in by_category] + sorted(set(by_category) - set(categories))
    return {
        "effort": effort_figures([s.effort for s in ran], [s.diagnostics.passed for s in ran]),
        "effort_by_category": {
            c: effort_figures([s.effort for s in by_category[c]], [s.diagnostics.passed for s in by_category[c]]) for c in order
        },
    }
