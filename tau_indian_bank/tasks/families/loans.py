"""Scenario families about loans: gold loan applications and foreclosures (policy §5, with §8.1).

Every family states, next to its generator: the clauses it tests, why its gold chain is
the one correct procedure, and what a careless assistant would do instead. (The loan
look-ups that change nothing, such as the EMI date, are control families.)
"""

from __future__ import annotations

import random
import sqlite3

from tau_indian_bank.bank.money import spoken_rupees
from tau_indian_bank.constants import (
    FORECLOSURE_MIN_EMIS_PAID,
    GOLD_LOAN_LTV_BPS,
    GOLD_LOAN_MIN_PAISE,
    gold_rate_per_gram_paise,
)
from tau_indian_bank.tasks.framework import Draft, Family, Step, request_step, yours
from tau_indian_bank.tasks.lookups import Customer, CustomerLoan, open_request, rows, value

_PURPOSES = (
    "my daughter's wedding",
    "my son's college fees",
    "expanding my small shop",
    "an urgent medical bill",
    "repaying a private loan",
    "repairs to my house",
)

# --- gold loan application ------------------------------------------------------------------


def _gold_candidates(conn: sqlite3.Connection) -> list[Customer]:
    found = rows(
        conn,
        Customer,
        "SELECT c.customer_id FROM customers c WHERE c.kyc_status = 'verified' AND NOT EXISTS "
        "(SELECT 1 FROM loans l WHERE l.customer_id = c.customer_id AND l.loan_type = 'gold' "
        "AND l.status = 'active') ORDER BY c.customer_id",
    )
    return [c for c in found if not open_request(conn, c.customer_id, "gold_loan_application", None)]


def _gold_draft(conn: sqlite3.Connection, candidate: Customer, rng: random.Random) -> Draft:
    customer_id = candidate.customer_id
    karat = rng.choice((18, 22, 22, 22, 24))
    tenths = rng.randint(80, 1500)
    grams: int | float = tenths // 10 if tenths % 10 == 0 else tenths / 10
    maximum = gold_rate_per_gram_paise(karat) * tenths * 100 // 1000 * GOLD_LOAN_LTV_BPS // 10_000
    assert maximum >= GOLD_LOAN_MIN_PAISE, "the gold must support at least the minimum loan"
    item = (
        "gold coins bought from a bank"
        if karat == 24
        else rng.choice(("gold bangles", "a gold necklace and earrings", "gold chains", "my wedding jewellery", "some gold ornaments"))
    )
    need = rng.choice(_PURPOSES)
    opening = rng.choice(
        (
            f"Hello, what is today's gold rate for {karat} carat? I have {item} of {karat} carat weighing {grams} grams. "
            "How much loan can I get against it? I would like to apply for a gold loan.",
            f"Hi, I need money for {need}. I have {item}, {grams} grams of {karat} carat gold. Please tell me today's gold "
            "rate and the most I can borrow against it, and then apply for a gold loan for me.",
        )
    )
    return Draft(
        customer_id=customer_id,
        reason=f"You want a gold loan for {yours(need)} against {yours(item)}: {grams} grams of {karat} carat gold.",
        opening=opening,
        known=[
            ("Gold weight", f"{grams} grams (net)"),
            ("Purity", f"{karat} carat"),
            ("Gold items", yours(item)),
            ("Purpose of the loan", yours(need)),
        ],
        unknown="You do not know today's gold rate, the loan-to-value ratio or the maximum loan.",
        gold=[
            Step("get_gold_rate", {"purity_karat": karat}),
            Step("check_gold_loan_eligibility", {"gold_weight_grams": grams, "purity_karat": karat}),
            request_step(
                "gold_loan_application",
                f"Gold loan against {grams} g of {karat} carat jewellery; eligible "
                f"up to {spoken_rupees(maximum)} subject to valuation at the branch.",
            ),
        ],
        assertion=(
            f"The assistant quoted today's {karat}-carat gold rate and the maximum loan of {spoken_rupees(maximum)} for "
            f"{grams} grams, and raised a gold loan application (not tied to any record) after the customer "
            "confirmed, explaining that the gold is valued at a branch"
        ),
        accept=["Accept the maximum loan the assistant quotes; you still want to apply."],
    )


GOLD_LOAN_APPLY = Family(
    name="gold_loan_apply",
    category="rare_tool",
    quota=25,
    clauses=("5.4", "8.1", "2.2"),
    why="§5.4 requires today's gold rate and an eligibility check for the weight and purity the customer gives, and "
    "a gold_loan_application request to apply; the request concerns no existing record, so it has no related id.",
    careless="Works the loan out by hand from a remembered rate, uses the default 22-carat rate for other purities, "
    "or raises the application without the eligibility check (or tied to an unrelated loan).",
    candidates=_gold_candidates,
    draft=_gold_draft,
)

# --- loan foreclosure -----------------------------------------------------------------------

LOAN_WORD = {"home": "home loan", "personal": "personal loan", "vehicle": "vehicle loan", "gold": "gold loan"}


def foreclosure_candidates(conn: sqlite3.Connection) -> list[CustomerLoan]:
    found = rows(
        conn,
        CustomerLoan,
        "SELECT l.customer_id, l.loan_id FROM loans l WHERE l.status = 'active' AND (l.rate_type = 'floating' "
        "OR l.loan_type = 'gold' OR l.emis_paid >= ?) AND (SELECT COUNT(*) FROM loans m WHERE "
        "m.customer_id = l.customer_id AND m.loan_type = l.loan_type) = 1 ORDER BY l.loan_id",
        (FORECLOSURE_MIN_EMIS_PAID,),
    )
    return [c for c in found if not open_request(conn, c.customer_id, "loan_foreclosure", c.loan_id)]


def foreclosure_draft(conn: sqlite3.Connection, candidate: CustomerLoan, rng: random.Random) -> Draft:
    customer_id, loan_id = candidate.customer_id, candidate.loan_id
    kind = value(conn, "SELECT loan_type FROM loans WHERE loan_id = ?", (loan_id,))
    word = LOAN_WORD[kind]
    source = rng.choice(("my annual bonus", "the sale of a plot of land", "a fixed deposit that matured", "my provident fund withdrawal"))
    if source.endswith("matured") and not value(
        conn,
        "SELECT COUNT(*) FROM deposits WHERE customer_id = ? AND (status = "
        "'matured' OR (status = 'closed' AND closed_on >= maturity_date))",
        (customer_id,),
    ):
        source += " at another bank"  # the customer has no matured deposit with this bank
    opening = rng.choice(
        (
            f"Hi, I have money from {source} and I want to close my {word} early. How much do I have to pay to "
            "foreclose it? If it is all in order, please go ahead with the foreclosure.",
            f"Hello, I would like to foreclose my {word} with money from {source}. Please tell me the total amount "
            "payable and then put in the foreclosure.",
        )
    )
    return Draft(
        customer_id=customer_id,
        reason=f"You want to repay your {word} in full now with money from {yours(source)}.",
        opening=opening,
        known=[("Loan", f"your {word}"), ("Source of the money", yours(source))],
        unknown="You do not know the loan number, the outstanding amount or whether any foreclosure charge applies.",
        gold=[
            Step("get_loan_details", {"loan_id": loan_id}),
            Step("get_loan_foreclosure_quote", {"loan_id": loan_id}),
            request_step("loan_foreclosure", f"Customer wants to foreclose {word} {loan_id} after reviewing the quote.", loan_id),
        ],
        assertion=(
            f"The assistant read loan {loan_id}, quoted the foreclosure total and any charge, explained the loan "
            "cannot be closed in chat, and raised a loan foreclosure request for that loan after the customer "
            "confirmed"
        ),
        accept=["Accept the total the assistant quotes; you want to go ahead with the foreclosure."],
    )


LOAN_FORECLOSURE = Family(
    name="loan_foreclosure",
    category="rare_tool",
    quota=25,
    clauses=("5.2", "5.1", "8.1", "2.2"),
    why="§5.2 prescribes reading the loan, getting a foreclosure quote and, on the customer's yes, raising a "
    "loan_foreclosure request for that loan (no tool closes a loan). The loan is the customer's only loan of the "
    "type named, and it can be foreclosed (floating rate, gold, or at least 12 EMIs paid).",
    careless="Quotes the outstanding principal from the loan details as the payoff, skips the quote, or raises a "
    "generic request without the loan id.",
    candidates=foreclosure_candidates,
    draft=foreclosure_draft,
)

#: The loan families, in generation order.
FAMILIES = (GOLD_LOAN_APPLY, LOAN_FORECLOSURE)
