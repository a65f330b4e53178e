"""Robustness families for ``long_context``: a long earlier conversation holds the fact the request needs.

The task's message history (shown to the assistant, 20+ messages) is an earlier chat in which
the customer stated a detail early on (where a deposit's payout should go) or stated one and
later superseded it (a deposit amount); the session opens with a short "let's do it now". The
gold chain uses the detail as it stands at the end of the history.
"""

from __future__ import annotations

import random
import sqlite3
from typing import Any

from tau_indian_bank.bank.money import spoken_rupees
from tau_indian_bank.tasks.families import deposits
from tau_indian_bank.tasks.framework import HISTORY_TIME, Draft, Family, month_year
from tau_indian_bank.tasks.lookups import CustomerAccount, CustomerDeposit, account_label, deposit
from tau_indian_bank.tasks.robust.cues import CONFIRM, NO_SECRETS, paise_of

#: Unrelated questions and general answers (no figures, no records) that pad the earlier conversation.
_SMALL_TALK = (
    (
        "What are your branch timings on Saturdays?",
        "Branch timings vary by branch; the branch locator in the mobile app shows the timings of your home branch.",
    ),
    (
        "How do I add a nominee to my account?",
        "Adding or changing a nominee needs a nomination form signed by you; I can "
        "raise a nominee update request for the account whenever you like.",
    ),
    ("Can I download my statements in the app?", "Yes, the mobile app lets you view and download statements for your accounts."),
    (
        "Is there a locker available at my branch?",
        "Locker availability depends on the branch; the branch can tell you whether one is free and add you to the waiting list.",
    ),
    (
        "What is the difference between NEFT and IMPS?",
        "Both move money between banks: IMPS is instant at any hour, while NEFT settles in half-hourly batches.",
    ),
    (
        "How do I change my registered e-mail address?",
        "You can update your e-mail address at the branch or in the mobile app's profile section, with a verification step.",
    ),
    (
        "Do you send SMS alerts for every transaction?",
        "Yes, every debit and credit on your accounts triggers an SMS alert to your registered mobile number.",
    ),
    (
        "Can I visit any branch, or only my home branch?",
        "Most services are available at any branch; a few, such as locker operations, need your home branch.",
    ),
    (
        "What should I do if I forget my app password?",
        "Use the 'forgot password' option in the app; never share an OTP or password with anyone, including bank staff.",
    ),
    (
        "Is net banking safe to use on public Wi-Fi?",
        "It is safer to avoid public Wi-Fi for banking; use your mobile data and always log out when you are done.",
    ),
)


def _message(role: str, text: str) -> dict[str, object]:
    message: dict[str, object] = {"role": role, "content": text, "timestamp": HISTORY_TIME}
    if role == "assistant":
        message["cost"] = 0.0
    return message


def earlier_history(name: str, early: tuple[str, str], rng: random.Random, late: tuple[str, str] | None = None) -> list[dict[str, Any]]:
    """An earlier chat of 22+ messages: greeting, the early detail, small talk (with the late change part-way)."""
    talk = rng.sample(_SMALL_TALK, 8)
    pairs = [
        ("Hi, I have a few questions before I decide anything.", f"Of course, {name}. What would you like to know?"),
        early,
        *talk[:4],
        *([late] if late else []),
        *talk[4:],
        ("Thanks, that's all my questions for now.", "You're welcome. Is there anything else I can help you with today?"),
    ]
    return [_message(role, text) for pair in pairs for role, text in zip(("user", "assistant"), pair, strict=True)]


def first_name(conn: sqlite3.Connection, customer_id: str) -> str:
    from tau_indian_bank.tasks.lookups import full_name

    return full_name(conn, customer_id).split()[0]


def _payout_account(conn: sqlite3.Connection, candidate: CustomerDeposit, rng: random.Random) -> Draft:
    d = deposits.close_draft(by_number=False, other_account=True)(conn, candidate, rng)
    fd = deposit(conn, candidate.deposit_id)
    month, target = month_year(fd.opened_on), account_label(conn, d.gold[-1].arguments["credit_account_id"])
    early = (
        f"One thing first: if I close my fixed deposit from {month}, I want the money in my {target}, not the "
        "linked account. Please keep that in mind.",
        "Noted. If you decide to close it, I will keep that in mind.",
    )
    d.history = earlier_history(first_name(conn, d.customer_id), early, rng)
    d.opening = rng.choice(
        (
            f"Actually, I've decided: please close that fixed deposit from {month} now.",
            f"One more thing. Let's close the fixed deposit I opened in {month}, as I said earlier.",
        )
    )
    d.reason += " You said where the money should go early in an earlier, long conversation; you expect it to be remembered."
    d.behaviour = [*d.accept, CONFIRM, NO_SECRETS]
    d.accept = []
    d.assertion += ", the account the customer named early in the earlier conversation"
    return d


def _superseded_amount(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    d = deposits.open_draft("fixed")(conn, candidate, rng)
    account, calc, _ = d.gold
    first, tenure = paise_of(calc.arguments["amount"]), int(calc.arguments["tenure_months"])
    final = first + max(10_000_00, first // 2 // 10_000_00 * 10_000_00)
    label = account_label(conn, candidate.account_id)
    early = (
        f"I am planning a fixed deposit of {spoken_rupees(first)} for {tenure} months from my {label}.",
        "That sounds like a good plan. I can open it whenever you are ready.",
    )
    late = (
        f"Actually, I have rethought the deposit: make it {spoken_rupees(final)}, not {spoken_rupees(first)}. Same tenure.",
        "Understood, I have noted the change.",
    )
    d.history = earlier_history(first_name(conn, d.customer_id), early, rng, late)
    d.gold = [account, *deposits.open_steps("fixed", candidate.account_id, final, tenure)[1:]]
    d.opening = rng.choice(("Okay, let's open that fixed deposit now.", "Right, please go ahead and open the fixed deposit we discussed."))
    d.known = [
        (t, f"{spoken_rupees(final)} (you first said {spoken_rupees(first)}, then changed it in the earlier chat)" if t == "Amount" else a)
        for t, a in d.known
    ]
    d.reason = (
        f"You want to open a fixed deposit of {spoken_rupees(final)} for {tenure} months from your {label}; early in "
        f"an earlier, long conversation you had said {spoken_rupees(first)}, and later changed it."
    )
    d.behaviour = [f"Agree only to a proposal that names {spoken_rupees(final)}.", *d.accept, CONFIRM, NO_SECRETS]
    d.accept = []
    d.assertion = (
        f"The assistant used the amount as last changed in the earlier conversation ({spoken_rupees(final)}, not "
        f"{spoken_rupees(first)}): it checked the {label}, quoted and, after confirmation, opened that deposit"
    )
    return d


LONG_PAYOUT = Family(
    name="long_context_payout_account",
    category="long_context",
    quota=9,
    clauses=("4.5", "2.2", "2.3"),
    why="§4.5's closure chain, crediting the account the customer named early in a long earlier conversation (their "
    "own account), not the linked account.",
    careless="Forgets what was said twenty messages ago and credits the deposit's linked account.",
    candidates=deposits.CLOSE_TO_OTHER_ACCOUNT.candidates,
    draft=_payout_account,
)
LONG_AMOUNT = Family(
    name="long_context_superseded_amount",
    category="long_context",
    quota=6,
    clauses=("4.2", "2.2"),
    why="§4.2's check, quote and confirmed opening, for the amount as last changed in the earlier conversation.",
    careless="Uses the amount first mentioned, which the customer later replaced.",
    candidates=lambda conn: deposits.funding_accounts(conn, 60_000_00),
    draft=_superseded_amount,
)

FAMILIES: tuple[Family[Any], ...] = (LONG_PAYOUT, LONG_AMOUNT)
