"""Robustness families for ``code_mixed``: the same requests written in Hinglish and in Hindi (Devanagari).

Each family takes a base family's draft (records, gold chain, known facts) and has the customer
write in Hinglish (Hindi in Latin script mixed with English) or in Hindi in Devanagari, as Indian
customers do; the procedure is unchanged. Record names (card and account labels, months, amounts,
cheque numbers) stay as the bank writes them, as customers copy them from their papers. The
persona says the language; the scripted customer answers in it
(:data:`tau_indian_bank.participants.customer.PHRASES`).
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable, Mapping
from typing import Any

from tau_indian_bank.tasks.families import cards, deposits, payments
from tau_indian_bank.tasks.framework import Draft, Drafter, Family, month_year
from tau_indian_bank.tasks.lookups import account_label, card_label, deposit

_NOTE = {
    "hinglish": "Writes in Hinglish (Hindi in Latin script, mixed with English), as in the opening line.",
    "hindi": ("Writes in Hindi (Devanagari script), as in the opening line, keeping account and card names as the bank writes them."),
}
_RULE = {
    "hinglish": "Write every message in Hinglish, as in your opening line.",
    "hindi": "Write every message in Hindi (Devanagari), as in your opening line.",
}


def in_language(
    base: Drafter[Any], openings: Mapping[str, tuple[str, ...]], fields: Callable[[sqlite3.Connection, Any, Draft], Mapping[str, str]]
) -> Drafter[Any]:
    """A drafter writing the base draft's opening in Hinglish or Hindi (alternating by the family's RNG)."""

    def draft(conn: sqlite3.Connection, candidate: Any, rng: random.Random) -> Draft:
        d = base(conn, candidate, rng)
        language = rng.choice(("hinglish", "hindi"))
        d.opening = rng.choice(openings[language]).format(**fields(conn, candidate, d))
        d.persona_note = _NOTE[language]
        d.behaviour = [
            _RULE[language],
            *d.accept,
            "If the assistant asks you to confirm an action you asked for, confirm it.",
            "Never share an OTP, PIN, CVV or password.",
        ]
        d.accept = []
        d.assertion += "; the customer wrote in " + ("Hinglish" if language == "hinglish" else "Hindi (Devanagari)")
        return d

    return draft


_FD_CLOSE = {
    "hinglish": (
        "Namaste, mujhe apna fixed deposit band karwana hai jo maine {month} mein khola tha. Paison ki zaroorat hai.",
        "Hello ji, {month} wala mera FD close karna hai please. Kuch urgent kharcha aa gaya hai.",
    ),
    "hindi": (
        "नमस्ते, मुझे {month} में खोला हुआ अपना फिक्स्ड डिपॉज़िट बंद करवाना है। पैसों की ज़रूरत है।",
        "नमस्कार, मेरा {month} वाला फिक्स्ड डिपॉज़िट बंद कर दीजिए। कुछ ज़रूरी खर्चा आ गया है।",
    ),
}
_CARD_FREEZE = {
    "hinglish": (
        "Hello, mera {label} nahi mil raha. Shayad ghar pe hi hai. Abhi ke liye isko freeze kar dijiye please.",
        "Namaste, apna {label} kahin rakh ke bhool gaya hoon. Jab tak mil nahi jata, temporarily freeze kar do.",
    ),
    "hindi": (
        "नमस्ते, मेरा {label} नहीं मिल रहा, शायद घर पर ही है। अभी के लिए इसे freeze कर दीजिए।",
        "नमस्कार, मेरा {label} कहीं रख कर भूल गया हूँ। जब तक मिलता नहीं, इसे अभी freeze कर दीजिए।",
    ),
}
#: Where the card may be, in English, for each opening of :data:`_CARD_FREEZE`, in its order.
_CARD_FREEZE_PLACES = {"hinglish": ("at home", ""), "hindi": ("at home", "")}
_CHEQUE_STOP = {
    "hinglish": (
        "Namaste, mere {label} se cheque number {number} ka payment stop kar dijiye. {why}",
        "Hello ji, cheque number {number} jo mere {label} ka hai, uska payment rokna hai. {why}",
    ),
    "hindi": (
        "नमस्ते, मेरे {label} के cheque number {number} का भुगतान रोक दीजिए। {why}",
        "नमस्कार, कृपया मेरे {label} के cheque number {number} का payment stop कर दीजिए। {why}",
    ),
}
_WHY = {
    "hinglish": {
        "lost": "Woh cheque kho gaya hai.",
        "stolen": "Woh cheque chori ho gaya.",
        "payment_dispute": "Payee ke saath payment ko lekar jhagda hai.",
        "issued_in_error": "Galti se de diya tha.",
    },
    "hindi": {
        "lost": "वह चेक खो गया है।",
        "stolen": "वह चेक चोरी हो गया है।",
        "payment_dispute": "पाने वाले के साथ भुगतान को लेकर विवाद है।",
        "issued_in_error": "वह गलती से दे दिया था।",
    },
}
_CHEQUE_BOOK = {
    "hinglish": (
        "Hello, mujhe apne {label} ke liye naya cheque book chahiye. Standard wala theek hai.",
        "Namaste ji, {label} ke liye ek cheque book bhej dijiye please.",
    ),
    "hindi": ("नमस्ते, मुझे अपने {label} के लिए नई चेक बुक चाहिए। सामान्य वाली ठीक है।", "नमस्कार, कृपया मेरे {label} के लिए एक चेक बुक भेज दीजिए।"),
}


def _month(conn: sqlite3.Connection, candidate: Any, d: Draft) -> dict[str, str]:
    return {"month": month_year(deposit(conn, d.gold[1].arguments["deposit_id"]).opened_on)}


def _card(conn: sqlite3.Connection, candidate: Any, d: Draft) -> dict[str, str]:
    return {"label": card_label(conn, d.gold[0].arguments["card_id"])}


def _account(conn: sqlite3.Connection, candidate: Any, d: Draft) -> dict[str, str]:
    return {"label": account_label(conn, d.gold[0].arguments["account_id"])}


def _cheque(conn: sqlite3.Connection, candidate: Any, d: Draft) -> dict[str, str]:
    stop = d.gold[-1].arguments
    language = "hindi" if d.persona_note.startswith("Writes in Hindi") else "hinglish"
    return {"label": account_label(conn, stop["account_id"]), "number": stop["cheque_number"], "why": _WHY[language][stop["reason"]]}


def _cheque_draft(conn: sqlite3.Connection, candidate: Any, rng: random.Random) -> Draft:
    """The cheque stop: the reason sentence must be in the language the draft chose, so pick the language first."""
    d = payments.cheque_stop_draft(conn, candidate, rng)
    language = rng.choice(("hinglish", "hindi"))
    d.persona_note = _NOTE[language]
    fields = _cheque(conn, candidate, d)
    d.opening = rng.choice(_CHEQUE_STOP[language]).format(**fields)
    d.behaviour = [
        _RULE[language],
        "If the assistant asks you to confirm an action you asked for, confirm it.",
        "Never share an OTP, PIN, CVV or password.",
    ]
    d.assertion += "; the customer wrote in " + ("Hinglish" if language == "hinglish" else "Hindi (Devanagari)")
    return d


CM_FD_CLOSE = Family(
    name="code_mixed_fd_close",
    category="code_mixed",
    quota=6,
    clauses=("4.5", "2.2", "1.3"),
    why="The same §4.5 closure as in English (list, details, quote, confirmed closure to the linked account); only the "
    "customer's language differs.",
    careless="Misreads the request (or asks the customer to write in English) and skips the quote.",
    candidates=deposits.close_candidates("active", "fixed"),
    draft=in_language(deposits.close_draft(by_number=False), _FD_CLOSE, _month),
)


def _card_freeze(conn: sqlite3.Connection, candidate: Any, rng: random.Random) -> Draft:
    """The misplaced card in Hinglish or Hindi, its reason and Known info naming the place its opening line names."""
    d = in_language(cards.unsure_draft, _CARD_FREEZE, _card)(conn, candidate, rng)
    language = "hindi" if d.persona_note.startswith("Writes in Hindi") else "hinglish"
    label = _card(conn, candidate, d)["label"]
    opening = [template.format(label=label) for template in _CARD_FREEZE[language]].index(d.opening)
    return cards.put_card(d, label, _CARD_FREEZE_PLACES[language][opening])


CM_CARD_FREEZE = Family(
    name="code_mixed_card_freeze",
    category="code_mixed",
    quota=3,
    clauses=("6.2", "6.1", "2.2"),
    why="A misplaced card, written in Hinglish or Hindi: §6.2's freeze (not a block) after reading the card.",
    careless="Blocks the card, or does nothing because the request was not understood.",
    candidates=cards.cards_in_status("active"),
    draft=_card_freeze,
)
CM_CHEQUE_STOP = Family(
    name="code_mixed_cheque_stop",
    category="code_mixed",
    quota=3,
    clauses=("7.2", "2.2"),
    why="§7.2's status check and confirmed stop with the customer's reason, given in Hinglish or Hindi.",
    careless="Records the reason as 'other' because it was not in English, or stops without the status check.",
    candidates=payments.stoppable_accounts,
    draft=_cheque_draft,
)
CM_CHEQUE_BOOK = Family(
    name="code_mixed_cheque_book",
    category="code_mixed",
    quota=3,
    clauses=("7.3", "2.2"),
    why="§7.3: read the account, then order the standard 25-leaf book after confirmation.",
    careless="Orders without reading the account, or a 50-leaf book the customer never asked for.",
    candidates=payments.CHEQUE_BOOK.candidates,
    draft=in_language(lambda conn, c, rng: _standard_book(conn, c, rng), _CHEQUE_BOOK, _account),
)


def _standard_book(conn: sqlite3.Connection, candidate: Any, rng: random.Random) -> Draft:
    """A cheque-book draft for the standard 25-leaf book (the openings ask for no size)."""
    d = payments.cheque_book_draft(conn, candidate, rng)
    account = d.gold[0].arguments["account_id"]
    d.gold = payments.book_steps(account, 25)
    d.reason = f"You want a new cheque book (the standard size) for your {account_label(conn, account)}."
    d.known = [(t, "the standard book is fine" if t == "Cheque book size" else a) for t, a in d.known]
    d.assertion = (
        f"The assistant read the {account_label(conn, account)}, saw it is active with the cheque facility, and "
        "ordered a 25-leaf cheque book after the customer confirmed"
    )
    return d


FAMILIES: tuple[Family[Any], ...] = (CM_FD_CLOSE, CM_CARD_FREEZE, CM_CHEQUE_STOP, CM_CHEQUE_BOOK)
