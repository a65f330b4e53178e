"""Control families: short, plain requests, mostly single look-ups (policy §1, §3–§9).

Control tasks check that an assistant does the obvious thing without over-acting:
most need one or two reads and no change; a few need one plain change.
"""

from __future__ import annotations

import random
import sqlite3
from typing import Any, NamedTuple

from tau_indian_bank.bank import clock
from tau_indian_bank.bank.money import spoken_rupees
from tau_indian_bank.constants import GOLD_LOAN_LTV_BPS, GOLD_LOAN_MIN_PAISE, gold_rate_per_gram_paise
from tau_indian_bank.tasks.framework import Draft, Drafter, Family, Finder, Step, month_year, yours
from tau_indian_bank.tasks.lookups import (
    AccountPair,
    CardAccount,
    CustomerAccount,
    CustomerCard,
    CustomerDeposit,
    CustomerLoan,
    CustomerRequest,
    account_label,
    address,
    card_label,
    deposit,
    open_request,
    rows,
    value,
    values,
)


class RatesQuestion(NamedTuple):
    customer_id: str
    deposit_type: str


class RulesQuestion(NamedTuple):
    """A customer, and which of the rules questions they ask."""

    customer_id: str
    number: int


class PolicyQuestion(NamedTuple):
    """A customer whose policies are of distinct types, and the type they ask about."""

    customer_id: str
    policy_type: str


class GoldRateQuestion(NamedTuple):
    customer_id: str
    karat: int


class GoldLoanQuestion(NamedTuple):
    customer_id: str
    karat: int
    grams: int


class OfferRate(NamedTuple):
    name: str
    rate_bps: int


class LoanOfferQuestion(NamedTuple):
    customer_id: str
    offer_name: str
    rate_bps: int


class CustomerCity(NamedTuple):
    customer_id: str
    city: str


class MovingCustomer(NamedTuple):
    """A customer, and another customer (in another city) whose address they move to."""

    customer_id: str
    source_customer_id: str


def _own_active_accounts(conn: sqlite3.Connection) -> list[CustomerAccount]:
    return rows(
        conn,
        CustomerAccount,
        "SELECT h.customer_id, a.account_id FROM accounts a JOIN account_holders h ON "
        "h.account_id = a.account_id WHERE a.status = 'active' ORDER BY a.account_id, h.customer_id",
    )


def _customers(conn: sqlite3.Connection, where: str = "") -> list[str]:
    return values(conn, f"SELECT customer_id FROM customers {where}ORDER BY customer_id")


# --- one look-up --------------------------------------------------------------------------


def _balance(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    customer_id, account = candidate.customer_id, candidate.account_id
    label = account_label(conn, account)
    phrasing = rng.choice(
        (
            f"What is the balance in my {label}?",
            f"Could you tell me how much money is in my {label}?",
            f"Please check the available balance of my {label}.",
        )
    )
    return Draft(
        customer_id,
        f"You want to know the balance of your {label}.",
        phrasing,
        [("Account", f"your {label}")],
        "You do not know the current balance.",
        [Step("get_account_details", {"account_id": account})],
        f"The assistant read the {label} and told the customer its balance, changing nothing",
    )


def _rates(conn: sqlite3.Connection, candidate: RatesQuestion, rng: random.Random) -> Draft:
    customer_id, kind = candidate.customer_id, candidate.deposit_type
    word = "fixed deposit" if kind == "fixed" else "recurring deposit"
    return Draft(
        customer_id,
        f"You want to know today's {word} interest rates.",
        rng.choice((f"What are your current {word} interest rates?", f"Can you share the {word} rates for different tenures?")),
        [("Deposit type", word)],
        "You do not know the rates.",
        [Step("get_deposit_rates", {"deposit_type": kind})],
        f"The assistant quoted the {word} rate card from the bank's tools, changing nothing",
    )


_QUESTIONS = (
    ("What is the UPI limit per day?", "UPI daily limit"),
    ("How much of my deposits are insured if a bank fails?", "DICGC deposit insurance cover"),
    ("When does the bank deduct TDS on FD interest, and how can I avoid it with Form 15H?", "TDS on deposit interest"),
    ("What is the minimum amount for an RTGS transfer?", "RTGS minimum amount"),
    ("What is positive pay for cheques and when is it needed?", "positive pay for cheques"),
    ("How often do I need to update my KYC?", "KYC periodic updation"),
    ("When does an account become dormant, and how do I reactivate it?", "dormant accounts"),
    ("How long is a cheque valid after the date on it?", "cheque validity"),
    ("What is the maximum I can send by IMPS in one go?", "IMPS limit"),
    (
        "If there is a fraudulent transaction on my account, how quickly must I report it to avoid liability?",
        "liability for unauthorised transactions",
    ),
    ("My ATM withdrawal failed but the money was debited. How soon will it come back?", "failed ATM transaction reversal"),
    ("How do I complain to the RBI Ombudsman if the bank does not resolve my complaint?", "banking ombudsman"),
)


def _rules(conn: sqlite3.Connection, candidate: RulesQuestion, rng: random.Random) -> Draft:
    customer_id = candidate.customer_id
    question, topic = _QUESTIONS[candidate.number % len(_QUESTIONS)]
    return Draft(
        customer_id,
        f"You have a general question about {topic}.",
        question,
        [("Question", f'"{question}"')],
        "You do not know the rule.",
        [Step("search_regulations", {"query": topic}, compare=())],
        f"The assistant answered the question about {topic} from the regulation knowledge base",
    )


def _loan(conn: sqlite3.Connection, candidate: CustomerLoan, rng: random.Random) -> Draft:
    customer_id, loan_id = candidate.customer_id, candidate.loan_id
    kind = value(conn, "SELECT loan_type FROM loans WHERE loan_id = ?", (loan_id,))
    return Draft(
        customer_id,
        f"You want to know when your next {kind} loan EMI is due and how much it is.",
        f"When is my next {kind} loan EMI due, and how much is it?",
        [("Loan", f"your {kind} loan")],
        "You do not know the EMI date or amount.",
        [Step("get_loan_details", {"loan_id": loan_id})],
        f"The assistant read the {kind} loan {loan_id} and gave the next EMI date and amount, changing nothing",
    )


def _card(conn: sqlite3.Connection, candidate: CustomerCard, rng: random.Random) -> Draft:
    customer_id, card_id = candidate.customer_id, candidate.card_id
    label = card_label(conn, card_id)
    return Draft(
        customer_id,
        f"You want to check whether your {label} is working and when it expires.",
        f"Is my {label} active? And when does it expire?",
        [("Card", f"your {label}")],
        "You do not know the card's status.",
        [Step("get_card_details", {"card_id": card_id})],
        f"The assistant read the {label} and told the customer its status and expiry, changing nothing",
    )


def _request(conn: sqlite3.Connection, candidate: CustomerRequest, rng: random.Random) -> Draft:
    customer_id, request_id = candidate.customer_id, candidate.request_id
    return Draft(
        customer_id,
        f"You want an update on your service request {request_id}.",
        f"Hi, can you tell me the status of my request {request_id}?",
        [("Request reference", request_id)],
        "You do not know its current status.",
        [Step("get_service_request_status", {"request_id": request_id})],
        f"The assistant looked up request {request_id} and reported its status, changing nothing",
    )


def _insurance(conn: sqlite3.Connection, candidate: PolicyQuestion, rng: random.Random) -> Draft:
    customer_id, kind = candidate.customer_id, candidate.policy_type
    return Draft(
        customer_id,
        f"You want to know when the premium on your {kind} insurance policy is due.",
        f"When is my next {kind} insurance premium due, and how much is it?",
        [("Policy", f"your {kind} insurance")],
        "You do not know the due date.",
        [Step("get_insurance_policies", {})],
        f"The assistant listed the customer's policies and gave the {kind} policy's premium and due date",
    )


def _gold_rate(conn: sqlite3.Connection, candidate: GoldRateQuestion, rng: random.Random) -> Draft:
    customer_id, karat = candidate.customer_id, candidate.karat
    return Draft(
        customer_id,
        f"You want today's gold rate for {karat} carat gold.",
        f"What is today's gold rate per gram for {karat} carat?",
        [("Purity", f"{karat} carat")],
        "You do not know the rate.",
        [Step("get_gold_rate", {"purity_karat": karat})],
        f"The assistant gave today's {karat}-carat gold rate from the bank's tools",
    )


# --- two look-ups --------------------------------------------------------------------------


def _two_balances(conn: sqlite3.Connection, candidate: AccountPair, rng: random.Random) -> Draft:
    customer_id, first, second = candidate.customer_id, candidate.first_account_id, candidate.second_account_id
    a, b = account_label(conn, first), account_label(conn, second)
    return Draft(
        customer_id,
        f"You want the balances of your {a} and your {b}.",
        f"Can you tell me the balances of my {a} and my {b}?",
        [("Accounts", f"your {a} and your {b}")],
        "You do not know the balances.",
        [Step("get_account_details", {"account_id": first}), Step("get_account_details", {"account_id": second})],
        f"The assistant read both accounts ({a}, {b}) and gave each balance, changing nothing",
    )


def _deposit_maturity(conn: sqlite3.Connection, candidate: CustomerDeposit, rng: random.Random) -> Draft:
    customer_id, deposit_id = candidate.customer_id, candidate.deposit_id
    found = deposit(conn, deposit_id)
    kind, opened = found.deposit_type, found.opened_on
    word, month = ("fixed deposit" if kind == "fixed" else "recurring deposit"), month_year(opened)
    return Draft(
        customer_id,
        f"You want to know when your {word} opened in {month} matures and for how much.",
        f"When does the {word} I opened in {month} mature, and how much will I get?",
        [("Deposit", f"the {word} you opened in {month}")],
        "You do not know the deposit number.",
        [Step("list_deposits", {}), Step("get_deposit_details", {"deposit_id": deposit_id})],
        f"The assistant found deposit {deposit_id} in the list, read it and gave its maturity date and amount",
    )


_LOAN_OFFERS = {"Car Loan": "car", "Home Loan": "home", "Gold Loan": "gold"}


def _loan_offer(conn: sqlite3.Connection, candidate: LoanOfferQuestion, rng: random.Random) -> Draft:
    customer_id, offer_name, rate = candidate.customer_id, candidate.offer_name, candidate.rate_bps
    kind = _LOAN_OFFERS[offer_name]
    principal = rng.choice({"car": (5_00_000, 8_00_000), "home": (25_00_000, 40_00_000), "gold": (1_00_000, 2_00_000)}[kind])
    tenure = rng.choice({"car": (36, 60), "home": (180, 240), "gold": (12, 24)}[kind])
    return Draft(
        customer_id,
        f"You are considering a {kind} loan and want the bank's rate and the EMI for your amount.",
        f"What is your {kind} loan interest rate, and what would my EMI be on {spoken_rupees(principal * 100)} over {tenure} months?",
        [("Loan amount", spoken_rupees(principal * 100)), ("Tenure", f"{tenure} months")],
        "You do not know the bank's rate.",
        [
            Step("get_product_offers", {"category": "loans"}, compare=()),
            Step("calculate_loan_emi", {"principal": principal, "annual_rate": rate / 100, "tenure_months": tenure}),
        ],
        f"The assistant found the {offer_name} rate in the offers and calculated the EMI at that rate, changing nothing",
    )


def _card_and_account(conn: sqlite3.Connection, candidate: CardAccount, rng: random.Random) -> Draft:
    customer_id, card_id, account = candidate.customer_id, candidate.card_id, candidate.account_id
    card, account_text = card_label(conn, card_id), account_label(conn, account)
    return Draft(
        customer_id,
        f"You want to check that your {card} works and how much is in its {account_text}.",
        f"Is my {card} active, and what is the balance in the {account_text} it is linked to?",
        [("Card", f"your {card}"), ("Account", f"your {account_text}")],
        "You do not know either.",
        [Step("get_card_details", {"card_id": card_id}), Step("get_account_details", {"account_id": account})],
        f"The assistant read the {card} and the {account_text} and reported both, changing nothing",
    )


def _gold_eligibility(conn: sqlite3.Connection, candidate: GoldLoanQuestion, rng: random.Random) -> Draft:
    customer_id, karat, grams = candidate.customer_id, candidate.karat, candidate.grams
    return Draft(
        customer_id,
        f"You want today's {karat}-carat gold rate and how much loan {grams} grams could get you.",
        f"What is today's {karat} carat gold rate, and how much gold loan can I get against {grams} grams?",
        [("Gold", f"{grams} grams of {karat} carat")],
        "You do not know the rate or the rules.",
        [
            Step("get_gold_rate", {"purity_karat": karat}),
            Step("check_gold_loan_eligibility", {"gold_weight_grams": grams, "purity_karat": karat}),
        ],
        f"The assistant gave the {karat}-carat rate and the maximum loan for {grams} grams, without applying",
    )


# --- one plain change --------------------------------------------------------------------


def _address(conn: sqlite3.Connection, candidate: MovingCustomer, rng: random.Random) -> Draft:
    customer_id = candidate.customer_id
    new = address(conn, candidate.source_customer_id, "communication")
    line1, line2, city, state, pincode = new.line1, new.line2, new.city, new.state, new.pincode
    spoken = f"{line1.title()}, {line2.title()}, {city.title()}, {state.title()} {pincode}"
    return Draft(
        customer_id,
        f"You have moved and want your communication address changed to {spoken}.",
        f"I have moved house. Please update my communication address to {spoken}.",
        [("New address", spoken)],
        "You do not know how the bank stores addresses.",
        [
            Step(
                "update_address",
                {
                    "address_type": "communication",
                    "line1": line1.title(),
                    "line2": line2.title(),
                    "city": city.title(),
                    "state": state.title(),
                    "pincode": pincode,
                },
            ),
            Step("get_customer_profile", {}),
        ],
        "The assistant read back the current address, confirmed the new one, updated only the communication "
        "address and then read the profile again to read back the address as the bank now holds it",
    )


def _nominee(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    customer_id, account = candidate.customer_id, candidate.account_id
    label = account_label(conn, account)
    who = rng.choice(("my wife", "my husband", "my daughter", "my son", "my mother", "my brother"))
    return Draft(
        customer_id,
        f"You want to add or change the nominee on your {label} to {yours(who)}.",
        f"I want to make {who} the nominee on my {label}.",
        [("Account", f"your {label}"), ("Nominee", yours(who))],
        "You do not know the procedure.",
        [
            Step(
                "raise_service_request",
                {"category": "nominee_update", "related_id": account, "description": f"Customer wants {who} as nominee"},
                compare=("category", "related_id"),
            )
        ],
        f"The assistant raised a nominee update request for the {label} after confirmation (a signed form is needed)",
        accept=["Accept that a signed form is needed and that a request will be raised."],
    )


def _candidates_balance(conn: sqlite3.Connection) -> list[CustomerAccount]:
    return _own_active_accounts(conn)


def _candidates_two_balances(conn: sqlite3.Connection) -> list[AccountPair]:
    by_customer: dict[str, list[str]] = {}
    for c in _own_active_accounts(conn):
        by_customer.setdefault(c.customer_id, []).append(c.account_id)
    return [AccountPair(c, a[0], a[1]) for c, a in sorted(by_customer.items()) if len(a) >= 2]


def _candidates_gold(conn: sqlite3.Connection) -> list[GoldLoanQuestion]:
    found = []
    for index, customer_id in enumerate(_customers(conn)):
        karat = (18, 22, 24)[index % 3]
        grams = (15, 20, 25, 30, 40, 50, 75, 100)[index % 8]
        worth = gold_rate_per_gram_paise(karat) * grams * GOLD_LOAN_LTV_BPS // 10_000
        if worth >= GOLD_LOAN_MIN_PAISE:
            found.append(GoldLoanQuestion(customer_id, karat, grams))
    return found


def _candidates_address(conn: sqlite3.Connection) -> list[MovingCustomer]:
    people = rows(
        conn, CustomerCity, "SELECT a.customer_id, a.city FROM addresses a WHERE a.address_type = 'communication' ORDER BY a.customer_id"
    )
    found = []
    for index, person in enumerate(people):
        source = people[(index * 7 + 13) % len(people)]
        if source.city != person.city and source.customer_id != person.customer_id:
            found.append(MovingCustomer(person.customer_id, source.customer_id))
    return found


def _candidates_loan_offer(conn: sqlite3.Connection) -> list[LoanOfferQuestion]:
    offers = rows(
        conn, OfferRate, "SELECT name, rate_bps FROM product_offers WHERE name IN ('Car Loan', 'Home Loan', 'Gold Loan') ORDER BY name"
    )
    return [
        LoanOfferQuestion(c, offer.name, offer.rate_bps) for c, offer in zip(_customers(conn, "WHERE segment != 'premium' "), offers * 1000)
    ]


def _family(
    name: str, quota: int, clauses: tuple[str, ...], why: str, careless: str, candidates: Finder[Any], draft: Drafter[Any]
) -> Family[Any]:
    return Family(
        name=name, category="control", quota=quota, clauses=clauses, why=why, careless=careless, candidates=candidates, draft=draft
    )


FAMILIES = (
    _family(
        "balance",
        14,
        ("3.1", "1.2"),
        "A balance comes from the account's details (§3.1); nothing else is needed.",
        "Quotes a balance from the login context, which does not show balances, or guesses.",
        _candidates_balance,
        _balance,
    ),
    _family(
        "deposit_rates",
        7,
        ("4.1",),
        "Rates come from the rate card (§4.1).",
        "Quotes rates from memory.",
        lambda conn: [RatesQuestion(c, k) for c, k in zip(_customers(conn), ["fixed", "recurring"] * 1000)],
        _rates,
    ),
    _family(
        "rules_question",
        13,
        ("9.1",),
        "Rules questions are answered from the knowledge base (§9.1); the query wording is free, so only the search itself is compared.",
        "Answers from general knowledge with figures that differ from the bank's rules.",
        lambda conn: [RulesQuestion(c, i) for i, c in enumerate(_customers(conn))],
        _rules,
    ),
    _family(
        "loan_emi",
        8,
        ("5.1",),
        "Loan facts come from the loan's details (§5.1).",
        "Guesses the EMI date from the disbursal date.",
        lambda conn: rows(conn, CustomerLoan, "SELECT customer_id, loan_id FROM loans WHERE status = 'active' ORDER BY loan_id"),
        _loan,
    ),
    _family(
        "card_status",
        6,
        ("6.1", "1.2"),
        "Card status and expiry come from the card's details.",
        "Answers from the login context's status alone and misses the expiry.",
        lambda conn: rows(conn, CustomerCard, "SELECT customer_id, card_id FROM cards ORDER BY card_id"),
        _card,
    ),
    _family(
        "request_status",
        6,
        ("8.2",),
        "The status comes from looking up the reference (§8.2).",
        "Raises a new request instead of looking up the existing one.",
        lambda conn: rows(
            conn,
            CustomerRequest,
            "SELECT customer_id, request_id FROM service_requests WHERE NOT (status IN "
            "('open', 'in_progress') AND sla_due_on < ?) ORDER BY request_id",
            (clock.today_iso(),),
        ),
        _request,
    ),
    _family(
        "insurance_premium",
        3,
        ("8.3",),
        "Premiums and due dates come from the customer's policies (§8.3).",
        "Sends the customer to the insurer.",
        lambda conn: rows(
            conn,
            PolicyQuestion,
            "SELECT customer_id, MIN(policy_type) AS policy_type FROM insurance_policies "
            "WHERE status = 'active' "
            "GROUP BY customer_id HAVING COUNT(DISTINCT policy_type) = COUNT(*) ORDER BY customer_id",
        ),
        _insurance,
    ),
    _family(
        "gold_rate",
        3,
        ("5.4",),
        "Today's rate comes from the gold-rate tool (§5.4).",
        "Quotes a market rate from memory.",
        lambda conn: [GoldRateQuestion(c, (18, 22, 24)[i % 3]) for i, c in enumerate(_customers(conn))],
        _gold_rate,
    ),
    _family(
        "two_balances",
        7,
        ("3.1",),
        "Two balances need both accounts' details.",
        "Reads one account and guesses the other.",
        _candidates_two_balances,
        _two_balances,
    ),
    _family(
        "deposit_maturity",
        8,
        ("1.3", "4.1"),
        "The deposit is named by month, so the list is needed to find it, and its details give the maturity.",
        "Reads the wrong deposit, or quotes the maturity from the list alone.",
        lambda conn: rows(
            conn,
            CustomerDeposit,
            "SELECT d.customer_id, d.deposit_id FROM deposits d WHERE d.status = 'active' AND "
            "(SELECT COUNT(*) FROM deposits e WHERE e.customer_id = d.customer_id AND "
            "substr(e.opened_on, 1, 7) = substr(d.opened_on, 1, 7)) = 1 ORDER BY d.deposit_id",
        ),
        _deposit_maturity,
    ),
    _family(
        "loan_offer_emi",
        6,
        ("5.3", "8.4"),
        "The rate must come from the customer's eligible offers (§8.4) and the EMI from the calculator at that rate (§5.3).",
        "Uses a rate from memory in the EMI calculation.",
        _candidates_loan_offer,
        _loan_offer,
    ),
    _family(
        "card_and_account",
        6,
        ("6.1", "3.1"),
        "Both the card's and the linked account's details are needed.",
        "Answers the balance from the card's details, which do not hold it.",
        lambda conn: rows(
            conn,
            CardAccount,
            "SELECT c.customer_id, c.card_id, c.account_id FROM cards c JOIN accounts a ON "
            "a.account_id = c.account_id WHERE c.card_type = 'debit' AND a.status = 'active' "
            "ORDER BY c.card_id",
        ),
        _card_and_account,
    ),
    _family(
        "gold_eligibility",
        6,
        ("5.4",),
        "The customer asks for both the rate and the eligibility, and does not apply.",
        "Raises a gold loan application the customer did not ask for.",
        _candidates_gold,
        _gold_eligibility,
    ),
    _family(
        "update_address",
        10,
        ("3.5", "2.2"),
        "The communication address can be changed in chat (§3.5); the current "
        "one is already in the login context, so the procedure is one confirmed change followed by the read-back "
        "from the profile that §3.5 requires.",
        "Also changes the permanent address, or raises a KYC request for a communication address.",
        _candidates_address,
        _address,
    ),
    _family(
        "nominee_request",
        9,
        ("3.7", "8.1"),
        "Nominee changes need a signed form, so §3.7 prescribes a nominee_update request for the account and nothing else.",
        "Tells the customer to visit a branch without raising the request.",
        lambda conn: [
            c
            for c in rows(
                conn,
                CustomerAccount,
                "SELECT h.customer_id, a.account_id FROM accounts a JOIN "
                "account_holders h ON h.account_id = a.account_id AND h.role = "
                "'primary' WHERE a.status = 'active' ORDER BY a.account_id",
            )
            if not open_request(conn, c.customer_id, "nominee_update", c.account_id)
        ],
        _nominee,
    ),
)
