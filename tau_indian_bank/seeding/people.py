"""Seed generation of branches, customers and their addresses."""

from __future__ import annotations

import datetime as dt

from tau_indian_bank.bank.clock import add_days, add_months, age_on
from tau_indian_bank.bank.money import rupees_to_paise
from tau_indian_bank.constants import KYC_PERIOD_YEARS, SENIOR_CITIZEN_AGE_YEARS, TODAY
from tau_indian_bank.seeding.common import (
    LEDGER_END,
    Person,
    SeedBank,
    SeedContext,
    address_text,
)
from tau_indian_bank.seeding.people_names import EMAIL_DOMAINS, NAMES
from tau_indian_bank.seeding.places import (
    BRANCH_SITES,
    BUILDINGS,
    CITIES,
    CULTURE_HOME_STATES,
    LANDMARKS,
    STATE_CULTURE,
    STREETS,
    City,
)

CUSTOMER_COUNT = 1000
_TIER_WEIGHT = {"metro": 1.6, "urban": 1.0, "semi_urban": 0.6}
_CULTURES = tuple(sorted(NAMES))


def make_branches(bank: SeedBank) -> None:
    """Create one branch per catalogue site, with a unique IFSC ``BSBK0`` + 6 digits."""
    city_by_name = {city.name: city for city in CITIES}
    for city_name, locality in BRANCH_SITES:
        city = city_by_name[city_name]
        while True:
            ifsc = f"BSBK0{bank.ctx.randint(1000, 999999):06d}"
            if ifsc not in bank.branches:
                break
        bank.branches[ifsc] = (city, locality)
        bank.add("branches", {"ifsc": ifsc, "branch_name": f"{locality}, {city.name}", "city": city.name, "state": city.state})


def make_customers(bank: SeedBank, count: int = CUSTOMER_COUNT) -> None:
    """Create ``count`` customers with both addresses; see the module docstring of ``seeding.generator``."""
    ctx = bank.ctx
    pins = _locality_pincodes(ctx)
    branch_weights = [(ifsc, _TIER_WEIGHT[city.tier]) for ifsc, (city, _) in bank.branches.items()]
    taken_names: set[str] = set()
    for _ in range(count):
        ifsc = ctx.weighted(branch_weights)
        city = bank.branches[ifsc][0]
        person = _new_person(ctx, ifsc, city, taken_names)
        bank.people.append(person)
        bank.add("customers", _customer_row(ctx, person))
        _add_addresses(bank, person, pins)


def _new_person(ctx: SeedContext, ifsc: str, city: City, taken_names: set[str]) -> Person:
    """Draw a customer's name, birth date, segment and relationship start."""
    culture = _draw_culture(ctx, city.state)
    gender = "f" if ctx.chance(0.46) else "m"
    first, surname, full_name = _draw_name(ctx, culture, gender, taken_names)
    age, dob = _draw_birth(ctx)
    senior = age >= SENIOR_CITIZEN_AGE_YEARS
    segment = "senior_citizen" if senior else ("premium" if age >= 27 and ctx.chance(0.1) else "regular")
    earliest = max(add_months(dob, 12 * 18), dt.date(1999, 1, 1))
    since = ctx.recent_date(earliest, add_days(LEDGER_END, -20), skew=0.8)
    if segment == "premium":
        income = rupees_to_paise(int(ctx.log_uniform(150_000, 600_000)))
    elif senior:
        income = rupees_to_paise(int(ctx.log_uniform(15_000, 110_000)))
    else:
        income = rupees_to_paise(int(ctx.log_uniform(18_000, 140_000)))
    customer_id = ctx.new_id("CUST", {"full_name": full_name, "date_of_birth": dob.isoformat()})
    return Person(
        customer_id=customer_id,
        full_name=full_name,
        first_name=first,
        surname=surname,
        gender=gender,
        culture=culture,
        dob=dob,
        age=age,
        segment=segment,
        city=city,
        branch_ifsc=ifsc,
        since=since,
        income=income,
    )


def _draw_culture(ctx: SeedContext, state: str) -> str:
    """Local tradition mostly, Muslim names everywhere, and people who moved from elsewhere."""
    roll = ctx.rng.random()
    if roll < 0.55:
        return STATE_CULTURE[state]
    if roll < 0.67:
        return "muslim"
    return ctx.pick(_CULTURES)


def _draw_name(ctx: SeedContext, culture: str, gender: str, taken: set[str]) -> tuple[str, str, str]:
    """Return (first name, surname, full name), the full name unique in the bank."""
    pool = NAMES[culture]
    while True:
        first = ctx.pick(pool.male if gender == "m" else pool.female)
        surname = ctx.pick(pool.surnames)
        middle = ""
        if culture == "punjabi" and ctx.chance(0.4):
            middle = "Singh " if gender == "m" else "Kaur "
        full_name = f"{first} {middle}{surname}"
        if full_name not in taken and first.split()[-1] != surname:
            taken.add(full_name)
            return first, surname, full_name


def _draw_birth(ctx: SeedContext) -> tuple[int, dt.date]:
    """Return (age on TODAY, date of birth); a few customers sit just either side of 60."""
    sixtieth = add_months(TODAY, -12 * SENIOR_CITIZEN_AGE_YEARS)
    roll = ctx.rng.random()
    if roll < 0.012:  # turns 60 within the next month
        dob = ctx.date_between(add_days(sixtieth, 1), add_days(sixtieth, 30))
    elif roll < 0.024:  # turned 60 within the last month
        dob = ctx.date_between(add_days(sixtieth, -30), sixtieth)
    else:
        senior = roll < 0.214
        bands = (
            ((60, 69, 0.6), (70, 79, 0.32), (80, 88, 0.08)) if senior else ((19, 29, 0.22), (30, 39, 0.3), (40, 49, 0.26), (50, 59, 0.22))
        )
        low, high = ctx.weighted([((lo, hi), w) for lo, hi, w in bands])
        age = ctx.randint(low, high)
        latest = add_months(TODAY, -12 * age)
        earliest = add_days(add_months(TODAY, -12 * (age + 1)), 1)
        dob = ctx.date_between(earliest, latest)
    return age_on(dob, TODAY), dob


def _customer_row(ctx: SeedContext, person: Person) -> dict[str, object]:
    """The customers row: KYC dates, masked contacts and relationship start."""
    risk = ctx.weighted([("low", 0.6), ("medium", 0.3), ("high", 0.1)])
    last_kyc = _last_kyc(ctx, person.since, risk)
    due = add_months(last_kyc, 12 * KYC_PERIOD_YEARS[risk])
    handle = "".join(ch for ch in person.first_name.lower() if ch.isalpha())[:2]
    return {
        "customer_id": person.customer_id,
        "full_name": person.full_name,
        "date_of_birth": person.dob.isoformat(),
        "segment": person.segment,
        "kyc_risk": risk,
        "kyc_status": "expired" if due < TODAY else "verified",
        "kyc_due_date": due.isoformat(),
        "pan_on_file": not ctx.chance(0.07),
        "mobile_masked": "XXXXXX" + ctx.digits(4),
        "email_masked": f"{handle}****@{ctx.pick(EMAIL_DOMAINS)}",
        "customer_since": person.since.isoformat(),
    }


def _last_kyc(ctx: SeedContext, since: dt.date, risk: str) -> dt.date:
    """Date of the customer's last KYC; about 8% of customers let their periodic update lapse."""
    boundary = add_months(TODAY, -12 * KYC_PERIOD_YEARS[risk])  # a KYC on/after this is still valid
    if since < boundary and ctx.chance(0.16):
        return ctx.date_between(max(since, add_months(boundary, -20)), add_days(boundary, -1))
    return ctx.date_between(max(since, boundary), LEDGER_END)


def _locality_pincodes(ctx: SeedContext) -> dict[tuple[str, str], str]:
    """One 6-digit pincode per (city, locality), inside the city's range."""
    pins: dict[tuple[str, str], str] = {}
    for city in CITIES:
        for locality in city.localities:
            pins[(city.name, locality)] = str(city.pin_base + ctx.randint(0, city.pin_span - 1))
    return pins


def _add_addresses(bank: SeedBank, person: Person, pins: dict[tuple[str, str], str]) -> None:
    """Add the communication and permanent addresses (identical for about 60% of customers)."""
    ctx = bank.ctx
    comm_city = person.city
    comm = _address_lines(ctx, comm_city)
    comm_updated = ctx.date_between(person.since, LEDGER_END)
    if ctx.chance(0.6):
        perm_city, perm, perm_updated = comm_city, comm, comm_updated
    else:
        perm_city = _hometown(ctx, person)
        perm = _address_lines(ctx, perm_city)
        while perm == comm:
            perm = _address_lines(ctx, perm_city)
        perm_updated = ctx.date_between(person.since, comm_updated)
    for kind, city, (line1, line2, locality), updated in (
        ("communication", comm_city, comm, comm_updated),
        ("permanent", perm_city, perm, perm_updated),
    ):
        bank.add(
            "addresses",
            {
                "customer_id": person.customer_id,
                "address_type": kind,
                "line1": line1,
                "line2": line2,
                "city": city.name.upper(),
                "state": city.state.upper(),
                "pincode": pins[(city.name, locality)],
                "updated_on": updated.isoformat(),
            },
        )


def _hometown(ctx: SeedContext, person: Person) -> City:
    """A permanent-address city: the home state of a migrant, else the same state."""
    states = CULTURE_HOME_STATES[person.culture]
    if states and person.city.state not in states:
        options = [city for city in CITIES if city.state in states]
    else:
        options = [city for city in CITIES if city.state == person.city.state]
    return ctx.pick(options)


def relative_name(ctx: SeedContext, person: Person) -> str:
    """A plausible nominee: spouse, child or parent, sharing the customer's family name."""
    pool = NAMES[person.culture]
    relation = ctx.weighted([("spouse", 0.55), ("child", 0.25), ("parent", 0.2)])
    if relation == "spouse":
        first = ctx.pick(pool.female if person.gender == "m" else pool.male)
    else:
        first = ctx.pick(pool.male + pool.female)
    while first == person.first_name:
        first = ctx.pick(pool.male + pool.female)
    return f"{first} {person.surname}"


def _ordinal(number: int) -> str:
    """1 -> '1ST', 12 -> '12TH', 22 -> '22ND'."""
    suffix = "TH" if 10 <= number % 100 <= 20 else {1: "ST", 2: "ND", 3: "RD"}.get(number % 10, "TH")
    return f"{number}{suffix}"


def _address_lines(ctx: SeedContext, city: City) -> tuple[str, str, str]:
    """Return (line1, line2, locality) in capitals with single spaces."""
    locality = ctx.pick(city.localities)
    number = ctx.randint(1, 240)
    building = ctx.pick(BUILDINGS)
    line1 = ctx.pick(
        (
            f"FLAT {ctx.randint(1, 14)}{ctx.pick('ABCD')} {building} APARTMENTS",
            f"{ctx.pick('ABCDE')}-{ctx.randint(101, 1204)} {building} CO-OP HSG SOCIETY",
            f"HOUSE NO {number}",
            f"NO {number}/{ctx.randint(1, 9)} {building} NILAYA",
            f"PLOT NO {number} {building} ENCLAVE",
            f"DOOR NO {ctx.randint(1, 12)}-{ctx.randint(1, 9)}-{number}",
        )
    )
    line2 = ctx.pick(
        (
            f"{_ordinal(ctx.randint(1, 18))} CROSS {locality}",
            f"{_ordinal(ctx.randint(1, 12))} MAIN ROAD {locality}",
            f"NEAR {ctx.pick(LANDMARKS)} {locality}",
            f"OPP {ctx.pick(LANDMARKS)} {locality}",
            f"{ctx.pick(STREETS)} {locality}",
        )
    )
    return address_text(line1), address_text(line2), locality
