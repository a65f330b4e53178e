"""One maker per kind of fact: how a value of a tool's output (or a refusal) becomes a :class:`~.facts.Fact`.

An amount keeps its paise and says them with Indian digit grouping; a date (or a month) is said
the way the oracle says it; a percentage keeps the number of its rate text; a reference, the
last four digits of a record, and an outcome (a key of ``answers.OUTCOMES`` and the sentence
that states it) are said as they are. The rules that read a gold replay
(``evaluation.fact_rules``) and the robustness families' declared facts both make facts here.
"""

from __future__ import annotations

from typing import Literal

from tau_indian_bank.bank.money import format_rupees, output_rupees_to_paise
from tau_indian_bank.evaluation.facts import Fact, Rounding
from tau_indian_bank.text import percent_of
from tau_indian_bank.wording import spoken_date, spoken_month

#: The kinds of fact that are figures: told only when the request asks for them.
FIGURE_KINDS = frozenset({"amount", "date", "percent"})


def amount(label: str, rupees: float | int | str, field: str, rounding: Rounding = "exact") -> Fact:
    """An amount fact from a tool output's rupee figure."""
    paise = output_rupees_to_paise(rupees)
    return Fact(kind="amount", label=label, value=str(paise), text=format_rupees(paise), rounding=rounding, field=field)


def date(label: str, iso: str, field: str) -> Fact:
    """A date fact (``YYYY-MM-DD``) or a month fact (``YYYY-MM``)."""
    text = spoken_month(iso) if len(iso) == 7 else spoken_date(iso)
    return Fact(kind="date", label=label, value=iso, text=text, field=field)


def percent(label: str, rate: str, field: str) -> Fact:
    """A percentage fact from a tool output's rate text (``"5.80%"``)."""
    return Fact(kind="percent", label=label, value=str(percent_of(rate)), text=str(rate), field=field)


def reference(label: str, value: str, field: str, source: Literal["gold", "session"] = "session") -> Fact:
    """A reference the customer needs (created in the session unless ``source`` is ``gold``)."""
    return Fact(kind="reference", label=label, value=str(value), text=str(value), source=source, field=field)


def last4(label: str, digits: str, field: str) -> Fact:
    """The last four digits of the account or card a change concerns."""
    return Fact(kind="last4", label=label, value=str(digits), text=f"ending {digits}", field=field)


def outcome(key: str, label: str, sentence: str, field: str) -> Fact:
    """An outcome (``key`` in :data:`answers.OUTCOMES`) and the sentence that states it."""
    return Fact(kind="outcome", label=label, value=key, text=sentence, field=field)
