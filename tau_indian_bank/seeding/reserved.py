"""The ids a private edition's bank must not share with another bank (the public one).

Every single-column key of a customer table (customer, account, deposit, card, loan, …
ids) and every transaction reference, read from a seed folder. The reference tables
(branches, the product catalogue) are left out: the catalogue is the same product list in
every edition, by design. So are cheque numbers (a cheque transaction's reference): a
cheque is numbered within its account (its key is the account and the number), so two
banks' six-digit cheque numbers may coincide without naming the same record.
"""

from __future__ import annotations

import csv
from pathlib import Path

from tau_indian_bank.bank.schema import BUSINESS_TABLES, REFERENCE_TABLES, table_of
from tau_indian_bank.errors import DataFileError

#: Columns besides the keys whose values are references a customer could quote.
EXTRA_COLUMNS = {"transactions": ("reference",)}


def reserved_ids(seed_dir: Path) -> frozenset[str]:
    """Every id and reference of the bank in ``seed_dir`` (its customer tables' single-column keys, transaction references)."""
    found: set[str] = set()
    for model in BUSINESS_TABLES:
        table = table_of(model)
        keys = [column.name for column in table.primary_key.columns]
        if table.name in REFERENCE_TABLES or (len(keys) != 1 and table.name not in EXTRA_COLUMNS):
            continue
        columns = (keys if len(keys) == 1 else []) + list(EXTRA_COLUMNS.get(table.name, ()))
        path = seed_dir / f"{table.name}.csv"
        try:
            with path.open(newline="", encoding="utf-8") as handle:
                found.update(
                    row[c]
                    for row in csv.DictReader(handle)
                    for c in columns
                    if row.get(c) and not (c == "reference" and row.get("channel") == "cheque")
                )
        except OSError as exc:
            raise DataFileError(f"{path}: cannot read seed file ({exc.strerror})") from exc
    return frozenset(found)
