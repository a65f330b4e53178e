"""Scenario rules: what ``validate`` checks in every scenario against the customer guidelines.

The LLM customer (``indian_bank_user``) is given ``policy/customer_guidelines.md`` and the
scenario. A scenario that contradicts the guidelines, or gives away what the assistant must
find, lets a model play the task wrongly. Each rule is one row of the validator's table and
runs over whatever tasks a task set has:

* **voice** — the scenario addresses the customer ("You want…") and describes them in the
  third person; the first person appears only in quoted speech (the opening line, words
  in quotes), never in the reason, the known or unknown info, the instructions or the persona;
* **unknown figures** — no instruction names a figure that "Unknown info" says the customer
  does not know (an amount or rate among the task's facts whose label names what is unknown,
  such as the bank's highest limit), and "Unknown info" names no figure at all;
* **credentials** — a scenario whose opening line offers an OTP, PIN or CVV does not also say,
  without exception, never to share one (the guidelines let the scenario win, so it must
  not contradict itself);
* **date of birth** — a scenario in which the customer claims senior-citizen status says what
  to answer when the assistant asks for the date of birth;
* **persona** — a persona that likes to hear the numbers before agreeing belongs only to a task
  in which the bank quotes figures (a read in the gold chain that yields an amount or a rate).

Guidelines 1.3 (issue 22) settle where the customer was left guessing; these rules fail a scenario
that contradicts the settled reading:

* **endings** — a scripted line carries no ending token: the customer says it, and ends the
  conversation only after the assistant has answered it;
* **offers** — a scenario that says the customer wants nothing else tells it to accept no offer;
* **first proposal** — a line scripted for the assistant's first proposal is a clear yes (the change
  goes ahead and the line adds a second request) or a clear no (a change of mind), never both;
* **whereabouts** — the reason, the Known info and the opening line put a missing card in the same
  place (text layer: :func:`~tau_indian_bank.text.places.places`);
* **records** — a change acts on a record the scenario names, when it names any of that kind (a
  customer says no to a proposal for another account: the one named inside a confirmation must be
  its own choice, not a rival of the one it named);
* **figures** — every figure an instruction gives (an amount, a last four, a cheque number, a date,
  a tenure) is the customer's: under Known info, in the reason or in the opening line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tau_indian_bank.evaluation.answers import states_fact
from tau_indian_bank.evaluation.facts import task_facts
from tau_indian_bank.text import affirmation, amount_values, amounts, cheque_numbers, dates, percents, periods
from tau_indian_bank.text.places import places
from tau_indian_bank.text.records import typed_endings
from tau_indian_bank.tools.catalogue import READ_TOOLS, STATE_CHANGING_TOOLS
from tau_indian_bank.vocabulary import LOGIN_CONTEXT_CALL_ID, OUT_OF_SCOPE, STOP, TRANSFER

#: The temperament that needs figures to hear, and what replaces it where the bank quotes none.
NUMBERS_TRAIT = "Careful with money; likes to hear the numbers before agreeing."
CAREFUL_TRAIT = "Careful; likes to hear exactly what will be done before agreeing."

_QUOTED = re.compile(r"\"[^\"\n]*\"|“[^”\n]*”|(?<!\w)'[^'\n]*'(?!\w)")
_FIRST_PERSON = re.compile(r"\b(?:I|I[’']m|I[’']d|I[’']ve|I[’']ll|[Mm]y|[Mm]e|[Mm]ine|[Mm]yself|[Oo]ur|[Uu]s)\b")
_CREDENTIAL = re.compile(r"\b(?:OTP|PIN|CVV)\b(?!\s*code)")
_DIGITS = re.compile(r"\b\d{3,6}\b")
_NEVER_SHARE = re.compile(r"^\s*Never share an? (?:OTP|PIN|CVV)", re.MULTILINE)
#: The customer claiming senior-citizen status (not a senior-citizen product named by its title).
_SENIOR = re.compile(r"\b(?:am|I'm|are|you're|as) an? senior[- ]citizen\b|senior[- ]citizen (?:rate|status|uplift)", re.I)
_BIRTH = re.compile(r"date of birth|\bborn\b|\bDOB\b", re.I)
#: Words of "Unknown info" that name a figure the bank gives (matched against fact labels).
_FIGURE_WORDS = frozenset("limit rate payout balance emi maximum premium amount".split())
_WORD = re.compile(r"[a-z]+")

Rule = Callable[[Mapping[str, Any]], list[str]]


def _parts(task: Mapping[str, Any]) -> tuple[str, Mapping[str, Any]]:
    scenario = task.get("user_scenario") or {}
    return str(scenario.get("persona") or ""), scenario.get("instructions") or {}


def unquoted(text: str) -> str:
    """``text`` without its quoted speech (double, curly or single quotes; apostrophes kept)."""
    return _QUOTED.sub(" ", text)


def _stems(text: str) -> set[str]:
    words = set(_WORD.findall(text.lower()))
    return words | {w[:-1] for w in words if w.endswith("s") and len(w) > 3}


def voice_problems(task: Mapping[str, Any]) -> list[str]:
    """First-person words outside quoted speech, by part of the scenario."""
    persona, instructions = _parts(task)
    parts = {
        "persona": persona,
        **{k: str(instructions.get(k) or "") for k in ("reason_for_call", "known_info", "unknown_info", "task_instructions")},
    }
    problems = []
    for name, text in parts.items():
        found = _FIRST_PERSON.search(unquoted(text))
        if found:
            problems.append(f"{name} speaks in the first person ({found.group()!r}); quote the customer's words or say 'you'")
    return problems


def unknown_figure_problems(task: Mapping[str, Any]) -> list[str]:
    """Figures named by an instruction although "Unknown info" says the customer does not know them."""
    _, instructions = _parts(task)
    unknown = str(instructions.get("unknown_info") or "")
    problems = [f"Unknown info names a figure ({unknown[m.start : m.end]!r})" for m in amounts(unknown)]
    problems += [f"Unknown info names a figure ({unknown[m.start : m.end]!r})" for m in percents(unknown)]
    rules = unquoted(str(instructions.get("task_instructions") or ""))
    known = " ".join(
        [
            str(instructions.get("reason_for_call") or ""),
            str(instructions.get("known_info") or ""),
            *_QUOTED.findall(str(instructions.get("task_instructions") or "")),
        ]
    )
    unknown_words = _stems(unknown) & _FIGURE_WORDS
    for fact in task_facts(task):
        if fact.kind not in ("amount", "percent") or not _stems(fact.label) & unknown_words:
            continue
        if states_fact(rules, fact) and not states_fact(known, fact):
            problems.append(
                f"an instruction names {fact.text} (the {fact.label}), which Unknown info says the "
                "customer does not know; say how to react once told, not the figure"
            )
    return problems


def credential_problems(task: Mapping[str, Any]) -> list[str]:
    """An opening line that offers a credential beside an unconditional rule never to share one."""
    _, instructions = _parts(task)
    text = str(instructions.get("task_instructions") or "")
    spoken = " ".join(_QUOTED.findall(text))
    if _CREDENTIAL.search(spoken) and _DIGITS.search(spoken) and _NEVER_SHARE.search(unquoted(text)):
        return ["the opening line offers a credential but an instruction says never to share one, without exception"]
    return []


def birth_date_problems(task: Mapping[str, Any]) -> list[str]:
    """A senior-citizen claim that does not say what to answer when asked for the date of birth."""
    _, instructions = _parts(task)
    claim = str(instructions.get("reason_for_call") or "") + str(instructions.get("task_instructions") or "")
    said = str(instructions.get("known_info") or "") + str(instructions.get("task_instructions") or "")
    if _SENIOR.search(claim) and not _BIRTH.search(said):
        return ["the customer claims senior-citizen status but the scenario does not say what to answer when asked for the date of birth"]
    return []


def quotes_figures(task: Mapping[str, Any]) -> bool:
    """Whether a read in the gold chain yields an amount or a rate the customer is told."""
    actions = (task.get("evaluation_criteria") or {}).get("actions") or []
    return any(
        fact.kind in ("amount", "percent") and fact.step < len(actions) and actions[fact.step]["name"] in READ_TOOLS
        for fact in task_facts(task)
    )


def persona_problems(task: Mapping[str, Any]) -> list[str]:
    """A persona trait that does not fit the task (hearing the numbers where the bank quotes none)."""
    persona, _ = _parts(task)
    if NUMBERS_TRAIT in persona and not quotes_figures(task):
        return ["the persona likes to hear the numbers, but the bank quotes no figure in this task"]
    return []


def fit_persona(task: dict[str, Any]) -> dict[str, Any]:
    """The task with a persona trait that fits it (the generator's side of :func:`persona_problems`)."""
    scenario = task["user_scenario"]
    if NUMBERS_TRAIT in scenario["persona"] and not quotes_figures(task):
        scenario["persona"] = scenario["persona"].replace(NUMBERS_TRAIT, CAREFUL_TRAIT)
    return task


#: A scripted line: ``When the assistant <trigger>, say: "<line>"`` (the generator's convention).
_CUE = re.compile(r'When the assistant (?P<trigger>[^,"\n]+?),? say: "(?P<line>[^"\n]*)"')
#: An instruction to accept something the assistant offers; a scenario that wants nothing else.
_ACCEPT_OFFER = re.compile(r"\boffers?\b[^.\n]*\b(?:accept|agree)", re.I)
_NOTHING_ELSE = re.compile(r"\b(?:want|ask for|need) (?:nothing|anything) else\b|\bdo not (?:want|ask for) anything else\b", re.I)
#: A Known-info topic about whether or where something is lost.
_WHEREABOUTS = re.compile(r"\b(?:lost|missing|misplaced|where)\b", re.I)
_KNOWN_LINE = re.compile(r"^\s*-\s*(?P<topic>[^:\n]{2,60}):\s*(?P<answer>.+?)\s*$", re.MULTILINE)
#: A scenario that accepts the change on another of the customer's records ("cancel it there").
_OTHER_RECORD = re.compile(r"\b(?:other|another|different) (?:account|card)\b", re.I)


def _opening(instructions: Mapping[str, Any]) -> str:
    found = re.search(r'Opening line:\s*"(?P<line>[^"]+)"', str(instructions.get("task_instructions") or ""))
    return found["line"] if found else ""


def ending_problems(task: Mapping[str, Any]) -> list[str]:
    """A scripted line that ends the conversation itself (the ending comes after the assistant has answered it)."""
    _, instructions = _parts(task)
    return [
        f"the scripted line for 'when the assistant {m['trigger']}' carries an ending token; the customer says it and "
        "ends only after the assistant has answered"
        for m in _CUE.finditer(str(instructions.get("task_instructions") or ""))
        if any(token in m["line"] for token in (STOP, TRANSFER, OUT_OF_SCOPE))
    ]


def offer_problems(task: Mapping[str, Any]) -> list[str]:
    """An instruction to accept an offer in a scenario that says the customer wants nothing else."""
    _, instructions = _parts(task)
    rules = unquoted(str(instructions.get("task_instructions") or ""))
    if _NOTHING_ELSE.search(rules + " " + str(instructions.get("reason_for_call") or "")) and _ACCEPT_OFFER.search(rules):
        return ["the scenario says the customer wants nothing else but tells it to accept an offer"]
    return []


def first_proposal_problems(task: Mapping[str, Any]) -> list[str]:
    """A line scripted for the first proposal that is neither a clear yes (a second request) nor a clear no (a change of mind)."""
    _, instructions = _parts(task)
    return [
        f"the line for the first proposal reads as {answer!r}: make it a yes that adds a request, or a no that changes the request"
        for m in _CUE.finditer(str(instructions.get("task_instructions") or ""))
        if m["trigger"].startswith("first proposes") and (answer := affirmation(m["line"])) not in ("yes", "no")
    ]


def whereabouts_problems(task: Mapping[str, Any]) -> list[str]:
    """A missing card put in different places by the reason, the Known info and the opening line.

    The reason and the opening line count where they name the card (a card's last four): an opening
    about a cheque lost in a bag says nothing of where the card is.
    """
    _, instructions = _parts(task)
    lines = [m["answer"] for m in _KNOWN_LINE.finditer(str(instructions.get("known_info") or "")) if _WHEREABOUTS.search(m["topic"])]
    if not lines:
        return []
    parts = {"the reason": str(instructions.get("reason_for_call") or ""), "the opening line": _opening(instructions)}
    told = {"Known info": places(" ".join(lines))} | {
        part: places(text) for part, text in parts.items() if any(kind == "card" for kind, _ in typed_endings(text))
    }
    named = {part: found for part, found in told.items() if found}
    if len(set(named.values())) <= 1:
        return []
    return [
        "the scenario puts the missing card in different places: "
        + "; ".join(f"{part} says {' or '.join(sorted(found))}" for part, found in named.items())
    ]


def _records(task: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
    """The customer's accounts and cards by id: (kind, last four), from the login context."""
    for message in (task.get("initial_state") or {}).get("message_history") or []:
        if message.get("role") == "tool" and message.get("id") == LOGIN_CONTEXT_CALL_ID:
            try:
                profile = json.loads(message.get("content") or "{}")
            except json.JSONDecodeError:
                return {}
            return {a["account_id"]: ("account", str(a["last4"])) for a in profile.get("accounts") or []} | {
                c["card_id"]: ("card", str(c["last4"])) for c in profile.get("cards") or []
            }
    return {}


def record_problems(task: Mapping[str, Any]) -> list[str]:
    """A change on a record the scenario does not name, while it names another of that kind (the customer would refuse)."""
    _, instructions = _parts(task)
    text = "\n".join(str(instructions.get(k) or "") for k in ("reason_for_call", "known_info", "task_instructions"))
    if _OTHER_RECORD.search(text):
        return []
    named = typed_endings(text)
    records, problems = _records(task), []
    for action in (task.get("evaluation_criteria") or {}).get("actions") or []:
        if action.get("name") not in STATE_CHANGING_TOOLS:
            continue
        for value in (action.get("arguments") or {}).values():
            kind, last4 = records.get(str(value), ("", ""))
            rivals = {digits for k, digits in named if k == kind}
            if kind and rivals and last4 not in rivals:
                problems.append(
                    f"{action['name']} acts on the {kind} ending {last4}, which the scenario does not name, "
                    f"while it names the {kind} ending {', '.join(sorted(rivals))}"
                )
    return problems


def _figures(text: str) -> set[tuple[str, Any]]:
    return (
        {("ending", d) for _, d in typed_endings(text)}
        | {("cheque", c) for c in cheque_numbers(text)}
        | {("amount", v) for v in amount_values(text)}
        | {("period", p) for p in periods(text)}
        | {("date", (d.year, d.month, d.day)) for d in dates(text)}
    )


def figure_problems(task: Mapping[str, Any]) -> list[str]:
    """A figure an instruction gives that is not the customer's (under Known info, in the reason or the opening line)."""
    _, instructions = _parts(task)
    rules = unquoted(str(instructions.get("task_instructions") or ""))
    own = _figures(
        " ".join([str(instructions.get("known_info") or ""), str(instructions.get("reason_for_call") or ""), _opening(instructions)])
    )
    return [
        f"an instruction gives the {kind} {value} that is not under Known info, in the reason or in the opening line"
        for kind, value in sorted(_figures(rules) - own, key=str)
    ]


#: Row name -> rule, in the validator's order.
SCENARIO_RULES: dict[str, Rule] = {
    "scenarios in the second/third person": voice_problems,
    "no instruction names an unknown figure": unknown_figure_problems,
    "credentials rule fits the opening line": credential_problems,
    "senior claims say what to answer for the DOB": birth_date_problems,
    "persona traits fit the task": persona_problems,
    "scripted lines leave the ending to the customer": ending_problems,
    "no offer accepted where nothing else is wanted": offer_problems,
    "first-proposal lines are a clear yes or no": first_proposal_problems,
    "a missing card is in one place": whereabouts_problems,
    "changes act on the records the scenario names": record_problems,
    "figures in instructions are the customer's": figure_problems,
}


def scenario_problems(tasks: Sequence[Mapping[str, Any]]) -> dict[str, list[tuple[str, str]]]:
    """Row name -> (task id, problem) for every scenario rule over ``tasks``."""
    return {
        name: [(str(task.get("id", "?")), problem) for task in tasks for problem in rule(task)] for name, rule in SCENARIO_RULES.items()
    }
