"""Scenario families about accounts: statements, disputed debits and addresses (policy §3).

Every family states, next to its generator: the clauses it tests, why its gold chain
is the one correct procedure, and what a careless assistant would do instead.
Accounts in these families are active, held by the customer as primary holder, and
named by last four digits that are unique among the customer's accounts.
"""

from __future__ import annotations

import datetime as dt
import random
import sqlite3
from typing import NamedTuple

from tau_indian_bank.bank import clock
from tau_indian_bank.bank.money import spoken_rupees
from tau_indian_bank.constants import STATEMENT_RETENTION_YEARS
from tau_indian_bank.tasks.framework import MONTHS, Draft, Family, Step, yours
from tau_indian_bank.tasks.lookups import (
    Address,
    Customer,
    CustomerAccount,
    CustomerTxn,
    account_label,
    address,
    open_request,
    rows,
    transaction,
    value,
)
from tau_indian_bank.tools.arguments import normalise_text
from tau_indian_bank.wording import spoken_date


class Period(NamedTuple):
    """A statement period, and how the customer names it ('for March 2026')."""

    start: dt.date
    end: dt.date
    words: str


class Split(NamedTuple):
    """A period longer than one statement allows, as the two parts the customer wants, and how they split it."""

    first: Period
    second: Period
    how: str


_UNIQUE_LAST4 = (
    "(SELECT COUNT(*) FROM account_holders x JOIN accounts y ON y.account_id = x.account_id "
    "WHERE x.customer_id = h.customer_id AND substr(y.account_id, -4) = substr(a.account_id, -4)) = 1"
)
_HOLDER = "JOIN account_holders h ON h.account_id = a.account_id AND h.role = 'primary'"
_ACTIVE = f"a.status = 'active' AND {_UNIQUE_LAST4}"
_PURPOSES = (
    "a visa application",
    "a home loan application",
    "filing my income tax return",
    "my own records",
    "a rental agreement",
    "my chartered accountant",
    "an education loan for my daughter",
)
_GREETINGS = ("Hello", "Hi", "Good morning", "Namaste", "Good afternoon")

# --- periods ----------------------------------------------------------------------------


def _month_end(year: int, month: int) -> dt.date:
    return clock.add_months(dt.date(year, month, 1), 1) - dt.timedelta(days=1)


def _earliest() -> dt.date:
    """The first day a statement may start on (records are kept for a fixed number of years)."""
    today = clock.today()
    return today.replace(year=today.year - STATEMENT_RETENTION_YEARS)


def _periods(opened: dt.date) -> list[Period]:
    """Statement periods of at most 12 months, ending by today, starting on or after the account opened."""
    today, found = clock.today(), []
    this_month = today.replace(day=1)
    for back in range(1, 19):
        start = clock.add_months(this_month, -back)
        found.append(Period(start, _month_end(start.year, start.month), f"for {MONTHS[start.month - 1]} {start.year}"))
    for back in range(1, 7):
        start = clock.add_months(dt.date(2026, 4, 1), 3 - 3 * back)
        end = clock.add_months(start, 3) - dt.timedelta(days=1)
        found.append(Period(start, end, f"for the quarter {MONTHS[start.month - 1]} to {MONTHS[end.month - 1]} {end.year}"))
    for year in (2023, 2024, 2025):
        found.append(Period(dt.date(year, 4, 1), dt.date(year + 1, 3, 31), f"for the financial year {year}-{(year + 1) % 100:02d}"))
        found.append(Period(dt.date(year, 1, 1), dt.date(year, 12, 31), f"for the calendar year {year}"))
    found.append(Period(dt.date(2026, 1, 1), dt.date(2026, 6, 30), "for January to June 2026"))
    return [p for p in found if p.start >= max(opened, _earliest()) and p.end <= today]


def _two_parts(start: dt.date, second: dt.date, end: dt.date, how: str) -> Split:
    """The span ``start``..``end`` as two back-to-back parts, the second starting on ``second``."""
    return Split(Period(start, second - dt.timedelta(days=1), ""), Period(second, end, ""), how)


def _long_periods(opened: dt.date) -> list[Split]:
    """18-to-24-month spans, each with the two named parts the customer wants it split into."""
    found = []
    for year in (2022, 2023, 2024):
        found.append(_two_parts(dt.date(year, 1, 1), dt.date(year + 1, 1, 1), dt.date(year + 1, 12, 31), "by calendar year"))
        found.append(_two_parts(dt.date(year, 4, 1), dt.date(year + 1, 4, 1), dt.date(year + 2, 3, 31), "by financial year"))
    for year in (2023, 2024, 2025):
        found.append(_two_parts(dt.date(year, 1, 1), dt.date(year + 1, 1, 1), dt.date(year + 1, 6, 30), "by calendar year"))
    for year in (2023, 2024):
        found.append(_two_parts(dt.date(year, 10, 1), dt.date(year + 1, 4, 1), dt.date(year + 2, 3, 31), "by financial year"))
    found.append(_two_parts(dt.date(2024, 7, 1), dt.date(2025, 7, 1), dt.date(2026, 6, 30), "into two parts"))
    return [s for s in found if s.first.start >= max(opened, _earliest()) and s.second.end <= clock.today()]


def _span(period: Period) -> str:
    return f"{spoken_date(period.start.isoformat())} to {spoken_date(period.end.isoformat())}"


def _statement_step(account: str, period: Period, delivery: str) -> Step:
    args: dict[str, str] = {"account_id": account, "from_date": period.start.isoformat(), "to_date": period.end.isoformat()}
    if delivery == "post":
        args["delivery"] = "post"
    return Step("request_statement", args)


def _delivery_words(delivery: str, rng: random.Random) -> str:
    if delivery == "post":
        return rng.choice(("by post", "as a printed copy by post", "posted to my address"))
    return rng.choice(("by e-mail", "on my registered e-mail", "by email, please"))


def _opened(conn: sqlite3.Connection, account: str) -> dt.date:
    return dt.date.fromisoformat(value(conn, "SELECT opened_on FROM accounts WHERE account_id = ?", (account,)))


def _own_active_accounts(conn: sqlite3.Connection) -> list[CustomerAccount]:
    return rows(
        conn, CustomerAccount, f"SELECT h.customer_id, a.account_id FROM accounts a {_HOLDER} WHERE {_ACTIVE} ORDER BY a.account_id"
    )


def _statement_accounts(conn: sqlite3.Connection) -> list[CustomerAccount]:
    """(customer, account): own active accounts with at least one possible statement period."""
    return [c for c in _own_active_accounts(conn) if _periods(_opened(conn, c.account_id))]


# --- statement ----------------------------------------------------------------------------


def _statement_draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    customer_id, account = candidate.customer_id, candidate.account_id
    period = rng.choice(_periods(_opened(conn, account)))
    delivery = rng.choice(("email", "email", "post"))
    label, purpose = account_label(conn, account), rng.choice(_PURPOSES)
    when = f"{period.words}, that is {_span(period)}"
    return Draft(
        customer_id=customer_id,
        reason=f"You need a statement of your {label} from {_span(period)}, {yours(_delivery_words(delivery, rng))}, for {yours(purpose)}.",
        opening=(
            f"{rng.choice(_GREETINGS)}, I need a statement of my {label} {when}, {_delivery_words(delivery, rng)}. It is for {purpose}."
        ),
        known=[
            ("Account", f"your {label}"),
            ("Statement period", _span(period)),
            ("Delivery", "by post to your address on record" if delivery == "post" else "by e-mail"),
            ("Purpose", yours(purpose)),
        ],
        unknown="You do not know the bank's limits on statement periods.",
        gold=[Step("get_account_details", {"account_id": account}), _statement_step(account, period, delivery)],
        assertion=(
            f"The assistant read the {label}, confirmed the period {_span(period)} and delivery by {delivery}, and "
            "requested the statement after the customer confirmed"
        ),
    )


STATEMENT = Family(
    name="statement",
    category="sequencing",
    quota=25,
    clauses=("3.4", "2.2"),
    why="The period is within 12 months and the retention window, so one request covers it; §3.4 requires reading the "
    "account's details first, then the confirmed request with the period and delivery the customer named.",
    careless="Requests the statement without reading the account, or changes the delivery mode or period.",
    candidates=_statement_accounts,
    draft=_statement_draft,
)


def _long_candidates(conn: sqlite3.Connection) -> list[CustomerAccount]:
    return [c for c in _own_active_accounts(conn) if _long_periods(_opened(conn, c.account_id))]


def _long_draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    customer_id, account = candidate.customer_id, candidate.account_id
    split = rng.choice(_long_periods(_opened(conn, account)))
    first, second, how = split.first, split.second, split.how
    whole = Period(first.start, second.end, "")
    delivery = rng.choice(("email", "post"))
    label, purpose, words = account_label(conn, account), rng.choice(_PURPOSES), _delivery_words(delivery, rng)
    return Draft(
        customer_id=customer_id,
        reason=f"You need your {label} statement from {_span(whole)}, {yours(words)}, for {yours(purpose)}.",
        opening=(
            f"{rng.choice(_GREETINGS)}, I need a statement of my {label} from {_span(whole)}, {words}, for {purpose}. "
            f"If that is too long for one statement, please split it {how}: {_span(first)}, and {_span(second)}."
        ),
        known=[
            ("Account", f"your {label}"),
            ("Statement period", _span(whole)),
            ("How to split it", f"{_span(first)}, and {_span(second)}"),
            ("Delivery", "by post to your address on record" if delivery == "post" else "by e-mail"),
        ],
        unknown="You do not know the bank's limit on the length of one statement.",
        gold=[
            Step("get_account_details", {"account_id": account}),
            _statement_step(account, first, delivery),
            _statement_step(account, second, delivery),
        ],
        assertion=(
            f"The assistant explained that one statement covers at most 12 months, read the {label}, and requested "
            f"two statements ({_span(first)}; {_span(second)}) by {delivery}, each after its own confirmation"
        ),
    )


STATEMENT_OVER_12_MONTHS = Family(
    name="statement_over_12_months",
    category="edge_case",
    quota=15,
    clauses=("3.4", "2.2", "2.4"),
    why="§3.4 caps one request at 12 months; the customer names the two parts to use, so after reading the account "
    "the two confirmed requests are exactly those parts, each with its own confirmation (§2.2).",
    careless="Requests the whole period in one go, or splits it into different periods than the customer named.",
    candidates=_long_candidates,
    draft=_long_draft,
)

# --- disputes -------------------------------------------------------------------------------


def dispute_candidates(conn: sqlite3.Connection) -> list[CustomerTxn]:
    """(customer, transaction): recent successful UPI or card-terminal debits to others, never disputed before."""
    since = clock.add_days(clock.today(), -60).isoformat()
    return rows(
        conn,
        CustomerTxn,
        f"SELECT h.customer_id, t.txn_id FROM transactions t JOIN accounts a ON a.account_id = t.account_id "
        f"{_HOLDER} WHERE {_ACTIVE} AND t.direction = 'debit' AND t.status = 'success' AND t.channel IN "
        f"('upi', 'pos') AND t.posted_on >= '{since}' AND t.narration NOT LIKE 'UPI AUTOPAY%' "
        "AND t.counterparty NOT LIKE 'SELF %' AND t.amount_paise >= 20000 "
        "AND NOT EXISTS (SELECT 1 FROM service_requests s WHERE s.related_id = t.txn_id) ORDER BY t.txn_id",
    )


def dispute_draft(conn: sqlite3.Connection, candidate: CustomerTxn, rng: random.Random) -> Draft:
    customer_id, txn_id = candidate.customer_id, candidate.txn_id
    txn = transaction(conn, txn_id)
    account, posted, channel, amount, payee = txn.account_id, txn.posted_on, txn.channel, txn.amount_paise, txn.counterparty
    label, day, money = account_label(conn, account), spoken_date(posted), spoken_rupees(amount)
    if channel == "pos":
        story, note = "a double payment", "card debit not reversed after the terminal showed it failed; paid again in cash"
        opening = (
            f"{rng.choice(_GREETINGS)}, at {payee} on {day} the card machine said my card payment of {money} had "
            f"failed, so I paid in cash, but {money} was still debited from my {label}. That is a double payment; "
            "I want to dispute that debit."
        )
    else:
        story, note = "a debit you did not make", "not made or authorised by the customer"
        opening = (
            f"{rng.choice(_GREETINGS)}, there is a UPI debit of {money} to {payee} on {day} on my {label} that I did "
            "not make. Please raise a dispute for it."
        )
    return Draft(
        customer_id=customer_id,
        reason=f"You want to dispute the debit of {money} to {payee} on {day} on your {label}: it is {story}.",
        opening=opening,
        known=[("Account", f"your {label}"), ("Transaction", f"{money} to {payee} on {day}"), ("What is wrong", f"it is {story}")],
        unknown="You do not know the transaction's reference or id.",
        gold=[
            Step("get_transactions", {"account_id": account, "from_date": posted, "to_date": posted}, compare=("account_id",)),
            Step(
                "raise_service_request",
                {
                    "category": "dispute_transaction",
                    "related_id": txn_id,
                    "description": f"Customer disputes the {money} debit to {payee} on {posted}: {note}",
                },
                compare=("category", "related_id"),
            ),
        ],
        assertion=(
            f"The assistant searched the transactions of the {label}, found the {money} debit to {payee} on {day} "
            f"({txn_id}), and raised a dispute_transaction request for that transaction after the customer confirmed"
        ),
    )


DISPUTE_TXN = Family(
    name="dispute_txn",
    category="sequencing",
    quota=15,
    clauses=("3.6", "3.2", "8.1", "2.2"),
    why="§3.6: a disputed debit is first found in the account's transactions (its id is needed), then a "
    "dispute_transaction request is raised with that transaction's id after confirmation.",
    careless="Raises a generic complaint, or a dispute without the transaction's id, without searching the transactions.",
    candidates=dispute_candidates,
    draft=dispute_draft,
)

# --- addresses ---------------------------------------------------------------------------

_CITIES: tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...] = (
    (
        "Bengaluru",
        "Karnataka",
        (
            ("Indiranagar", "560038"),
            ("Jayanagar", "560041"),
            ("Koramangala", "560034"),
            ("Whitefield", "560066"),
            ("Malleshwaram", "560003"),
        ),
    ),
    (
        "Mumbai",
        "Maharashtra",
        (("Andheri West", "400053"), ("Powai", "400076"), ("Dadar West", "400028"), ("Borivali West", "400092"), ("Chembur", "400071")),
    ),
    ("Pune", "Maharashtra", (("Kothrud", "411038"), ("Aundh", "411007"), ("Viman Nagar", "411014"), ("Baner", "411045"))),
    ("Chennai", "Tamil Nadu", (("Adyar", "600020"), ("Anna Nagar", "600040"), ("T Nagar", "600017"), ("Velachery", "600042"))),
    ("Hyderabad", "Telangana", (("Banjara Hills", "500034"), ("Kukatpally", "500072"), ("Madhapur", "500081"))),
    ("Kolkata", "West Bengal", (("Salt Lake", "700091"), ("Ballygunge", "700019"), ("Behala", "700034"))),
    ("New Delhi", "Delhi", (("Lajpat Nagar", "110024"), ("Dwarka Sector 10", "110075"), ("Mayur Vihar Phase 1", "110091"))),
    ("Jaipur", "Rajasthan", (("Malviya Nagar", "302017"), ("Vaishali Nagar", "302021"), ("Mansarovar", "302020"))),
    ("Ahmedabad", "Gujarat", (("Navrangpura", "380009"), ("Satellite", "380015"), ("Maninagar", "380008"))),
    ("Lucknow", "Uttar Pradesh", (("Gomti Nagar", "226010"), ("Aliganj", "226024"), ("Indira Nagar", "226016"))),
    ("Kochi", "Kerala", (("Kakkanad", "682030"), ("Edappally", "682024"), ("Panampilly Nagar", "682036"))),
    ("Bhopal", "Madhya Pradesh", (("Arera Colony", "462016"), ("Kolar Road", "462042"))),
    ("Chandigarh", "Chandigarh", (("Sector 22", "160022"), ("Sector 35", "160035"))),
    ("Bhubaneswar", "Odisha", (("Saheed Nagar", "751007"), ("Patia", "751024"))),
    ("Guwahati", "Assam", (("Dispur", "781006"), ("Beltola", "781028"))),
    ("Coimbatore", "Tamil Nadu", (("RS Puram", "641002"), ("Peelamedu", "641004"))),
)
_BUILDINGS = (
    "Sai Krupa Residency",
    "Green Park Apartments",
    "Shanti Niketan Society",
    "Lakeview Towers",
    "Sunshine Heights",
    "Gokul Dham Society",
    "Royal Palms",
    "Ganga Enclave",
    "Silver Oak Residency",
    "Shree Ganesh Apartments",
)
_STREETS = (
    "2nd Cross Road",
    "Main Road",
    "Station Road",
    "8th Main",
    "Link Road",
    "Temple Street",
    "MG Road",
    "Church Street",
    "Gandhi Road",
    "4th Avenue",
)


def _new_address(conn: sqlite3.Connection, customer_id: str, address_type: str, rng: random.Random) -> Address:
    """A realistic address (line1, line2, city, state, PIN) different from the one on record."""
    current = address(conn, customer_id, address_type)
    while True:
        city, state, localities = rng.choice(_CITIES)
        locality, pin = rng.choice(localities)
        floor, unit = rng.randint(1, 14), rng.randint(1, 6)
        line1 = rng.choice(
            (
                f"Flat {floor}0{unit}, {rng.choice(_BUILDINGS)}",
                f"{rng.choice('ABCD')}-{floor}0{unit}, {rng.choice(_BUILDINGS)}",
                f"House No {rng.randint(3, 250)}, {rng.choice(_BUILDINGS[7:])}",
            )
        )
        new = Address(line1, f"{rng.choice(_STREETS)}, {locality}", city, state, pin)
        as_stored = new._replace(
            line1=normalise_text(new.line1), line2=normalise_text(new.line2), city=normalise_text(city), state=normalise_text(state)
        )
        if as_stored != current:
            return new


def _address_args(new: Address) -> dict[str, str]:
    return {"address_type": "communication", **new._asdict()}


def _statement_address_draft(conn: sqlite3.Connection, candidate: CustomerAccount, rng: random.Random) -> Draft:
    customer_id, account = candidate.customer_id, candidate.account_id
    new = _new_address(conn, customer_id, "communication", rng)
    line1, line2, city, state, pin = new.line1, new.line2, new.city, new.state, new.pincode
    recent = [p for p in _periods(_opened(conn, account)) if p.start >= dt.date(2025, 4, 1)]
    period = rng.choice(recent or _periods(_opened(conn, account)))
    label = account_label(conn, account)
    return Draft(
        customer_id=customer_id,
        reason=(
            f"You have moved house. You want your communication address changed, and then a statement of your {label} "
            f"from {_span(period)} posted to the new address."
        ),
        opening=(
            f"{rng.choice(_GREETINGS)}, I have {rng.choice(('shifted to a new flat', 'moved house', 'moved to a new place'))}. "
            f"Please update my communication address to line 1: {line1}; line 2: {line2}; city: {city}; "
            f"state: {state}; PIN code: {pin}. Then please send a statement of my {label} {period.words}, that is "
            f"{_span(period)}, by post to the new address."
        ),
        known=[
            ("New address line 1", line1),
            ("New address line 2", line2),
            ("New city", city),
            ("New state", state),
            ("New PIN code", pin),
            ("Account", f"your {label}"),
            ("Statement period", _span(period)),
            ("Delivery", "by post to the new address"),
        ],
        unknown="You do not know what else the bank needs for an address change.",
        gold=[
            Step("update_address", _address_args(new)),
            Step("get_customer_profile", {}),
            Step("get_account_details", {"account_id": account}),
            _statement_step(account, period, "post"),
        ],
        assertion=(
            f"The assistant read back the communication address on record, updated it to the new address after "
            f"confirmation, then read the {label} and requested a statement from {_span(period)} by post after a "
            "second confirmation"
        ),
    )


STATEMENT_AND_ADDRESS = Family(
    name="statement_and_address",
    category="sequencing",
    quota=10,
    clauses=("3.5", "3.4", "1.6", "2.2"),
    why="Two requests in the customer's order (§1.6): the communication address can be updated in chat after reading "
    "back the one on record (§3.5); then §3.4: read the account and request the statement by post, which goes to the "
    "new address. Each change has its own confirmation.",
    careless="Requests the statement before updating the address (so it goes to the old one), or by e-mail.",
    candidates=_statement_accounts,
    draft=_statement_address_draft,
)


def _permanent_candidates(conn: sqlite3.Connection) -> list[Customer]:
    found = rows(
        conn,
        Customer,
        "SELECT c.customer_id FROM customers c WHERE EXISTS (SELECT 1 FROM addresses d WHERE d.customer_id = "
        "c.customer_id AND d.address_type = 'permanent') ORDER BY c.customer_id",
    )
    return [c for c in found if not open_request(conn, c.customer_id, "kyc_update", None)]


def _permanent_draft(conn: sqlite3.Connection, candidate: Customer, rng: random.Random) -> Draft:
    customer_id = candidate.customer_id
    new = _new_address(conn, customer_id, "permanent", rng)
    line1, line2, city, state, pin = new.line1, new.line2, new.city, new.state, new.pincode
    full = f"{line1}, {line2}, {city}, {state} {pin}"
    story = rng.choice(
        (
            f"our family home is now in {city}",
            f"I have bought a flat in {city} and that is my permanent home now",
            f"my parents have moved our ancestral home to {city}",
        )
    )
    return Draft(
        customer_id=customer_id,
        reason=(f"You want your permanent address changed to {full} because {yours(story)}. Your communication address stays the same."),
        opening=(
            f"{rng.choice(_GREETINGS)}, {story}. Please change my permanent address to {full}. My communication address stays as it is."
        ),
        known=[("New permanent address", full), ("Communication address", "it stays as it is; do not change it")],
        unknown="You do not know how a permanent address change works at the bank.",
        gold=[
            Step(
                "raise_service_request",
                {"category": "kyc_update", "description": f"Customer wants the permanent address changed to {full}"},
                compare=("category", "related_id"),
            )
        ],
        assertion=(
            "The assistant explained that the permanent address is part of KYC and cannot be changed in chat, did "
            "not change any address, and raised a KYC update request after the customer agreed"
        ),
        accept=[
            "If the assistant explains that the permanent address cannot be changed in chat and offers a KYC update "
            "request, accept it; you will complete it at a branch or by video KYC."
        ],
    )


PERMANENT_ADDRESS = Family(
    name="permanent_address",
    category="edge_case",
    quota=10,
    clauses=("3.5", "8.1", "2.3"),
    why="§3.5: the permanent address is part of the KYC record and cannot be changed in chat; the prescribed path is a "
    "kyc_update request (no related record), which the customer accepts. The communication address is not to change.",
    careless="Calls the address update for the permanent address, or changes the communication address instead.",
    candidates=_permanent_candidates,
    draft=_permanent_draft,
)

FAMILIES = (STATEMENT, DISPUTE_TXN, STATEMENT_AND_ADDRESS, STATEMENT_OVER_12_MONTHS, PERMANENT_ADDRESS)
