"""The answer check: did the assistant tell the customer every fact of the task?

API: :func:`states_fact` (the one matching rule), :func:`check_answer` (a session's
verdict), :func:`say` (the sentence the oracle uses for a fact), :data:`OUTCOMES` (the
lexicon's outcome phrases). Every reply is read through the text layer
(:mod:`tau_indian_bank.text`), in English, Hinglish and Hindi.

**The matching rule.** A fact is met when some assistant message of the session states
it, and a message states a fact when it mentions the fact's value in a clause that does
not negate it:

* **amount** — a rupee amount (``₹1,97,035.65``, ``Rs. 197035.65``, ``INR 1,97,035.65``,
  ``1,97,035.65 rupees``, ``2,20,000 रुपये``; see :mod:`tau_indian_bank.text.amounts`) equal to the
  paisa. With ``rupee`` rounding a whole-rupee figure within a rupee also counts
  (``₹1,97,036``); with ``lakh`` rounding also a figure in lakh or crore with at least
  three significant digits, within half a unit of its last digit (``₹1.97 lakh``).
* **date** — a date on that day in any accepted format (``15 July 2027``,
  ``15/07/2027`` read day first, ``2027-07-15``, ``15th Jul 2027``, ``July 15, 2027``,
  ``15 जुलाई 2027``; ``26 July`` without a year in the bank's current year; see
  :mod:`tau_indian_bank.text.dates`). A month fact (a card's expiry) is met by
  that month (``February 2027``, ``02/2027``, ``02/27``, ``2027-02``) or any day in it.
* **percent** — a percentage of equal value (``7%``, ``7.00 %``, ``7 per cent``, ``7 प्रतिशत``); a
  fact that lists several values (``5|6.25|7``: a rate card the customer asked about in general)
  is met by any one of them.
* **reference** and **last4** — the reference (case ignored) or the four digits, not
  inside a longer word or number (``ending 4821``, ``XXXX4821``).
* **withheld** — the reverse: a credential the customer offered (an OTP, PIN or CVV) is
  met when *no* assistant message repeats its digits, whatever the words around them.
* **outcome** — a phrase of :data:`OUTCOMES` in a sentence that also names what it is
  about (a card, a cheque, an address…), not in a question and not as a plan (the text
  layer's plans: *will*, *shall*, *once*, *if*, *to be*… before it in its clause), or in a
  sentence that refers back to it with a pronoun (:mod:`tau_indian_bank.evaluation.outcomes`).
  "Cheque 239096 का payment stop कर दिया गया है" states that the cheque is stopped.

**Negation** is the text layer's one rule (:func:`tau_indian_bank.text.frames.negated`): a
negator in the mention's clause at most four words before it. "Your card has not been
blocked" does not state that it is blocked; "it cannot be stopped as it has cleared" states
that it cleared.

A reference the bank creates during the session is looked up in the session's own tool
output (the call that matches the gold call that created it); if the session never made
that call, the fact cannot be met.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from typing import Any

from tau_indian_bank.evaluation.facts import Fact, declared_facts, task_facts
from tau_indian_bank.evaluation.outcomes import record_names, states_outcome, subject_before
from tau_indian_bank.text import Amount, amounts, dates, negated, percents, plain, positions
from tau_indian_bank.text.frames import refers_back
from tau_indian_bank.text.lexicon import OUTCOMES
from tau_indian_bank.text.numbers import scale_of
from tau_indian_bank.tools.catalogue import READ_TOOLS

__all__ = ["OUTCOMES", "REFUSAL_OUTCOMES", "AnswerResult", "check_answer", "say", "session_values", "states_fact", "subject_before"]

#: The refusal outcomes (robustness set): their ``about`` words name what was asked, not a record.
REFUSAL_OUTCOMES = frozenset(key for key, outcome in OUTCOMES.items() if outcome.refusal)


@dataclass(frozen=True)
class AnswerResult:
    """A session's answer check: ``passed`` None when the task has no facts; ``missing`` the unmet facts' labels."""

    passed: bool | None
    missing: list[str] = field(default_factory=list)
    n_facts: int = 0


def _amount_meets(mention: Amount, paise: int, rounding: str) -> bool:
    if mention.paise == paise:
        return True
    if rounding == "exact":
        return False
    if mention.unit is None:
        return not mention.with_paise and mention.paise % 100 == 0 and abs(mention.paise - paise) < 100
    if rounding != "lakh" or mention.significant < 3:
        return False
    return bool(abs(mention.paise - paise) * 2 * 10**mention.decimals <= scale_of(mention.unit) * 100)


def _states_date(text: str, value: str) -> bool:
    year, month = int(value[:4]), int(value[5:7])
    day = int(value[8:10]) if len(value) == 10 else None
    for mention in dates(text):
        if mention.year != year or mention.month != month or (mention.loose and day is not None):
            continue
        if (day is None or mention.day == day) and not negated(text, mention.start):
            return True
    return False


def _states_token(text: str, token: str) -> bool:
    return any(not negated(text, at) for at in positions(text, token))


@lru_cache(maxsize=65536)
def _states(
    text: str, kind: str, value: str, rounding: str, before: str = "", records: tuple[str, ...] = (), observed: bool = False
) -> bool:
    text = plain(text)
    if kind == "amount":
        return any(_amount_meets(m, int(value), rounding) and not negated(text, m.start) for m in amounts(text))
    if kind == "percent":
        wanted = {Decimal(v) for v in value.split("|")}
        return any(m.value in wanted and not negated(text, m.start) for m in percents(text))
    if kind == "date":
        return _states_date(text, value)
    if kind == "outcome":
        return states_outcome(text, value, before, records, observed)
    if kind == "withheld":  # said at all, negated or not
        return re.search(rf"(?<!\d){re.escape(value)}(?!\d)", text) is not None
    return _states_token(text, value)


def states_fact(text: str, fact: Fact, value: str | None = None, before: str = "", observed: bool = False) -> bool:
    """Does ``text`` state ``fact`` (with ``value`` in place of the fact's own, for a session reference)?

    ``before``: the conversation's last sentence naming a subject before ``text``
    (:func:`subject_before`), which a pronoun at its start may refer to; ``observed``: the fact is a
    record's state a look-up found (not the outcome of a change).
    """
    outcome = fact.kind == "outcome"
    return _states(
        text,
        fact.kind,
        value if value is not None else fact.value,
        fact.rounding,
        before if outcome else "",
        record_names(fact.text) if outcome else (),
        observed and outcome,
    )


def say(fact: Fact, value: str | None = None) -> str:
    """A natural sentence stating ``fact`` (the oracle's words)."""
    if fact.kind == "outcome":
        return fact.text
    shown = value if value is not None else fact.text
    if fact.kind == "last4":
        return f"The {fact.label} ends in {value or fact.value}."
    if fact.kind == "percent" and "|" in fact.value:
        return f"The {fact.label} are {shown}."
    return f"The {fact.label} is {shown}."


def _outputs_by_call(messages: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    return {str(m.get("id")): m.get("content") for m in messages if m.get("role") == "tool" and not m.get("error")}


def session_values(task: Mapping[str, Any], messages: Sequence[Mapping[str, Any]], facts: Sequence[Fact]) -> dict[int, str | None]:
    """For each session fact (by position in ``facts``), its value in this session's tool output (None: not created).

    The value is read from the output of the first successful call that matches (under the
    action check's matching rule) the gold call that creates the reference.
    """
    from tau_indian_bank.evaluation.actions import gold_calls
    from tau_indian_bank.evaluation.diagnostics import agent_calls
    from tau_indian_bank.evaluation.matching import matches

    wanted = [i for i, f in enumerate(facts) if f.source == "session"]
    if not wanted:
        return {}
    gold = gold_calls(task["evaluation_criteria"]["actions"])
    calls = [c for c in agent_calls(messages) if not c.refused]
    outputs = _outputs_by_call(messages)
    values: dict[int, str | None] = {}
    for index in wanted:
        fact, values[index] = facts[index], None
        for call in calls:
            if call.name != gold[fact.step].name or not matches(gold[fact.step], call):
                continue
            try:
                data = json.loads(outputs.get(call.call_id) or "")
            except (TypeError, json.JSONDecodeError):
                continue
            if isinstance(data, dict) and data.get(fact.field) is not None:
                values[index] = str(data[fact.field])
                break
    return values


def assistant_texts(task: Mapping[str, Any], messages: Sequence[Mapping[str, Any]]) -> list[str]:
    """What the assistant said in the session (not the task's opening history)."""
    return [text for _, text, _ in _said(task, messages)]


def _said(task: Mapping[str, Any], messages: Sequence[Mapping[str, Any]]) -> list[tuple[int, str, tuple[str, ...]]]:
    """Each assistant text of the session with its position and what the conversation said before it."""
    history = len((task.get("initial_state") or {}).get("message_history") or [])
    said: list[tuple[int, str, tuple[str, ...]]] = []
    spoken: list[str] = []
    for index, message in enumerate(messages):
        if message.get("role") not in ("user", "assistant") or not message.get("content"):
            continue
        text = str(message["content"])
        if index >= history and message.get("role") == "assistant":
            said.append((index, text, tuple(spoken)))
        spoken.append(text)
    return said


def _told(text: str, fact: Fact, value: str, spoken: tuple[str, ...], observed: bool) -> bool:
    """Does ``text`` state ``fact``; the conversation before it (``spoken``) is read only if a pronoun may need it."""
    if states_fact(text, fact, value, "", observed):
        return True
    if fact.kind != "outcome" or not refers_back(plain(text)):
        return False
    return states_fact(text, fact, value, subject_before(spoken), observed)


def change_positions(task: Mapping[str, Any], messages: Sequence[Mapping[str, Any]]) -> dict[int, tuple[int, frozenset[str]]]:
    """For each gold change (by step) the session attempted: where, and the fields its output shows.

    The attempt is the call that matches the gold call, else the first call of the same tool (a
    wrong closure, a refused or faulted call); a change never attempted has no entry.
    """
    from tau_indian_bank.evaluation.actions import gold_calls
    from tau_indian_bank.evaluation.matching import Call, matches
    from tau_indian_bank.evaluation.transcript import Transcript

    calls = Transcript.of(task, messages).calls
    found: dict[int, tuple[int, frozenset[str]]] = {}
    for step, gold in enumerate(gold_calls(task["evaluation_criteria"]["actions"])):
        if not gold.changes_state:
            continue
        same = [c for c in calls if c.name == gold.name]
        attempt = (
            same[0] if len(same) == 1 else next((c for c in same if matches(gold, Call(c.name, c.arguments))), same[0] if same else None)
        )
        if attempt is not None:
            try:
                output = json.loads(attempt.output or "")
            except json.JSONDecodeError:
                output = None
            found[step] = (attempt.index, frozenset(output) if isinstance(output, dict) else frozenset())
    return found


def check_answer(task: Mapping[str, Any], messages: Sequence[Mapping[str, Any]]) -> AnswerResult:
    """The answer check for one session (``task`` and ``messages`` as in a tau2 results file).

    A fact a change yields (its outcome, the account it credited, the reference it created: a field
    of the output of the session's attempt at that change) is told only after that attempt: said
    before it, it was a plan or a proposal.
    """
    facts = task_facts(task)
    if not facts:
        return AnswerResult(None, [], 0)
    texts = _said(task, messages)
    values = session_values(task, messages, facts)
    declared = set(declared_facts(task))
    reads = [a["name"] in READ_TOOLS for a in task["evaluation_criteria"]["actions"]]
    changed = any(f not in declared and f.step < len(reads) and not reads[f.step] for f in facts)
    made = change_positions(task, messages) if changed else {}
    missing = []
    for index, fact in enumerate(facts):
        value = values.get(index, fact.value)
        attempt, fields = made.get(fact.step, (-1, frozenset()))
        after = attempt if fact not in declared and fact.field in fields else -1
        observed = fact not in declared and fact.step < len(reads) and reads[fact.step]
        said = value is not None and any(_told(text, fact, value, spoken, observed) for at, text, spoken in texts if at > after)
        if said is (fact.kind == "withheld"):
            missing.append(fact.label)
    return AnswerResult(not missing, missing, len(facts))
