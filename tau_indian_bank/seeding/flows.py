"""Event factories for the seed ledger: recurring flows and everyday transactions.

Recurring flows are salary, pension, rent, quarterly interest and charges; everyday
transactions cover every payment rail, with the references and narrations each uses.
"""

from __future__ import annotations

import calendar
import datetime as dt
from typing import Any

from tau_indian_bank.bank.clock import add_days
from tau_indian_bank.bank.money import rupees_to_paise
from tau_indian_bank.seeding.common import (
    LEDGER_END,
    WINDOW_START,
    AccountInfo,
    Event,
    SeedContext,
    atm_ref,
    internal_ref,
    neft_utr,
    round_to_rupees,
    rtgs_utr,
    upi_rrn,
)
from tau_indian_bank.seeding.counterparties import (
    BUSINESS_PARTIES,
    ELECTRICITY_BOARDS,
    MUTUAL_FUNDS,
    OTHER_BANKS,
    SPENDS,
)
from tau_indian_bank.seeding.people_names import NAMES
from tau_indian_bank.seeding.places import CITIES

SMS_CHARGE_PAISE = 1_770  # ₹15 a quarter plus 18% GST (seed history only; not a policy figure)
SAVINGS_INTEREST_BPS = 275  # seed history only
ROUND_IMPS_RUPEES = (10_000, 15_000, 20_000, 25_000, 30_000, 40_000, 45_000, 50_000, 75_000, 1_00_000)
_SPEND_WEIGHTS = [(spend, spend.weight) for spend in SPENDS]
_ALL_CULTURES = tuple(sorted(NAMES))
_CITY_BY_NAME = {city.name: city for city in CITIES}


def person_name(ctx: SeedContext) -> str:
    """A random Indian full name (a friend, landlord or other private counterparty)."""
    pool = NAMES[ctx.pick(_ALL_CULTURES)]
    return f"{ctx.pick(pool.male + pool.female)} {ctx.pick(pool.surnames)}"


def rail_event(
    ctx: SeedContext, day: dt.date, direction: str, channel: str, amount: int, party: str, purpose: str = "", **extra: Any
) -> Event:
    """Build a UPI/IMPS/NEFT/RTGS posting with the reference and narration that rail uses."""
    tag = party.upper()
    note = f"/{purpose.upper()}" if purpose else ""
    if channel == "upi":
        ref = upi_rrn(ctx, day)
        narration = f"UPI/{'DR' if direction == 'debit' else 'CR'}/{ref}/{tag}{note}"
    elif channel == "imps":
        ref = upi_rrn(ctx, day)
        narration = f"IMPS/{'P2A' if direction == 'debit' else 'CR'}/{ref}/{tag}{note}"
    elif channel == "neft":
        ref = neft_utr(ctx, day)
        narration = f"NEFT {'DR' if direction == 'debit' else 'CR'}-{ref}-{tag}{note}"
    else:
        bank = "BSBK" if direction == "debit" else ctx.pick(OTHER_BANKS)[0]
        ref = rtgs_utr(ctx, day, bank)
        narration = f"RTGS {'DR' if direction == 'debit' else 'CR'}-{ref}-{tag}{note}"
    return Event(
        day=day, direction=direction, channel=channel, amount=amount, counterparty=party, reference=ref, narration=narration, **extra
    )


def _last_weekday(year: int, month: int) -> dt.date:
    day = dt.date(year, month, calendar.monthrange(year, month)[1])
    while day.weekday() >= 5:
        day = add_days(day, -1)
    return day


def recurring_events(ctx: SeedContext, acc: AccountInfo, main_account: bool) -> list[Event]:
    """Salary, pension, rent, quarterly interest and SMS charges for an active account."""
    person = acc.primary
    events: list[Event] = []
    months = [(2026, month) for month in range(1, 7)]
    if acc.kind == "salary" and person.employer:
        net_pay = person.income + ctx.randint(0, 99_999)
        employer = person.employer.upper()
        for year, month in months:
            day = _last_weekday(year, month)
            if day > acc.opened:
                label = f"SALARY {calendar.month_abbr[month].upper()} {year}"
                events.append(rail_event(ctx, day, "credit", "neft", net_pay, employer, label, forced=True))
    if person.pensioner and main_account:
        payer = ctx.pick(("EPFO PENSION", f"{acc.state.upper()} TREASURY PENSION", "CPAO CENTRAL PENSION"))
        for year, month in months + [(2026, 7)]:
            day = dt.date(year, month, 1)
            if acc.opened < day <= LEDGER_END:
                label = f"PENSION {calendar.month_abbr[month].upper()} {year}"
                events.append(rail_event(ctx, day, "credit", "neft", person.income, payer, label, forced=True))
    if main_account and person.segment != "senior_citizen" and 22 <= person.age <= 48 and ctx.chance(0.3):
        events.extend(_rent(ctx, acc))
    if acc.kind != "current":
        for day in (dt.date(2026, 3, 31), dt.date(2026, 6, 30)):
            if day > acc.opened:
                events.append(
                    Event(
                        day=day,
                        direction="credit",
                        channel="internal",
                        amount=0,
                        counterparty="BSBK SAVINGS INTEREST",
                        reference=internal_ref(ctx, "INT", day),
                        narration=f"SB INTEREST CREDIT QTR ENDED {day:%d-%m-%Y}",
                        forced=True,
                        dynamic="interest",
                    )
                )
    for quarter_end in (dt.date(2026, 6, 30),):
        day = add_days(quarter_end, ctx.randint(1, 8))
        if day > acc.opened:
            events.append(
                Event(
                    day=day,
                    direction="debit",
                    channel="internal",
                    amount=SMS_CHARGE_PAISE,
                    counterparty="BSBK CHARGES",
                    reference=internal_ref(ctx, "CHG", day),
                    narration=f"SMS ALERT CHARGES QTR ENDED {quarter_end:%b %Y}".upper(),
                    forced=True,
                )
            )
    return events


def _rent(ctx: SeedContext, acc: AccountInfo) -> list[Event]:
    """Monthly rent to a landlord, on the same rail every month."""
    landlord = person_name(ctx)
    top = 1_20_000 if acc.primary.segment == "premium" else 45_000
    amount = round_to_rupees(rupees_to_paise(ctx.randint(8_000, top)), 500)
    channel = ctx.weighted([("upi", 0.4), ("imps", 0.3), ("neft", 0.3)])
    events = []
    for month in range(1, 8):
        day = dt.date(2026, month, ctx.randint(1, 5))
        if acc.opened < day <= LEDGER_END:
            events.append(rail_event(ctx, day, "debit", channel, amount, landlord, "RENT", forced=True))
    return events


def large_rtgs(ctx: SeedContext, acc: AccountInfo) -> list[Event]:
    """Occasional RTGS movements of ₹2,00,000 or more on well-funded accounts."""
    events: list[Event] = []
    wealthy = acc.kind == "current" or acc.primary.segment != "regular" or acc.target_balance >= rupees_to_paise(5_00_000)
    if not wealthy or acc.opened >= dt.date(2026, 6, 1):
        return events
    start = max(WINDOW_START, add_days(acc.opened, 1))
    if ctx.chance(0.14):
        party = ctx.pick(("SUNRISE BUILDERS PVT LTD", "KAVERI MOTORS PVT LTD", f"SELF {ctx.pick(OTHER_BANKS)[1]}", person_name(ctx)))
        amount = rupees_to_paise(ctx.randint(20, 250) * 10_000)
        events.append(rail_event(ctx, ctx.date_between(start, LEDGER_END), "debit", "rtgs", amount, party, forced=True))
    if ctx.chance(0.12):
        party = ctx.pick(("PROPERTY SALE PROCEEDS", person_name(ctx), "LIC OF INDIA MATURITY", ctx.pick(BUSINESS_PARTIES)))
        amount = rupees_to_paise(ctx.randint(20, 300) * 10_000) + ctx.randint(0, 99) * 100
        events.append(rail_event(ctx, ctx.date_between(start, LEDGER_END), "credit", "rtgs", amount, party, forced=True))
    return events


def _spend_amount(ctx: SeedContext, low: int, high: int) -> int:
    """A rupee amount in [low, high] (log-uniform), sometimes with paise."""
    paise = rupees_to_paise(int(ctx.log_uniform(low, high)))
    return paise + (ctx.randint(0, 99) if ctx.chance(0.3) else 0)


def _locality(ctx: SeedContext, acc: AccountInfo, city_name: str) -> str:
    city = _CITY_BY_NAME[city_name]
    return f"{ctx.pick(city.localities)} {city.name}".upper()


def discretionary_event(ctx: SeedContext, acc: AccountInfo, day: dt.date, city_name: str) -> Event:
    """One customer transaction of the kind this account typically makes."""
    person = acc.primary
    credit_share = 0.45 if acc.kind == "current" else (0.1 if acc.kind == "salary" else 0.28)
    if ctx.chance(credit_share):
        return _current_credit(ctx, day) if acc.kind == "current" else _personal_credit(ctx, day, acc)
    if acc.kind == "current" and ctx.chance(0.6):
        return _business_debit(ctx, day, acc)
    options: list[tuple[str, float]] = [("spend", 60), ("bill", 4), ("p2p", 12), ("imps", 3), ("neft", 2)]
    if acc.has_debit_card:
        options.append(("atm", 10))
    if person.has_credit_card:
        options.append(("card_bill", 3))
    kind = ctx.weighted(options)
    if kind == "spend":
        spend = ctx.weighted(_SPEND_WEIGHTS)
        channels = [ch for ch in spend.channels if ch != "pos" or acc.has_debit_card] or ["upi"]
        channel = ctx.pick(channels)
        amount = _spend_amount(ctx, spend.low, spend.high)
        if channel == "pos":
            ref = upi_rrn(ctx, day)
            return Event(
                day=day,
                direction="debit",
                channel="pos",
                amount=amount,
                counterparty=spend.counterparty,
                reference=ref,
                narration=f"POS/{ref}/{spend.counterparty.upper()}/{city_name.upper()}",
            )
        return rail_event(ctx, day, "debit", "upi", amount, spend.counterparty)
    if kind == "bill":
        board = f"{ELECTRICITY_BOARDS[acc.state]} Electricity"
        return rail_event(ctx, day, "debit", "upi", _spend_amount(ctx, 400, 4_500), board, "BILL PAYMENT")
    if kind == "p2p":
        return rail_event(ctx, day, "debit", "upi", round_to_rupees(rupees_to_paise(ctx.randint(50, 5_000)), 10), person_name(ctx))
    if kind == "imps":
        return rail_event(ctx, day, "debit", "imps", rupees_to_paise(ctx.randint(2, 50) * 1_000), person_name(ctx))
    if kind == "neft":
        party = ctx.pick((person_name(ctx), "ST XAVIERS HIGH SCHOOL", ctx.pick(MUTUAL_FUNDS)))
        return rail_event(ctx, day, "debit", "neft", rupees_to_paise(ctx.randint(5, 100) * 1_000), party)
    if kind == "card_bill":
        ref = internal_ref(ctx, "CCP", day)
        return Event(
            day=day,
            direction="debit",
            channel="internal",
            amount=_spend_amount(ctx, 2_000, 50_000),
            counterparty="BSBK CREDIT CARD",
            reference=ref,
            narration=f"CREDIT CARD PAYMENT {ref}",
        )
    return atm_withdrawal(ctx, acc, day, city_name)


def atm_withdrawal(ctx: SeedContext, acc: AccountInfo, day: dt.date, city_name: str) -> Event:
    """A cash withdrawal at an ATM in the account's city."""
    own = ctx.chance(0.6)
    ref = atm_ref(ctx, own)
    place = _locality(ctx, acc, city_name)
    party = f"{'BSBK' if own else 'OTHER BANK'} ATM {place}"
    return Event(
        day=day,
        direction="debit",
        channel="atm",
        amount=rupees_to_paise(ctx.randint(1, 40) * 500),
        counterparty=party,
        reference=ref,
        narration=f"ATM WDL/{ref}/{place}",
    )


def _personal_credit(ctx: SeedContext, day: dt.date, acc: AccountInfo) -> Event:
    """Money coming in to a personal account: family, friends, refunds, cheques, dividends."""
    kind = ctx.weighted([("family", 3), ("friend", 4), ("refund", 2), ("neft", 2), ("cheque", 1), ("dividend", 1)])
    if kind == "family":
        amount = rupees_to_paise(ctx.pick(ROUND_IMPS_RUPEES))
        return rail_event(ctx, day, "credit", "imps", amount, f"{ctx.pick(NAMES[acc.primary.culture].male)} {acc.primary.surname}")
    if kind == "friend":
        return rail_event(ctx, day, "credit", "upi", round_to_rupees(rupees_to_paise(ctx.randint(100, 4_000)), 10), person_name(ctx))
    if kind == "refund":
        merchant = ctx.pick(("Amazon", "Flipkart", "IRCTC", "Myntra", "MakeMyTrip"))
        return rail_event(ctx, day, "credit", "upi", _spend_amount(ctx, 200, 6_000), merchant, "REFUND")
    if kind == "neft":
        party = ctx.pick(("INCOME TAX REFUND CPC", person_name(ctx), ctx.pick(BUSINESS_PARTIES)))
        return rail_event(ctx, day, "credit", "neft", _spend_amount(ctx, 5_000, 80_000), party)
    if kind == "dividend":
        company = ctx.pick(("INFOSYS LTD", "ITC LTD", "HDFC BANK LTD", "COAL INDIA LTD", "TATA STEEL LTD"))
        return rail_event(ctx, day, "credit", "neft", _spend_amount(ctx, 150, 6_000), company, "DIVIDEND")
    number = ctx.digits(6)
    bank = ctx.pick(OTHER_BANKS)[1]
    return Event(
        day=day,
        direction="credit",
        channel="cheque",
        amount=rupees_to_paise(ctx.randint(5, 100) * 1_000),
        counterparty=person_name(ctx),
        reference=number,
        narration=f"CHQ DEP {number} {bank.upper()}",
    )


def _current_credit(ctx: SeedContext, day: dt.date) -> Event:
    """A business receipt on a current account."""
    channel = ctx.weighted([("neft", 0.4), ("imps", 0.25), ("upi", 0.3), ("rtgs", 0.05)])
    low, high = (2_00_000, 6_00_000) if channel == "rtgs" else (2_000, 1_80_000)
    return rail_event(ctx, day, "credit", channel, _spend_amount(ctx, low, high), ctx.pick(BUSINESS_PARTIES))


def _business_debit(ctx: SeedContext, day: dt.date, acc: AccountInfo) -> Event:
    """A supplier payment, GST deposit or staff salary from a current account."""
    kind = ctx.weighted([("supplier", 5), ("gst", 1), ("staff", 2)])
    if kind == "gst":
        return rail_event(ctx, day, "debit", "neft", _spend_amount(ctx, 5_000, 90_000), "GSTN CBIC", "GST PAYMENT")
    if kind == "staff":
        return rail_event(ctx, day, "debit", "neft", rupees_to_paise(ctx.randint(12, 40) * 1_000), person_name(ctx), "STAFF SALARY")
    channel = ctx.weighted([("neft", 0.45), ("imps", 0.3), ("upi", 0.25)])
    return rail_event(ctx, day, "debit", channel, _spend_amount(ctx, 2_000, 1_50_000), ctx.pick(BUSINESS_PARTIES))
