"""Does the agent have what it needs? Every compared gold argument must be evidenced.

A value is evidenced when it appears, in some form a person would write it, in what
the agent can see before the call: the customer's scenario (which the customer
discloses), the login context, the outputs of earlier gold calls, or the policy.
Values equal to a tool's default need no evidence.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from tau_indian_bank.bank.money import format_rupees, group_indian
from tau_indian_bank.tools.arguments import (
    DateArg,
    FreeTextArg,
    IdArg,
    MoneyArg,
    RateArg,
    TextArg,
    WeightArg,
    bind,
    normalise_text,
)
from tau_indian_bank.tools.catalogue import ALL_SPECS
from tau_indian_bank.wording import spoken_date

#: Everyday words that stand for an enum value.
SYNONYMS: dict[str, tuple[str, ...]] = {
    "international": ("international", "abroad", "overseas", "outside india", "foreign"),
    "domestic": ("domestic", "in india", "within india", "local"),
    "pos": ("pos", "shop", "store", "swipe", "merchant", "point of sale"),
    "online": ("online", "internet", "e-commerce", "website"),
    "contactless": ("contactless", "tap"),
    "atm": ("atm", "cash withdrawal"),
    "fraud_suspected": ("did not make", "didn't make", "not made by me", "fraud", "unauthorised", "unauthorized"),
    "payment_dispute": ("dispute", "disagreement", "not delivered", "not happy"),
    "issued_in_error": ("error", "mistake", "wrong"),
    "monthly": ("every month", "monthly"),
    "quarterly": ("every quarter", "quarterly"),
    "renew_principal": ("renewed for the same period",),
    "renew_principal_and_interest": ("interest added",),
    "credit_to_account": ("paid out to my linked account", "credit it to", "paid into my account"),
    "fixed": ("fixed deposit", "fd"),
    "recurring": ("recurring deposit", "rd"),
    "post": ("post", "posted", "courier"),
    "loans": ("loan",),
    "deposits": ("deposit",),
}
_TRUE = ("turn on", "switch on", "enable", "allow", "activate", "start using", "unblock", "use it")
_FALSE = ("turn off", "switch off", "disable", "stop", "block")


def _forms(marker: object, value: object) -> Iterable[str]:
    """Ways a person or a tool might write a value."""
    if isinstance(marker, MoneyArg):
        assert isinstance(value, int)
        text = format_rupees(value)
        yield from (text, text.removesuffix(".00"), group_indian(value // 100), str(value // 100))
    elif isinstance(marker, DateArg):
        assert isinstance(value, dt.date)
        yield from (value.isoformat(), spoken_date(value.isoformat()))
    elif isinstance(marker, RateArg):
        assert isinstance(value, int)
        yield from (f"{value / 100:.2f}%", f"{value / 100:g}%")
    elif isinstance(marker, WeightArg):
        assert isinstance(value, int)
        yield f"{value / 1000:g}"
    elif isinstance(marker, TextArg):
        yield normalise_text(str(value)).lower()
    elif value is True:
        yield from _TRUE
    elif value is False:
        yield from _FALSE
    else:
        text = str(value)
        yield from (text, text.replace("_", " "), *SYNONYMS.get(text, ()))


def missing_evidence(name: str, arguments: Mapping[str, Any], compare: Iterable[str] | None, seen: str) -> list[str]:
    """The compared arguments of one gold call that nothing the agent saw supports."""
    spec = ALL_SPECS[name]
    bound = bind(spec, arguments)
    haystack = seen.lower()
    normalised = normalise_text(seen).lower()
    missing = []
    keys = set(compare) if compare is not None else {p.name for p in spec.params}
    for param in spec.params:
        value = bound[param.name]
        if param.name not in keys or isinstance(param.marker, FreeTextArg) or value is None or value == param.default:
            continue
        values = value if isinstance(value, list) else [value]
        marker = param.marker.item if hasattr(param.marker, "item") else param.marker
        for item in values:
            pool = normalised if isinstance(marker, TextArg) else haystack
            if isinstance(marker, IdArg):
                found = str(item).lower() in haystack
            else:
                found = any(form.lower() in pool for form in _forms(marker, item))
            if not found:
                missing.append(f"{name}.{param.name}={item!r}")
    return missing
