"""The look-ups families choose customers with: named records whose fields are the query's columns."""

from __future__ import annotations

import sqlite3

import pytest

from tau_indian_bank.tasks import lookups
from tau_indian_bank.tasks.lookups import CustomerAccount, rows


@pytest.fixture(scope="module")
def conn() -> sqlite3.Connection:
    from tau_indian_bank.bank.store import template

    return template().full


def test_rows_come_back_as_named_records_in_query_order(conn):
    found = rows(
        conn,
        CustomerAccount,
        "SELECT h.customer_id, a.account_id FROM accounts a JOIN account_holders h "
        "ON h.account_id = a.account_id AND h.role = 'primary' ORDER BY a.account_id LIMIT 3",
    )
    assert [type(c) for c in found] == [CustomerAccount] * 3
    assert [c.account_id for c in found] == sorted(c.account_id for c in found)
    assert lookups.account(conn, found[0].account_id).account_id == found[0].account_id


def test_a_query_whose_columns_do_not_match_the_record_is_refused(conn):
    with pytest.raises(AssertionError, match="do not match CustomerAccount"):
        rows(conn, CustomerAccount, "SELECT h.account_id, h.customer_id FROM account_holders h ORDER BY h.account_id")


def test_an_unordered_query_is_refused(conn):
    with pytest.raises(AssertionError, match="ordered"):
        rows(conn, CustomerAccount, "SELECT h.customer_id, h.account_id FROM account_holders h")


def test_labels_read_the_record(conn):
    card = conn.execute("SELECT card_id, card_type, last4 FROM cards ORDER BY card_id LIMIT 1").fetchone()
    assert lookups.card_label(conn, card[0]) == f"{card[1]} card ending {card[2]}"
