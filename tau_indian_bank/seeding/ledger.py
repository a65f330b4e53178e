"""Seed generation of transactions, with running balances that end on each account's balance.

Rules the rows obey:

* An account has at most one posting per calendar day, so ``posted_on`` orders its history.
  Active accounts carry postings from 2026-01-01 (or their opening day) to the day before
  TODAY; TODAY is left free for postings made during a session.
* ``balance_after_paise`` is the running balance. Rows with status ``success`` or
  ``reversed`` move it; ``failed`` rows carry the unchanged balance. A ``reversed`` debit
  is always followed, a few days later, by a ``success`` credit of the same amount and
  reference (the reversal). The balance before an account's first row is its balance
  brought forward; accounts opened in 2026 start at zero with an initial funding credit.
* Dormant accounts hold a few customer transactions from before 2024-07-15 and the
  quarterly interest credited since; closed accounts end with the sweep of their
  balance to another of the holder's accounts, so their balance is 0.
* ``last_customer_txn_on`` is the latest posting that is neither ``internal`` nor failed.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from tau_indian_bank.bank.clock import add_days
from tau_indian_bank.bank.money import rupees_to_paise
from tau_indian_bank.seeding.accounts import DORMANT_BEFORE
from tau_indian_bank.seeding.balances import DayBook, debit_days, need_before, simulate
from tau_indian_bank.seeding.common import (
    LEDGER_END,
    WINDOW_START,
    AccountInfo,
    Event,
    SeedBank,
    SeedContext,
    internal_ref,
    round_to_rupees,
    upi_rrn,
)
from tau_indian_bank.seeding.counterparties import MUTUAL_FUNDS, OTHER_BANKS
from tau_indian_bank.seeding.flows import (
    atm_withdrawal,
    discretionary_event,
    large_rtgs,
    person_name,
    rail_event,
    recurring_events,
)
from tau_indian_bank.seeding.people_names import NAMES

_ROWS_PER_ACCOUNT = {"savings": (14, 27), "salary": (20, 32), "current": (26, 40)}
_FAIL_REASONS = ("TIMED OUT", "BENEFICIARY BANK UNAVAILABLE", "INCORRECT UPI PIN", "RISK DECLINE")


def make_transactions(bank: SeedBank) -> None:
    """Write every account's history; closed accounts go first so their sweeps reach the receivers."""
    ordered = [acc for acc in bank.accounts if acc.status == "closed"]
    ordered += [acc for acc in bank.accounts if acc.status != "closed"]
    for acc in ordered:
        city = bank.branches[str(acc.row["ifsc"])][0].name
        if acc.status == "dormant":
            events, opening = _dormant_history(bank.ctx, acc, city)
        elif acc.status == "closed":
            events, opening = _closed_history(bank, acc, city)
        else:
            events, opening = _active_history(bank, acc, city)
        _write_rows(bank, acc, events, opening)


def _active_history(bank: SeedBank, acc: AccountInfo, city: str) -> tuple[list[Event], int]:
    """Scheduled postings, then everyday transactions, then a balancing transfer if needed."""
    ctx = bank.ctx
    book = DayBook(max(WINDOW_START, acc.opened), LEDGER_END)
    if acc.opened >= WINDOW_START:
        book.take(acc.opened)
    events = [event for event in acc.forced if event.hard]
    for event in events:
        book.take(event.day)
    own = bank.active_own_accounts(acc.primary)
    main = bool(own) and own[0] is acc
    soft = [event for event in acc.forced if not event.hard] + recurring_events(ctx, acc, main) + large_rtgs(ctx, acc)
    for event in sorted(soft, key=lambda e: e.day):
        day = book.claim_near(event.day, event.not_after)
        if day is not None:
            event.day = day
            events.append(event)
    wanted = max(4, ctx.randint(*_ROWS_PER_ACCOUNT[acc.kind]) - len(events))
    events.extend(_reversal_pairs(ctx, acc, book, city))
    free = book.free_days()
    for day in sorted(ctx.rng.sample(free, min(wanted, len(free)))):
        book.take(day)
        events.append(discretionary_event(ctx, acc, day, city))
    events.extend(_failures(ctx, events, book))
    events.sort(key=lambda e: e.day)
    opening = max(acc.target_balance, need_before(events) + rupees_to_paise(ctx.randint(500, 5_000)))
    if acc.opened >= WINDOW_START:
        other_bank = ctx.pick(OTHER_BANKS)[1]
        funding = rail_event(ctx, acc.opened, "credit", "neft", opening, f"SELF {other_bank}", "INITIAL FUNDING", forced=True)
        events.insert(0, funding)
        opening = 0
    events, final = simulate(ctx, events, opening)
    return _balance_to_target(ctx, acc, events, opening, final, book), opening


def _reversal_pairs(ctx: SeedContext, acc: AccountInfo, book: DayBook, city: str) -> list[Event]:
    """Occasionally an ATM debit without cash, or a UPI debit that failed downstream, reversed later."""
    pairs: list[Event] = []
    for kind, share in (("atm", 0.04 if acc.has_debit_card else 0.0), ("upi", 0.015)):
        if not ctx.chance(share):
            continue
        candidates = [day for day in book.free_days() if any(book.free(add_days(day, k)) for k in range(1, 4))]
        if not candidates:
            continue
        day = ctx.pick(candidates)
        back = next(add_days(day, k) for k in range(1, 4) if book.free(add_days(day, k)))
        book.take(day)
        book.take(back)
        if kind == "atm":
            debit = atm_withdrawal(ctx, acc, day, city)
            note = "CASH NOT DISPENSED"
            back_narration = f"ATM WDL REVERSAL/{debit.reference}/{note}"
        else:
            debit = rail_event(ctx, day, "debit", "upi", rupees_to_paise(ctx.randint(200, 9_000)), person_name(ctx))
            note = "CREDIT NOT CONFIRMED BY BENEFICIARY BANK"
            back_narration = f"UPI/REV/{debit.reference}/{debit.counterparty.upper()}"
        debit.status = "reversed"
        debit.narration += f" - {note}"
        debit.follow = Event(
            day=back,
            direction="credit",
            channel=debit.channel,
            amount=debit.amount,
            counterparty=debit.counterparty,
            reference=debit.reference,
            narration=back_narration,
        )
        pairs.extend((debit, debit.follow))
    return pairs


def _failures(ctx: SeedContext, events: list[Event], book: DayBook) -> list[Event]:
    """Mark about 2.5% of everyday debits failed; half are retried successfully a day or two later."""
    retries: list[Event] = []
    for event in list(events):
        if event.forced or event.status != "success" or event.direction != "debit":
            continue
        if event.channel not in ("upi", "imps", "pos") or not ctx.chance(0.065):
            continue
        event.status = "failed"
        original = event.narration
        event.narration = f"{original} - {ctx.pick(_FAIL_REASONS)}"
        later = [add_days(event.day, k) for k in (1, 2) if book.free(add_days(event.day, k))]
        if event.channel == "upi" and later and ctx.chance(0.5):
            book.take(later[0])
            ref = upi_rrn(ctx, later[0])
            retries.append(
                dataclasses.replace(event, day=later[0], status="success", reference=ref, narration=original.replace(event.reference, ref))
            )
    return retries


def _balance_to_target(ctx: SeedContext, acc: AccountInfo, events: list[Event], opening: int, final: int, book: DayBook) -> list[Event]:
    """Add one to three round transfers that bring the final balance close to the account's target."""
    gap = acc.target_balance - final
    parts = 1 if abs(gap) <= max(2 * acc.primary.income, rupees_to_paise(1_00_000)) else ctx.randint(2, 3)
    for part in range(parts, 0, -1):
        share = abs(gap) if part == 1 else abs(gap) * ctx.randint(25, 65) // 100
        amount = round_to_rupees(share, 1_000 if share >= rupees_to_paise(50_000) else 100)
        if amount < rupees_to_paise(100):
            break
        direction = "credit" if gap > 0 else "debit"
        days = book.free_days() if direction == "credit" else debit_days(events, opening, amount, book)
        if not days:
            break
        day = ctx.pick(days)
        book.take(day)
        events.append(_transfer(ctx, acc, day, direction, amount))
        events.sort(key=lambda e: e.day)
        gap += amount if direction == "debit" else -amount
    return events


def _transfer(ctx: SeedContext, acc: AccountInfo, day: dt.date, direction: str, amount: int) -> Event:
    """A transfer between the customer and their own account elsewhere, family, or an investment."""
    other_bank = ctx.pick(OTHER_BANKS)[1]
    if amount >= rupees_to_paise(2_00_000):
        channel = ctx.weighted([("rtgs", 0.4), ("neft", 0.6)])
    else:
        channel = ctx.weighted([("neft", 0.5), ("imps", 0.5)])
    person = acc.primary
    relative = f"{ctx.pick(NAMES[person.culture].male + NAMES[person.culture].female)} {person.surname}"
    if direction == "credit":
        party = ctx.weighted([(f"SELF {other_bank}", 0.5), (relative, 0.5)])
        return rail_event(ctx, day, "credit", channel, amount, party, "OWN FUNDS" if party.startswith("SELF") else "")
    kind = ctx.weighted([("self", 0.45), ("invest", 0.3), ("family", 0.25)])
    if kind == "invest":
        return rail_event(ctx, day, "debit", "neft", amount, ctx.pick(MUTUAL_FUNDS), "LUMPSUM PURCHASE")
    party = f"SELF {other_bank}" if kind == "self" else relative
    return rail_event(ctx, day, "debit", channel, amount, party, "OWN FUNDS" if kind == "self" else "")


def _closed_history(bank: SeedBank, acc: AccountInfo, city: str) -> tuple[list[Event], int]:
    """A few transactions in 2026, then closure: the whole balance goes to another own account."""
    ctx = bank.ctx
    receivers = [other for other in bank.active_own_accounts(acc.primary) if other is not acc]
    receiver = receivers[0]
    while True:
        closing = ctx.date_between(dt.date(2026, 2, 1), dt.date(2026, 6, 30))
        if receiver.reserve_day(closing):
            break
    book = DayBook(WINDOW_START, add_days(closing, -1))
    events = [discretionary_event(ctx, acc, day, city) for day in sorted(ctx.rng.sample(book.free_days(), ctx.randint(4, 10)))]
    events.append(
        Event(
            day=closing,
            direction="debit",
            channel="internal",
            amount=0,
            counterparty=f"A/C {receiver.account_id}",
            reference=internal_ref(ctx, "CLS", closing),
            narration=f"ACCOUNT CLOSED - BALANCE TRANSFERRED TO A/C {receiver.account_id}",
            forced=True,
            dynamic="sweep",
        )
    )
    opening = rupees_to_paise(ctx.randint(5_000, 2_00_000))
    events, _ = simulate(ctx, events, opening)
    sweep = events[-1]
    if sweep.dynamic == "sweep":
        receiver.forced.append(
            Event(
                day=closing,
                direction="credit",
                channel="internal",
                amount=sweep.amount,
                counterparty=f"A/C {acc.account_id}",
                reference=sweep.reference,
                narration=f"TRANSFER FROM CLOSED A/C {acc.account_id}",
                forced=True,
                hard=True,
            )
        )
    return events, opening


def _dormant_history(ctx: SeedContext, acc: AccountInfo, city: str) -> tuple[list[Event], int]:
    """A few customer transactions before 2024-07-15, then only quarterly interest credits."""
    last = ctx.date_between(max(add_days(acc.opened, 60), dt.date(2019, 6, 1)), add_days(DORMANT_BEFORE, -20))
    first = max(add_days(acc.opened, 1), add_days(last, -400))
    days = sorted(ctx.rng.sample(range((last - first).days), ctx.randint(2, 5)))
    events = [_old_event(ctx, acc, add_days(first, offset), city) for offset in days]
    party = f"{ctx.pick(('SELF', person_name(ctx)))}"
    events.append(rail_event(ctx, last, "credit", "neft", rupees_to_paise(ctx.randint(5, 200) * 100), party))
    quarter_end = last
    while True:
        quarter_end = _next_quarter_end(quarter_end)
        if quarter_end > LEDGER_END:
            break
        events.append(
            Event(
                day=quarter_end,
                direction="credit",
                channel="internal",
                amount=0,
                counterparty="BSBK SAVINGS INTEREST",
                reference=internal_ref(ctx, "INT", quarter_end),
                narration=f"SB INTEREST CREDIT QTR ENDED {quarter_end:%d-%m-%Y}",
                forced=True,
                dynamic="interest",
            )
        )
    opening = acc.target_balance + rupees_to_paise(ctx.randint(1_000, 20_000))
    return simulate(ctx, events, opening)[0], opening


def _old_event(ctx: SeedContext, acc: AccountInfo, day: dt.date, city: str) -> Event:
    """A customer transaction from the years before the account went quiet."""
    kind = ctx.weighted([("atm", 0.4), ("upi", 0.35), ("credit", 0.25)])
    if kind == "atm":
        return atm_withdrawal(ctx, acc, day, city)
    if kind == "upi":
        return rail_event(ctx, day, "debit", "upi", rupees_to_paise(ctx.randint(100, 3_000)), person_name(ctx))
    return rail_event(ctx, day, "credit", "neft", rupees_to_paise(ctx.randint(20, 300) * 100), person_name(ctx))


def _next_quarter_end(day: dt.date) -> dt.date:
    """The first quarter end (31 Mar, 30 Jun, 30 Sep, 31 Dec) after ``day``."""
    for month, last in ((3, 31), (6, 30), (9, 30), (12, 31)):
        candidate = dt.date(day.year, month, last)
        if candidate > day:
            return candidate
    return dt.date(day.year + 1, 3, 31)


def _write_rows(bank: SeedBank, acc: AccountInfo, events: list[Event], opening: int) -> None:
    """Turn events into transaction rows, fire their hooks and set the account's balance fields."""
    ctx = bank.ctx
    balance = opening
    last_customer = None
    for event in events:
        if event.status != "failed":
            balance += event.amount if event.direction == "credit" else -event.amount
            if event.channel != "internal":
                last_customer = event.day
        content = {
            "account_id": acc.account_id,
            "posted_on": event.day.isoformat(),
            "direction": event.direction,
            "amount_paise": event.amount,
            "reference": event.reference,
        }
        bank.add(
            "transactions",
            {
                "txn_id": ctx.new_id("TXN", content),
                "account_id": acc.account_id,
                "posted_on": event.day.isoformat(),
                "direction": event.direction,
                "channel": event.channel,
                "amount_paise": event.amount,
                "balance_after_paise": balance,
                "counterparty": event.counterparty,
                "reference": event.reference,
                "narration": event.narration,
                "status": event.status,
            },
        )
        if event.on_post is not None:
            event.on_post(event.day, event.amount)
    acc.row["balance_paise"] = balance
    acc.row["last_customer_txn_on"] = (last_customer or acc.opened).isoformat()
