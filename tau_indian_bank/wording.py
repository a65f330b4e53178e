"""How a change is put to a customer in words, and what names its target.

The oracle uses :func:`describe_change` to propose each write before making it; gate S2
(``evaluation.gates.consent``) uses :func:`target_tokens` to check that a proposal named the
change's target, and reads the words for the action itself from the text layer's lexicon
(``text.lexicon``), where the service-request categories' names used here live too.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from tau_indian_bank.bank.money import format_rupees, parse_rupees
from tau_indian_bank.text.dates import MONTH_NAMES
from tau_indian_bank.text.lexicon import CATEGORIES


def id_labels(profile: Mapping[str, Any]) -> dict[str, str]:
    """How to speak of a login profile's ids: account or card id -> 'ending 1234'."""
    labels = {a["account_id"]: f"ending {a['last4']}" for a in profile.get("accounts", [])}
    labels.update({c["card_id"]: f"ending {c['last4']}" for c in profile.get("cards", [])})
    return labels


def spoken_date(value: str) -> str:
    """'2026-07-15' -> '15 July 2026'."""
    day = dt.date.fromisoformat(value)
    return f"{day.day} {MONTH_NAMES[day.month - 1]} {day.year}"


def spoken_month(value: str) -> str:
    """'2027-02' -> 'February 2027'."""
    month = dt.date.fromisoformat(f"{value}-01")
    return f"{MONTH_NAMES[month.month - 1]} {month.year}"


def _rupees(value: object) -> str:
    return format_rupees(parse_rupees(value))


def _ending(value: object, labels: Mapping[str, str]) -> str:
    text = str(value).upper()
    return labels.get(text, f"ending {text[-4:]}")


def describe_change(name: str, args: Mapping[str, object], labels: Mapping[str, str] | None = None) -> str:
    """A plain sentence fragment proposing a change, naming its action and target.

    Args:
        name: The write tool.
        args: The call's arguments.
        labels: How to speak of ids (e.g. a card id -> 'card ending 4821'); account and
            card ids default to 'ending <last four>'.
    """
    labels = labels or {}
    a = dict(args)
    if name == "open_deposit":
        kind = "fixed" if a["deposit_type"] == "fixed" else "recurring"
        what = "of" if kind == "fixed" else "with a monthly instalment of"
        return (
            f"open a {kind} deposit {what} {_rupees(a['amount'])} for {a['tenure_months']} months, funded from "
            f"your account {_ending(a['source_account_id'], labels)} (payout: {a.get('payout_type', 'cumulative')}; "
            f"at maturity: {str(a.get('maturity_instruction', 'credit_to_account')).replace('_', ' ')})"
        )
    if name == "close_deposit":
        return f"close deposit {a['deposit_id']} and credit the payout to your account {_ending(a['credit_account_id'], labels)}"
    if name == "set_deposit_maturity_instruction":
        return f"change the maturity instruction of deposit {a['deposit_id']} to '{str(a['maturity_instruction']).replace('_', ' ')}'"
    if name in ("freeze_card", "unfreeze_card"):
        return f"{name.split('_')[0]} your card {_ending(a['card_id'], labels)}"
    if name == "block_card":
        return f"permanently block your card {_ending(a['card_id'], labels)} (reason: {str(a['reason']).replace('_', ' ')})"
    if name == "update_card_controls":
        switch = "turn on" if a["enabled"] in (True, "true") else "turn off"
        limit = f" with a daily limit of {_rupees(a['daily_limit'])}" if a.get("daily_limit") is not None else ""
        return f"{switch} {a['region']} {a['channel']} use of your card {_ending(a['card_id'], labels)}{limit}"
    if name == "cancel_mandate":
        return f"cancel mandate {a['mandate_id']}{' ' + labels[str(a['mandate_id'])] if str(a['mandate_id']) in labels else ''}"
    if name == "stop_cheque_payment":
        return (
            f"stop payment of cheque number {a['cheque_number']} on your account {_ending(a['account_id'], labels)} "
            f"(reason: {str(a['reason']).replace('_', ' ')})"
        )
    if name == "request_cheque_book":
        return f"order a cheque book of {a.get('leaves', 25)} leaves for your account {_ending(a['account_id'], labels)}"
    if name == "request_statement":
        return (
            f"request a statement of your account {_ending(a['account_id'], labels)} from "
            f"{spoken_date(str(a['from_date']))} to {spoken_date(str(a['to_date']))} by {a.get('delivery', 'email')}"
        )
    if name == "update_address":
        return f"update your {a['address_type']} address to {a['line1']}, {a['line2']}, {a['city']}, {a['state']} {a['pincode']}"
    if name == "raise_service_request":
        about = f" about {labels.get(str(a['related_id']), a['related_id'])}" if a.get("related_id") else ""
        category = CATEGORIES.get(str(a["category"]))
        return f"raise a {category.name if category else 'service request'}{about}"
    if name == "transfer_to_human_agents":
        return "transfer you to a colleague (a human agent) with a summary of your request"
    raise KeyError(f"no wording for {name}")


def target_tokens(name: str, args: Mapping[str, object], labels: Mapping[str, str] | None = None) -> list[str]:
    """Strings any of which show that a message names this change's target."""
    labels = labels or {}
    tokens: list[str] = []
    for key, value in args.items():
        if value is None or key in ("description", "summary"):
            continue
        text = str(value).upper()
        if key.endswith("account_id") or key == "card_id":
            tokens.append(text[-4:])
            if text in labels:
                tokens.append(labels[text].rsplit(" ", 1)[-1])
        elif key in ("deposit_id", "mandate_id", "related_id", "cheque_number"):
            tokens.append(text)
            if text in labels:
                tokens.append(labels[text])
        elif key in ("amount", "daily_limit"):
            tokens.append(_rupees(value).split(".")[0])
        elif key == "line1":
            tokens.append(text)
    return tokens  # empty for a change with no record to name (a hand-over, a request about nothing)
