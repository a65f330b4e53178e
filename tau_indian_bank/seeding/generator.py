"""Seeded generator of the bank's seed data: one CSV per table under ``data/seed/``.

Regenerate with ``python -m tau_indian_bank.seeding --out data/seed``.

The whole bank (about 1,000 customers) comes from one ``random.Random(seed)``; ids are
content-derived (``bank.ids.content_id``) except account numbers (12 digits, ``5010``
prefix), cheque numbers and card last-four digits. Files are byte-identical across runs
and processes. CSV conventions: a header row of the table's columns in declaration
order, rows sorted by primary key, money in integer paise, dates as ISO text, booleans
as ``1``/``0`` and ``None`` as an empty field (no real value is ever an empty string).

Modelling rules are documented where they are implemented: deposit arithmetic in
``seeding.deposits``, loan arithmetic in ``seeding.loans``, running balances and posting
days in ``seeding.ledger`` and ``seeding.balances``.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import json
import sys
from pathlib import Path

from sqlmodel import SQLModel

from tau_indian_bank.bank.schema import BUSINESS_TABLES, table_name, table_of
from tau_indian_bank.seeding.accounts import make_accounts
from tau_indian_bank.seeding.cards import make_cards, make_cheques, make_mandates
from tau_indian_bank.seeding.common import GENERATOR_VERSION, SEED, SeedBank, SeedContext
from tau_indian_bank.seeding.deposits import make_deposits
from tau_indian_bank.seeding.insurance import make_insurance
from tau_indian_bank.seeding.ledger import make_transactions
from tau_indian_bank.seeding.loans import make_loans
from tau_indian_bank.seeding.offers import make_offers
from tau_indian_bank.seeding.people import make_branches, make_customers
from tau_indian_bank.seeding.service_requests import make_service_requests, make_statement_requests

__all__ = ["SEED", "GENERATOR_VERSION", "generate", "write_seed", "render_csv", "columns", "primary_key", "main"]

Rows = list[dict[str, object]]


def columns(model: type[SQLModel]) -> list[str]:
    """The table's column names in declaration order."""
    return [column.name for column in table_of(model).columns]


def primary_key(model: type[SQLModel]) -> list[str]:
    """The table's primary-key column names in declaration order."""
    return [column.name for column in table_of(model).columns if column.primary_key]


def generate(seed: int = SEED, reserved: frozenset[str] = frozenset()) -> dict[str, Rows]:
    """Generate every business table.

    Args:
        seed: Seed of the run's only random generator.
        reserved: Ids and references not to hand out (another bank's, see ``seeding.reserved``).

    Returns:
        Table name to rows (dicts keyed by column name), each table sorted by primary key.
    """
    bank = SeedBank(ctx=SeedContext(seed, reserved))
    make_branches(bank)
    make_customers(bank)
    make_accounts(bank)
    make_deposits(bank)
    make_loans(bank)
    make_insurance(bank)
    make_cards(bank)
    make_mandates(bank)
    make_cheques(bank)
    make_transactions(bank)
    make_statement_requests(bank)
    make_service_requests(bank)
    make_offers(bank)
    tables: dict[str, Rows] = {}
    for model in BUSINESS_TABLES:
        name = table_name(model)
        tables[name] = _in_key_order(model, bank.tables[name])
    return tables


def _in_key_order(model: type[SQLModel], rows: Rows) -> Rows:
    """Check each row has exactly the table's columns, and sort the rows by primary key."""
    expected = columns(model)
    key = primary_key(model)
    for row in rows:
        if sorted(row) != sorted(expected):
            raise ValueError(f"{model.__name__} row has columns {sorted(row)}, expected {expected}")
    ordered = [{name: row[name] for name in expected} for row in rows]
    return sorted(ordered, key=lambda row: tuple(str(row[name]) for name in key))


def _cell(value: object) -> str:
    """One CSV field: None as empty, booleans as 1/0, everything else as text."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    text = str(value)
    if text == "":
        raise ValueError("empty string stored as a real value")
    return text


def render_csv(model: type[SQLModel], rows: Rows) -> bytes:
    """Render a table as UTF-8 CSV bytes: a header, then one line per row, Unix line ends."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    names = columns(model)
    writer.writerow(names)
    for row in rows:
        writer.writerow([_cell(row[name]) for name in names])
    return buffer.getvalue().encode("utf-8")


def write_seed(out_dir: Path, seed: int = SEED, avoid: Path | None = None) -> dict[str, int]:
    """Generate the bank and write one CSV per table plus ``MANIFEST.json`` into ``out_dir``.

    Args:
        out_dir: Folder to write into (created if missing).
        seed: Seed of the run's only random generator.
        avoid: A seed folder whose ids and references this bank must not reuse (a private
            edition avoids the public bank's); its manifest's digest is recorded.

    Returns:
        Table name to number of rows written.
    """
    from tau_indian_bank.seeding.reserved import reserved_ids

    tables = generate(seed, reserved_ids(avoid) if avoid is not None else frozenset())
    out_dir.mkdir(parents=True, exist_ok=True)
    entries: dict[str, dict[str, object]] = {}
    for model in BUSINESS_TABLES:
        name = table_name(model)
        data = render_csv(model, tables[name])
        (out_dir / f"{name}.csv").write_bytes(data)
        entries[name] = {"rows": len(tables[name]), "sha256": hashlib.sha256(data).hexdigest()}
    manifest: dict[str, object] = {"seed": seed, "generator_version": GENERATOR_VERSION, "tables": entries}
    if avoid is not None:
        manifest["avoids_ids_of"] = hashlib.sha256((avoid / "MANIFEST.json").read_bytes()).hexdigest()
    (out_dir / "MANIFEST.json").write_bytes((json.dumps(manifest, sort_keys=True, indent=2) + "\n").encode("utf-8"))
    return {name: int(str(entry["rows"])) for name, entry in entries.items()}


def main(argv: list[str] | None = None) -> int:
    """Command line: ``python -m tau_indian_bank.seeding --out data/seed``."""
    parser = argparse.ArgumentParser(description="Write the bank's seed data as CSV files.")
    parser.add_argument("--out", type=Path, default=Path("data/seed"), help="output folder (default: data/seed)")
    parser.add_argument("--seed", type=int, default=SEED, help=f"random seed (default: {SEED})")
    parser.add_argument(
        "--avoid",
        type=Path,
        default=None,
        metavar="SEED_DIR",
        help="a seed folder whose ids this bank must not reuse (a private edition avoids data/seed's)",
    )
    args = parser.parse_args(argv)
    counts = write_seed(args.out, args.seed, args.avoid)
    for name, count in counts.items():
        print(f"{name:20s} {count:7d}")
    print(f"wrote {sum(counts.values())} rows to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
