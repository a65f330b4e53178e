"""The report as text (rich tables), markdown, or JSON; the tables themselves are :mod:`~tau_indian_bank.report.tables`'s."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from typing import Any

from tau_indian_bank.report.cells import Table
from tau_indian_bank.report.tables import report_tables


def to_markdown(report: dict[str, Any]) -> str:
    """Markdown tables, ready to paste into a paper or README."""
    out = [f"**{line}**" for line in report.get("warnings") or []] + ([""] if report.get("warnings") else [])
    for title, header, rows, note in report_tables(report):
        out += [f"### {title}", "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        out += ["| " + " | ".join(row) + " |" for row in rows]
        if note:
            out += ["", f"_{note}_"]
        out.append("")
    return "\n".join(out)


def to_text(report: dict[str, Any], width: int = 160) -> str:
    """Readable tables for a terminal."""
    return _drawn(report_tables(report), width, warnings=report.get("warnings") or [])


def text_tables(tables: Sequence[Table], width: int = 160) -> str:
    """Some of the report's tables as :func:`to_text` draws them (``qualify-customer`` prints the fidelity's)."""
    return _drawn(tables, width)


def _drawn(tables: Sequence[Table], width: int, warnings: Sequence[str] = ()) -> str:
    """The warnings, then each table drawn by rich at ``width`` columns, as plain text."""
    from rich.console import Console
    from rich.table import Table as RichTable

    buffer = io.StringIO()
    console = Console(file=buffer, width=width, force_terminal=False, color_system=None)
    for line in warnings:
        console.print(line, markup=False, highlight=False, soft_wrap=True)
    for title, header, rows, note in tables:
        table = RichTable(title=title, title_justify="left", caption=note or None, caption_justify="left")
        for column in header:
            table.add_column(column, overflow="fold")
        for row in rows:
            table.add_row(*row)
        console.print(table)
    return buffer.getvalue()


def to_json(report: dict[str, Any]) -> str:
    """Stable JSON (sorted keys) for machines."""
    return json.dumps(report, indent=2, sort_keys=True) + "\n"


def render(report: dict[str, Any], fmt: str) -> str:
    """The report in one of: text, markdown, json."""
    return {"text": to_text, "markdown": to_markdown, "json": to_json}[fmt](report)


__all__: Sequence[str] = ("render", "text_tables", "to_json", "to_markdown", "to_text")
