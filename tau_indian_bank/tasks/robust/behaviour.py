"""Robustness families about the customer's conduct: how the customer says no, errs, insists or switches.

The axes here: decline, change_of_mind, not_enough_info, wrong_info, contradiction, context_switch and
confusing_intent. Each family takes a base family's drafter (so customers, records and gold values come from
the seeded bank, never typed by hand) and rewrites what the customer says and does. The
customer's conduct is scripted with cue lines (``When the assistant …, say: "…"`` and
``Agree only to a proposal that names …``, see :mod:`.cues`) that the scripted customer
follows exactly (:mod:`tau_indian_bank.participants.scenario`) and an LLM customer reads as
plain instructions. The other conduct axes are in :mod:`.long_context` and :mod:`.code_mixed`;
this module's ``FAMILIES`` cover them all.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Sequence
from typing import Any

from tau_indian_bank.bank.money import spoken_rupees
from tau_indian_bank.constants import FD_MIN_AMOUNT_PAISE
from tau_indian_bank.evaluation.fact_kinds import date, outcome
from tau_indian_bank.tasks.families import cards, deposits, loans, payments
from tau_indian_bank.tasks.framework import C, Draft, Drafter, Family, month_year
from tau_indian_bank.tasks.lookups import (
    CustomerAccount,
    CustomerCard,
    CustomerDeposit,
    account_label,
    card,
    card_label,
    deposit,
    profile,
    values,
)
from tau_indian_bank.tasks.robust import code_mixed, long_context
from tau_indian_bank.tasks.robust.cues import CONFIRM, NO_SECRETS, paise_of, pushing, when
from tau_indian_bank.wording import spoken_date

# --- decline: the customer hears the figures and says no --------------------------------

_FD_NO = (
    "No, please don't close it. With that penalty I would rather keep the deposit running.",
    "No, leave the deposit as it is. That is less than I expected, so I will keep it.",
    "No, please don't close it after all. I will arrange the money some other way.",
)
_LOAN_NO = (
    "No, please don't put in the foreclosure. That total is more than I can pay now, so I will keep paying the EMIs.",
    "No, leave the loan as it is. I will think about it and come back later.",
)


def declining(base: Drafter[Any], lines: tuple[str, ...], change: str) -> Drafter[Any]:
    """A base draft whose customer says no once it hears the figures: the gold chain loses its write (``change``)."""

    def draft(conn: sqlite3.Connection, candidate: Any, rng: random.Random) -> Draft:
        d = base(conn, candidate, rng)
        d.gold = d.gold[:-1]
        d.reason += f" Once you hear the figures you decide against {change}."
        d.accept = []
        d.behaviour = [
            when("proposes a change or quotes the figures", rng.choice(lines)),
            f"Never agree to {change}. Once you have said no, thank the assistant and end the conversation.",
            NO_SECRETS,
        ]
        d.assertion = (
            f"The assistant made every look-up the request needs ({', '.join(s.name for s in d.gold)}), told the "
            f"customer the figures, and when the customer said no made no change (no {change})"
        )
        return d

    return draft


DECLINE_FD = Family(
    name="decline_fd_close",
    category="decline",
    quota=8,
    clauses=("4.5", "2.2"),
    why="§4.5 requires the deposit's details and a closure quote before any closure, and §2.2 a yes before the change; "
    "the customer says no after the quote, so the look-ups are the whole chain and nothing is written.",
    careless="Closes the deposit anyway (taking the request as the consent), or skips the quote.",
    candidates=deposits.close_candidates("active", "fixed"),
    draft=declining(deposits.close_draft(by_number=False), _FD_NO, "closing the deposit"),
)
DECLINE_RD = Family(
    name="decline_rd_close",
    category="decline",
    quota=3,
    clauses=("4.5", "2.2"),
    why="As for fixed deposits: list, details and quote are required; the customer says no, so nothing is written.",
    careless="Closes the recurring deposit on the strength of the opening request.",
    candidates=deposits.close_candidates("active", "recurring"),
    draft=declining(deposits.close_draft(by_number=False), _FD_NO, "closing the deposit"),
)
DECLINE_LOAN = Family(
    name="decline_loan_foreclosure",
    category="decline",
    quota=4,
    clauses=("5.2", "2.2"),
    why="§5.2 requires the loan's details and a foreclosure quote; the customer declines the total, so no foreclosure request is raised.",
    careless="Raises the foreclosure request anyway, as the opening message asked for it.",
    candidates=loans.foreclosure_candidates,
    draft=declining(loans.foreclosure_draft, _LOAN_NO, "raising a foreclosure request"),
)


# --- change_of_mind: agrees to the terms, then changes one before the write ---------------


def _new_amount(amount: int, rng: random.Random) -> int:
    """A different, round amount the same account can fund (the base amount is a third of the balance at most)."""
    more = amount + max(10_000_00, amount // 2 // 10_000_00 * 10_000_00)
    less = max(FD_MIN_AMOUNT_PAISE, amount // 2 // 5_000_00 * 5_000_00)
    return more if less == amount or rng.random() < 0.5 else less


def _changed_terms(field: str) -> Drafter[CustomerAccount]:
    def draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
        d = deposits.open_draft("fixed")(conn, candidate, rng)
        account, calc, _ = d.gold
        amount, tenure = paise_of(calc.arguments["amount"]), int(calc.arguments["tenure_months"])
        if field == "amount":
            new_amount, new_tenure = _new_amount(amount, rng), tenure
            old, new = spoken_rupees(amount), spoken_rupees(new_amount)
            line = f"Sorry, I have changed my mind: please make it {new} instead of {old}, for the same {tenure} months."
        else:
            new_amount, new_tenure = amount, rng.choice([t for t in (12, 24, 36, 60) if t != tenure])
            old, new = f"{tenure} months", f"{new_tenure} months"
            line = f"Sorry, I have changed my mind: please make it for {new} instead of {old}, same amount."
        final = deposits.open_steps("fixed", account.arguments["account_id"], new_amount, new_tenure)
        d.gold = [account, calc, *final[1:]]
        d.known = [
            (
                t,
                f"{new} (you first ask for {old}, then change your mind)"
                if t.lower() == ("amount" if field == "amount" else "tenure")
                else a,
            )
            for t, a in d.known
        ]
        d.reason += f" After the assistant first proposes it, you change your mind: you want {new} instead of {old}."
        d.behaviour = [
            when("first proposes a change", line),
            f"Agree only to a proposal that names {new}.",
            "Accept the rate and maturity amount the assistant quotes for the new terms.",
            CONFIRM,
            NO_SECRETS,
        ]
        d.assertion = (
            f"The assistant quoted the deposit for {old}, and after the customer changed it to {new} quoted the new "
            f"terms and opened only the deposit for {new}, after the customer confirmed it"
        )
        return d

    return draft


def _changed_target(conn: sqlite3.Connection, candidate: CustomerDeposit, rng: random.Random) -> Draft:
    d = deposits.close_draft(by_number=False, other_account=True)(conn, candidate, rng)
    fd = deposit(conn, candidate.deposit_id)
    first, final = account_label(conn, fd.linked_account_id), account_label(conn, d.gold[-1].arguments["credit_account_id"])
    month = month_year(fd.opened_on)
    d.opening = f"Hi, I would like to close the fixed deposit I opened in {month}. Please credit the money to my {first}."
    d.known = [
        (t, f"your {final} (you first say your {first}, then change your mind)" if t == "Account for the money" else a) for t, a in d.known
    ]
    d.reason += f" You first ask for the money in your {first}, then change your mind to your {final}."
    d.behaviour = [
        when("first proposes a change", f"Sorry, I have changed my mind: please credit the money to my {final} instead of the {first}."),
        f"Agree only to a proposal that names the account ending {final[-4:]}.",
        "Accept the payout the assistant quotes; you still want to close the deposit.",
        CONFIRM,
        NO_SECRETS,
    ]
    d.assertion = (
        f"The assistant quoted the closure of deposit {candidate.deposit_id} and, after the customer changed the "
        f"account, closed it to the account ending {final[-4:]} (not {first[-4:]}) after the customer confirmed"
    )
    return d


CHANGE_AMOUNT = Family(
    name="change_of_mind_fd_amount",
    category="change_of_mind",
    quota=8,
    clauses=("4.2", "2.2"),
    why="§4.2: the account check and a maturity quote for the terms asked; the customer changes the amount before the "
    "write, so the new amount is quoted too and only that deposit is opened (§2.2: the yes is for the final terms).",
    careless="Opens the deposit for the first amount (the one already confirmed in the opening), or opens both.",
    candidates=lambda conn: deposits.funding_accounts(conn, 60_000_00),
    draft=_changed_terms("amount"),
)
CHANGE_TENURE = Family(
    name="change_of_mind_fd_tenure",
    category="change_of_mind",
    quota=4,
    clauses=("4.2", "2.2"),
    why="As for the amount: the new tenure needs its own maturity quote and the deposit is opened only on those terms.",
    careless="Opens the deposit for the first tenure, or for the new tenure without quoting it.",
    candidates=lambda conn: deposits.funding_accounts(conn, 60_000_00),
    draft=_changed_terms("tenure"),
)
CHANGE_TARGET = Family(
    name="change_of_mind_close_target",
    category="change_of_mind",
    quota=3,
    clauses=("4.5", "2.2", "2.3"),
    why="§4.5's closure chain; the customer moves the payout to another of their own accounts before the write, so "
    "the closure credits that account.",
    careless="Credits the account named first, or the deposit's linked account out of habit.",
    candidates=deposits.CLOSE_TO_OTHER_ACCOUNT.candidates,
    draft=_changed_target,
)


# --- not_enough_info: the request lacks a detail only the customer knows ------------------


def _cheque_no_number(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    d = payments.cheque_stop_draft(conn, candidate, rng)
    number = d.gold[0].arguments["cheque_number"]
    d.opening = d.opening.replace(f"cheque number {number}", "a cheque")
    d.behaviour = ["You do not say the cheque number until the assistant asks for it; then give it.", CONFIRM, NO_SECRETS]
    d.assertion = f"The assistant asked for the cheque number before acting, then {d.assertion[len('The assistant ') :]}"
    return d


def _deposit_no_terms(kind: str) -> Drafter[CustomerAccount]:
    def draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
        d = deposits.open_draft(kind)(conn, candidate, rng)
        label = account_label(conn, candidate.account_id)
        word = "a fixed deposit" if kind == "fixed" else "a recurring deposit"
        d.opening = rng.choice((f"Hello, I'd like to open {word} from my {label}.", f"Hi, I want to start {word} from my {label}."))
        d.behaviour = [
            "You do not say the amount or the tenure until the assistant asks for them; then give them.",
            *d.accept,
            CONFIRM,
            NO_SECRETS,
        ]
        d.accept = []
        d.assertion = f"The assistant asked for the amount and tenure, then {d.assertion[len('The assistant ') :]}"
        return d

    return draft


NEI_CHEQUE = Family(
    name="not_enough_info_cheque_stop",
    category="not_enough_info",
    quota=7,
    clauses=("7.2", "1.3", "2.2"),
    why="The customer does not say which cheque; only they know its number (§1.3: ask, never guess). Once told, §7.2's "
    "status check and confirmed stop follow.",
    careless="Guesses a cheque from the account's history, or stops without the number.",
    candidates=payments.stoppable_accounts,
    draft=_cheque_no_number,
)
NEI_FD = Family(
    name="not_enough_info_fd_open",
    category="not_enough_info",
    quota=4,
    clauses=("4.2", "1.3", "2.2"),
    why="Amount and tenure are the customer's choice (§1.3: ask); once given, §4.2's check, quote and confirmed opening.",
    careless="Opens a deposit with a default amount or tenure, or quotes one the customer never chose.",
    candidates=lambda conn: deposits.funding_accounts(conn, 60_000_00),
    draft=_deposit_no_terms("fixed"),
)
NEI_RD = Family(
    name="not_enough_info_rd_open",
    category="not_enough_info",
    quota=4,
    clauses=("4.2", "1.3", "2.2"),
    why="As for fixed deposits: the instalment and tenure must be asked; then the §4.2 procedure.",
    careless="Picks an instalment or tenure for the customer.",
    candidates=lambda conn: deposits.funding_accounts(conn, 30_000_00),
    draft=_deposit_no_terms("recurring"),
)


# --- wrong_info: the customer gives a wrong detail first -----------------------------------


def _wrong_last4(conn: sqlite3.Connection, customer_id: str, last4: str) -> str:
    """A plausible misreading of a last four (two digits swapped, or one off) that none of the customer's cards has."""
    taken = set(values(conn, "SELECT last4 FROM cards WHERE customer_id = ? ORDER BY last4", (customer_id,)))
    options = [last4[:2] + last4[3] + last4[2], last4[1] + last4[0] + last4[2:]]
    options += [last4[:3] + str((int(last4[3]) + k) % 10) for k in range(1, 10)]
    return next(o for o in options if o != last4 and o not in taken)


def _wrong_card(conn: sqlite3.Connection, candidate: CustomerCard, rng: random.Random) -> Draft:
    d = cards.unsure_draft(conn, candidate, rng)
    found = card(conn, candidate.card_id)
    label, wrong = card_label(conn, candidate.card_id), _wrong_last4(conn, candidate.customer_id, found.last4)
    d.opening = (
        f"Hello, I have misplaced my {found.card_type} card ending {wrong}; it may be at home. Please freeze it for now until I find it."
    )
    cards.put_card(d, label, "at home", reason=False)  # the opening's place (its reason, set below, names none)
    d.reason = f"You have misplaced your {label} and want it frozen until you find it. You misread its last four digits as {wrong}."
    d.behaviour = [
        when(
            f"mentions the card ending {found.last4} or a card ending {wrong}",
            f"Oh, I am sorry, I read the digits wrongly. It is my {label}.",
        ),
        "Once you have corrected the digits, agree to freezing that card.",
        CONFIRM,
        NO_SECRETS,
    ]
    d.accept = []
    d.declared = [
        outcome(
            "detail_mismatch", f"no card ends in {wrong}", f"None of your cards ends in {wrong}; the card I can see is your {label}.", ""
        )
    ]
    d.assertion = (
        f"The assistant pointed out that the customer has no card ending {wrong}, and read and froze the card "
        f"ending {found.last4} only after the customer agreed it was theirs"
    )
    return d


def _wrong_month_candidates(conn: sqlite3.Connection) -> list[CustomerDeposit]:
    return [c for c in deposits.close_candidates("active", "fixed")(conn) if _wrong_month(conn, c)]


def _wrong_month(conn: sqlite3.Connection, candidate: CustomerDeposit) -> str | None:
    """The month before the deposit's opening, if the customer opened no deposit then."""
    opened = deposit(conn, candidate.deposit_id).opened_on
    year, month = int(opened[:4]), int(opened[5:7])
    before = f"{year - (month == 1)}-{(month - 2) % 12 + 1:02d}"
    clash = values(
        conn,
        "SELECT deposit_id FROM deposits WHERE customer_id = ? AND substr(opened_on, 1, 7) = ? ORDER BY deposit_id",
        (candidate.customer_id, before),
    )
    return None if clash else month_year(f"{before}-01")


def _wrong_deposit(conn: sqlite3.Connection, candidate: CustomerDeposit, rng: random.Random) -> Draft:
    d = deposits.close_draft(by_number=False)(conn, candidate, rng)
    fd = deposit(conn, candidate.deposit_id)
    month, wrong, amount = month_year(fd.opened_on), _wrong_month(conn, candidate), spoken_rupees(fd.amount_paise)
    d.opening = f"Hi, I would like to close the fixed deposit of {amount} that I opened in {wrong}."
    d.known = [("Deposit", f"your fixed deposit of {amount}; you think you opened it in {wrong}"), *d.known[1:]]
    d.reason += f" You remember the opening month wrongly as {wrong}."
    d.behaviour = [
        when(
            f"mentions {month} or says there is no deposit from {wrong}",
            f"Oh yes, sorry, it was {month}, not {wrong}. That is the deposit I mean.",
        ),
        *d.accept,
        CONFIRM,
        NO_SECRETS,
    ]
    d.accept = []
    d.declared = [
        date("opening month of the deposit", fd.opened_on[:7], "opened_on"),
        outcome(
            "detail_mismatch",
            f"no deposit opened in {wrong}",
            f"You have no deposit opened in {wrong}; the records show your fixed deposit of {amount} from {month}.",
            "",
        ),
    ]
    d.assertion = (
        f"The assistant found that the customer has no deposit from {wrong}, identified deposit "
        f"{candidate.deposit_id} (opened in {month}, {amount}) and closed it only after quoting it and the "
        "customer confirming"
    )
    return d


WRONG_CARD = Family(
    name="wrong_info_card_ending",
    category="wrong_info",
    quota=9,
    clauses=("6.1", "1.3", "2.2"),
    why="No card of the customer ends in the digits given; the records show the card meant, so the assistant must tell "
    "the customer that no card ends in those digits, and freeze that card only once the customer agrees it is theirs "
    "(§1.3, §6.1, §2.2).",
    careless="Says no such card exists and stops, or freezes another card without pointing out the mismatch.",
    candidates=cards.cards_in_status("active"),
    draft=_wrong_card,
)
WRONG_MONTH = Family(
    name="wrong_info_deposit_month",
    category="wrong_info",
    quota=6,
    clauses=("4.5", "1.3", "2.2"),
    why="No deposit was opened in the month the customer names; the list shows the deposit of that amount, opened in "
    "another month, which the assistant must put to the customer (no deposit from that month, this one from its own "
    "month) before quoting and closing it (§1.3, §4.5).",
    careless="Closes the deposit without telling the customer the month was wrong, or gives up.",
    candidates=_wrong_month_candidates,
    draft=_wrong_deposit,
)


# --- contradiction: the customer's claim conflicts with the records; records win ----------


def _senior_base(conn: sqlite3.Connection, candidate: Any, rng: random.Random) -> Draft:
    d = deposits.senior_claim_draft(conn, candidate, rng)
    born = profile(conn, d.customer_id).date_of_birth
    d.known.append(("Date of birth", spoken_date(born)))
    return d


CONTRA_CHEQUE = Family(
    name="contradiction_cheque_cleared",
    category="contradiction",
    quota=8,
    clauses=("7.2", "2.4", "2.3"),
    why="The customer says the cheque is unpaid; §7.2's status check shows it cleared, so it cannot be stopped. The "
    "records win even when the customer insists; nothing is written.",
    careless="Gives in to the customer's insistence and tries the stop, or takes their word without checking.",
    candidates=payments.CHEQUE_CLEARED.candidates,
    draft=pushing(
        payments.cleared_draft,
        "It has not been paid yet, I am sure of that.",
        "That cannot be right. I am sure it has not been paid yet. Please stop it anyway.",
        "If the assistant still says it has been paid and cannot be stopped, accept that; you will take it up "
        "with the payee yourself and want nothing else.",
    ),
)
CONTRA_SENIOR = Family(
    name="contradiction_senior_rate",
    category="contradiction",
    quota=4,
    clauses=("4.1", "4.2", "2.2"),
    why="§4.1: the senior uplift follows the bank's records (under 60), not the customer's claim, even when repeated; "
    "the deposit is opened at the general rate once the customer accepts it.",
    careless="Gives the senior-citizen rate when the customer insists, or refuses to open the deposit.",
    candidates=deposits.SENIOR_CLAIM.candidates,
    draft=pushing(
        _senior_base,
        "",
        "But I am a senior citizen! I should get the senior citizen rate.",
        "If the assistant explains again that the bank's records do not show you as a senior citizen, accept "
        "the general rate and go ahead with the deposit. " + "If asked to confirm the deposit after that, "
        "confirm it.",
    ),
)


def _closed_base(conn: sqlite3.Connection, candidate: CustomerDeposit, rng: random.Random) -> Draft:
    """The already-closed deposit: when it was closed and what was paid are facts the fact rules read (§4.6)."""
    return deposits.already_closed_draft(conn, candidate, rng)


CONTRA_CLOSED = Family(
    name="contradiction_deposit_closed",
    category="contradiction",
    quota=3,
    clauses=("4.6", "4.5", "2.3"),
    why="The customer says the deposit is running; its details show it was closed, so nothing can be closed: the "
    "assistant says when and what was paid, and holds to it.",
    careless="Believes the customer and tries the closure, or says it cannot find the deposit.",
    candidates=deposits.ALREADY_CLOSED.candidates,
    draft=pushing(
        _closed_base,
        "It is definitely still running.",
        "That is not possible, I never closed it. Please check again.",
        "If the assistant still says it was closed and tells you when, accept it; you want nothing else.",
    ),
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


def _with_book_account(conn: sqlite3.Connection, found: Sequence[C]) -> list[C]:
    """The candidates whose customer has an account a cheque book can be ordered for."""
    eligible = _book_accounts(conn)
    return [c for c in found if c.customer_id in eligible]


def _money_account(conn: sqlite3.Connection, d: Draft) -> list[tuple[str, str]]:
    """Where a closure's money goes, as a known fact.

    The scenario names that account beside the cheque book's, so a customer does not take the payout
    account named in the confirmation for the wrong one (``validate`` checks it).
    """
    credited = [step.arguments["credit_account_id"] for step in d.gold if "credit_account_id" in step.arguments]
    return [("Account for the money", f"your {account_label(conn, str(credited[0]))}")] if credited else []


def _then_book(base: Drafter[Any]) -> Drafter[Any]:
    def draft(conn: sqlite3.Connection, candidate: CustomerCard | CustomerDeposit, rng: random.Random) -> Draft:
        d = base(conn, candidate, rng)
        account = _book_account(conn, candidate.customer_id)
        label = account_label(conn, str(account))
        switch = rng.choice(("Also, separately", "And one more thing, unrelated", "Oh, and while I have you"))
        d.known += [*_money_account(conn, d), ("Cheque book account", f"your {label}"), ("Cheque book size", "the standard book is fine")]
        d.reason += f" Part-way through, you also ask for a new cheque book for your {label} (the standard size)."
        d.behaviour = [
            when(
                "first proposes a change",
                f"Yes, please go ahead. {switch}: I need a new cheque book for my {label}; the standard size is fine.",
            ),
            *d.accept,
            CONFIRM,
            NO_SECRETS,
        ]
        d.accept = []
        d.gold += payments.book_steps(str(account), 25)
        d.assertion += (
            f"; then, for the second request, it read the {label} and ordered a 25-leaf cheque book after its "
            "own confirmation, keeping the two requests apart"
        )
        return d

    return draft


CONTEXT_FREEZE = Family(
    name="context_switch_freeze_then_book",
    category="context_switch",
    quota=9,
    clauses=("6.2", "7.3", "1.6", "2.2"),
    why="Two unrelated requests, the second raised mid-way: each gets its own procedure (§6.2 read and freeze; §7.3 "
    "read the account and order) and its own confirmation (§2.2), in the order raised (§1.6).",
    careless="Forgets the second request, or takes the first yes as consent for the cheque book too.",
    candidates=lambda conn: _with_book_account(conn, cards.cards_in_status("active")(conn)),
    draft=_then_book(cards.unsure_draft),
)
CONTEXT_CLOSE = Family(
    name="context_switch_close_then_book",
    category="context_switch",
    quota=6,
    clauses=("4.5", "7.3", "1.6", "2.2"),
    why="The §4.5 closure, then an unrelated cheque-book order raised mid-way (§7.3), each confirmed on its own.",
    careless="Drops the cheque book, or orders it without reading the account or without its own yes.",
    candidates=lambda conn: _with_book_account(conn, deposits.close_candidates("active", "fixed")(conn)),
    draft=_then_book(deposits.close_draft(by_number=False)),
)


# --- confusing_intent: vague words resolved from context or by one question -----------------


def _stop_card(block: bool) -> Drafter[CustomerCard]:
    def draft(conn: sqlite3.Connection, candidate: CustomerCard, rng: random.Random) -> Draft:
        d = (cards.block_draft if block else cards.unsure_draft)(conn, candidate, rng)
        label = card_label(conn, candidate.card_id)
        if block:
            how = d.gold[1].arguments["reason"]
            d.declared = [
                outcome(
                    "block_is_permanent",
                    "a block cannot be undone",
                    f"Blocking your {label} is permanent: once blocked, it cannot be unblocked.",
                    "",
                )
            ]
            d.opening = rng.choice(
                (
                    f"Hello, please stop my {label}. It was {how} yesterday and it is gone for good.",
                    f"Hi, I need my {label} stopped. It has been {how}, I won't get it back.",
                )
            )
            d.known.append(("What you mean by stopping it", "stopping it for good; you will never get it back"))
        else:
            where, d.opening = rng.choice(
                (
                    ("at home", f"Hi, please stop my {label}. I can't find it, but it may be at home."),
                    ("", f"Hello, can you stop my {label} for now? It's not in my wallet, maybe I left it somewhere."),
                )
            )
            cards.put_card(d, label, where)  # the place the opening line names
            d.known.append(("What you mean by stopping it", "pause it for now so nobody can use it; do not block it for good"))
        d.assertion = (
            f"The assistant worked out (from the story or by one question) what 'stop' meant; {d.assertion[0].lower()}{d.assertion[1:]}"
        )
        return d

    return draft


def _break_deposit(conn: sqlite3.Connection, candidate: CustomerDeposit, rng: random.Random) -> Draft:
    d = deposits.close_draft(by_number=False)(conn, candidate, rng)
    month = month_year(deposit(conn, candidate.deposit_id).opened_on)
    d.opening = rng.choice((f"Hi, I want to break my FD from {month}.", f"Hello, I need to break the deposit I made in {month}."))
    d.known.append(("What you mean by breaking it", "closing it early and taking the money out"))
    d.assertion = f"The assistant took 'break' as a premature closure; {d.assertion[0].lower()}{d.assertion[1:]}"
    return d


CONFUSE_FREEZE = Family(
    name="confusing_intent_stop_card_freeze",
    category="confusing_intent",
    quota=7,
    clauses=("6.2", "6.1", "2.2"),
    why="'Stop my card' is vague; the story (it may be at home) or one question shows a freeze is meant (§6.2), never a block.",
    careless="Blocks the card because 'stop' sounds final, or asks a string of questions instead of acting.",
    candidates=cards.cards_in_status("active"),
    draft=_stop_card(block=False),
)
CONFUSE_BLOCK = Family(
    name="confusing_intent_stop_card_block",
    category="confusing_intent",
    quota=4,
    clauses=("6.2", "6.1", "2.2", "8.1"),
    why="'Stop my card' for a card lost or stolen for good means a block with that reason and the replacement offer "
    "(§6.2), not a freeze; as a block is permanent, the assistant tells the customer it cannot be undone before the "
    "customer's yes.",
    careless="Only freezes the card, or blocks it without the reason or the replacement.",
    candidates=cards.cards_in_status("active"),
    draft=_stop_card(block=True),
)
CONFUSE_BREAK = Family(
    name="confusing_intent_break_deposit",
    category="confusing_intent",
    quota=4,
    clauses=("4.5", "2.2"),
    why="'Break my FD' means a premature closure: §4.5's list, details, quote and confirmed closure.",
    careless="Treats 'break' as a partial withdrawal or a change of maturity instruction, or closes without a quote.",
    candidates=deposits.close_candidates("active", "fixed"),
    draft=_break_deposit,
)


#: This module's families and those of ``long_context`` and ``code_mixed``, in generation order.
FAMILIES: tuple[Family[Any], ...] = (
    DECLINE_FD,
    DECLINE_RD,
    DECLINE_LOAN,
    CHANGE_AMOUNT,
    CHANGE_TENURE,
    CHANGE_TARGET,
    NEI_CHEQUE,
    NEI_FD,
    NEI_RD,
    WRONG_CARD,
    WRONG_MONTH,
    CONTRA_CHEQUE,
    CONTRA_SENIOR,
    CONTRA_CLOSED,
    CONTEXT_FREEZE,
    CONTEXT_CLOSE,
    CONFUSE_FREEZE,
    CONFUSE_BLOCK,
    CONFUSE_BREAK,
    *long_context.FAMILIES,
    *code_mixed.FAMILIES,
)
