"""The kinds of change a customer tells apart (a freeze is not a block), with the words that name each.

A change's entry in ``changes.py`` names its kind (``ChangeWords.kind``); the text layer reads which
kinds a message names (:func:`~tau_indian_bank.text.speech.change_kinds`) and which a scenario's
request names (``text.scenario``).
"""

from __future__ import annotations

from tau_indian_bank.text.lexicon.words import Words

#: Kinds of change a customer tells apart, with the words that name each (word-bounded, any form).
KINDS: dict[str, Words] = {
    "block": Words(en=(r"block(?:ed|ing)?(?! ?(?:letters|capitals))", r"hotlist(?:ed|ing)?"), hindi=("ब्लॉक",)),
    "freeze": Words(en=(r"freez(?:e|ing)", "frozen", r"temporar(?:y|ily) (?:block|lock|disable)\w*"), hindi=("फ्रीज",)),
    "unfreeze": Words(
        en=(r"unfreez(?:e|ing)", r"unblock(?:ed|ing)?", "re-?enable the card"), hinglish=("chalu",), hindi=("अनफ्रीज", "अनब्लॉक")
    ),
    "close": Words(
        en=(r"clos(?:e|ing|ure)", r"break(?:ing)?", r"foreclos(?:e|ing|ure)", r"premature(?:ly)?"),
        hinglish=("band", r"tod(?:na|ne|ni|kar|ke|iye|o)?", r"tud(?:wana|wane|va)"),
        hindi=("बंद", "तोड(?:ना|ने|नी|कर|िए|ें)?", "तुडवा(?:ना|ने|नी)?"),
    ),
    "stop": Words(
        en=(r"stop(?:ping)?", r"cancel(?:l?ing|l?ed|lation)?", r"revok(?:e|ing)"),
        hinglish=(r"rok(?:na|ne|ni|a|o|iye|ein|en|kar|ke)?", "radd"),
        hindi=("रोक(?:ना|ने|नी|ा|ें|िए|कर)?", "रद्द", "स्टॉप"),
    ),
    "handover": Words(
        en=(
            r"transfer(?:ring)? (?:you|me)",
            r"hand(?:ing)? (?:you |me )?over",
            r"connect(?:ing)? (?:you|me)",
            r"put(?:ting)? (?:you |me )?through",
            r"escalat(?:e|ing|ion)",
            "colleague",
            "human agent",
            "specialist",
            "someone who can",
        ),
        hinglish=(r"connect kar\S*", r"transfer kar\S*"),
        hindi=("ट्रांसफर", "सहकर्मी", "सहयोगी", "जोड"),
    ),
}
