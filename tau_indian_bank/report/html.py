"""The report as one self-contained HTML file: overview, session explorer, one session.

``tau-indian-bank report RESULTS… --format html > report.html`` writes a page with no
outside reference (no server, network or CDN): the style sheet and scripts
(``report/assets``, hand-written) and the figures (inline SVG) are in the file, and so
are the sessions, compressed (:mod:`~tau_indian_bank.report.transcripts`).

* **Overview** — every table of the markdown report (the same rows, from
  :func:`tau_indian_bank.report.tables.report_tables`, with 95% intervals in the group cells)
  and every figure of :mod:`~tau_indian_bank.report.plot_data` with its whiskers. It is
  plain HTML, readable without the script.
* **Sessions** and **one session** — drawn by the script from the report's own session
  records (``--sessions``) and the transcripts.

The page is ASCII: text outside the scripts uses character references, so it opens
correctly whatever encoding a viewer assumes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote

from tau_indian_bank.report.load import load_runs
from tau_indian_bank.report.metrics import build_report
from tau_indian_bank.report.plot_data import charts
from tau_indian_bank.report.sessions import Run
from tau_indian_bank.report.svg import chart_svg, legend
from tau_indian_bank.report.tables import report_tables
from tau_indian_bank.report.transcripts import pack, session_payload

#: Scripts in the order the page runs them (session.js defines what report.js calls).
SCRIPTS = ("session.js", "report.js")
_GROUP_CELL = re.compile(r"^(\S+) \(n=(\d+); (.+)\)$")
_NUMBER = re.compile(r"^[+\-−]?[\d.,]+(e-?\d+)?(%| pts)?([–-][\d.,]+%)?$")


def asset(name: str) -> str:
    """The text of one file of ``report/assets``."""
    return resources.files("tau_indian_bank.report").joinpath("assets").joinpath(name).read_text(encoding="utf-8")


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower().split("(")[0]).strip("-")


def _numeric(value: str) -> bool:
    return bool(_NUMBER.match(value.split(" (")[0])) or value == "–"


def _explore(**filters: str) -> str:
    return "#sessions?" + "&amp;".join(f"{key}={escape(quote(value))}" for key, value in filters.items())


def _shown(value: str) -> str:
    """A cell's text; a group's rate keeps its line and puts its count and interval under it."""
    group = _GROUP_CELL.match(value)
    if group is None:
        return escape(value)
    rate, n, interval = group.groups()
    return f'{escape(rate)}<span class="sub">n={escape(n)}; {escape(interval)}</span>'


def _cell(value: str, column: str, numeric: bool, link: str | None = None) -> str:
    if column in ("run", "a", "b"):
        return f'<td><a href="{_explore(run=value)}">{escape(value)}</a></td>'
    shown = f'<a href="{link}">{_shown(value)}</a>' if link else _shown(value)
    return f'<td class="num">{shown}</td>' if numeric else f"<td>{shown}</td>"


#: Tables whose cells open the explorer on the run and the column's value: title start -> (filter, value of a column).
CELL_FILTERS: dict[str, tuple[str, Callable[[str], str]]] = {
    "Failure taxonomy": ("failure_class", lambda column: column.replace("_", " ")),
    "Where failures land": ("first_failed_gate", lambda column: column),
    "Customer audit": ("customer_check", lambda column: column),
}
#: Columns of a CELL_FILTERS table whose cells link nowhere (counts, rates that are not one value of the filter).
_NO_LINK = frozenset({"failed", "customer", "customer error", "pass", "pass w/o customer errors", "failed first by the customer"})


def _cell_link(title: str, header: Sequence[str], row: Sequence[str], i: int) -> str | None:
    found = next((v for k, v in CELL_FILTERS.items() if title.startswith(k)), None)
    if found is None or i == 0 or i >= len(header) or header[0] != "run" or header[i] in _NO_LINK or row[i].startswith("0.0%"):
        return None
    key, value = found
    return _explore(run=row[0], **{key: value(header[i])})


def table_html(title: str, header: Sequence[str], rows: Sequence[Sequence[str]], note: str) -> str:
    """One report table; run labels (and failure-class and first-gate shares) open the explorer filtered to them."""
    columns = [header[i] if i < len(header) else "" for i in range(max(len(header), *(len(r) for r in rows), 0))]
    numeric = [bool(rows) and all(_numeric(r[i]) for r in rows if i < len(r)) for i in range(len(columns))]
    head = "".join(f'<th scope="col"{" class=num" if numeric[i] else ""}>{escape(h.replace("_", " "))}</th>' for i, h in enumerate(header))
    body = "".join(
        "<tr>" + "".join(_cell(v, columns[i], numeric[i], _cell_link(title, header, row, i)) for i, v in enumerate(row)) + "</tr>"
        for row in rows
    )
    footnote = f'<p class="note">{escape(note)}</p>' if note else ""
    return (
        f'<div class="table" id="table-{_slug(title)}"><div class="scroll"><table><caption>{escape(title)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>{footnote}</div>"
    )


def _runs_table(report: Mapping[str, Any]) -> str:
    rows = [
        [
            r["label"],
            r.get("agent") or "",
            r.get("agent_llm") or "–",
            r.get("user") or "",
            r.get("user_llm") or "–",
            _args(r.get("user_llm_args")),
            r.get("customer_guidelines_version") or "–",
            str(r["n_sessions"]),
            r.get("path") or "",
        ]
        for r in report["runs"]
    ]
    edition = (report.get("edition") or {}).get("label")
    return table_html(
        f"Runs ({edition})" if edition else "Runs",
        [
            "run",
            "agent",
            "agent model",
            "customer",
            "customer model",
            "customer model arguments",
            "customer guidelines",
            "sessions",
            "results file",
        ],
        rows,
        "A score belongs to the agent, the customer model (its arguments and guidelines) and the split together.",
    )


def _args(args: Mapping[str, Any] | None) -> str:
    """A model's arguments as one line ("temperature=0.0, api_base=…"); keys are already redacted in the file."""
    return ", ".join(f"{k}={v}" for k, v in sorted((args or {}).items())) or "–"


def overview(report: Mapping[str, Any]) -> str:
    """The overview section: runs, every table, every figure, provenance."""
    found = report_tables(dict(report), intervals=True)
    tables = [table_html(*t) for t in found]
    contents = " · ".join(f'<a href="#table-{_slug(t[0])}">{escape(t[0].split(" (")[0])}</a>' for t in found[1:])
    figures = "".join(
        f'<figure id="figure-{c.name}"><figcaption>{escape(c.title)}</figcaption>{chart_svg(c)}{legend(c)}'
        f'<p class="note">Whiskers: 95% intervals{escape("; " + c.note) if c.note else ""}.</p></figure>'
        for c in charts(report)
    )
    provenance = "".join(
        f'<dt>{escape(k)}</dt><dd class="mono">{escape(str(v))}</dd>' for k, v in sorted((report.get("provenance") or {}).items())
    )
    warnings = "".join(f'<p class="warning" role="note">{escape(line)}</p>' for line in report.get("warnings") or [])
    return (
        f'<h2 id="overview-title" tabindex="-1">Overview</h2>{warnings}<div class="tables">{_runs_table(report)}{tables[0]}</div>'
        f'<p class="contents">Tables: {contents} · <a href="#figures">Figures</a></p>'
        f'<div class="tables">{"".join(tables[1:])}</div>'
        f'<h2 id="figures">Figures</h2><div class="figures">{figures}</div>'
        f'<details class="provenance"><summary>Provenance</summary><dl class="kv">{provenance}</dl></details>'
    )


def _title(report: Mapping[str, Any]) -> str:
    labels = [r["label"] for r in report["runs"]]
    shown = ", ".join(labels[:4]) + (f" and {len(labels) - 4} more" if len(labels) > 4 else "")
    return f"tau-indian-bank report: {shown}"


def to_html(report: Mapping[str, Any], runs: Sequence[Run]) -> str:
    """The whole page (``report`` must carry session records: ``build_report(..., with_sessions=True)``)."""
    payload = pack(session_payload(report, runs))
    sessions = sum(r["n_sessions"] for r in report["runs"])
    meta = (
        f"{len(report['runs'])} run(s), {sessions:,} sessions"
        f"{' · strict verdict' if any('strict_pass_rate' in r for r in report['runs']) else ''}"
    )
    scripts = "\n".join(asset(name) for name in SCRIPTS)
    page = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="tau-indian-bank report">
<title>{escape(_title(report))}</title>
<style>
{asset("report.css")}
</style>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
<h1>tau-indian-bank report</h1>
<p class="meta">{escape(meta)}</p>
<nav class="views" aria-label="Views">
<a href="#overview" data-view="overview" aria-current="page">Overview</a>
<a href="#sessions" data-view="sessions">Sessions</a>
</nav>
</header>
<main id="main">
<section id="view-overview" aria-label="Overview">
{overview(report)}
</section>
<section id="view-sessions" aria-label="Sessions" hidden>
<p class="loading">Reading the sessions&hellip;</p>
<noscript><p class="error-box">The session explorer needs JavaScript; the overview above does not.</p></noscript>
</section>
<section id="view-session" aria-label="Session" hidden></section>
</main>
<script id="payload" type="application/octet-stream">{payload}</script>
<script>
{scripts}
</script>
</body>
</html>
"""
    return page.encode("ascii", "xmlcharrefreplace").decode("ascii")


def write_html_report(paths: Sequence[str], labels: Sequence[str] | None, destination: str | Path, strict: bool = True) -> Path:
    """Build the page for some results files and write it to ``destination`` (whole or not at all)."""
    runs = load_runs(paths, labels)
    page = to_html(build_report(runs, with_sessions=True, strict=strict), runs)
    destination = Path(destination)
    temporary = destination.with_name(destination.name + ".tmp")
    temporary.write_text(page, encoding="ascii")
    temporary.replace(destination)
    return destination
