"""Scenario families about cheques and mandates (policy §7).

Every family states, next to its generator: the clauses it tests, why its gold chain
is the one correct procedure, and what a careless assistant would do instead.
Accounts in these families are single-customer or either-or accounts the customer
holds as primary holder, and every account's last four digits are unique among the
customer's accounts, so naming an account by them is never ambiguous.
"""

from __future__ import annotations

import random
import sqlite3

from tau_indian_bank.bank import clock
from tau_indian_bank.bank.money import spoken_rupees
from tau_indian_bank.tasks.framework import Draft, Family, Step, yours
from tau_indian_bank.tasks.lookups import (
    Account,
    AccountCheque,
    AccountMandate,
    ChequeBook,
    CustomerAccount,
    account_label,
    cheque,
    mandate,
    rows,
    value,
    values,
)
from tau_indian_bank.wording import spoken_date

_UNIQUE_LAST4 = (
    "(SELECT COUNT(*) FROM account_holders x JOIN accounts y ON y.account_id = x.account_id "
    "WHERE x.customer_id = h.customer_id AND substr(y.account_id, -4) = substr(a.account_id, -4)) = 1"
)
_HOLDER = "JOIN account_holders h ON h.account_id = a.account_id AND h.role = 'primary'"
_ACTIVE = f"a.status = 'active' AND a.mode_of_operation != 'jointly' AND {_UNIQUE_LAST4}"
_OWN_ACTIVE = f"FROM accounts a {_HOLDER} WHERE {_ACTIVE}"
_NO_PENDING_BOOK = "NOT EXISTS (SELECT 1 FROM cheque_books p WHERE p.account_id = a.account_id AND p.status = 'requested')"

# --- cheques ----------------------------------------------------------------------------

_STOP_REASONS: dict[str, tuple[str, ...]] = {
    "lost": ("I have lost the cheque leaf somewhere.", "The cheque got lost before I could hand it over."),
    "stolen": ("My bag was stolen and that cheque leaf was in it.", "The signed cheque leaf was stolen from my office drawer."),
    "payment_dispute": (
        "I have a dispute with the payee about the payment, so it should not be paid.",
        "There is a payment dispute with the party I gave it to, so I don't want it honoured.",
    ),
    "issued_in_error": ("I issued it in error, with the wrong amount.", "I issued that cheque by mistake."),
}
_REASON_FACT = {
    "lost": "the cheque leaf was lost",
    "stolen": "the cheque leaf was stolen",
    "payment_dispute": "there is a payment dispute with the payee",
    "issued_in_error": "it was issued in error",
}


def unused_leaves(conn: sqlite3.Connection, account_id: str) -> list[str]:
    """Leaves of the newest issued book that still has leaves the bank has never seen (after its last used leaf)."""
    seen = {int(n) for n in values(conn, "SELECT cheque_number FROM cheques WHERE account_id = ? ORDER BY cheque_number", (account_id,))}
    for book in rows(
        conn,
        ChequeBook,
        "SELECT first_leaf, leaves FROM cheque_books WHERE account_id = ? AND status = 'issued' ORDER BY first_leaf DESC",
        (account_id,),
    ):
        first, leaves = book.first_leaf, book.leaves
        used = [n for n in range(first, first + leaves) if n in seen]
        start = max(used) + 1 if used else first
        free = [f"{n:06d}" for n in range(start, first + leaves) if n not in seen]
        if free:
            return free
    return []


def stoppable_accounts(conn: sqlite3.Connection) -> list[CustomerAccount]:
    """(customer, account): active accounts with the cheque facility and a leaf the bank has never seen."""
    found = rows(
        conn,
        CustomerAccount,
        f"SELECT h.customer_id, a.account_id {_OWN_ACTIVE} AND a.cheque_facility = 1 AND {_NO_PENDING_BOOK} ORDER BY a.account_id",
    )
    return [c for c in found if unused_leaves(conn, c.account_id)]


def stop_steps(account: str, number: str, reason: str) -> list[Step]:
    return [
        Step("get_cheque_status", {"account_id": account, "cheque_number": number}),
        Step("stop_cheque_payment", {"account_id": account, "cheque_number": number, "reason": reason}),
    ]


def book_steps(account: str, leaves: int) -> list[Step]:
    book = {"account_id": account} if leaves == 25 else {"account_id": account, "leaves": leaves}
    return [Step("get_account_details", {"account_id": account}), Step("request_cheque_book", book)]


def cheque_stop_draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    customer_id, account = candidate.customer_id, candidate.account_id
    number = rng.choice(unused_leaves(conn, account)[:4])
    reason = rng.choice(sorted(_STOP_REASONS))
    label = account_label(conn, account)
    greeting = rng.choice(("Hello", "Hi", "Good morning", "Namaste"))
    return Draft(
        customer_id=customer_id,
        reason=f"You want to stop payment of cheque number {number} drawn on your {label} because {_REASON_FACT[reason]}.",
        opening=f"{greeting}, please stop payment of cheque number {number} from my {label}. {rng.choice(_STOP_REASONS[reason])}",
        known=[("Cheque number", number), ("Account", f"your {label}"), ("Reason", _REASON_FACT[reason])],
        unknown="You do not know whether the cheque has been presented yet.",
        gold=stop_steps(account, number, reason),
        assertion=(
            f"The assistant checked the status of cheque {number} on the account ending {account[-4:]}, found it not "
            f"presented, and stopped its payment (reason: {reason.replace('_', ' ')}) only after the customer confirmed"
        ),
    )


CHEQUE_STOP = Family(
    name="cheque_stop",
    category="sequencing",
    quota=30,
    clauses=("7.2", "2.2", "1.3"),
    why="The customer gives the cheque number, the account and the reason; §7.2 requires checking the cheque's status "
    "before stopping it, and the status (not presented) allows the stop, which is made with the customer's reason "
    "after confirmation.",
    careless="Stops the cheque without checking its status first, or records the reason as 'other'.",
    candidates=stoppable_accounts,
    draft=cheque_stop_draft,
)


def _leaves_wish(leaves: int, rng: random.Random) -> tuple[str, str]:
    """How the customer asks for the book, and the known fact about its size."""
    if leaves == 50:
        return rng.choice(("a cheque book with 50 leaves", "a 50-leaf cheque book")), "50 leaves"
    return rng.choice(("a new cheque book", "a fresh cheque book")), "the standard book is fine"


def cheque_book_draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    customer_id, account = candidate.customer_id, candidate.account_id
    leaves = rng.choice((25, 25, 50))
    wish, size = _leaves_wish(leaves, rng)
    label = account_label(conn, account)
    why = rng.choice(
        ("My current book is almost finished.", "I have only two leaves left.", "I need to give post-dated cheques for my rent.", "")
    )
    return Draft(
        customer_id=customer_id,
        reason=f"You want {wish} for your {label}.",
        opening=f"Hello, I'd like to order {wish} for my {label}. {why}".strip(),
        known=[("Account", f"your {label}"), ("Cheque book size", size)],
        unknown="You do not know whether the account's cheque facility is on.",
        gold=book_steps(account, leaves),
        assertion=(
            f"The assistant read the {label}, saw it is active with the cheque facility, and ordered a {leaves}-leaf "
            "cheque book after the customer confirmed"
        ),
    )


CHEQUE_BOOK = Family(
    name="cheque_book",
    category="sequencing",
    quota=20,
    clauses=("7.3", "2.2"),
    why="§7.3 requires reading the account's details (active, cheque facility) before ordering; the book has 25 leaves "
    "unless the customer asks for 50.",
    careless="Orders the book without reading the account, or orders 50 leaves when the customer did not ask.",
    candidates=lambda conn: rows(
        conn,
        CustomerAccount,
        f"SELECT h.customer_id, a.account_id {_OWN_ACTIVE} AND a.cheque_facility = 1 AND {_NO_PENDING_BOOK} ORDER BY a.account_id",
    ),
    draft=cheque_book_draft,
)


def _stop_and_book_draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    stop = cheque_stop_draft(conn, candidate, rng)
    account = candidate.account_id
    leaves = rng.choice((25, 50))
    wish, size = _leaves_wish(leaves, rng)
    label = account_label(conn, account)
    number = stop.gold[0].arguments["cheque_number"]
    stop.reason += f" Then you want {wish} for the same account."
    stop.opening += f" After that, please send me {wish} for the same account."
    stop.known.append(("Cheque book size", size))
    stop.gold += book_steps(account, leaves)
    stop.assertion = (
        f"The assistant checked cheque {number}, stopped it after confirmation, then read the {label} and "
        f"ordered a {leaves}-leaf cheque book after a second confirmation"
    )
    return stop


CHEQUE_STOP_AND_BOOK = Family(
    name="cheque_stop_and_book",
    category="sequencing",
    quota=10,
    clauses=("7.2", "7.3", "1.6", "2.2"),
    why="Two requests in the customer's order (§1.6): the §7.2 stop (status, then confirmed stop) and the §7.3 order "
    "(account details, then confirmed order), each with its own confirmation (§2.2).",
    careless="Uses one confirmation for both changes, or orders the book without reading the account.",
    candidates=stoppable_accounts,
    draft=_stop_and_book_draft,
)


def _cheques_with_status(status: str, since: str) -> str:
    """(customer, account, cheque number) for presented cheques of a status, on own active accounts."""
    return (
        f"SELECT h.customer_id, a.account_id, c.cheque_number FROM cheques c JOIN accounts a ON a.account_id = c.account_id "
        f"{_HOLDER} WHERE {_ACTIVE} AND c.status = '{status}' AND c.status_date >= '{since}' AND c.payee IS NOT NULL "
        "ORDER BY a.account_id, c.cheque_number"
    )


def cleared_draft(conn: sqlite3.Connection, candidate: AccountCheque, rng: random.Random) -> Draft:
    customer_id, account, number = candidate.customer_id, candidate.account_id, candidate.cheque_number
    presented = cheque(conn, account, number)
    payee, amount, cleared_on = presented.payee, presented.amount_paise, presented.status_date
    label = account_label(conn, account)
    reason = rng.choice(("payment_dispute", "issued_in_error"))
    return Draft(
        customer_id=customer_id,
        reason=(
            f"You gave cheque number {number} for {spoken_rupees(amount)} to {payee} from your {label} and now want payment "
            f"stopped because {_REASON_FACT[reason]}. You do not know that it has already been paid."
        ),
        opening=(
            f"Hello, I want to stop cheque number {number} from my {label}. I gave it to {payee} for {spoken_rupees(amount)}. "
            f"{rng.choice(_STOP_REASONS[reason])}"
        ),
        known=[
            ("Cheque number", number),
            ("Account", f"your {label}"),
            ("Payee", payee),
            ("Amount", spoken_rupees(amount)),
            ("Reason", _REASON_FACT[reason]),
        ],
        unknown="You do not know that the cheque has already been cleared.",
        gold=[Step("get_cheque_status", {"account_id": account, "cheque_number": number})],
        assertion=(
            f"The assistant checked cheque {number}, told the customer it had already cleared on {spoken_date(cleared_on)} "
            "so it cannot be stopped, and made no change"
        ),
        accept=[
            "If the assistant tells you the cheque has already been paid and cannot be stopped, accept it; you will "
            "take it up with the payee yourself and want nothing else."
        ],
    )


CHEQUE_CLEARED = Family(
    name="cheque_cleared",
    category="edge_case",
    quota=4,
    clauses=("7.2", "2.4", "2.3"),
    why="§7.2 requires checking the cheque's status first; it has cleared, so it cannot be stopped: the assistant tells "
    "the customer when it cleared. The customer accepts, so there is nothing to change.",
    careless="Attempts the stop without checking, or tells the customer it is stopped.",
    candidates=lambda conn: rows(conn, AccountCheque, _cheques_with_status("cleared", clock.add_days(clock.today(), -120).isoformat())),
    draft=cleared_draft,
)


def _returned_draft(conn: sqlite3.Connection, candidate: AccountCheque, rng: random.Random) -> Draft:
    customer_id, account, number = candidate.customer_id, candidate.account_id, candidate.cheque_number
    presented = cheque(conn, account, number)
    payee, amount = presented.payee, presented.amount_paise
    label = account_label(conn, account)
    reason = rng.choice(("payment_dispute", "issued_in_error"))
    return Draft(
        customer_id=customer_id,
        reason=(
            f"You gave cheque number {number} for {spoken_rupees(amount)} to {payee} from your {label}; now you want payment "
            f"stopped because {_REASON_FACT[reason]}, so that it cannot be paid if it is presented again."
        ),
        opening=(
            f"Hi, please stop payment of cheque number {number} on my {label}, given to {payee} for {spoken_rupees(amount)}. "
            f"{rng.choice(_STOP_REASONS[reason])}"
        ),
        known=[
            ("Cheque number", number),
            ("Account", f"your {label}"),
            ("Payee", payee),
            ("Amount", spoken_rupees(amount)),
            ("Reason", _REASON_FACT[reason]),
        ],
        unknown="You do not know what happened to the cheque when it was presented.",
        gold=stop_steps(account, number, reason),
        assertion=(
            f"The assistant checked cheque {number}, told the customer it had been returned unpaid, and stopped it "
            f"(reason: {reason.replace('_', ' ')}) after the customer confirmed, so it cannot be paid if presented again"
        ),
        accept=[
            "If the assistant tells you the cheque was returned unpaid, you still want payment stopped so that it "
            "cannot be presented again."
        ],
    )


RETURNED_CHEQUE_STOP = Family(
    name="returned_cheque_stop",
    category="edge_case",
    quota=12,
    clauses=("7.2", "2.2"),
    why="§7.2: check the status first; a returned cheque is unpaid, so it can still be stopped (it could be presented "
    "again), after confirmation and with the customer's reason.",
    careless="Treats a returned cheque as finished and refuses to stop it, or skips the status check.",
    candidates=lambda conn: rows(conn, AccountCheque, _cheques_with_status("returned", "2000-01-01")),
    draft=_returned_draft,
)


def _ambiguous_book_candidates(conn: sqlite3.Connection) -> list[CustomerAccount]:
    """(customer, account) where the customer has two or more active accounts of its type with the cheque facility."""
    eligible = rows(
        conn,
        CustomerAccount,
        f"SELECT h.customer_id, a.account_id {_OWN_ACTIVE} AND a.cheque_facility = 1 AND {_NO_PENDING_BOOK} ORDER BY a.account_id",
    )
    found = []
    for c in eligible:
        same = values(
            conn,
            "SELECT a.account_id FROM accounts a JOIN account_holders h ON h.account_id = a.account_id "
            "WHERE h.customer_id = ? AND a.account_type = ? AND a.status = 'active' AND a.cheque_facility = 1 "
            "ORDER BY a.account_id",
            (c.customer_id, _account_type(conn, c.account_id)),
        )
        if len(same) >= 2:
            found.append(c)
    return found


def _account_type(conn: sqlite3.Connection, account_id: str) -> str:
    kind: str = value(conn, "SELECT account_type FROM accounts WHERE account_id = ?", (account_id,))
    return kind


def _ambiguous_book_draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    customer_id, account = candidate.customer_id, candidate.account_id
    kind = _account_type(conn, account)
    label = account_label(conn, account)
    return Draft(
        customer_id=customer_id,
        reason=f"You want a new cheque book for your {label}, but you only say 'my {kind} account'.",
        opening=rng.choice(
            (
                f"Hello, I need a new cheque book for my {kind} account.",
                f"Hi, please send me a cheque book for my {kind} account.",
                f"Namaste, my cheque leaves are over. Can you order a new cheque book for my {kind} account?",
                f"Good afternoon, I want to request a cheque book for my {kind} account, please.",
            )
        ),
        known=[("Which account", f"your {label}"), ("Cheque book size", "the standard book is fine")],
        unknown=f"You do not remember that you have more than one {kind} account with the bank.",
        gold=book_steps(account, 25),
        assertion=(
            f"The assistant noticed the customer has more than one active {kind} account with the cheque facility, "
            f"asked which one was meant, then read the {label} and ordered a 25-leaf book after confirmation"
        ),
        persona_note="Says only 'my account' until asked which one.",
    )


AMBIGUOUS_ACCOUNT_CHEQUE_BOOK = Family(
    name="ambiguous_account_cheque_book",
    category="edge_case",
    quota=15,
    clauses=("1.3", "7.3", "2.2"),
    why="The customer has two or more active accounts of the type they name, each with the cheque facility; §1.3 "
    "requires asking which one. Once told, §7.3 applies to that account only: details, then a confirmed 25-leaf order.",
    careless="Picks one of the accounts (the first listed) without asking.",
    candidates=_ambiguous_book_candidates,
    draft=_ambiguous_book_draft,
)

# --- mandates ---------------------------------------------------------------------------

_PAYEE_ONCE = (
    "(SELECT COUNT(*) FROM mandates n JOIN account_holders k ON k.account_id = n.account_id "
    "WHERE k.customer_id = h.customer_id AND n.payee = m.payee) = 1"
)


def mandate_sql() -> str:
    """Active mandates on an own active account whose payee appears once among all the customer's mandates."""
    return (
        f"SELECT h.customer_id, m.mandate_id, a.account_id FROM mandates m JOIN accounts a ON a.account_id = m.account_id "
        f"{_HOLDER} WHERE {_ACTIVE} AND m.status = 'active' AND m.end_date > "
        f"'{clock.today_iso()}' AND {_PAYEE_ONCE} ORDER BY m.mandate_id"
    )


def _mandate_words(payee: str, kind: str) -> str:
    return f"{payee} UPI AutoPay" if kind == "upi_autopay" else f"{payee} auto-debit (NACH mandate)"


def _cancel_reason(payee: str, rng: random.Random) -> str:
    if "Mutual Fund" in payee:
        options = ("I want to stop this SIP", "I am moving my SIP to another account")
    elif "Insurance" in payee or "LIC" in payee:
        options = ("I now pay the premium myself once a year", "I am surrendering that policy")
    elif "Electricity" in payee:
        options = ("I have moved out of that house", "the connection is now in my landlord's name")
    elif payee.endswith("Ltd"):
        options = ("the loan has been closed", "I will pay the EMI from another bank now")
    else:
        options = ("I have stopped using the service", "I don't use that subscription any more")
    return rng.choice(options)


def cancel_draft(conn: sqlite3.Connection, candidate: AccountMandate, rng: random.Random) -> Draft:
    customer_id, mandate_id, account = candidate.customer_id, candidate.mandate_id, candidate.account_id
    found = mandate(conn, mandate_id)
    payee, kind = found.payee, found.mandate_type
    label, words, why = account_label(conn, account), _mandate_words(payee, kind), _cancel_reason(payee, rng)
    return Draft(
        customer_id=customer_id,
        reason=f"You want to cancel the {words} on your {label} because {yours(why)}.",
        opening=f"{rng.choice(('Hello', 'Hi', 'Namaste'))}, please cancel the {words} on my {label}; {why}.",
        known=[("Payee", payee), ("Account", f"your {label}"), ("Reason", yours(why))],
        unknown="You do not know the mandate's reference number.",
        gold=[Step("list_mandates", {"account_id": account}), Step("cancel_mandate", {"mandate_id": mandate_id})],
        assertion=(
            f"The assistant listed the mandates on the {label}, told the customer the details of the {payee} "
            f"mandate ({mandate_id}) and cancelled it only after the customer confirmed"
        ),
    )


MANDATE_CANCEL = Family(
    name="mandate_cancel",
    category="sequencing",
    quota=30,
    clauses=("7.1", "2.2", "1.3"),
    why="The customer names the payee and the account; §7.1 requires listing that account's mandates to find the one "
    "meant (its payee is unique), telling the customer its details, and cancelling it after confirmation.",
    careless="Cancels a mandate without listing first (guessing the id is impossible), or cancels before confirming.",
    candidates=lambda conn: rows(conn, AccountMandate, mandate_sql()),
    draft=cancel_draft,
)


def _other_account_candidates(conn: sqlite3.Connection) -> list[AccountMandate]:
    """(customer, mandate, named account): the customer has exactly two accounts and names the one without the mandate."""
    found = []
    for c in rows(conn, AccountMandate, mandate_sql()):
        mine = rows(
            conn,
            Account,
            "SELECT a.account_id, a.account_type, a.status, a.balance_paise, a.opened_on FROM accounts a "
            "JOIN account_holders h ON h.account_id = a.account_id WHERE h.customer_id = ? "
            "ORDER BY a.account_id",
            (c.customer_id,),
        )
        others = [a.account_id for a in mine if a.account_id != c.account_id and a.status == "active"]
        if len(mine) == 2 and len(others) == 1:
            found.append(AccountMandate(c.customer_id, c.mandate_id, others[0]))
    return found


def _other_account_draft(conn: sqlite3.Connection, candidate: AccountMandate, rng: random.Random) -> Draft:
    customer_id, mandate_id, named = candidate.customer_id, candidate.mandate_id, candidate.account_id
    found = mandate(conn, mandate_id)
    payee, kind, actual = found.payee, found.mandate_type, found.account_id
    named_label, actual_label = account_label(conn, named), account_label(conn, actual)
    words, why = _mandate_words(payee, kind), _cancel_reason(payee, rng)
    return Draft(
        customer_id=customer_id,
        reason=(
            f"You want to cancel the {words} because {yours(why)}. You think it is on your {named_label}, but it is really on "
            f"your {actual_label}."
        ),
        opening=f"Hello, please cancel the {words} on my {named_label}; {why}.",
        known=[
            ("Payee", payee),
            ("Account", f"you think it is your {named_label}"),
            ("Reason", yours(why)),
            ("If it is on another account", "cancel it there; you want it cancelled wherever it is"),
        ],
        unknown="You do not remember which of your accounts the mandate is really on.",
        gold=[
            Step("list_mandates", {"account_id": named}),
            Step("list_mandates", {"account_id": actual}),
            Step("cancel_mandate", {"mandate_id": mandate_id}),
        ],
        assertion=(
            f"The assistant found no {payee} mandate on the {named_label}, looked at the customer's other account, "
            f"told the customer it is on the {actual_label}, and cancelled mandate {mandate_id} after confirmation"
        ),
        accept=[f"If the assistant says the {payee} mandate is on your other account, agree to cancel it there."],
    )


MANDATE_OTHER_ACCOUNT = Family(
    name="mandate_other_account",
    category="edge_case",
    quota=18,
    clauses=("7.1", "2.2", "1.2"),
    why="The payee is not on the account the customer names; §7.1 says to list that account, then look at the "
    "customer's other accounts (here exactly one), tell the customer where the mandate is and cancel it after "
    "confirmation.",
    careless="Tells the customer there is no such mandate after checking only the named account.",
    candidates=_other_account_candidates,
    draft=_other_account_draft,
)

_RULE_QUESTIONS = {
    "upi_autopay": (
        "How does UPI AutoPay actually work? Do I get a message before each debit, and can I cancel it whenever I like?",
        "Can you first explain the rules for UPI AutoPay, like pre-debit alerts and whether the company must agree before I cancel?",
    ),
    "nach": (
        "How do these NACH e-mandates work? Does the company have to agree before I can cancel one?",
        "Before anything, what are the rules on ECS or NACH mandates, can the bank refuse to cancel one?",
    ),
}


def _rules_draft(conn: sqlite3.Connection, candidate: AccountMandate, rng: random.Random) -> Draft:
    base = cancel_draft(conn, candidate, rng)
    found = mandate(conn, candidate.mandate_id)
    payee, kind, account = found.payee, found.mandate_type, found.account_id
    question = rng.choice(_RULE_QUESTIONS[kind])
    words = _mandate_words(payee, kind)
    base.opening = f"Hello, I have a question first. {question} After that, please cancel the {words} on my {account_label(conn, account)}."
    base.reason = f"You want to understand the rules for mandates, and then cancel the {words}."
    base.known.insert(0, ("Question", f'"{question}"'))
    base.gold.insert(0, Step("search_regulations", {"query": "UPI AutoPay NACH e-mandate cancel rules"}, compare=()))
    base.assertion = (
        "The assistant answered the question from the regulation knowledge base (a mandate can be revoked at "
        f"any time without the biller's consent), then listed the mandates and cancelled the {payee} mandate "
        f"({candidate.mandate_id}) after confirmation"
    )
    return base


MANDATE_AFTER_RULES = Family(
    name="mandate_after_rules",
    category="rare_tool",
    quota=12,
    clauses=("9.1", "7.1", "1.6", "2.2"),
    why="The customer first asks a rules question, which §9.1 says to answer from the regulation knowledge base; then "
    "the §7.1 cancellation: list the account's mandates, state the details, cancel after confirmation.",
    careless="Answers the rules question from memory without searching, or skips the listing before cancelling.",
    candidates=lambda conn: rows(conn, AccountMandate, mandate_sql()),
    draft=_rules_draft,
)

FAMILIES = (
    CHEQUE_STOP,
    CHEQUE_BOOK,
    MANDATE_CANCEL,
    CHEQUE_STOP_AND_BOOK,
    CHEQUE_CLEARED,
    MANDATE_OTHER_ACCOUNT,
    RETURNED_CHEQUE_STOP,
    AMBIGUOUS_ACCOUNT_CHEQUE_BOOK,
    MANDATE_AFTER_RULES,
)
