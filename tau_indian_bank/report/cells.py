"""How a table of the report is shaped, and how its figures read in a cell (text, markdown and the HTML overview alike)."""

from __future__ import annotations

from typing import Any

#: One table of the report: (title, header, rows, footnote); an empty footnote is none.
Table = tuple[str, list[str], list[list[str]], str]


def pct(value: float) -> str:
    """A share as a percentage with one decimal ("12.5%")."""
    return f"{100 * value:.1f}%"


def p_value(value: float) -> str:
    """A p-value with two significant digits, in scientific notation below 0.0001."""
    return f"{value:.2g}" if value >= 1e-4 else f"{value:.1e}"


def group_cell(entry: dict[str, Any] | None, intervals: bool) -> str:
    """One group's pass rate and size; with ``intervals`` also its 95% interval (where the report has one)."""
    if entry is None:
        return "–"
    ci = entry.get("pass_rate_ci95") if intervals else None
    span = f"; {pct(ci[0])}–{pct(ci[1])}" if ci else ""
    return f"{pct(entry['pass_rate'])} (n={entry['n']}{span})"


def answer(rate: float | None, n: int | None = None) -> str:
    """An answer-check rate (– where no session had facts), with its count when given."""
    if rate is None:
        return "–"
    return pct(rate) if n is None else f"{pct(rate)} (n={n})"


def clean_rate(run: dict[str, Any]) -> str:
    """The pass rate over the sessions without an infrastructure error, with its count."""
    rate = run.get("pass_rate_without_infrastructure_errors")
    return "–" if rate is None else f"{pct(rate)} (n={run.get('n_without_infrastructure_errors', 0)})"


def rate_with_n(rate: float | None, n: int) -> str:
    """A rate and the count it is over (– where there is none)."""
    return "–" if rate is None else f"{pct(rate)} (n={n})"


def money(value: float | None) -> str:
    """US dollars: cents from a dollar up, four decimals below (– where the price is unknown)."""
    if value is None:
        return "–"
    return f"${value:,.2f}" if value >= 1 else f"${value:.4f}"


def count(value: float | None, unit: str = "") -> str:
    """A count or a mean with thousands separators (one decimal where it is not whole), then ``unit``."""
    if value is None:
        return "–"
    return (f"{value:,.1f}" if isinstance(value, float) and not value.is_integer() else f"{int(value):,}") + unit
