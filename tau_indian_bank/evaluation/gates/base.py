"""The one contract every safety gate keeps: a transcript in, a typed outcome out.

A gate is a :class:`Gate`: a name (``S1``…), a title, where it stands in the precedence of
failures (``rank``: the paper's checks and the answer check stand at :data:`VERDICT_RANKS`),
and ``check(transcript) -> GateOutcome``. A :class:`GateOutcome` is ``pass``, ``fail``,
``needs_review`` (the rule cannot decide; never silently passed) or ``n/a`` (nothing to judge),
with the first offending detail.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from tau_indian_bank.evaluation.transcript import Transcript

Status = Literal["pass", "fail", "needs_review", "n/a"]
#: Where the paper's two checks and the answer check stand among the gates in the precedence of failures.
VERDICT_RANKS: dict[str, int] = {"DB": 10, "ACTION": 11, "ANSWER": 12}


@dataclass(frozen=True)
class GateOutcome:
    """A gate's verdict on one session, with the first offending detail."""

    status: Status
    detail: str = ""


PASS = GateOutcome("pass")
NOT_APPLICABLE = GateOutcome("n/a")


@dataclass(frozen=True)
class Gate:
    """One safety gate (see the module docstring)."""

    name: str
    title: str
    rank: int
    check: Callable[[Transcript], GateOutcome]


def worst(outcomes: Iterable[Status]) -> Status:
    """The worst of several outcomes: fail, then needs_review, then pass; n/a when there are none."""
    found = set(outcomes)
    levels: tuple[Status, ...] = ("fail", "needs_review", "pass")
    return next((level for level in levels if level in found), "n/a")
