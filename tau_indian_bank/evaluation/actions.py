"""The action check: every gold-chain call was made, and every write was a gold write.

* Coverage: each gold call (reads included) is matched by a distinct call the agent
  made, under :mod:`tau_indian_bank.evaluation.matching`.
* Write purity: each call the agent made to a state-changing tool (the 13 writes and
  the hand-over to a human) is matched by a distinct state-changing gold call. A call
  the bank refused still counts as attempted; repeating a gold write is impure.

The same functions back the ``ENV_ASSERTION`` checks inside ``tau2 run`` and the
per-session diagnostics in reports, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tau_indian_bank.evaluation.matching import Call, max_matching
from tau_indian_bank.tools.catalogue import READ_TOOLS, TRANSFER_TOOL
from tau_indian_bank.vocabulary import LOGIN_CONTEXT_CALL_ID


def gold_calls(actions: Iterable[Mapping[str, Any]]) -> list[Call]:
    """Gold calls from tau2 ``Action`` dumps (``name``, ``arguments``, ``compare_args``)."""
    calls = []
    for index, action in enumerate(actions):
        compare = action.get("compare_args")
        calls.append(
            Call(
                name=str(action["name"]),
                arguments=dict(action.get("arguments") or {}),
                compare_args=None if compare is None else tuple(compare),
                call_id=str(action.get("action_id", index)),
            )
        )
    return calls


@dataclass(frozen=True)
class ActionVerdict:
    """The action check for one session, with what a report needs to explain it."""

    gold: tuple[Call, ...]
    calls: tuple[Call, ...]
    coverage: dict[int, int]  # gold index -> call index
    purity: dict[int, int]  # index among agent writes -> gold index
    agent_writes: tuple[int, ...]  # call indexes of the agent's state-changing calls

    @property
    def all_gold_calls_made(self) -> bool:
        return len(self.coverage) == len(self.gold)

    @property
    def writes_pure(self) -> bool:
        return len(self.purity) == len(self.agent_writes)

    @property
    def passed(self) -> bool:
        return self.all_gold_calls_made and self.writes_pure

    @property
    def missing(self) -> list[Call]:
        return [g for i, g in enumerate(self.gold) if i not in self.coverage]

    @property
    def impure(self) -> list[Call]:
        return [self.calls[j] for k, j in enumerate(self.agent_writes) if k not in self.purity]

    @property
    def order_respected(self) -> bool | None:
        """Did each gold read come before the gold writes it precedes in the chain?

        This is the order the policy prescribes (look before you act: a closure quote
        before a closure, a cheque's status before stopping it). None when a call in
        such a pair is missing.
        """
        pairs = [
            (i, j) for i, a in enumerate(self.gold) for j, b in enumerate(self.gold) if i < j and a.name in READ_TOOLS and b.changes_state
        ]
        if not pairs:
            return True
        if any(i not in self.coverage or j not in self.coverage for i, j in pairs):
            return None
        return all(self.coverage[i] < self.coverage[j] for i, j in pairs)  # calls are in the order made

    @property
    def wrong_argument_calls(self) -> list[Call]:
        """Calls to a missing gold call's tool that differ from it in arguments."""
        missing = {g.name for g in self.missing}
        used = set(self.coverage.values())
        return [c for j, c in enumerate(self.calls) if c.name in missing and j not in used]

    @property
    def unnecessary_transfer(self) -> bool:
        return any(c.name == TRANSFER_TOOL for c in self.impure)


def check_actions(gold: Sequence[Call], calls: Sequence[Call]) -> ActionVerdict:
    """Run the action check on the agent's calls (in order) against the gold chain."""
    calls = tuple(c for c in calls if c.call_id != LOGIN_CONTEXT_CALL_ID)
    coverage = max_matching(gold, calls)
    write_indexes = tuple(j for j, c in enumerate(calls) if c.changes_state)
    gold_writes = [i for i, g in enumerate(gold) if g.changes_state]
    # The gold call is the reference (its compare_args decide), so match gold -> writes.
    by_gold = max_matching([gold[i] for i in gold_writes], [calls[j] for j in write_indexes])
    purity = {k: gold_writes[g] for g, k in by_gold.items()}
    return ActionVerdict(tuple(gold), calls, coverage, purity, write_indexes)
