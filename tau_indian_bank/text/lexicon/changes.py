"""The words of each change a tool makes: how a proposal names it, how a claim says it is done.

* ``propose`` — words any of which show that a proposal names this change (matched inside
  words and in any form: *close* also matches *closure* and *closing*; gate S2).
* ``claims`` — how a sentence says the change is done (gate S6): English past participles
  after a done frame (*I have blocked*, *has been cancelled*), Hinglish and Hindi stems before
  a done light verb (*block kar diya*, *रोक दिया गया*), each with the nouns of what it acts on.
  A tool may have several (a cheque is *stopped*, a stop is *placed*).
* ``kind`` — the kind of change a customer tells apart (``kinds.KINDS``: a freeze is not a block).
* :data:`CHANNELS` — the card channels (``update_card_controls``) and the words that name each in a claim.

Beside them: ``kinds.py`` (the kinds of change a customer tells apart) and ``impossible.py``
(claims no tool makes true in chat, written with this module's :func:`claim`).
"""

from __future__ import annotations

from dataclasses import dataclass

from tau_indian_bank.text.lexicon.words import Words


@dataclass(frozen=True)
class ChangeClaim:
    """How a claim of one change reads: its done verbs and the nouns of what it acts on (empty: any sentence)."""

    change: str
    verbs: Words
    nouns: Words


CARD = Words(en=(r"cards?",), hinglish=(), hindi=("कार्ड",))
DEPOSIT = Words(en=(r"deposits?", r"fds?", r"rds?", "payout", "proceeds"), hinglish=(), hindi=("एफडी", "डिपॉजिट", "जमा", "आरडी"))
MANDATE = Words(
    en=(r"mandates?", r"auto-?debits?", "auto-?pay", r"standing instructions?", r"sips?", "nach", r"e-?mandates?", r"subscriptions?"),
    hindi=("मैंडेट", "ऑटोपे", "ऑटो डेबिट"),
)
REQUEST = Words(
    en=(
        r"requests?",
        r"complaints?",
        r"disputes?",
        r"claims?",
        r"applications?",
        r"tickets?",
        r"cases?",
        "replacement",
        "reference",
        "sr[a-z0-9]{8}",
    ),
    hinglish=("shikayat",),
    hindi=("अनुरोध", "शिकायत", "रिक्वेस्ट", "विवाद"),
)
CONTROLS = Words(
    en=(
        r"limits?",
        "international",
        "online",
        "atm",
        "pos",
        "contactless",
        "tap",
        "usage",
        "use",
        "payments",
        "transactions",
        "withdrawals",
        r"controls?",
        "settings",
    ),
    hindi=("लिमिट", "सीमा", "ऑनलाइन", "अंतरराष्ट्रीय"),
)
CHEQUE = Words(en=(r"cheques?",), hindi=("चेक",))


@dataclass(frozen=True)
class ChangeWords:
    """One state-changing tool's words."""

    tool: str
    record: Words
    propose: Words
    claims: tuple[ChangeClaim, ...]
    kind: str | None = None


def claim(tool: str, en: tuple[str, ...], indic: tuple[str, ...], nouns: Words, hindi: tuple[str, ...] = ()) -> ChangeClaim:
    """One claim: English done verbs, Hinglish stems (``indic``) and Hindi stems, and the nouns of what it acts on."""
    return ChangeClaim(tool, Words(en=en, hinglish=indic, hindi=hindi), nouns)


CHANGES: dict[str, ChangeWords] = {
    w.tool: w
    for w in (
        ChangeWords(
            "open_deposit",
            DEPOSIT,
            Words(en=("open", "book", "start", "set up", "invest", "create"), hinglish=("khol",), hindi=("खोल", "बना")),
            (
                claim(
                    "open_deposit",
                    ("opened", "booked", "set up", "created", "started", "placed"),
                    ("open", "khol", "khul", "book"),
                    DEPOSIT,
                    ("खोल", "खुल", "ओपन", "बना", "बुक"),
                ),
            ),
        ),
        ChangeWords(
            "close_deposit",
            DEPOSIT,
            Words(en=("close", "closure", "break", "premature", "encash", "liquidate"), hinglish=("band", "tod"), hindi=("बंद", "तोड")),
            (
                claim(
                    "close_deposit",
                    ("closed", "broken", "liquidated", "redeemed", "encashed", "pre-?closed", "credited", "transferred"),
                    ("close", "band", "tod"),
                    DEPOSIT,
                    ("बंद", "तोड", "क्लोज"),
                ),
            ),
            kind="close",
        ),
        ChangeWords(
            "set_deposit_maturity_instruction",
            Words(en=("maturity", r"instructions?"), hindi=("परिपक्वता", "मैच्योरिटी")),
            Words(
                en=("maturity instruction", "renew", "at maturity", "maturity", "instruction"),
                hinglish=("renew",),
                hindi=("परिपक्वता", "मैच्योरिटी", "रिन्यू", "नवीनीकरण"),
            ),
            (
                claim(
                    "set_deposit_maturity_instruction",
                    ("updated", "changed", "set", "switched", "registered", "saved", "modified"),
                    ("update", "set", "change", "badal"),
                    Words(en=("maturity", r"renew\w*", r"instructions?"), hindi=("परिपक्वता", "मैच्योरिटी", "निर्देश")),
                    ("अपडेट", "सेट", "बदल"),
                ),
            ),
        ),
        ChangeWords(
            "freeze_card",
            CARD,
            Words(en=("freeze", "froz", "temporarily block", "lock"), hinglish=("freeze",), hindi=("फ्रीज",)),
            (
                claim(
                    "freeze_card", ("frozen", "froze", r"temporarily (?:blocked|locked|disabled)", "locked"), ("freeze",), CARD, ("फ्रीज",)
                ),
            ),
            kind="freeze",
        ),
        ChangeWords(
            "unfreeze_card",
            CARD,
            Words(
                en=("unfreeze", "unfroz", "unlock", "reactivate", "unblock"),
                hinglish=("unfreeze", "chalu"),
                hindi=("अनफ्रीज", "चालू", "अनब्लॉक"),
            ),
            (
                claim(
                    "unfreeze_card",
                    (
                        "unfrozen",
                        "unfroze",
                        "unlocked",
                        "unblocked",
                        "reactivated",
                        "re-?enabled",
                        "re-?activated",
                        r"(?:active|working|usable) again",
                    ),
                    ("unfreeze", "unblock", "chalu"),
                    CARD,
                    ("अनफ्रीज", "अनब्लॉक", "चालू"),
                ),
            ),
            kind="unfreeze",
        ),
        ChangeWords(
            "block_card",
            CARD,
            Words(en=("block", "hotlist", "hot-list"), hinglish=("block",), hindi=("ब्लॉक",)),
            (
                claim(
                    "block_card",
                    ("blocked", "hot-?listed", "deactivated", r"cancell?ed", "permanently disabled"),
                    ("block",),
                    CARD,
                    ("ब्लॉक",),
                ),
            ),
            kind="block",
        ),
        ChangeWords(
            "update_card_controls",
            CARD,
            Words(
                en=(
                    "turn on",
                    "turn off",
                    "enable",
                    "disable",
                    "switch",
                    "limit",
                    "allow",
                    "set",
                    "raise",
                    "increase",
                    "reduce",
                    "lower",
                    "change",
                ),
                hinglish=("chalu", "band", "badha", "ghata"),
                hindi=("चालू", "बंद", "सीमा", "लिमिट", "बढा", "घटा"),
            ),
            (
                claim(
                    "update_card_controls",
                    (
                        r"turned (?:on|off)",
                        r"switched (?:on|off)",
                        "enabled",
                        "disabled",
                        "activated",
                        "deactivated",
                        "set",
                        "raised",
                        "increased",
                        "reduced",
                        "lowered",
                        "changed",
                        "updated",
                        "allowed",
                        "blocked",
                    ),
                    ("on", "off", "enable", "disable", "chalu", "band", "set", "badha", "ghata", r"limit(?:\s+\S+){0,3}"),
                    CONTROLS,
                    ("चालू", "बंद", "सेट", "बढा", "घटा", r"(?:लिमिट|सीमा)(?:\s+\S+){0,3}"),
                ),
            ),
        ),
        ChangeWords(
            "cancel_mandate",
            MANDATE,
            Words(en=("cancel", "revoke", "stop"), hinglish=("band", "radd"), hindi=("रद्द", "बंद", "कैंसल")),
            (
                claim(
                    "cancel_mandate",
                    (r"cancell?ed", "revoked", "stopped", "deactivated", "removed"),
                    ("cancel", "band", "radd", "stop"),
                    MANDATE,
                    ("रद्द", "बंद", "कैंसल"),
                ),
            ),
            kind="stop",
        ),
        ChangeWords(
            "stop_cheque_payment",
            CHEQUE,
            Words(en=("stop", "block", "hold"), hinglish=("rok",), hindi=("रोक", "स्टॉप")),
            (
                claim(
                    "stop_cheque_payment",
                    ("stopped", r"cancell?ed", "blocked", "put on hold", r"(?:placed|registered|recorded|marked) (?:a |the )?stop"),
                    ("stop", "rok", "ruk"),
                    CHEQUE,
                    ("रोक", "रुक", "स्टॉप"),
                ),
                claim(
                    "stop_cheque_payment", ("placed", "registered", "recorded", "marked", "put"), (), Words(en=(r"stop(?:[- ]payment)?",))
                ),
            ),
            kind="stop",
        ),
        ChangeWords(
            "request_cheque_book",
            Words(en=(r"cheque ?books?",), hindi=("चेक ?बुक",)),
            Words(en=("cheque book", "chequebook"), hinglish=("cheque book",), hindi=("चेक बुक", "चेकबुक")),
            (
                claim(
                    "request_cheque_book",
                    ("ordered", "requested", "dispatched", "placed", "raised", "issued", "sent", "on its way"),
                    ("order", "bhej", "request", "send", "darj", "raise"),
                    Words(en=(r"cheque ?books?", "cheque leaves"), hindi=("चेक ?बुक",)),
                    ("ऑर्डर", "भेज", "मंगवा", "दर्ज"),
                ),
            ),
        ),
        ChangeWords(
            "request_statement",
            Words(en=(r"statements?",), hindi=("स्टेटमेंट", "विवरण")),
            Words(en=("statement",), hinglish=("statement",), hindi=("स्टेटमेंट", "विवरण")),
            (
                claim(
                    "request_statement",
                    (
                        "requested",
                        "sent",
                        "e-?mailed",
                        "posted",
                        "generated",
                        "dispatched",
                        "ordered",
                        "placed",
                        "raised",
                        "on its way",
                        "queued",
                    ),
                    ("bhej", "send", "email", "request", "darj"),
                    Words(en=(r"statements?",), hindi=("स्टेटमेंट", "विवरण")),
                    ("भेज", "ईमेल", "दर्ज"),
                ),
            ),
        ),
        ChangeWords(
            "update_address",
            Words(en=(r"address(?:es)?",), hindi=("पता", "पते")),
            Words(en=("address",), hinglish=("address",), hindi=("पता", "पते")),
            (
                claim(
                    "update_address",
                    ("updated", "changed", "saved", "recorded", "amended", "corrected", "replaced"),
                    ("update", "change", "badal"),
                    Words(en=(r"address(?:es)?",), hindi=("पता", "पते")),
                    ("अपडेट", "बदल"),
                ),
            ),
        ),
        ChangeWords(
            "raise_service_request",
            REQUEST,
            Words(
                en=("request", "complaint", "raise", "register", "log", "file", "lodge"),
                hinglish=("darj", "shikayat"),
                hindi=("अनुरोध", "शिकायत", "दर्ज", "रिक्वेस्ट"),
            ),
            (
                claim(
                    "raise_service_request",
                    (
                        "raised",
                        "registered",
                        "logged",
                        "created",
                        "filed",
                        "lodged",
                        "submitted",
                        "opened",
                        "placed",
                        "initiated",
                        "booked",
                        "put in",
                        "escalated",
                        "sent",
                        "dispatched",
                        "on its way",
                        "ordered",
                        "arranged",
                        "requested",
                    ),
                    ("raise", "register", "darj", "file", "submit"),
                    REQUEST,
                    ("दर्ज", "रजिस्टर"),
                ),
            ),
        ),
        ChangeWords(
            "transfer_to_human_agents",
            Words(en=("colleague", "agent", "team", "staff", "specialist", "human"), hindi=("सहकर्मी", "अधिकारी", "टीम")),
            Words(
                en=(
                    "transfer",
                    "colleague",
                    "human",
                    "specialist",
                    "hand you over",
                    "hand over",
                    "handover",
                    "connect you",
                    "put you through",
                    "member of our staff",
                    "staff",
                    "escalat",
                    "agent",
                    "officer",
                    "team",
                    "pass your",
                    "pass you",
                ),
                hinglish=("transfer", "connect"),
                hindi=("ट्रांसफर", "सहकर्मी", "सहयोगी", "अधिकारी", "जोड"),
            ),
            (
                claim(
                    "transfer_to_human_agents",
                    ("transferred", r"handed (?:you )?over", "connected", "escalated", r"passed (?:on|your)", "forwarded"),
                    ("transfer", "connect"),
                    Words(
                        en=("colleague", "agent", "team", "staff", "specialist", "human", "you", "request", "case"),
                        hindi=("सहकर्मी", "सहयोगी", "अधिकारी", "टीम", "आप", "आपको"),
                    ),
                    ("ट्रांसफर", "जोड"),
                ),
            ),
            kind="handover",
        ),
    )
}

#: ``update_card_controls``: each channel (its ``channel`` argument) and the words that name it in a claim.
CHANNELS: dict[str, Words] = {
    "atm": Words(en=(r"\batm\b", r"withdrawals?"), hindi=("एटीएम", "निकासी")),
    "pos": Words(en=(r"\bpos\b", r"\bshops?\b", r"card machines?", r"restaurants?"), hinglish=("dukan",), hindi=("दुकान",)),
    "online": Words(en=(r"\bonline\b", r"e-?commerce"), hindi=("ऑनलाइन",)),
    "contactless": Words(en=("contactless", "tap"), hindi=("कॉन्टैक्टलेस",)),
}
