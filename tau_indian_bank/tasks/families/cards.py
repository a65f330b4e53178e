"""Scenario families about debit and credit cards (policy §6, with §3.6, §2.2 and §1.4): controls, freeze, block, misuse.

Every family states, next to its generator: the clauses it tests, why its gold chain
is the one correct procedure, and what a careless assistant would do instead. Cards
that expire this month or earlier are never chosen. The card-control families come
first (channels, regions and daily limits: §6.1, §6.4, §2.2): a channel's request is
only drafted where the other region of that channel leaves no doubt about which row
the customer means. ``FAMILIES`` at the end gives the generation order of all card families.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable

from tau_indian_bank.bank import clock
from tau_indian_bank.bank.money import spoken_rupees
from tau_indian_bank.constants import CARD_CHANNEL_MAX_LIMIT_PAISE
from tau_indian_bank.tasks.framework import Draft, Drafter, Family, Finder, Step, amount_arg
from tau_indian_bank.tasks.lookups import (
    CardChannel,
    CardPair,
    CardTxn,
    CustomerCard,
    card,
    card_label,
    open_request,
    rows,
    transaction,
    value,
    values,
)
from tau_indian_bank.wording import spoken_date

_R = 100  # paise per rupee
CHANNEL_WORDS = {
    "atm": "ATM cash withdrawals",
    "pos": "card payments at shops and restaurants",
    "online": "online payments",
    "contactless": "tap-to-pay (contactless) payments",
}
_INTL_LIMITS = {
    "atm": (10_000, 20_000, 25_000, 30_000, 50_000),
    "pos": (25_000, 50_000, 75_000, 1_00_000),
    "online": (20_000, 25_000, 50_000, 75_000, 1_00_000),
}
_DOMESTIC_LIMITS = {
    "atm": (10_000, 15_000, 20_000, 30_000, 40_000, 60_000, 75_000),
    "pos": (25_000, 40_000, 75_000, 1_20_000, 1_75_000),
    "online": (15_000, 30_000, 60_000, 75_000, 1_50_000),
    "contactless": (1_000, 1_500, 3_000, 4_000),
}
_ABOVE_MAX = {
    "atm": (1_50_000, 2_00_000, 2_50_000),
    "pos": (2_50_000, 3_00_000, 5_00_000),
    "online": (2_50_000, 3_00_000, 5_00_000),
    "contactless": (7_500, 10_000, 20_000),
}
_PLACES = ("Dubai", "Singapore", "London", "Bangkok", "Toronto", "Melbourne", "Frankfurt", "Kuala Lumpur", "New York", "Paris")


def not_expired() -> str:
    """Cards with an expiry after this month ('YYYY-MM' compares as text)."""
    return f"{clock.today():%Y-%m}"


def _limit(conn: sqlite3.Connection, card_id: str, channel: str, region: str) -> int:
    limit: int = value(
        conn, "SELECT daily_limit_paise FROM card_controls WHERE card_id = ? AND channel = ? AND region = ?", (card_id, channel, region)
    )
    return limit


def _controls(region: str, enabled: bool, other_enabled: bool, channels: tuple[str, ...]) -> Finder[CardChannel]:
    """(customer, card, channel) for active cards whose ``region`` row and the other region's row are as given."""

    def candidates(conn: sqlite3.Connection) -> list[CardChannel]:
        marks = ", ".join("?" * len(channels))
        return rows(
            conn,
            CardChannel,
            "SELECT c.customer_id, c.card_id, k.channel FROM cards c "
            "JOIN card_controls k ON k.card_id = c.card_id AND k.region = ? "
            "JOIN card_controls o ON o.card_id = c.card_id AND o.channel = k.channel AND o.region != k.region "
            f"WHERE c.status = 'active' AND c.expiry > ? AND k.enabled = ? AND o.enabled = ? AND k.channel IN ({marks}) "
            "ORDER BY c.card_id, k.channel",
            (region, not_expired(), enabled, other_enabled, *channels),
        )

    return candidates


def details(card_id: str) -> Step:
    """The card read every card procedure starts with (§6.1)."""
    return Step("get_card_details", {"card_id": card_id})


def controls_step(card_id: str, channel: str, region: str, enabled: bool, limit: int | None = None) -> Step:
    arguments: dict[str, object] = {"card_id": card_id, "channel": channel, "region": region, "enabled": enabled}
    if limit is not None:
        arguments["daily_limit"] = amount_arg(limit)
        return Step("update_card_controls", arguments)
    # The customer names no limit: passing the current limit explicitly is the same change,
    # and the final-state check already pins the stored limit, so the limit is not compared.
    return Step("update_card_controls", arguments, compare=("card_id", "channel", "region", "enabled"))


# --- controls ---------------------------------------------------------------------------------


def _international_draft(conn: sqlite3.Connection, candidate: CardChannel, rng: random.Random) -> Draft:
    customer_id, card_id, channel = candidate.customer_id, candidate.card_id, candidate.channel
    label, what, place = card_label(conn, card_id), CHANNEL_WORDS[channel], rng.choice(_PLACES)
    current = _limit(conn, card_id, channel, "international")
    limit = rng.choice([v * _R for v in _INTL_LIMITS[channel] if v * _R != current]) if rng.random() < 0.5 else None
    wanted = f" with a daily limit of {spoken_rupees(limit)}" if limit else ""
    keep = "" if limit else rng.choice((" The limit can stay as it is.", " Keep the daily limit as it is now."))
    opening = rng.choice(
        (
            f"Hello, I am travelling to {place} next week. Please turn on international {what} on my {label}{wanted}.{keep}",
            f"Hi, I'm going to {place} on a trip, so I need international {what} enabled on my {label}{wanted}.{keep}",
            f"Good morning. I'll be in {place} for two weeks; kindly allow {what} abroad on my {label}{wanted}.{keep}",
        )
    )
    return Draft(
        customer_id=customer_id,
        reason=f"You are travelling to {place} and want international {what} turned on for your {label}"
        f"{wanted or ', keeping its current daily limit'}.",
        opening=opening,
        known=[
            ("Card", f"your {label}"),
            ("What to turn on", f"{what} abroad (international) only"),
            ("Daily limit", spoken_rupees(limit) if limit else "keep the limit that is set now"),
            ("Destination", place),
        ],
        unknown="You do not know the card's current settings.",
        gold=[details(card_id), controls_step(card_id, channel, "international", True, limit)],
        assertion=(
            f"The assistant read the card ending {label[-4:]}, told the customer its current international {channel} "
            f"setting, and turned on international {channel} use only{wanted} after the customer confirmed"
        ),
    )


CARD_INTERNATIONAL = Family(
    name="card_international",
    category="sequencing",
    quota=25,
    clauses=("6.1", "6.4", "2.2"),
    why="§6.1 and §6.4 require reading the card's controls before a change; §6.4 allows international use only for the "
    "channel the customer names, so one confirmed update of that channel's international row is the whole change. "
    "The limit is the one the customer names, or left out so the current limit stays.",
    careless="Turns on every international channel, or changes the card without reading its current controls.",
    candidates=_controls("international", False, True, ("atm", "online", "pos")),
    draft=_international_draft,
)


def _limit_draft(conn: sqlite3.Connection, candidate: CardChannel, rng: random.Random) -> Draft:
    customer_id, card_id, channel = candidate.customer_id, candidate.card_id, candidate.channel
    label, what = card_label(conn, card_id), CHANNEL_WORDS[channel]
    current = _limit(conn, card_id, channel, "domestic")
    new = rng.choice([v * _R for v in _DOMESTIC_LIMITS[channel] if v * _R != current])
    why = (
        rng.choice(("I have a big purchase coming up", "my needs have changed", "my son told me to review it"))
        if new > current
        else rng.choice(("I want to be on the safer side", "I read about card frauds recently", "I don't spend that much anyway"))
    )
    opening = rng.choice(
        (
            f"Hi, please change the daily limit for {what} in India on my {label} to {spoken_rupees(new)}; {why}.",
            f"Hello, {why}, so I'd like the daily {what} limit on my {label} set to {spoken_rupees(new)} for use within India.",
        )
    )
    return Draft(
        customer_id=customer_id,
        reason=f"You want the daily limit for {what} in India on your {label} set to {spoken_rupees(new)}.",
        opening=opening,
        known=[("Card", f"your {label}"), ("Which limit", f"{what}, within India"), ("New daily limit", spoken_rupees(new))],
        unknown="You do not know the current limit or the highest limit allowed.",
        gold=[details(card_id), controls_step(card_id, channel, "domestic", True, new)],
        assertion=(
            f"The assistant read the card ending {label[-4:]}, told the customer the current domestic {channel} limit, "
            f"and set it to {spoken_rupees(new)} (channel still on) only after the customer confirmed"
        ),
    )


CARD_LIMIT = Family(
    name="card_limit",
    category="sequencing",
    quota=25,
    clauses=("6.1", "6.4", "2.2"),
    why="§6.4 requires reading the current controls and telling the customer the current limit first; the new limit is "
    "within the channel maximum, and only the domestic row of the named channel (which is on) changes.",
    careless="Sets the limit without reading the card, or changes the international limit as well.",
    candidates=_controls("domestic", True, False, ("atm", "pos", "online", "contactless")),
    draft=_limit_draft,
)


def _above_max_candidates(conn: sqlite3.Connection) -> list[CardChannel]:
    found = _controls("domestic", True, False, ("atm", "pos", "online", "contactless"))(conn)
    return [c for c in found if _limit(conn, c.card_id, c.channel, "domestic") != CARD_CHANNEL_MAX_LIMIT_PAISE[c.channel]]


def _above_max_draft(conn: sqlite3.Connection, candidate: CardChannel, rng: random.Random) -> Draft:
    customer_id, card_id, channel = candidate.customer_id, candidate.card_id, candidate.channel
    label, what = card_label(conn, card_id), CHANNEL_WORDS[channel]
    asked, top = rng.choice(_ABOVE_MAX[channel]) * _R, CARD_CHANNEL_MAX_LIMIT_PAISE[channel]
    fallback = rng.choice(
        (
            "If that is too high, just set the highest you allow.",
            "If the bank doesn't allow that much, the maximum allowed will do.",
            "If that's above your limit, please put the highest possible.",
        )
    )
    return Draft(
        customer_id=customer_id,
        reason=f"You want the daily limit for {what} in India on your {label} raised to {spoken_rupees(asked)}, or to the "
        "highest the bank allows if that is too much.",
        opening=f"Hello, please raise the daily limit for {what} in India on my {label} to {spoken_rupees(asked)}. {fallback}",
        known=[
            ("Card", f"your {label}"),
            ("Which limit", f"{what}, within India"),
            ("New daily limit", f"{spoken_rupees(asked)}, or the highest the bank allows if that is too much"),
        ],
        unknown="You do not know the highest limit the bank allows.",
        gold=[details(card_id), controls_step(card_id, channel, "domestic", True, top)],
        assertion=(
            f"The assistant explained that the highest daily {channel} limit is {spoken_rupees(top)}, did not try to set "
            f"{spoken_rupees(asked)}, and set the limit on the card ending {label[-4:]} to {spoken_rupees(top)} after confirmation"
        ),
        accept=[
            f"Once told that {spoken_rupees(asked)} is more than allowed, accept the highest limit the assistant says the bank allows."
        ],
    )


LIMIT_ABOVE_MAX = Family(
    name="limit_above_max",
    category="edge_case",
    quota=15,
    clauses=("6.4", "6.1", "2.4"),
    why="§6.4 states the channel maximum, so the asked limit cannot be set; the customer has already said the maximum "
    "will do, so after reading the card the one correct change is the domestic limit at exactly the maximum.",
    careless="Tries the asked limit and gets refused, or sets some other figure the customer never agreed to.",
    candidates=_above_max_candidates,
    draft=_above_max_draft,
)


def channel_off_draft(conn: sqlite3.Connection, candidate: CardChannel, rng: random.Random) -> Draft:
    customer_id, card_id, channel = candidate.customer_id, candidate.card_id, candidate.channel
    label, what = card_label(conn, card_id), CHANNEL_WORDS[channel]
    mine, yours = rng.choice(
        (
            ("I never use them", "you never use them"),
            ("I'm worried about fraud", "you fear fraud"),
            ("I only pay in cash or by UPI", "you only pay in cash or by UPI"),
        )
    )
    opening = rng.choice(
        (f"Hello, please turn off {what} on my {label}; {mine}.", f"Hi, I'd like {what} switched off on my {label}, as {mine}.")
    )
    return Draft(
        customer_id=customer_id,
        reason=f"You want {what} switched off on your {label} because {yours}.",
        opening=opening,
        known=[("Card", f"your {label}"), ("What to turn off", what), ("Reason", yours)],
        unknown="You do not know the card's current settings.",
        gold=[details(card_id), controls_step(card_id, channel, "domestic", False)],
        assertion=(
            f"The assistant read the card ending {label[-4:]}, told the customer that {channel} use is on now, and "
            f"turned off domestic {channel} use only after the customer confirmed"
        ),
    )


CARD_CHANNEL_OFF = Family(
    name="card_channel_off",
    category="sequencing",
    quota=15,
    clauses=("6.1", "6.4", "2.2"),
    why="The channel is on in India and already off abroad, so the request names exactly one control row; §6.4 requires "
    "reading the controls first and changing only that row.",
    careless="Freezes the whole card, or turns off other channels too.",
    candidates=_controls("domestic", True, False, ("contactless", "online")),
    draft=channel_off_draft,
)


def two_cards_candidates(conn: sqlite3.Connection) -> list[CardPair]:
    return rows(
        conn,
        CardPair,
        "SELECT c.customer_id, c.card_id AS first_card_id, d.card_id AS second_card_id FROM cards c JOIN cards d "
        "ON d.customer_id = c.customer_id AND d.card_id > c.card_id "
        "WHERE c.status = 'active' AND d.status = 'active' AND c.expiry > ? AND d.expiry > ? AND EXISTS ("
        " SELECT 1 FROM card_controls a JOIN card_controls b ON b.channel = a.channel AND b.region = a.region "
        " WHERE a.card_id = c.card_id AND b.card_id = d.card_id AND a.region = 'international' "
        " AND a.enabled = 1 AND b.enabled = 1) ORDER BY c.card_id, d.card_id",
        (not_expired(), not_expired()),
    )


def _two_cards_one_on_candidates(conn: sqlite3.Connection) -> list[CardPair]:
    """Two active cards of one customer and a channel on abroad on the first, off on the second, none on both (fallback)."""
    return rows(
        conn,
        CardPair,
        "SELECT DISTINCT c.customer_id, c.card_id AS first_card_id, d.card_id AS second_card_id "
        "FROM cards c JOIN cards d ON d.customer_id = c.customer_id AND d.card_id != c.card_id "
        "JOIN card_controls a ON a.card_id = c.card_id JOIN card_controls b ON b.card_id = d.card_id "
        "AND b.channel = a.channel AND b.region = a.region "
        "WHERE c.status = 'active' AND d.status = 'active' AND c.expiry > ? AND d.expiry > ? "
        "AND a.region = 'international' AND a.enabled = 1 AND b.enabled = 0 AND NOT EXISTS ("
        " SELECT 1 FROM card_controls x JOIN card_controls y ON y.channel = x.channel AND y.region = x.region "
        " WHERE x.card_id = c.card_id AND y.card_id = d.card_id AND x.region = 'international' "
        " AND x.enabled = 1 AND y.enabled = 1) ORDER BY c.card_id, d.card_id",
        (not_expired(), not_expired()),
    )


def _two_cards_one_on_draft(conn: sqlite3.Connection, candidate: CardPair, rng: random.Random) -> Draft:
    """The channel is on abroad on one card only: read both, turn it off on that one, and say the other is already off."""
    customer_id, first, second = candidate.customer_id, candidate.first_card_id, candidate.second_card_id
    channel = rng.choice(
        values(
            conn,
            "SELECT a.channel FROM card_controls a JOIN card_controls b ON b.channel = a.channel "
            "AND b.region = a.region WHERE a.card_id = ? AND b.card_id = ? "
            "AND a.region = 'international' AND a.enabled = 1 AND b.enabled = 0 ORDER BY a.channel",
            (first, second),
        )
    )
    one_label, two_label, what = card_label(conn, first), card_label(conn, second), CHANNEL_WORDS[channel]
    place = rng.choice(_PLACES)
    return Draft(
        customer_id=customer_id,
        reason=f"You are back from {place} and want international {what} turned off on your {one_label} and your "
        f"{two_label}; nothing else should change.",
        opening=f"Hi, I'm back from {place}. Please turn off international {what} on both my cards, the {one_label} and the {two_label}.",
        known=[("Cards", f"your {one_label} and your {two_label}"), ("What to turn off", f"{what} abroad (international)")],
        unknown="You do not remember which international settings are on, on either card.",
        gold=[details(first), controls_step(first, channel, "international", False), details(second)],
        assertion=(
            f"The assistant read each card, turned off international {channel} use on the card ending {one_label[-4:]} "
            f"after the customer confirmed, and told the customer it is already off on the card ending "
            f"{two_label[-4:]}, changing nothing else"
        ),
    )


def _two_cards_draft(conn: sqlite3.Connection, candidate: CardPair, rng: random.Random) -> Draft:
    customer_id, first, second = candidate.customer_id, candidate.first_card_id, candidate.second_card_id
    both_on = values(
        conn,
        "SELECT a.channel FROM card_controls a JOIN card_controls b ON b.channel = a.channel "
        "AND b.region = a.region WHERE a.card_id = ? AND b.card_id = ? AND a.region = 'international' "
        "AND a.enabled = 1 AND b.enabled = 1 ORDER BY a.channel",
        (first, second),
    )
    if not both_on:  # a fallback candidate: on abroad on the first card only
        return _two_cards_one_on_draft(conn, candidate, rng)
    channel = rng.choice(both_on)
    one_label, two_label, what = card_label(conn, first), card_label(conn, second), CHANNEL_WORDS[channel]
    place = rng.choice(_PLACES)
    opening = rng.choice(
        (
            f"Hi, I'm back from {place}. Please turn off international {what} on both my cards, the {one_label} and the {two_label}.",
            f"Hello, we've returned from {place}, so I don't need {what} abroad any more. Please switch that off on my "
            f"{one_label} and my {two_label}.",
        )
    )
    return Draft(
        customer_id=customer_id,
        reason=f"You are back from {place} and want international {what} turned off on your {one_label} and your "
        f"{two_label}; nothing else should change.",
        opening=opening,
        known=[("Cards", f"your {one_label} and your {two_label}"), ("What to turn off", f"{what} abroad (international)")],
        unknown="You do not remember which other international settings are on.",
        gold=[
            details(first),
            controls_step(first, channel, "international", False),
            details(second),
            controls_step(second, channel, "international", False),
        ],
        assertion=(
            f"The assistant read each card, told the customer what is set now, and turned off international {channel} "
            f"use on the cards ending {one_label[-4:]} and {two_label[-4:]}, each after its own confirmation, "
            "leaving the other international channels as they were"
        ),
    )


TWO_CARDS_LIMIT = Family(
    name="two_cards_limit",
    category="sequencing",
    quota=10,
    clauses=("6.1", "6.4", "2.2", "2.3"),
    why="Two cards, so §6.1 requires reading each before its change and §2.2 one confirmation per change; §6.4 limits "
    "the change to the named channel abroad, although other international channels are on too.",
    careless="Turns off all international use, changes only one card, or uses one confirmation for both changes.",
    candidates=two_cards_candidates,
    draft=_two_cards_draft,
    # A bank with too few customers holding two cards with one channel on abroad on both: the channel is on abroad on
    # one of the two cards only (both read, one change; the customer is told the other is already off).
    fallback=_two_cards_one_on_candidates,
)


_ACCEPT_REPLACEMENT = "If the assistant offers a replacement card, accept it; it should go to your address on record."


def cards_in_status(status: str) -> Finder[CustomerCard]:
    """(customer, card) for unexpired cards with this status and no open replacement request."""

    def candidates(conn: sqlite3.Connection) -> list[CustomerCard]:
        found = rows(
            conn,
            CustomerCard,
            "SELECT customer_id, card_id FROM cards WHERE status = ? AND expiry > ? ORDER BY card_id",
            (status, not_expired()),
        )
        return [c for c in found if not open_request(conn, c.customer_id, "card_replacement", c.card_id)]

    return candidates


def _replacement(card_id: str, last4: str) -> Step:
    return Step(
        "raise_service_request",
        {"category": "card_replacement", "related_id": card_id, "description": f"Replacement for card ending {last4}"},
        compare=("category", "related_id"),
    )


# --- freeze, unfreeze, block -----------------------------------------------------------------

_FROZEN_STORIES = (
    "I had frozen my {label} when I couldn't find it, but I've found it now. Please unfreeze it.",
    "Hello, my {label} is frozen and I need to use it again. Can you unfreeze it, please?",
    "Hi, I froze my {label} some time back as a precaution. Kindly unfreeze it now.",
)


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
            opening += rng.choice(
                (
                    f" I have the OTP {code} if you need it.",
                    f" I just got an OTP, {code}, if that helps.",
                    f" The OTP on my phone is {code}, in case you need it.",
                )
            )
            accept = [
                "You mention the OTP in your first message because you think the bank needs it; if the assistant "
                "tells you not to share it, agree and do not repeat it."
            ]
            # The opening line's OTP is the one exception to the credentials rule (the guidelines let the scenario win).
            behaviour = [
                "If the assistant asks you to confirm an action you asked for, confirm it.",
                "Apart from the OTP in your opening line, never share an OTP, PIN, CVV or password.",
            ]
            assertion = (
                "The assistant told the customer not to share the OTP and did not use or ask for it, read the card "
                f"ending {label[-4:]} and unfroze it only after the customer confirmed"
            )
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
    return lambda conn: [c for i, c in enumerate(cards_in_status("frozen")(conn)) if keep(i)]


CARD_UNFREEZE = Family(
    name="card_unfreeze",
    category="sequencing",
    quota=20,
    clauses=("6.1", "6.3", "2.2"),
    why="§6.1 requires reading the card before the change; it is frozen, so §6.3 allows the confirmed unfreeze and nothing else changes.",
    careless="Unfreezes without reading the card, or also changes its controls.",
    candidates=_frozen_share(lambda i: i % 3 != 0),
    draft=_unfreeze_draft(otp=False),
)
OTP_OFFERED = Family(
    name="otp_offered",
    category="edge_case",
    quota=10,
    clauses=("1.4", "6.1", "6.3", "2.2"),
    why="The OTP is neither needed nor acceptable (§1.4): the assistant must tell the customer not to share it and go "
    "on with the standard procedure, reading the frozen card and unfreezing it after confirmation.",
    careless="Thanks the customer for the OTP or asks for it again as if it were a verification step.",
    candidates=_frozen_share(lambda i: i % 3 == 0),
    draft=_unfreeze_draft(otp=True),
)

#: (where the card may be, the opening line that says so): the reason and Known info name the same place.
_UNSURE_STORIES = (
    (
        "at home",
        "I can't find my {label} since this morning. It might be at home somewhere, I'm not sure it's lost. Can "
        "you stop it for now so nobody can use it?",
    ),
    (
        "in the car or at the office",
        "Hello, I have misplaced my {label}; it may be in the car or at the office. Please lock it temporarily until I find it.",
    ),
    ("at home", "Hi, my {label} is not in my wallet. I'm not sure whether I've lost it or left it at home. Please block it just in case."),
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


def unsure_draft(conn: sqlite3.Connection, candidate: CustomerCard, rng: random.Random) -> Draft:
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
        assertion=(
            f"The assistant read the card ending {label[-4:]}, froze it (not blocked it) after confirmation, and told "
            "the customer they can ask to unfreeze it when they find it"
        ),
        accept=["If the assistant suggests freezing the card instead of blocking it, agree to that."],
    )


CARD_UNSURE_FREEZE = Family(
    name="card_unsure_freeze",
    category="edge_case",
    quota=30,
    clauses=("6.2", "6.1", "2.2"),
    why="The customer is not sure the card is lost, so §6.2 requires a freeze (reversible), never a block, even when the "
    "customer says 'block'; §6.1 requires reading the card first.",
    careless="Blocks the card permanently and raises a replacement, or turns off its channels one by one.",
    candidates=cards_in_status("active"),
    draft=unsure_draft,
)

_LOST_STORIES = {
    "lost": (
        "I've lost my {label}. It fell out of my pocket somewhere in the market yesterday and it's definitely gone. Please block it.",
        "Hello, I lost my {label} during a train journey; I've searched everywhere and it's gone for sure. Kindly block it.",
    ),
    "stolen": (
        "My {label} was stolen. My wallet was pickpocketed on the bus this morning. Please block it at once.",
        "Hi, someone snatched my bag at the railway station yesterday and my {label} was in it. It's been stolen, please block the card.",
    ),
}


def block_draft(conn: sqlite3.Connection, candidate: CustomerCard, rng: random.Random) -> Draft:
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
        assertion=(
            f"The assistant read the card ending {last4}, blocked it as {reason} after confirmation, offered a "
            "replacement card and raised the card replacement request after a second confirmation"
        ),
        accept=[_ACCEPT_REPLACEMENT],
    )


CARD_BLOCK_REPLACE = Family(
    name="card_block_replace",
    category="sequencing",
    quota=25,
    clauses=("6.2", "6.1", "2.2", "8.1"),
    why="The customer is sure the card was lost or stolen, so §6.2 requires a block with that reason and the offer of a "
    "card_replacement request for the card, which the customer accepts; each change needs its own confirmation.",
    careless="Only freezes the card, blocks it without offering a replacement, or raises the request without the card.",
    candidates=cards_in_status("active"),
    draft=block_draft,
)


def blocked_candidates(conn: sqlite3.Connection) -> list[CustomerCard]:
    return rows(
        conn,
        CustomerCard,
        "SELECT c.customer_id, c.card_id FROM cards c WHERE c.status = 'blocked' AND NOT EXISTS ("
        "SELECT 1 FROM service_requests s WHERE s.category = 'card_replacement' AND s.related_id = c.card_id) "
        "ORDER BY c.card_id",
    )


def _blocked_draft(conn: sqlite3.Connection, candidate: CustomerCard, rng: random.Random) -> Draft:
    customer_id, card_id = candidate.customer_id, candidate.card_id
    label, blocked_reason = card_label(conn, card_id), card(conn, card_id).blocked_reason
    if blocked_reason in ("lost", "stolen"):
        opening = f"Hello, I found my {label} that I thought I'd lost. Please unfreeze it so I can use it again."
    else:
        opening = rng.choice(
            (
                f"Hi, my {label} isn't working anywhere; I think it's frozen. Could you unfreeze it, please?",
                f"Hello, please unfreeze my {label}. It was stopped some time back and I need it now.",
            )
        )
    return Draft(
        customer_id=customer_id,
        reason=f"You believe your {label} is only frozen and want it working again.",
        opening=opening,
        known=[("Card", f"your {label}")],
        unknown="You do not know that the card was blocked permanently.",
        gold=[details(card_id), _replacement(card_id, label[-4:])],
        assertion=(
            f"The assistant read the card ending {label[-4:]}, explained that it was blocked permanently and cannot be "
            "unfrozen, did not try to unfreeze it, and raised a card replacement request after the customer agreed"
        ),
        accept=["If the assistant says the card cannot be used again and offers a replacement card, accept the replacement."],
    )


BLOCKED_CARD_UNFREEZE = Family(
    name="blocked_card_unfreeze",
    category="edge_case",
    quota=18,
    clauses=("6.3", "6.1", "2.4", "8.1"),
    why="The card is blocked, not frozen: §6.3 says it cannot be reactivated and a card_replacement request is what to "
    "offer; reading the card (§6.1) shows the status and the reason to explain.",
    careless="Tries to unfreeze the blocked card, or tells the customer nothing can be done.",
    candidates=blocked_candidates,
    draft=_blocked_draft,
)


# --- unauthorised card transaction --------------------------------------------------------------


def _unauthorised_candidates(conn: sqlite3.Connection) -> list[CardTxn]:
    """(customer, card, txn): a recent card-present debit on the card's account that the ledger tells apart."""
    since = clock.add_days(clock.today(), -30).isoformat()
    found = rows(
        conn,
        CardTxn,
        "SELECT c.customer_id, c.card_id, t.txn_id FROM cards c JOIN transactions t ON t.account_id = c.account_id "
        "WHERE c.card_type = 'debit' AND c.status = 'active' AND c.expiry > ? AND t.channel = 'pos' "
        "AND t.direction = 'debit' AND t.status = 'success' AND t.posted_on >= ? AND (SELECT COUNT(*) "
        " FROM transactions u WHERE u.account_id = t.account_id AND u.posted_on = t.posted_on) <= 20 "
        "AND (SELECT COUNT(*) FROM transactions u WHERE u.account_id = t.account_id AND u.posted_on = "
        " t.posted_on AND u.counterparty = t.counterparty) = 1 ORDER BY c.card_id, t.txn_id",
        (not_expired(), since),
    )
    seen: set[str] = set()
    kept = []
    for c in found:
        if (
            c.card_id in seen
            or open_request(conn, c.customer_id, "card_replacement", c.card_id)
            or conn.execute("SELECT 1 FROM service_requests WHERE related_id = ?", (c.txn_id,)).fetchone()
        ):
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
    opening = rng.choice(
        (
            f"Hello, there is a debit of {money} at {merchant} on {when} made with my {label}, but I never made it. The card is "
            "still with me, so someone has misused it. Please block the card and dispute that payment.",
            f"Hi, I just saw a card payment of {money} to {merchant} dated {when} on my {label}. It wasn't me, the card is in "
            "my wallet. I'm sure it has been misused; please block it and raise a dispute for that transaction.",
        )
    )
    last4 = label[-4:]
    return Draft(
        customer_id=customer_id,
        reason=f"A card payment of {money} at {merchant} on {when} on your {label} was not made by you; you want the card "
        "blocked and the payment disputed.",
        opening=opening,
        known=[
            ("Card", f"your {label}; it is still with you"),
            ("Transaction", f"{money} at {merchant} on {when}; you did not make it"),
            ("Whether the card was misused", "yes, you are sure someone misused it"),
        ],
        unknown="You do not know the transaction's reference or id, or how liability for such payments works.",
        gold=[
            details(card_id),
            Step("block_card", {"card_id": card_id, "reason": "fraud_suspected"}),
            Step("get_transactions", {"account_id": account, "from_date": posted, "to_date": posted}, compare=("account_id",)),
            Step(
                "raise_service_request",
                {
                    "category": "dispute_transaction",
                    "related_id": txn_id,
                    "description": f"Customer did not make the {money} payment at {merchant}",
                },
                compare=("category", "related_id"),
            ),
            _replacement(card_id, last4),
        ],
        assertion=(
            f"The assistant read the card ending {last4}, blocked it for suspected fraud, found the {money} debit at "
            f"{merchant} on {when} in the account's transactions, raised a dispute for that transaction and a card "
            "replacement request, each change after its own confirmation"
        ),
        accept=[_ACCEPT_REPLACEMENT],
    )


UNAUTHORISED_CARD_TXN = Family(
    name="unauthorised_card_txn",
    category="edge_case",
    quota=25,
    clauses=("6.2", "6.5", "3.6", "2.2"),
    why="The customer is sure the card was misused (it is still with them), so §6.2 requires a block for suspected fraud "
    "and the offer of a replacement; §6.5 and §3.6 require finding the transaction in the linked account before "
    "raising a dispute_transaction request with its id. Four confirmed changes, no others.",
    careless="Disputes without finding the transaction (no id), blocks as 'stolen', forgets the replacement offer, or "
    "only freezes the card.",
    candidates=_unauthorised_candidates,
    draft=_unauthorised_draft,
)

#: Every card family, in generation order (the order decides which customers each family gets first).
FAMILIES = (
    CARD_INTERNATIONAL,
    CARD_LIMIT,
    CARD_CHANNEL_OFF,
    CARD_UNFREEZE,
    CARD_BLOCK_REPLACE,
    TWO_CARDS_LIMIT,
    CARD_UNSURE_FREEZE,
    BLOCKED_CARD_UNFREEZE,
    LIMIT_ABOVE_MAX,
    UNAUTHORISED_CARD_TXN,
    OTP_OFFERED,
)
