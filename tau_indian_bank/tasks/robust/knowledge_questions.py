"""``irrelevant_results``: rules questions whose search also returns near misses planted by the task.

Each question is one a customer asks in their own words (:data:`QUESTIONS`), about a figure the
regulation knowledge base states and the servicing policy does not (so only the search answers
it; ``validate`` checks both, :mod:`.knowledge_checks`). The task plants near-miss copies of the
section that answers (``tools.staging.plant_near_miss``): a superseded circular and a draft not
yet in force, each with the figure changed and without the genuine section's worked examples.
The fact the customer must be told is the figure of the section in force, read off the gold
replay (``evaluation.fact_rules``).
"""

from __future__ import annotations

import random
import sqlite3
from typing import Any, NamedTuple

from tau_indian_bank.tasks.framework import Draft, Family, Step, yours
from tau_indian_bank.tasks.lookups import values


def stage_near_misses(document_id: str, section: str, figure: str, variants: tuple[str, ...]) -> list[dict[str, object]]:
    """The initialization actions that plant one near miss of a section per variant."""
    return [
        {
            "env_type": "assistant",
            "func_name": "plant_near_miss",
            "arguments": {"document_id": document_id, "section": section, "figure": figure, "variant": variant},
        }
        for variant in variants
    ]


class Question(NamedTuple):
    """A rules question: the section that answers it, its figure, the customer's words and the search they need."""

    document_id: str
    section: str
    figure: str
    asked: str
    topic: str
    query: str


#: Sixteen questions: the first release drew from sixteen sections per customer, and the pool's size decides which
#: customers the family draws (keep it at sixteen, or the family's customers, and later families', change).
QUESTIONS = (
    Question(
        "upi_limits",
        "2. Enhanced UPI limit of ₹5,00,000 for specified categories",
        "₹5,00,000",
        "My son's college fees are due. Up to what amount can I pay a college's fees by UPI in one day?",
        "the UPI limit for paying an educational institution",
        "UPI limit educational institutions",
    ),
    Question(
        "upi_limits",
        "1. UPI limit per day for ordinary payments",
        "₹1,00,000",
        "How much can I send to my relatives by UPI in one day from my account?",
        "the daily UPI limit for sending money to a person",
        "UPI daily limit person to person transfer",
    ),
    Question(
        "failed_transactions",
        "4. Compensation of ₹100 per day for delayed reversal",
        "₹100",
        "If the bank is late in reversing a failed payment, how much compensation do I get for each day of delay?",
        "the compensation for each day a failed payment's reversal is late",
        "compensation per day for delayed reversal of a failed transaction",
    ),
    Question(
        "neft_rtgs_imps",
        "2. RTGS minimum amount of ₹2,00,000",
        "₹2,00,000",
        "What is the smallest amount I can send by RTGS?",
        "the minimum amount of an RTGS transfer",
        "RTGS minimum amount",
    ),
    Question(
        "neft_rtgs_imps",
        "3. IMPS instant transfer limit of ₹5,00,000 per transaction",
        "₹5,00,000",
        "What is the most I can send in a single IMPS transfer?",
        "the IMPS limit per transfer",
        "IMPS limit per transaction",
    ),
    Question(
        "deposit_insurance",
        "2. DICGC limit of ₹5,00,000 per depositor per bank",
        "₹5,00,000",
        "If a bank fails, up to how much of my money in it is insured?",
        "the deposit insurance cover per depositor",
        "DICGC deposit insurance limit per depositor",
    ),
    Question(
        "positive_pay",
        "2. Positive pay mandatory for cheques of ₹5,00,000 and above",
        "₹5,00,000",
        "From what cheque amount do I have to give the bank positive pay details?",
        "the cheque amount from which positive pay is compulsory",
        "positive pay mandatory cheque amount",
    ),
    Question(
        "positive_pay",
        "3. Positive pay advised for cheques of ₹50,000 and above",
        "₹50,000",
        "From what cheque amount does the bank advise giving positive pay details, even if it is not compulsory?",
        "the cheque amount from which positive pay is advised",
        "positive pay advised cheque amount",
    ),
    Question(
        "tds_on_deposits",
        "3. TDS threshold: ₹50,000 general and ₹1,00,000 senior citizens",
        "₹50,000",
        "For someone who is not a senior citizen, above how much deposit interest in a year does the bank deduct TDS?",
        "the yearly deposit interest above which TDS is deducted for a customer under 60",
        "TDS threshold on deposit interest",
    ),
    Question(
        "tds_on_deposits",
        "2. TDS rate: 10.00% with PAN, 20.00% without PAN",
        "10.00%",
        "At what rate is TDS deducted on fixed deposit interest when my PAN is with the bank?",
        "the TDS rate on deposit interest with PAN",
        "TDS rate on deposit interest with PAN",
    ),
    Question(
        "unauthorised_transactions",
        "3. Limited liability of ₹10,000 for a savings account when reported in 4 to 7 working days",
        "₹10,000",
        "If I report a fraudulent payment from my savings account five working days after the alert, and it was nobody's "
        "fault at my end, what is the most I may have to bear?",
        "the most a savings account holder bears for an unauthorised transaction reported in 4 to 7 working days",
        "limited liability unauthorised transaction reported late",
    ),
    Question(
        "gold_loans",
        "1. Gold loan eligibility and minimum loan amount of ₹10,000",
        "₹10,000",
        "What is the smallest gold loan the bank gives?",
        "the smallest gold loan the bank sanctions",
        "minimum gold loan amount",
    ),
    Question(
        "tds_on_deposits",
        "3. TDS threshold: ₹50,000 general and ₹1,00,000 senior citizens",
        "₹1,00,000",
        "For a senior citizen, above how much deposit interest in a year does the bank deduct TDS?",
        "the yearly deposit interest above which TDS is deducted for a senior citizen",
        "TDS threshold senior citizens deposit interest",
    ),
    Question(
        "tds_on_deposits",
        "2. TDS rate: 10.00% with PAN, 20.00% without PAN",
        "20.00%",
        "If a customer's PAN is not with the bank, at what rate is TDS deducted on deposit interest?",
        "the TDS rate on deposit interest without PAN",
        "TDS rate without PAN",
    ),
    Question(
        "loan_foreclosure",
        "3. Fixed-rate personal loans: 4.00% of principal outstanding plus GST",
        "18.00%",
        "When a foreclosure charge applies to a loan, at what rate is GST added to that charge?",
        "the GST rate added to a loan's foreclosure charge",
        "GST on loan foreclosure charge",
    ),
    Question(
        "deposit_insurance",
        "3. Deposit insurance for joint accounts and different capacities",
        "₹5,00,000",
        "My wife and I have a joint account, and I also have deposits in my own name. Up to how much is the joint "
        "account insured, on its own?",
        "the insurance cover of a joint account, held in another capacity",
        "DICGC insurance joint account separate cover",
    ),
)


class CustomerQuestion(NamedTuple):
    """A customer and a rules question."""

    customer_id: str
    question: Question


def question_candidates(conn: sqlite3.Connection) -> list[CustomerQuestion]:
    """The first forty customers (by id), each with every question."""
    customers = values(conn, "SELECT customer_id FROM customers ORDER BY customer_id LIMIT 40")
    return [CustomerQuestion(c, q) for c in customers for q in QUESTIONS]


def _question_draft(conn: sqlite3.Connection, candidate: CustomerQuestion, rng: random.Random) -> Draft:
    q = candidate.question
    return Draft(
        customer_id=candidate.customer_id,
        reason=f"You want to know {q.topic}, under the rules in force today.",
        opening=f"Hello, I have a question about the rules. {q.asked} Please tell me the exact figure as it stands today.",
        known=[("Question", yours(q.asked))],
        unknown="You do not know the figure, and you do not know which circulars are in force.",
        gold=[Step("search_regulations", {"query": q.query})],
        setup=stage_near_misses(q.document_id, q.section, q.figure, ("superseded", "draft")),
        assertion=(
            f"The assistant searched the regulation knowledge base and gave {q.topic} from the section in force "
            f"('{q.section}' of {q.document_id}), not from the superseded circular or the draft proposal the search "
            "also returned"
        ),
    )


RULES_FIGURE = Family(
    name="irrelevant_results_rules_figure",
    category="irrelevant_results",
    quota=15,
    clauses=("9.1", "1.2"),
    why="The knowledge-base search returns, above the section in force, two near misses planted by the task: a "
    "superseded circular and a draft proposal, each with a different figure. Only the section in force answers, and "
    "the policy does not state the figure, so the search is needed.",
    careless="Quotes the first result's figure (the superseded or draft one): the answer check misses the figure, "
    "or does not search at all (no gold call).",
    candidates=question_candidates,
    draft=_question_draft,
)

#: The families of this module that keep their place in the first release's generation order.
IRRELEVANT: tuple[Family[Any], ...] = (RULES_FIGURE,)
