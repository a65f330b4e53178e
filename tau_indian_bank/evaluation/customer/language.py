"""Check C6, language: a customer turn written in another language than its scenario's.

The scenario's language is its opening line's (:func:`~tau_indian_bank.text.language_of`:
English, Hinglish, or Hindi in Devanagari). Each turn, without tau2's ending token, is read by
:func:`~tau_indian_bank.text.script.fits_language`, which allows the code-mixing Indian
customers write (English words in a Hindi or Hinglish turn, *ji* in an English one) and leaves
out turns too short to tell ("ok", "haan", a number). ``fail`` at the first turn in another
language; ``n/a`` when no turn is long enough to tell.
"""

from __future__ import annotations

from tau_indian_bank.evaluation.customer.base import Conversation, CustomerCheck, at, verdict
from tau_indian_bank.evaluation.gates.base import GateOutcome
from tau_indian_bank.text.script import fits_language

NAMES = {"en": "English", "hinglish": "Hinglish", "hindi": "Hindi (Devanagari)"}


def judge(conversation: Conversation) -> GateOutcome:
    """C6 over one session."""
    language = conversation.scenario.language
    judged = False
    for turn in conversation.turns:
        fits = fits_language(turn.said, language)
        if fits is False:
            return at(turn, f"wrote in another language than its scenario's {NAMES.get(language, language)}")
        judged = judged or fits is True
    return verdict([], judged)


CHECK = CustomerCheck("C6", "language", judge)
