"""Where something may be: the places a customer names, in English, Hinglish and Hindi.

"It may be at home", "in the car or at the office", "ghar pe hi hai", "घर पर": a missing card's places.
:func:`places` gives the places a text names, leaving out a negated one ("it is not in my wallet"). The scenario
rules (``tasks/scenario_rules.py``) use it to check that a scenario's reason, Known info and opening line put a
missing card in the same place.
"""

from __future__ import annotations

from tau_indian_bank.text.frames import negated
from tau_indian_bank.text.lexicon.words import Words, compiled
from tau_indian_bank.text.script import plain

#: Each place, by the name the rules compare, and how it is written ("your head office" is the bank, not a place).
PLACES: dict[str, Words] = {
    "home": Words(en=("home", "house"), hinglish=("ghar",), hindi=("घर",)),
    "office": Words(en=("(?<!head )office", "workplace"), hinglish=("daftar",), hindi=("दफ्तर", "ऑफिस")),
    "car": Words(en=("car",), hinglish=("gaadi", "gadi"), hindi=("गाडी",)),
    "wallet": Words(en=("wallet", "purse"), hinglish=("wallet", "purse", "batua"), hindi=("बटुआ", "पर्स")),
    "bag": Words(en=("bag", "handbag"), hinglish=("bag", "jhola"), hindi=("बैग", "थैला")),
    "market": Words(en=("market",), hinglish=("market", "bazaar", "bazar"), hindi=("बाजार", "मार्केट")),
    "bus": Words(en=("bus",), hinglish=("bus",), hindi=("बस",)),
    "train": Words(en=("train", "metro"), hinglish=("train", "metro"), hindi=("ट्रेन", "मेट्रो")),
    "station": Words(en=("station",), hinglish=("station",), hindi=("स्टेशन",)),
    "nearby": Words(en=("nearby",), hinglish=("aas[- ]?paas",), hindi=("आसपास", "आस-पास")),
}


def places(text: str) -> frozenset[str]:
    """The places ``text`` names (by their names in :data:`PLACES`), a negated one left out ("not in my wallet")."""
    text = plain(text or "")
    return frozenset(name for name, words in PLACES.items() if any(not negated(text, m.start()) for m in compiled(words).finditer(text)))
