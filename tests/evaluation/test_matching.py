from tau_indian_bank.evaluation.actions import check_actions, gold_calls
from tau_indian_bank.evaluation.matching import Call, matches
from tau_indian_bank.vocabulary import LOGIN_CONTEXT_CALL_ID

OPEN = {"deposit_type": "fixed", "source_account_id": "501004412345", "amount": 100000, "tenure_months": 12}


def gold(name, compare_args=None, **arguments):
    return Call(name, arguments, compare_args=compare_args)


def test_numbers_compare_by_value_and_defaults_are_filled():
    g = gold("open_deposit", **OPEN)
    for amount in (100000, 100000.0, "1,00,000", "₹1,00,000.00"):
        assert matches(g, Call("open_deposit", {**OPEN, "amount": amount, "payout_type": "cumulative"}))
    assert not matches(g, Call("open_deposit", {**OPEN, "amount": 100001}))
    assert not matches(g, Call("open_deposit", {**OPEN, "payout_type": "monthly"}))


def test_ids_ignore_case_and_set_like_lists_ignore_order():
    g = gold("get_transactions", account_id="501004412345", channels=["neft", "imps"])
    assert matches(g, Call("get_transactions", {"account_id": " 501004412345 ", "channels": ["imps", "neft"]}))
    assert not matches(g, Call("get_transactions", {"account_id": "501004412345", "channels": ["neft"]}))


def test_compare_args_limit_what_is_compared_and_free_text_is_never_compared():
    g = gold("get_transactions", compare_args=("account_id",), account_id="A1")
    assert matches(g, Call("get_transactions", {"account_id": "a1", "direction": "credit", "limit": 50}))
    sr = gold("raise_service_request", category="complaint", description="Card swallowed at ATM")
    assert matches(sr, Call("raise_service_request", {"category": "complaint", "description": "ATM kept my card"}))
    assert not matches(sr, Call("raise_service_request", {"category": "other", "description": "ATM kept my card"}))


def test_invalid_arguments_match_nothing():
    g = gold("get_account_details", account_id="A1")
    assert not matches(g, Call("get_account_details", {"account_id": "A1", "extra": 1}))
    assert not matches(g, Call("get_card_details", {"card_id": "A1"}))


def test_action_check_requires_every_gold_call_and_pure_writes():
    chain = [gold("get_card_details", card_id="C1"), gold("freeze_card", card_id="C1")]
    ok = check_actions(chain, [Call("get_card_details", {"card_id": "C1"}), Call("freeze_card", {"card_id": "C1"})])
    assert ok.passed and ok.order_respected
    missing_read = check_actions(chain, [Call("freeze_card", {"card_id": "C1"})])
    assert not missing_read.all_gold_calls_made and missing_read.writes_pure
    assert [c.name for c in missing_read.missing] == ["get_card_details"]
    repeated = check_actions(
        chain,
        [
            Call("get_card_details", {"card_id": "C1"}),
            Call("freeze_card", {"card_id": "C1"}),
            Call("freeze_card", {"card_id": "C1"}, refused=True),
        ],
    )
    assert repeated.all_gold_calls_made and not repeated.writes_pure
    reversed_order = check_actions(chain, [Call("freeze_card", {"card_id": "C1"}), Call("get_card_details", {"card_id": "C1"})])
    assert reversed_order.passed and reversed_order.order_respected is False


def test_login_context_call_is_not_the_agents_and_gold_calls_parse_from_dumps():
    chain = gold_calls([{"action_id": "a1", "name": "get_customer_profile", "arguments": {}, "compare_args": None}])
    verdict = check_actions(chain, [Call("get_customer_profile", {}, call_id=LOGIN_CONTEXT_CALL_ID)])
    assert not verdict.all_gold_calls_made
