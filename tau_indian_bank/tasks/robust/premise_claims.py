"""What a robustness scenario claims about the customer's records, and whether the records bear it out.

The customer's words (the opening line, the reason for the call, the known facts and their
messages in an earlier conversation) make claims about the bank's records: a card *ending
4821*, a deposit *opened in March 2025* or *of ₹50,000*, a payment *on 15 April 2026*, a
cheque *number 184426*, a deposit *that matured*, money that *was debited* and *never came
back*, a cheque *not paid yet*, a deposit *still running*, *I am a senior citizen*, a balance
*of ₹4,00,000*. :func:`claims` reads them off a task, one :class:`Claim` each, with whether the
seeded records hold it (every query ordered, over the bank the task was generated from).

A family may make some claims false on purpose (the customer misreads the last four digits,
insists a cleared cheque is unpaid): :mod:`.premises` says which kinds, family by family.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from tau_indian_bank.bank import clock
from tau_indian_bank.constants import SENIOR_CITIZEN_AGE_YEARS
from tau_indian_bank.tasks.lookups import values
from tau_indian_bank.text import DateMention, amounts, cheque_numbers, dates, endings, negated, sentences
from tau_indian_bank.text.lexicon.figures import READ_RECORDS
from tau_indian_bank.text.lexicon.words import compiled


class Claim(NamedTuple):
    """One claim of the scenario: its kind, the words that make it, and whether the records hold it."""

    kind: str
    words: str
    holds: bool


class Speaker(NamedTuple):
    """Whose records the claims are about: the logged-in customer, and the other customer of a third-party story."""

    customer_id: str
    others: bool = False


#: Nouns of a deposit (the lexicon's, in the three languages).
_DEPOSIT = compiled(READ_RECORDS["list_deposits"])
#: Words of a sentence about a new deposit or cash, not an existing deposit ("open an FD of ₹50,000", "cash deposits").
_NEW = re.compile(r"\b(open|opening|start|book|booking|make it|planning|new|put|invest|rethought|cash|split)\b", re.I)
_PAYMENT = re.compile(r"\b(payment|paid|pay|transfer|UPI|IMPS|NEFT|debit\w*|transaction|charged|POS|ATM|withdraw\w*)\b", re.I)
_MATURED = re.compile(r"\bmatured\b", re.I)
_ELSEWHERE = re.compile(r"\b(another|other) bank\b|\belsewhere\b", re.I)
_DEBITED = re.compile(
    r"\b(was debited|got debited|been debited|money (was|got) taken|taken from (your|my) account|"
    r"left (your|my) [a-z ]*account|(was|got) deducted)\b",
    re.I,
)
#: Money coming back and a cheque being paid: claimed not to have happened when negated ("it never came back").
_BACK = re.compile(r"\b(came back|come back|reversed|returned|refunded)\b", re.I)
_PAID = re.compile(r"\b(paid|cleared|encashed)\b", re.I)
_RUNNING = re.compile(r"\b(still running|still active|never closed)\b", re.I)
#: A sentence that asks or doubts ("you do not know whether … was debited") claims no state of a record.
_UNSURE = re.compile(r"\?|\b(whether|not sure|do not know|don't know|if)\b", re.I)
_SENIOR = re.compile(r"\b(I am|I'm|you are|you're) (a )?senior citizen\b", re.I)
_BALANCE = re.compile(r"\b(has|holds|balance (is|of)|there is) ₹", re.I)
_MANDATE = re.compile(r"\b(auto-?debit|mandate|AutoPay|SIP|NACH|automatic payment|insurance premium|loan EMI)\b", re.I)


def customer_texts(task: Mapping[str, Any]) -> list[str]:
    """The customer's own words in a task: opening line, reason, known facts, earlier-conversation messages."""
    instructions = task["user_scenario"]["instructions"]
    opening = re.search(r'Opening line:\s*"([^"]+)"', instructions.get("task_instructions") or "")
    history = [str(m.get("content") or "") for m in task["initial_state"].get("message_history") or [] if m.get("role") == "user"]
    return [
        opening[1] if opening else "",
        str(instructions.get("reason_for_call") or ""),
        str(instructions.get("known_info") or ""),
        *history,
    ]


def _months(text: str) -> list[DateMention]:
    """The months a text names with their year and no day ("March 2025")."""
    return [d for d in dates(text) if d.day is None and d.year_given and not d.loose]


def _days(text: str) -> list[DateMention]:
    """The days a text names with their year ("15 April 2026")."""
    return [d for d in dates(text) if d.day is not None and d.year_given]


def _iso_month(day: DateMention) -> str:
    return f"{day.year}-{day.month:02d}"


def _negated_match(pattern: re.Pattern[str], sentence: str) -> str | None:
    """The first match of ``pattern`` that the sentence negates ("has not been paid"), if any."""
    return next((m[0] for m in pattern.finditer(sentence) if negated(sentence, m.start())), None)


def _held_accounts(conn: sqlite3.Connection, customer_id: str) -> list[str]:
    return values(conn, "SELECT account_id FROM account_holders WHERE customer_id = ? ORDER BY account_id", (customer_id,))


def _endings(conn: sqlite3.Connection, customer_id: str) -> set[str]:
    cards = values(conn, "SELECT last4 FROM cards WHERE customer_id = ? ORDER BY last4", (customer_id,))
    return set(cards) | {a[-4:] for a in _held_accounts(conn, customer_id)}


def _last4(conn: sqlite3.Connection, who: Speaker, digits: str) -> bool:
    if not who.others:
        return digits in _endings(conn, who.customer_id)
    elsewhere = values(conn, "SELECT h.customer_id FROM account_holders h WHERE substr(h.account_id, -4) = ? ORDER BY 1", (digits,))
    return any(c != who.customer_id for c in elsewhere) and digits not in _endings(conn, who.customer_id)


def _deposits(conn: sqlite3.Connection, customer_id: str, where: str, params: tuple[object, ...]) -> list[str]:
    return values(conn, f"SELECT deposit_id FROM deposits WHERE customer_id = ? AND {where} ORDER BY deposit_id", (customer_id, *params))


def _on_accounts(conn: sqlite3.Connection, customer_id: str, sql: str, params: tuple[object, ...]) -> list[Any]:
    accounts = _held_accounts(conn, customer_id)
    marks = ", ".join("?" * len(accounts)) or "''"
    return values(conn, sql.format(accounts=marks), (*accounts, *params))


def _cheque_known(conn: sqlite3.Connection, customer_id: str, number: str) -> bool:
    issued = _on_accounts(
        conn, customer_id, "SELECT cheque_number FROM cheques WHERE account_id IN ({accounts}) AND cheque_number = ? ORDER BY 1", (number,)
    )
    in_book = _on_accounts(
        conn,
        customer_id,
        "SELECT first_leaf FROM cheque_books WHERE account_id IN ({accounts}) "
        "AND ? BETWEEN first_leaf AND first_leaf + leaves - 1 ORDER BY 1",
        (int(number),),
    )
    return bool(issued or in_book)


def _cheque_unpaid(conn: sqlite3.Connection, customer_id: str, number: str) -> bool:
    cleared = _on_accounts(
        conn, customer_id, "SELECT status FROM cheques WHERE account_id IN ({accounts}) AND cheque_number = ? ORDER BY 1", (number,)
    )
    return "cleared" not in cleared


def _payment_on(conn: sqlite3.Connection, customer_id: str, day: str, paise: int | None) -> list[str]:
    extra, params = ("AND amount_paise = ?", (day, paise)) if paise is not None else ("", (day,))
    return _on_accounts(
        conn,
        customer_id,
        f"SELECT status FROM transactions WHERE account_id IN ({{accounts}}) AND posted_on = ? {extra} ORDER BY txn_id",
        params,
    )


def _deposit_claims(conn: sqlite3.Connection, who: Speaker, sentence: str, text: str) -> Iterator[Claim]:
    for month in _months(sentence):
        opened = _deposits(conn, who.customer_id, "substr(opened_on, 1, 7) = ?", (_iso_month(month),))
        yield Claim("deposit_month", sentence[month.start : month.end], bool(opened))
    if not _NEW.search(sentence):
        for amount in amounts(sentence):
            yield Claim(
                "deposit_amount",
                sentence[amount.start : amount.end],
                bool(_deposits(conn, who.customer_id, "amount_paise = ?", (amount.paise,))),
            )


def _said(pattern: re.Pattern[str], sentence: str) -> str:
    """The words of ``sentence`` that ``pattern`` matches (the caller has seen it match)."""
    found = pattern.search(sentence)
    assert found is not None
    return found[0]


def _running(conn: sqlite3.Connection, who: Speaker, sentence: str, text: str) -> Iterator[Claim]:
    """The claim "it is still running": the deposit of the month the same message names (any deposit if it names none) is active."""
    if not _RUNNING.search(sentence) or not _DEPOSIT.search(text):
        return
    months = [_iso_month(month) for month in _months(text)]
    where = f"substr(opened_on, 1, 7) IN ({', '.join('?' * len(months))}) AND " if months else ""
    yield Claim(
        "deposit_running", _said(_RUNNING, sentence), bool(_deposits(conn, who.customer_id, f"{where}status = 'active'", tuple(months)))
    )


def _payment_claims(conn: sqlite3.Connection, who: Speaker, sentence: str, text: str) -> Iterator[Claim]:
    figures = amounts(sentence)
    for day in _days(sentence):
        iso = f"{_iso_month(day)}-{day.day:02d}"
        said = sentence[day.start : day.end]
        statuses = _payment_on(conn, who.customer_id, iso, None)
        yield Claim("payment_date", said, bool(statuses))
        if len(figures) == 1:  # "a payment of ₹1,250 on 3 June": that amount, that day
            statuses = _payment_on(conn, who.customer_id, iso, figures[0].paise)
            yield Claim("payment_amount", f"{sentence[figures[0].start : figures[0].end]} on {said}", bool(statuses))
        if _UNSURE.search(sentence):
            continue
        if _DEBITED.search(sentence):
            yield Claim("debited", _said(_DEBITED, sentence), any(s != "failed" for s in statuses))
        not_back = _negated_match(_BACK, sentence)
        if not_back:
            yield Claim("not_reversed", not_back, bool(statuses) and "reversed" not in statuses)


def _cheque_claims(conn: sqlite3.Connection, who: Speaker, sentence: str, text: str) -> Iterator[Claim]:
    for number in sorted(cheque_numbers(sentence)):
        yield Claim("cheque_number", number, _cheque_known(conn, who.customer_id, number))
    unpaid = _negated_match(_PAID, sentence)
    if unpaid and not _UNSURE.search(sentence):  # "It has not been paid yet": the cheque the message names
        for number in sorted(cheque_numbers(text)):
            yield Claim("cheque_unpaid", unpaid, _cheque_unpaid(conn, who.customer_id, number))


def _matured(conn: sqlite3.Connection, who: Speaker, sentence: str, text: str) -> Iterator[Claim]:
    if _MATURED.search(sentence) and _DEPOSIT.search(sentence) and not _ELSEWHERE.search(sentence):
        found = _deposits(conn, who.customer_id, "(status = 'matured' OR (status = 'closed' AND closed_on >= maturity_date))", ())
        yield Claim("matured", sentence.strip(), bool(found))


def _senior(conn: sqlite3.Connection, who: Speaker, sentence: str, text: str) -> Iterator[Claim]:
    if _SENIOR.search(sentence):
        born = values(conn, "SELECT date_of_birth FROM customers WHERE customer_id = ? ORDER BY 1", (who.customer_id,))[0]
        yield Claim("senior", _said(_SENIOR, sentence), clock.age_on(clock.parse_iso(born), clock.today()) >= SENIOR_CITIZEN_AGE_YEARS)


def _balance(conn: sqlite3.Connection, who: Speaker, sentence: str, text: str) -> Iterator[Claim]:
    for match in _BALANCE.finditer(sentence):
        figure = next((a for a in amounts(sentence) if a.start == match.end() - 1), None)
        if figure is None:
            continue
        for digits in sorted(endings(sentence) or endings(text)):  # "There is ₹X in that account": the one named
            held = [a for a in _held_accounts(conn, who.customer_id) if a.endswith(digits)]
            balances = [values(conn, "SELECT balance_paise FROM accounts WHERE account_id = ? ORDER BY 1", (a,))[0] for a in held]
            yield Claim("balance", sentence[figure.start : figure.end], figure.paise in balances)


def _sentence_claims(conn: sqlite3.Connection, who: Speaker, sentence: str, text: str) -> Iterator[Claim]:
    """The claims of one sentence of one of the customer's texts (``text``: the whole of it, for context)."""
    for digits in sorted(endings(sentence)):
        yield Claim("last4", digits, _last4(conn, who, digits))
    if _DEPOSIT.search(sentence):
        yield from _deposit_claims(conn, who, sentence, text)
    if _PAYMENT.search(sentence):
        yield from _payment_claims(conn, who, sentence, text)
    for reader in _READERS:
        yield from reader(conn, who, sentence, text)


@lru_cache(maxsize=1)
def _all_payees(conn: sqlite3.Connection) -> tuple[str, ...]:
    return tuple(values(conn, "SELECT DISTINCT payee FROM mandates ORDER BY length(payee) DESC, payee"))


def _mandate_claims(conn: sqlite3.Connection, who: Speaker, sentence: str, text: str) -> Iterator[Claim]:
    """A mandate named by its payee is the customer's; "it is still active": that mandate is active."""
    if not _MANDATE.search(text) and not _RUNNING.search(sentence):
        return
    named = [p for p in _all_payees(conn) if p in text]  # the text, not the sentence: "Arogya Health Insurance Co."
    mine: dict[str, str] = {}
    for row in _on_accounts(
        conn, who.customer_id, "SELECT payee || '|' || status FROM mandates WHERE account_id IN ({accounts}) ORDER BY 1", ()
    ):
        payee, status = row.split("|", 1)
        mine[payee] = "active" if "active" in (status, mine.get(payee)) else status
    for payee in named if _MANDATE.search(text) else ():
        yield Claim("mandate_payee", payee, payee in mine)
    if _RUNNING.search(sentence):
        for payee in [p for p in _all_payees(conn) if p in text]:
            yield Claim("mandate_active", f"{payee}: {_said(_RUNNING, sentence)}", mine.get(payee) == "active")


ClaimReader = Callable[[sqlite3.Connection, Speaker, str, str], Iterator[Claim]]
_READERS: tuple[ClaimReader, ...] = (_running, _cheque_claims, _matured, _senior, _balance, _mandate_claims)


def claims(conn: sqlite3.Connection, task: Mapping[str, Any], others: bool = False) -> list[Claim]:
    """Every claim the customer's words in ``task`` make about the records (``others``: a third party's records)."""
    customer_id = task["initial_state"]["initialization_actions"][0]["arguments"]["customer_id"]
    who = Speaker(customer_id, others)
    found: list[Claim] = []
    for text in customer_texts(task):
        for sentence in sentences(text):
            found.extend(claim for claim in _sentence_claims(conn, who, sentence, text) if claim not in found)
    return found
