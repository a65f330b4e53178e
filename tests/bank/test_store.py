import hashlib
import json
import sqlite3
import threading

import pytest

from tau_indian_bank.bank.store import (
    _MOD,
    PARTITION_FILTERS,
    SHAPES,
    BankDatabase,
    UnknownCustomerError,
    table_digests,
)
from tau_indian_bank.tools.toolkit import BankTools
from tests.conftest import run

CUSTOMER_WITH_DEPOSIT = """SELECT d.customer_id, d.deposit_id, d.linked_account_id FROM deposits d JOIN accounts a
 ON a.account_id = d.linked_account_id WHERE d.status = 'active' AND d.deposit_type = 'fixed' AND a.status = 'active'
 ORDER BY d.deposit_id LIMIT 1"""


@pytest.fixture(scope="module")
def deposit_case(bank):
    return bank.full.execute(CUSTOMER_WITH_DEPOSIT).fetchone()


def _close(tools: BankTools, deposit_id: str, account: str) -> None:
    tools.call("close_deposit", {"deposit_id": deposit_id, "credit_account_id": account})


def _whole_bank_digest(bank, session: BankDatabase) -> str:
    """The digest recomputed from scratch on a full copy of the bank with the session's rows swapped in."""
    full = sqlite3.connect(":memory:")
    bank.full.backup(full)
    customer = session.customer_id
    doomed = {
        name: [r for (r,) in full.execute(f"SELECT rowid FROM {name} WHERE {where}", {"c": customer})]
        for name, where in PARTITION_FILTERS.items()
    }
    for name, rowids in doomed.items():
        full.executemany(f"DELETE FROM {name} WHERE rowid = ?", [(r,) for r in rowids])
    for name in PARTITION_FILTERS:
        rows = session.conn.execute(f"SELECT * FROM {name}").fetchall()
        columns = SHAPES[name].columns
        full.executemany(f"INSERT INTO {name} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})", [tuple(r) for r in rows])
    parts = [f"{name}:{count}:{total % _MOD:064x}" for name, (total, count) in sorted(table_digests(full).items())]
    return hashlib.sha256("\n".join(parts).encode("ascii")).hexdigest()


def test_incremental_digest_equals_a_full_recomputation(bank, deposit_case):
    customer, deposit, account = deposit_case
    tools = BankTools()
    tools.start_session(customer)
    assert tools.get_db_hash() == _whole_bank_digest(bank, tools.db)
    _close(tools, deposit, account)
    assert tools.get_db_hash() == _whole_bank_digest(bank, tools.db)


def test_reads_never_change_the_hash_and_writes_do(deposit_case):
    customer, deposit, account = deposit_case
    tools = BankTools()
    tools.start_session(customer)
    before = tools.get_db_hash()
    tools.call("get_customer_profile", {})
    tools.call("list_deposits", {})
    tools.call("get_deposit_closure_quote", {"deposit_id": deposit})
    tools.call("get_transactions", {"account_id": account, "limit": 100})
    assert tools.get_db_hash() == before
    _close(tools, deposit, account)
    assert tools.get_db_hash() != before


def test_free_text_does_not_enter_the_digest(deposit_case):
    customer, _, account = deposit_case
    hashes = set()
    for words in ("Please add my wife as nominee", "nominee: spouse"):
        tools = BankTools()
        tools.start_session(customer)
        tools.call("raise_service_request", {"category": "nominee_update", "related_id": account, "description": words})
        hashes.add(tools.get_db_hash())
    assert len(hashes) == 1


def test_int_float_and_text_amounts_give_the_same_state(bank):
    customer, account = bank.full.execute(
        "SELECT h.customer_id, a.account_id FROM accounts a JOIN account_holders h ON h.account_id = a.account_id "
        "JOIN customers c ON c.customer_id = h.customer_id WHERE a.status = 'active' AND a.balance_paise > 5000000 "
        "AND c.kyc_status = 'verified' ORDER BY a.account_id LIMIT 1"
    ).fetchone()
    hashes = set()
    for amount in (20000, 20000.0, "20,000", "₹20,000.00"):
        tools = BankTools()
        tools.start_session(customer)
        tools.call("open_deposit", {"deposit_type": "fixed", "source_account_id": account, "amount": amount, "tenure_months": 12})
        hashes.add(tools.get_db_hash())
    assert len(hashes) == 1


def test_sessions_do_not_share_state_across_threads(deposit_case):
    customer, deposit, account = deposit_case
    untouched = BankTools()
    untouched.start_session(customer)
    clean = untouched.get_db_hash()
    results: dict[int, str] = {}

    def session(index: int) -> None:
        tools = BankTools()
        tools.start_session(customer)
        if index % 2:
            _close(tools, deposit, account)
        results[index] = tools.get_db_hash()

    threads = [threading.Thread(target=session, args=(i,)) for i in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert {results[i] for i in range(0, 16, 2)} == {clean}
    closed = {results[i] for i in range(1, 16, 2)}
    assert len(closed) == 1 and clean not in closed
    assert untouched.get_db_hash() == clean


def test_unknown_customer_and_second_login_are_refused():
    with pytest.raises(UnknownCustomerError):
        BankDatabase().load_customer("CUSTNOBODY")
    db = BankDatabase()
    first = db.conn.execute("SELECT customer_id FROM customers").fetchone()
    assert first is None  # nothing of any customer before login


SCRIPT = """
import json, sys
from tau_indian_bank.tools.toolkit import BankTools
calls = json.loads(sys.argv[1])
tools = BankTools()
tools.start_session(sys.argv[2])
outputs = [tools.call(name, args) for name, args in calls]
print(json.dumps([tools.get_db_hash(), outputs]))
"""


@pytest.mark.slow
@pytest.mark.e2e
def test_same_calls_in_two_processes_with_different_hash_seeds_give_the_same_database(deposit_case):
    customer, deposit, account = deposit_case
    calls = [
        ("get_deposit_closure_quote", {"deposit_id": deposit}),
        ("close_deposit", {"deposit_id": deposit, "credit_account_id": account}),
        ("raise_service_request", {"category": "complaint", "description": "x"}),
        ("request_statement", {"account_id": account, "from_date": "2026-01-01", "to_date": "2026-06-30"}),
    ]
    results = []
    for seed in ("1", "987"):
        done = run(["python", "-c", SCRIPT, json.dumps(calls), customer], PYTHONHASHSEED=seed)
        assert done.returncode == 0, done.stderr
        results.append(done.stdout.strip().splitlines()[-1])
    assert results[0] == results[1]
