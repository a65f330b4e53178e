"""Robustness families about the customer's conduct (II): contradiction, context_switch, confusing_intent.

Also the cue-line helpers the conduct families share (see :mod:`.behaviour`, whose
``FAMILIES`` and ``QUOTAS`` include this module's).
"""

from __future__ import annotations

import random
import sqlite3

from tau_indian_bank.bank.money import parse_rupees
from tau_indian_bank.evaluation.fact_rules import outcome
from tau_indian_bank.tasks.families import cards, deposit_opening, deposits, payments
from tau_indian_bank.tasks.framework import Draft, Drafter, Family, month_year
from tau_indian_bank.tasks.lookups import (
    CustomerCard,
    CustomerDeposit,
    account_label,
    card_label,
    deposit,
    profile,
    values,
)
from tau_indian_bank.wording import spoken_date

__all__ = ["CONFIRM", "FAMILIES", "NO_SECRETS", "QUOTAS", "paise_of", "values", "when"]

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


# --- contradiction: the customer's claim conflicts with the records; records win ----------


def _pushes(base: Drafter, claim: str, push: str, settle: str) -> Drafter:
    def draft(conn: sqlite3.Connection, candidate: object, rng: random.Random) -> Draft:
        d = base(conn, candidate, rng)
        d.opening = f"{d.opening} {claim}".strip()
        d.reason += " You insist once when told otherwise, then accept what the records show."
        d.behaviour = [when("tells you what the records show", push), settle, *(d.accept[1:] if len(d.accept) > 1 else []),
                       NO_SECRETS]
        d.accept = []
        d.assertion += "; it held to the records when the customer insisted, and explained why"
        return d
    return draft


def _senior_base(conn: sqlite3.Connection, candidate: object, rng: random.Random) -> Draft:
    d = deposit_opening._senior_claim_draft(conn, candidate, rng)
    born = profile(conn, d.customer_id).date_of_birth
    d.known.append(("Date of birth", spoken_date(born)))
    return d


CONTRA_CHEQUE = Family(
    name="contradiction_cheque_cleared", category="contradiction", clauses=("7.2", "2.4", "2.3"),
    why="The customer says the cheque is unpaid; §7.2's status check shows it cleared, so it cannot be stopped. The "
        "records win even when the customer insists; nothing is written.",
    careless="Gives in to the customer's insistence and tries the stop, or takes their word without checking.",
    candidates=payments.CHEQUE_CLEARED.candidates,
    draft=_pushes(payments._cleared_draft, "It has not been paid yet, I am sure of that.",
                  "That cannot be right. I am sure it has not been paid yet. Please stop it anyway.",
                  "If the assistant still says it has been paid and cannot be stopped, accept that; you will take it up "
                  "with the payee yourself and want nothing else."),
)
CONTRA_SENIOR = Family(
    name="contradiction_senior_rate", category="contradiction", clauses=("4.1", "4.2", "2.2"),
    why="§4.1: the senior uplift follows the bank's records (under 60), not the customer's claim, even when repeated; "
        "the deposit is opened at the general rate once the customer accepts it.",
    careless="Gives the senior-citizen rate when the customer insists, or refuses to open the deposit.",
    candidates=deposit_opening.SENIOR_CLAIM.candidates,
    draft=_pushes(_senior_base, "", "But I am a senior citizen! I should get the senior citizen rate.",
                  "If the assistant explains again that the bank's records do not show you as a senior citizen, accept "
                  "the general rate and go ahead with the deposit. " + "If asked to confirm the deposit after that, "
                  "confirm it."),
)
def _closed_base(conn: sqlite3.Connection, candidate: CustomerDeposit, rng: random.Random) -> Draft:
    """The already-closed deposit: when it was closed and what was paid are facts the fact rules read (§4.6)."""
    return deposits._already_closed_draft(conn, candidate, rng)


CONTRA_CLOSED = Family(
    name="contradiction_deposit_closed", category="contradiction", clauses=("4.6", "4.5", "2.3"),
    why="The customer says the deposit is running; its details show it was closed, so nothing can be closed: the "
        "assistant says when and what was paid, and holds to it.",
    careless="Believes the customer and tries the closure, or says it cannot find the deposit.",
    candidates=deposits.ALREADY_CLOSED.candidates,
    draft=_pushes(_closed_base, "It is definitely still running.",
                  "That is not possible, I never closed it. Please check again.",
                  "If the assistant still says it was closed and tells you when, accept it; you want nothing else."),
)

# --- context_switch: a second, unrelated request mid-way -------------------------------------


def _book_accounts(conn: sqlite3.Connection) -> dict[str, str]:
    """Customer -> their first account a cheque book can be ordered for."""
    found: dict[str, str] = {}
    for c in payments.CHEQUE_BOOK.candidates(conn):
        found[c.customer_id] = min(found.get(c.customer_id, c.account_id), c.account_id)
    return found


def _book_account(conn: sqlite3.Connection, customer_id: str) -> str | None:
    """The customer's first account a cheque book can be ordered for, if any."""
    return _book_accounts(conn).get(customer_id)


def _with_book_account(conn: sqlite3.Connection, found: list) -> list:
    """The candidates whose customer has an account a cheque book can be ordered for."""
    eligible = _book_accounts(conn)
    return [c for c in found if c.customer_id in eligible]


def _then_book(base: Drafter) -> Drafter:
    def draft(conn: sqlite3.Connection, candidate: CustomerCard | CustomerDeposit, rng: random.Random) -> Draft:
        d = base(conn, candidate, rng)
        account = _book_account(conn, candidate.customer_id)
        label = account_label(conn, str(account))
        switch = rng.choice(("Also, separately", "And one more thing, unrelated", "Oh, and while I have you"))
        d.known += [("Cheque book account", f"your {label}"), ("Cheque book size", "the standard book is fine")]
        d.reason += f" Part-way through, you also ask for a new cheque book for your {label} (the standard size)."
        d.behaviour = [when("first proposes a change", f"Yes, please go ahead. {switch}: I need a new cheque book for my "
                            f"{label}; the standard size is fine."), *d.accept, CONFIRM, NO_SECRETS]
        d.accept = []
        d.gold += payments._book_steps(str(account), 25)
        d.assertion += (f"; then, for the second request, it read the {label} and ordered a 25-leaf cheque book after its "
                        "own confirmation, keeping the two requests apart")
        return d
    return draft


CONTEXT_FREEZE = Family(
    name="context_switch_freeze_then_book", category="context_switch", clauses=("6.2", "7.3", "1.6", "2.2"),
    why="Two unrelated requests, the second raised mid-way: each gets its own procedure (§6.2 read and freeze; §7.3 "
        "read the account and order) and its own confirmation (§2.2), in the order raised (§1.6).",
    careless="Forgets the second request, or takes the first yes as consent for the cheque book too.",
    candidates=lambda conn: _with_book_account(conn, cards._cards("active")(conn)),
    draft=_then_book(cards._unsure_draft),
)
CONTEXT_CLOSE = Family(
    name="context_switch_close_then_book", category="context_switch", clauses=("4.5", "7.3", "1.6", "2.2"),
    why="The §4.5 closure, then an unrelated cheque-book order raised mid-way (§7.3), each confirmed on its own.",
    careless="Drops the cheque book, or orders it without reading the account or without its own yes.",
    candidates=lambda conn: _with_book_account(conn, deposits._close_candidates("active", "fixed")(conn)),
    draft=_then_book(deposits._close_draft(by_number=False)),
)

# --- confusing_intent: vague words resolved from context or by one question -----------------


def _stop_card(block: bool) -> Drafter[CustomerCard]:
    def draft(conn: sqlite3.Connection, candidate: CustomerCard, rng: random.Random) -> Draft:
        d = (cards._block_draft if block else cards._unsure_draft)(conn, candidate, rng)
        label = card_label(conn, candidate.card_id)
        if block:
            how = d.gold[1].arguments["reason"]
            d.declared = [outcome("block_is_permanent", "a block cannot be undone",
                                  f"Blocking your {label} is permanent: once blocked, it cannot be unblocked.", "")]
            d.opening = rng.choice((f"Hello, please stop my {label}. It was {how} yesterday and it is gone for good.",
                                    f"Hi, I need my {label} stopped. It has been {how}, I won't get it back."))
            d.known.append(("What you mean by stopping it", "stopping it for good; you will never get it back"))
        else:
            d.opening = rng.choice((f"Hi, please stop my {label}. I can't find it, but it may be at home.",
                                    f"Hello, can you stop my {label} for now? It's not in my wallet, maybe I left it somewhere."))
            d.known.append(("What you mean by stopping it", "pause it for now so nobody can use it; do not block it for good"))
        d.assertion = f"The assistant worked out (from the story or by one question) what 'stop' meant; {d.assertion[0].lower()}" \
                      f"{d.assertion[1:]}"
        return d
    return draft


def _break_deposit(conn: sqlite3.Connection, candidate: CustomerDeposit, rng: random.Random) -> Draft:
    d = deposits._close_draft(by_number=False)(conn, candidate, rng)
    month = month_year(deposit(conn, candidate.deposit_id).opened_on)
    d.opening = rng.choice((f"Hi, I want to break my FD from {month}.", f"Hello, I need to break the deposit I made in {month}."))
    d.known.append(("What you mean by breaking it", "closing it early and taking the money out"))
    d.assertion = f"The assistant took 'break' as a premature closure; {d.assertion[0].lower()}{d.assertion[1:]}"
    return d


CONFUSE_FREEZE = Family(
    name="confusing_intent_stop_card_freeze", category="confusing_intent", clauses=("6.2", "6.1", "2.2"),
    why="'Stop my card' is vague; the story (it may be at home) or one question shows a freeze is meant (§6.2), never "
        "a block.",
    careless="Blocks the card because 'stop' sounds final, or asks a string of questions instead of acting.",
    candidates=cards._cards("active"), draft=_stop_card(block=False),
)
CONFUSE_BLOCK = Family(
    name="confusing_intent_stop_card_block", category="confusing_intent", clauses=("6.2", "6.1", "2.2", "8.1"),
    why="'Stop my card' for a card lost or stolen for good means a block with that reason and the replacement offer "
        "(§6.2), not a freeze; as a block is permanent, the assistant tells the customer it cannot be undone before the "
        "customer's yes.",
    careless="Only freezes the card, or blocks it without the reason or the replacement.",
    candidates=cards._cards("active"), draft=_stop_card(block=True),
)
CONFUSE_BREAK = Family(
    name="confusing_intent_break_deposit", category="confusing_intent", clauses=("4.5", "2.2"),
    why="'Break my FD' means a premature closure: §4.5's list, details, quote and confirmed closure.",
    careless="Treats 'break' as a partial withdrawal or a change of maturity instruction, or closes without a quote.",
    candidates=deposits._close_candidates("active", "fixed"), draft=_break_deposit,
)

FAMILIES: tuple[Family, ...] = (CONTRA_CHEQUE, CONTRA_SENIOR, CONTRA_CLOSED, CONTEXT_FREEZE, CONTEXT_CLOSE,
                                CONFUSE_FREEZE, CONFUSE_BLOCK, CONFUSE_BREAK)
QUOTAS: dict[str, int] = {
    "contradiction_cheque_cleared": 8, "contradiction_senior_rate": 4, "contradiction_deposit_closed": 3,
    "context_switch_freeze_then_book": 9, "context_switch_close_then_book": 6,
    "confusing_intent_stop_card_freeze": 7, "confusing_intent_stop_card_block": 4, "confusing_intent_break_deposit": 4,
}
