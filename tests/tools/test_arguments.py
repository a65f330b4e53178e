import datetime as dt

import pytest

from tau_indian_bank.tools.arguments import ArgumentError, bind, canonical_arguments
from tau_indian_bank.tools.catalogue import READ_TOOLS, SPECS, STATE_CHANGING_TOOLS, TOOL_FUNCTIONS, WRITE_TOOLS


def test_catalogue_has_twenty_reads_thirteen_writes_and_the_transfer():
    assert len(SPECS) == 34
    assert len(READ_TOOLS) == 20
    assert len(WRITE_TOOLS) == 13
    assert STATE_CHANGING_TOOLS - WRITE_TOOLS == {"transfer_to_human_agents"}


@pytest.mark.parametrize("name", sorted(TOOL_FUNCTIONS))
def test_every_tool_documents_every_argument_with_an_example(name):
    doc = TOOL_FUNCTIONS[name].__doc__ or ""
    assert doc.strip().splitlines()[0].endswith(".")
    for param in SPECS[name].params:
        line = next((ln for ln in doc.splitlines() if ln.strip().startswith(f"{param.name}:")), None)
        assert line is not None, f"{name}: {param.name} is not documented"
        assert any(word in line for word in ("such as", "'", "true", ":")), f"{name}: {param.name} has no example"


def test_bind_fills_defaults_and_converts_kinds():
    bound = bind(
        SPECS["open_deposit"], {"deposit_type": "FIXED ", "source_account_id": " 501004412345", "amount": "1,00,000", "tenure_months": 12.0}
    )
    assert bound == {
        "deposit_type": "fixed",
        "source_account_id": "501004412345",
        "amount": 10_000_000,
        "tenure_months": 12,
        "payout_type": "cumulative",
        "maturity_instruction": "credit_to_account",
    }
    assert bind(SPECS["request_statement"], {"account_id": "a1", "from_date": "2026-01-01", "to_date": "2026-06-30"})[
        "from_date"
    ] == dt.date(2026, 1, 1)


@pytest.mark.parametrize(
    ("tool", "args", "message"),
    [
        ("get_account_details", {}, "missing required argument 'account_id'"),
        ("get_account_details", {"account_id": "X1", "pin": "1234"}, "unknown argument(s) 'pin'"),
        ("get_account_details", {"account_id": "'; DROP TABLE accounts;--"}, "must be an id"),
        ("open_deposit", {"deposit_type": "gold", "source_account_id": "A1", "amount": 5, "tenure_months": 3}, "must be one of"),
        ("open_deposit", {"deposit_type": "fixed", "source_account_id": "A1", "amount": -5, "tenure_months": 3}, "greater than zero"),
        ("open_deposit", {"deposit_type": "fixed", "source_account_id": "A1", "amount": 5, "tenure_months": 3.5}, "whole number"),
        ("request_statement", {"account_id": "A1", "from_date": "01/02/2026", "to_date": "2026-02-30"}, "YYYY-MM-DD"),
        ("update_card_controls", {"card_id": "C1", "channel": "atm", "region": "domestic", "enabled": "maybe"}, "true or false"),
        ("stop_cheque_payment", {"account_id": "A1", "cheque_number": "12ab", "reason": "lost"}, "6 digits"),
        ("raise_service_request", {"category": "other", "description": "x" * 5000}, "longer than"),
        ("get_transactions", {"account_id": "A1", "channels": "neft"}, "list of"),
    ],
)
def test_bind_refuses_bad_arguments_with_an_actionable_message(tool, args, message):
    with pytest.raises(ArgumentError, match=message.replace("(", r"\(").replace(")", r"\)")):
        bind(SPECS[tool], args)


def test_canonical_form_drops_free_text_and_normalises_values():
    spec = SPECS["raise_service_request"]
    a = canonical_arguments(spec, {"category": "complaint", "description": "one wording", "related_id": "cd1"})
    b = canonical_arguments(spec, {"category": "complaint", "description": "another", "related_id": "CD1"})
    assert a == b == {"category": "complaint", "related_id": "CD1"}
    channels = SPECS["get_transactions"]
    assert canonical_arguments(channels, {"account_id": "A1", "channels": ["neft", "imps", "neft"]})["channels"] == ["imps", "neft"]
    address = SPECS["update_address"]
    first = canonical_arguments(
        address,
        {
            "address_type": "communication",
            "line1": "Flat 4B, Sunrise Apts.",
            "line2": "12th Cross",
            "city": "bengaluru",
            "state": "Karnataka",
            "pincode": 560038,
        },
    )
    assert first["line1"] == "FLAT 4B SUNRISE APTS" and first["city"] == "BENGALURU" and first["pincode"] == "560038"


def test_null_for_an_optional_argument_means_its_default():
    assert bind(SPECS["get_gold_rate"], {"purity_karat": None}) == {"purity_karat": 22}
    assert bind(SPECS["get_transactions"], {"account_id": "A1", "limit": None})["limit"] == 20
