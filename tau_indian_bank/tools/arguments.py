"""Tool arguments: how each parameter is declared, validated and put in canonical form.

A tool parameter's annotation says what kind of value it is (``AccountId``, ``Rupees``,
``IsoDate``, ``FreeText``, a ``Literal`` enum, ...). The same declaration drives three
things, so they cannot disagree:

* the JSON schema the model sees (tau2 builds it from the signature and docstring);
* validation at the tool boundary (:func:`bind`), which turns raw JSON arguments into
  Python values or raises :class:`ArgumentError` with a message the agent can act on;
* the canonical form used to compare a call with a gold call (:func:`canonical_arguments`):
  defaults filled in, rupees as paise, dates as ISO text, ids upper-cased, id lists
  sorted, free text dropped.

This module imports neither tau2 nor the database, so reports can use it cheaply.
"""

from __future__ import annotations

import datetime as dt
import inspect
import re
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from tau_indian_bank.bank.money import AmountError, parse_rupees
from tau_indian_bank.constants import FREE_TEXT_MAX_CHARS

#: Argument key under which a model's unparseable tool-call arguments are kept (see plugin.llm_agent).
MALFORMED_KEY = "__raw_arguments__"


class ToolError(ValueError):
    """A tool refused a call. tau2 shows the message to the agent as the tool's output."""


class ArgumentError(ToolError):
    """The call's arguments do not fit the tool's schema."""


# --- Parameter markers (used inside ``Annotated``) -----------------------------------


@dataclass(frozen=True)
class IdArg:
    """An identifier of a bank record of the given kind (account, deposit, card, ...)."""

    kind: str


@dataclass(frozen=True)
class MoneyArg:
    """An amount in rupees (number or text such as "1,00,000"); canonical form is paise."""


@dataclass(frozen=True)
class DateArg:
    """A calendar date as ``YYYY-MM-DD``."""


@dataclass(frozen=True)
class IntArg:
    """A whole number within an inclusive range."""

    minimum: int
    maximum: int


@dataclass(frozen=True)
class RateArg:
    """An annual interest rate in percent (e.g. 8.5); canonical form is basis points."""


@dataclass(frozen=True)
class WeightArg:
    """A weight in grams with up to three decimals; canonical form is milligrams."""


@dataclass(frozen=True)
class ListArg:
    """A set-like list of values of one kind; canonical form is sorted and de-duplicated."""

    item: object


@dataclass(frozen=True)
class DigitsArg:
    """Text made only of digits, of an exact length (cheque numbers, PIN codes)."""

    length: int


@dataclass(frozen=True)
class TextArg:
    """Short plain text that matters for the outcome (a city); compared after folding case."""

    max_chars: int = 120


@dataclass(frozen=True)
class FreeTextArg:
    """Free wording (a complaint's description); stored, never compared."""


AccountId = Annotated[str, IdArg("account")]
DepositId = Annotated[str, IdArg("deposit")]
LoanId = Annotated[str, IdArg("loan")]
CardId = Annotated[str, IdArg("card")]
MandateId = Annotated[str, IdArg("mandate")]
RequestId = Annotated[str, IdArg("service_request")]
RelatedId = Annotated[str, IdArg("any")]
Months = Annotated[int, IntArg(1, 360)]
if TYPE_CHECKING:
    # What a tool's body receives: :func:`bind` has put the value in its canonical form (paise, a date,
    # basis points, milligrams). The schema the model sees is built from the runtime declarations below.
    Rupees = Annotated[int, MoneyArg()]
    IsoDate = Annotated[dt.date, DateArg()]
    AnnualRate = Annotated[int, RateArg()]
    Grams = Annotated[int, WeightArg()]
else:
    Rupees = Annotated[float, MoneyArg()]
    IsoDate = Annotated[str, DateArg()]
    AnnualRate = Annotated[float, RateArg()]
    Grams = Annotated[float, WeightArg()]
ChequeNumber = Annotated[str, DigitsArg(6)]
Pincode = Annotated[str, DigitsArg(6)]
PlainText = Annotated[str, TextArg()]
FreeText = Annotated[str, FreeTextArg()]

_ID_TEXT = re.compile(r"^[A-Z0-9][A-Z0-9-]{1,39}$")
_ASCII_DIGITS = re.compile(r"[0-9]+")
#: Integers longer than this cannot be an id, a count or a cheque number (and Python refuses
#: to print ones past 4,300 digits).
_MAX_INT_DIGITS = 40


# --- Specs ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ParamSpec:
    """One parameter of a tool."""

    name: str
    marker: object  # one of the *Arg markers, or a tuple of allowed strings, or a python type
    required: bool
    default: object

    @property
    def is_free_text(self) -> bool:
        return isinstance(self.marker, FreeTextArg)

    @property
    def id_kind(self) -> str | None:
        return self.marker.kind if isinstance(self.marker, IdArg) else None


@dataclass(frozen=True)
class ToolSpec:
    """A tool's name, kind (read, write or transfer) and parameters."""

    name: str
    kind: str  # "read" | "write" | "transfer"
    params: tuple[ParamSpec, ...]

    def param(self, name: str) -> ParamSpec | None:
        return next((p for p in self.params if p.name == name), None)


def _marker_of(annotation: object) -> object:
    origin = typing.get_origin(annotation)
    if origin is Annotated:
        base, *extras = typing.get_args(annotation)
        return extras[0] if extras else _marker_of(base)
    if origin is Literal:
        return tuple(typing.get_args(annotation))
    if origin is list:
        return ListArg(_marker_of(typing.get_args(annotation)[0]))
    if origin in (typing.Union, types.UnionType):
        members = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(members) == 1:
            return _marker_of(members[0])
    return annotation


def spec_of(func: Callable[..., object], kind: str) -> ToolSpec:
    """Build a :class:`ToolSpec` from a tool function's signature."""
    hints = typing.get_type_hints(func, include_extras=True)
    params = []
    for name, param in inspect.signature(func).parameters.items():
        if name == "self":
            continue
        required = param.default is inspect.Parameter.empty
        params.append(ParamSpec(name, _marker_of(hints[name]), required, None if required else param.default))
    return ToolSpec(func.__name__, kind, tuple(params))


# --- Binding (validation at the boundary) -----------------------------------------------


def _fail(tool: str, param: str, problem: str) -> ArgumentError:
    return ArgumentError(f"{tool}: argument '{param}' {problem}")


def _bind_value(tool: str, spec: ParamSpec, value: object) -> object:
    if value is None:
        if spec.required:
            raise _fail(tool, spec.name, "is required and cannot be null")
        return spec.default  # null means "not given": the tool's default applies
    marker = spec.marker
    if isinstance(marker, tuple):
        return _bind_choice(tool, spec.name, value, marker)
    if marker is bool:
        return _bind_bool(tool, spec.name, value)
    binder = _BINDERS.get(type(marker))
    if binder is None:
        raise AssertionError(f"{tool}.{spec.name}: unsupported parameter annotation {marker!r}")
    return binder(tool, spec, value)


def _bind_id(tool: str, spec: ParamSpec, value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value) if abs(value) < 10**_MAX_INT_DIGITS else ""
    if not isinstance(value, str) or not _ID_TEXT.match(value.strip().upper()):
        raise _fail(tool, spec.name, "must be an id made of letters and digits, as shown in an earlier tool result")
    return value.strip().upper()


def _bind_money(tool: str, spec: ParamSpec, value: object) -> int:
    try:
        return parse_rupees(value)
    except AmountError as exc:
        raise _fail(tool, spec.name, str(exc)) from None


def _bind_date(tool: str, spec: ParamSpec, value: object) -> dt.date:
    if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value.strip()):
        try:
            return dt.date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise _fail(tool, spec.name, "must be a real date written YYYY-MM-DD, such as 2026-07-15")


def _bind_list(tool: str, spec: ParamSpec, value: object) -> list[Any]:
    if not isinstance(value, list) or not value or len(value) > 20:
        raise _fail(tool, spec.name, "must be a list of 1 to 20 values")
    assert isinstance(spec.marker, ListArg)
    item = ParamSpec(spec.name, spec.marker.item, True, None)
    return sorted({_bind_value(tool, item, v) for v in value})


def _bind_int(tool: str, spec: ParamSpec, value: object) -> int:
    marker = spec.marker
    assert isinstance(marker, IntArg)
    number = _whole_number(value)
    if number is None or not marker.minimum <= number <= marker.maximum:
        raise _fail(tool, spec.name, f"must be a whole number from {marker.minimum} to {marker.maximum}")
    return number


def _bind_scaled(tool: str, spec: ParamSpec, value: object) -> int:
    return _scaled(tool, spec.name, value, spec.marker)


def _bind_digits(tool: str, spec: ParamSpec, value: object) -> str:
    marker = spec.marker
    assert isinstance(marker, DigitsArg)
    text = value.strip() if isinstance(value, str) else ""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**marker.length:
        text = str(value).zfill(marker.length)
    if len(text) != marker.length or not _ASCII_DIGITS.fullmatch(text):
        raise _fail(tool, spec.name, f"must be exactly {marker.length} digits, such as {'0' * (marker.length - 3)}123")
    return text


def _bind_choice(tool: str, name: str, value: object, allowed: tuple[object, ...]) -> object:
    if isinstance(value, str) and value.strip().lower() in allowed:
        return value.strip().lower()
    if isinstance(value, int) and not isinstance(value, bool) and value in allowed:
        return value
    raise _fail(tool, name, f"must be one of {', '.join(repr(m) for m in allowed)}")


def _bind_bool(tool: str, name: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    raise _fail(tool, name, "must be true or false")


def _bind_text(tool: str, spec: ParamSpec, value: object) -> str:
    marker = spec.marker
    limit = marker.max_chars if isinstance(marker, TextArg) else FREE_TEXT_MAX_CHARS
    if not isinstance(value, str) or not value.strip():
        raise _fail(tool, spec.name, "must be non-empty text")
    if len(value) > limit:
        raise _fail(tool, spec.name, f"is longer than {limit} characters")
    return " ".join(value.split())


#: How a value is bound, by the type of its parameter's marker (choices and booleans aside).
_BINDERS: dict[type, Callable[[str, ParamSpec, object], object]] = {
    IdArg: _bind_id,
    MoneyArg: _bind_money,
    DateArg: _bind_date,
    ListArg: _bind_list,
    IntArg: _bind_int,
    RateArg: _bind_scaled,
    WeightArg: _bind_scaled,
    DigitsArg: _bind_digits,
    TextArg: _bind_text,
    FreeTextArg: _bind_text,
}


def _whole_number(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if abs(value) < 10**_MAX_INT_DIGITS else None
    if isinstance(value, float) and value.is_integer() and abs(value) < 10**_MAX_INT_DIGITS:
        return int(value)
    if isinstance(value, str) and _ASCII_DIGITS.fullmatch(value.strip()) and len(value.strip()) < _MAX_INT_DIGITS:
        return int(value.strip())
    return None


def _scaled(tool: str, name: str, value: object, marker: object) -> int:
    """Rates -> basis points (2 decimals), weights -> milligrams (3 decimals)."""
    rate = isinstance(marker, RateArg)
    places, upper, unit, suffix = (2, 50.0, "percent, such as 8.5", "%") if rate else (3, 10_000.0, "grams, such as 25.5", "g")
    if isinstance(value, str):
        text = value.strip()
        text = text[: -len(suffix)].strip() if text.endswith(suffix) else text
        if not re.fullmatch(r"[0-9]+(\.[0-9]+)?", text):
            raise _fail(tool, name, f"must be a number of {unit}")
        value = float(text)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= upper:
        raise _fail(tool, name, f"must be a positive number of {unit} (at most {upper:g})")
    scaled = round(value * 10**places, 6)
    if not float(scaled).is_integer():
        raise _fail(tool, name, f"allows at most {places} decimal places")
    if scaled < 1:
        raise _fail(tool, name, f"is too small: the smallest is {10**-places:.{places}f}")
    return int(scaled)


def _unencodable(value: object) -> bool:
    """A string (at any depth) that cannot be stored as UTF-8: a lone surrogate from a half emoji."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, (list, tuple)):
        return any(_unencodable(v) for v in value)
    if isinstance(value, Mapping):
        return any(_unencodable(k) or _unencodable(v) for k, v in value.items())
    return False


def bind(spec: ToolSpec, arguments: Mapping[str, Any] | None) -> dict[str, object]:
    """Validate raw JSON arguments against a tool spec (None or any non-object is refused); return Python values by name.

    Raises:
        ArgumentError: Unknown or missing arguments, or a value of the wrong kind.
    """
    if not isinstance(arguments, Mapping):
        raise ArgumentError(f"{spec.name}: arguments must be a JSON object")
    if MALFORMED_KEY in arguments:
        raise ArgumentError(
            f"{spec.name}: the arguments were not valid JSON ({str(arguments[MALFORMED_KEY])[:80]!r}); send them again as a JSON object"
        )
    if any(_unencodable(v) for v in arguments.values()):
        raise ArgumentError(f"{spec.name}: the arguments contain characters that are not valid text (a broken emoji?); send plain text")
    known = {p.name for p in spec.params}
    unknown = sorted(str(k) for k in arguments if k not in known)
    if unknown:
        allowed = ", ".join(sorted(known)) or "none"
        raise ArgumentError(f"{spec.name}: unknown argument(s) {', '.join(repr(u[:40]) for u in unknown)}; allowed: {allowed}")
    bound: dict[str, object] = {}
    for param in spec.params:
        if param.name in arguments:
            bound[param.name] = _bind_value(spec.name, param, arguments[param.name])
        elif param.required:
            raise ArgumentError(f"{spec.name}: missing required argument '{param.name}'")
        else:
            bound[param.name] = param.default
    return bound


def normalise_text(value: str) -> str:
    """Short text as the bank stores it: capitals, no punctuation but / and -, single spaces."""
    return " ".join(re.sub(r"[^0-9A-Z/ -]", " ", value.upper()).split())


def canonical_value(value: object) -> object:
    """JSON-comparable form of a bound value (dates as ISO text)."""
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, list):
        return [canonical_value(v) for v in value]
    return value


def canonical_arguments(spec: ToolSpec, arguments: Mapping[str, Any]) -> dict[str, object]:
    """Bound arguments with defaults filled and free text dropped, ready to compare.

    Raises:
        ArgumentError: If the arguments do not bind.
    """
    bound = bind(spec, arguments)
    canonical = {}
    for param in spec.params:
        if param.is_free_text:
            continue
        value = bound[param.name]
        if isinstance(param.marker, TextArg) and isinstance(value, str):
            value = normalise_text(value)
        canonical[param.name] = canonical_value(value)
    return canonical
