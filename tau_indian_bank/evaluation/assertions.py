"""The verdict's ``ENV_ASSERTION`` entry points, run by tau2 on the replayed session.

Each task's evaluation criteria name ``assert_gold_calls_made`` and
``assert_writes_pure``; tau2 looks them up by name on the session's toolkit. The
environment therefore builds its toolkit from :class:`VerdictAssertions` and the bank's
tools (see ``get_environment``); the tools themselves know nothing of the verdict.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tau_indian_bank.evaluation.actions import ActionVerdict, check_actions, gold_calls
from tau_indian_bank.evaluation.matching import Call

if TYPE_CHECKING:
    from tau_indian_bank.tools.toolkit import JournalEntry


class VerdictAssertions:
    """Mixin for a toolkit with a call journal: the action check as tau2 assertions."""

    journal: list[JournalEntry]

    def _verdict(self, gold: Sequence[Mapping[str, Any]]) -> ActionVerdict:
        # A call a staged transient fault answered never reached the bank: neither made nor attempted.
        calls = [Call(e.name, e.arguments, call_id=e.call_id, refused=e.refused) for e in self.journal if not e.faulted]
        return check_actions(gold_calls(gold), calls)

    def assert_gold_calls_made(self, gold_calls: list[dict[str, Any]]) -> bool:
        """Every gold-chain call, reads included, was made with matching arguments."""
        return self._verdict(gold_calls).all_gold_calls_made

    def assert_writes_pure(self, gold_calls: list[dict[str, Any]]) -> bool:
        """Every write (or hand-over) the agent attempted matches a distinct gold-chain write."""
        return self._verdict(gold_calls).writes_pure
