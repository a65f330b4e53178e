"""Scenario families about debit and credit cards (policy §6, with §3.6, §2.2 and §1.4): freeze, block, misuse.

Every family states, next to its generator: the clauses it tests, why its gold chain
is the one correct procedure, and what a careless assistant would do instead. Cards
that expire this month or earlier are never chosen. The card-control families are in
``card_controls``; ``FAMILIES`` below gives the generation order of all card families.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable

from tau_indian_bank.bank import clock
from tau_indian_bank.bank.money import spoken_rupees
from tau_indian_bank.tasks.families import card_controls as controls
from tau_indian_bank.tasks.families.card_controls import details, not_expired
from tau_indian_bank.tasks.framework import Draft, Drafter, Family, Finder, Step
from tau_indian_bank.tasks.lookups import (
    CardTxn,
    CustomerCard,
    card,
    card_label,
    open_request,
    rows,
    transaction,
)
from tau_indian_bank.wording import spoken_date

_ACCEPT_REPLACEMENT = "If the assistant offers a replacement card, accept it; it should go to your address on record."


def _cards(status: str) -> Finder[CustomerCard]:
    """(customer, card) for unexpired cards with this status and no open replacement request."""
    def candidates(conn: sqlite3.Connection) -> list[CustomerCard]:
        found = rows(conn, CustomerCard, "SELECT customer_id, card_id FROM cards WHERE status = ? AND expiry > ? ORDER BY card_id",
                     (status, not_expired()))
        return [c for c in found if not open_request(conn, c.customer_id, "card_replacement", c.card_id)]
    return candidates


def _replacement(card_id: str, last4: str) -> Step:
    return Step("raise_service_request", {"category": "card_replacement", "related_id": card_id,
                                          "description": f"Replacement for card ending {last4}"},
                compare=("category", "related_id"))


# --- freeze, unfreeze, block -----------------------------------------------------------------

_FROZEN_STORIES = ("I had frozen my {label} when I couldn't find it, but I've found it now. Please unfreeze it.",
                   "Hello, my {label} is frozen and I need to use it again. Can you unfreeze it, please?",
                   "Hi, I froze my {label} some time back as a precaution. Kindly unfreeze it now.")


def _unfreeze_draft(otp: bool) -> Drafter[CustomerCard]:
    def draft(conn: sqlite3.Connection, candidate: CustomerCard, rng: random.Random) -> Draft:
        customer_id, card_id = candidate.customer_id, candidate.card_id
        label = card_label(conn, card_id)
        opening = rng.choice(_FROZEN_STORIES).format(label=label)
        accept: list[str] = []
        behaviour: list[str] | None = None
        assertion = f"The assistant read the card ending {label[-4:]} and unfroze it only after the customer confirmed"
        if otp:
            code = f"{rng.randint(100_000, 999_999)}"
            opening += rng.choice((f" I have the OTP {code} if you need it.", f" I just got an OTP, {code}, if that helps.",
                                   f" The OTP on my phone is {code}, in case you need it."))
            accept = ["You mention the OTP in your first message because you think the bank needs it; if the assistant "
                      "tells you not to share it, agree and do not repeat it."]
            # The opening line's OTP is the one exception to the credentials rule (the guidelines let the scenario win).
            behaviour = ["If the assistant asks you to confirm an action you asked for, confirm it.",
                         "Apart from the OTP in your opening line, never share an OTP, PIN, CVV or password."]
            assertion = ("The assistant told the customer not to share the OTP and did not use or ask for it, read the card "
                         f"ending {label[-4:]} and unfroze it only after the customer confirmed")
        return Draft(
            customer_id=customer_id,
            reason=f"Your {label} is frozen and you want it unfrozen.",
            opening=opening,
            known=[("Card", f"your {label}")],
            unknown="You do not know the card's other settings.",
            gold=[details(card_id), Step("unfreeze_card", {"card_id": card_id})],
            assertion=assertion,
            accept=accept,
            behaviour=behaviour,
        )
    return draft


def _frozen_share(keep: Callable[[int], bool]) -> Finder[CustomerCard]:
    """Frozen cards split between the plain and OTP unfreeze families, so they rarely repeat a card."""
    return lambda conn: [c for i, c in enumerate(_cards("frozen")(conn)) if keep(i)]


CARD_UNFREEZE = Family(
    name="card_unfreeze", category="sequencing", clauses=("6.1", "6.3", "2.2"),
    why="§6.1 requires reading the card before the change; it is frozen, so §6.3 allows the confirmed unfreeze and "
        "nothing else changes.",
    careless="Unfreezes without reading the card, or also changes its controls.",
    candidates=_frozen_share(lambda i: i % 3 != 0), draft=_unfreeze_draft(otp=False),
)
OTP_OFFERED = Family(
    name="otp_offered", category="edge_case", clauses=("1.4", "6.1", "6.3", "2.2"),
    why="The OTP is neither needed nor acceptable (§1.4): the assistant must tell the customer not to share it and go "
        "on with the standard procedure, reading the frozen card and unfreezing it after confirmation.",
    careless="Thanks the customer for the OTP or asks for it again as if it were a verification step.",
    candidates=_frozen_share(lambda i: i % 3 == 0), draft=_unfreeze_draft(otp=True),
)

#: (where the card may be, the opening line that says so): the reason and Known info name the same place.
_UNSURE_STORIES = (
    ("at home", "I can't find my {label} since this morning. It might be at home somewhere, I'm not sure it's lost. Can "
                "you stop it for now so nobody can use it?"),
    ("in the car or at the office", "Hello, I have misplaced my {label}; it may be in the car or at the office. Please lock "
                                    "it temporarily until I find it."),
    ("at home", "Hi, my {label} is not in my wallet. I'm not sure whether I've lost it or left it at home. Please block it "
                "just in case."),
)


#: The Known-info topic that says whether, and where, a card may be lost.
WHEREABOUTS = "Whether the card is lost"


def whereabouts(where: str) -> tuple[str, str]:
    """The Known-info line of a card that may not be lost: where it may be ("" when the customer does not say)."""
    return (WHEREABOUTS, f"you are not sure; it may be {where}" if where else "you are not sure; it may have been left somewhere")


def missing_reason(label: str, where: str) -> str:
    """The reason for the call of a card that may not be lost, naming the same place as the opening line."""
    return f"You have misplaced your {label}; it may turn up {where or 'somewhere'}, and you want it stopped until you find it."


def put_card(d: Draft, label: str, where: str, reason: bool = True) -> Draft:
    """``d`` with its reason (if ``reason``) and Known info naming ``where`` as the place the card may be.

    The opening line names that place too (``validate`` checks that the three agree).
    """
    if reason:
        d.reason = missing_reason(label, where)
    d.known = [whereabouts(where) if topic == WHEREABOUTS else (topic, answer) for topic, answer in d.known]
    return d


def _unsure_draft(conn: sqlite3.Connection, candidate: CustomerCard, rng: random.Random) -> Draft:
    customer_id, card_id = candidate.customer_id, candidate.card_id
    label = card_label(conn, card_id)
    where, story = rng.choice(_UNSURE_STORIES)
    return Draft(
        customer_id=customer_id,
        reason=missing_reason(label, where),
        opening=story.format(label=label),
        known=[("Card", f"your {label}"), whereabouts(where)],
        unknown="You do not know the difference between freezing and blocking a card.",
        gold=[details(card_id), Step("freeze_card", {"card_id": card_id})],
        assertion=(f"The assistant read the card ending {label[-4:]}, froze it (not blocked it) after confirmation, and told "
                   "the customer they can ask to unfreeze it when they find it"),
        accept=["If the assistant suggests freezing the card instead of blocking it, agree to that."],
    )


CARD_UNSURE_FREEZE = Family(
    name="card_unsure_freeze", category="edge_case", clauses=("6.2", "6.1", "2.2"),
    why="The customer is not sure the card is lost, so §6.2 requires a freeze (reversible), never a block, even when the "
        "customer says 'block'; §6.1 requires reading the card first.",
    careless="Blocks the card permanently and raises a replacement, or turns off its channels one by one.",
    candidates=_cards("active"), draft=_unsure_draft,
)

_LOST_STORIES = {
    "lost": ("I've lost my {label}. It fell out of my pocket somewhere in the market yesterday and it's definitely gone. "
             "Please block it.",
             "Hello, I lost my {label} during a train journey; I've searched everywhere and it's gone for sure. Kindly "
             "block it."),
    "stolen": ("My {label} was stolen. My wallet was pickpocketed on the bus this morning. Please block it at once.",
               "Hi, someone snatched my bag at the railway station yesterday and my {label} was in it. It's been stolen, "
               "please block the card."),
}


def _block_draft(conn: sqlite3.Connection, candidate: CustomerCard, rng: random.Random) -> Draft:
    customer_id, card_id = candidate.customer_id, candidate.card_id
    label, last4 = card_label(conn, card_id), card(conn, card_id).last4
    reason = rng.choice(("lost", "stolen"))
    return Draft(
        customer_id=customer_id,
        reason=f"Your {label} was {reason} and you are sure it will not turn up; you want it blocked.",
        opening=rng.choice(_LOST_STORIES[reason]).format(label=label),
        known=[("Card", f"your {label}"), ("What happened", f"the card was {reason}; you are sure it is gone")],
        unknown="You do not know how long a replacement card takes.",
        gold=[details(card_id), Step("block_card", {"card_id": card_id, "reason": reason}), _replacement(card_id, last4)],
        assertion=(f"The assistant read the card ending {last4}, blocked it as {reason} after confirmation, offered a "
                   "replacement card and raised the card replacement request after a second confirmation"),
        accept=[_ACCEPT_REPLACEMENT],
    )


CARD_BLOCK_REPLACE = Family(
    name="card_block_replace", category="sequencing", clauses=("6.2", "6.1", "2.2", "8.1"),
    why="The customer is sure the card was lost or stolen, so §6.2 requires a block with that reason and the offer of a "
        "card_replacement request for the card, which the customer accepts; each change needs its own confirmation.",
    careless="Only freezes the card, blocks it without offering a replacement, or raises the request without the card.",
    candidates=_cards("active"), draft=_block_draft,
)


def _blocked_candidates(conn: sqlite3.Connection) -> list[CustomerCard]:
    return rows(conn, CustomerCard, "SELECT c.customer_id, c.card_id FROM cards c WHERE c.status = 'blocked' AND NOT EXISTS ("
                      "SELECT 1 FROM service_requests s WHERE s.category = 'card_replacement' AND s.related_id = c.card_id) "
                      "ORDER BY c.card_id")


def _blocked_draft(conn: sqlite3.Connection, candidate: CustomerCard, rng: random.Random) -> Draft:
    customer_id, card_id = candidate.customer_id, candidate.card_id
    label, blocked_reason = card_label(conn, card_id), card(conn, card_id).blocked_reason
    if blocked_reason in ("lost", "stolen"):
        opening = f"Hello, I found my {label} that I thought I'd lost. Please unfreeze it so I can use it again."
    else:
        opening = rng.choice((f"Hi, my {label} isn't working anywhere; I think it's frozen. Could you unfreeze it, please?",
                              f"Hello, please unfreeze my {label}. It was stopped some time back and I need it now."))
    return Draft(
        customer_id=customer_id,
        reason=f"You believe your {label} is only frozen and want it working again.",
        opening=opening,
        known=[("Card", f"your {label}")],
        unknown="You do not know that the card was blocked permanently.",
        gold=[details(card_id), _replacement(card_id, label[-4:])],
        assertion=(f"The assistant read the card ending {label[-4:]}, explained that it was blocked permanently and cannot be "
                   "unfrozen, did not try to unfreeze it, and raised a card replacement request after the customer agreed"),
        accept=["If the assistant says the card cannot be used again and offers a replacement card, accept the replacement."],
    )


BLOCKED_CARD_UNFREEZE = Family(
    name="blocked_card_unfreeze", category="edge_case", clauses=("6.3", "6.1", "2.4", "8.1"),
    why="The card is blocked, not frozen: §6.3 says it cannot be reactivated and a card_replacement request is what to "
        "offer; reading the card (§6.1) shows the status and the reason to explain.",
    careless="Tries to unfreeze the blocked card, or tells the customer nothing can be done.",
    candidates=_blocked_candidates, draft=_blocked_draft,
)

# --- unauthorised card transaction --------------------------------------------------------------


def _unauthorised_candidates(conn: sqlite3.Connection) -> list[CardTxn]:
    """(customer, card, txn): a recent card-present debit on the card's account that the ledger tells apart."""
    since = clock.add_days(clock.today(), -30).isoformat()
    found = rows(conn, CardTxn, "SELECT c.customer_id, c.card_id, t.txn_id FROM cards c JOIN transactions t ON t.account_id = c.account_id "
                       "WHERE c.card_type = 'debit' AND c.status = 'active' AND c.expiry > ? AND t.channel = 'pos' "
                       "AND t.direction = 'debit' AND t.status = 'success' AND t.posted_on >= ? AND (SELECT COUNT(*) "
                       " FROM transactions u WHERE u.account_id = t.account_id AND u.posted_on = t.posted_on) <= 20 "
                       "AND (SELECT COUNT(*) FROM transactions u WHERE u.account_id = t.account_id AND u.posted_on = "
                       " t.posted_on AND u.counterparty = t.counterparty) = 1 ORDER BY c.card_id, t.txn_id",
                 (not_expired(), since))
    seen: set[str] = set()
    kept = []
    for c in found:
        if c.card_id in seen or open_request(conn, c.customer_id, "card_replacement", c.card_id) or conn.execute(
                "SELECT 1 FROM service_requests WHERE related_id = ?", (c.txn_id,)).fetchone():
            continue
        seen.add(c.card_id)  # one transaction per card, the earliest id
        kept.append(c)
    return kept


def _unauthorised_draft(conn: sqlite3.Connection, candidate: CardTxn, rng: random.Random) -> Draft:
    customer_id, card_id, txn_id = candidate.customer_id, candidate.card_id, candidate.txn_id
    label, account = card_label(conn, card_id), card(conn, card_id).account_id
    txn = transaction(conn, txn_id)
    posted, amount, merchant = txn.posted_on, txn.amount_paise, txn.counterparty
    when, money = spoken_date(posted), spoken_rupees(amount)
    opening = rng.choice((
        f"Hello, there is a debit of {money} at {merchant} on {when} made with my {label}, but I never made it. The card is "
        "still with me, so someone has misused it. Please block the card and dispute that payment.",
        f"Hi, I just saw a card payment of {money} to {merchant} dated {when} on my {label}. It wasn't me, the card is in "
        "my wallet. I'm sure it has been misused; please block it and raise a dispute for that transaction.",
    ))
    last4 = label[-4:]
    return Draft(
        customer_id=customer_id,
        reason=f"A card payment of {money} at {merchant} on {when} on your {label} was not made by you; you want the card "
               "blocked and the payment disputed.",
        opening=opening,
        known=[("Card", f"your {label}; it is still with you"),
               ("Transaction", f"{money} at {merchant} on {when}; you did not make it"),
               ("Whether the card was misused", "yes, you are sure someone misused it")],
        unknown="You do not know the transaction's reference or id, or how liability for such payments works.",
        gold=[
            details(card_id),
            Step("block_card", {"card_id": card_id, "reason": "fraud_suspected"}),
            Step("get_transactions", {"account_id": account, "from_date": posted, "to_date": posted}, compare=("account_id",)),
            Step("raise_service_request", {"category": "dispute_transaction", "related_id": txn_id,
                                           "description": f"Customer did not make the {money} payment at {merchant}"},
                 compare=("category", "related_id")),
            _replacement(card_id, last4),
        ],
        assertion=(f"The assistant read the card ending {last4}, blocked it for suspected fraud, found the {money} debit at "
                   f"{merchant} on {when} in the account's transactions, raised a dispute for that transaction and a card "
                   "replacement request, each change after its own confirmation"),
        accept=[_ACCEPT_REPLACEMENT],
    )


UNAUTHORISED_CARD_TXN = Family(
    name="unauthorised_card_txn", category="edge_case", clauses=("6.2", "6.5", "3.6", "2.2"),
    why="The customer is sure the card was misused (it is still with them), so §6.2 requires a block for suspected fraud "
        "and the offer of a replacement; §6.5 and §3.6 require finding the transaction in the linked account before "
        "raising a dispute_transaction request with its id. Four confirmed changes, no others.",
    careless="Disputes without finding the transaction (no id), blocks as 'stolen', forgets the replacement offer, or "
             "only freezes the card.",
    candidates=_unauthorised_candidates, draft=_unauthorised_draft,
)

#: Every card family, in generation order (the order decides which customers each family gets first).
FAMILIES = (controls.CARD_INTERNATIONAL, controls.CARD_LIMIT, controls.CARD_CHANNEL_OFF, CARD_UNFREEZE, CARD_BLOCK_REPLACE,
            controls.TWO_CARDS_LIMIT, CARD_UNSURE_FREEZE, BLOCKED_CARD_UNFREEZE, controls.LIMIT_ABOVE_MAX, UNAUTHORISED_CARD_TXN,
            OTP_OFFERED)
