"""Money: integer paise inside, rupees with Indian digit grouping at the edges.

Every conversion is named for its direction and defined here once:

* :func:`rupees_to_paise`: whole rupees (a number in code) to paise;
* :func:`parse_rupees`: a rupee amount as a model or customer writes it to paise;
* :func:`paise_to_rupees`: paise to a rupee number for machine-readable tool output;
* :func:`output_rupees_to_paise`: such a rupee number back to paise (zero allowed);
* :func:`format_rupees`: paise to text for a reader, always with paise (₹1,00,000.00);
* :func:`spoken_rupees`: paise to text as a customer says it (₹50,000, or ₹1,250.50).

This module imports only ``constants`` (for ``PAISE_PER_RUPEE``) from the package.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Final

from tau_indian_bank.constants import PAISE_PER_RUPEE

#: Largest amount any tool accepts: ₹10,00,00,000 (ten crore).
MAX_AMOUNT_PAISE: Final = 10_00_00_000 * PAISE_PER_RUPEE

_RUPEE_TEXT = re.compile(r"^(?:₹|rs\.?|inr)?\s*([0-9][0-9,]*(?:\.[0-9]+)?)\s*(?:/-)?$", re.IGNORECASE)


class AmountError(ValueError):
    """An amount that cannot be read as whole paise in the accepted range."""


def parse_rupees(value: object) -> int:
    """Read a rupee amount given as a number or text and return whole paise.

    Accepts ``100000``, ``100000.0``, ``"1,00,000"``, ``"₹1,00,000.50"`` and
    ``"Rs. 5000"``; refuses booleans, negatives, zero, fractional paise and
    anything above the bank's largest accepted amount.

    Args:
        value: The amount in rupees.

    Returns:
        The amount in paise.

    Raises:
        AmountError: If the value is not an amount the bank accepts.
    """
    if isinstance(value, bool) or value is None:
        raise AmountError("amount must be a number of rupees, such as 50000 or 1250.50")
    if isinstance(value, int):
        rupees = Decimal(value)
    elif isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise AmountError("amount must be a finite number of rupees")
        rupees = Decimal(repr(value))
    elif isinstance(value, str):
        match = _RUPEE_TEXT.match(value.strip())
        if not match:
            raise AmountError(f"could not read {value[:40]!r} as a rupee amount; send a number such as 50000")
        try:
            rupees = Decimal(match.group(1).replace(",", ""))
        except InvalidOperation as exc:  # pragma: no cover - regex admits only digits
            raise AmountError(f"could not read {value[:40]!r} as a rupee amount") from exc
    else:
        raise AmountError("amount must be a number of rupees, such as 50000 or 1250.50")
    paise = rupees * PAISE_PER_RUPEE
    if paise != paise.to_integral_value():
        raise AmountError("amount has fractions of a paisa; use at most two decimal places")
    if paise <= 0:
        raise AmountError("amount must be greater than zero")
    if paise > MAX_AMOUNT_PAISE:
        raise AmountError(f"amount exceeds the largest amount the bank accepts ({format_rupees(MAX_AMOUNT_PAISE)})")
    return int(paise)


def group_indian(whole: int) -> str:
    """Group a non-negative integer the Indian way: 1234567 -> '12,34,567'."""
    digits = str(whole)
    if len(digits) <= 3:
        return digits
    head, tail = digits[:-3], digits[-3:]
    pairs: list[str] = []
    while len(head) > 2:
        pairs.insert(0, head[-2:])
        head = head[:-2]
    return ",".join([head, *pairs, tail])


def format_rupees(paise: int) -> str:
    """Format paise for a customer: 10000000 -> '₹1,00,000.00'."""
    sign = "-" if paise < 0 else ""
    rupees, rem = divmod(abs(paise), PAISE_PER_RUPEE)
    return f"{sign}₹{group_indian(rupees)}.{rem:02d}"


def spoken_rupees(paise: int) -> str:
    """Paise as a customer says the amount, without paise when whole: 5000000 -> '₹50,000'."""
    text = format_rupees(paise)
    return text[:-3] if text.endswith(".00") else text


def rupees_to_paise(rupees: int) -> int:
    """Whole rupees to paise: 500 -> 50000."""
    return rupees * PAISE_PER_RUPEE


def paise_to_rupees(paise: int) -> float:
    """Paise as a rupee number for machine-readable tool output (exact to two places): 125050 -> 1250.5."""
    return paise / PAISE_PER_RUPEE


def output_rupees_to_paise(value: float | int | str) -> int:
    """A rupee number as tool output gives it, back to paise (the inverse of paise_to_rupees): 1250.5 -> 125050."""
    return int((Decimal(str(value)) * PAISE_PER_RUPEE).to_integral_value())


def percent(bps: int) -> str:
    """Basis points as a customer-facing rate: 680 -> '6.80%'."""
    return f"{bps / 100:.2f}%"
