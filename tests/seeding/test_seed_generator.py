"""Tests for tau_indian_bank.seeding (python -m tau_indian_bank.seeding): determinism, integrity and realism of the seed bank."""

from __future__ import annotations

import collections
import csv
import datetime as dt
import hashlib
import io
import json
import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from tau_indian_bank.bank import interest
from tau_indian_bank.bank.clock import add_days, add_months, age_on, months_between
from tau_indian_bank.bank.schema import BUSINESS_TABLES
from tau_indian_bank.constants import (
    CARD_CHANNEL_MAX_LIMIT_PAISE,
    DEPOSIT_MAX_TENURE_MONTHS,
    DEPOSIT_RATE_SLABS,
    FD_MIN_AMOUNT_PAISE,
    FD_MIN_TENURE_MONTHS,
    GOLD_LOAN_LTV_BPS,
    GOLD_PURITIES_KARAT,
    KYC_PERIOD_YEARS,
    RD_INSTALMENT_STEP_PAISE,
    RD_MIN_INSTALMENT_PAISE,
    RD_MIN_TENURE_MONTHS,
    RTGS_MIN_PAISE,
    SENIOR_CITIZEN_AGE_YEARS,
    SENIOR_CITIZEN_UPLIFT_BPS,
    SERVICE_REQUEST_SLA_DAYS,
    STATEMENT_MAX_MONTHS,
    TODAY,
    gold_rate_per_gram_paise,
)
from tau_indian_bank.seeding.generator import SEED, columns, generate, primary_key, render_csv

ROOT = Path(__file__).resolve().parents[2]
SEED_DIR = ROOT / "data" / "seed"
MODELS = {model.__tablename__: model for model in BUSINESS_TABLES}  # type: ignore[attr-defined]
Tables = dict[str, list[dict[str, object]]]
DORMANT_CUTOFF = add_months(TODAY, -24)
#: First pincode digit(s) plausible for each state (India Post zones).
PIN_PREFIXES = {
    "DELHI": ("11",),
    "HARYANA": ("12", "13"),
    "PUNJAB": ("14", "15"),
    "CHANDIGARH": ("16",),
    "UTTAR PRADESH": ("20", "21", "22", "23", "24", "25", "26", "27", "28"),
    "UTTARAKHAND": ("24", "26"),
    "RAJASTHAN": ("30", "31", "32", "33", "34"),
    "GUJARAT": ("36", "37", "38", "39"),
    "MAHARASHTRA": ("40", "41", "42", "43", "44"),
    "GOA": ("403",),
    "MADHYA PRADESH": ("45", "46", "47", "48"),
    "CHHATTISGARH": ("49",),
    "TELANGANA": ("50",),
    "ANDHRA PRADESH": ("51", "52", "53"),
    "KARNATAKA": ("56", "57", "58", "59"),
    "TAMIL NADU": ("60", "61", "62", "63", "64"),
    "KERALA": ("67", "68", "69"),
    "WEST BENGAL": ("70", "71", "72", "73", "74"),
    "ODISHA": ("75", "76", "77"),
    "ASSAM": ("78",),
    "BIHAR": ("80", "81", "82", "84", "85"),
    "JHARKHAND": ("81", "82", "83"),
}


def _date(value: object) -> dt.date:
    return dt.date.fromisoformat(str(value))


def _int(value: object) -> int:
    return int(str(value))


@pytest.fixture(scope="module")
def tables() -> Tables:
    return generate()


@pytest.fixture(scope="module")
def by_id(tables: Tables) -> dict[str, dict[str, dict[str, object]]]:
    """Single-column-key tables indexed by their key."""
    index = {}
    for name, model in MODELS.items():
        key = primary_key(model)
        if len(key) == 1:
            index[name] = {str(row[key[0]]): row for row in tables[name]}
    return index


@pytest.fixture(scope="module")
def holdings(tables: Tables) -> dict[str, set[str]]:
    """Customer id -> account ids they hold (primary or joint)."""
    held: dict[str, set[str]] = collections.defaultdict(set)
    for row in tables["account_holders"]:
        held[str(row["customer_id"])].add(str(row["account_id"]))
    return held


# --- determinism and committed files -----------------------------------------------


@pytest.mark.slow
def test_generate_is_deterministic(tables: Tables) -> None:
    assert generate() == tables
    assert generate(SEED + 1)["customers"] != tables["customers"]


@pytest.mark.slow
@pytest.mark.e2e
def test_subprocess_with_other_hash_seed_writes_identical_files(tmp_path: Path) -> None:
    hash_seed = "1" if os.environ.get("PYTHONHASHSEED") != "1" else "2"
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    subprocess.run(
        [sys.executable, "-m", "tau_indian_bank.seeding", "--out", str(tmp_path)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )
    written = sorted(path.name for path in tmp_path.iterdir())
    assert written == sorted([f"{name}.csv" for name in MODELS] + ["MANIFEST.json"])
    for name in written:
        assert (tmp_path / name).read_bytes() == (SEED_DIR / name).read_bytes(), name


def test_committed_files_match_fresh_generation(tables: Tables) -> None:
    text = (SEED_DIR / "MANIFEST.json").read_text(encoding="utf-8")
    manifest = json.loads(text)
    assert text == json.dumps(manifest, sort_keys=True, indent=2) + "\n"
    assert manifest["seed"] == SEED and manifest["generator_version"] == 1
    assert sorted(manifest["tables"]) == sorted(MODELS)
    for name, model in MODELS.items():
        fresh = hashlib.sha256(render_csv(model, tables[name])).hexdigest()
        on_disk = hashlib.sha256((SEED_DIR / f"{name}.csv").read_bytes()).hexdigest()
        assert manifest["tables"][name] == {"rows": len(tables[name]), "sha256": fresh}, name
        assert on_disk == fresh, name


def test_csv_files_follow_the_conventions() -> None:
    for name, model in MODELS.items():
        raw = (SEED_DIR / f"{name}.csv").read_bytes()
        assert b"\r" not in raw and raw.endswith(b"\n")
        rows = list(csv.reader(io.StringIO(raw.decode("utf-8"))))
        assert rows[0] == columns(model)
        table = model.__table__  # type: ignore[attr-defined]
        for row in rows[1:]:
            assert len(row) == len(rows[0])
            for column, value in zip(table.columns, row):
                if value == "":
                    assert column.nullable, (name, column.name)
                if column.type.python_type is bool:
                    assert value in ("0", "1"), (name, column.name, value)
        keys = [tuple(row[rows[0].index(k)] for k in primary_key(model)) for row in rows[1:]]
        assert keys == sorted(keys), name
    assert (SEED_DIR / "handoffs.csv").read_text(encoding="utf-8") == ",".join(columns(MODELS["handoffs"])) + "\n"


# --- referential integrity ------------------------------------------------------------


def test_primary_keys_unique(tables: Tables) -> None:
    for name, model in MODELS.items():
        keys = [tuple(row[k] for k in primary_key(model)) for row in tables[name]]
        assert len(keys) == len(set(keys)), name


def test_every_foreign_key_resolves(tables: Tables) -> None:
    checked = 0
    for name, model in MODELS.items():
        for column in model.__table__.columns:  # type: ignore[attr-defined]
            for fk in column.foreign_keys:
                targets = {row[fk.column.name] for row in tables[fk.column.table.name]}
                values = [row[column.name] for row in tables[name] if row[column.name] is not None]
                missing = [value for value in values if value not in targets]
                assert not missing, (name, column.name, missing[:3])
                checked += 1
    assert checked >= 15


# --- accounts and ledger ------------------------------------------------------------------


def test_running_balances_end_at_account_balance(tables: Tables, by_id: dict) -> None:
    history: dict[str, list[dict[str, object]]] = collections.defaultdict(list)
    for txn in tables["transactions"]:
        history[str(txn["account_id"])].append(txn)
    for account_id, account in by_id["accounts"].items():
        rows = sorted(history[account_id], key=lambda r: str(r["posted_on"]))
        days = [str(r["posted_on"]) for r in rows]
        assert len(days) == len(set(days)), account_id
        assert all(day < TODAY.isoformat() for day in days)
        balance = None
        for row in rows:
            amount = _int(row["amount_paise"])
            assert amount > 0
            move = 0 if row["status"] == "failed" else (amount if row["direction"] == "credit" else -amount)
            if balance is None:
                balance = _int(row["balance_after_paise"]) - move
                assert balance >= 0
            balance += move
            assert _int(row["balance_after_paise"]) == balance >= 0, (account_id, row["txn_id"])
        assert (balance or 0) == account["balance_paise"], account_id
        customer = [r for r in rows if r["channel"] != "internal" and r["status"] != "failed"]
        if customer:
            assert account["last_customer_txn_on"] == max(str(r["posted_on"]) for r in customer)
        if account["status"] == "closed":
            assert account["balance_paise"] == 0
        elif account["status"] == "dormant":
            assert _date(account["last_customer_txn_on"]) < DORMANT_CUTOFF
            assert all(r["channel"] == "internal" and r["direction"] == "credit" for r in rows if _date(r["posted_on"]) >= DORMANT_CUTOFF)
        else:
            assert _date(account["last_customer_txn_on"]) >= DORMANT_CUTOFF
            assert len(rows) >= 8 and all(day >= "2026-01-01" for day in days)


def test_reversed_debits_are_reversed_later(tables: Tables) -> None:
    rows = tables["transactions"]
    reversed_rows = [r for r in rows if r["status"] == "reversed"]
    assert len(reversed_rows) >= 10
    credits = {(r["account_id"], r["reference"], r["amount_paise"]): r for r in rows if r["direction"] == "credit"}
    for row in reversed_rows:
        assert row["direction"] == "debit" and row["channel"] in ("atm", "upi")
        back = credits[(row["account_id"], row["reference"], row["amount_paise"])]
        assert back["status"] == "success" and str(back["posted_on"]) > str(row["posted_on"])


def test_transaction_references_match_their_rail(tables: Tables) -> None:
    patterns = {
        "upi": r"\d{12}",
        "imps": r"\d{12}",
        "neft": r"N\d{15}",
        "rtgs": r"[A-Z]{4}R5\d{16}",
        "atm": r"(BSBK|S1AN)\d{4}/\d{6}",
        "pos": r"\d{12}",
        "cheque": r"\d{6}",
    }
    for row in tables["transactions"]:
        pattern = patterns.get(str(row["channel"]))
        if pattern:
            assert re.fullmatch(pattern, str(row["reference"])), row
        if row["channel"] == "rtgs":
            assert _int(row["amount_paise"]) >= RTGS_MIN_PAISE
        assert row["counterparty"] and row["narration"]


def test_accounts_and_holders(tables: Tables, by_id: dict) -> None:
    holders: dict[str, list[dict[str, object]]] = collections.defaultdict(list)
    for row in tables["account_holders"]:
        holders[str(row["account_id"])].append(row)
    for account_id, account in by_id["accounts"].items():
        assert re.fullmatch(r"5010\d{8}", account_id)
        rows = sorted(holders[account_id], key=lambda r: str(r["role"]) != "primary")
        assert [r["role"] for r in rows] == (["primary", "joint"] if len(rows) == 2 else ["primary"])
        assert (account["mode_of_operation"] == "either_or_survivor") == (len(rows) == 2)
        for row in rows:
            assert row["holder_name"] == by_id["customers"][str(row["customer_id"])]["full_name"]
        if account["account_type"] == "salary":
            assert account["min_balance_paise"] == 0
        if account["account_type"] == "current":
            assert account["cheque_facility"] is True
        assert _date(account["opened_on"]) >= _date(by_id["customers"][str(rows[0]["customer_id"])]["customer_since"])


def test_last_four_digits_unique_per_customer(tables: Tables, holdings: dict[str, set[str]]) -> None:
    for customer_id, accounts in holdings.items():
        last4s = [account_id[-4:] for account_id in accounts]
        last4s += [str(card["last4"]) for card in tables["cards"] if card["customer_id"] == customer_id]
        assert len(last4s) == len(set(last4s)), customer_id


# --- customers -------------------------------------------------------------------------------


def test_senior_segment_iff_sixty(tables: Tables) -> None:
    for customer in tables["customers"]:
        senior = age_on(_date(customer["date_of_birth"]), TODAY) >= SENIOR_CITIZEN_AGE_YEARS
        assert (customer["segment"] == "senior_citizen") == senior, customer["customer_id"]
        assert age_on(_date(customer["date_of_birth"]), _date(customer["customer_since"])) >= 18


def test_kyc_status_matches_due_date(tables: Tables) -> None:
    for customer in tables["customers"]:
        due = _date(customer["kyc_due_date"])
        assert (customer["kyc_status"] == "expired") == (due < TODAY)
        last_kyc = add_months(due, -12 * KYC_PERIOD_YEARS[str(customer["kyc_risk"])])
        assert _date(customer["customer_since"]) <= last_kyc <= TODAY
        assert re.fullmatch(r"XXXXXX\d{4}", str(customer["mobile_masked"]))
        assert re.fullmatch(r"[a-z]{2}\*{4}@[a-z.]+", str(customer["email_masked"]))


def test_addresses_are_normalised(tables: Tables) -> None:
    city_state: dict[str, str] = {}
    kinds = collections.Counter()
    for address in tables["addresses"]:
        kinds[address["customer_id"]] += 1
        for field in ("line1", "line2", "city", "state"):
            assert re.fullmatch(r"[A-Z0-9/-]+( [A-Z0-9/-]+)*", str(address[field])), address
        pincode = str(address["pincode"])
        assert re.fullmatch(r"[1-9]\d{5}", pincode)
        assert pincode.startswith(PIN_PREFIXES[str(address["state"])]), address
        assert city_state.setdefault(str(address["city"]), str(address["state"])) == address["state"]
    assert set(kinds.values()) == {2}


# --- products ------------------------------------------------------------------------------


def _slab(months: int) -> int:
    return next(s.rate_bps for s in DEPOSIT_RATE_SLABS if s.min_months <= months <= s.max_months)


def _half_up(value: Fraction) -> int:
    return int(value + Fraction(1, 2)) if value >= 0 else -int(-value + Fraction(1, 2))


def test_deposits_follow_the_rate_card(tables: Tables, by_id: dict, holdings: dict[str, set[str]]) -> None:
    opened_months = collections.Counter()
    for deposit in tables["deposits"]:
        tenure, amount, rate = _int(deposit["tenure_months"]), _int(deposit["amount_paise"]), _int(deposit["rate_bps"])
        senior = by_id["customers"][str(deposit["customer_id"])]["segment"] == "senior_citizen"
        assert rate == _slab(tenure) + (SENIOR_CITIZEN_UPLIFT_BPS if senior else 0)
        assert str(deposit["linked_account_id"]) in holdings[str(deposit["customer_id"])]
        opened, maturity = _date(deposit["opened_on"]), _date(deposit["maturity_date"])
        assert maturity == add_months(opened, tenure)
        opened_months[(deposit["customer_id"], opened.year, opened.month)] += 1
        if deposit["deposit_type"] == "fixed":
            assert FD_MIN_TENURE_MONTHS <= tenure <= DEPOSIT_MAX_TENURE_MONTHS and amount >= FD_MIN_AMOUNT_PAISE
            # The bank's own arithmetic (hand-checked in tests/bank): the seed must agree with it.
            expected = interest.fd_maturity_paise(amount, rate, opened, maturity, str(deposit["payout_type"]))
            assert deposit["maturity_amount_paise"] == expected
        else:
            assert RD_MIN_TENURE_MONTHS <= tenure <= DEPOSIT_MAX_TENURE_MONTHS
            assert amount >= RD_MIN_INSTALMENT_PAISE and amount % RD_INSTALMENT_STEP_PAISE == 0
            assert deposit["payout_type"] == "cumulative"
            assert deposit["maturity_amount_paise"] == interest.rd_maturity_paise(amount, rate, opened, tenure)
            if deposit["status"] == "active":
                assert deposit["instalments_paid"] == months_between(opened, TODAY) + 1
        closed = deposit["status"] == "closed"
        assert (deposit["closed_on"] is not None) == closed == (deposit["closure_amount_paise"] is not None)
        if closed:
            assert opened < _date(deposit["closed_on"]) <= min(maturity, TODAY)
        else:
            assert (deposit["status"] == "active") == (maturity > TODAY)
    assert max(opened_months.values()) == 1


def test_loans_are_consistent(tables: Tables, holdings: dict[str, set[str]]) -> None:
    for loan in tables["loans"]:
        principal, tenure, rate = _int(loan["sanctioned_paise"]), _int(loan["tenure_months"]), _int(loan["rate_bps"])
        i = rate / 120_000
        emi = principal * i * (1 + i) ** tenure / ((1 + i) ** tenure - 1)
        assert abs(_int(loan["emi_paise"]) - emi) <= 50 and _int(loan["emi_paise"]) % 100 == 0
        assert str(loan["repayment_account_id"]) in holdings[str(loan["customer_id"])]
        disbursed = _date(loan["disbursed_on"])
        paid = _int(loan["emis_paid"])
        if loan["status"] == "active":
            assert add_months(disbursed, paid) <= TODAY < add_months(disbursed, paid + 1)
            assert _date(loan["next_emi_date"]) == add_months(disbursed, paid + 1) > TODAY
            assert 0 < _int(loan["outstanding_paise"]) <= principal
        else:
            assert loan["outstanding_paise"] == 0 and _date(loan["next_emi_date"]) <= TODAY
        assert loan["rate_type"] == ("floating" if loan["loan_type"] == "home" else "fixed")
        gold = loan["loan_type"] == "gold"
        assert (loan["gold_weight_mg"] is not None) == gold == (loan["gold_purity_karat"] is not None)
        if gold:
            assert loan["gold_purity_karat"] in GOLD_PURITIES_KARAT
            value = gold_rate_per_gram_paise(_int(loan["gold_purity_karat"])) * _int(loan["gold_weight_mg"]) // 1000
            assert principal <= value * GOLD_LOAN_LTV_BPS // 10_000


def test_card_controls_within_limits(tables: Tables, by_id: dict) -> None:
    controls = collections.defaultdict(list)
    for row in tables["card_controls"]:
        assert 0 <= _int(row["daily_limit_paise"]) <= CARD_CHANNEL_MAX_LIMIT_PAISE[str(row["channel"])]
        controls[row["card_id"]].append(row)
    for card_id, card in by_id["cards"].items():
        rows = controls[card_id]
        assert sorted((r["channel"], r["region"]) for r in rows) == sorted(
            (c, r) for c in CARD_CHANNEL_MAX_LIMIT_PAISE for r in ("domestic", "international")
        )
        credit = card["card_type"] == "credit"
        if credit:
            assert not any(r["enabled"] for r in rows if r["channel"] == "atm")
        assert (card["account_id"] is None) == credit == (card["credit_limit_paise"] is not None)
        if credit:
            assert 0 <= _int(card["outstanding_paise"]) <= _int(card["credit_limit_paise"])
        assert (card["blocked_reason"] is not None) == (card["status"] == "blocked")
        assert (card["status_changed_on"] is not None) == (card["status"] != "active")
        assert re.fullmatch(r"20\d\d-(0[1-9]|1[0-2])", str(card["expiry"])) and re.fullmatch(r"\d{4}", str(card["last4"]))


def test_cheques_come_from_issued_books(tables: Tables, by_id: dict) -> None:
    books = collections.defaultdict(list)
    for book in tables["cheque_books"]:
        assert book["leaves"] == 25 and book["status"] == "issued"
        books[book["account_id"]].append(book)
    for account_id, rows in books.items():
        rows.sort(key=lambda b: _int(b["first_leaf"]))
        assert by_id["accounts"][str(account_id)]["cheque_facility"] is True
        for first, second in zip(rows, rows[1:]):
            assert _int(second["first_leaf"]) == _int(first["first_leaf"]) + 25
    paid = {(t["account_id"], t["reference"], t["posted_on"]) for t in tables["transactions"] if t["channel"] == "cheque"}
    for cheque in tables["cheques"]:
        number = str(cheque["cheque_number"])
        assert re.fullmatch(r"\d{6}", number)
        assert any(_int(b["first_leaf"]) <= int(number) < _int(b["first_leaf"]) + 25 for b in books[cheque["account_id"]])
        assert (cheque["stop_reason"] is not None) == (cheque["status"] == "stopped")
        if cheque["status"] != "stopped":
            assert cheque["payee"] and _int(cheque["amount_paise"]) > 0
            if str(cheque["status_date"]) >= "2026-01-01":
                assert (cheque["account_id"], number, cheque["status_date"]) in paid


def test_mandates_requests_offers(tables: Tables) -> None:
    for mandate in tables["mandates"]:
        cancelled = mandate["status"] == "cancelled"
        assert (mandate["cancelled_on"] is not None) == cancelled
        assert str(mandate["start_date"]) < str(mandate["end_date"])
        if cancelled:
            assert str(mandate["start_date"]) < str(mandate["cancelled_on"]) <= str(mandate["end_date"])
        else:
            assert _date(mandate["end_date"]) > TODAY
        if mandate["last_debit_on"] is not None:
            assert str(mandate["start_date"]) < str(mandate["last_debit_on"]) < TODAY.isoformat()
            assert str(mandate["last_debit_on"]) <= str(mandate["end_date"])
            if cancelled:
                assert str(mandate["last_debit_on"]) < str(mandate["cancelled_on"])
    for request in tables["service_requests"]:
        created = _date(request["created_on"])
        assert _date(request["sla_due_on"]) == add_days(created, SERVICE_REQUEST_SLA_DAYS[str(request["category"])])
        assert created.year == 2026 and created < TODAY
        assert (request["resolution_note"] is not None) == (request["status"] in ("resolved", "rejected"))
    for statement in tables["statement_requests"]:
        start, end = _date(statement["from_date"]), _date(statement["to_date"])
        assert start <= end <= _date(statement["requested_on"]) < TODAY
        assert add_months(start, STATEMENT_MAX_MONTHS) > end and statement["status"] == "dispatched"
    slab_rates = {s.rate_bps for s in DEPOSIT_RATE_SLABS}
    for offer in tables["product_offers"]:
        assert _date(offer["valid_until"]) > TODAY
        if offer["category"] == "deposits":
            uplift = SENIOR_CITIZEN_UPLIFT_BPS if offer["eligible_segment"] == "senior_citizen" else 0
            assert _int(offer["rate_bps"]) - uplift in slab_rates
    assert tables["handoffs"] == []


# --- edge cases and shares -------------------------------------------------------------------


def test_edge_cases_occur(tables: Tables, by_id: dict) -> None:
    accounts, txns = tables["accounts"], tables["transactions"]
    customers = tables["customers"]
    loans_by_id = by_id["loans"]
    counts = {
        "dormant accounts": sum(a["status"] == "dormant" for a in accounts),
        "closed accounts": sum(a["status"] == "closed" for a in accounts),
        "expired KYC": sum(c["kyc_status"] == "expired" for c in customers),
        "matured deposits": sum(d["status"] == "matured" for d in tables["deposits"]),
        "closed deposits": sum(d["status"] == "closed" for d in tables["deposits"]),
        "blocked cards": sum(c["status"] == "blocked" for c in tables["cards"]),
        "frozen cards": sum(c["status"] == "frozen" for c in tables["cards"]),
        "cleared cheques": sum(c["status"] == "cleared" for c in tables["cheques"]),
        "stopped cheques": sum(c["status"] == "stopped" for c in tables["cheques"]),
        "large cleared cheques": sum(c["status"] == "cleared" and _int(c["amount_paise"]) >= 5_00_000_00 for c in tables["cheques"]),
        "joint accounts": sum(a["mode_of_operation"] == "either_or_survivor" for a in accounts),
        "low-balance accounts": sum(a["status"] == "active" and _int(a["balance_paise"]) < 10_000_00 for a in accounts),
        "cancelled mandates": sum(m["status"] == "cancelled" for m in tables["mandates"]),
        "personal loans < 12 EMIs": sum(
            loan["loan_type"] == "personal" and loan["status"] == "active" and _int(loan["emis_paid"]) < 12 for loan in loans_by_id.values()
        ),
        "open requests past SLA": sum(r["status"] == "open" and _date(r["sla_due_on"]) < TODAY for r in tables["service_requests"]),
        "failed transactions": sum(t["status"] == "failed" for t in txns),
        "round IMPS credits": sum(
            t["channel"] == "imps" and t["direction"] == "credit" and _int(t["amount_paise"]) % 5_000_00 == 0 for t in txns
        ),
        "RTGS of 2 lakh or more": sum(t["channel"] == "rtgs" for t in txns),
        "salary credits": sum(t["direction"] == "credit" and "SALARY" in str(t["narration"]) for t in txns),
        "lapsed policies": sum(p["status"] == "lapsed" for p in tables["insurance_policies"]),
        "closed loans": sum(loan["status"] == "closed" for loan in loans_by_id.values()),
        "seniors turning 60 within 30 days": sum(
            59 == age_on(_date(c["date_of_birth"]), TODAY) < age_on(_date(c["date_of_birth"]), add_days(TODAY, 30)) for c in customers
        ),
    }
    too_few = {name: count for name, count in counts.items() if count < 5}
    assert not too_few


def test_shares_are_roughly_as_specified(tables: Tables, holdings: dict[str, set[str]]) -> None:
    customers, accounts = tables["customers"], tables["accounts"]
    n = len(customers)
    assert n == 1000 and 35 <= len(tables["branches"]) <= 50

    def share(predicate: object, rows: list[dict[str, object]]) -> float:
        return sum(1 for row in rows if predicate(row)) / len(rows)  # type: ignore[operator]

    assert 0.17 <= share(lambda c: c["segment"] == "senior_citizen", customers) <= 0.24
    assert 0.04 <= share(lambda c: c["segment"] == "premium", customers) <= 0.08
    assert 0.06 <= share(lambda c: c["kyc_status"] == "expired", customers) <= 0.11
    assert 0.05 <= share(lambda c: not c["pan_on_file"], customers) <= 0.1
    assert 0.04 <= share(lambda a: a["status"] == "dormant", accounts) <= 0.08
    assert 0.06 <= share(lambda a: _int(a["balance_paise"]) < 10_000_00, accounts) <= 0.12
    assert 0.6 <= share(lambda a: a["nominee_name"] is not None, accounts) <= 0.8
    joint_customers = {r["customer_id"] for r in tables["account_holders"] if r["role"] == "joint"}
    joint_customers |= {
        r["customer_id"]
        for r in tables["account_holders"]
        if r["role"] == "primary" and any(a["account_id"] == r["account_id"] and a["mode_of_operation"] != "single" for a in accounts)
    }
    assert 0.08 <= len(joint_customers) / n <= 0.12
    per_customer = collections.Counter(len(held) for held in holdings.values())
    assert set(per_customer) <= {1, 2, 3, 4} and len(holdings) == n
    txns = tables["transactions"]
    assert 30_000 <= len(txns) <= 40_000
    assert 0.015 <= share(lambda t: t["status"] == "failed", txns) <= 0.03
    assert 0.5 <= len({d["customer_id"] for d in tables["deposits"]}) / n <= 0.7
    assert 0.3 <= len({loan["customer_id"] for loan in tables["loans"]}) / n <= 0.4
    assert 0.25 <= len({p["customer_id"] for p in tables["insurance_policies"]}) / n <= 0.35
    assert 0.25 <= len({r["customer_id"] for r in tables["service_requests"]}) / n <= 0.35
    assert 0.85 <= share(lambda c: c["status"] == "active", tables["cards"]) <= 0.95
