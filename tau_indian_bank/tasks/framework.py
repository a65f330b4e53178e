"""What a scenario family is, and how a drafted task becomes a tau2 task.

A family declares its category, the policy clauses it tests, why its gold chain is the
one correct procedure, what a careless assistant would do instead, how to find
customers it fits (``candidates``) and how to draft one task for a candidate
(``draft``). :func:`assemble` adds what every task shares: the login (an
initialization action), the login-context look-up shown to the agent, the gold
chain as tau2 actions, the two action-check assertions and the reward basis.
"""

from __future__ import annotations

import datetime as dt
import random
import re
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from tau_indian_bank.bank import clock
from tau_indian_bank.evaluation.facts import Fact, notes_with_declared
from tau_indian_bank.tasks.lookups import Candidate, address, profile
from tau_indian_bank.text.dates import MONTH_NAMES
from tau_indian_bank.vocabulary import AXES, CATEGORY_PREFIXES, DOMAIN_NAME, LOGIN_CONTEXT_CALL_ID, ROBUST_PREFIX

C = TypeVar("C", bound=Candidate)
#: A family's candidate finder, and its drafter for one candidate.
Finder = Callable[[sqlite3.Connection], Sequence[C]]
Drafter = Callable[[sqlite3.Connection, C, random.Random], "Draft"]
GREETING = "Hello {name}, welcome to Bharat Sahakari Bank. How can I help you today?"
REWARD_BASIS = ["DB", "ENV_ASSERTION"]
HISTORY_TIME = "2026-07-15T11:00:00"


@dataclass(frozen=True)
class Step:
    """One gold-chain call; ``compare`` lists the compared arguments (None: all of them)."""

    name: str
    arguments: dict[str, Any]
    compare: tuple[str, ...] | None = None


@dataclass
class Draft:
    """One task before assembly: who, what they say and know, and the gold chain."""

    customer_id: str
    reason: str
    opening: str
    known: list[tuple[str, str]]
    unknown: str
    gold: list[Step]
    assertion: str
    accept: list[str] = field(default_factory=list)
    persona_note: str = ""
    #: Robustness tasks: initialization actions after the login (e.g. a transient tool fault).
    setup: list[dict[str, Any]] = field(default_factory=list)
    #: Robustness tasks: earlier conversation shown to the assistant in place of the greeting
    #: (user and assistant messages at ``HISTORY_TIME``, ending with an assistant message).
    history: list[dict[str, Any]] = field(default_factory=list)
    #: How the customer behaves, where the default confirmation and credentials rules do not fit:
    #: robustness tasks (say no, change your mind, push…) and a base task whose opening line
    #: offers an OTP (the one exception to "never share an OTP").
    behaviour: list[str] | None = None
    #: Robustness tasks: facts no gold call yields (a refusal and its reason), kept in the
    #: description's notes (see ``evaluation.facts.declared_facts``).
    declared: list[Fact] = field(default_factory=list)


@dataclass(frozen=True)
class Family(Generic[C]):
    """A scenario family: one kind of request, one correct procedure under the policy.

    ``candidates`` lists, in a fixed order, the (customer, record) pairs the family fits,
    as named records (see ``lookups``); ``draft`` writes one task for one of them. ``quota``
    is how many tasks the family contributes to its task set (its share of the suite's
    composition, checked by ``composition`` and ``robust.checks``): every family has one.
    """

    name: str
    category: str
    clauses: tuple[str, ...]
    why: str
    careless: str
    candidates: Finder[C]
    draft: Drafter[C]
    #: How many tasks of this family its task set holds (at least one).
    quota: int
    #: Candidates of a wider kind, drawn only once ``candidates`` cannot fill the quota (a bank with fewer of the rare
    #: records the family prefers, such as another seed's): the same procedure, drafted by the same ``draft``.
    fallback: Finder[C] | None = None

    def __post_init__(self) -> None:
        if isinstance(self.quota, bool) or not isinstance(self.quota, int) or self.quota < 1:
            raise ValueError(f"family {self.name!r}: quota must be a whole number of tasks, at least 1 (got {self.quota!r})")

    @property
    def prefix(self) -> str:
        """``seq_fd_close`` for a base family; ``rob_decline_fd_close`` for a robustness family.

        A robustness family's category is its axis, and its name starts with the axis.
        """
        if self.category in AXES:
            if not (self.name == self.category or self.name.startswith(self.category + "_")):
                raise ValueError(f"robustness family {self.name!r} must be named after its axis {self.category!r}")
            return f"{ROBUST_PREFIX}_{self.name}"
        return f"{CATEGORY_PREFIXES[self.category]}_{self.name}"


def amount_arg(paise: int) -> int | float:
    """A rupee amount as a tool argument: 50000 for ₹50,000, 1250.5 for ₹1,250.50."""
    return paise // 100 if paise % 100 == 0 else paise / 100


#: English month names, January first (the text layer's, where every month name is defined).
MONTHS = MONTH_NAMES


def month_year(iso: str) -> str:
    """'2025-03-14' -> 'March 2025'."""
    day = dt.date.fromisoformat(iso)
    return f"{MONTHS[day.month - 1]} {day.year}"


_TEMPERAMENTS = (
    "Polite and patient; answers questions briefly.",
    "In a hurry; wants the matter settled quickly but follows instructions.",
    "Careful with money; likes to hear the numbers before agreeing.",
    "Not very comfortable with technology; asks for things plainly.",
    "Friendly and chatty, but sticks to the point when asked.",
    "Slightly anxious about the matter; wants reassurance.",
)


def persona(conn: sqlite3.Connection, customer_id: str, rng: random.Random, note: str = "") -> str:
    """A short persona from the customer's records."""
    who = profile(conn, customer_id)
    city = address(conn, customer_id, "communication").city
    age = clock.age_on(clock.parse_iso(who.date_of_birth), clock.today())
    language = "" if note.startswith("Writes in ") else " Writes in Indian English."  # a note may name another
    text = f"{who.full_name}, {age}, lives in {city.title()}. {rng.choice(_TEMPERAMENTS)}{language}"
    return f"{text} {note}".strip()


_SECOND_PERSON = (
    (r"\bI am\b", "you are"),
    (r"\bI'm\b", "you're"),
    (r"\bI was\b", "you were"),
    (r"\bI\b", "you"),
    (r"\bmyself\b", "yourself"),
    (r"\bmine\b", "yours"),
    (r"\bmy\b", "your"),
    (r"\bMy\b", "Your"),
    (r"\bme\b", "you"),
    (r"\bour\b", "your"),
    (r"\bOur\b", "Your"),
)


def yours(text: str) -> str:
    """The customer's first-person words as the scenario addresses them ('I want my…' -> 'you want your…')."""
    for pattern, replacement in _SECOND_PERSON:
        text = re.sub(pattern, replacement, text)
    return text


def request_step(category: str, description: str, related_id: str | None = None) -> Step:
    """A raise_service_request step, compared on category and related record only."""
    arguments: dict[str, object] = {"category": category, "description": description}
    if related_id is not None:
        arguments["related_id"] = related_id
    return Step("raise_service_request", arguments, compare=("category", "related_id"))


def render_known(known: Sequence[tuple[str, str]]) -> str:
    """Known facts as '- Topic: answer' lines (the scripted customer reads this format)."""
    return "\n".join(f"- {topic}: {answer}" for topic, answer in known)


def task_instructions(opening: str, accept: Sequence[str], behaviour: Sequence[str] | None = None) -> str:
    """What the customer does, with the opening line the scripted customer uses verbatim.

    ``behaviour`` (robustness tasks) replaces the default confirmation and credentials
    rules with the scenario's own (say no, change your mind, give a wrong detail first…).
    """
    lines = [f'Opening line: "{opening}"', "Share the details under 'Known info' only when the assistant asks for them."]
    lines.extend(accept)
    if behaviour is None:
        lines.append("If the assistant asks you to confirm an action you asked for, confirm it.")
        lines.append("Never share an OTP, PIN, CVV or password.")
    else:
        lines.extend(behaviour)
    lines.append(
        "When your request is done, or the assistant explains why it cannot be done and you have accepted "
        "what is offered, thank the assistant and end the conversation."
    )
    return "\n".join(lines)


def action_dump(index: int, step: Step) -> dict[str, Any]:
    """A gold step as a tau2 Action."""
    return {
        "action_id": f"gold_{index + 1}",
        "requestor": "assistant",
        "name": step.name,
        "arguments": step.arguments,
        "info": None,
        "compare_args": list(step.compare) if step.compare is not None else None,
    }


def assemble(family: Family[Any], number: int, draft: Draft, persona_text: str, login_context: str, customer_name: str) -> dict[str, Any]:
    """The tau2 task (as a JSON-ready dict) for a draft."""
    actions = [action_dump(i, step) for i, step in enumerate(draft.gold)]
    clauses = ", ".join(f"§{c}" for c in family.clauses)
    return {
        "id": f"{family.prefix}_{number:04d}",
        "description": {
            "purpose": f"{family.category.replace('_', ' ')} / {family.name}: {draft.reason}",
            "relevant_policies": clauses,
            "notes": notes_with_declared(family.why, draft.declared),
        },
        "user_scenario": _user_scenario(draft, persona_text),
        "ticket": None,
        "initial_state": _initial_state(draft, login_context, customer_name),
        "evaluation_criteria": _evaluation_criteria(draft, actions, clauses),
    }


def _user_scenario(draft: Draft, persona_text: str) -> dict[str, Any]:
    """What the customer is told: the persona, the reason for the call, what it knows and does not, how to behave."""
    return {
        "persona": persona_text,
        "instructions": {
            "domain": DOMAIN_NAME,
            "reason_for_call": draft.reason,
            "known_info": render_known(draft.known),
            "unknown_info": draft.unknown,
            "task_instructions": task_instructions(draft.opening, draft.accept, draft.behaviour),
        },
    }


def _initial_state(draft: Draft, login_context: str, customer_name: str) -> dict[str, Any]:
    """The session's start: the customer logged in, the staging actions, and the history up to the greeting."""
    return {
        "initialization_data": None,
        "initialization_actions": [
            {"env_type": "assistant", "func_name": "start_session", "arguments": {"customer_id": draft.customer_id}},
            *draft.setup,
        ],
        # Fixed timestamps keep the task (and tau2's resume check, which hashes it) stable;
        # tau2 re-stamps the history when a session starts.
        "message_history": [
            {
                "role": "assistant",
                "content": None,
                "timestamp": HISTORY_TIME,
                "cost": 0.0,
                "tool_calls": [{"id": LOGIN_CONTEXT_CALL_ID, "name": "get_customer_profile", "arguments": {}, "requestor": "assistant"}],
            },
            {
                "role": "tool",
                "id": LOGIN_CONTEXT_CALL_ID,
                "content": login_context,
                "requestor": "assistant",
                "error": False,
                "timestamp": HISTORY_TIME,
            },
            *(
                draft.history
                or [
                    {"role": "assistant", "content": GREETING.format(name=customer_name), "timestamp": HISTORY_TIME, "cost": 0.0},
                ]
            ),
        ],
    }


def _evaluation_criteria(draft: Draft, actions: list[dict[str, Any]], clauses: str) -> dict[str, Any]:
    """The gold chain, the two assertions of the action check over it, and the judge's assertion."""
    gold_args = {"gold_calls": actions}
    return {
        "actions": actions,
        "env_assertions": [
            {
                "env_type": "assistant",
                "func_name": "assert_gold_calls_made",
                "arguments": gold_args,
                "assert_value": True,
                "message": "Every gold-chain call, reads included, was made.",
            },
            {
                "env_type": "assistant",
                "func_name": "assert_writes_pure",
                "arguments": gold_args,
                "assert_value": True,
                "message": "Every change the agent attempted matches a gold-chain change.",
            },
        ],
        "communicate_info": None,
        "nl_assertions": [f"{draft.assertion} ({clauses})"],
        "reward_basis": REWARD_BASIS,
    }
