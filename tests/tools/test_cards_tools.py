"""Card tools: details, freeze, unfreeze, block, per-channel controls."""

import pytest

from tau_indian_bank.tools.arguments import ToolError
from tau_indian_bank.tools.base import NotFoundError, RefusedError
from tau_indian_bank.tools.cards import CardTools
from tau_indian_bank.tools.catalogue import area_tools

NOT_OWNED = "is not among this customer's records"


def _card(bank, where):
    return bank.row(f"SELECT * FROM cards WHERE {where} ORDER BY card_id LIMIT 1")


@pytest.fixture(scope="module")
def debit(bank):
    return _card(bank, "card_type = 'debit' AND status = 'active'")


@pytest.fixture(scope="module")
def credit(bank):
    return _card(bank, "card_type = 'credit' AND status = 'active'")


@pytest.fixture(scope="module")
def frozen(bank):
    return _card(bank, "status = 'frozen'")


@pytest.fixture(scope="module")
def blocked(bank):
    return _card(bank, "status = 'blocked'")


def _control(bank, card_id, channel, region):
    return bank.row("SELECT * FROM card_controls WHERE card_id = ? AND channel = ? AND region = ?", (card_id, channel, region))


# --- get_card_details ------------------------------------------------------------------------


def test_debit_card_details_with_all_eight_controls(bank, debit):
    out = bank.call(bank.tools(debit["customer_id"]), "get_card_details", {"card_id": debit["card_id"]})
    controls = bank.rows("SELECT * FROM card_controls WHERE card_id = ? ORDER BY region, channel", (debit["card_id"],))
    assert out == {
        "card_id": debit["card_id"],
        "card_type": "debit",
        "network": debit["network"],
        "last4": debit["last4"],
        "status": "active",
        "expiry": debit["expiry"],
        "linked_account_last4": debit["account_id"][-4:],
        "status_changed_on": debit["status_changed_on"],
        "blocked_reason": None,
        "controls": [
            {"channel": c["channel"], "region": c["region"], "enabled": bool(c["enabled"]), "daily_limit": c["daily_limit_paise"] / 100}
            for c in controls
        ],
    }
    assert [(c["region"], c["channel"]) for c in out["controls"]] == [
        (region, channel) for region in ("domestic", "international") for channel in ("atm", "contactless", "online", "pos")
    ]
    assert all(isinstance(c["enabled"], bool) for c in out["controls"])
    assert "credit_limit" not in out


def test_credit_card_details_include_limit_and_outstanding(bank, credit):
    out = bank.call(bank.tools(credit["customer_id"]), "get_card_details", {"card_id": credit["card_id"]})
    assert out["card_type"] == "credit" and out["linked_account_last4"] is None
    assert out["credit_limit"] == credit["credit_limit_paise"] / 100
    assert out["outstanding"] == credit["outstanding_paise"] / 100


def test_blocked_card_details_show_when_and_why(bank, blocked):
    out = bank.call(bank.tools(blocked["customer_id"]), "get_card_details", {"card_id": blocked["card_id"]})
    assert (out["status"], out["blocked_reason"], out["status_changed_on"]) == (
        "blocked",
        blocked["blocked_reason"],
        blocked["status_changed_on"],
    )


def test_card_details_refuse_another_customers_card(bank, debit):
    other = bank.other_record("cards", "card_id", debit["customer_id"])
    bank.refuse(bank.tools(debit["customer_id"]), "get_card_details", {"card_id": other}, NotFoundError, NOT_OWNED)


# --- freeze / unfreeze / block ---------------------------------------------------------------


def _status_change(bank, card, tool, args, status, reason=None):
    """Run a status change and check that exactly the card's row changed, as expected."""
    tools = bank.tools(card["customer_id"])
    before = bank.snapshot(tools)
    out = bank.call(tools, tool, {"card_id": card["card_id"], **args})
    assert out == {"card_id": card["card_id"], "last4": card["last4"], "previous_status": card["status"], "status": status}
    changed = {**card, "status": status, "status_changed_on": "2026-07-15"}
    if reason is not None:
        changed["blocked_reason"] = reason
    assert bank.diff(before, bank.snapshot(tools)) == {"cards": ({bank.as_row("cards", card)}, {bank.as_row("cards", changed)})}
    return tools


def test_freeze_an_active_card(bank, debit):
    tools = _status_change(bank, debit, "freeze_card", {}, "frozen")
    assert bank.call(tools, "get_card_details", {"card_id": debit["card_id"]})["status"] == "frozen"


def test_freeze_then_unfreeze_restores_the_card_but_not_its_history(bank, debit):
    tools = bank.tools(debit["customer_id"])
    start = tools.get_db_hash()
    bank.call(tools, "freeze_card", {"card_id": debit["card_id"]})
    out = bank.call(tools, "unfreeze_card", {"card_id": debit["card_id"]})
    assert (out["previous_status"], out["status"]) == ("frozen", "active")
    row = tools.db.conn.execute("SELECT status, status_changed_on FROM cards WHERE card_id = ?", (debit["card_id"],)).fetchone()
    assert tuple(row) == ("active", "2026-07-15")
    assert tools.get_db_hash() != start  # the status date moved


def test_freeze_refuses_a_frozen_card(bank, frozen):
    bank.refuse(
        bank.tools(frozen["customer_id"]),
        "freeze_card",
        {"card_id": frozen["card_id"]},
        RefusedError,
        f"card ending {frozen['last4']} is already frozen",
    )


@pytest.mark.parametrize(("tool", "action"), [("freeze_card", "frozen"), ("unfreeze_card", "unfrozen")])
def test_a_blocked_card_cannot_be_frozen_or_unfrozen(bank, blocked, tool, action):
    message = bank.refuse(
        bank.tools(blocked["customer_id"]),
        tool,
        {"card_id": blocked["card_id"]},
        RefusedError,
        f"card ending {blocked['last4']} was blocked permanently on {blocked['status_changed_on']} "
        f"({blocked['blocked_reason']}); it cannot be {action}",
    )
    assert "replacement card" in message


def test_unfreeze_a_frozen_card(bank, frozen):
    _status_change(bank, frozen, "unfreeze_card", {}, "active")


def test_unfreeze_refuses_a_card_that_is_not_frozen(bank, debit):
    bank.refuse(
        bank.tools(debit["customer_id"]),
        "unfreeze_card",
        {"card_id": debit["card_id"]},
        RefusedError,
        f"card ending {debit['last4']} is not frozen (status: active)",
    )


def test_block_an_active_card_records_the_reason(bank, debit):
    tools = _status_change(bank, debit, "block_card", {"reason": "stolen"}, "blocked", reason="stolen")
    bank.refuse(tools, "freeze_card", {"card_id": debit["card_id"]}, RefusedError, "was blocked permanently on 2026-07-15 (stolen)")


def test_block_a_frozen_card(bank, frozen):
    _status_change(bank, frozen, "block_card", {"reason": "fraud_suspected"}, "blocked", reason="fraud_suspected")


def test_block_refuses_a_blocked_card(bank, blocked):
    bank.refuse(
        bank.tools(blocked["customer_id"]),
        "block_card",
        {"card_id": blocked["card_id"], "reason": "lost"},
        RefusedError,
        f"card ending {blocked['last4']} is already blocked",
    )


@pytest.mark.parametrize(("tool", "extra"), [("freeze_card", {}), ("unfreeze_card", {}), ("block_card", {"reason": "lost"})])
def test_status_changes_refuse_another_customers_card(bank, debit, tool, extra):
    other = bank.other_record("cards", "card_id", debit["customer_id"], "status = 'frozen'")
    bank.refuse(bank.tools(debit["customer_id"]), tool, {"card_id": other, **extra}, NotFoundError, NOT_OWNED)


# --- update_card_controls --------------------------------------------------------------------


def _change_control(bank, card, channel, region, enabled, daily_limit=None):
    tools = bank.tools(card["customer_id"])
    old = _control(bank, card["card_id"], channel, region)
    before = bank.snapshot(tools)
    args = {"card_id": card["card_id"], "channel": channel, "region": region, "enabled": enabled}
    if daily_limit is not None:
        args["daily_limit"] = daily_limit
    out = bank.call(tools, "update_card_controls", args)
    return tools, old, out, bank.diff(before, bank.snapshot(tools))


def test_turn_on_an_international_channel_with_a_limit(bank, debit):
    old = _control(bank, debit["card_id"], "online", "international")
    assert not old["enabled"]
    tools, old, out, changes = _change_control(bank, debit, "online", "international", True, "50,000")
    assert out == {
        "card_id": debit["card_id"],
        "last4": debit["last4"],
        "channel": "online",
        "region": "international",
        "enabled": True,
        "daily_limit": 50000.0,
    }
    assert changes == {
        "card_controls": (
            {bank.as_row("card_controls", old)},
            {bank.as_row("card_controls", {**old, "enabled": 1, "daily_limit_paise": 5_000_000})},
        )
    }
    # Only the named region changed: the domestic online control is as it was.
    domestic = tools.db.conn.execute(
        "SELECT enabled, daily_limit_paise FROM card_controls WHERE card_id = ? AND channel = 'online' AND region = 'domestic'",
        (debit["card_id"],),
    ).fetchone()
    template_domestic = _control(bank, debit["card_id"], "online", "domestic")
    assert tuple(domestic) == (template_domestic["enabled"], template_domestic["daily_limit_paise"])


def test_turn_a_channel_off_keeps_its_limit(bank, debit):
    old = _control(bank, debit["card_id"], "atm", "domestic")
    assert old["enabled"]
    _, old, out, changes = _change_control(bank, debit, "atm", "domestic", False)
    assert (out["enabled"], out["daily_limit"]) == (False, old["daily_limit_paise"] / 100)
    assert changes == {"card_controls": ({bank.as_row("card_controls", old)}, {bank.as_row("card_controls", {**old, "enabled": 0})})}


def test_change_only_the_limit_of_an_enabled_channel(bank, debit):
    old = _control(bank, debit["card_id"], "pos", "domestic")
    new_limit = 15000 if old["daily_limit_paise"] != 1_500_000 else 16000
    _, old, out, changes = _change_control(bank, debit, "pos", "domestic", True, new_limit)
    assert out["daily_limit"] == float(new_limit)
    assert changes == {
        "card_controls": (
            {bank.as_row("card_controls", old)},
            {bank.as_row("card_controls", {**old, "daily_limit_paise": new_limit * 100})},
        )
    }


@pytest.mark.parametrize(("channel", "maximum"), [("atm", 100000), ("pos", 200000), ("online", 200000), ("contactless", 5000)])
def test_the_channel_maximum_itself_is_allowed(bank, debit, channel, maximum):
    _, _, out, changes = _change_control(bank, debit, channel, "international", True, maximum)
    assert out["daily_limit"] == float(maximum)
    ((_, added),) = changes.values()
    assert {row[4] for row in added} == {maximum * 100}


@pytest.mark.parametrize(
    ("channel", "limit", "shown"),
    [
        ("atm", 100000.01, "₹1,00,000.00"),
        ("pos", 250000, "₹2,00,000.00"),
        ("online", "2,00,001", "₹2,00,000.00"),
        ("contactless", 5001, "₹5,000.00"),
    ],
)
def test_a_limit_above_the_channel_maximum_is_refused(bank, debit, channel, limit, shown):
    bank.refuse(
        bank.tools(debit["customer_id"]),
        "update_card_controls",
        {"card_id": debit["card_id"], "channel": channel, "region": "domestic", "enabled": True, "daily_limit": limit},
        RefusedError,
        f"the highest daily {channel} limit is {shown}",
    )


def test_a_control_already_so_is_refused(bank, debit):
    current = _control(bank, debit["card_id"], "contactless", "domestic")
    state = "on" if current["enabled"] else "off"
    bank.refuse(
        bank.tools(debit["customer_id"]),
        "update_card_controls",
        {
            "card_id": debit["card_id"],
            "channel": "contactless",
            "region": "domestic",
            "enabled": bool(current["enabled"]),
            "daily_limit": current["daily_limit_paise"] / 100,
        },
        RefusedError,
        f"contactless (domestic) is already {state} with a daily limit of",
    )
    # Leaving the limit out keeps the current one, which is also "already so".
    bank.refuse(
        bank.tools(debit["customer_id"]),
        "update_card_controls",
        {"card_id": debit["card_id"], "channel": "contactless", "region": "domestic", "enabled": "true" if current["enabled"] else "false"},
        RefusedError,
        "nothing to change",
    )


def test_controls_of_a_frozen_card_can_still_be_changed(bank, frozen):
    control = bank.row(
        "SELECT * FROM card_controls WHERE card_id = ? AND enabled = 0 ORDER BY region, channel LIMIT 1", (frozen["card_id"],)
    )
    tools = bank.tools(frozen["customer_id"])
    out = bank.call(
        tools,
        "update_card_controls",
        {"card_id": frozen["card_id"], "channel": control["channel"], "region": control["region"], "enabled": True, "daily_limit": 1000},
    )
    assert (out["enabled"], out["daily_limit"]) == (True, 1000.0)
    assert tools.db.conn.execute("SELECT status FROM cards WHERE card_id = ?", (frozen["card_id"],)).fetchone()[0] == "frozen"


def test_controls_of_a_blocked_card_cannot_be_changed(bank, blocked):
    bank.refuse(
        bank.tools(blocked["customer_id"]),
        "update_card_controls",
        {"card_id": blocked["card_id"], "channel": "atm", "region": "domestic", "enabled": False},
        RefusedError,
        "it cannot be changed",
    )


def test_controls_refuse_another_customers_card(bank, debit):
    other = bank.other_record("cards", "card_id", debit["customer_id"], "status = 'active'")
    bank.refuse(
        bank.tools(debit["customer_id"]),
        "update_card_controls",
        {"card_id": other, "channel": "atm", "region": "international", "enabled": True},
        NotFoundError,
        NOT_OWNED,
    )


def test_a_call_that_fails_after_writing_is_rolled_back(bank, debit, monkeypatch):
    """The toolkit runs each call in a savepoint: a tool that writes and then fails leaves no trace."""
    tools = bank.tools(debit["customer_id"])
    original = tools.freeze_card

    def freeze_then_refuse(**kwargs):
        original(**kwargs)
        raise RefusedError("refused after writing")

    monkeypatch.setattr(tools, "freeze_card", freeze_then_refuse)
    bank.refuse(tools, "freeze_card", {"card_id": debit["card_id"]}, RefusedError, "refused after writing")
    assert tools.db.conn.execute("SELECT status FROM cards WHERE card_id = ?", (debit["card_id"],)).fetchone()[0] == "active"
    monkeypatch.undo()
    assert bank.call(tools, "freeze_card", {"card_id": debit["card_id"]})["status"] == "frozen"


# --- cross-cutting ---------------------------------------------------------------------------

WRITES = {"freeze_card", "unfreeze_card", "block_card", "update_card_controls"}


def test_the_area_lists_cover_every_cards_tool():
    names = set(area_tools(CardTools))
    assert WRITES | {"get_card_details"} == names and len(names) == 5


def test_reads_never_change_the_hash(bank, debit):
    tools = bank.tools(debit["customer_id"])
    hash_before, rows_before = tools.get_db_hash(), bank.snapshot(tools)
    owned = [c for (c,) in tools.db.conn.execute("SELECT card_id FROM cards ORDER BY card_id")]
    for card_id in owned:
        bank.call(tools, "get_card_details", {"card_id": card_id})
    assert tools.get_db_hash() == hash_before
    assert bank.snapshot(tools) == rows_before


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("get_card_details", {}),
        ("freeze_card", {}),
        ("unfreeze_card", {}),
        ("block_card", {"reason": "lost"}),
        ("update_card_controls", {"channel": "atm", "region": "domestic", "enabled": False}),
    ],
)
def test_every_cards_tool_needs_a_logged_in_customer(bank, debit, name, args):
    bank.refuse(bank.tools(), name, {"card_id": debit["card_id"], **args}, ToolError, "no customer is logged in")


def test_the_same_calls_in_two_sessions_give_the_same_outputs_and_hash(bank, debit):
    calls = [
        (
            "update_card_controls",
            {"card_id": debit["card_id"], "channel": "pos", "region": "international", "enabled": True, "daily_limit": 25000},
        ),
        ("freeze_card", {"card_id": debit["card_id"]}),
        ("unfreeze_card", {"card_id": debit["card_id"]}),
        ("block_card", {"card_id": debit["card_id"], "reason": "damaged"}),
        ("get_card_details", {"card_id": debit["card_id"]}),
    ]
    runs = []
    for _ in range(2):
        tools = bank.tools(debit["customer_id"])
        start = tools.get_db_hash()
        outputs = [tools.call(name, args) for name, args in calls]
        runs.append((start, outputs, tools.get_db_hash()))
    assert runs[0] == runs[1]
    assert runs[0][0] != runs[0][2]
