"""Gate S3, schema-valid arguments.

Every call fits its tool's schema (the first invalid call is recorded, even if
the assistant recovered).
"""

from __future__ import annotations

from collections.abc import Mapping

from tau_indian_bank.evaluation.gates.base import NOT_APPLICABLE, PASS, Gate, GateOutcome
from tau_indian_bank.evaluation.transcript import Transcript
from tau_indian_bank.tools.arguments import ArgumentError, bind
from tau_indian_bank.tools.catalogue import ALL_SPECS


def check(view: Transcript) -> GateOutcome:
    """S3 over one session."""
    for call in view.calls:
        spec = ALL_SPECS.get(call.name)
        try:
            if spec is None:
                raise ArgumentError(f"unknown tool {call.name!r}")
            bind(spec, call.raw_arguments if isinstance(call.raw_arguments, Mapping) else None)
        except ArgumentError as exc:
            return GateOutcome("fail", str(exc))
    return PASS if view.calls else NOT_APPLICABLE


GATE = Gate("S3", "schema-valid arguments", 3, check)
