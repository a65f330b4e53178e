"""``wrong_info``, second round: a wrong amount, cheque number, payee or payment amount, put right by the records.

Each family keeps a base family's gold chain on the record the customer really means; the
customer gives one detail wrongly (a deposit's maturity value for its principal, two digits of
a cheque number swapped, the wrong fund house for a SIP, a payment's amount misremembered) and
corrects it when the assistant says what the records show. The assistant must tell the customer
that the detail does not match (a declared ``detail_mismatch`` fact, and the right detail) before
acting; the premise rule (:mod:`.premises`) checks that the wrong detail matches no record.
"""

from __future__ import annotations

import random
import sqlite3
from typing import Any

from tau_indian_bank.bank.money import spoken_rupees
from tau_indian_bank.evaluation.fact_kinds import outcome
from tau_indian_bank.evaluation.facts import Fact
from tau_indian_bank.tasks.families import accounts, deposits, payments
from tau_indian_bank.tasks.framework import Draft, Family
from tau_indian_bank.tasks.lookups import (
    AccountMandate,
    CustomerDeposit,
    CustomerTxn,
    account_label,
    deposit,
    mandate,
    rows,
    transaction,
    values,
)
from tau_indian_bank.tasks.robust.cues import CONFIRM, NO_SECRETS, when
from tau_indian_bank.wording import spoken_date


def _amount_fact(label: str, paise: int) -> Fact:
    return Fact(kind="amount", label=label, value=str(paise), text=spoken_rupees(paise))


# --- a deposit's maturity value taken for its principal ------------------------------------------


def _maturity_rupees(conn: sqlite3.Connection, deposit_id: str) -> int:
    """The deposit's maturity value in whole rupees (as a customer reads it off the receipt), in paise."""
    paise: int = values(conn, "SELECT maturity_amount_paise FROM deposits WHERE deposit_id = ? ORDER BY 1", (deposit_id,))[0]
    return paise // 100 * 100


def _only_fixed_deposit(conn: sqlite3.Connection) -> list[CustomerDeposit]:
    """Cumulative fixed deposits that are their customer's only active deposit (the maturity value is no deposit's amount)."""
    found = []
    for c in deposits.close_candidates("active", "fixed")(conn):
        mine = values(conn, "SELECT deposit_id FROM deposits WHERE customer_id = ? AND status = 'active' ORDER BY 1", (c.customer_id,))
        cumulative = values(conn, "SELECT payout_type FROM deposits WHERE deposit_id = ? ORDER BY 1", (c.deposit_id,)) == ["cumulative"]
        amounts = values(conn, "SELECT amount_paise FROM deposits WHERE customer_id = ? ORDER BY 1", (c.customer_id,))
        if mine == [c.deposit_id] and cumulative and _maturity_rupees(conn, c.deposit_id) not in amounts:
            found.append(c)
    return found


def _maturity_for_principal(conn: sqlite3.Connection, candidate: CustomerDeposit, rng: random.Random) -> Draft:
    d = deposits.close_draft(by_number=False)(conn, candidate, rng)
    fd = deposit(conn, candidate.deposit_id)
    wrong = _maturity_rupees(conn, fd.deposit_id)
    real, said = spoken_rupees(fd.amount_paise), spoken_rupees(wrong)
    d.opening = rng.choice(
        (f"Hi, I would like to close my fixed deposit of {said}.", f"Hello, please close the FD of {said} that I have with you.")
    )
    d.known = [
        ("Deposit", f"your only fixed deposit; you think it is of {said} (that is its maturity value, not its amount)"),
        *d.known[1:],
    ]
    d.reason += f" You remember the deposit's amount wrongly as {said}, which is what it pays at maturity."
    d.behaviour = [
        when("tells you what the records show", f"Oh yes, sorry, {said} is what it pays at maturity; I put in {real}. That is the one."),
        *d.accept,
        CONFIRM,
        NO_SECRETS,
    ]
    d.accept = []
    d.declared = [
        _amount_fact("amount of the deposit", fd.amount_paise),
        outcome(
            "detail_mismatch",
            f"no deposit of {said}",
            f"You have no fixed deposit of {said}; your fixed deposit is of {real} ({said} is its maturity value).",
            "",
        ),
    ]
    d.assertion = (
        f"The assistant told the customer there is no deposit of {said}, identified deposit {fd.deposit_id} of "
        f"{real} and closed it only after quoting it and the customer confirming"
    )
    return d


WRONG_AMOUNT = Family(
    name="wrong_info_deposit_amount",
    category="wrong_info",
    quota=7,
    clauses=("4.5", "1.3", "2.2"),
    why="No deposit is of the amount the customer gives (it is the deposit's maturity value); the list shows their only "
    "deposit, so the assistant must tell the customer that no deposit is of that amount and name the real one, then "
    "quote and close it on the customer's yes (§1.3, §4.5).",
    careless="Closes the deposit without pointing out the amount, or tells the customer they have no such deposit.",
    candidates=_only_fixed_deposit,
    draft=_maturity_for_principal,
)

# --- two digits of a cheque number swapped ----------------------------------------------------------


def _misread(conn: sqlite3.Connection, account_id: str, number: str) -> str | None:
    """The number with two neighbouring digits swapped, if it is no leaf or cheque of the account's."""
    known = {str(n) for n in values(conn, "SELECT cheque_number FROM cheques WHERE account_id = ? ORDER BY 1", (account_id,))}
    books = values(conn, "SELECT first_leaf || ':' || leaves FROM cheque_books WHERE account_id = ? ORDER BY 1", (account_id,))
    leaves = {str(n) for b in books for n in range(int(b.split(":")[0]), int(b.split(":")[0]) + int(b.split(":")[1]))}
    for i in (4, 3, 2):
        swapped = number[:i] + number[i + 1] + number[i] + number[i + 2 :]
        if swapped != number and swapped not in known | leaves:
            return swapped
    return None


def _swapped_cheque(conn: sqlite3.Connection, candidate: Any, rng: random.Random) -> Draft:
    d = payments.cheque_stop_draft(conn, candidate, rng)
    account, right = d.gold[0].arguments["account_id"], d.gold[0].arguments["cheque_number"]
    wrong = _misread(conn, account, right) or right
    label = account_label(conn, account)
    d.opening = d.opening.replace(f"cheque number {right}", f"cheque number {wrong}")
    d.reason += f" You misread the number on the counterfoil as {wrong}; it is {right}."
    d.behaviour = [
        when("tells you what the records show", f"Sorry, I misread the counterfoil: the cheque number is {right}, not {wrong}."),
        CONFIRM,
        NO_SECRETS,
    ]
    d.declared = [
        outcome("detail_mismatch", f"no cheque numbered {wrong}", f"No cheque numbered {wrong} has been issued on your {label}.", "")
    ]
    d.assertion = (
        f"The assistant found that no cheque {wrong} was issued on the {label}, and once the customer gave {right}, "
        f"checked it and stopped it after the customer confirmed"
    )
    return d


WRONG_CHEQUE = Family(
    name="wrong_info_cheque_number",
    category="wrong_info",
    quota=6,
    clauses=("7.2", "1.3", "2.2"),
    why="The cheque number the customer gives (two digits swapped) was never issued on the account; the assistant must "
    "tell the customer that no cheque of that number exists, and check and stop only the number the customer then "
    "gives (§1.3, §7.2).",
    careless="Stops the number as first given (the bank refuses, or the wrong leaf is stopped), or guesses the leaf.",
    candidates=lambda conn: [
        c
        for c in payments.stoppable_accounts(conn)
        if all(_misread(conn, c.account_id, n) for n in payments.unused_leaves(conn, c.account_id)[:4])
    ],
    draft=_swapped_cheque,
)

# --- the wrong fund house, insurer or lender named for a mandate -------------------------------------

_KINDS = {"SIP": ("Mutual Fund",), "insurance premium": ("Insurance", "LIC"), "loan EMI": ("Ltd",)}


def _kind(payee: str) -> str | None:
    return next((kind for kind, marks in _KINDS.items() if any(m in payee for m in marks)), None)


def _payees(conn: sqlite3.Connection) -> list[str]:
    return values(conn, "SELECT DISTINCT payee FROM mandates ORDER BY payee")


def _misnamed_candidates(conn: sqlite3.Connection) -> list[AccountMandate]:
    """Mandates whose payee is the only one of its kind among the customer's mandates."""
    found = []
    for c in rows(conn, AccountMandate, payments.mandate_sql()):
        kind = _kind(mandate(conn, c.mandate_id).payee)
        theirs = values(
            conn,
            "SELECT m.payee FROM mandates m JOIN account_holders h ON h.account_id = m.account_id WHERE h.customer_id = ? ORDER BY 1",
            (c.customer_id,),
        )
        if kind and sum(_kind(p) == kind for p in theirs) == 1:
            found.append(c)
    return found


def _misnamed_payee(conn: sqlite3.Connection, candidate: AccountMandate, rng: random.Random) -> Draft:
    d = payments.cancel_draft(conn, candidate, rng)
    right = mandate(conn, candidate.mandate_id).payee
    kind = str(_kind(right))
    wrong = rng.choice([p for p in _payees(conn) if _kind(p) == kind and p != right])
    label = account_label(conn, candidate.account_id)
    d.opening = rng.choice(
        (
            f"Hello, please cancel the {kind} auto-debit to {wrong} on my {label}; I want to stop it.",
            f"Hi, I want the {wrong} {kind} on my {label} cancelled, please.",
        )
    )
    d.known = [("Payee", f"{right} (you first call it {wrong} by mistake)"), *d.known[1:]]
    d.reason += f" You name the payee wrongly as {wrong} at first; it is {right}, your only {kind}."
    d.behaviour = [
        when("tells you what the records show", f"Oh, sorry, I mixed them up: it is the {right} one. Please cancel that."),
        CONFIRM,
        NO_SECRETS,
    ]
    d.declared = [
        outcome(
            "detail_mismatch",
            f"no mandate to {wrong}",
            f"There is no auto-debit to {wrong} on your {label}; the {kind} on it is to {right}.",
            "",
        )
    ]
    d.assertion = (
        f"The assistant listed the mandates, told the customer there is none to {wrong} but one to {right}, and "
        f"cancelled the {right} mandate only after the customer confirmed it was the one"
    )
    return d


WRONG_PAYEE = Family(
    name="wrong_info_mandate_payee",
    category="wrong_info",
    quota=6,
    clauses=("7.1", "1.3", "2.2"),
    why="The customer names the wrong fund house, insurer or lender; the listing shows their only mandate of that kind, "
    "so the assistant must tell the customer that there is no mandate to the payee named, name the one there is, "
    "and cancel it only on the customer's yes (§1.3, §7.1).",
    careless="Cancels the only mandate of that kind without pointing out the name, or says there is nothing to cancel.",
    candidates=_misnamed_candidates,
    draft=_misnamed_payee,
)

# --- a disputed payment's amount misremembered -----------------------------------------------------


def _misremembered(paise: int) -> int:
    """A plausible misremembering of an amount: its rupee digits' last two swapped, or ₹100 more."""
    rupees = str(paise // 100)
    swapped = int(rupees[:-2] + rupees[-1] + rupees[-2]) if len(rupees) > 2 and rupees[-1] != rupees[-2] else paise // 100 + 100
    return swapped * 100


def _dispute_candidates(conn: sqlite3.Connection) -> list[CustomerTxn]:
    """Disputable debits in whole rupees whose misremembered amount is no debit on that account that day."""
    found = []
    for c in accounts.dispute_candidates(conn):
        txn = transaction(conn, c.txn_id)
        same_day = values(
            conn, "SELECT amount_paise FROM transactions WHERE account_id = ? AND posted_on = ? ORDER BY 1", (txn.account_id, txn.posted_on)
        )
        if txn.amount_paise % 100 == 0 and _misremembered(txn.amount_paise) not in same_day and len(same_day) <= 3:
            found.append(c)
    return found


def _dispute_wrong_amount(conn: sqlite3.Connection, candidate: CustomerTxn, rng: random.Random) -> Draft:
    d = accounts.dispute_draft(conn, candidate, rng)
    txn = transaction(conn, candidate.txn_id)
    real, said = spoken_rupees(txn.amount_paise), spoken_rupees(_misremembered(txn.amount_paise))
    d.opening = d.opening.replace(real, said)
    d.known = [(t, a.replace(real, f"{said} as you remember it (it was really {real})")) for t, a in d.known]
    d.reason = d.reason.replace(real, said) + f" You remember the amount wrongly as {said}; it was {real}."
    d.behaviour = [
        when("tells you what the records show", f"Yes, sorry, it was {real}; I remembered the amount wrongly. That is the one."),
        CONFIRM,
        NO_SECRETS,
    ]
    d.declared = [
        _amount_fact("amount of the payment", txn.amount_paise),
        outcome(
            "detail_mismatch",
            f"no payment of {said}",
            f"Your account shows no payment of {said} to {txn.counterparty} on {spoken_date(txn.posted_on)}; "
            f"the one on that day is of {real}.",
            "",
        ),
    ]
    d.assertion = (
        f"The assistant found the debit to {txn.counterparty} on {spoken_date(txn.posted_on)}, told the customer "
        f"it was of {real}, not {said}, and raised the dispute for it after the customer confirmed"
    )
    return d


WRONG_PAYMENT = Family(
    name="wrong_info_dispute_amount",
    category="wrong_info",
    quota=6,
    clauses=("3.6", "3.2", "1.3", "2.2"),
    why="The customer misremembers a disputed debit's amount; the account's transactions that day show the payment to "
    "that payee, so the assistant must tell the customer the amount does not match (and the real amount) before "
    "raising the dispute for that transaction (§1.3, §3.6).",
    careless="Disputes the debit without pointing out the amount, or says no such payment exists and stops.",
    candidates=_dispute_candidates,
    draft=_dispute_wrong_amount,
)

FAMILIES: tuple[Family[Any], ...] = (WRONG_AMOUNT, WRONG_CHEQUE, WRONG_PAYEE, WRONG_PAYMENT)
