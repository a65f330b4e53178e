"""The cue lines conduct families script the customer with, and the drafters that add them.

A cue line (``When the assistant …, say: "…"``) is followed exactly by the scripted customer
(:mod:`tau_indian_bank.participants.scenario`) and read as a plain instruction by an LLM
customer; :func:`when` writes one, :func:`pushing` makes a customer insist once on a claim the
records contradict. ``CONFIRM`` and ``NO_SECRETS`` are a base task's default rules.
"""

from __future__ import annotations

import random
import sqlite3
from typing import Any

from tau_indian_bank.bank.money import parse_rupees
from tau_indian_bank.tasks.framework import Draft, Drafter

#: The default rules of a base task, for conduct families that keep them.
CONFIRM = "If the assistant asks you to confirm an action you asked for, confirm it."
NO_SECRETS = "Never share an OTP, PIN, CVV or password."


def when(trigger: str, line: str) -> str:
    """A cue line: ``When the assistant <trigger>, say: "<line>"`` (triggers: ``scenario.TRIGGERS``)."""
    if '"' in line:
        raise ValueError(f"a cue line cannot contain double quotes: {line!r}")
    if "," in trigger:  # the scenario reader's trigger stops at a comma (an amount such as ₹2,00,000 breaks it)
        raise ValueError(f"a cue trigger cannot contain a comma: {trigger!r}")
    return f'When the assistant {trigger}, say: "{line}"'


def paise_of(amount: object) -> int:
    """A tool argument's rupee amount in paise (50000 -> 5000000)."""
    return parse_rupees(amount)


def pushing(base: Drafter[Any], claim: str, push: str, settle: str) -> Drafter[Any]:
    """A base draft whose customer makes ``claim``, insists once (``push``) when told what the records show, then settles."""

    def draft(conn: sqlite3.Connection, candidate: Any, rng: random.Random) -> Draft:
        d = base(conn, candidate, rng)
        d.opening = f"{d.opening} {claim}".strip()
        d.reason += " You insist once when told otherwise, then accept what the records show."
        d.behaviour = [when("tells you what the records show", push), settle, *(d.accept[1:] if len(d.accept) > 1 else []), NO_SECRETS]
        d.accept = []
        d.assertion += "; it held to the records when the customer insisted, and explained why"
        return d

    return draft
