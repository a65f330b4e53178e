"""The report's tables of what the runs took: tokens, cost, turns, tool calls and duration (figures from :mod:`~.effort`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tau_indian_bank.report.cells import Table, count, money
from tau_indian_bank.vocabulary import CATEGORIES


def effort_tables(runs: Sequence[dict[str, Any]]) -> list[Table]:
    """Tokens, cost, turns, tool calls and duration per session (median) and over the run (total), and by category."""
    runs = [r for r in runs if "effort" in r]
    if not runs:
        return []
    head = ["run", "sessions", "agent tokens in / out", "customer tokens in / out", "turns", "tool calls", "duration", "cost"]
    priced = "; ".join(f"{r['label']}: {r['effort']['cost']['priced_sessions']} of {r['effort']['sessions']}" for r in runs)
    note = (
        "cost in US dollars where litellm knows the model's price (sessions priced: " + priced + "); – = unknown "
        "(a local or unpriced model) or no model. Turns: the customer's messages. Tool calls: the assistant's. "
        "Calls beyond gold: tool calls of a passed session that matched no gold call (redundant reads)"
    )
    categories = [c for c in CATEGORIES if any(c in r.get("effort_by_category", {}) for r in runs)]
    by_category = [[r["label"], *(_category_effort(r["effort_by_category"].get(c)) for c in categories)] for r in runs]
    tables = [
        (
            "Cost and effort per session (median)",
            [*head, "cost per pass", "calls beyond gold per pass"],
            [_effort_row(r["label"], r["effort"], "median") for r in runs],
            note,
        ),
        ("Cost and effort over the run (total)", head, [_effort_row(r["label"], r["effort"], "total") for r in runs], ""),
    ]
    if categories:
        tables.append(("Effort by category (median per session: turns · tool calls · cost)", ["run", *categories], by_category, ""))
    return tables


def _tokens(figures: dict[str, Any], side: str, which: str) -> str:
    return f"{count(figures[f'{side}_prompt_tokens'][which])} / {count(figures[f'{side}_completion_tokens'][which])}"


def _effort_row(label: str, f: dict[str, Any], which: str) -> list[str]:
    extra = f["extra_calls_per_passed_session"]
    row = [
        label,
        str(f["sessions"]),
        _tokens(f, "agent", which),
        _tokens(f, "customer", which),
        count(f["turns"][which]),
        count(f["tool_calls"][which]),
        count(f["duration_s"][which], " s"),
        money(f["cost"][which]),
    ]
    if which == "median":
        row += [
            money(f["cost_per_passed_session"]),
            "–" if extra["mean"] is None else f"{extra['mean']:.1f} (n={extra['passed_sessions']})",
        ]
    return row


def _category_effort(figures: dict[str, Any] | None) -> str:
    if not figures:
        return "–"
    return f"{count(figures['turns']['median'])} · {count(figures['tool_calls']['median'])} · {money(figures['cost']['median'])}"
