"""Scenario families about insurance, offers, service requests and hand-overs (policy §3.6, §8, §10).

Every family states, next to its generator: the clauses it tests, why its gold chain is
the one correct procedure, and what a careless assistant would do instead.
"""

from __future__ import annotations

import random
import re
import sqlite3
from typing import NamedTuple

from tau_indian_bank.bank import clock
from tau_indian_bank.bank.money import spoken_rupees
from tau_indian_bank.constants import ATM_REVERSAL_TAT_DAYS
from tau_indian_bank.tasks.framework import Draft, Family, Step, amount_arg, request_step, yours
from tau_indian_bank.tasks.lookups import (
    AccountTxn,
    Customer,
    CustomerAccount,
    CustomerPolicy,
    CustomerRequest,
    JointHolder,
    account_label,
    full_name,
    kyc_verified,
    open_request,
    profile,
    request,
    rows,
    transaction,
    value,
)
from tau_indian_bank.text.lexicon import CATEGORIES
from tau_indian_bank.wording import spoken_date


def _handover(summary: str) -> Step:
    return Step("transfer_to_human_agents", {"summary": summary}, compare=())


# --- insurance claim ------------------------------------------------------------------------

_CLAIM_EVENTS = {
    "health": (
        "had to be admitted to hospital for dengue",
        "had a knee operation in hospital",
        "had a gall bladder surgery in hospital",
        "had to be hospitalised after a fall at home",
    ),
    "motor": (
        "had an accident that damaged the car's bumper and headlight",
        "had the car hit from behind at a signal",
        "damaged the car in an accident on the highway",
    ),
    "home": ("had a burst pipe flood the flat", "had a burglary at home", "had a kitchen fire from a short circuit"),
}


def _claim_candidates(conn: sqlite3.Connection) -> list[CustomerPolicy]:
    found = rows(
        conn,
        CustomerPolicy,
        "SELECT p.customer_id, p.policy_id FROM insurance_policies p WHERE p.status = 'active' AND "
        "p.policy_type IN ('health', 'motor', 'home') AND (SELECT COUNT(*) FROM insurance_policies q "
        "WHERE q.customer_id = p.customer_id AND q.policy_type = p.policy_type) = 1 ORDER BY p.policy_id",
    )
    return [c for c in found if not open_request(conn, c.customer_id, "insurance_claim", c.policy_id)]


def _claim_draft(conn: sqlite3.Connection, candidate: CustomerPolicy, rng: random.Random) -> Draft:
    customer_id, policy_id = candidate.customer_id, candidate.policy_id
    kind = value(conn, "SELECT policy_type FROM insurance_policies WHERE policy_id = ?", (policy_id,))
    event = rng.choice(_CLAIM_EVENTS[kind])
    when = rng.choice(("last week", "ten days ago", "on Sunday", "earlier this month"))
    return Draft(
        customer_id=customer_id,
        reason=f"You {event} {when} and want to make a claim on your {kind} insurance taken through the bank.",
        opening=f"Hello, I {event} {when}. I want to make a claim on my {kind} insurance policy. Please register the claim.",
        known=[("Policy", f"your {kind} insurance"), ("What happened", f"you {event}"), ("When", when)],
        unknown="You do not know the policy number.",
        gold=[
            Step("get_insurance_policies", {}),
            request_step("insurance_claim", f"Claim under {kind} policy {policy_id}: customer {event} {when}.", policy_id),
        ],
        assertion=(
            f"The assistant looked up the customer's policies, found the {kind} policy {policy_id}, and raised an "
            "insurance claim request for it after the customer confirmed"
        ),
        accept=["If the assistant says documents will be needed, agree to send them."],
    )


INSURANCE_CLAIM = Family(
    name="insurance_claim",
    category="rare_tool",
    quota=20,
    clauses=("8.3", "8.1", "2.2"),
    why="§8.3: insurance questions are answered from the customer's policies (the only source of the policy id), and "
    "a claim needs an insurance_claim request tied to that policy; the customer has exactly one policy of the "
    "kind they name, and it is active.",
    careless="Raises a claim without looking up the policy (so without its id), files a generic request or complaint, "
    "or hands the customer over to a human.",
    candidates=_claim_candidates,
    draft=_claim_draft,
)

# --- deposit offer --------------------------------------------------------------------------

_OFFER_TERMS = re.compile(r"- (\d+) (Year|Years|Month|Months)$")
_SPOKEN_TENURE = {6: "six-month", 12: "one-year", 24: "two-year", 36: "three-year", 60: "five-year"}


class ListedOffer(NamedTuple):
    name: str
    eligible_segment: str


class DepositOffer(NamedTuple):
    """A deposit offer as the tools can open it: its type and tenure read from its name."""

    name: str
    eligible_segment: str
    deposit_type: str
    months: int


def _deposit_offers(conn: sqlite3.Connection, segment: str) -> list[DepositOffer]:
    """The deposit offers a segment can take today."""
    found = []
    for offer in rows(
        conn,
        ListedOffer,
        "SELECT name, eligible_segment FROM product_offers WHERE category = 'deposits' AND "
        "valid_until >= ? AND eligible_segment IN ('all', ?) ORDER BY offer_id",
        (clock.today_iso(), segment),
    ):
        terms = _OFFER_TERMS.search(offer.name)
        if terms is None or "Tax Saver" in offer.name:  # a tax-saver lock-in is not a plain deposit the tools can open
            continue
        months = int(terms[1]) * (12 if terms[2].startswith("Year") else 1)
        found.append(DepositOffer(offer.name, offer.eligible_segment, "recurring" if "Recurring" in offer.name else "fixed", months))
    return found


def _offer_candidates(conn: sqlite3.Connection) -> list[CustomerAccount]:
    found = rows(
        conn,
        CustomerAccount,
        "SELECT h.customer_id, a.account_id FROM accounts a JOIN account_holders h ON h.account_id = "
        "a.account_id AND h.role = 'primary' WHERE a.status = 'active' AND a.balance_paise >= 6000000 "
        "ORDER BY a.account_id",
    )
    return [c for c in found if kyc_verified(conn, c.customer_id)]


def _offer_draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    customer_id, account = candidate.customer_id, candidate.account_id
    segment = profile(conn, customer_id).segment
    balance = value(conn, "SELECT balance_paise FROM accounts WHERE account_id = ?", (account,))
    offer = rng.choice(_deposit_offers(conn, segment))
    name, eligible, kind, months = offer.name, offer.eligible_segment, offer.deposit_type, offer.months
    if kind == "fixed":
        amount = rng.choice(
            [a for a in (25_000_00, 50_000_00, 75_000_00, 1_00_000_00, 2_00_000_00, 5_00_000_00) if a <= balance // 2] or [25_000_00]
        )
    else:
        amount = rng.choice((1_000_00, 1_500_00, 2_000_00, 2_500_00, 3_000_00, 5_000_00))
    what = f"{'senior citizen ' if eligible == 'senior_citizen' else ''}{_SPOKEN_TENURE[months]} {kind} deposit"
    sum_words = f"{spoken_rupees(amount)} a month" if kind == "recurring" else spoken_rupees(amount)
    label = account_label(conn, account)
    steps = [
        Step("get_product_offers", {"category": "deposits"}, compare=()),
        Step("get_account_details", {"account_id": account}),
        Step(
            "calculate_deposit_maturity",
            {"deposit_type": kind, "amount": amount_arg(amount), "tenure_months": months, "payout_type": "cumulative"},
        ),
        Step(
            "open_deposit",
            {
                "deposit_type": kind,
                "source_account_id": account,
                "amount": amount_arg(amount),
                "tenure_months": months,
                "payout_type": "cumulative",
            },
        ),
    ]
    return Draft(
        customer_id=customer_id,
        reason=f"You want to know which deposit offers you can get, and to open the {what} offer with {sum_words} from your {label}.",
        opening=(
            f"Hello, which deposit offers am I eligible for right now? If there is a {what} offer, I would like "
            f"to put {sum_words} into it from my {label}."
        ),
        known=[
            ("Offer", f"the {what} ({name})"),
            ("Amount", sum_words),
            ("Tenure", f"{months} months"),
            ("Account", f"your {label}"),
            ("Interest payout", "at maturity (cumulative)"),
        ],
        unknown="You do not know the rate, the maturity date or the maturity amount.",
        gold=steps,
        assertion=(
            f"The assistant listed the deposit offers the customer is eligible for, checked the {label}, quoted the "
            f"rate, maturity date and maturity amount of the {what} for {sum_words}, and opened it only after the "
            "customer confirmed"
        ),
        accept=["Accept the rate and maturity amount the assistant quotes; at maturity the money should go back to the same account."],
    )


OFFER_TO_DEPOSIT = Family(
    name="offer_to_deposit",
    category="rare_tool",
    quota=20,
    clauses=("8.4", "4.2", "4.1", "2.2"),
    why="§8.4: offers come from the offers the customer is eligible for, so the deposit offers are listed first; "
    "taking one is opening a deposit, so §4.2 adds the funding-account check and the maturity calculation for "
    "the offer's type and tenure before the confirmed opening (cumulative, paid to the funding account).",
    careless="Lists offers from memory (including senior-only ones for a non-senior), or opens the deposit without "
    "checking the account or quoting the maturity.",
    candidates=_offer_candidates,
    draft=_offer_draft,
)

# --- failed transaction: rule and dispute ---------------------------------------------------

RAIL_WORDS = {
    "upi": "UPI payment of {amount} to {party}",
    "imps": "IMPS transfer of {amount} to {party}",
    "pos": "card payment of {amount} at {party}",
}


def _failed_candidates(conn: sqlite3.Connection) -> list[AccountTxn]:
    # Within the last four months, and past the longest reversal deadline (T+5), so the reversal is overdue.
    since = clock.add_months(clock.today(), -4).isoformat()
    until = clock.add_days(clock.today(), -ATM_REVERSAL_TAT_DAYS - 1).isoformat()
    found = rows(
        conn,
        AccountTxn,
        "SELECT h.customer_id, t.account_id, t.txn_id FROM transactions t JOIN accounts a ON "
        "a.account_id = t.account_id JOIN account_holders h ON h.account_id = t.account_id AND "
        "h.role = 'primary' WHERE t.status = 'failed' AND t.direction = 'debit' AND "
        "t.channel IN ('upi', 'imps', 'pos') AND (t.narration LIKE '% - TIMED OUT' OR t.narration LIKE "
        "'% - BENEFICIARY BANK UNAVAILABLE') AND t.posted_on BETWEEN ? AND ? AND a.status = 'active' "
        "AND NOT EXISTS (SELECT 1 FROM transactions r WHERE r.account_id = t.account_id AND "
        "r.status = 'success' AND r.direction = 'debit' AND r.amount_paise = t.amount_paise AND "
        "r.counterparty = t.counterparty AND r.posted_on > t.posted_on AND "
        "r.posted_on <= date(t.posted_on, '+3 day')) ORDER BY t.txn_id",
        (since, until),
    )
    return [c for c in found if not open_request(conn, c.customer_id, "dispute_transaction", c.txn_id)]


def _failed_draft(conn: sqlite3.Connection, candidate: AccountTxn, rng: random.Random) -> Draft:
    customer_id, account, txn_id = candidate.customer_id, candidate.account_id, candidate.txn_id
    txn = transaction(conn, txn_id)
    day, channel, amount, party = txn.posted_on, txn.channel, txn.amount_paise, txn.counterparty
    what = RAIL_WORDS[channel].format(amount=spoken_rupees(amount), party=party)
    label = account_label(conn, account)
    opening = rng.choice(
        (
            f"Hello, on {spoken_date(day)} I made a {what} from my {label}. It failed, but I think the money was taken from my "
            "account and it has not come back. What is the rule on reversal and compensation for this? Please raise a "
            "dispute for it.",
            f"Hi, my {what} on {spoken_date(day)} from my {label} failed, yet I believe my account was debited. What do the "
            "rules say about reversal and compensation? I want to dispute this transaction.",
        )
    )
    return Draft(
        customer_id=customer_id,
        reason=f"Your {what} on {spoken_date(day)} failed and you believe the money left your {label} and never came back.",
        opening=opening,
        known=[
            ("Date of the payment", spoken_date(day)),
            ("Account", f"your {label}"),
            ("Amount", spoken_rupees(amount)),
            ("Paid to", party),
        ],
        unknown="You do not know the transaction reference or the rules on reversal timelines and compensation.",
        gold=[
            Step("get_transactions", {"account_id": account, "from_date": day, "to_date": day}, compare=("account_id",)),
            Step("search_regulations", {"query": "failed transaction reversal compensation"}, compare=()),
            request_step(
                "dispute_transaction",
                f"Failed {channel.upper()} debit of {spoken_rupees(amount)} to {party} on {day} not reversed; customer disputes it.",
                txn_id,
            ),
        ],
        assertion=(
            f"The assistant found transaction {txn_id} on {spoken_date(day)}, explained the reversal timeline and the "
            "₹100-a-day compensation from the knowledge base, and raised a transaction dispute for that "
            "transaction after the customer confirmed"
        ),
        accept=["Accept the explanation of the rules; you still want the dispute raised."],
    )


FAILED_TXN_COMPENSATION = Family(
    name="failed_txn_compensation",
    category="rare_tool",
    quota=20,
    clauses=("3.6", "9.1", "3.2", "2.2"),
    why="§3.6: a failed payment that was not reversed is disputed by finding it in the account's transactions and "
    "raising a dispute_transaction request with its id; §9.1 requires the reversal and compensation rules to come "
    "from the knowledge base. The account has one posting on the day, so the date the customer gives finds it.",
    careless="Recites reversal timelines from memory, raises a generic complaint, or raises the dispute without the transaction id.",
    candidates=_failed_candidates,
    draft=_failed_draft,
)

# --- unhappy with an earlier request --------------------------------------------------------


def _followup_candidates(conn: sqlite3.Connection) -> list[CustomerRequest]:
    found = rows(
        conn,
        CustomerRequest,
        "SELECT customer_id, request_id FROM service_requests WHERE status IN ('resolved', 'rejected') "
        "AND related_id IS NULL AND category IN ('complaint', 'kyc_update', 'other', "
        "'gold_loan_application') ORDER BY request_id",
    )
    return [c for c in found if not open_request(conn, c.customer_id, "complaint", None)]


def _followup_draft(conn: sqlite3.Connection, candidate: CustomerRequest, rng: random.Random) -> Draft:
    customer_id, request_id = candidate.customer_id, candidate.request_id
    earlier = request(conn, request_id)
    category, status = earlier.category, earlier.status
    word = CATEGORIES[category].name
    if status == "rejected":
        grievance = rng.choice(
            ("I was told it was rejected, but I did everything the bank asked", "it was turned down and nobody explained why to me")
        )
    else:
        grievance = rng.choice(
            ("it was marked as done, but my problem was never actually sorted out", "it was closed without anyone getting back to me")
        )
    return Draft(
        customer_id=customer_id,
        reason=f"Your {word} {request_id} was {status}; {yours(grievance)}. You want to file a complaint about how it was handled.",
        opening=(
            f"Hello, can you check what happened with my {word}, reference {request_id}? {grievance[0].upper()}"
            f"{grievance[1:]}. I want to file a complaint about how it was handled."
        ),
        known=[("Request reference", request_id), ("Why you are unhappy", yours(grievance))],
        unknown="You do not know the bank's note on the request.",
        gold=[
            Step("get_service_request_status", {"request_id": request_id}),
            request_step("complaint", f"Customer is unhappy with how request {request_id} ({status}) was handled: {grievance}."),
        ],
        assertion=(
            f"The assistant looked up request {request_id}, told the customer its status and the bank's note, and "
            "raised a complaint (not tied to any account or card) after the customer confirmed"
        ),
        accept=["You want the complaint filed even after hearing the bank's note."],
    )


REQUEST_FOLLOWUP = Family(
    name="request_followup",
    category="rare_tool",
    quota=15,
    clauses=("8.2", "8.1", "2.2"),
    why="§8.2: a request's status is looked up by its reference, and a customer unhappy with how it was handled gets "
    "a complaint request. The earlier request concerns no record, so neither does the complaint.",
    careless="Reopens or re-raises the original request instead of a complaint, hands over to a human, or files the "
    "complaint without looking the request up.",
    candidates=_followup_candidates,
    draft=_followup_draft,
)

# --- edge cases: overdue escalation, bereavement, account takeover -------------------------


def _overdue_candidates(conn: sqlite3.Connection) -> list[CustomerRequest]:
    return rows(
        conn,
        CustomerRequest,
        "SELECT customer_id, request_id FROM service_requests WHERE status IN ('open', 'in_progress') "
        "AND sla_due_on < ? ORDER BY request_id",
        (clock.today_iso(),),
    )


def _overdue_draft(conn: sqlite3.Connection, candidate: CustomerRequest, rng: random.Random) -> Draft:
    customer_id, request_id = candidate.customer_id, candidate.request_id
    created = request(conn, request_id).created_on
    opening = rng.choice(
        (
            f"Hello, I raised a request in {spoken_date(created).split(' ', 1)[1]}, reference {request_id}, and nothing has "
            "happened. What is its status? If it is overdue, please escalate it.",
            f"Hi, can you check the status of my request {request_id}? It has been pending for a long time. If it is past "
            "its due date, I want it escalated.",
        )
    )
    return Draft(
        customer_id=customer_id,
        reason=f"Your request {request_id} has been pending for a long time; you want its status and, if it is late, an escalation.",
        opening=opening,
        known=[("Request reference", request_id), ("When you raised it", spoken_date(created))],
        unknown="You do not know the request's due date.",
        gold=[
            Step("get_service_request_status", {"request_id": request_id}),
            _handover(f"Customer asks to escalate overdue request {request_id}."),
        ],
        assertion=(
            f"The assistant looked up request {request_id}, told the customer it is past its due date and "
            "apologised, and handed the conversation to a human after the customer confirmed the escalation"
        ),
        accept=["If the assistant offers to escalate to a colleague, accept it."],
    )


OVERDUE_ESCALATE = Family(
    name="overdue_escalate",
    category="edge_case",
    quota=5,
    clauses=("8.2", "10.1", "2.2"),
    why="§8.2: the status is looked up by reference; the request is past its due date, and the customer asks to "
    "escalate, which §10.1 lists as a reason to hand over to a human. No service request is called for.",
    careless="Raises a fresh complaint or a duplicate request instead of handing over, or promises a resolution "
    "without reading the request.",
    candidates=_overdue_candidates,
    draft=_overdue_draft,
)


def _bereavement_candidates(conn: sqlite3.Connection) -> list[JointHolder]:
    return rows(
        conn,
        JointHolder,
        "SELECT h.customer_id, a.account_id, o.customer_id AS other_customer_id FROM accounts a "
        "JOIN account_holders h ON h.account_id = a.account_id JOIN account_holders o ON o.account_id = a.account_id AND "
        "o.customer_id != h.customer_id WHERE a.status = 'active' ORDER BY a.account_id, h.customer_id",
    )


def _bereavement_draft(conn: sqlite3.Connection, candidate: JointHolder, rng: random.Random) -> Draft:
    customer_id, account, deceased = candidate.customer_id, candidate.account_id, candidate.other_customer_id
    name, label = full_name(conn, deceased), account_label(conn, account)
    when = rng.choice(("last week", "two weeks ago", "on Monday", "earlier this month"))
    return Draft(
        customer_id=customer_id,
        reason=f"{name}, the joint holder of your {label}, passed away {when}. You want to know how to make the claim.",
        opening=(
            f"Hello, {name}, who holds my {label} jointly with me, passed away {when}. What do I have to do about "
            "the account and the claim?"
        ),
        known=[("Who passed away", f"{name}, the joint holder"), ("When", when), ("Account", f"your {label}")],
        unknown="You do not know the bank's bereavement procedure.",
        gold=[_handover(f"Joint holder {name} of account ending {account[-4:]} has died; customer asks about the claim.")],
        assertion=(
            "The assistant expressed condolences, made no change to the account, and handed the conversation to a "
            "human colleague after the customer agreed"
        ),
        accept=["If the assistant offers to put you through to a colleague, accept it."],
        persona_note="Grieving and a little confused; speaks briefly.",
    )


BEREAVEMENT = Family(
    name="bereavement",
    category="edge_case",
    quota=3,
    clauses=("10.1", "2.2", "2.3"),
    why="§10.1: when an account holder has died the conversation goes to a human; no look-up is required and no "
    "tool or service request handles a bereavement claim.",
    careless="Removes the holder, changes the nominee, raises a service request, or explains the claim process itself "
    "instead of handing over.",
    candidates=_bereavement_candidates,
    draft=_bereavement_draft,
)

#: (what the customer says, the same fact addressed to the customer).
_TAKEOVER = (
    ("My mobile banking password was changed and I did not do it", "your mobile banking password was changed and you did not do it"),
    (
        "The e-mail on my net banking was changed without my knowledge and I am locked out",
        "the e-mail on your net banking was changed without your knowledge and you are locked out",
    ),
    (
        "I got an alert that a new device was added to my mobile banking, and now I cannot log in",
        "you got an alert that a new device was added to your mobile banking, and now you cannot log in",
    ),
)


def _takeover_candidates(conn: sqlite3.Connection) -> list[Customer]:
    return rows(
        conn,
        Customer,
        "SELECT DISTINCT h.customer_id FROM account_holders h JOIN accounts a ON a.account_id = "
        "h.account_id WHERE a.status = 'active' AND h.role = 'primary' ORDER BY h.customer_id",
    )


def _takeover_draft(conn: sqlite3.Connection, candidate: Customer, rng: random.Random) -> Draft:
    said, fact = rng.choice(_TAKEOVER)
    return Draft(
        customer_id=candidate.customer_id,
        reason="You believe someone else has taken over your online banking, and you want it secured.",
        opening=f"Please help, I think someone has taken over my online banking. {said}.",
        known=[("What happened", fact), ("Have you shared any OTP or password", "no, never")],
        unknown="You do not know whether any money has moved.",
        gold=[_handover(f"Customer reports that someone else has taken over their online banking: {fact}.")],
        assertion=(
            "The assistant did not ask for any OTP or password, made no change on its own, and handed the "
            "conversation to a human colleague after the customer agreed"
        ),
        accept=["You want to be put through to someone who can secure your online banking; do not ask for anything else."],
        persona_note="Worried and speaks quickly.",
    )


ACCOUNT_TAKEOVER = Family(
    name="account_takeover",
    category="edge_case",
    quota=2,
    clauses=("10.1", "1.4", "2.3"),
    why="§10.1: a report that someone else has taken over the customer's online banking goes to a human; the customer "
    "asks for nothing else, so no card or account change is called for (§2.3).",
    careless="Blocks or freezes cards unasked, raises a dispute or generic request, or asks for an OTP to verify.",
    candidates=_takeover_candidates,
    draft=_takeover_draft,
)

FAMILIES = (INSURANCE_CLAIM, OFFER_TO_DEPOSIT, FAILED_TXN_COMPENSATION, REQUEST_FOLLOWUP, OVERDUE_ESCALATE, BEREAVEMENT, ACCOUNT_TAKEOVER)
