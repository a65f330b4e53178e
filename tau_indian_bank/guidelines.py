"""The customer guidelines a language-model customer is given, and their version, read in one place.

``policy/customer_guidelines.md`` is the system prompt of ``indian_bank_user`` (before the
task's scenario); it states its version in a sentence "Guidelines version X.Y."
(:func:`guidelines_version`). The version is part of every run's recorded configuration
(``tau-indian-bank run``'s checkpoint and provenance) and the report warns when it compares
runs whose customers were given different versions. Imports nothing but the paths.
"""

from __future__ import annotations

import re

from tau_indian_bank.paths import GUIDELINES_FILE

__all__ = ["GUIDELINES_FILE", "customer_guidelines", "guidelines_version"]
_VERSION = re.compile(r"\bGuidelines version (\d+(?:\.\d+)+)\b")


def customer_guidelines() -> str:
    """The banking customer guidelines shipped with the domain."""
    return GUIDELINES_FILE.read_text(encoding="utf-8")


def guidelines_version(text: str | None = None) -> str | None:
    """The version a guidelines text states ("1.2"; the shipped file when ``text`` is None), or None if it states none."""
    found = _VERSION.search(customer_guidelines() if text is None else text or "")
    return found.group(1) if found else None
