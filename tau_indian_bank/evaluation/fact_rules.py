"""Reading the facts off a gold replay, tool by tool.

The rules, in words (each is one function below):

* A **look-up answers the customer** when no later change in the gold chain acts on the
  record it read (``ctrl_balance``: the balance; an insufficient balance before a refused
  deposit: the balance). A look-up followed by a change on the same record is a check
  before acting, and the change's own facts are what the customer is told.
* A record in a state that stops the request (a dormant account, a blocked or frozen
  card, a cleared cheque, a closed deposit, an overdue KYC) is a fact even when a
  change follows: it is why the request took another path.
* **A figure is a fact only when the request needs it** (:func:`~tau_indian_bank.evaluation.request_needs.needs`, the one rule): an
  amount, date or rate of a tool's output is told when the scenario's request (its reason,
  opening line and known info) asks for it — holds one of the words the lexicon gives for that
  tool's field (``text.lexicon.figures``, :func:`~tau_indian_bank.evaluation.request_needs.asks_for`): "what is my balance" asks for the
  balance, "close my deposit" for the closure quote's payout and rate, "open a deposit" for the
  maturity calculation — or when the policy says to tell it (§4.6 when a closed deposit was
  closed and what was paid, §7.2 when a cheque cleared). A decline's EMI and next EMI date, a
  request's due date or the maturity date of a deposit whose instruction changes are not asked
  and not facts. Projections (calculators) may be rounded: to the rupee, or in
  lakh where the calculator's figure is a projection of a deposit or loan.
* **The rate card**: the card that applies to the customer (senior citizens' when the login
  profile's segment is ``senior_citizen``, else the general public's); the rate of each tenure
  the request names ("a one-year FD", "12 months versus 36 months"), or, when it names none,
  one fact met by any correct rate of that card.
* Every change's outcome is a fact (closed, blocked, turned on, cancelled, stopped,
  updated), with the account or card it concerns; every reference a change creates
  (a deposit number, a service-request number, a statement or cheque-book reference)
  is a fact resolved from the session's own tool output.

Lists (deposits, mandates, transactions, offers), the customer's profile, rules searches
and hand-overs yield no facts of their own.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tau_indian_bank.bank.money import format_rupees, parse_rupees
from tau_indian_bank.evaluation.fact_kinds import FIGURE_KINDS, amount, date, last4, outcome, percent, reference
from tau_indian_bank.evaluation.facts import Fact
from tau_indian_bank.evaluation.request_needs import needs, request_text
from tau_indian_bank.text import percent_of, periods
from tau_indian_bank.text.lexicon import CATEGORIES
from tau_indian_bank.tools.catalogue import STATE_CHANGING_TOOLS

_STATUS_WRITES = frozenset({"freeze_card", "unfreeze_card", "block_card"})


@dataclass(frozen=True)
class Chain:
    """A task's gold chain with its replayed outputs."""

    family: str
    calls: tuple[tuple[str, Mapping[str, Any]], ...]
    outputs: tuple[Any, ...]
    profile: Mapping[str, Any]
    reason: str
    #: The customer's request: reason for the call, opening line and known info (what the figures must be asked in).
    request: str = ""
    #: The task's initialization actions (what a robustness task staged, e.g. near-miss sections).
    setup: tuple[Mapping[str, Any], ...] = ()

    def touched_later(self, index: int, *ids: object) -> bool:
        """Does a change after step ``index`` act on one of these records?"""
        wanted = {str(i).upper() for i in ids if i}
        return any(
            name in STATE_CHANGING_TOOLS and wanted & {str(v).upper() for v in args.values()} for name, args in self.calls[index + 1 :]
        )

    def later_writes_on(self, index: int, record: object) -> set[str]:
        return {
            name
            for name, args in self.calls[index + 1 :]
            if name in STATE_CHANGING_TOOLS and str(record).upper() in {str(v).upper() for v in args.values()}
        }

    def asked(self, tool: str, field: str) -> bool:
        """Does the request need this figure (see :func:`needs`)?"""
        return needs(self.request, tool, field)


Rule = Callable[[Chain, int, Mapping[str, Any], Mapping[str, Any]], list[Fact]]


def _account(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    name = f"your account ending {out['account_id'][-4:]}"
    facts = []
    if out["status"] != "active":
        facts.append(outcome(f"account_{out['status']}", f"{name} {out['status']}", f"{name.capitalize()} is {out['status']}.", "status"))
    if not c.touched_later(i, out["account_id"]):
        facts.append(amount(f"balance of {name}", out["balance"], "balance"))
    return facts


def _deposit(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    if c.touched_later(i, out["deposit_id"]):
        return []
    if out["status"] == "closed":
        facts = [
            outcome("deposit_closed", "deposit already closed", f"Your deposit {out['deposit_id']} is closed.", "status"),
            date("date the deposit was closed", out["closed_on"], "closed_on"),
        ]
        if out.get("closure_amount") is not None:
            facts.append(amount("amount paid on closure", out["closure_amount"], "closure_amount"))
        return facts
    return [
        date("maturity date", out["maturity_date"], "maturity_date"),
        amount("maturity amount", out["maturity_amount"], "maturity_amount"),
    ]


def _closure_quote(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    return [amount("closure payout", out["payout"], "payout"), percent("rate applied on closure", out["rate_applied"], "rate_applied")]


def _close(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    return [
        outcome("deposit_closed", "deposit closed", f"Your deposit {out['deposit_id']} is closed.", "status"),
        amount("closure payout", out["payout"], "payout"),
        last4("account credited", out["credited_to_last4"], "credited_to_last4"),
    ]


def _maturity(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    months = out["tenure_months"]
    facts = [
        date(f"maturity date for {months} months", out["maturity_date"], "maturity_date"),
        percent(f"interest rate for {months} months", out["rate"], "rate"),
    ]
    if out["deposit_type"] == "recurring" or out["payout_type"] == "cumulative":
        facts.insert(0, amount(f"maturity amount for {months} months", out["maturity_amount"], "maturity_amount", "lakh"))
    else:
        facts.insert(0, amount(f"{out['payout_type']} interest payout", out["periodic_interest"], "periodic_interest", "rupee"))
    return facts


def _open(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    facts = [
        reference("new deposit number", out["deposit_id"], "deposit_id"),
        date("maturity date", out["maturity_date"], "maturity_date"),
        percent("interest rate", out["rate"], "rate"),
    ]
    if out["deposit_type"] == "recurring" or args.get("payout_type", "cumulative") == "cumulative":
        facts.insert(1, amount("maturity amount", out["maturity_amount"], "maturity_amount"))
    return facts


_INSTRUCTIONS = {
    "renew_principal": "renew the principal and pay out the interest",
    "renew_principal_and_interest": "renew the principal and interest together",
    "credit_to_account": "credit the maturity amount to your account",
}


def _instruction(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    value = out["maturity_instruction"]
    return [
        outcome(
            f"instruction_{value}",
            "maturity instruction set",
            f"The maturity instruction for deposit {out['deposit_id']} is now: {_INSTRUCTIONS[value]}.",
            "maturity_instruction",
        ),
        date("maturity date", out["maturity_date"], "maturity_date"),
    ]


def _card_sentence(out: Mapping[str, Any]) -> str:
    return f"Your card ending {out['last4']} is {out['status']}."


def _card(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    status_fact = outcome(f"card_{out['status']}", f"card ending {out['last4']} {out['status']}", _card_sentence(out), "status")
    if c.touched_later(i, out["card_id"]):
        later = c.later_writes_on(i, out["card_id"])
        return [status_fact] if out["status"] != "active" and not later & _STATUS_WRITES else []
    return [status_fact, date(f"expiry of card ending {out['last4']}", out["expiry"], "expiry")]


def _card_status_change(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    return [
        outcome(f"card_{out['status']}", f"card ending {out['last4']} {out['status']}", _card_sentence(out), "status"),
        last4("card concerned", out["last4"], "last4"),
    ]


def _controls(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    state = "on" if out["enabled"] else "off"
    use = f"{out['region'].capitalize()} {out['channel']} use of your card ending {out['last4']}"
    facts = [last4("card concerned", out["last4"], "last4")]
    if args.get("daily_limit") is not None and out["enabled"]:  # a new limit: the limit is the outcome
        return [*facts, amount(f"daily {out['channel']} limit", out["daily_limit"], "daily_limit")]
    return [
        outcome(f"channel_{state}", f"{out['region']} {out['channel']} use turned {state}", f"{use} is now turned {state}.", "enabled"),
        *facts,
    ]


def _mandate(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    return [
        outcome("mandate_cancelled", f"{out['payee']} mandate cancelled", f"The {out['payee']} mandate is cancelled.", "status"),
        last4("account of the mandate", out["account_last4"], "account_last4"),
    ]


def _cheque(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    if c.touched_later(i, out["cheque_number"]):
        return []
    status, number = out["status"], out["cheque_number"]
    words = {
        "cleared": "was already cleared",
        "returned": "was returned unpaid",
        "stopped": "is already stopped",
        "not_presented": "is not yet presented",
    }[status]
    facts = [outcome(f"cheque_{status}", f"cheque {number} {status.replace('_', ' ')}", f"Cheque {number} {words}.", "status")]
    if out.get("status_date"):
        facts.append(date(f"date cheque {number} was {status.replace('_', ' ')}", out["status_date"], "status_date"))
    return facts


def _stop(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    number = out["cheque_number"]
    return [
        outcome("cheque_stopped", f"cheque {number} stopped", f"Payment of cheque {number} is stopped.", "status"),
        reference("cheque number", number, "cheque_number", source="gold"),
    ]


def _address(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    return [
        outcome(
            "address_updated", f"{out['address_type']} address updated", f"Your {out['address_type']} address is updated.", "address_type"
        )
    ]


def _service_request(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    category = CATEGORIES.get(out["category"])
    facts = [reference(f"{category.short if category else 'service'} request number", out["request_id"], "request_id")]
    if out["category"] == "kyc_update" and c.profile.get("kyc_status") not in (None, "verified"):
        facts.insert(0, outcome("kyc_overdue", "KYC overdue", "Your KYC is overdue.", "kyc_status"))
    return facts


def _request_status(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    if c.touched_later(i, out["request_id"]):
        return []
    status = "overdue" if out.get("overdue") else out["status"]
    words = status.replace("_", " ")
    facts = [
        outcome(f"request_{status}", f"request {out['request_id']} {words}", f"Your request {out['request_id']} is {words}.", "status")
    ]
    if out["status"] in ("open", "in_progress"):
        facts.append(date(f"due date of request {out['request_id']}", out["due_by"], "due_by"))
    return facts


def _statement(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    return [reference("statement request number", out["request_id"], "request_id")]


def _cheque_book(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    return [reference("cheque book reference", out["cheque_book_id"], "cheque_book_id")]


def _gold_rate(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    return [amount(f"gold rate per gram ({out['purity_karat']} carat)", out["rate_per_gram"], "rate_per_gram")]


def _gold_eligibility(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    if not out["eligible"]:
        return [
            outcome("gold_not_eligible", "not eligible for a gold loan", "You are not eligible for a gold loan on this gold.", "eligible")
        ]
    return [amount("maximum gold loan", out["maximum_loan"], "maximum_loan", "rupee")]


def _loan(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    if c.touched_later(i, out["loan_id"]):
        return []
    return [amount("EMI", out["emi"], "emi"), date("next EMI date", out["next_emi_date"], "next_emi_date")]


def _foreclosure(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    return [amount("foreclosure amount", out["total_payable"], "total_payable")]


def _emi(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    return [amount("EMI", out["emi"], "emi", "rupee"), percent("interest rate", out["annual_rate"], "annual_rate")]


def _policies(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    policies = [p for p in out["policies"] if p["status"] == "active"]
    if any(c.touched_later(i, p["policy_id"]) for p in policies):
        return []
    asked = [p for p in policies if f"{p['policy_type']} insurance" in c.reason.lower()] or policies
    facts = []
    for policy in asked:
        kind = policy["policy_type"]
        facts += [
            amount(f"{kind} insurance premium", policy["premium"], "premium"),
            date(f"{kind} insurance premium due date", policy["next_due_date"], "next_due_date"),
        ]
    return facts


def _rates(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    """The rate card that applies to the customer: each tenure the request names, or any correct rate of the card."""
    card = "senior_citizen" if c.profile.get("segment") == "senior_citizen" else "general"
    who = "senior citizens" if card == "senior_citizen" else "the general public"
    slabs = out["slabs"]
    tenures = {n * (12 if unit == "years" else 1) for unit, n in periods(c.request) if unit in ("months", "years")}
    named = [s for s in slabs if any(s["tenure_months_from"] <= t <= s["tenure_months_to"] for t in tenures)]
    if named:
        return [percent(f"rate for {s['tenure_months_from']} to {s['tenure_months_to']} months ({who})", s[card], card) for s in named]
    values = "|".join(dict.fromkeys(str(percent_of(s[card])) for s in slabs))
    text = ", ".join(f"{s[card]} for {s['tenure_months_from']} to {s['tenure_months_to']} months" for s in slabs)
    return [Fact(kind="percent", label=f"deposit rates for {who}", value=values, text=text, field=card)]


def _branches(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    """A task-set-only look-up (``find_branches``): the IFSC code of each branch listed."""
    return [reference(f"IFSC code of the {b['branch_name']} branch", b["ifsc"], "ifsc", source="gold") for b in out["branches"]]


def _regulations(c: Chain, i: int, out: Mapping[str, Any], args: Mapping[str, Any]) -> list[Fact]:
    """A rules question with near misses planted (``irrelevant_results``): the figure of the genuine section found."""
    found = {(r.get("document_id"), r.get("section")) for r in out.get("results") or []}
    facts = []
    for action in c.setup:
        planted = action.get("arguments") or {}
        if action.get("func_name") != "plant_near_miss" or (planted["document_id"], planted["section"]) not in found:
            continue
        label, figure = f"figure of '{planted['section']}'", str(planted["figure"])
        if figure.endswith("%"):
            facts.append(percent(label, figure, "text"))
        else:
            paise = parse_rupees(figure)
            facts.append(Fact(kind="amount", label=label, value=str(paise), text=format_rupees(paise), field="text"))
    return facts


RULES: dict[str, Rule] = {
    "get_account_details": _account,
    "get_deposit_details": _deposit,
    "get_deposit_closure_quote": _closure_quote,
    "close_deposit": _close,
    "calculate_deposit_maturity": _maturity,
    "open_deposit": _open,
    "set_deposit_maturity_instruction": _instruction,
    "get_card_details": _card,
    "freeze_card": _card_status_change,
    "unfreeze_card": _card_status_change,
    "block_card": _card_status_change,
    "update_card_controls": _controls,
    "cancel_mandate": _mandate,
    "get_cheque_status": _cheque,
    "stop_cheque_payment": _stop,
    "update_address": _address,
    "raise_service_request": _service_request,
    "get_service_request_status": _request_status,
    "request_statement": _statement,
    "request_cheque_book": _cheque_book,
    "get_gold_rate": _gold_rate,
    "check_gold_loan_eligibility": _gold_eligibility,
    "get_loan_details": _loan,
    "get_loan_foreclosure_quote": _foreclosure,
    "calculate_loan_emi": _emi,
    "get_insurance_policies": _policies,
    "get_deposit_rates": _rates,
    "find_branches": _branches,
    "search_regulations": _regulations,
}


def _json(text: Any) -> Any:
    try:
        return json.loads(text) if isinstance(text, str) else text
    except json.JSONDecodeError:
        return None


def facts_per_step(task: Mapping[str, Any], outputs: Sequence[str], only_asked: bool = True) -> list[list[Fact]]:
    """The facts each gold call's output yields (before repeats are merged; ``only_asked``: figures the request asks for)."""
    actions = task["evaluation_criteria"]["actions"]
    history = task["initial_state"].get("message_history") or []
    profile = _json(history[1]["content"]) if len(history) > 1 else {}
    chain = Chain(
        str(task["id"]).rsplit("_", 1)[0],
        tuple((a["name"], a["arguments"]) for a in actions),
        tuple(_json(o) for o in outputs),
        profile if isinstance(profile, dict) else {},
        str(task["user_scenario"]["instructions"].get("reason_for_call", "")),
        request_text(task),
        tuple(task["initial_state"].get("initialization_actions") or ()),
    )
    per_step: list[list[Fact]] = []
    for index, (name, args) in enumerate(chain.calls):
        rule, out = RULES.get(name), chain.outputs[index]
        facts = rule(chain, index, out, args) if rule and isinstance(out, dict) else []
        per_step.append([f for f in facts if not only_asked or f.kind not in FIGURE_KINDS or chain.asked(name, f.field)])
    return per_step
