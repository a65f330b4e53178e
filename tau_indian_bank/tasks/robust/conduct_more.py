"""Robustness families about the customer's conduct, second round: a third kind of each situation.

decline (a mandate the customer keeps once told its details), change_of_mind (which card
channel to turn off, changed before the write), not_enough_info (which auto-debit), context_switch (a card freeze
raised during a cheque stop), confusing_intent ("stop the money going to …" is a mandate
cancellation), long_context (the cheque number said early in a long chat) and code_mixed (a
mandate cancelled in Hinglish or Hindi). As in :mod:`.behaviour`, each takes a base family's
drafter and scripts the customer with cue lines; generated after every first-round family.
"""

from __future__ import annotations

import random
import sqlite3
from typing import Any

from tau_indian_bank.bank.money import spoken_rupees
from tau_indian_bank.evaluation.facts import Fact
from tau_indian_bank.tasks.families import cards, payments
from tau_indian_bank.tasks.families.cards import details, not_expired
from tau_indian_bank.tasks.framework import Draft, Drafter, Family, Step
from tau_indian_bank.tasks.lookups import (
    AccountMandate,
    CardChannel,
    CustomerAccount,
    account_label,
    card_label,
    mandate,
    rows,
    values,
)
from tau_indian_bank.tasks.robust.behaviour import declining
from tau_indian_bank.tasks.robust.code_mixed import in_language
from tau_indian_bank.tasks.robust.cues import CONFIRM, NO_SECRETS, when
from tau_indian_bank.tasks.robust.long_context import earlier_history, first_name

# --- decline: the customer hears the mandate's details and keeps it -------------------------------

_KEEP = (
    "No, please leave it running for now. I will settle the last payment with them first and come back.",
    "No, don't cancel it yet. I want to check with them before I stop it.",
)


def _mandates() -> Family[Any]:
    return payments.MANDATE_CANCEL


def _with_limit(base: Drafter[Any]) -> Drafter[Any]:
    """A mandate draft that declares the mandate's maximum debit (§7.1: tell the customer its details)."""

    def draft(conn: sqlite3.Connection, candidate: AccountMandate, rng: random.Random) -> Draft:
        d = base(conn, candidate, rng)
        limit = values(conn, "SELECT max_amount_paise FROM mandates WHERE mandate_id = ? ORDER BY 1", (candidate.mandate_id,))[0]
        d.declared = [Fact(kind="amount", label="the mandate's maximum debit", value=str(limit), text=spoken_rupees(limit))]
        return d

    return draft


DECLINE_MANDATE = Family(
    name="decline_mandate_cancel",
    category="decline",
    quota=5,
    clauses=("7.1", "2.2"),
    why="§7.1: list the account's mandates, find the one meant and tell the customer its details (the assistant quotes "
    "the mandate's maximum debit); the customer then says no, so nothing is cancelled (§2.2).",
    careless="Cancels the mandate on the strength of the opening request, or cancels without listing it.",
    candidates=_mandates().candidates,
    draft=declining(_with_limit(payments.cancel_draft), _KEEP, "cancelling the mandate"),
)

# --- change_of_mind: the card channel to turn off, changed before the write ------------------------

_OTHER = {"online": "contactless", "contactless": "online"}


def _two_channels_on(conn: sqlite3.Connection) -> list[CardChannel]:
    """Card channels on in India and off abroad, whose other channel (online or contactless) is the same."""
    found = cards.CARD_CHANNEL_OFF.candidates(conn)
    both = {(c.card_id, c.channel) for c in found}
    return [c for c in found if (c.card_id, _OTHER[c.channel]) in both]


def _changed_channel(conn: sqlite3.Connection, candidate: CardChannel, rng: random.Random) -> Draft:
    d = cards.channel_off_draft(conn, candidate, rng)
    first, final = candidate.channel, _OTHER[candidate.channel]
    old, new = cards.CHANNEL_WORDS[first], cards.CHANNEL_WORDS[final]
    d.gold = [details(candidate.card_id), cards.controls_step(candidate.card_id, final, "domestic", False)]
    d.known = [(t, f"{new} (you first ask for {old}, then change your mind)" if t == "What to turn off" else a) for t, a in d.known]
    d.reason += f" When the assistant first proposes it, you change your mind: keep {old} on and turn off {new} instead."
    d.behaviour = [
        when("first proposes a change", f"Sorry, I have changed my mind: please leave {old} on and turn off {new} instead."),
        CONFIRM,
        NO_SECRETS,
    ]
    d.assertion = (
        f"The assistant read the card and, after the customer changed their mind, turned off domestic {final} use "
        f"only (not {first}), after the customer confirmed"
    )
    return d


CHANGE_CHANNEL = Family(
    name="change_of_mind_card_channel",
    category="change_of_mind",
    quota=5,
    clauses=("6.4", "6.1", "2.2"),
    why="§6.4: read the card's controls and change only the channel the customer asks for; the customer changes which "
    "channel before the write, so only the final one is turned off, after its own confirmation (§2.2).",
    careless="Turns off the channel named first, or both.",
    candidates=_two_channels_on,
    draft=_changed_channel,
)

# --- not_enough_info: "an auto-debit", of several ---------------------------------------------------


def several_mandates(conn: sqlite3.Connection) -> list[AccountMandate]:
    """Cancellable mandates on accounts that carry at least two active mandates (so the payee must be asked)."""
    found = rows(conn, AccountMandate, payments.mandate_sql())
    busy = {
        a
        for a in values(
            conn, "SELECT account_id FROM mandates WHERE status = 'active' GROUP BY account_id HAVING COUNT(*) >= 2 ORDER BY account_id"
        )
    }
    return [c for c in found if c.account_id in busy]


def _which_mandate(conn: sqlite3.Connection, candidate: AccountMandate, rng: random.Random) -> Draft:
    d = payments.cancel_draft(conn, candidate, rng)
    label = account_label(conn, candidate.account_id)
    d.opening = rng.choice(
        (
            f"Hello, I want to cancel an auto-debit on my {label}; I don't need it any more.",
            f"Hi, please stop one of the automatic payments from my {label}.",
        )
    )
    d.behaviour = ["You do not say which auto-debit (its payee) until the assistant asks; then say it.", CONFIRM, NO_SECRETS]
    d.assertion = f"The assistant asked which auto-debit was meant, then {d.assertion[len('The assistant ') :]}"
    return d


NEI_MANDATE = Family(
    name="not_enough_info_mandate_payee",
    category="not_enough_info",
    quota=5,
    clauses=("7.1", "1.3", "2.2"),
    why="The account has several mandates and the customer does not say which; only they know (§1.3: ask, never guess). "
    "Once told the payee, §7.1's listing and confirmed cancellation follow.",
    careless="Cancels the first mandate listed, or every mandate on the account.",
    candidates=several_mandates,
    draft=_which_mandate,
)

# --- context_switch: a card freeze raised during a cheque stop --------------------------------------


def _cards_of(conn: sqlite3.Connection, customer_id: str) -> list[str]:
    return values(
        conn,
        "SELECT card_id FROM cards WHERE customer_id = ? AND status = 'active' AND expiry > ? ORDER BY card_id",
        (customer_id, not_expired()),
    )


def _stop_with_card(conn: sqlite3.Connection) -> list[CustomerAccount]:
    return [c for c in payments.stoppable_accounts(conn) if _cards_of(conn, c.customer_id)]


def _stop_then_freeze(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    d = payments.cheque_stop_draft(conn, candidate, rng)
    card = _cards_of(conn, candidate.customer_id)[0]
    label = card_label(conn, card)
    d.known += [("Card", f"your {label}"), ("Whether the card is lost", "you are not sure; it may be at home")]
    d.reason += f" Part-way through, you also ask for your {label} to be frozen: you cannot find it, but it may be at home."
    d.behaviour = [
        when(
            "first proposes a change",
            f"Yes, please go ahead. And one more thing: I can't find my {label}; it may be at home. Please freeze it for now.",
        ),
        CONFIRM,
        NO_SECRETS,
    ]
    d.gold += [details(card), Step("freeze_card", {"card_id": card})]
    d.assertion += f"; then, for the second request, it read the {label} and froze it (not blocked it) after its own confirmation"
    return d


CONTEXT_STOP_FREEZE = Family(
    name="context_switch_stop_then_freeze",
    category="context_switch",
    quota=5,
    clauses=("7.2", "6.2", "1.6", "2.2"),
    why="The §7.2 stop (status, then confirmed stop), then a misplaced card raised mid-way: §6.1 read the card and §6.2 "
    "freeze it (it may turn up), each change with its own confirmation (§2.2), in the order raised (§1.6).",
    careless="Forgets the card, blocks it because it is missing, or takes the cheque's yes for the card too.",
    candidates=_stop_with_card,
    draft=_stop_then_freeze,
)

# --- confusing_intent: "stop the money going to …" ------------------------------------------------


def _stop_the_money(conn: sqlite3.Connection, candidate: AccountMandate, rng: random.Random) -> Draft:
    d = payments.cancel_draft(conn, candidate, rng)
    found = mandate(conn, candidate.mandate_id)
    label = account_label(conn, candidate.account_id)
    d.opening = rng.choice(
        (
            f"Hello, please stop the money that goes to {found.payee} from my {label} every time. I don't want "
            "to pay them this way any more.",
            f"Hi, {found.payee} keeps taking money from my {label} automatically. Can you stop that?",
        )
    )
    d.known.append(("What you mean by stopping it", "ending the standing auto-debit, so no more payments go to them"))
    d.assertion = f"The assistant took 'stop the money' as cancelling the mandate; {d.assertion[0].lower()}{d.assertion[1:]}"
    return d


CONFUSE_AUTODEBIT = Family(
    name="confusing_intent_stop_autodebit",
    category="confusing_intent",
    quota=5,
    clauses=("7.1", "2.2"),
    why="'Stop the money going to a payee' means cancelling the standing mandate (§7.1: list, state its details, confirm, "
    "cancel), not a cheque stop, a dispute or a complaint.",
    careless="Raises a dispute or a complaint, looks for a cheque to stop, or cancels without listing.",
    candidates=_mandates().candidates,
    draft=_stop_the_money,
)

# --- long_context: the cheque number said early in a long chat -------------------------------------


def _cheque_told_early(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    d = payments.cheque_stop_draft(conn, candidate, rng)
    number = d.gold[0].arguments["cheque_number"]
    label = account_label(conn, candidate.account_id)
    early = (
        f"One thing first: I have written cheque number {number} from my {label}, and I may want to stop it later.",
        "Noted. If you decide to stop it, tell me and I will help you with it.",
    )
    d.history = earlier_history(first_name(conn, d.customer_id), early, rng)
    why = d.opening.split(f"{label}. ", 1)[-1]
    d.opening = rng.choice(
        (
            f"I've decided: please stop that cheque I told you about. {why}",
            f"Please go ahead and stop the cheque I mentioned earlier. {why}",
        )
    )
    d.reason += " You gave the cheque number early in an earlier, long conversation; you expect it to be remembered."
    d.behaviour = [CONFIRM, NO_SECRETS]
    d.assertion += ", the cheque the customer named early in the earlier conversation"
    return d


LONG_CHEQUE = Family(
    name="long_context_cheque_number",
    category="long_context",
    quota=5,
    clauses=("7.2", "2.2", "1.3"),
    why="§7.2's status check and confirmed stop, for the cheque the customer numbered early in a long earlier "
    "conversation (the number is in the history; there is no need to ask again).",
    careless="Forgets the number said twenty messages ago and stops another leaf, or stops without the status check.",
    candidates=payments.stoppable_accounts,
    draft=_cheque_told_early,
)

# --- code_mixed: a mandate cancelled in Hinglish or Hindi ------------------------------------------

_MANDATE_CANCEL = {
    "hinglish": (
        "Namaste, mere {label} se {payee} ka auto-debit band karna hai. Ab uski zaroorat nahi hai.",
        "Hello ji, {payee} wala automatic payment mere {label} se cancel kar dijiye please.",
    ),
    "hindi": (
        "नमस्ते, मेरे {label} से {payee} का ऑटो-डेबिट बंद कर दीजिए। अब उसकी ज़रूरत नहीं है।",
        "नमस्कार, कृपया मेरे {label} से {payee} वाला अपने-आप होने वाला भुगतान रद्द कर दीजिए।",
    ),
}


def _payee(conn: sqlite3.Connection, candidate: Any, d: Draft) -> dict[str, str]:
    found = mandate(conn, d.gold[1].arguments["mandate_id"])
    return {"label": account_label(conn, found.account_id), "payee": found.payee}


CM_MANDATE = Family(
    name="code_mixed_mandate_cancel",
    category="code_mixed",
    quota=5,
    clauses=("7.1", "2.2"),
    why="§7.1: list the account's mandates, tell the customer the one meant, cancel it after confirmation; the "
    "customer writes in Hinglish or Hindi.",
    careless="Asks the customer to write in English, or cancels without listing the mandates.",
    candidates=_mandates().candidates,
    draft=in_language(payments.cancel_draft, _MANDATE_CANCEL, _payee),
)

FAMILIES: tuple[Family[Any], ...] = (
    DECLINE_MANDATE,
    CHANGE_CHANNEL,
    NEI_MANDATE,
    CONTEXT_STOP_FREEZE,
    CONFUSE_AUTODEBIT,
    LONG_CHEQUE,
    CM_MANDATE,
)
