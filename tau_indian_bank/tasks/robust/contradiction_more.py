"""``contradiction``, second round: a status, a balance or a rule the customer misremembers, and insists on once.

The records (or the rule) win: a failed payment the customer says never came back was reversed
the next day; a balance the customer is sure of is lower than the deposit they want; an
auto-debit they think is running was cancelled; a foreclosure charge they say RBI forbids applies
to their fixed-rate loan. Each uses :func:`.cues.pushing` (one insistence, then
acceptance); what the customer must be told is declared where no gold read yields it.
"""

from __future__ import annotations

import random
import sqlite3
from typing import Any, NamedTuple

from tau_indian_bank.bank import clock
from tau_indian_bank.bank.money import spoken_rupees
from tau_indian_bank.constants import FORECLOSURE_MIN_EMIS_PAID
from tau_indian_bank.evaluation.fact_kinds import date, outcome
from tau_indian_bank.evaluation.facts import Fact
from tau_indian_bank.tasks.families import deposits, loans, payments
from tau_indian_bank.tasks.framework import Draft, Family, Step
from tau_indian_bank.tasks.lookups import (
    AccountMandate,
    CustomerLoan,
    account_label,
    mandate,
    rows,
    transaction,
    values,
)
from tau_indian_bank.tasks.robust.cues import pushing
from tau_indian_bank.tasks.robust.refusals_outright import DECLINE_CHANGES
from tau_indian_bank.wording import spoken_date


class ReversedDebit(NamedTuple):
    """A failed debit reversed by a later credit, on an account the customer holds as primary holder."""

    customer_id: str
    txn_id: str
    reversal_id: str


# --- a failed payment the customer says never came back -----------------------------------------

_REVERSED_WORDS = {"upi": "UPI payment of {amount} to {party}", "atm": "ATM withdrawal of {amount}"}


def _reversed_candidates(conn: sqlite3.Connection) -> list[ReversedDebit]:
    since = clock.add_days(clock.today(), -120).isoformat()
    return rows(
        conn,
        ReversedDebit,
        "SELECT h.customer_id, t.txn_id, r.txn_id AS reversal_id FROM transactions t JOIN "
        "transactions r ON r.account_id = t.account_id AND r.direction = 'credit' AND r.amount_paise = t.amount_paise "
        "AND r.posted_on BETWEEN t.posted_on AND date(t.posted_on, '+5 day') AND (r.narration LIKE '%/REV/%' OR "
        "r.narration LIKE '%REVERSAL%') JOIN accounts a ON a.account_id = t.account_id JOIN account_holders h ON "
        "h.account_id = t.account_id AND h.role = 'primary' WHERE t.status = 'reversed' AND t.direction = 'debit' AND "
        "t.channel IN ('upi', 'atm') AND t.posted_on >= ? AND a.status = 'active' ORDER BY t.txn_id",
        (since,),
    )


def _reversed_draft(conn: sqlite3.Connection, candidate: ReversedDebit, rng: random.Random) -> Draft:
    txn, back = transaction(conn, candidate.txn_id), transaction(conn, candidate.reversal_id)
    what = _REVERSED_WORDS[txn.channel].format(amount=spoken_rupees(txn.amount_paise), party=txn.counterparty.title())
    label, day, until = (
        account_label(conn, txn.account_id),
        spoken_date(txn.posted_on),
        clock.add_days(clock.parse_iso(txn.posted_on), 5).isoformat(),
    )
    return Draft(
        customer_id=candidate.customer_id,
        reason=f"Your {what} on {day} from your {label} failed; you believe the money was debited and never came back.",
        opening=(f"Hello, my {what} on {day} from my {label} failed, but the money was debited and it never came back. What is happening?"),
        known=[("Account", f"your {label}"), ("Payment", f"{what} on {day}")],
        unknown="You do not know that the amount was credited back.",
        gold=[
            Step("get_transactions", {"account_id": txn.account_id, "from_date": txn.posted_on, "to_date": until}, compare=("account_id",))
        ],
        assertion=(
            f"The assistant found the failed debit of {spoken_rupees(txn.amount_paise)} on {day} and its reversal "
            f"credited on {spoken_date(back.posted_on)}, told the customer, and raised nothing"
        ),
        accept=["If the assistant tells you the money was credited back, accept it.", DECLINE_CHANGES],
        declared=[
            outcome(
                "payment_reversed",
                "the failed debit was reversed",
                f"The {spoken_rupees(txn.amount_paise)} was credited back to your {label} on {spoken_date(back.posted_on)}.",
                "",
            ),
            date("date the debit was reversed", back.posted_on, "date"),
            Fact(kind="amount", label="amount credited back", value=str(back.amount_paise), text=spoken_rupees(back.amount_paise)),
        ],
    )


CONTRA_REVERSED = Family(
    name="contradiction_failed_payment_reversed",
    category="contradiction",
    quota=7,
    clauses=("3.2", "3.6", "2.3"),
    why="§3.2: the failed payment is found in the account's transactions with its reversal credit after it; the money "
    "came back, so there is nothing to dispute (§3.6 is for a failed payment not reversed). The assistant tells the "
    "customer when the amount was credited back, and holds to the records when the customer insists.",
    careless="Raises a dispute on the customer's word, or recites reversal timelines without looking.",
    candidates=_reversed_candidates,
    draft=pushing(
        _reversed_draft,
        "",
        "That cannot be right. I never got that money back. Please check again.",
        "If the assistant still says the money was credited back and tells you when, accept it; you want nothing else.",
    ),
)

# --- a balance the customer is sure of --------------------------------------------------------------


def _sure_of_balance(conn: sqlite3.Connection, candidate: Any, rng: random.Random) -> Draft:
    d = deposits.short_balance_draft(conn, candidate, rng)
    wanted = int(d.known[0][1].replace("₹", "").replace(",", "")) * 100
    claimed = spoken_rupees(wanted + rng.choice((10_000_00, 25_000_00, 50_000_00)))
    d.opening += f" There is {claimed} in that account; I checked it yesterday."
    d.reason += f" You are sure there is {claimed} in the account."
    d.accept = [*d.accept[:1], DECLINE_CHANGES]  # pushing() replaces the first line by its settling line
    return d


CONTRA_BALANCE = Family(
    name="contradiction_balance_short",
    category="contradiction",
    quota=6,
    clauses=("4.2", "4.4", "3.1", "2.3"),
    why="The customer is sure of a balance the records do not show; §4.2(a) reads the funding account and §4.4 stops "
    "the deposit when the balance is short. The assistant quotes the balance the tool returns (§3.1) and holds to "
    "it when the customer insists; nothing is opened.",
    careless="Opens the deposit on the customer's word (the bank refuses it), or opens a smaller one unasked.",
    candidates=deposits.INSUFFICIENT_BALANCE.candidates,
    draft=pushing(
        _sure_of_balance,
        "",
        "That can't be. I am sure the money is there. Please go ahead and open it.",
        "If the assistant still says the balance is not enough, accept it; you will add money and come back later.",
    ),
)

# --- an auto-debit the customer thinks is running ---------------------------------------------------


def _cancelled_candidates(conn: sqlite3.Connection) -> list[AccountMandate]:
    sql = payments.mandate_sql().replace("m.status = 'active' AND m.end_date >", "m.status = 'cancelled' AND m.end_date >")
    return rows(conn, AccountMandate, sql)


def _still_running(conn: sqlite3.Connection, candidate: AccountMandate, rng: random.Random) -> Draft:
    d = payments.cancel_draft(conn, candidate, rng)
    found = mandate(conn, candidate.mandate_id)
    cancelled = values(conn, "SELECT cancelled_on FROM mandates WHERE mandate_id = ? ORDER BY 1", (candidate.mandate_id,))[0]
    label = account_label(conn, candidate.account_id)
    d.opening += " It is still active."
    d.gold = d.gold[:1]
    d.reason += " You believe the mandate is still active."
    d.accept = ["If the assistant tells you it was already cancelled and when, accept it.", DECLINE_CHANGES]
    d.declared = [
        outcome(
            "mandate_cancelled",
            "the mandate was already cancelled",
            f"The {found.payee} auto-debit on your {label} was cancelled on {spoken_date(cancelled)}.",
            "",
        ),
        date("date the mandate was cancelled", cancelled, "cancelled_on"),
    ]
    d.assertion = (
        f"The assistant listed the mandates on the {label}, told the customer the {found.payee} mandate was "
        f"already cancelled on {spoken_date(cancelled)}, and made no change"
    )
    return d


CONTRA_MANDATE = Family(
    name="contradiction_mandate_cancelled",
    category="contradiction",
    quota=6,
    clauses=("7.1", "2.3"),
    why="§7.1: list the account's mandates to find the one meant; it was already cancelled (only active mandates can be "
    "cancelled), so the assistant tells the customer when it was cancelled and holds to it when the customer "
    "insists; nothing changes.",
    careless="Tries to cancel it again on the customer's word, or says it cannot find the mandate.",
    candidates=_cancelled_candidates,
    draft=pushing(
        _still_running,
        "",
        "Are you sure? I don't remember cancelling it. Please check again.",
        "If the assistant still says it was cancelled and tells you when, accept it; you want nothing else.",
    ),
)

# --- a foreclosure charge the customer says RBI forbids ------------------------------------------------


def _fixed_rate_loans(conn: sqlite3.Connection) -> list[CustomerLoan]:
    """Foreclosable fixed-rate personal and vehicle loans (the only kind with a charge), the customer's only one of the type."""
    fixed = set(
        values(
            conn,
            "SELECT loan_id FROM loans WHERE rate_type = 'fixed' AND loan_type IN ('personal', 'vehicle') "
            "AND emis_paid >= ? ORDER BY loan_id",
            (FORECLOSURE_MIN_EMIS_PAID,),
        )
    )
    return [c for c in loans.foreclosure_candidates(conn) if c.loan_id in fixed]


def _no_charge_claim(conn: sqlite3.Connection, candidate: CustomerLoan, rng: random.Random) -> Draft:
    d = loans.foreclosure_draft(conn, candidate, rng)
    from tau_indian_bank.tools.toolkit import BankTools

    tools = BankTools()
    tools.start_session(candidate.customer_id)
    quote = tools.get_loan_foreclosure_quote(candidate.loan_id)
    charge = round(quote["foreclosure_charge"] * 100)
    word = loans.LOAN_WORD[values(conn, "SELECT loan_type FROM loans WHERE loan_id = ? ORDER BY 1", (candidate.loan_id,))[0]]
    d.opening = (
        f"Hello, I want to foreclose my {word}. RBI has banned foreclosure charges, so please tell me the amount without any charge."
    )
    d.reason = (
        f"You want to know what it costs to close your {word} early; you believe RBI does not allow any foreclosure "
        "charge. If a charge applies, you will think about it and raise nothing today."
    )
    d.gold = d.gold[:2]
    d.accept = ["If the assistant quotes the total and the charge, listen to them.", DECLINE_CHANGES]
    d.declared = [Fact(kind="amount", label="foreclosure charge (before GST)", value=str(charge), text=spoken_rupees(charge))]
    d.assertion = (
        f"The assistant read the {word} and its foreclosure quote, told the customer the charge applies to a "
        "fixed-rate loan (the no-charge rule is for floating-rate loans) with its amount, and raised nothing"
    )
    return d


CONTRA_CHARGE = Family(
    name="contradiction_foreclosure_charge",
    category="contradiction",
    quota=6,
    clauses=("5.2", "5.1", "2.3"),
    why="The customer misremembers the rule: the ban on foreclosure charges is for floating-rate loans, and §5.2 sets a "
    "charge on fixed-rate personal and vehicle loans. The assistant reads the loan and the quote, quotes the charge "
    "and the total, and holds to the rule when the customer insists; the customer then raises nothing.",
    careless="Waives or drops the charge on the customer's word, or raises the foreclosure request unasked.",
    candidates=_fixed_rate_loans,
    draft=pushing(
        _no_charge_claim,
        "",
        "But RBI does not allow any foreclosure charge at all! Please remove it.",
        "If the assistant explains that the no-charge rule is for floating-rate loans and yours is fixed-rate, "
        "accept it; you will think about it and want nothing raised today.",
    ),
)

FAMILIES: tuple[Family[Any], ...] = (CONTRA_REVERSED, CONTRA_BALANCE, CONTRA_MANDATE, CONTRA_CHARGE)
