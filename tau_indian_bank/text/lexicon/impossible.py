"""Claims that no tool makes true in chat (a loan foreclosed, an account reactivated, money refunded): gate S6 never meets them.

Each is written as a change's claim is (:func:`~tau_indian_bank.text.lexicon.changes.claim`): its
done verbs in English, its stems in Hinglish and Hindi, and the nouns of what it acts on.
"""

from __future__ import annotations

from tau_indian_bank.text.lexicon.changes import ChangeClaim, claim
from tau_indian_bank.text.lexicon.words import Words

#: Claims no tool makes true in chat: never met.
IMPOSSIBLE: tuple[ChangeClaim, ...] = (
    claim(
        "loan_closed",
        ("closed", "foreclosed", "pre-?closed", "paid off", "settled", "sanctioned", "approved", "disbursed"),
        ("close", "band", "foreclose"),
        Words(en=(r"loans?",), hindi=("लोन", "ऋण")),
        ("बंद", "क्लोज"),
    ),
    claim(
        "account_reactivated",
        ("reactivated", "re-?activated", "activated", "revived"),
        ("chalu", "reactivate", "activate"),
        Words(en=(r"accounts?",), hinglish=("khata", "khaata"), hindi=("खाता", "खाते")),
        ("चालू", "सक्रिय"),
    ),
    claim(
        "kyc_updated",
        ("updated", "completed", "verified", "renewed", "done"),
        ("update", "complete"),
        Words(en=("kyc",), hindi=("केवाईसी",)),
        ("अपडेट", "पूरा"),
    ),
    claim(
        "nominee_updated",
        ("added", "updated", "registered", "changed"),
        ("add", "update", "jod"),
        Words(en=(r"nominees?",), hindi=("नॉमिनी", "नामांकित")),
        ("जोड", "अपडेट"),
    ),
    claim(
        "money_returned",
        ("refunded", "reversed", "credited back", "returned", "reimbursed"),
        ("refund", "wapas", "vapas"),
        Words(),
        ("रिफंड", "वापस"),
    ),
    claim("pin_reset", ("reset", "regenerated", r"changed"), ("reset", "change"), Words(en=("pins?",), hindi=("पिन",)), ("रीसेट", "बदल")),
    claim("holder_changed", ("moved", "transferred", "converted", "changed", "put"), (), Words(en=(r"(?:sole|your|single) name",))),
)
