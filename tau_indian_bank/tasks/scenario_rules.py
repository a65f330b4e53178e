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
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tau_indian_bank.evaluation.answers import states_fact
from tau_indian_bank.evaluation.facts import task_facts
from tau_indian_bank.text import amounts, percents
from tau_indian_bank.tools.catalogue import READ_TOOLS

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
    parts = {"persona": persona, **{k: str(instructions.get(k) or "") for k in
                                    ("reason_for_call", "known_info", "unknown_info", "task_instructions")}}
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
    problems = [f"Unknown info names a figure ({unknown[m.start:m.end]!r})" for m in amounts(unknown)]
    problems += [f"Unknown info names a figure ({unknown[m.start:m.end]!r})" for m in percents(unknown)]
    rules = unquoted(str(instructions.get("task_instructions") or ""))
    known = " ".join([str(instructions.get("reason_for_call") or ""), str(instructions.get("known_info") or ""),
                      *_QUOTED.findall(str(instructions.get("task_instructions") or ""))])
    unknown_words = _stems(unknown) & _FIGURE_WORDS
    for fact in task_facts(task):
        if fact.kind not in ("amount", "percent") or not _stems(fact.label) & unknown_words:
            continue
        if states_fact(rules, fact) and not states_fact(known, fact):
            problems.append(f"an instruction names {fact.text} (the {fact.label}), which Unknown info says the "
                            "customer does not know; say how to react once told, not the figure")
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
        return ["the customer claims senior-citizen status but the scenario does not say what to answer when asked "
                "for the date of birth"]
    return []


def quotes_figures(task: Mapping[str, Any]) -> bool:
    """Whether a read in the gold chain yields an amount or a rate the customer is told."""
    actions = (task.get("evaluation_criteria") or {}).get("actions") or []
    return any(fact.kind in ("amount", "percent") and fact.step < len(actions) and actions[fact.step]["name"] in READ_TOOLS
               for fact in task_facts(task))


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


#: Row name -> rule, in the validator's order.
SCENARIO_RULES: dict[str, Rule] = {
    "scenarios in the second/third person": voice_problems,
    "no instruction names an unknown figure": unknown_figure_problems,
    "credentials rule fits the opening line": credential_problems,
    "senior claims say what to answer for the DOB": birth_date_problems,
    "persona traits fit the task": persona_problems,
}


def scenario_problems(tasks: Sequence[Mapping[str, Any]]) -> dict[str, list[tuple[str, str]]]:
    """Row name -> (task id, problem) for every scenario rule over ``tasks``."""
    return {name: [(str(task.get("id", "?")), problem) for task in tasks for problem in rule(task)]
            for name, rule in SCENARIO_RULES.items()}
