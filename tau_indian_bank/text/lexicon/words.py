"""The shape of every lexicon entry: regex alternatives in English, Hinglish and Hindi.

Words are written in lower case and, for Hindi, as :func:`~tau_indian_bank.text.script.plain`
writes them (no nukta, anusvara for candrabindu: ``फ्रीज``, ``हां``); a test checks it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from tau_indian_bank.text.script import B, E


@dataclass(frozen=True)
class Words:
    """Regex alternatives that say one thing, per language (Hinglish: Latin-script Hindi; Hindi: Devanagari)."""

    en: tuple[str, ...] = ()
    hinglish: tuple[str, ...] = ()
    hindi: tuple[str, ...] = ()

    def all(self) -> tuple[str, ...]:
        """Every alternative, English first."""
        return self.en + self.hinglish + self.hindi

    def indic(self) -> tuple[str, ...]:
        """The Hinglish and Hindi alternatives."""
        return self.hinglish + self.hindi

    def pattern(self) -> str:
        """The alternatives as one regex group (never matching when empty)."""
        return "(?:" + "|".join(self.all()) + ")" if self.all() else r"(?!x)x"

    def __bool__(self) -> bool:
        return bool(self.all())


@lru_cache(maxsize=1024)
def compiled(words: Words, bounded: bool = True) -> re.Pattern[str]:
    """``words`` as one case-blind regex; ``bounded``: as whole words (in either script)."""
    return re.compile(f"{B}{words.pattern()}{E}" if bounded else words.pattern(), re.I)
