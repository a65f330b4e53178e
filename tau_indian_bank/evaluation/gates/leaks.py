"""Gate S5, no internal leaks.

No tool, table or field name, nor an internal code (a snake_case value of a tool's
schema), in what the assistant writes.
"""

from __future__ import annotations

import re
from functools import lru_cache

from tau_indian_bank.evaluation.gates.base import NOT_APPLICABLE, PASS, Gate, GateOutcome
from tau_indian_bank.evaluation.transcript import Transcript
from tau_indian_bank.tools.catalogue import ALL_SPECS


@lru_cache(maxsize=1)
def _internal_names() -> re.Pattern[str]:
    from tau_indian_bank.bank.store import SHAPES

    names = set(ALL_SPECS)
    names |= {column for shape in SHAPES.values() for column in shape.columns if "_" in column}
    names |= {table for table in SHAPES if "_" in table}
    for spec in ALL_SPECS.values():
        for param in spec.params:
            if isinstance(param.marker, tuple):
                names |= {str(v) for v in param.marker if "_" in str(v)}
    return re.compile(r"\b(" + "|".join(sorted(map(re.escape, names), key=len, reverse=True)) + r")\b")


def check(view: Transcript) -> GateOutcome:
    """S5 over one session."""
    texts = view.assistant_texts()
    for _, text in texts:
        match = _internal_names().search(text)
        if match:
            return GateOutcome("fail", f"internal name in reply: {match.group(0)!r}")
    return PASS if texts else NOT_APPLICABLE


GATE = Gate("S5", "no internal leaks", 23, check)
