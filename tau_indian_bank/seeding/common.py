"""Shared machinery of the seed generator: the seeded context, the bank being built, events.

Every random draw goes through :class:`SeedContext`, which wraps the one
``random.Random(seed)`` of a generation run; nothing here reads the wall clock, the
global random module or the iteration order of a set.
"""

from __future__ import annotations

import datetime as dt
import math
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import TypeVar

from tau_indian_bank.bank.clock import add_days
from tau_indian_bank.bank.ids import content_id
from tau_indian_bank.bank.schema import BUSINESS_TABLES, table_name
from tau_indian_bank.constants import PAISE_PER_RUPEE, TODAY
from tau_indian_bank.seeding.places import City

SEED = 20260715
GENERATOR_VERSION = 1
#: First day of the transaction history every active account carries.
WINDOW_START = dt.date(2026, 1, 1)
#: Last day a seed posting may carry; TODAY is left free for postings made in sessions.
LEDGER_END = add_days(TODAY, -1)
#: Earliest opening date of a deposit, and of most other products.
HISTORY_START = dt.date(2021, 1, 1)

T = TypeVar("T")
Row = dict[str, object]


class SeedContext:
    """The seeded random generator of one run, and registries keeping ids and references unique."""

    def __init__(self, seed: int, reserved: frozenset[str] = frozenset()) -> None:
        """Create the context.

        Args:
            seed: Seed of the run's only random generator.
            reserved: Ids and references this bank must not hand out (another bank's: a private
                edition avoids every id of the public bank). A draw that hits one is drawn again,
                so a bank that hits none is the same, byte for byte, with or without them.
        """
        self.rng = random.Random(seed)
        self.reserved = reserved
        self._ids: set[str] = set(reserved)
        self._refs: set[str] = set(reserved)

    def new_id(self, prefix: str, content: object) -> str:
        """Return a fresh content-derived id (the next occurrence if the content repeats).

        Args:
            prefix: Upper-case kind marker, such as ``"FD"``.
            content: JSON-serialisable canonical content of the record.

        Returns:
            An id not handed out before in this run.
        """
        occurrence = 0
        while True:
            candidate = content_id(prefix, content, occurrence)
            if candidate not in self._ids:
                self._ids.add(candidate)
                return candidate
            occurrence += 1

    def claim_ref(self, make: Callable[[], str]) -> str:
        """Call ``make`` until it returns a reference not used before, and return it."""
        while True:
            ref = make()
            if ref not in self._refs:
                self._refs.add(ref)
                return ref

    def chance(self, probability: float) -> bool:
        """Return True with the given probability."""
        return self.rng.random() < probability

    def pick(self, options: Sequence[T]) -> T:
        """Return one element of a non-empty sequence, uniformly."""
        return options[self.rng.randrange(len(options))]

    def weighted(self, options: Sequence[tuple[T, float]]) -> T:
        """Return one option drawn in proportion to its weight."""
        total = sum(weight for _, weight in options)
        point = self.rng.random() * total
        for option, weight in options:
            point -= weight
            if point < 0:
                return option
        return options[-1][0]

    def randint(self, low: int, high: int) -> int:
        """Return an integer in ``[low, high]``."""
        return self.rng.randint(low, high)

    def date_between(self, low: dt.date, high: dt.date) -> dt.date:
        """Return a date in ``[low, high]``, uniformly."""
        return low + dt.timedelta(days=self.rng.randint(0, max((high - low).days, 0)))

    def recent_date(self, low: dt.date, high: dt.date, skew: float = 1.8) -> dt.date:
        """Return a date in ``[low, high]`` skewed towards ``high`` (larger skew, more recent)."""
        span = (high - low).days
        if span <= 0:
            return low
        return high - dt.timedelta(days=int(span * self.rng.random() ** skew))

    def log_uniform(self, low: float, high: float) -> float:
        """Return a number between ``low`` and ``high`` whose logarithm is uniform."""
        return math.exp(self.rng.uniform(math.log(low), math.log(high)))

    def digits(self, count: int) -> str:
        """Return ``count`` random decimal digits as text."""
        return str(self.rng.randrange(10**count)).zfill(count)


def round_half_up(value: Decimal) -> int:
    """Round a Decimal number of paise to whole paise, halves away from zero."""
    return int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def round_to_rupees(paise: int, step: int) -> int:
    """Round paise to a multiple of ``step`` rupees (halves up)."""
    unit = step * PAISE_PER_RUPEE
    return (paise + unit // 2) // unit * unit


_ADDRESS_JUNK = re.compile(r"[^A-Z0-9/\- ]+")


def address_text(text: str) -> str:
    """Upper-case an address line, drop punctuation other than '/' and '-', squeeze spaces."""
    return " ".join(_ADDRESS_JUNK.sub(" ", text.upper()).split())


def upi_rrn(ctx: SeedContext, day: dt.date) -> str:
    """A 12-digit retrieval reference (year digit, day of year, hour, sequence), unique in the run."""
    return ctx.claim_ref(lambda: f"{day.year % 10}{day.timetuple().tm_yday:03d}{ctx.randint(7, 22):02d}{ctx.digits(6)}")


def neft_utr(ctx: SeedContext, day: dt.date) -> str:
    """A 16-character NEFT UTR such as ``N196260012345678``."""
    return ctx.claim_ref(lambda: f"N{day.timetuple().tm_yday:03d}{day.year % 100:02d}{ctx.digits(10)}")


def rtgs_utr(ctx: SeedContext, day: dt.date, bank_code: str = "BSBK") -> str:
    """A 22-character RTGS UTR such as ``BSBKR52026071500123456`` (sending bank first)."""
    return ctx.claim_ref(lambda: f"{bank_code}R5{day:%Y%m%d}{ctx.digits(8)}")


def atm_ref(ctx: SeedContext, own: bool) -> str:
    """An ATM terminal id and system trace number, such as ``BSBK0412/004512``."""
    prefix = "BSBK" if own else "S1AN"
    return ctx.claim_ref(lambda: f"{prefix}{ctx.digits(4)}/{ctx.digits(6)}")


def internal_ref(ctx: SeedContext, prefix: str, day: dt.date) -> str:
    """A bank-internal posting reference such as ``INT20260331004512``."""
    return ctx.claim_ref(lambda: f"{prefix}{day:%Y%m%d}{ctx.digits(6)}")


@dataclass
class Event:
    """One posting to be placed on an account's ledger."""

    day: dt.date
    direction: str  # debit | credit
    channel: str
    amount: int
    counterparty: str
    reference: str
    narration: str
    status: str = "success"
    forced: bool = False  # a scheduled obligation: it must succeed
    hard: bool = False  # must post exactly on ``day`` (other rows on its date make way)
    dynamic: str | None = None  # "interest": amount from the balance; "sweep": the whole balance
    not_after: dt.date | None = None  # a soft posting moved off its day never lands after this
    on_post: Callable[[dt.date, int], None] | None = None
    follow: Event | None = None  # a reversal credit that must post after this debit


@dataclass
class Person:
    """A customer, with the private facts the generator reasons with."""

    customer_id: str
    full_name: str
    first_name: str
    surname: str
    gender: str  # m | f
    culture: str
    dob: dt.date
    age: int
    segment: str
    city: City
    branch_ifsc: str
    since: dt.date
    income: int  # typical monthly inflow in paise
    employer: str | None = None
    pensioner: bool = False
    accounts: list[AccountInfo] = field(default_factory=list)
    last4s: set[str] = field(default_factory=set)
    has_credit_card: bool = False


@dataclass
class AccountInfo:
    """An account row with the holders and the scheduled postings other tables put on it."""

    row: Row
    primary: Person
    tier: str
    state: str
    joint: Person | None = None
    target_balance: int = 0
    low_balance: bool = False
    has_debit_card: bool = False
    forced: list[Event] = field(default_factory=list)
    hard_days: set[dt.date] = field(default_factory=set)

    @property
    def account_id(self) -> str:
        """The 12-digit account number."""
        return str(self.row["account_id"])

    @property
    def status(self) -> str:
        """Status: active, dormant or closed."""
        return str(self.row["status"])

    @property
    def kind(self) -> str:
        """Type: savings, salary or current."""
        return str(self.row["account_type"])

    @property
    def opened(self) -> dt.date:
        """Opening date."""
        return dt.date.fromisoformat(str(self.row["opened_on"]))

    def reserve_day(self, day: dt.date) -> bool:
        """Reserve ``day`` for a hard posting; False if it is outside the ledger or already taken."""
        if day in self.hard_days or day <= self.opened or not WINDOW_START <= day <= LEDGER_END:
            return False
        self.hard_days.add(day)
        return True

    def day_is_free(self, day: dt.date) -> bool:
        """True if a hard posting could go on ``day`` (or ``day`` lies outside the ledger)."""
        if not WINDOW_START <= day <= LEDGER_END:
            return True
        return day not in self.hard_days and day > self.opened


def internal_poster(acc: AccountInfo, counterparty: str, reference: str, ends: dt.date | None) -> Callable[..., None]:
    """A function that schedules internal postings (deposit or loan flows) on an account.

    Postings outside the ledger window, or on or before the day the account opened, are
    dropped; soft postings never land on or after ``ends`` (a closure).
    """

    def post(day: dt.date, direction: str, value: int, narration: str, hard: bool = False) -> None:
        if WINDOW_START <= day <= LEDGER_END and day > acc.opened:
            acc.forced.append(
                Event(
                    day=day,
                    direction=direction,
                    channel="internal",
                    amount=value,
                    counterparty=counterparty,
                    reference=reference,
                    narration=narration,
                    forced=True,
                    hard=hard,
                    not_after=add_days(ends, -1) if ends else None,
                )
            )

    return post


@dataclass
class SeedBank:
    """The bank under construction: rows per table so far, plus the private model behind them."""

    ctx: SeedContext
    tables: dict[str, list[Row]] = field(default_factory=lambda: {table_name(model): [] for model in BUSINESS_TABLES})
    people: list[Person] = field(default_factory=list)
    accounts: list[AccountInfo] = field(default_factory=list)
    branches: dict[str, tuple[City, str]] = field(default_factory=dict)  # ifsc -> (city, locality)

    def add(self, table: str, row: Row) -> Row:
        """Append a row to a table and return it."""
        self.tables[table].append(row)
        return row

    def active_own_accounts(self, person: Person) -> list[AccountInfo]:
        """The active accounts a customer holds as primary holder, in opening order."""
        return [acc for acc in person.accounts if acc.primary is person and acc.status == "active"]
