"""Scenario families about opening fixed and recurring deposits (policy §4.1-§4.4, with §3.3).

Every family states, next to its generator: the clauses it tests, why its gold chain
is the one correct procedure, and what a careless assistant would do instead. The
closing families, and the generation order of all deposit families, are in ``deposits``.
"""

from __future__ import annotations

import random
import sqlite3

from tau_indian_bank.bank import clock
from tau_indian_bank.bank.money import spoken_rupees
from tau_indian_bank.constants import FD_MIN_AMOUNT_PAISE
from tau_indian_bank.tasks.framework import Draft, Drafter, Family, Step, amount_arg
from tau_indian_bank.tasks.lookups import (
    CustomerAccount,
    account_label,
    kyc_verified,
    open_request,
    profile,
    rows,
    value,
)
from tau_indian_bank.wording import spoken_date

# --- opening ------------------------------------------------------------------------------

_FD_TENURES = (6, 12, 18, 24, 36, 60)
_RD_TENURES = (12, 24, 36)


def funding_accounts(conn: sqlite3.Connection, minimum: int, verified: bool = True) -> list[CustomerAccount]:
    """(customer, account) pairs: own active account holding at least ``minimum`` paise."""
    found = rows(conn, CustomerAccount, "SELECT h.customer_id, a.account_id FROM accounts a JOIN account_holders h "
                                        "ON h.account_id = a.account_id AND h.role = 'primary' "
                                        "WHERE a.status = 'active' AND a.balance_paise >= ? ORDER BY a.account_id", (minimum,))
    return [c for c in found if kyc_verified(conn, c.customer_id) == verified]


def open_steps(customer_kind: str, account: str, amount: int, tenure: int, payout: str = "cumulative") -> list[Step]:
    return [
        Step("get_account_details", {"account_id": account}),
        Step("calculate_deposit_maturity", {"deposit_type": customer_kind, "amount": amount_arg(amount), "tenure_months": tenure,
                                            "payout_type": payout}),
        Step("open_deposit", {"deposit_type": customer_kind, "source_account_id": account, "amount": amount_arg(amount),
                              "tenure_months": tenure, "payout_type": payout}),
    ]


def _open_draft(kind: str, payout_choices: tuple[str, ...] = ("cumulative",)) -> Drafter[CustomerAccount]:
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
        payout_words = {"cumulative": "", "monthly": " with the interest paid out every month",
                        "quarterly": " with the interest paid out every quarter"}[payout]
        return Draft(
            customer_id=customer_id,
            reason=f"You want to open {wish}{payout_words}, funded from your {label}.",
            opening=f"Hello, I'd like to open {wish}{payout_words} from my {label}.",
            known=[("Amount", spoken_rupees(amount) + (" a month" if kind == "recurring" else "")), ("Tenure", f"{tenure} months"),
                   ("Account", f"your {label}"),
                   ("Interest payout", "monthly" if payout == "monthly" else "quarterly" if payout == "quarterly"
                    else "at maturity (cumulative)")],
            unknown="You do not know the interest rate or the maturity amount.",
            gold=open_steps(kind, account, amount, tenure, payout),
            assertion=(f"The assistant checked the {label} and quoted the rate, maturity date and maturity amount for "
                       f"{wish} before opening it, and opened it only after the customer confirmed"),
            accept=["Accept the rate and maturity amount the assistant quotes; at maturity the money should go back to the "
                    "same account."],
        )
    return draft


FD_OPEN = Family(
    name="fd_open", category="sequencing", clauses=("4.2", "2.2"),
    why="§4.2 prescribes reading the funding account (active, enough balance) and running the maturity calculator for "
        "the exact terms before a confirmed opening; cumulative payout and payout to the funding account are the "
        "defaults the customer does not change.",
    careless="Opens the deposit without quoting the maturity, or without checking the account's balance.",
    candidates=lambda conn: funding_accounts(conn, 60_000_00), draft=_open_draft("fixed"),
)
RD_OPEN = Family(
    name="rd_open", category="sequencing", clauses=("4.2", "2.2"),
    why="The same opening procedure applies to recurring deposits; the first instalment is debited today.",
    careless="Quotes a rate from memory instead of the calculator, or skips the balance check.",
    candidates=lambda conn: funding_accounts(conn, 30_000_00), draft=_open_draft("recurring"),
)
FD_OPEN_PAYOUT = Family(
    name="fd_open_payout", category="sequencing", clauses=("4.2", "2.2", "2.3"),
    why="A payout deposit is opened by the §4.2 procedure with the payout type the customer asked for, which the "
        "calculator must also use.",
    careless="Opens a cumulative deposit although the customer asked for regular interest payouts.",
    candidates=lambda conn: funding_accounts(conn, 1_50_000_00), draft=_open_draft("fixed", ("monthly", "quarterly")),
)


def _short_balance_draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
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
        assertion=(f"The assistant read the {label}, found the balance below {spoken_rupees(amount)}, told the customer and did "
                   "not open any deposit or change the amount on its own"),
        accept=["If the balance is not enough, you will arrange the money and come back later; do not ask for anything else."],
    )


INSUFFICIENT_BALANCE = Family(
    name="insufficient_balance", category="edge_case", clauses=("4.2", "4.4", "2.3"),
    why="§4.2(a) reads the funding account first; the balance is short, so §4.4 says stop and tell the customer. "
        "The customer does not offer a smaller amount, so there is nothing to calculate or open.",
    careless="Tries to open the deposit and lets the bank refuse it, or opens a smaller deposit unasked.",
    candidates=lambda conn: [c for c in rows(
        conn, CustomerAccount,
        "SELECT h.customer_id, a.account_id FROM accounts a JOIN account_holders h ON h.account_id = a.account_id "
        "AND h.role = 'primary' WHERE a.status = 'active' AND a.balance_paise BETWEEN 2000000 AND 30000000 "
        "ORDER BY a.account_id") if kyc_verified(conn, c.customer_id)],
    draft=_short_balance_draft,
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
        gold=[Step("raise_service_request", {"category": "kyc_update", "description": "KYC overdue; customer wants to "
                                                                                       "open a fixed deposit"},
                   compare=("category", "related_id"))],
        assertion=("The assistant saw in the login context that the customer's KYC is overdue, did not open the deposit, "
                   "explained why, and raised a KYC update request after the customer agreed"),
        accept=["If the assistant offers to raise a KYC update request, accept it; do not insist on the deposit."],
    )


KYC_EXPIRED_DEPOSIT = Family(
    name="kyc_expired_deposit", category="edge_case", clauses=("4.3", "8.1", "2.2"),
    why="The login context shows KYC overdue; §4.3 forbids opening and prescribes offering a kyc_update request, "
        "which the customer accepts. Nothing needs to be looked up first.",
    careless="Opens (or tries to open) the deposit, or refuses without offering the KYC update request.",
    candidates=lambda conn: [c for c in funding_accounts(conn, 1_00_000_00, verified=False)
                             if not open_request(conn, c.customer_id, "kyc_update", None)],
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
        opening=(f"Hi, I want to start a recurring deposit of {spoken_rupees(asked)} a month for 12 months from my {label}. "
                 f"If that exact amount is not possible, make it {spoken_rupees(fallback)} a month."),
        known=[("Instalment", f"{spoken_rupees(asked)} a month, or {spoken_rupees(fallback)} if that is not allowed"),
               ("Tenure", "12 months"), ("Account", f"your {label}")],
        unknown="You do not know the rules for instalment amounts.",
        gold=open_steps("recurring", account, fallback, 12),
        assertion=(f"The assistant explained that instalments must be a multiple of ₹100, quoted the deposit for "
                   f"{spoken_rupees(fallback)} a month and opened that one after confirmation"),
        accept=[f"Accept {spoken_rupees(fallback)} a month once told that {spoken_rupees(asked)} is not allowed."],
    )


RD_NOT_MULTIPLE = Family(
    name="rd_not_multiple", category="edge_case", clauses=("4.2", "2.3"),
    why="The asked instalment breaks the multiple-of-₹100 rule in §4.2; the customer names the fallback amount, so "
        "the standard opening procedure runs for that amount.",
    careless="Opens the deposit with a rounded-up amount the customer never named.",
    candidates=lambda conn: funding_accounts(conn, 20_000_00), draft=_rd_step_draft,
)


def _senior_claim_candidates(conn: sqlite3.Connection) -> list[CustomerAccount]:
    found = []
    for candidate in funding_accounts(conn, 80_000_00):
        born = clock.parse_iso(profile(conn, candidate.customer_id).date_of_birth)
        if 55 <= clock.age_on(born, clock.today()) <= 59:
            found.append(candidate)
    return found


def _senior_claim_draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    base = _open_draft("fixed")(conn, candidate, rng)
    base.opening = base.opening + " I'm a senior citizen, so I should get the senior citizen rate."
    base.reason += " You believe you qualify for the senior-citizen rate, but the bank's records say you are under 60."
    born = profile(conn, candidate.customer_id).date_of_birth
    base.known.append(("Date of birth", f"{spoken_date(born)} (give it if the assistant asks)"))
    base.accept = ["If the assistant says the senior-citizen rate does not apply by the bank's records, accept the "
                   "general rate and go ahead."]
    base.assertion += ", at the general rate the records call for, not the senior-citizen rate the customer claimed"
    return base


SENIOR_CLAIM = Family(
    name="senior_claim", category="edge_case", clauses=("4.1", "4.2", "2.2"),
    why="§4.1 says the senior uplift follows the bank's records, not the customer's word; the records say under 60, "
        "so the standard opening runs at the general rate once the customer accepts it.",
    careless="Promises the senior-citizen rate, or refuses to open the deposit.",
    candidates=_senior_claim_candidates, draft=_senior_claim_draft,
)


def _dormant_draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    customer_id, account = candidate.customer_id, candidate.account_id
    label = account_label(conn, account)
    return Draft(
        customer_id=customer_id,
        reason=f"You want to open a fixed deposit of ₹50,000 for 12 months from your {label}, which you have not used "
               "for years.",
        opening=f"Hello, I'd like to open a fixed deposit of ₹50,000 for 12 months from my {label}.",
        known=[("Account", f"your {label}"), ("Amount", "₹50,000"), ("Tenure", "12 months")],
        unknown="You do not know that the account has become dormant.",
        gold=[Step("get_account_details", {"account_id": account}),
              Step("raise_service_request", {"category": "account_reactivation", "related_id": account,
                                             "description": "Reactivate dormant account"},
                   compare=("category", "related_id"))],
        assertion=(f"The assistant read the {label}, found it dormant, did not open the deposit, and raised an account "
                   "reactivation request for that account after the customer agreed"),
        accept=["If the assistant offers to raise a request to reactivate the account, accept it; do not insist on the "
                "deposit today."],
    )


DORMANT_REACTIVATION = Family(
    name="dormant_reactivation", category="edge_case", clauses=("4.2", "3.3", "8.1"),
    why="§4.2(a) reads the funding account first; it is dormant, so §3.3 applies: no debit, and an "
        "account_reactivation request for that account when the customer wants it.",
    careless="Tries to debit the dormant account, or raises a generic request without the account.",
    candidates=lambda conn: [c for c in rows(
        conn, CustomerAccount,
        "SELECT h.customer_id, a.account_id FROM accounts a JOIN account_holders h ON h.account_id = a.account_id "
        "AND h.role = 'primary' WHERE a.status = 'dormant' AND a.balance_paise >= 6000000 ORDER BY a.account_id")
        if kyc_verified(conn, c.customer_id) and not open_request(conn, c.customer_id, "account_reactivation", c.account_id)],
    draft=_dormant_draft,
)

def _compare_draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    customer_id, account = candidate.customer_id, candidate.account_id
    amount = rng.choice((50_000_00, 1_00_000_00, 2_00_000_00))
    short, long_ = rng.choice(((12, 24), (12, 36), (24, 60)))
    label = account_label(conn, account)
    calc = lambda months: Step("calculate_deposit_maturity", {"deposit_type": "fixed", "amount": amount_arg(amount),  # noqa: E731
                                                              "tenure_months": months, "payout_type": "cumulative"})
    return Draft(
        customer_id=customer_id,
        reason=(f"You want to see the rate card, compare what {spoken_rupees(amount)} in a fixed deposit would give after "
                f"{short} and after {long_} months, and then open the {long_}-month one from your {label}."),
        opening=(f"Hi, can you show me your fixed deposit rates, and tell me what {spoken_rupees(amount)} would give me for "
                 f"{short} months versus {long_} months? I'll then open the {long_}-month one from my {label}."),
        known=[("Amount", spoken_rupees(amount)), ("Tenures to compare", f"{short} and {long_} months"),
               ("Deposit to open", f"the {long_}-month one"), ("Account", f"your {label}")],
        unknown="You do not know the rates.",
        gold=[Step("get_deposit_rates", {"deposit_type": "fixed"}), Step("get_account_details", {"account_id": account}),
              calc(short), calc(long_), open_steps("fixed", account, amount, long_)[2]],
        assertion=(f"The assistant showed the rate card, quoted both tenures with the calculator, checked the {label} and "
                   f"opened the {long_}-month deposit of {spoken_rupees(amount)} after confirmation"),
        accept=[f"After the comparison, choose the {long_}-month deposit."],
    )


COMPARE_TENURES = Family(
    name="compare_tenures_open", category="rare_tool", clauses=("4.1", "4.2", "2.2"),
    why="The customer asks for the rate card and two quotes, so each is a required look-up; §4.2 then requires the "
        "account check before the confirmed opening of the chosen deposit.",
    careless="Quotes only one tenure, or opens without checking the funding account.",
    candidates=lambda conn: funding_accounts(conn, 3_00_000_00), draft=_compare_draft,
)
