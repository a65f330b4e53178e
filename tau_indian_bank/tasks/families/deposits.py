"""Scenario families about fixed and recurring deposits (policy §4): closing, maturity instructions, reopening.

Every family states, next to its generator: the clauses it tests, why its gold chain
is the one correct procedure, and what a careless assistant would do instead. The
opening families are in ``deposit_opening``; ``FAMILIES`` below gives the generation
order of all deposit families.
"""

from __future__ import annotations

import random
import sqlite3

from tau_indian_bank.bank import clock
from tau_indian_bank.bank.money import spoken_rupees
from tau_indian_bank.constants import FD_MIN_AMOUNT_PAISE
from tau_indian_bank.tasks.families import deposit_opening as opening
from tau_indian_bank.tasks.families.deposit_opening import open_steps
from tau_indian_bank.tasks.framework import Draft, Drafter, Family, Finder, Step, month_year, yours
from tau_indian_bank.tasks.lookups import (
    CustomerDeposit,
    account_label,
    deposit,
    kyc_verified,
    rows,
    value,
    values,
)

_PURPOSES = ("a family wedding", "your child's college fees", "a medical bill", "a home renovation",
             "a down payment on a flat", "paying off a credit card bill")
_DEPOSIT_WORD = {"fixed": "fixed deposit", "recurring": "recurring deposit"}


def _closure_chain(deposit_id: str, credit_account: str, listed: bool) -> list[Step]:
    steps = [Step("list_deposits", {})] if listed else []
    return steps + [
        Step("get_deposit_details", {"deposit_id": deposit_id}),
        Step("get_deposit_closure_quote", {"deposit_id": deposit_id}),
        Step("close_deposit", {"deposit_id": deposit_id, "credit_account_id": credit_account}),
    ]


def _unique_month(status: str, deposit_type: str) -> str:
    """Deposits of a type and status whose opening month is unique among the customer's deposits."""
    return (
        "SELECT d.customer_id, d.deposit_id FROM deposits d JOIN accounts a ON a.account_id = d.linked_account_id "
        f"WHERE d.status = '{status}' AND d.deposit_type = '{deposit_type}' AND a.status = 'active' AND "
        "(SELECT COUNT(*) FROM deposits e WHERE e.customer_id = d.customer_id "
        " AND substr(e.opened_on, 1, 7) = substr(d.opened_on, 1, 7)) = 1 ORDER BY d.deposit_id"
    )


# --- closing ------------------------------------------------------------------------------


def _close_candidates(status: str, deposit_type: str) -> Finder[CustomerDeposit]:
    return lambda conn: rows(conn, CustomerDeposit, _unique_month(status, deposit_type))


def _close_draft(by_number: bool, other_account: bool = False) -> Drafter[CustomerDeposit]:
    def draft(conn: sqlite3.Connection, candidate: CustomerDeposit, rng: random.Random) -> Draft:
        customer_id, deposit_id = candidate.customer_id, candidate.deposit_id
        d = deposit(conn, deposit_id)
        word, month, amount = _DEPOSIT_WORD[d.deposit_type], month_year(d.opened_on), spoken_rupees(d.amount_paise)
        credit = d.linked_account_id
        where = ""
        if other_account:
            credit = value(conn, "SELECT a.account_id FROM accounts a JOIN account_holders h ON h.account_id = a.account_id "
                                 "WHERE h.customer_id = ? AND a.status = 'active' AND a.account_id != ? ORDER BY a.account_id",
                           (customer_id, d.linked_account_id))
            where = f" Please credit the money to my {account_label(conn, credit)}."
        purpose = rng.choice(_PURPOSES)
        matured = d.status == "matured"
        if by_number:
            opening = f"Hello, I want to close my {word} number {deposit_id}.{where}"
            known = [("Deposit number", deposit_id)]
        else:
            opening = f"Hi, I would like to close the {word} I opened in {month}.{where}"
            known = [("Deposit", f"the {word} you opened in {month}, of {amount}" +
                      (" a month" if d.deposit_type == "recurring" else ""))]
        known.append(("Reason", f"you need the money for {purpose}"))
        if other_account:
            known.append(("Account for the money", f"your {account_label(conn, credit)}"))
        return Draft(
            customer_id=customer_id,
            reason=f"You want to close your {word} opened in {month} because you need the money for {purpose}.",
            opening=opening,
            known=known,
            unknown="You do not know the exact payout, the interest rate or how the penalty is worked out." +
                    ("" if by_number else " You do not know the deposit number."),
            gold=_closure_chain(deposit_id, credit, listed=not by_number),
            assertion=(f"The assistant read deposit {deposit_id}, stated the closure quote (payout and rate applied"
                       f"{'' if matured else ', including the premature-closure penalty'}) before closing it, and "
                       f"closed it to the account ending {credit[-4:]} only after the customer confirmed"),
            accept=["Accept the payout the assistant quotes; you still want to close the deposit."],
        )
    return draft


FD_CLOSE_BY_MONTH = Family(
    name="fd_close", category="sequencing", clauses=("4.5", "2.2", "1.3"),
    why="The customer names the deposit only by its opening month, so the deposit list is needed to find its number; "
        "§4.5 then requires reading the deposit, quoting the closure and confirming before closing, and the payout "
        "goes to the linked account because the customer names no other.",
    careless="Closes the deposit straight away without a quote, or quotes but closes before the customer agrees.",
    candidates=_close_candidates("active", "fixed"), draft=_close_draft(by_number=False),
)
FD_CLOSE_BY_NUMBER = Family(
    name="fd_close_by_number", category="sequencing", clauses=("4.5", "2.2"),
    why="The customer gives the deposit number, so no list is needed; §4.5 requires details, a quote and a confirmed "
        "closure to the linked account.",
    careless="Skips the closure quote because the customer already knows which deposit it is.",
    candidates=_close_candidates("active", "fixed"), draft=_close_draft(by_number=True),
)
RD_CLOSE = Family(
    name="rd_close", category="sequencing", clauses=("4.5", "2.2", "1.3"),
    why="As for fixed deposits: list to find the RD by month, read it, quote, confirm, close to the linked account.",
    careless="Treats a recurring deposit as if it could be stopped without a closure quote.",
    candidates=_close_candidates("active", "recurring"), draft=_close_draft(by_number=False),
)
CLOSE_TO_OTHER_ACCOUNT = Family(
    name="deposit_close_other_account", category="sequencing", clauses=("4.5", "2.2", "2.3"),
    why="The customer names another of their own accounts for the payout, which §4.5 allows; everything else is the "
        "standard closure procedure.",
    careless="Credits the payout to the deposit's linked account out of habit.",
    candidates=lambda conn: [c for c in rows(conn, CustomerDeposit, _unique_month("active", "fixed")) if len(values(
        conn, "SELECT a.account_id FROM accounts a JOIN account_holders h ON h.account_id = a.account_id "
              "WHERE h.customer_id = ? AND a.status = 'active' ORDER BY a.account_id", (c.customer_id,))) >= 2],
    draft=_close_draft(by_number=False, other_account=True),
)
MATURED_CLOSE = Family(
    name="matured_deposit_close", category="edge_case", clauses=("4.5", "2.2"),
    why="A matured deposit is closed by the same procedure, without penalty; the quote still comes first.",
    careless="Assumes a matured deposit needs no quote, or tells the customer a penalty applies.",
    candidates=_close_candidates("matured", "fixed"), draft=_close_draft(by_number=False),
)


def _already_closed_draft(conn: sqlite3.Connection, candidate: CustomerDeposit, rng: random.Random) -> Draft:
    customer_id, deposit_id = candidate.customer_id, candidate.deposit_id
    d = deposit(conn, deposit_id)
    word, month = _DEPOSIT_WORD[d.deposit_type], month_year(d.opened_on)
    return Draft(
        customer_id=customer_id,
        reason=f"You believe your {word} opened in {month} is still running and want to close it.",
        opening=f"Hello, please close the {word} I opened in {month}.",
        known=[("Deposit", f"the {word} you opened in {month}")],
        unknown="You do not remember that this deposit was already closed, nor its number.",
        gold=[Step("list_deposits", {}), Step("get_deposit_details", {"deposit_id": deposit_id})],
        assertion=(f"The assistant found deposit {deposit_id}, saw that it was already closed, told the customer when it "
                   "was closed and what was paid, and made no change"),
        accept=["If the assistant tells you the deposit was already closed, accept it; you do not want anything else."],
    )


ALREADY_CLOSED = Family(
    name="deposit_already_closed", category="edge_case", clauses=("4.6", "4.5", "2.3"),
    why="The deposit is closed: §4.5(a) requires reading its details, and §4.6 requires telling the customer the "
        "closure date and amount (which only the details show). No change is possible.",
    careless="Attempts the closure anyway, or says it cannot find the deposit without reading it.",
    candidates=_close_candidates("closed", "fixed"), draft=_already_closed_draft,
)


def _ambiguous_candidates(conn: sqlite3.Connection) -> list[CustomerDeposit]:
    found = []
    unique_month = {c.deposit_id for c in rows(conn, CustomerDeposit, _unique_month("active", "fixed"))}
    for customer_id in values(conn, "SELECT DISTINCT customer_id FROM deposits WHERE status = 'active' "
                                    "AND deposit_type = 'fixed' ORDER BY customer_id"):
        active = values(conn, "SELECT deposit_id FROM deposits WHERE customer_id = ? AND status = 'active' AND "
                              "deposit_type = 'fixed' ORDER BY opened_on, deposit_id", (customer_id,))
        if len(active) >= 2:
            target = active[-1]
            if target in unique_month:
                found.append(CustomerDeposit(customer_id, target))
    return found


def _ambiguous_draft(conn: sqlite3.Connection, candidate: CustomerDeposit, rng: random.Random) -> Draft:
    base = _close_draft(by_number=False)(conn, candidate, rng)
    d = deposit(conn, candidate.deposit_id)
    base.opening = "Hi, I want to close my fixed deposit."
    base.known = [("Which deposit", f"the one you opened in {month_year(d.opened_on)}, of {spoken_rupees(d.amount_paise)}"),
                  *base.known[1:]]
    base.assertion = ("The assistant noticed the customer has more than one fixed deposit, asked which one was meant, "
                      f"and then read, quoted and (after confirmation) closed deposit {candidate.deposit_id}")
    return base


AMBIGUOUS_DEPOSIT = Family(
    name="ambiguous_deposit", category="edge_case", clauses=("1.3", "4.5", "2.2"),
    why="The customer has several fixed deposits and does not say which; §1.3 requires asking before acting. Once "
        "told, the closure procedure of §4.5 applies to that deposit only.",
    careless="Picks one of the deposits (the oldest or largest) without asking.",
    candidates=_ambiguous_candidates, draft=_ambiguous_draft,
)

# --- maturity instruction, close-and-reopen, rates ---------------------------------------

_INSTRUCTION_WORDS = {"credit_to_account": "paid out to my linked account",
                      "renew_principal": "renewed for the same period, with the interest paid out to me",
                      "renew_principal_and_interest": "renewed automatically with the interest added"}


def _instruction_draft(conn: sqlite3.Connection, candidate: CustomerDeposit, rng: random.Random) -> Draft:
    customer_id, deposit_id = candidate.customer_id, candidate.deposit_id
    d = deposit(conn, deposit_id)
    choice = rng.choice(sorted(set(_INSTRUCTION_WORDS) - {d.maturity_instruction}))
    word, month = _DEPOSIT_WORD[d.deposit_type], month_year(d.opened_on)
    return Draft(
        customer_id=customer_id,
        reason=f"At maturity you want your {word} opened in {month} to be {yours(_INSTRUCTION_WORDS[choice])}.",
        opening=f"Hi, for the {word} I opened in {month}, I want it to be {_INSTRUCTION_WORDS[choice]} when it matures.",
        known=[("Deposit", f"the {word} you opened in {month}"), ("What should happen at maturity",
                                                                   yours(_INSTRUCTION_WORDS[choice]))],
        unknown="You do not know the deposit number or its current maturity instruction.",
        gold=[Step("list_deposits", {}), Step("get_deposit_details", {"deposit_id": deposit_id}),
              Step("set_deposit_maturity_instruction", {"deposit_id": deposit_id, "maturity_instruction": choice})],
        assertion=(f"The assistant found deposit {deposit_id}, read its current instruction, and changed it to "
                   f"'{choice}' after the customer confirmed"),
    )


MATURITY_INSTRUCTION = Family(
    name="maturity_instruction", category="sequencing", clauses=("4.7", "1.3", "2.2"),
    why="The deposit is named by month (list needed); §4.7 requires reading its details before changing the "
        "instruction; the customer's words map to exactly one of the three instructions.",
    careless="Changes the instruction without reading the deposit, or picks the wrong renewal option.",
    candidates=lambda conn: [c for c in rows(conn, CustomerDeposit, _unique_month("active", "fixed"))
                             if deposit(conn, c.deposit_id).maturity_date > clock.add_months(clock.today(), 1).isoformat()],
    draft=_instruction_draft,
)


def _reopen_draft(conn: sqlite3.Connection, candidate: CustomerDeposit, rng: random.Random) -> Draft:
    customer_id, deposit_id = candidate.customer_id, candidate.deposit_id
    d = deposit(conn, deposit_id)
    month, amount = month_year(d.opened_on), d.amount_paise
    new_amount = max(FD_MIN_AMOUNT_PAISE, amount // 10_000_00 * 10_000_00)
    tenure = rng.choice((24, 36, 60))
    label = account_label(conn, d.linked_account_id)
    close = _closure_chain(deposit_id, d.linked_account_id, listed=True)
    reopen = open_steps("fixed", d.linked_account_id, new_amount, tenure)
    return Draft(
        customer_id=customer_id,
        reason=(f"Rates have changed: you want to close the fixed deposit you opened in {month} and put {spoken_rupees(new_amount)} "
                f"into a new fixed deposit for {tenure} months from your {label}."),
        opening=(f"Hello, I want to close the fixed deposit I opened in {month}, and then open a new fixed deposit of "
                 f"{spoken_rupees(new_amount)} for {tenure} months from my {label}."),
        known=[("Old deposit", f"the fixed deposit you opened in {month}"), ("New deposit amount", spoken_rupees(new_amount)),
               ("New deposit tenure", f"{tenure} months"), ("Account", f"your {label}")],
        unknown="You do not know the payout of the old deposit or the rate of the new one.",
        gold=close + reopen,
        assertion=(f"The assistant closed deposit {deposit_id} only after quoting and confirming it, then checked the "
                   f"{label}, quoted the new deposit and opened it after a second confirmation"),
        accept=["Accept the closure payout and the new deposit's rate."],
    )


CLOSE_AND_REOPEN = Family(
    name="close_and_reopen", category="sequencing", clauses=("4.5", "4.2", "2.2"),
    why="Two requests in order: the §4.5 closure (list, details, quote, close) and then the §4.2 opening (read the "
        "funding account after the payout, calculator, open), each with its own confirmation (§2.2).",
    careless="Uses one confirmation for both changes, or skips the second account check and quote.",
    candidates=lambda conn: [c for c in rows(conn, CustomerDeposit, _unique_month("active", "fixed"))
                             if kyc_verified(conn, c.customer_id) and deposit(conn, c.deposit_id).amount_paise >= 20_000_00],
    draft=_reopen_draft,
)


#: Every deposit family, in generation order (the order decides which customers each family gets first).
FAMILIES = (FD_CLOSE_BY_MONTH, FD_CLOSE_BY_NUMBER, RD_CLOSE, CLOSE_TO_OTHER_ACCOUNT, MATURED_CLOSE, ALREADY_CLOSED,
            AMBIGUOUS_DEPOSIT, opening.FD_OPEN, opening.RD_OPEN, opening.FD_OPEN_PAYOUT, opening.INSUFFICIENT_BALANCE,
            opening.KYC_EXPIRED_DEPOSIT, opening.RD_NOT_MULTIPLE, opening.SENIOR_CLAIM, opening.DORMANT_REACTIVATION,
            MATURITY_INSTRUCTION, CLOSE_AND_REOPEN, opening.COMPARE_TENURES)
