"""The one rule for "this call matches that gold call", used by every check.

Two calls match when they name the same tool and their canonical arguments agree on
every argument the gold call compares (its ``compare_args``, or all of them):

* omitted arguments take the tool's default before comparing;
* amounts compare by value in paise: ``100000 == 100000.0 == "1,00,000" == "₹1,00,000.00"``;
* dates compare as calendar dates, ids ignoring case and surrounding spaces, set-like
  lists ignoring order and repeats, short text (address lines) after folding case,
  punctuation and spacing;
* free-text arguments (a complaint's description, a hand-over summary, a search query)
  are never compared;
* arguments that only name a record the server creates during the session are left
  out of ``compare_args`` by the task generator, so they are not compared either.

A call whose arguments do not fit the tool's schema matches nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from tau_indian_bank.tools.arguments import ArgumentError, canonical_arguments
from tau_indian_bank.tools.catalogue import ALL_SPECS, STATE_CHANGING_TOOLS


@dataclass(frozen=True)
class Call:
    """A tool call as the agent made it (or as the gold chain prescribes it)."""

    name: str
    arguments: Mapping[str, object]
    compare_args: tuple[str, ...] | None = None
    call_id: str = ""
    refused: bool = False

    @property
    def changes_state(self) -> bool:
        return self.name in STATE_CHANGING_TOOLS

    def label(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in sorted(self.arguments.items()))
        return f"{self.name}({args})"


def _freeze(value: object) -> object:
    if isinstance(value, Mapping):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


@lru_cache(maxsize=65536)
def _canonical(name: str, frozen_arguments: tuple[tuple[str, object], ...]) -> tuple[tuple[str, object], ...] | None:
    spec = ALL_SPECS.get(name)
    if spec is None:
        return None
    arguments = {k: list(v) if isinstance(v, tuple) else v for k, v in frozen_arguments}
    try:
        canonical = canonical_arguments(spec, arguments)
    except ArgumentError:
        return None
    return tuple(sorted((k, _freeze(v)) for k, v in canonical.items()))


def canonical_form(call: Call) -> dict[str, object] | None:
    """The call's canonical arguments, or None if they do not fit the tool's schema."""
    if not isinstance(call.arguments, Mapping):
        return None
    frozen = _freeze(dict(call.arguments))
    assert isinstance(frozen, tuple)
    result = _canonical(call.name, frozen)
    return None if result is None else dict(result)


def matches(gold: Call, call: Call) -> bool:
    """True if ``call`` satisfies ``gold`` under the matching rule above."""
    if gold.name != call.name:
        return False
    expected, actual = canonical_form(gold), canonical_form(call)
    if expected is None or actual is None:
        return False
    keys = gold.compare_args if gold.compare_args is not None else tuple(expected)
    return all(expected.get(key) == actual.get(key) for key in keys if key in expected)


def max_matching(golds: Sequence[Call], calls: Sequence[Call]) -> dict[int, int]:
    """A maximum one-to-one matching of gold calls to calls: ``{gold index: call index}``.

    Each call can satisfy at most one gold call. Augmenting paths (Kuhn's algorithm)
    visit gold calls in order and calls in order, so the result is deterministic.
    """
    edges = [[j for j, call in enumerate(calls) if matches(gold, call)] for gold in golds]
    owner: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        for j in edges[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    for i in range(len(golds)):
        augment(i, set())
    return {i: j for j, i in owner.items()}
