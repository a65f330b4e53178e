"""``validate``'s premise rule: what a robustness scenario claims about the records holds in the records.

One :class:`Premise` per family (:data:`PREMISES`; a family without one fails the rule): which
kinds of claim (:mod:`.premise_claims`) the family makes false on purpose — the point of the
task, such as last four digits the customer misreads — and whether the claims are about
another person's records (a relative's account). Every other claim must hold in the seeded
records, and at least one claim of each kind the family declares false must be false (else the
task lost its point). Some families add a rule of their own (:data:`EXTRA`): the IFSC a customer
asks for is one they need; the earlier conversation agrees with the policy; the knowledge base
lets the bank cancel the mandate the assistant cancels.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tau_indian_bank.tasks.lookups import values
from tau_indian_bank.tasks.robust.premise_claims import claims

Rule = Callable[[sqlite3.Connection, Mapping[str, Any]], list[str]]


@dataclass(frozen=True)
class Premise:
    """A family's premise: the claim kinds it makes false on purpose, and whose records the story is about."""

    point: frozenset[str] = frozenset()
    others: bool = False


#: The families whose every claim is true and about the customer's own records.
TRUE_CLAIMS = (
    "decline_fd_close",
    "decline_rd_close",
    "decline_loan_foreclosure",
    "change_of_mind_fd_amount",
    "change_of_mind_fd_tenure",
    "change_of_mind_close_target",
    "not_enough_info_cheque_stop",
    "not_enough_info_fd_open",
    "not_enough_info_rd_open",
    "context_switch_freeze_then_book",
    "context_switch_close_then_book",
    "confusing_intent_stop_card_freeze",
    "confusing_intent_stop_card_block",
    "confusing_intent_break_deposit",
    "long_context_payout_account",
    "long_context_superseded_amount",
    "code_mixed_fd_close",
    "code_mixed_card_freeze",
    "code_mixed_cheque_stop",
    "code_mixed_cheque_book",
    "tool_fault_card_unsure_freeze",
    "tool_fault_cheque_stop",
    "tool_fault_fd_close_by_number",
    "tool_fault_cheque_book",
    "tool_fault_balance",
    "injected_instructions_dispute_txn",
    "injected_instructions_unauthorised_card_txn",
    "injected_instructions_failed_txn_compensation",
    "injected_instructions_rules_mandate_after_rules",
    "irrelevant_results_rules_figure",
    "unseen_tool_branch_ifsc",
    "out_of_scope_reopen_deposit",
    "out_of_scope_reverse_cheque",
    "out_of_scope_no_tool",
    "fabrication_rule",
    "advice",
    "social_engineering",
    "credentials_offered",
    "credentials_pressed",
    "harmful_or_inappropriate",
    # second round
    "decline_mandate_cancel",
    "change_of_mind_card_channel",
    "not_enough_info_mandate_payee",
    "context_switch_stop_then_freeze",
    "confusing_intent_stop_autodebit",
    "long_context_cheque_number",
    "code_mixed_mandate_cancel",
    "contradiction_foreclosure_charge",
    "tool_fault_mandate_cancel",
    "injected_instructions_mandate_payee",
    "irrelevant_results_customer_class",
    "irrelevant_results_other_scope",
    "unseen_tool_emi_split",
    "unseen_tool_loan_prepayment",
    "unseen_tool_upi_usage",
    "out_of_scope_unblock_card",
    "social_engineering_police_order",
    "social_engineering_branch_manager",
    "credentials_password",
    "advice_loan_prepay",
    "advice_tax_saving",
    "harmful_or_inappropriate_forged_records",
    "harmful_or_inappropriate_bribe_or_dodge",
    "fabrication_deposit_rate",
)
#: Every robustness family's premise: a rule per family, none left to a default.
PREMISES: dict[str, Premise] = {name: Premise() for name in TRUE_CLAIMS} | {
    "wrong_info_card_ending": Premise(frozenset({"last4"})),
    "wrong_info_deposit_month": Premise(frozenset({"deposit_month"})),
    "contradiction_cheque_cleared": Premise(frozenset({"cheque_unpaid"})),
    "contradiction_senior_rate": Premise(frozenset({"senior"})),
    "contradiction_deposit_closed": Premise(frozenset({"deposit_running"})),
    "fabrication_balance": Premise(frozenset({"balance"})),
    "out_of_scope_other_account": Premise(others=True),
    "third_party": Premise(others=True),
    "wrong_info_deposit_amount": Premise(frozenset({"deposit_amount"})),
    "wrong_info_cheque_number": Premise(frozenset({"cheque_number"})),
    "wrong_info_mandate_payee": Premise(frozenset({"mandate_payee"})),
    "wrong_info_dispute_amount": Premise(frozenset({"payment_amount"})),
    "contradiction_failed_payment_reversed": Premise(frozenset({"not_reversed"})),
    "contradiction_balance_short": Premise(frozenset({"balance"})),
    "contradiction_mandate_cancelled": Premise(frozenset({"mandate_active"})),
    "third_party_business_partner": Premise(others=True),
    "third_party_police": Premise(others=True),
}


def family_of(task_id: str) -> str:
    """'rob_wrong_info_card_ending_0003' -> 'wrong_info_card_ending'."""
    return re.sub(r"_\d{4}$", "", task_id.removeprefix("rob_"))


def _gold(task: Mapping[str, Any], name: str) -> list[dict[str, Any]]:
    return [a["arguments"] for a in task["evaluation_criteria"]["actions"] if a["name"] == name]


# --- family rules of their own --------------------------------------------------------------

_OWN_CREDIT = re.compile(r"\b(send you|pay you|to you|your salary|credited|into your|claim payout|refund)\b", re.I)
_TO_SOMEONE = re.compile(r"\b(payee|beneficiary)\b", re.I)


def ifsc_needed(conn: sqlite3.Connection, task: Mapping[str, Any]) -> list[str]:
    """Another city's branch IFSC is asked for a payment to someone who banks there, never for money into one's own account."""
    problems = []
    customer = task["initial_state"]["initialization_actions"][0]["arguments"]["customer_id"]
    reason = task["user_scenario"]["instructions"]["reason_for_call"]
    for call in _gold(task, "find_branches"):
        city = call["city"]
        if len(values(conn, "SELECT ifsc FROM branches WHERE lower(city) = lower(?) ORDER BY ifsc", (city,))) != 1:
            problems.append(f"the bank does not have exactly one branch in {city}")
        held = values(
            conn,
            "SELECT b.city FROM accounts a JOIN account_holders h ON h.account_id = a.account_id JOIN branches b "
            "ON b.ifsc = a.ifsc WHERE h.customer_id = ? ORDER BY 1",
            (customer,),
        )
        if city in held:
            problems.append(f"the customer holds an account at the {city} branch")
    if _OWN_CREDIT.search(reason) or not _TO_SOMEONE.search(reason):
        problems.append("another branch's IFSC is asked for money into the customer's own account (that needs their own branch's IFSC)")
    return problems


#: Topics of the earlier conversation the policy rules on: (topic, what an answer must say, what it must not, clause).
_POLICY_TOPICS = (
    (
        re.compile(r"\bnominee\b", re.I),
        (re.compile(r"\bsign\w*\b", re.I), re.compile(r"\bform\b", re.I), re.compile(r"\brequest\b", re.I)),
        re.compile(r"\b(mobile app|in the app|online|net banking)\b", re.I),
        "§3.7",
    ),
    (
        re.compile(r"\bpermanent address\b", re.I),
        (re.compile(r"\bkyc\b", re.I),),
        re.compile(r"\b(mobile app|in the app|in chat)\b", re.I),
        "§3.5",
    ),
)


def history_agrees_with_policy(conn: sqlite3.Connection, task: Mapping[str, Any]) -> list[str]:
    """No assistant message of the earlier conversation says what the policy contradicts (a nominee added in the app)."""
    problems = []
    for message in task["initial_state"].get("message_history") or []:
        text = str(message.get("content") or "") if message.get("role") == "assistant" else ""
        for topic, must, must_not, clause in _POLICY_TOPICS:
            if topic.search(text) and (not all(m.search(text) for m in must) or must_not.search(text)):
                problems.append(f"the earlier chat's answer {text[:60]!r}… contradicts {clause}")
    return problems


_MANDATE_WORDS = {"upi_autopay": "UPI AutoPay", "nach": "NACH"}
_BANK_CANCELS = re.compile(r"\b(ask|request)\w*\b[^.]*\b(the bank|chat|branch)\b|\bthrough [^.]*\b(chat|phone banking|a branch)\b", re.I)


def kb_lets_bank_cancel(section_body: str, kind: str) -> bool:
    """Does the knowledge base's cancellation section let the bank cancel a mandate of this kind on request?"""
    line = next((row for row in section_body.splitlines() if _MANDATE_WORDS[kind] in row.split(":")[0]), "")
    return bool(_BANK_CANCELS.search(line))


def bank_may_cancel(conn: sqlite3.Connection, task: Mapping[str, Any]) -> list[str]:
    """The knowledge base lets the bank cancel, on the customer's request, each kind of mandate the gold chain cancels."""
    from tau_indian_bank.bank.knowledge import load_sections

    section = next(s for s in load_sections() if s.doc_id == "ecs_nach_upi_autopay_mandates" and "Cancelling" in s.heading)
    problems = []
    for call in _gold(task, "cancel_mandate"):
        kind = values(conn, "SELECT mandate_type FROM mandates WHERE mandate_id = ? ORDER BY 1", (call["mandate_id"],))[0]
        if not kb_lets_bank_cancel(section.body, kind):
            problems.append(
                f"the knowledge base says a {_MANDATE_WORDS[kind]} mandate is cancelled by the customer alone, yet the assistant cancels it"
            )
    return problems


def _with_tool(tool: str, rule: Rule) -> Rule:
    """``rule``, for the tasks whose gold chain calls ``tool``."""

    def applies(conn: sqlite3.Connection, task: Mapping[str, Any]) -> list[str]:
        return rule(conn, task) if _gold(task, tool) else []

    return applies


#: Rules every task runs (each applies where its tool is in the gold chain or its topic in the history).
EVERY_TASK: tuple[Rule, ...] = (
    _with_tool("find_branches", ifsc_needed),
    history_agrees_with_policy,
    _with_tool("cancel_mandate", bank_may_cancel),
)


def premise_problems(conn: sqlite3.Connection, task: Mapping[str, Any], families: set[str]) -> list[str]:
    """What the task's scenario claims that the records do not bear out (or a false claim that is not the point)."""
    family = family_of(str(task["id"]))
    if family not in families:
        return [f"no robustness family {family!r}"]
    if family not in PREMISES:
        return [f"no premise rule for family {family!r} (premises.PREMISES)"]
    premise = PREMISES[family]
    problems = []
    found = claims(conn, task, premise.others)
    for claim in found:
        if not claim.holds and claim.kind not in premise.point:
            problems.append(f"the records do not bear out the {claim.kind.replace('_', ' ')} claim {claim.words!r}")
    for kind in sorted(premise.point):
        if not any(c.kind == kind and not c.holds for c in found):
            problems.append(f"the task's point, a false {kind.replace('_', ' ')} claim, is not in the scenario")
    for rule in EVERY_TASK:
        problems.extend(rule(conn, task))
    return problems


def describe(task: Mapping[str, Any]) -> str:
    """The claims of a task, for a person checking a rule (``json`` lines)."""
    from tau_indian_bank.bank.store import template

    premise = PREMISES.get(family_of(str(task["id"])), Premise())
    return "\n".join(json.dumps(c._asdict(), ensure_ascii=False) for c in claims(template().full, task, premise.others))
