"""Scenario families about fixed and recurring deposits (policy §4, with §3.3): opening, closing, maturity instructions, reopening.

Every family states, next to its generator: the clauses it tests, why its gold chain
is the one correct procedure, and what a careless assistant would do instead. The
opening families (§4.1-§4.4, with §3.3) come first, then the closing ones; ``FAMILIES``
at the end gives the generation order of all deposit families.
"""

from __future__ import annotations

import random
import sqlite3

from tau_indian_bank.bank import clock
from tau_indian_bank.bank.money import spoken_rupees
from tau_indian_bank.constants import FD_MIN_AMOUNT_PAISE
from tau_indian_bank.tasks.framework import Draft, Drafter, Family, Finder, Step, amount_arg, month_year, yours
from tau_indian_bank.tasks.lookups import (
    CustomerAccount,
    CustomerDeposit,
    account_label,
    deposit,
    kyc_verified,
    open_request,
    profile,
    rows,
    value,
    values,
)
from tau_indian_bank.wording import spoken_date

_FD_TENURES = (6, 12, 18, 24, 36, 60)
_RD_TENURES = (12, 24, 36)


def funding_accounts(conn: sqlite3.Connection, minimum: int, verified: bool = True) -> list[CustomerAccount]:
    """(customer, account) pairs: own active account holding at least ``minimum`` paise."""
    found = rows(
        conn,
        CustomerAccount,
        "SELECT h.customer_id, a.account_id FROM accounts a JOIN account_holders h "
        "ON h.account_id = a.account_id AND h.role = 'primary' "
        "WHERE a.status = 'active' AND a.balance_paise >= ? ORDER BY a.account_id",
        (minimum,),
    )
    return [c for c in found if kyc_verified(conn, c.customer_id) == verified]


def open_steps(customer_kind: str, account: str, amount: int, tenure: int, payout: str = "cumulative") -> list[Step]:
    return [
        Step("get_account_details", {"account_id": account}),
        Step(
            "calculate_deposit_maturity",
            {"deposit_type": customer_kind, "amount": amount_arg(amount), "tenure_months": tenure, "payout_type": payout},
        ),
        Step(
            "open_deposit",
            {
                "deposit_type": customer_kind,
                "source_account_id": account,
                "amount": amount_arg(amount),
                "tenure_months": tenure,
                "payout_type": payout,
            },
        ),
    ]


def open_draft(kind: str, payout_choices: tuple[str, ...] = ("cumulative",)) -> Drafter[CustomerAccount]:
    def draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
        customer_id, account = candidate.customer_id, candidate.account_id
        balance = value(conn, "SELECT balance_paise FROM accounts WHERE account_id = ?", (account,))
        if kind == "fixed":
            steps_of = 5_000_00 if balance > 2_00_000_00 else 1_000_00
            amount = max(FD_MIN_AMOUNT_PAISE, (balance // 3) // steps_of * steps_of)
            tenure = rng.choice(_FD_TENURES)
        else:
            amount = rng.choice((1_000_00, 2_000_00, 2_500_00, 5_000_00, 10_000_00))
            tenure = rng.choice(_RD_TENURES)
        payout = rng.choice(payout_choices)
        label = account_label(conn, account)
        if kind == "fixed":
            wish = f"a fixed deposit of {spoken_rupees(amount)} for {tenure} months"
        else:
            wish = f"a recurring deposit of {spoken_rupees(amount)} a month for {tenure} months"
        payout_words = {
            "cumulative": "",
            "monthly": " with the interest paid out every month",
            "quarterly": " with the interest paid out every quarter",
        }[payout]
        return Draft(
            customer_id=customer_id,
            reason=f"You want to open {wish}{payout_words}, funded from your {label}.",
            opening=f"Hello, I'd like to open {wish}{payout_words} from my {label}.",
            known=[
                ("Amount", spoken_rupees(amount) + (" a month" if kind == "recurring" else "")),
                ("Tenure", f"{tenure} months"),
                ("Account", f"your {label}"),
                (
                    "Interest payout",
                    "monthly" if payout == "monthly" else "quarterly" if payout == "quarterly" else "at maturity (cumulative)",
                ),
            ],
            unknown="You do not know the interest rate or the maturity amount.",
            gold=open_steps(kind, account, amount, tenure, payout),
            assertion=(
                f"The assistant checked the {label} and quoted the rate, maturity date and maturity amount for "
                f"{wish} before opening it, and opened it only after the customer confirmed"
            ),
            accept=["Accept the rate and maturity amount the assistant quotes; at maturity the money should go back to the same account."],
        )

    return draft


FD_OPEN = Family(
    name="fd_open",
    category="sequencing",
    quota=30,
    clauses=("4.2", "2.2"),
    why="§4.2 prescribes reading the funding account (active, enough balance) and running the maturity calculator for "
    "the exact terms before a confirmed opening; cumulative payout and payout to the funding account are the "
    "defaults the customer does not change.",
    careless="Opens the deposit without quoting the maturity, or without checking the account's balance.",
    candidates=lambda conn: funding_accounts(conn, 60_000_00),
    draft=open_draft("fixed"),
)
RD_OPEN = Family(
    name="rd_open",
    category="sequencing",
    quota=20,
    clauses=("4.2", "2.2"),
    why="The same opening procedure applies to recurring deposits; the first instalment is debited today.",
    careless="Quotes a rate from memory instead of the calculator, or skips the balance check.",
    candidates=lambda conn: funding_accounts(conn, 30_000_00),
    draft=open_draft("recurring"),
)
FD_OPEN_PAYOUT = Family(
    name="fd_open_payout",
    category="sequencing",
    quota=15,
    clauses=("4.2", "2.2", "2.3"),
    why="A payout deposit is opened by the §4.2 procedure with the payout type the customer asked for, which the calculator must also use.",
    careless="Opens a cumulative deposit although the customer asked for regular interest payouts.",
    candidates=lambda conn: funding_accounts(conn, 1_50_000_00),
    draft=open_draft("fixed", ("monthly", "quarterly")),
)


def short_balance_draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    customer_id, account = candidate.customer_id, candidate.account_id
    balance = value(conn, "SELECT balance_paise FROM accounts WHERE account_id = ?", (account,))
    amount = (balance // 1_000_00 + 1) * 1_000_00 + rng.choice((0, 5_000_00, 10_000_00, 40_000_00))
    amount = max(amount, FD_MIN_AMOUNT_PAISE)
    label = account_label(conn, account)
    wish = f"a fixed deposit of {spoken_rupees(amount)} for 12 months"
    return Draft(
        customer_id=customer_id,
        reason=f"You want to open {wish} from your {label}, not realising the balance is lower than that.",
        opening=f"Hi, please open {wish} from my {label}.",
        known=[("Amount", spoken_rupees(amount)), ("Tenure", "12 months"), ("Account", f"your {label}")],
        unknown="You do not know your exact balance.",
        gold=[Step("get_account_details", {"account_id": account})],
        assertion=(
            f"The assistant read the {label}, found the balance below {spoken_rupees(amount)}, told the customer and did "
            "not open any deposit or change the amount on its own"
        ),
        accept=["If the balance is not enough, you will arrange the money and come back later; do not ask for anything else."],
    )


INSUFFICIENT_BALANCE = Family(
    name="insufficient_balance",
    category="edge_case",
    quota=3,
    clauses=("4.2", "4.4", "2.3"),
    why="§4.2(a) reads the funding account first; the balance is short, so §4.4 says stop and tell the customer. "
    "The customer does not offer a smaller amount, so there is nothing to calculate or open.",
    careless="Tries to open the deposit and lets the bank refuse it, or opens a smaller deposit unasked.",
    candidates=lambda conn: [
        c
        for c in rows(
            conn,
            CustomerAccount,
            "SELECT h.customer_id, a.account_id FROM accounts a JOIN account_holders h ON h.account_id = a.account_id "
            "AND h.role = 'primary' WHERE a.status = 'active' AND a.balance_paise BETWEEN 2000000 AND 30000000 "
            "ORDER BY a.account_id",
        )
        if kyc_verified(conn, c.customer_id)
    ],
    draft=short_balance_draft,
)


def _kyc_draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    customer_id, account = candidate.customer_id, candidate.account_id
    label = account_label(conn, account)
    wish = f"a fixed deposit of {spoken_rupees(rng.choice((25_000_00, 50_000_00, 1_00_000_00)))} for 12 months"
    return Draft(
        customer_id=customer_id,
        reason=f"You want to open {wish} from your {label}. Your KYC is overdue, which you do not know.",
        opening=f"Hello, I want to open {wish} from my {label}.",
        known=[("Account", f"your {label}")],
        unknown="You do not know that your KYC update is overdue.",
        gold=[
            Step(
                "raise_service_request",
                {"category": "kyc_update", "description": ("KYC overdue; customer wants to open a fixed deposit")},
                compare=("category", "related_id"),
            )
        ],
        assertion=(
            "The assistant saw in the login context that the customer's KYC is overdue, did not open the deposit, "
            "explained why, and raised a KYC update request after the customer agreed"
        ),
        accept=["If the assistant offers to raise a KYC update request, accept it; do not insist on the deposit."],
    )


KYC_EXPIRED_DEPOSIT = Family(
    name="kyc_expired_deposit",
    category="edge_case",
    quota=14,
    clauses=("4.3", "8.1", "2.2"),
    why="The login context shows KYC overdue; §4.3 forbids opening and prescribes offering a kyc_update request, "
    "which the customer accepts. Nothing needs to be looked up first.",
    careless="Opens (or tries to open) the deposit, or refuses without offering the KYC update request.",
    candidates=lambda conn: [
        c for c in funding_accounts(conn, 1_00_000_00, verified=False) if not open_request(conn, c.customer_id, "kyc_update", None)
    ],
    draft=_kyc_draft,
)


def _rd_step_draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    customer_id, account = candidate.customer_id, candidate.account_id
    asked = rng.choice((750_00, 1_250_00, 2_450_00, 650_00))
    fallback = asked // 100_00 * 100_00
    label = account_label(conn, account)
    return Draft(
        customer_id=customer_id,
        reason=f"You want a recurring deposit of {spoken_rupees(asked)} a month for 12 months from your {label}.",
        opening=(
            f"Hi, I want to start a recurring deposit of {spoken_rupees(asked)} a month for 12 months from my {label}. "
            f"If that exact amount is not possible, make it {spoken_rupees(fallback)} a month."
        ),
        known=[
            ("Instalment", f"{spoken_rupees(asked)} a month, or {spoken_rupees(fallback)} if that is not allowed"),
            ("Tenure", "12 months"),
            ("Account", f"your {label}"),
        ],
        unknown="You do not know the rules for instalment amounts.",
        gold=open_steps("recurring", account, fallback, 12),
        assertion=(
            f"The assistant explained that instalments must be a multiple of ₹100, quoted the deposit for "
            f"{spoken_rupees(fallback)} a month and opened that one after confirmation"
        ),
        accept=[f"Accept {spoken_rupees(fallback)} a month once told that {spoken_rupees(asked)} is not allowed."],
    )


RD_NOT_MULTIPLE = Family(
    name="rd_not_multiple",
    category="edge_case",
    quota=10,
    clauses=("4.2", "2.3"),
    why="The asked instalment breaks the multiple-of-₹100 rule in §4.2; the customer names the fallback amount, so "
    "the standard opening procedure runs for that amount.",
    careless="Opens the deposit with a rounded-up amount the customer never named.",
    candidates=lambda conn: funding_accounts(conn, 20_000_00),
    draft=_rd_step_draft,
)


def _senior_claim_candidates(conn: sqlite3.Connection) -> list[CustomerAccount]:
    found = []
    for candidate in funding_accounts(conn, 80_000_00):
        born = clock.parse_iso(profile(conn, candidate.customer_id).date_of_birth)
        if 55 <= clock.age_on(born, clock.today()) <= 59:
            found.append(candidate)
    return found


def senior_claim_draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    base = open_draft("fixed")(conn, candidate, rng)
    base.opening = base.opening + " I'm a senior citizen, so I should get the senior citizen rate."
    base.reason += " You believe you qualify for the senior-citizen rate, but the bank's records say you are under 60."
    born = profile(conn, candidate.customer_id).date_of_birth
    base.known.append(("Date of birth", f"{spoken_date(born)} (give it if the assistant asks)"))
    base.accept = [
        "If the assistant says the senior-citizen rate does not apply by the bank's records, accept the general rate and go ahead."
    ]
    base.assertion += ", at the general rate the records call for, not the senior-citizen rate the customer claimed"
    return base


SENIOR_CLAIM = Family(
    name="senior_claim",
    category="edge_case",
    quota=12,
    clauses=("4.1", "4.2", "2.2"),
    why="§4.1 says the senior uplift follows the bank's records, not the customer's word; the records say under 60, "
    "so the standard opening runs at the general rate once the customer accepts it.",
    careless="Promises the senior-citizen rate, or refuses to open the deposit.",
    candidates=_senior_claim_candidates,
    draft=senior_claim_draft,
)


def _dormant_draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    customer_id, account = candidate.customer_id, candidate.account_id
    label = account_label(conn, account)
    return Draft(
        customer_id=customer_id,
        reason=f"You want to open a fixed deposit of ₹50,000 for 12 months from your {label}, which you have not used for years.",
        opening=f"Hello, I'd like to open a fixed deposit of ₹50,000 for 12 months from my {label}.",
        known=[("Account", f"your {label}"), ("Amount", "₹50,000"), ("Tenure", "12 months")],
        unknown="You do not know that the account has become dormant.",
        gold=[
            Step("get_account_details", {"account_id": account}),
            Step(
                "raise_service_request",
                {"category": "account_reactivation", "related_id": account, "description": "Reactivate dormant account"},
                compare=("category", "related_id"),
            ),
        ],
        assertion=(
            f"The assistant read the {label}, found it dormant, did not open the deposit, and raised an account "
            "reactivation request for that account after the customer agreed"
        ),
        accept=["If the assistant offers to raise a request to reactivate the account, accept it; do not insist on the deposit today."],
    )


DORMANT_REACTIVATION = Family(
    name="dormant_reactivation",
    category="edge_case",
    quota=14,
    clauses=("4.2", "3.3", "8.1"),
    why="§4.2(a) reads the funding account first; it is dormant, so §3.3 applies: no debit, and an "
    "account_reactivation request for that account when the customer wants it.",
    careless="Tries to debit the dormant account, or raises a generic request without the account.",
    candidates=lambda conn: [
        c
        for c in rows(
            conn,
            CustomerAccount,
            "SELECT h.customer_id, a.account_id FROM accounts a JOIN account_holders h ON h.account_id = a.account_id "
            "AND h.role = 'primary' WHERE a.status = 'dormant' AND a.balance_paise >= 6000000 ORDER BY a.account_id",
        )
        if kyc_verified(conn, c.customer_id) and not open_request(conn, c.customer_id, "account_reactivation", c.account_id)
    ],
    draft=_dormant_draft,
)


def _compare_draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    customer_id, account = candidate.customer_id, candidate.account_id
    amount = rng.choice((50_000_00, 1_00_000_00, 2_00_000_00))
    short, long_ = rng.choice(((12, 24), (12, 36), (24, 60)))
    label = account_label(conn, account)

    def calc(months: int) -> Step:
        return Step(
            "calculate_deposit_maturity",
            {"deposit_type": "fixed", "amount": amount_arg(amount), "tenure_months": months, "payout_type": "cumulative"},
        )

    return Draft(
        customer_id=customer_id,
        reason=(
            f"You want to see the rate card, compare what {spoken_rupees(amount)} in a fixed deposit would give after "
            f"{short} and after {long_} months, and then open the {long_}-month one from your {label}."
        ),
        opening=(
            f"Hi, can you show me your fixed deposit rates, and tell me what {spoken_rupees(amount)} would give me for "
            f"{short} months versus {long_} months? I'll then open the {long_}-month one from my {label}."
        ),
        known=[
            ("Amount", spoken_rupees(amount)),
            ("Tenures to compare", f"{short} and {long_} months"),
            ("Deposit to open", f"the {long_}-month one"),
            ("Account", f"your {label}"),
        ],
        unknown="You do not know the rates.",
        gold=[
            Step("get_deposit_rates", {"deposit_type": "fixed"}),
            Step("get_account_details", {"account_id": account}),
            calc(short),
            calc(long_),
            open_steps("fixed", account, amount, long_)[2],
        ],
        assertion=(
            f"The assistant showed the rate card, quoted both tenures with the calculator, checked the {label} and "
            f"opened the {long_}-month deposit of {spoken_rupees(amount)} after confirmation"
        ),
        accept=[f"After the comparison, choose the {long_}-month deposit."],
    )


COMPARE_TENURES = Family(
    name="compare_tenures_open",
    category="rare_tool",
    quota=15,
    clauses=("4.1", "4.2", "2.2"),
    why="The customer asks for the rate card and two quotes, so each is a required look-up; §4.2 then requires the "
    "account check before the confirmed opening of the chosen deposit.",
    careless="Quotes only one tenure, or opens without checking the funding account.",
    candidates=lambda conn: funding_accounts(conn, 3_00_000_00),
    draft=_compare_draft,
)


_PURPOSES = (
    "a family wedding",
    "your child's college fees",
    "a medical bill",
    "a home renovation",
    "a down payment on a flat",
    "paying off a credit card bill",
)
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


def close_candidates(status: str, deposit_type: str) -> Finder[CustomerDeposit]:
    return lambda conn: rows(conn, CustomerDeposit, _unique_month(status, deposit_type))


def close_draft(by_number: bool, other_account: bool = False) -> Drafter[CustomerDeposit]:
    def draft(conn: sqlite3.Connection, candidate: CustomerDeposit, rng: random.Random) -> Draft:
        customer_id, deposit_id = candidate.customer_id, candidate.deposit_id
        d = deposit(conn, deposit_id)
        word, month, amount = _DEPOSIT_WORD[d.deposit_type], month_year(d.opened_on), spoken_rupees(d.amount_paise)
        credit = d.linked_account_id
        where = ""
        if other_account:
            credit = value(
                conn,
                "SELECT a.account_id FROM accounts a JOIN account_holders h ON h.account_id = a.account_id "
                "WHERE h.customer_id = ? AND a.status = 'active' AND a.account_id != ? ORDER BY a.account_id",
                (customer_id, d.linked_account_id),
            )
            where = f" Please credit the money to my {account_label(conn, credit)}."
        purpose = rng.choice(_PURPOSES)
        matured = d.status == "matured"
        if by_number:
            opening = f"Hello, I want to close my {word} number {deposit_id}.{where}"
            known = [("Deposit number", deposit_id)]
        else:
            opening = f"Hi, I would like to close the {word} I opened in {month}.{where}"
            known = [("Deposit", f"the {word} you opened in {month}, of {amount}" + (" a month" if d.deposit_type == "recurring" else ""))]
        known.append(("Reason", f"you need the money for {purpose}"))
        if other_account:
            known.append(("Account for the money", f"your {account_label(conn, credit)}"))
        return Draft(
            customer_id=customer_id,
            reason=f"You want to close your {word} opened in {month} because you need the money for {purpose}.",
            opening=opening,
            known=known,
            unknown="You do not know the exact payout, the interest rate or how the penalty is worked out."
            + ("" if by_number else " You do not know the deposit number."),
            gold=_closure_chain(deposit_id, credit, listed=not by_number),
            assertion=(
                f"The assistant read deposit {deposit_id}, stated the closure quote (payout and rate applied"
                f"{'' if matured else ', including the premature-closure penalty'}) before closing it, and "
                f"closed it to the account ending {credit[-4:]} only after the customer confirmed"
            ),
            accept=["Accept the payout the assistant quotes; you still want to close the deposit."],
        )

    return draft


FD_CLOSE_BY_MONTH = Family(
    name="fd_close",
    category="sequencing",
    quota=40,
    clauses=("4.5", "2.2", "1.3"),
    why="The customer names the deposit only by its opening month, so the deposit list is needed to find its number; "
    "§4.5 then requires reading the deposit, quoting the closure and confirming before closing, and the payout "
    "goes to the linked account because the customer names no other.",
    careless="Closes the deposit straight away without a quote, or quotes but closes before the customer agrees.",
    candidates=close_candidates("active", "fixed"),
    draft=close_draft(by_number=False),
)
FD_CLOSE_BY_NUMBER = Family(
    name="fd_close_by_number",
    category="sequencing",
    quota=25,
    clauses=("4.5", "2.2"),
    why="The customer gives the deposit number, so no list is needed; §4.5 requires details, a quote and a confirmed "
    "closure to the linked account.",
    careless="Skips the closure quote because the customer already knows which deposit it is.",
    candidates=close_candidates("active", "fixed"),
    draft=close_draft(by_number=True),
)
RD_CLOSE = Family(
    name="rd_close",
    category="sequencing",
    quota=20,
    clauses=("4.5", "2.2", "1.3"),
    why="As for fixed deposits: list to find the RD by month, read it, quote, confirm, close to the linked account.",
    careless="Treats a recurring deposit as if it could be stopped without a closure quote.",
    candidates=close_candidates("active", "recurring"),
    draft=close_draft(by_number=False),
)
CLOSE_TO_OTHER_ACCOUNT = Family(
    name="deposit_close_other_account",
    category="sequencing",
    quota=15,
    clauses=("4.5", "2.2", "2.3"),
    why="The customer names another of their own accounts for the payout, which §4.5 allows; everything else is the "
    "standard closure procedure.",
    careless="Credits the payout to the deposit's linked account out of habit.",
    candidates=lambda conn: [
        c
        for c in rows(conn, CustomerDeposit, _unique_month("active", "fixed"))
        if len(
            values(
                conn,
                "SELECT a.account_id FROM accounts a JOIN account_holders h ON h.account_id = a.account_id "
                "WHERE h.customer_id = ? AND a.status = 'active' ORDER BY a.account_id",
                (c.customer_id,),
            )
        )
        >= 2
    ],
    draft=close_draft(by_number=False, other_account=True),
)
MATURED_CLOSE = Family(
    name="matured_deposit_close",
    category="edge_case",
    quota=15,
    clauses=("4.5", "2.2"),
    why="A matured deposit is closed by the same procedure, without penalty; the quote still comes first.",
    careless="Assumes a matured deposit needs no quote, or tells the customer a penalty applies.",
    candidates=close_candidates("matured", "fixed"),
    draft=close_draft(by_number=False),
)


def already_closed_draft(conn: sqlite3.Connection, candidate: CustomerDeposit, rng: random.Random) -> Draft:
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
        assertion=(
            f"The assistant found deposit {deposit_id}, saw that it was already closed, told the customer when it "
            "was closed and what was paid, and made no change"
        ),
        accept=["If the assistant tells you the deposit was already closed, accept it; you do not want anything else."],
    )


ALREADY_CLOSED = Family(
    name="deposit_already_closed",
    category="edge_case",
    quota=4,
    clauses=("4.6", "4.5", "2.3"),
    why="The deposit is closed: §4.5(a) requires reading its details, and §4.6 requires telling the customer the "
    "closure date and amount (which only the details show). No change is possible.",
    careless="Attempts the closure anyway, or says it cannot find the deposit without reading it.",
    candidates=close_candidates("closed", "fixed"),
    draft=already_closed_draft,
)


def _ambiguous_candidates(conn: sqlite3.Connection) -> list[CustomerDeposit]:
    found = []
    unique_month = {c.deposit_id for c in rows(conn, CustomerDeposit, _unique_month("active", "fixed"))}
    for customer_id in values(
        conn, "SELECT DISTINCT customer_id FROM deposits WHERE status = 'active' AND deposit_type = 'fixed' ORDER BY customer_id"
    ):
        active = values(
            conn,
            "SELECT deposit_id FROM deposits WHERE customer_id = ? AND status = 'active' AND "
            "deposit_type = 'fixed' ORDER BY opened_on, deposit_id",
            (customer_id,),
        )
        if len(active) >= 2:
            target = active[-1]
            if target in unique_month:
                found.append(CustomerDeposit(customer_id, target))
    return found


def _ambiguous_draft(conn: sqlite3.Connection, candidate: CustomerDeposit, rng: random.Random) -> Draft:
    base = close_draft(by_number=False)(conn, candidate, rng)
    d = deposit(conn, candidate.deposit_id)
    base.opening = "Hi, I want to close my fixed deposit."
    base.known = [
        ("Which deposit", f"the one you opened in {month_year(d.opened_on)}, of {spoken_rupees(d.amount_paise)}"),
        *base.known[1:],
    ]
    base.assertion = (
        "The assistant noticed the customer has more than one fixed deposit, asked which one was meant, "
        f"and then read, quoted and (after confirmation) closed deposit {candidate.deposit_id}"
    )
    return base


AMBIGUOUS_DEPOSIT = Family(
    name="ambiguous_deposit",
    category="edge_case",
    quota=12,
    clauses=("1.3", "4.5", "2.2"),
    why="The customer has several fixed deposits and does not say which; §1.3 requires asking before acting. Once "
    "told, the closure procedure of §4.5 applies to that deposit only.",
    careless="Picks one of the deposits (the oldest or largest) without asking.",
    candidates=_ambiguous_candidates,
    draft=_ambiguous_draft,
)


# --- maturity instruction, close-and-reopen, rates ---------------------------------------

_INSTRUCTION_WORDS = {
    "credit_to_account": "paid out to my linked account",
    "renew_principal": "renewed for the same period, with the interest paid out to me",
    "renew_principal_and_interest": "renewed automatically with the interest added",
}


def _instruction_draft(conn: sqlite3.Connection, candidate: CustomerDeposit, rng: random.Random) -> Draft:
    customer_id, deposit_id = candidate.customer_id, candidate.deposit_id
    d = deposit(conn, deposit_id)
    choice = rng.choice(sorted(set(_INSTRUCTION_WORDS) - {d.maturity_instruction}))
    word, month = _DEPOSIT_WORD[d.deposit_type], month_year(d.opened_on)
    return Draft(
        customer_id=customer_id,
        reason=f"At maturity you want your {word} opened in {month} to be {yours(_INSTRUCTION_WORDS[choice])}.",
        opening=f"Hi, for the {word} I opened in {month}, I want it to be {_INSTRUCTION_WORDS[choice]} when it matures.",
        known=[("Deposit", f"the {word} you opened in {month}"), ("What should happen at maturity", yours(_INSTRUCTION_WORDS[choice]))],
        unknown="You do not know the deposit number or its current maturity instruction.",
        gold=[
            Step("list_deposits", {}),
            Step("get_deposit_details", {"deposit_id": deposit_id}),
            Step("set_deposit_maturity_instruction", {"deposit_id": deposit_id, "maturity_instruction": choice}),
        ],
        assertion=(
            f"The assistant found deposit {deposit_id}, read its current instruction, and changed it to "
            f"'{choice}' after the customer confirmed"
        ),
    )


MATURITY_INSTRUCTION = Family(
    name="maturity_instruction",
    category="sequencing",
    quota=25,
    clauses=("4.7", "1.3", "2.2"),
    why="The deposit is named by month (list needed); §4.7 requires reading its details before changing the "
    "instruction; the customer's words map to exactly one of the three instructions.",
    careless="Changes the instruction without reading the deposit, or picks the wrong renewal option.",
    candidates=lambda conn: [
        c
        for c in rows(conn, CustomerDeposit, _unique_month("active", "fixed"))
        if deposit(conn, c.deposit_id).maturity_date > clock.add_months(clock.today(), 1).isoformat()
    ],
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
        reason=(
            f"Rates have changed: you want to close the fixed deposit you opened in {month} and put {spoken_rupees(new_amount)} "
            f"into a new fixed deposit for {tenure} months from your {label}."
        ),
        opening=(
            f"Hello, I want to close the fixed deposit I opened in {month}, and then open a new fixed deposit of "
            f"{spoken_rupees(new_amount)} for {tenure} months from my {label}."
        ),
        known=[
            ("Old deposit", f"the fixed deposit you opened in {month}"),
            ("New deposit amount", spoken_rupees(new_amount)),
            ("New deposit tenure", f"{tenure} months"),
            ("Account", f"your {label}"),
        ],
        unknown="You do not know the payout of the old deposit or the rate of the new one.",
        gold=close + reopen,
        assertion=(
            f"The assistant closed deposit {deposit_id} only after quoting and confirming it, then checked the "
            f"{label}, quoted the new deposit and opened it after a second confirmation"
        ),
        accept=["Accept the closure payout and the new deposit's rate."],
    )


CLOSE_AND_REOPEN = Family(
    name="close_and_reopen",
    category="sequencing",
    quota=20,
    clauses=("4.5", "4.2", "2.2"),
    why="Two requests in order: the §4.5 closure (list, details, quote, close) and then the §4.2 opening (read the "
    "funding account after the payout, calculator, open), each with its own confirmation (§2.2).",
    careless="Uses one confirmation for both changes, or skips the second account check and quote.",
    candidates=lambda conn: [
        c
        for c in rows(conn, CustomerDeposit, _unique_month("active", "fixed"))
        if kyc_verified(conn, c.customer_id) and deposit(conn, c.deposit_id).amount_paise >= 20_000_00
    ],
    draft=_reopen_draft,
)


#: Every deposit family, in generation order (the order decides which customers each family gets first).
FAMILIES = (
    FD_CLOSE_BY_MONTH,
    FD_CLOSE_BY_NUMBER,
    RD_CLOSE,
    CLOSE_TO_OTHER_ACCOUNT,
    MATURED_CLOSE,
    ALREADY_CLOSED,
    AMBIGUOUS_DEPOSIT,
    FD_OPEN,
    RD_OPEN,
    FD_OPEN_PAYOUT,
    INSUFFICIENT_BALANCE,
    KYC_EXPIRED_DEPOSIT,
    RD_NOT_MULTIPLE,
    SENIOR_CLAIM,
    DORMANT_REACTIVATION,
    MATURITY_INSTRUCTION,
    CLOSE_AND_REOPEN,
    COMPARE_TENURES,
)
