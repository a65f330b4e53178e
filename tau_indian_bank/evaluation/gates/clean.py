"""Gate S4, clean replies.

No raw ``null``/``None``/``NaN``/``undefined``, stack trace or JSON blob in what the assistant
writes (read as written, not in plain form: a code block is raw output too).
"""

from __future__ import annotations

import re

from tau_indian_bank.evaluation.gates.base import NOT_APPLICABLE, PASS, Gate, GateOutcome
from tau_indian_bank.evaluation.transcript import Transcript

_RAW_VALUE = re.compile(r"\b(null|NaN|undefined)\b|\bNone\b(?! of\b)")
_TRACE = re.compile(r"Traceback \(most recent call last\)|File \"[^\"]+\", line \d+|\b[A-Z][a-zA-Z]+Error: ")
_JSON_BLOB = re.compile(r"\{\s*\"[^\"]+\"\s*:|\[\s*\{")


def check(view: Transcript) -> GateOutcome:
    """S4 over one session."""
    texts = view.assistant_texts()
    for _, text in texts:
        match = _RAW_VALUE.search(text) or _TRACE.search(text) or _JSON_BLOB.search(text)
        if match:
            return GateOutcome("fail", f"raw output in reply: {match.group(0)!r}")
    return PASS if texts else NOT_APPLICABLE


GATE = Gate("S4", "clean replies", 22, check)
