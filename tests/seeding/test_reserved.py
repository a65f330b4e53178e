"""A private edition's bank avoids every id and reference of the public bank (seeding.reserved, SeedContext's reserved ids)."""

from __future__ import annotations

import csv
import json

import pytest

from tau_indian_bank.paths import SEED_DIR
from tau_indian_bank.seeding.generator import generate, write_seed
from tau_indian_bank.seeding.reserved import reserved_ids


def _column(table: str, column: str, **where: str) -> list[str]:
    with (SEED_DIR / f"{table}.csv").open(newline="", encoding="utf-8") as handle:
        return [row[column] for row in csv.DictReader(handle) if all(row[k] == v for k, v in where.items())]


def test_the_reserved_ids_are_every_record_id_and_reference_but_the_catalogue_and_cheque_numbers():
    ids = reserved_ids(SEED_DIR)
    for table, column in (
        ("customers", "customer_id"),
        ("accounts", "account_id"),
        ("deposits", "deposit_id"),
        ("cards", "card_id"),
        ("loans", "loan_id"),
        ("mandates", "mandate_id"),
        ("transactions", "txn_id"),
        ("service_requests", "request_id"),
        ("insurance_policies", "policy_id"),
    ):
        assert set(_column(table, column)) <= ids, table
    assert set(_column("transactions", "reference", channel="neft")) <= ids
    assert not set(_column("product_offers", "offer_id")) & ids  # the catalogue is the same in every edition
    cheques = set(_column("transactions", "reference", channel="cheque"))
    assert cheques and not cheques & ids  # numbered within an account, not ids of the bank


@pytest.mark.slow
def test_a_bank_hands_out_no_reserved_id_and_is_unchanged_when_it_hits_none(tmp_path):
    plain = generate(77)
    picked = {
        plain["customers"][0]["customer_id"],
        plain["accounts"][0]["account_id"],
        plain["deposits"][0]["deposit_id"],
        next(str(t["reference"]) for t in plain["transactions"] if t["channel"] == "neft"),
    }
    again = generate(77, frozenset(picked))
    values = {str(v) for rows in again.values() for row in rows for v in row.values()}
    assert not picked & values
    assert len(again["customers"]) == len(plain["customers"])
    assert generate(77, frozenset({"NOT-AN-ID-OF-ANY-BANK"})) == plain
    write_seed(tmp_path, 77, avoid=SEED_DIR)
    manifest = json.loads((tmp_path / "MANIFEST.json").read_text(encoding="utf-8"))
    assert manifest["seed"] == 77 and len(manifest["avoids_ids_of"]) == 64
    assert not reserved_ids(tmp_path) & reserved_ids(SEED_DIR)
