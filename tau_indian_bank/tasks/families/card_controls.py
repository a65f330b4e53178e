"""Scenario families about card controls: channels, regions and daily limits (policy §6.1, §6.4, §2.2).

Every family states, next to its generator: the clauses it tests, why its gold chain
is the one correct procedure, and what a careless assistant would do instead. Cards
that expire this month or earlier are never chosen, and a channel's request is only
drafted where the other region of that channel leaves no doubt about which row the
customer means. The generation order of all card families is in ``cards``.
"""

from __future__ import annotations

import random
import sqlite3

from tau_indian_bank.bank import clock
from tau_indian_bank.bank.money import spoken_rupees
from tau_indian_bank.constants import CARD_CHANNEL_MAX_LIMIT_PAISE
from tau_indian_bank.tasks.framework import Draft, Family, Finder, Step, amount_arg
from tau_indian_bank.tasks.lookups import CardChannel, CardPair, card_label, rows, value, values

_R = 100  # paise per rupee
_CHANNEL_WORDS = {"atm": "ATM cash withdrawals", "pos": "card payments at shops and restaurants",
                  "online": "online payments", "contactless": "tap-to-pay (contactless) payments"}
_INTL_LIMITS = {"atm": (10_000, 20_000, 25_000, 30_000, 50_000), "pos": (25_000, 50_000, 75_000, 1_00_000),
                "online": (20_000, 25_000, 50_000, 75_000, 1_00_000)}
_DOMESTIC_LIMITS = {"atm": (10_000, 15_000, 20_000, 30_000, 40_000, 60_000, 75_000),
                    "pos": (25_000, 40_000, 75_000, 1_20_000, 1_75_000), "online": (15_000, 30_000, 60_000, 75_000, 1_50_000),
                    "contactless": (1_000, 1_500, 3_000, 4_000)}
_ABOVE_MAX = {"atm": (1_50_000, 2_00_000, 2_50_000), "pos": (2_50_000, 3_00_000, 5_00_000),
              "online": (2_50_000, 3_00_000, 5_00_000), "contactless": (7_500, 10_000, 20_000)}
_PLACES = ("Dubai", "Singapore", "London", "Bangkok", "Toronto", "Melbourne", "Frankfurt", "Kuala Lumpur", "New York",
           "Paris")


def not_expired() -> str:
    """Cards with an expiry after this month ('YYYY-MM' compares as text)."""
    return f"{clock.today():%Y-%m}"


def _limit(conn: sqlite3.Connection, card_id: str, channel: str, region: str) -> int:
    return value(conn, "SELECT daily_limit_paise FROM card_controls WHERE card_id = ? AND channel = ? AND region = ?",
                 (card_id, channel, region))


def _controls(region: str, enabled: bool, other_enabled: bool, channels: tuple[str, ...]) -> Finder[CardChannel]:
    """(customer, card, channel) for active cards whose ``region`` row and the other region's row are as given."""
    def candidates(conn: sqlite3.Connection) -> list[CardChannel]:
        marks = ", ".join("?" * len(channels))
        return rows(conn, CardChannel, "SELECT c.customer_id, c.card_id, k.channel FROM cards c "
                          "JOIN card_controls k ON k.card_id = c.card_id AND k.region = ? "
                          "JOIN card_controls o ON o.card_id = c.card_id AND o.channel = k.channel AND o.region != k.region "
                          f"WHERE c.status = 'active' AND c.expiry > ? AND k.enabled = ? AND o.enabled = ? AND k.channel IN ({marks}) "
                          "ORDER BY c.card_id, k.channel", (region, not_expired(), enabled, other_enabled, *channels))
    return candidates


def details(card_id: str) -> Step:
    """The card read every card procedure starts with (§6.1)."""
    return Step("get_card_details", {"card_id": card_id})


def _controls_step(card_id: str, channel: str, region: str, enabled: bool, limit: int | None = None) -> Step:
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
    label, what, place = card_label(conn, card_id), _CHANNEL_WORDS[channel], rng.choice(_PLACES)
    current = _limit(conn, card_id, channel, "international")
    limit = rng.choice([v * _R for v in _INTL_LIMITS[channel] if v * _R != current]) if rng.random() < 0.5 else None
    wanted = f" with a daily limit of {spoken_rupees(limit)}" if limit else ""
    keep = "" if limit else rng.choice((" The limit can stay as it is.", " Keep the daily limit as it is now."))
    opening = rng.choice((
        f"Hello, I am travelling to {place} next week. Please turn on international {what} on my {label}{wanted}.{keep}",
        f"Hi, I'm going to {place} on a trip, so I need international {what} enabled on my {label}{wanted}.{keep}",
        f"Good morning. I'll be in {place} for two weeks; kindly allow {what} abroad on my {label}{wanted}.{keep}",
    ))
    return Draft(
        customer_id=customer_id,
        reason=f"You are travelling to {place} and want international {what} turned on for your {label}"
               f"{wanted or ', keeping its current daily limit'}.",
        opening=opening,
        known=[("Card", f"your {label}"), ("What to turn on", f"{what} abroad (international) only"),
               ("Daily limit", spoken_rupees(limit) if limit else "keep the limit that is set now"), ("Destination", place)],
        unknown="You do not know the card's current settings.",
        gold=[details(card_id), _controls_step(card_id, channel, "international", True, limit)],
        assertion=(f"The assistant read the card ending {label[-4:]}, told the customer its current international {channel} "
                   f"setting, and turned on international {channel} use only{wanted} after the customer confirmed"),
    )


CARD_INTERNATIONAL = Family(
    name="card_international", category="sequencing", clauses=("6.1", "6.4", "2.2"),
    why="§6.1 and §6.4 require reading the card's controls before a change; §6.4 allows international use only for the "
        "channel the customer names, so one confirmed update of that channel's international row is the whole change. "
        "The limit is the one the customer names, or left out so the current limit stays.",
    careless="Turns on every international channel, or changes the card without reading its current controls.",
    candidates=_controls("international", False, True, ("atm", "online", "pos")), draft=_international_draft,
)


def _limit_draft(conn: sqlite3.Connection, candidate: CardChannel, rng: random.Random) -> Draft:
    customer_id, card_id, channel = candidate.customer_id, candidate.card_id, candidate.channel
    label, what = card_label(conn, card_id), _CHANNEL_WORDS[channel]
    current = _limit(conn, card_id, channel, "domestic")
    new = rng.choice([v * _R for v in _DOMESTIC_LIMITS[channel] if v * _R != current])
    why = rng.choice(("I have a big purchase coming up", "my needs have changed", "my son told me to review it")) \
        if new > current else rng.choice(("I want to be on the safer side", "I read about card frauds recently",
                                          "I don't spend that much anyway"))
    opening = rng.choice((
        f"Hi, please change the daily limit for {what} in India on my {label} to {spoken_rupees(new)}; {why}.",
        f"Hello, {why}, so I'd like the daily {what} limit on my {label} set to {spoken_rupees(new)} for use within India.",
    ))
    return Draft(
        customer_id=customer_id,
        reason=f"You want the daily limit for {what} in India on your {label} set to {spoken_rupees(new)}.",
        opening=opening,
        known=[("Card", f"your {label}"), ("Which limit", f"{what}, within India"), ("New daily limit", spoken_rupees(new))],
        unknown="You do not know the current limit or the highest limit allowed.",
        gold=[details(card_id), _controls_step(card_id, channel, "domestic", True, new)],
        assertion=(f"The assistant read the card ending {label[-4:]}, told the customer the current domestic {channel} limit, "
                   f"and set it to {spoken_rupees(new)} (channel still on) only after the customer confirmed"),
    )


CARD_LIMIT = Family(
    name="card_limit", category="sequencing", clauses=("6.1", "6.4", "2.2"),
    why="§6.4 requires reading the current controls and telling the customer the current limit first; the new limit is "
        "within the channel maximum, and only the domestic row of the named channel (which is on) changes.",
    careless="Sets the limit without reading the card, or changes the international limit as well.",
    candidates=_controls("domestic", True, False, ("atm", "pos", "online", "contactless")), draft=_limit_draft,
)


def _above_max_candidates(conn: sqlite3.Connection) -> list[CardChannel]:
    found = _controls("domestic", True, False, ("atm", "pos", "online", "contactless"))(conn)
    return [c for c in found if _limit(conn, c.card_id, c.channel, "domestic") != CARD_CHANNEL_MAX_LIMIT_PAISE[c.channel]]


def _above_max_draft(conn: sqlite3.Connection, candidate: CardChannel, rng: random.Random) -> Draft:
    customer_id, card_id, channel = candidate.customer_id, candidate.card_id, candidate.channel
    label, what = card_label(conn, card_id), _CHANNEL_WORDS[channel]
    asked, top = rng.choice(_ABOVE_MAX[channel]) * _R, CARD_CHANNEL_MAX_LIMIT_PAISE[channel]
    fallback = rng.choice(("If that is too high, just set the highest you allow.",
                           "If the bank doesn't allow that much, the maximum allowed will do.",
                           "If that's above your limit, please put the highest possible."))
    return Draft(
        customer_id=customer_id,
        reason=f"You want the daily limit for {what} in India on your {label} raised to {spoken_rupees(asked)}, or to the "
               "highest the bank allows if that is too much.",
        opening=f"Hello, please raise the daily limit for {what} in India on my {label} to {spoken_rupees(asked)}. {fallback}",
        known=[("Card", f"your {label}"), ("Which limit", f"{what}, within India"),
               ("New daily limit", f"{spoken_rupees(asked)}, or the highest the bank allows if that is too much")],
        unknown="You do not know the highest limit the bank allows.",
        gold=[details(card_id), _controls_step(card_id, channel, "domestic", True, top)],
        assertion=(f"The assistant explained that the highest daily {channel} limit is {spoken_rupees(top)}, did not try to set "
                   f"{spoken_rupees(asked)}, and set the limit on the card ending {label[-4:]} to {spoken_rupees(top)} after confirmation"),
        accept=[f"Once told that {spoken_rupees(asked)} is more than allowed, accept the highest limit the assistant says "
                "the bank allows."],
    )


LIMIT_ABOVE_MAX = Family(
    name="limit_above_max", category="edge_case", clauses=("6.4", "6.1", "2.4"),
    why="§6.4 states the channel maximum, so the asked limit cannot be set; the customer has already said the maximum "
        "will do, so after reading the card the one correct change is the domestic limit at exactly the maximum.",
    careless="Tries the asked limit and gets refused, or sets some other figure the customer never agreed to.",
    candidates=_above_max_candidates, draft=_above_max_draft,
)


def _channel_off_draft(conn: sqlite3.Connection, candidate: CardChannel, rng: random.Random) -> Draft:
    customer_id, card_id, channel = candidate.customer_id, candidate.card_id, candidate.channel
    label, what = card_label(conn, card_id), _CHANNEL_WORDS[channel]
    mine, yours = rng.choice((("I never use them", "you never use them"), ("I'm worried about fraud", "you fear fraud"),
                              ("I only pay in cash or by UPI", "you only pay in cash or by UPI")))
    opening = rng.choice((f"Hello, please turn off {what} on my {label}; {mine}.",
                          f"Hi, I'd like {what} switched off on my {label}, as {mine}."))
    return Draft(
        customer_id=customer_id,
        reason=f"You want {what} switched off on your {label} because {yours}.",
        opening=opening,
        known=[("Card", f"your {label}"), ("What to turn off", what), ("Reason", yours)],
        unknown="You do not know the card's current settings.",
        gold=[details(card_id), _controls_step(card_id, channel, "domestic", False)],
        assertion=(f"The assistant read the card ending {label[-4:]}, told the customer that {channel} use is on now, and "
                   f"turned off domestic {channel} use only after the customer confirmed"),
    )


CARD_CHANNEL_OFF = Family(
    name="card_channel_off", category="sequencing", clauses=("6.1", "6.4", "2.2"),
    why="The channel is on in India and already off abroad, so the request names exactly one control row; §6.4 requires "
        "reading the controls first and changing only that row.",
    careless="Freezes the whole card, or turns off other channels too.",
    candidates=_controls("domestic", True, False, ("contactless", "online")), draft=_channel_off_draft,
)


def _two_cards_candidates(conn: sqlite3.Connection) -> list[CardPair]:
    return rows(conn, CardPair, "SELECT c.customer_id, c.card_id AS first_card_id, d.card_id AS second_card_id FROM cards c JOIN cards d "
                      "ON d.customer_id = c.customer_id AND d.card_id > c.card_id "
                      "WHERE c.status = 'active' AND d.status = 'active' AND c.expiry > ? AND d.expiry > ? AND EXISTS ("
                      " SELECT 1 FROM card_controls a JOIN card_controls b ON b.channel = a.channel AND b.region = a.region "
                      " WHERE a.card_id = c.card_id AND b.card_id = d.card_id AND a.region = 'international' "
                      " AND a.enabled = 1 AND b.enabled = 1) ORDER BY c.card_id, d.card_id",
                (not_expired(), not_expired()))


def _two_cards_one_on_candidates(conn: sqlite3.Connection) -> list[CardPair]:
    """Two active cards of one customer and a channel on abroad on the first, off on the second, none on both (fallback)."""
    return rows(conn, CardPair, "SELECT DISTINCT c.customer_id, c.card_id AS first_card_id, d.card_id AS second_card_id "
                      "FROM cards c JOIN cards d ON d.customer_id = c.customer_id AND d.card_id != c.card_id "
                      "JOIN card_controls a ON a.card_id = c.card_id JOIN card_controls b ON b.card_id = d.card_id "
                      "AND b.channel = a.channel AND b.region = a.region "
                      "WHERE c.status = 'active' AND d.status = 'active' AND c.expiry > ? AND d.expiry > ? "
                      "AND a.region = 'international' AND a.enabled = 1 AND b.enabled = 0 AND NOT EXISTS ("
                      " SELECT 1 FROM card_controls x JOIN card_controls y ON y.channel = x.channel AND y.region = x.region "
                      " WHERE x.card_id = c.card_id AND y.card_id = d.card_id AND x.region = 'international' "
                      " AND x.enabled = 1 AND y.enabled = 1) ORDER BY c.card_id, d.card_id",
                (not_expired(), not_expired()))


def _two_cards_one_on_draft(conn: sqlite3.Connection, candidate: CardPair, rng: random.Random) -> Draft:
    """The channel is on abroad on one card only: read both, turn it off on that one, and say the other is already off."""
    customer_id, first, second = candidate.customer_id, candidate.first_card_id, candidate.second_card_id
    channel = rng.choice(values(conn, "SELECT a.channel FROM card_controls a JOIN card_controls b ON b.channel = a.channel "
                                      "AND b.region = a.region WHERE a.card_id = ? AND b.card_id = ? "
                                      "AND a.region = 'international' AND a.enabled = 1 AND b.enabled = 0 ORDER BY a.channel",
                                (first, second)))
    one_label, two_label, what = card_label(conn, first), card_label(conn, second), _CHANNEL_WORDS[channel]
    place = rng.choice(_PLACES)
    return Draft(
        customer_id=customer_id,
        reason=f"You are back from {place} and want international {what} turned off on your {one_label} and your "
               f"{two_label}; nothing else should change.",
        opening=f"Hi, I'm back from {place}. Please turn off international {what} on both my cards, the {one_label} and the "
                f"{two_label}.",
        known=[("Cards", f"your {one_label} and your {two_label}"), ("What to turn off", f"{what} abroad (international)")],
        unknown="You do not remember which international settings are on, on either card.",
        gold=[details(first), _controls_step(first, channel, "international", False), details(second)],
        assertion=(f"The assistant read each card, turned off international {channel} use on the card ending {one_label[-4:]} "
                   f"after the customer confirmed, and told the customer it is already off on the card ending "
                   f"{two_label[-4:]}, changing nothing else"),
    )


def _two_cards_draft(conn: sqlite3.Connection, candidate: CardPair, rng: random.Random) -> Draft:
    customer_id, first, second = candidate.customer_id, candidate.first_card_id, candidate.second_card_id
    both_on = values(conn, "SELECT a.channel FROM card_controls a JOIN card_controls b ON b.channel = a.channel "
                         "AND b.region = a.region WHERE a.card_id = ? AND b.card_id = ? AND a.region = 'international' "
                         "AND a.enabled = 1 AND b.enabled = 1 ORDER BY a.channel", (first, second))
    if not both_on:  # a fallback candidate: on abroad on the first card only
        return _two_cards_one_on_draft(conn, candidate, rng)
    channel = rng.choice(both_on)
    one_label, two_label, what = card_label(conn, first), card_label(conn, second), _CHANNEL_WORDS[channel]
    place = rng.choice(_PLACES)
    opening = rng.choice((
        f"Hi, I'm back from {place}. Please turn off international {what} on both my cards, the {one_label} and the "
        f"{two_label}.",
        f"Hello, we've returned from {place}, so I don't need {what} abroad any more. Please switch that off on my "
        f"{one_label} and my {two_label}.",
    ))
    return Draft(
        customer_id=customer_id,
        reason=f"You are back from {place} and want international {what} turned off on your {one_label} and your "
               f"{two_label}; nothing else should change.",
        opening=opening,
        known=[("Cards", f"your {one_label} and your {two_label}"), ("What to turn off", f"{what} abroad (international)")],
        unknown="You do not remember which other international settings are on.",
        gold=[details(first), _controls_step(first, channel, "international", False),
              details(second), _controls_step(second, channel, "international", False)],
        assertion=(f"The assistant read each card, told the customer what is set now, and turned off international {channel} "
                   f"use on the cards ending {one_label[-4:]} and {two_label[-4:]}, each after its own confirmation, "
                   "leaving the other international channels as they were"),
    )


TWO_CARDS_LIMIT = Family(
    name="two_cards_limit", category="sequencing", clauses=("6.1", "6.4", "2.2", "2.3"),
    why="Two cards, so §6.1 requires reading each before its change and §2.2 one confirmation per change; §6.4 limits "
        "the change to the named channel abroad, although other international channels are on too.",
    careless="Turns off all international use, changes only one card, or uses one confirmation for both changes.",
    candidates=_two_cards_candidates, draft=_two_cards_draft,
    # A bank with too few customers holding two cards with one channel on abroad on both: the channel is on abroad on
    # one of the two cards only (both read, one change; the customer is told the other is already off).
    fallback=_two_cards_one_on_candidates,
)
