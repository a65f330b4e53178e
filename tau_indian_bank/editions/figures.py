"""What ``edition compare`` measures of one edition: its composition and the records its tasks touch.

Composition: every row of ``validate``'s composition table for both task sets (tasks,
categories, reads, writes, control calls, chain lengths, families, tools used, splits),
the tasks of every family and of every robustness axis, the chain-length, read and write
distributions, and the facts per task. Each figure is ``fixed`` (the quota plan fixes it,
so an equivalent edition has exactly the public value) or ``measured`` (it follows from
the drawn records, and is shown beside the public one).

Records touched: every record a gold call names (by the tool schema's id arguments, and a
cheque by its account and number), looked up in the edition's own bank: per kind of
record, how many, their amounts (quartiles), their dates (range and median) and their
statuses.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tau_indian_bank.bank.money import format_rupees
from tau_indian_bank.paths import DataSource
from tau_indian_bank.vocabulary import DOMAIN_NAME, ROBUST_TASK_SET

#: Kind of record -> (table, key column, amount column, date column).
RECORDS: dict[str, tuple[str, str, str | None, str]] = {
    "account": ("accounts", "account_id", "balance_paise", "opened_on"),
    "deposit": ("deposits", "deposit_id", "amount_paise", "opened_on"),
    "loan": ("loans", "loan_id", "outstanding_paise", "disbursed_on"),
    "card": ("cards", "card_id", "outstanding_paise", "expiry"),
    "mandate": ("mandates", "mandate_id", "max_amount_paise", "start_date"),
    "service_request": ("service_requests", "request_id", None, "created_on"),
    "insurance": ("insurance_policies", "policy_id", "premium_paise", "next_due_date"),
    "transaction": ("transactions", "txn_id", "amount_paise", "posted_on"),
    "cheque": ("cheques", "cheque_number", "amount_paise", "status_date"),
}
#: An ``any`` id (a request's related record) is resolved by its prefix.
PREFIXES = {
    "CARD": "card",
    "FD": "deposit",
    "RD": "deposit",
    "LN": "loan",
    "MND": "mandate",
    "POL": "insurance",
    "SR": "service_request",
    "TXN": "transaction",
}
#: Composition rows that follow from the drawn records rather than from the quota plan.
MEASURED_ROWS = (
    "tasks with a read",
    "tasks without a write",
    "control mean gold calls",
    "control tasks without a write",
    "chain lengths",
    "tasks with 5+ gold calls",
    "tools used by some task",
    "every split's prefixes",
)


@dataclass(frozen=True)
class Figure:
    """One figure of an edition: ``fixed`` figures must equal the public suite's."""

    section: str
    name: str
    value: str
    fixed: bool = True


def _calls(task: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return list((task.get("evaluation_criteria") or {}).get("actions") or [])


def _histogram(values: Iterable[int], top: int = 5) -> str:
    counts = Counter(min(v, top) for v in values)
    return " ".join(f"{k}{'+' if k == top else ''}:{counts[k]}" for k in sorted(counts))


def _shape_figures(part: str, tasks: Sequence[Mapping[str, Any]]) -> list[Figure]:
    """Chain lengths, reads and writes per task, facts per task (measured)."""
    from tau_indian_bank.evaluation.facts import task_facts
    from tau_indian_bank.tools.catalogue import READ_TOOLS, WRITE_TOOLS

    chains = [[c.get("name") for c in _calls(t)] for t in tasks]
    facts = [len(task_facts(t)) for t in tasks]
    mean = statistics.fmean(facts) if facts else 0.0
    return [
        Figure(part, "gold calls per task (1..5+)", _histogram(map(len, chains)), False),
        Figure(part, "reads per task", _histogram(sum(c in READ_TOOLS for c in chain) for chain in chains), False),
        Figure(part, "writes per task", _histogram(sum(c in WRITE_TOOLS for c in chain) for chain in chains), False),
        Figure(part, "facts per task (mean; 0..5+)", f"{mean:.2f}; {_histogram(facts)}", False),
    ]


def composition(
    tasks: Sequence[Mapping[str, Any]],
    splits: Mapping[str, Sequence[str]],
    robust_tasks: Sequence[Mapping[str, Any]],
    robust_splits: Mapping[str, Sequence[str]],
) -> list[Figure]:
    """Every composition figure of both task sets."""
    from tau_indian_bank.tasks.composition import composition_checks, family_of
    from tau_indian_bank.tasks.robust.checks import robust_composition_checks

    def fixed(name: str) -> bool:
        return not any(name.startswith(row) for row in MEASURED_ROWS)

    figures = [Figure(DOMAIN_NAME, c.name, c.found, fixed(c.name)) for c in composition_checks(tasks, splits)]
    figures += [Figure(DOMAIN_NAME, f"family {name}", str(n)) for name, n in sorted(Counter(family_of(t["id"]) for t in tasks).items())]
    figures += _shape_figures(DOMAIN_NAME, tasks)
    figures += [Figure(ROBUST_TASK_SET, c.name, c.found) for c in robust_composition_checks(robust_tasks, robust_splits)]
    families = Counter(str(t["id"]).removeprefix("rob_").rsplit("_", 1)[0] for t in robust_tasks)
    figures += [Figure(ROBUST_TASK_SET, f"family {name}", str(n)) for name, n in sorted(families.items())]
    figures += [Figure(ROBUST_TASK_SET, f"split {name} size", str(len(ids))) for name, ids in sorted(robust_splits.items())]
    figures += _shape_figures(ROBUST_TASK_SET, robust_tasks)
    return figures


def touched(tasks: Iterable[Mapping[str, Any]]) -> list[tuple[str, str, str | None]]:
    """(kind, id, account of a cheque) of every record a gold call names, once each, in order."""
    from tau_indian_bank.evaluation.safety import id_values

    seen: dict[tuple[str, str, str | None], None] = {}
    for task in tasks:
        for call in _calls(task):
            arguments = call.get("arguments") or {}
            for kind, value in id_values(str(call.get("name")), arguments):
                if kind == "any":
                    kind = next((k for p, k in PREFIXES.items() if value.startswith(p)), "")
                account = str(arguments.get("account_id", "")).upper() if kind == "cheque" else None
                if kind in RECORDS:
                    seen.setdefault((kind, value, account), None)
    return list(seen)


def _quartiles(values: Sequence[int]) -> str:
    if not values:
        return "–"
    if len(values) == 1:
        return format_rupees(values[0])
    q1, q2, q3 = statistics.quantiles(sorted(values), n=4, method="inclusive")
    return " / ".join(format_rupees(int(q)) for q in (q1, q2, q3))


def records(source: DataSource, tasks: Iterable[Mapping[str, Any]]) -> list[Figure]:
    """Per kind of record the tasks touch: how many, amount quartiles, date range and median, statuses (measured)."""
    from tau_indian_bank.bank.store import template

    conn = template(source.seed_dir).full
    by_kind: dict[str, list[tuple[Any, ...]]] = {}
    for kind, value, account in touched(tasks):
        table, key, amount, date = RECORDS[kind]
        columns = f"{amount or 'NULL'}, {date}, " + ("status" if kind != "transaction" else "channel")
        where = f"{key} = ?" + (" AND account_id = ?" if account else "")
        row = conn.execute(f"SELECT {columns} FROM {table} WHERE {where}", (value, account) if account else (value,)).fetchone()
        if row is not None:
            by_kind.setdefault(kind, []).append(tuple(row))
    figures = []
    for kind in RECORDS:
        rows = by_kind.get(kind, [])
        if not rows:
            continue
        amounts = [r[0] for r in rows if isinstance(r[0], int)]
        dates = sorted(str(r[1]) for r in rows if r[1])
        states = Counter(str(r[2]) for r in rows)
        figures += [
            Figure("records", f"{kind}: records touched", str(len(rows)), False),
            Figure("records", f"{kind}: amount (quartiles)", _quartiles(amounts), False),
            Figure(
                "records",
                f"{kind}: dates (first / median / last)",
                f"{dates[0]} / {dates[len(dates) // 2]} / {dates[-1]}" if dates else "–",
                False,
            ),
            Figure(
                "records",
                f"{kind}: {'channels' if kind == 'transaction' else 'statuses'}",
                ", ".join(f"{k} {v}" for k, v in sorted(states.items(), key=lambda kv: (-kv[1], kv[0]))),
                False,
            ),
        ]
    return figures


def measure(source: DataSource) -> list[Figure]:
    """Composition and records touched of an edition's two task sets."""
    from tau_indian_bank.tasks.suite_files import load_splits, load_suite, task_set_files

    base = task_set_files(DOMAIN_NAME, source)
    robust = task_set_files(ROBUST_TASK_SET, source)
    tasks, splits = load_suite(base[0]), load_splits(base[1])
    robust_tasks, robust_splits = load_suite(robust[0]), load_splits(robust[1])
    return composition(tasks, splits, robust_tasks, robust_splits) + records(source, [*tasks, *robust_tasks])
