"""Seed generation of cards and their controls, payment mandates, cheque books and cheques."""

from __future__ import annotations

import datetime as dt

from tau_indian_bank.bank.clock import add_days, add_months
from tau_indian_bank.bank.money import rupees_to_paise
from tau_indian_bank.constants import CARD_CHANNEL_MAX_LIMIT_PAISE, CHEQUE_BOOK_LEAVES, TODAY
from tau_indian_bank.seeding.common import (
    LEDGER_END,
    WINDOW_START,
    AccountInfo,
    Event,
    Person,
    Row,
    SeedBank,
    SeedContext,
    round_to_rupees,
    upi_rrn,
)
from tau_indian_bank.seeding.counterparties import (
    BIG_CHEQUE_PAYEES,
    CHEQUE_PAYEES,
    ELECTRICITY_BOARDS,
    INSURERS,
    MUTUAL_FUNDS,
    OTHER_LENDERS,
    STOP_REASONS,
    SUBSCRIPTIONS,
)

CHANNELS = ("atm", "pos", "online", "contactless")
REGIONS = ("domestic", "international")
_LIMIT_CHOICES = {  # rupees; every choice is within CARD_CHANNEL_MAX_LIMIT_PAISE
    "atm": (20_000, 25_000, 40_000, 50_000, 1_00_000),
    "pos": (50_000, 1_00_000, 1_50_000, 2_00_000),
    "online": (25_000, 50_000, 1_00_000, 2_00_000),
    "contactless": (2_000, 5_000),
}


def make_cards(bank: SeedBank) -> None:
    """Debit cards for about 90% of active accounts, credit cards for about 40% of customers."""
    ctx = bank.ctx
    for acc in bank.accounts:
        if acc.status != "active":
            continue
        if ctx.chance(0.9):
            _issue_card(bank, acc.primary, "debit", acc)
            acc.has_debit_card = True
        if acc.joint is not None and ctx.chance(0.4):
            _issue_card(bank, acc.joint, "debit", acc)
    for person in bank.people:
        if not any(acc.status == "active" for acc in person.accounts):
            continue
        share = {"premium": 0.8, "senior_citizen": 0.25}.get(person.segment, 0.4)
        if ctx.chance(share):
            _issue_card(bank, person, "credit", None)
            person.has_credit_card = True


def _issue_card(bank: SeedBank, person: Person, card_type: str, acc: AccountInfo | None) -> None:
    """Create one card and its eight control rows."""
    ctx = bank.ctx
    while (last4 := ctx.digits(4)) in person.last4s:
        pass
    person.last4s.add(last4)
    network = ctx.weighted(
        [("rupay", 0.45), ("visa", 0.35), ("mastercard", 0.2)]
        if card_type == "debit"
        else [("visa", 0.45), ("mastercard", 0.35), ("rupay", 0.2)]
    )
    start = max(person.since, acc.opened if acc else person.since, add_months(TODAY, -59))
    issued = ctx.date_between(start, add_days(LEDGER_END, -5))
    expiry = add_months(issued, 60)
    if ctx.chance(0.02):
        expiry = dt.date(2026, ctx.randint(1, 6), 1)
    status = ctx.weighted([("active", 0.905), ("frozen", 0.05), ("blocked", 0.045)])
    changed = ctx.recent_date(max(issued, dt.date(2025, 7, 1)), LEDGER_END) if status != "active" else None
    limit = outstanding = None
    if card_type == "credit":
        top = {"premium": 10_00_000, "senior_citizen": 2_00_000}.get(person.segment, 3_00_000)
        limit = round_to_rupees(rupees_to_paise(int(ctx.log_uniform(50_000, top))), 10_000)
        outstanding = 0 if ctx.chance(0.15) else ctx.randint(0, limit * 7 // 10)
    content = {"customer_id": person.customer_id, "card_type": card_type, "last4": last4, "network": network}
    card_id = ctx.new_id("CARD", content)
    bank.add(
        "cards",
        {
            "card_id": card_id,
            "customer_id": person.customer_id,
            "card_type": card_type,
            "network": network,
            "last4": last4,
            "account_id": acc.account_id if acc else None,
            "status": status,
            "expiry": f"{expiry:%Y-%m}",
            "credit_limit_paise": limit,
            "outstanding_paise": outstanding,
            "blocked_reason": ctx.weighted([("lost", 0.35), ("stolen", 0.2), ("damaged", 0.25), ("fraud_suspected", 0.2)])
            if status == "blocked"
            else None,
            "status_changed_on": changed.isoformat() if changed else None,
        },
    )
    _add_controls(bank, card_id, card_type)


def _add_controls(bank: SeedBank, card_id: str, card_type: str) -> None:
    """Eight rows per card; credit cards never withdraw cash (ATM rows disabled, limit 0)."""
    ctx = bank.ctx
    abroad = ctx.chance(0.15)
    online_off = ctx.chance(0.07)
    contactless_off = ctx.chance(0.09)
    for channel in CHANNELS:
        for region in REGIONS:
            if card_type == "credit" and channel == "atm":
                enabled, limit = False, 0
            else:
                enabled = (
                    abroad
                    if region == "international"
                    else not ((channel == "online" and online_off) or (channel == "contactless" and contactless_off))
                )
                limit = rupees_to_paise(ctx.pick(_LIMIT_CHOICES[channel]))
                limit = min(limit, CARD_CHANNEL_MAX_LIMIT_PAISE[channel])
            bank.add(
                "card_controls", {"card_id": card_id, "channel": channel, "region": region, "enabled": enabled, "daily_limit_paise": limit}
            )


def make_mandates(bank: SeedBank) -> None:
    """UPI AutoPay and NACH mandates on about half of the active accounts (1-3 each)."""
    ctx = bank.ctx
    for acc in bank.accounts:
        if acc.status != "active" or not ctx.chance(0.5):
            continue
        payees: set[str] = set()
        for _ in range(ctx.weighted([(1, 0.5), (2, 0.35), (3, 0.15)])):
            _make_mandate(bank, acc, payees)


def _mandate_terms(ctx: SeedContext, acc: AccountInfo) -> tuple[str, str, int, str, bool]:
    """Return (type, payee, max amount paise, frequency, amount varies)."""
    if ctx.chance(0.55):
        if ctx.chance(0.25):
            board = ELECTRICITY_BOARDS[acc.state]
            return "upi_autopay", f"{board} Electricity", rupees_to_paise(ctx.pick((3_000, 5_000, 8_000, 10_000))), "as_presented", True
        name, price, frequency = ctx.pick(SUBSCRIPTIONS)
        return "upi_autopay", name, rupees_to_paise(price), frequency, False
    kind = ctx.weighted([("sip", 0.55), ("insurance", 0.25), ("loan", 0.2)])
    if kind == "sip":
        return "nach", ctx.pick(MUTUAL_FUNDS), rupees_to_paise(ctx.pick((1_000, 2_000, 2_500, 5_000, 10_000, 25_000))), "monthly", False
    if kind == "insurance":
        insurer = ctx.pick(("LIC of India", INSURERS["life"][0][0], INSURERS["health"][0][0]))
        return "nach", insurer, rupees_to_paise(ctx.randint(30, 600) * 100), ctx.pick(("quarterly", "yearly")), False
    return "nach", ctx.pick(OTHER_LENDERS), rupees_to_paise(ctx.randint(50, 450) * 100), "monthly", False


def _make_mandate(bank: SeedBank, acc: AccountInfo, payees: set[str]) -> None:
    """Create one mandate and schedule its debits on the account."""
    ctx = bank.ctx
    kind, payee, max_amount, frequency, varies = _mandate_terms(ctx, acc)
    if payee in payees:
        return
    payees.add(payee)
    start = ctx.recent_date(max(add_days(acc.opened, 1), dt.date(2019, 1, 1)), add_days(LEDGER_END, -3), skew=0.9)
    if start.day == TODAY.day:
        start = add_days(start, 1)
    cancelled = ctx.chance(0.12) and add_days(start, 20) < LEDGER_END
    end = add_months(start, 12 * ctx.pick((1, 3, 5, 10, 20, 30)))
    while not cancelled and end <= TODAY:
        end = add_months(end, 12 * 5)
    cancelled_on = ctx.date_between(add_days(start, 20), min(LEDGER_END, end)) if cancelled else None
    content = {"account_id": acc.account_id, "payee": payee, "start_date": start.isoformat()}
    row = bank.add(
        "mandates",
        {
            "mandate_id": ctx.new_id("MND", content),
            "account_id": acc.account_id,
            "mandate_type": kind,
            "payee": payee,
            "max_amount_paise": max_amount,
            "frequency": frequency,
            "start_date": start.isoformat(),
            "end_date": end.isoformat(),
            "status": "cancelled" if cancelled else "active",
            "last_debit_on": None,
            "cancelled_on": cancelled_on.isoformat() if cancelled_on else None,
        },
    )
    umrn = f"BSBK7{ctx.digits(15)}"
    stop = min(LEDGER_END, add_days(cancelled_on, -1) if cancelled_on else LEDGER_END, end)
    step = {"monthly": 1, "as_presented": 1, "quarterly": 3, "yearly": 12}[frequency]
    k = step
    while (due := add_months(start, k)) <= stop:
        if varies:
            due = min(add_days(due, ctx.randint(0, 6)), stop)
        amount = ctx.randint(max_amount * 3 // 10, max_amount) if varies else max_amount
        if due >= WINDOW_START and due > acc.opened:
            event = _mandate_event(ctx, row, due, amount, kind, payee, umrn)
            event.not_after = stop
            acc.forced.append(event)
        else:
            row["last_debit_on"] = due.isoformat()
        k += step


def _mandate_event(ctx: SeedContext, row: Row, due: dt.date, amount: int, kind: str, payee: str, umrn: str) -> Event:
    """One mandate debit; posting it records the mandate's last debit date."""

    def record(day: dt.date, _amount: int) -> None:
        row["last_debit_on"] = max(str(row["last_debit_on"] or ""), day.isoformat())

    if kind == "upi_autopay":
        rrn = upi_rrn(ctx, due)
        return Event(
            day=due,
            direction="debit",
            channel="upi",
            amount=amount,
            counterparty=payee,
            reference=rrn,
            narration=f"UPI AUTOPAY/{rrn}/{payee.upper()}",
            forced=True,
            on_post=record,
        )
    return Event(
        day=due,
        direction="debit",
        channel="internal",
        amount=amount,
        counterparty=payee,
        reference=umrn,
        narration=f"NACH DR {umrn} {payee.upper()}",
        forced=True,
        on_post=record,
    )


def make_cheques(bank: SeedBank) -> None:
    """Issued cheque books on accounts with cheque facility; a few cheques on about half of them."""
    ctx = bank.ctx
    leaves = CHEQUE_BOOK_LEAVES[0]
    for acc in bank.accounts:
        if not acc.row["cheque_facility"] or acc.status == "closed":
            continue
        first = leaves * ctx.randint(0, 39_000) + 1
        requested = [min(add_days(acc.opened, ctx.randint(0, 30)), add_days(LEDGER_END, -10))]
        if acc.opened < dt.date(2025, 1, 1) and ctx.chance(0.35):
            requested.append(ctx.date_between(add_days(requested[0], 120), add_days(LEDGER_END, -10)))
        books = []
        for index, day in enumerate(requested):
            book_first = first + index * leaves
            bank.add(
                "cheque_books",
                {
                    "cheque_book_id": ctx.new_id("CHQB", {"account_id": acc.account_id, "first_leaf": book_first}),
                    "account_id": acc.account_id,
                    "first_leaf": book_first,
                    "leaves": leaves,
                    "requested_on": day.isoformat(),
                    "status": "issued",
                },
            )
            books.append((book_first, day))
        if acc.status == "active" and ctx.chance(0.5):
            _write_cheques(bank, acc, books, leaves)


def _write_cheques(bank: SeedBank, acc: AccountInfo, books: list[tuple[int, dt.date]], leaves: int) -> None:
    """A few cheques from the account's books: cleared, returned or stopped."""
    ctx = bank.ctx
    pool = [(first + offset, day) for first, day in books for offset in range(leaves)]
    chosen = sorted(ctx.rng.sample(range(len(pool)), ctx.randint(1, 4)))
    wealthy = acc.kind == "current" or acc.primary.segment != "regular"
    last = dt.date(2024, 1, 1)
    for index in chosen:
        leaf, issued = pool[index]
        earliest = max(add_days(issued, 3), last, dt.date(2025, 1, 1))
        when = ctx.recent_date(earliest, LEDGER_END, skew=1.5) if earliest <= LEDGER_END else LEDGER_END
        last = when
        status = ctx.weighted([("cleared", 0.75), ("returned", 0.1), ("stopped", 0.15)])
        big = status == "cleared" and ctx.chance(0.06 if wealthy else 0.02)
        payee = ctx.pick(BIG_CHEQUE_PAYEES if big else CHEQUE_PAYEES)
        amount = (
            rupees_to_paise(ctx.randint(50, 250) * 10_000)
            if big
            else round_to_rupees(rupees_to_paise(int(ctx.log_uniform(2_000, 2_00_000))), ctx.pick((1, 100, 1000)))
        )
        known = status != "stopped" or ctx.chance(0.6)
        row = bank.add(
            "cheques",
            {
                "account_id": acc.account_id,
                "cheque_number": f"{leaf:06d}",
                "payee": payee if known else None,
                "amount_paise": amount if known else None,
                "status": status,
                "status_date": when.isoformat(),
                "stop_reason": ctx.pick(STOP_REASONS) if status == "stopped" else None,
            },
        )
        if status != "stopped" and when >= WINDOW_START and when > acc.opened:
            acc.forced.append(_cheque_event(row, when, amount, payee, status))


def _cheque_event(row: Row, when: dt.date, amount: int, payee: str, status: str) -> Event:
    """The ledger posting of a presented cheque; posting it fixes the cheque's status date."""

    def record(day: dt.date, _amount: int) -> None:
        row["status_date"] = day.isoformat()

    number = str(row["cheque_number"])
    reason = ("SIGNATURE DIFFERS", "AMOUNT IN WORDS AND FIGURES DIFFER", "ALTERATION NEEDS DRAWER AUTHENTICATION", "INSTRUMENT UNDATED")[
        int(number) % 4
    ]
    if status == "cleared":
        return Event(
            day=when,
            direction="debit",
            channel="cheque",
            amount=amount,
            counterparty=payee,
            reference=number,
            narration=f"CHQ PAID {number} {payee.upper()}",
            forced=True,
            on_post=record,
        )
    return Event(
        day=when,
        direction="debit",
        channel="cheque",
        amount=amount,
        counterparty=payee,
        reference=number,
        narration=f"CHQ RETURNED UNPAID {number} {payee.upper()} - {reason}",
        status="failed",
        forced=True,
        on_post=record,
    )
