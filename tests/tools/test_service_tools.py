"""Service tools (requests, insurance, offers, regulations, hand-over) and catalogue-wide properties."""

import pytest

from tau_indian_bank.tools.arguments import ToolError
from tau_indian_bank.tools.base import NotFoundError, RefusedError
from tau_indian_bank.tools.catalogue import READ_TOOLS, SPECS, STATE_CHANGING_TOOLS, area_tools
from tau_indian_bank.tools.service_requests import ServiceRequestTools

NOT_RELATED = "is not one of this customer's accounts, deposits, loans, cards, mandates, transactions or policies"


@pytest.fixture(scope="module")
def customer(bank):
    """The first customer (by id) without service requests who has a card, a deposit and a policy."""
    return bank.value(
        "SELECT c.customer_id FROM customers c WHERE c.kyc_status = 'verified' "
        "AND NOT EXISTS (SELECT 1 FROM service_requests s WHERE s.customer_id = c.customer_id) "
        "AND EXISTS (SELECT 1 FROM cards x WHERE x.customer_id = c.customer_id) "
        "AND EXISTS (SELECT 1 FROM deposits x WHERE x.customer_id = c.customer_id) "
        "AND EXISTS (SELECT 1 FROM insurance_policies x WHERE x.customer_id = c.customer_id) "
        "ORDER BY c.customer_id LIMIT 1"
    )


def _request(bank, where):
    return bank.row(f"SELECT * FROM service_requests WHERE {where} ORDER BY request_id LIMIT 1")


@pytest.fixture(scope="module")
def overdue(bank):
    return _request(bank, "status IN ('open', 'in_progress') AND sla_due_on < '2026-07-15'")


# --- raise_service_request -------------------------------------------------------------------


def test_raise_a_request_without_a_related_record(bank, customer):
    tools = bank.tools(customer)
    before = bank.snapshot(tools)
    out = bank.call(tools, "raise_service_request", {"category": "complaint", "description": "Rude staff at branch."})
    request_id = bank.expected_id("SR", customer, ["complaint", None])
    assert out == {"request_id": request_id, "category": "complaint", "status": "open", "due_by": "2026-08-14"}
    assert bank.diff(before, bank.snapshot(tools)) == {
        "service_requests": (
            set(),
            {
                bank.as_row(
                    "service_requests",
                    {
                        "request_id": request_id,
                        "customer_id": customer,
                        "category": "complaint",
                        "related_id": None,
                        "description": "Rude staff at branch.",
                        "status": "open",
                        "created_on": "2026-07-15",
                        "sla_due_on": "2026-08-14",
                    },
                )
            },
        )
    }
    status = bank.call(tools, "get_service_request_status", {"request_id": request_id})
    assert (status["status"], status["overdue"], status["due_by"]) == ("open", False, "2026-08-14")


@pytest.mark.parametrize(
    ("table", "key", "owner", "category", "due"),
    [
        ("cards", "card_id", "customer_id", "card_replacement", "2026-07-22"),
        ("deposits", "deposit_id", "customer_id", "other", "2026-07-30"),
        ("loans", "loan_id", "customer_id", "loan_foreclosure", "2026-07-22"),
        ("insurance_policies", "policy_id", "customer_id", "insurance_claim", "2026-08-14"),
        ("accounts", "account_id", None, "account_reactivation", "2026-07-18"),
        ("mandates", "mandate_id", None, "complaint", "2026-08-14"),
        ("transactions", "txn_id", None, "dispute_transaction", "2026-08-14"),
    ],
)
def test_raise_a_request_about_each_kind_of_own_record(bank, table, key, owner, category, due):
    if owner:
        record = bank.row(f"SELECT {key} AS id, customer_id FROM {table} ORDER BY {key} LIMIT 1")
    else:
        record = bank.row(
            f"SELECT t.{key} AS id, h.customer_id FROM {table} t JOIN account_holders h "
            f"ON h.account_id = t.account_id AND h.role = 'primary' ORDER BY t.{key} LIMIT 1"
        )
    cid = record["customer_id"]
    assert not bank.rows(
        "SELECT 1 FROM service_requests WHERE customer_id = ? AND category = ? AND related_id = ? AND status IN ('open', 'in_progress')",
        (cid, category, record["id"]),
    )
    tools = bank.tools(cid)
    out = bank.call(
        tools, "raise_service_request", {"category": category, "description": "About this record.", "related_id": record["id"].lower()}
    )
    assert (out["category"], out["status"], out["due_by"]) == (category, "open", due)
    stored = tools.db.conn.execute(
        "SELECT related_id, customer_id FROM service_requests WHERE request_id = ?", (out["request_id"],)
    ).fetchone()
    assert tuple(stored) == (record["id"], cid)


def test_the_description_is_free_text_outside_the_id_and_the_hash(bank, customer):
    card = bank.value("SELECT card_id FROM cards WHERE customer_id = ? ORDER BY card_id LIMIT 1", (customer,))
    runs = []
    for words in ("Card lost at the station.", "I think my card fell out of my bag on the train."):
        tools = bank.tools(customer)
        out = tools.call("raise_service_request", {"category": "card_replacement", "description": words, "related_id": card})
        stored = tools.db.conn.execute("SELECT description FROM service_requests WHERE related_id = ?", (card,)).fetchone()
        assert stored[0] == words
        runs.append((out, tools.get_db_hash()))
    assert runs[0] == runs[1]
    assert runs[0][1] != bank.tools(customer).get_db_hash()


def test_raise_refuses_a_related_record_of_another_customer(bank, customer):
    other = bank.other_record("cards", "card_id", customer)
    message = bank.refuse(
        bank.tools(customer),
        "raise_service_request",
        {"category": "card_replacement", "description": "Replace it.", "related_id": other},
        NotFoundError,
        NOT_RELATED,
    )
    assert message.startswith(other)


def test_raise_refuses_an_unknown_related_id(bank, customer):
    bank.refuse(
        bank.tools(customer),
        "raise_service_request",
        {"category": "other", "description": "Help.", "related_id": "NOSUCHRECORD1"},
        NotFoundError,
        NOT_RELATED,
    )


@pytest.mark.parametrize("status", ["open", "in_progress"])
def test_raise_refuses_a_duplicate_of_an_open_request(bank, status):
    r = _request(bank, f"status = '{status}' AND related_id IS NOT NULL")
    bank.refuse(
        bank.tools(r["customer_id"]),
        "raise_service_request",
        {"category": r["category"], "description": "Again, please.", "related_id": r["related_id"]},
        RefusedError,
        f"request {r['request_id']} for the same need is already open",
    )


def test_raise_refuses_a_duplicate_made_in_the_same_session(bank, customer):
    tools = bank.tools(customer)
    first = bank.call(tools, "raise_service_request", {"category": "kyc_update", "description": "Update my KYC."})
    bank.refuse(
        tools,
        "raise_service_request",
        {"category": "kyc_update", "description": "Please update KYC."},
        RefusedError,
        f"request {first['request_id']} for the same need is already open",
    )
    # Another category, or the same category about a record, is a different need.
    assert bank.call(tools, "raise_service_request", {"category": "other", "description": "Something else."})["status"] == "open"


def test_a_resolved_request_does_not_block_a_new_one(bank):
    r = bank.row(
        "SELECT * FROM service_requests s WHERE status IN ('resolved', 'rejected') AND related_id IS NOT NULL "
        "AND NOT EXISTS (SELECT 1 FROM service_requests o WHERE o.customer_id = s.customer_id AND o.category = s.category "
        "AND o.related_id = s.related_id AND o.status IN ('open', 'in_progress')) ORDER BY request_id LIMIT 1"
    )
    out = bank.call(
        bank.tools(r["customer_id"]),
        "raise_service_request",
        {"category": r["category"], "description": "It happened again.", "related_id": r["related_id"]},
    )
    assert out["status"] == "open" and out["request_id"] != r["request_id"]


# --- get_service_request_status --------------------------------------------------------------


def test_status_of_an_overdue_request(bank, overdue):
    out = bank.call(bank.tools(overdue["customer_id"]), "get_service_request_status", {"request_id": overdue["request_id"]})
    assert out == {
        "request_id": overdue["request_id"],
        "category": overdue["category"],
        "related_id": overdue["related_id"],
        "status": overdue["status"],
        "created_on": overdue["created_on"],
        "due_by": overdue["sla_due_on"],
        "overdue": True,
        "resolution_note": overdue["resolution_note"],
    }


def test_status_of_an_open_request_within_its_due_date(bank):
    r = _request(bank, "status IN ('open', 'in_progress') AND sla_due_on >= '2026-07-15'")
    out = bank.call(bank.tools(r["customer_id"]), "get_service_request_status", {"request_id": r["request_id"]})
    assert (out["status"], out["overdue"]) == (r["status"], False)


def test_status_of_a_resolved_request_past_its_due_date_is_not_overdue(bank):
    r = _request(bank, "status = 'resolved' AND sla_due_on < '2026-07-15' AND resolution_note IS NOT NULL")
    out = bank.call(bank.tools(r["customer_id"]), "get_service_request_status", {"request_id": r["request_id"]})
    assert (out["status"], out["overdue"], out["resolution_note"]) == ("resolved", False, r["resolution_note"])


def test_status_refuses_another_customers_request(bank, customer):
    other = bank.other_record("service_requests", "request_id", customer)
    bank.refuse(
        bank.tools(customer),
        "get_service_request_status",
        {"request_id": other},
        NotFoundError,
        "service request " + other + " is not among this customer's records; ask the customer for the reference",
    )


# --- get_insurance_policies / get_product_offers / search_regulations --------------------------


def test_insurance_policies(bank, customer):
    rows = bank.rows("SELECT * FROM insurance_policies WHERE customer_id = ? ORDER BY policy_id", (customer,))
    out = bank.call(bank.tools(customer), "get_insurance_policies")
    assert rows and out == {
        "policies": [
            {
                "policy_id": p["policy_id"],
                "policy_type": p["policy_type"],
                "insurer": p["insurer"],
                "plan": p["plan_name"],
                "sum_assured": p["sum_assured_paise"] / 100,
                "premium": p["premium_paise"] / 100,
                "premium_frequency": p["premium_frequency"],
                "next_due_date": p["next_due_date"],
                "status": p["status"],
                "nominee_name": p["nominee_name"],
            }
            for p in rows
        ]
    }


def test_insurance_policies_empty_for_a_customer_without_any(bank):
    cid = bank.value(
        "SELECT customer_id FROM customers WHERE customer_id NOT IN (SELECT customer_id FROM insurance_policies) "
        "ORDER BY customer_id LIMIT 1"
    )
    assert bank.call(bank.tools(cid), "get_insurance_policies") == {"policies": []}


@pytest.mark.parametrize("segment", ["regular", "senior_citizen", "premium"])
def test_product_offers_are_those_of_the_customers_segment(bank, segment):
    cid = bank.value("SELECT customer_id FROM customers WHERE segment = ? ORDER BY customer_id LIMIT 1", (segment,))
    out = bank.call(bank.tools(cid), "get_product_offers")
    rows = bank.rows(
        "SELECT * FROM product_offers WHERE eligible_segment IN ('all', ?) AND valid_until >= '2026-07-15' ORDER BY category, offer_id",
        (segment,),
    )
    assert out == {
        "offers": [
            {
                "offer_id": o["offer_id"],
                "category": o["category"],
                "name": o["name"],
                "summary": o["summary"],
                "rate": f"{o['rate_bps'] / 100:.2f}%" if o["rate_bps"] is not None else None,
                "valid_until": o["valid_until"],
            }
            for o in rows
        ]
    }
    shown = {o["offer_id"] for o in out["offers"]}
    other_segments = {
        r["offer_id"] for r in bank.rows("SELECT offer_id FROM product_offers WHERE eligible_segment NOT IN ('all', ?)", (segment,))
    }
    own_segment = {r["offer_id"] for r in bank.rows("SELECT offer_id FROM product_offers WHERE eligible_segment = ?", (segment,))}
    assert other_segments and not other_segments & shown
    assert own_segment <= shown and (segment == "regular" or own_segment)


def test_product_offers_filtered_by_category(bank, customer):
    out = bank.call(bank.tools(customer), "get_product_offers", {"category": "loans"})
    assert out["offers"] and {o["category"] for o in out["offers"]} == {"loans"}
    assert "Home Loan" in {o["name"] for o in out["offers"]}


def test_search_regulations_returns_the_best_three_sections(bank):
    out = bank.call(bank.tools(), "search_regulations", {"query": "premature withdrawal penalty"})
    assert out["query"] == "premature withdrawal penalty"
    assert len(out["results"]) == 3
    best = out["results"][0]
    assert (best["document_id"], best["section"]) == ("premature_withdrawal", "2. Premature withdrawal penalty of 1.00%")
    assert "1.00%" in best["text"] and best["effective_date"] == "2025-10-01"
    assert set(best) == {"document_id", "title", "section", "effective_date", "text"}


def test_search_regulations_with_no_words_finds_nothing(bank):
    assert bank.call(bank.tools(), "search_regulations", {"query": "?!* -- ()"})["results"] == []


# --- transfer_to_human_agents ----------------------------------------------------------------


def test_transfer_records_a_handoff_with_a_content_id(bank, customer):
    tools = bank.tools(customer)
    before = bank.snapshot(tools)
    assert tools.call("transfer_to_human_agents", {"summary": "Customer reports a bereavement."}) == "Transfer successful"
    first = bank.expected_id("HO", customer, ["handoff"])
    assert bank.diff(before, bank.snapshot(tools)) == {
        "handoffs": (
            set(),
            {
                bank.as_row(
                    "handoffs",
                    {
                        "handoff_id": first,
                        "customer_id": customer,
                        "summary": "Customer reports a bereavement.",
                        "created_on": "2026-07-15",
                    },
                )
            },
        )
    }
    assert bank.call(tools, "transfer_to_human_agents", {"summary": "Again."}) == "Transfer successful"
    ids = {r[0] for r in tools.db.conn.execute("SELECT handoff_id FROM handoffs")}
    assert ids == {first, bank.expected_id("HO", customer, ["handoff"], 1)}


def test_transfer_summary_wording_does_not_change_the_hash(bank, customer):
    hashes = []
    for summary in ("Legal matter.", "The customer has a court order about the account."):
        tools = bank.tools(customer)
        tools.call("transfer_to_human_agents", {"summary": summary})
        hashes.append(tools.get_db_hash())
    assert hashes[0] == hashes[1] != bank.tools(customer).get_db_hash()


# --- service area: no customer, reads ----------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("raise_service_request", {"category": "other", "description": "Help."}),
        ("get_service_request_status", {"request_id": "SR2BMVFVXZ"}),
        ("get_insurance_policies", {}),
        ("get_product_offers", {}),
        ("transfer_to_human_agents", {"summary": "Escalation."}),
    ],
)
def test_customer_tools_need_a_logged_in_customer(bank, name, args):
    bank.refuse(bank.tools(), name, args, ToolError, "no customer is logged in")


def test_raise_with_a_related_id_needs_a_logged_in_customer(bank):
    card = bank.value("SELECT card_id FROM cards ORDER BY card_id LIMIT 1")
    bank.refuse(
        bank.tools(),
        "raise_service_request",
        {"category": "card_replacement", "description": "Replace it.", "related_id": card},
        ToolError,
        "no customer is logged in",
    )


def test_the_area_lists_cover_every_service_tool():
    names = set(area_tools(ServiceRequestTools))
    assert len(names) == 6
    assert names - READ_TOOLS == {"raise_service_request", "transfer_to_human_agents"}


# --- the whole catalogue -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def busy(bank):
    """A customer with an account, deposit, loan, card, mandate, cheque, request and policy, and one of each."""
    cid = bank.value(
        "SELECT c.customer_id FROM customers c WHERE c.kyc_status = 'verified' "
        + "".join(
            f"AND EXISTS (SELECT 1 FROM {t} x WHERE x.customer_id = c.customer_id) "
            for t in ("deposits", "loans", "cards", "service_requests", "insurance_policies")
        )
        + "AND EXISTS (SELECT 1 FROM account_holders h JOIN mandates m USING (account_id) WHERE h.customer_id = c.customer_id) "
        "AND EXISTS (SELECT 1 FROM account_holders h JOIN cheques q USING (account_id) WHERE h.customer_id = c.customer_id "
        "AND h.role = 'primary') ORDER BY c.customer_id LIMIT 1"
    )

    def first(sql):
        return bank.value(sql + " LIMIT 1", (cid,))

    cheque = bank.row(
        "SELECT q.account_id, q.cheque_number FROM cheques q JOIN account_holders h USING (account_id) "
        "WHERE h.customer_id = ? AND h.role = 'primary' ORDER BY q.account_id, q.cheque_number LIMIT 1",
        (cid,),
    )
    return {
        "customer_id": cid,
        "account_id": cheque["account_id"],
        "cheque_number": cheque["cheque_number"],
        "deposit_id": first("SELECT deposit_id FROM deposits WHERE customer_id = ? AND status = 'active' ORDER BY deposit_id"),
        "new_instruction": next(
            i
            for i in ("renew_principal", "credit_to_account")
            if i != first("SELECT maturity_instruction FROM deposits WHERE customer_id = ? AND status = 'active' ORDER BY deposit_id")
        ),
        "loan_id": first("SELECT loan_id FROM loans WHERE customer_id = ? AND status = 'active' ORDER BY loan_id"),
        "card_id": first("SELECT card_id FROM cards WHERE customer_id = ? AND status = 'active' ORDER BY card_id"),
        "request_id": first("SELECT request_id FROM service_requests WHERE customer_id = ? ORDER BY request_id"),
    }


def _every_read(b):
    return {
        "get_customer_profile": {},
        "get_account_details": {"account_id": b["account_id"]},
        "get_transactions": {"account_id": b["account_id"], "limit": 100},
        "list_deposits": {},
        "get_deposit_details": {"deposit_id": b["deposit_id"]},
        "get_deposit_rates": {"deposit_type": "fixed"},
        "calculate_deposit_maturity": {"deposit_type": "recurring", "amount": 1500, "tenure_months": 18},
        "get_deposit_closure_quote": {"deposit_id": b["deposit_id"]},
        "get_loan_details": {"loan_id": b["loan_id"]},
        "get_loan_foreclosure_quote": {"loan_id": b["loan_id"]},
        "calculate_loan_emi": {"principal": 250000, "annual_rate": 11, "tenure_months": 24},
        "get_gold_rate": {"purity_karat": 24},
        "check_gold_loan_eligibility": {"gold_weight_grams": 20, "purity_karat": 22},
        "get_card_details": {"card_id": b["card_id"]},
        "list_mandates": {"account_id": b["account_id"]},
        "get_cheque_status": {"account_id": b["account_id"], "cheque_number": b["cheque_number"]},
        "get_service_request_status": {"request_id": b["request_id"]},
        "get_insurance_policies": {},
        "get_product_offers": {},
        "search_regulations": {"query": "positive pay cheque"},
    }


def test_every_read_tool_leaves_the_hash_and_the_rows_unchanged(bank, busy):
    reads = _every_read(busy)
    assert set(reads) == READ_TOOLS and len(reads) == 20
    tools = bank.tools(busy["customer_id"])
    hash_before, rows_before = tools.get_db_hash(), bank.snapshot(tools)
    outputs = {name: tools.call(name, args) for name, args in reads.items()}
    assert tools.get_db_hash() == hash_before
    assert bank.snapshot(tools) == rows_before
    # Reads are repeatable: the same answers again, in this session and in a fresh one.
    assert {name: tools.call(name, args) for name, args in reads.items()} == outputs
    fresh = bank.tools(busy["customer_id"])
    assert {name: fresh.call(name, args) for name, args in reads.items()} == outputs


def test_writes_from_every_area_replay_identically_in_two_fresh_sessions(bank, busy):
    b = busy
    calls = [
        ("get_customer_profile", {}),
        ("request_statement", {"account_id": b["account_id"], "from_date": "2026-01-01", "to_date": "2026-03-31"}),
        (
            "update_address",
            {
                "address_type": "communication",
                "line1": "House 7",
                "line2": "MG Road",
                "city": "Pune",
                "state": "Maharashtra",
                "pincode": "411001",
            },
        ),
        ("set_deposit_maturity_instruction", {"deposit_id": b["deposit_id"], "maturity_instruction": b["new_instruction"]}),
        (
            "update_card_controls",
            {"card_id": b["card_id"], "channel": "atm", "region": "international", "enabled": True, "daily_limit": 20000},
        ),
        ("freeze_card", {"card_id": b["card_id"]}),
        ("raise_service_request", {"category": "loan_foreclosure", "description": "Close my loan.", "related_id": b["loan_id"]}),
        ("request_cheque_book", {"account_id": b["account_id"]}),
        ("transfer_to_human_agents", {"summary": "Escalate."}),
    ]
    assert {name for name, _ in calls} - READ_TOOLS <= STATE_CHANGING_TOOLS
    runs = []
    for _ in range(2):
        tools = bank.tools(b["customer_id"])
        start = tools.get_db_hash()
        outputs = [tools.call(name, args) for name, args in calls]
        runs.append((start, outputs, tools.get_db_hash()))
    assert runs[0] == runs[1]
    assert runs[0][0] != runs[0][2]
    assert runs[0][1][-1] == "Transfer successful"


def test_two_fresh_sessions_of_different_customers_start_from_the_same_bank(bank, busy, customer):
    # The digest covers the whole bank, so logging a customer in changes nothing.
    assert bank.tools(busy["customer_id"]).get_db_hash() == bank.tools(customer).get_db_hash() == bank.tools().get_db_hash()


def test_every_tool_has_a_spec_and_the_transfer_is_the_only_non_json_output():
    assert len(SPECS) == 34
    assert {name for name, spec in SPECS.items() if spec.kind == "transfer"} == {"transfer_to_human_agents"}
