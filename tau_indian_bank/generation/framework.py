"""What a scenario family is, and how a drafted task becomes a tau2 task.

A family declares its category, the policy clauses it tests, why its gold chain is the
one correct procedure, what a careless assistant would do instead, how to find
customers it fits (``candidates``) and how to draft one task for a candidate
(``draft``). :func:`assemble` adds what every task shares: the login (an
initialization action), the login-context look-up shown to the agent, the gold
chain as tau2 actions, the two action-check assertions and the reward basis.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tau_indian_bank import DOMAIN_NAME
from tau_indian_bank.bank.money import spoken_rupees as rupees  # noqa: F401 - the families import it from here
from tau_indian_bank.vocabulary import LOGIN_CONTEXT_CALL_ID

CATEGORY_PREFIX = {"sequencing": "seq", "edge_case": "edge", "rare_tool": "rare", "control": "ctrl"}
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


@dataclass(frozen=True)
class Family:
    """A scenario family: one kind of request, one correct procedure under the policy."""

    name: str
    category: str
    clauses: tuple[str, ...]
    why: str
    careless: str
    candidates: Callable[[sqlite3.Connection], Sequence[tuple[str, ...]]]
    draft: Callable[[sqlite3.Connection, tuple[str, ...], random.Random], Draft]

    @property
    def prefix(self) -> str:
        return f"{CATEGORY_PREFIX[self.category]}_{self.name}"


def amount_arg(paise: int) -> int | float:
    """A rupee amount as a tool argument: 50000 for ₹50,000, 1250.5 for ₹1,250.50."""
    return paise // 100 if paise % 100 == 0 else paise / 100


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
    row = conn.execute(
        "SELECT c.full_name, c.date_of_birth, c.segment, a.city FROM customers c "
        "JOIN addresses a ON a.customer_id = c.customer_id AND a.address_type = 'communication' WHERE c.customer_id = ?",
        (customer_id,),
    ).fetchone()
    from tau_indian_bank.bank import clock

    age = clock.age_on(clock.parse_iso(row[1]), clock.today())
    text = f"{row[0]}, {age}, lives in {row[3].title()}. {rng.choice(_TEMPERAMENTS)} Writes in Indian English."
    return f"{text} {note}".strip()


def render_known(known: Sequence[tuple[str, str]]) -> str:
    """Known facts as '- Topic: answer' lines (the scripted customer reads this format)."""
    return "\n".join(f"- {topic}: {answer}" for topic, answer in known)


def task_instructions(opening: str, accept: Sequence[str]) -> str:
    """What the customer does, with the opening line the scripted customer uses verbatim."""
    lines = [f'Opening line: "{opening}"', "Share the details under 'Known info' only when the assistant asks for them."]
    lines.extend(accept)
    lines.append("If the assistant asks you to confirm an action you asked for, confirm it.")
    lines.append("Never share an OTP, PIN, CVV or password.")
    lines.append("When your request is done, or the assistant explains why it cannot be done and you have accepted "
                 "what is offered, thank the assistant and end the conversation.")
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


def assemble(
    family: Family, number: int, draft: Draft, persona_text: str, login_context: str, customer_name: str
) -> dict[str, Any]:
    """The tau2 task (as a JSON-ready dict) for a draft."""
    actions = [action_dump(i, step) for i, step in enumerate(draft.gold)]
    gold_args = {"gold_calls": actions}
    clauses = ", ".join(f"§{c}" for c in family.clauses)
    return {
        "id": f"{family.prefix}_{number:04d}",
        "description": {
            "purpose": f"{family.category.replace('_', ' ')} / {family.name}: {draft.reason}",
            "relevant_policies": clauses,
            "notes": family.why,
        },
        "user_scenario": {
            "persona": persona_text,
            "instructions": {
                "domain": DOMAIN_NAME,
                "reason_for_call": draft.reason,
                "known_info": render_known(draft.known),
                "unknown_info": draft.unknown,
                "task_instructions": task_instructions(draft.opening, draft.accept),
            },
        },
        "ticket": None,
        "initial_state": {
            "initialization_data": None,
            "initialization_actions": [
                {"env_type": "assistant", "func_name": "start_session", "arguments": {"customer_id": draft.customer_id}}
            ],
            # Fixed timestamps keep the task (and tau2's resume check, which hashes it) stable;
            # tau2 re-stamps the history when a session starts.
            "message_history": [
                {"role": "assistant", "content": None, "timestamp": HISTORY_TIME, "cost": 0.0, "tool_calls": [
                    {"id": LOGIN_CONTEXT_CALL_ID, "name": "get_customer_profile", "arguments": {}, "requestor": "assistant"}]},
                {"role": "tool", "id": LOGIN_CONTEXT_CALL_ID, "content": login_context, "requestor": "assistant",
                 "error": False, "timestamp": HISTORY_TIME},
                {"role": "assistant", "content": GREETING.format(name=customer_name), "timestamp": HISTORY_TIME, "cost": 0.0},
            ],
        },
        "evaluation_criteria": {
            "actions": actions,
            "env_assertions": [
                {"env_type": "assistant", "func_name": "assert_gold_calls_made", "arguments": gold_args,
                 "assert_value": True, "message": "Every gold-chain call, reads included, was made."},
                {"env_type": "assistant", "func_name": "assert_writes_pure", "arguments": gold_args,
                 "assert_value": True, "message": "Every change the agent attempted matches a gold-chain change."},
            ],
            "communicate_info": None,
            "nl_assertions": [f"{draft.assertion} ({clauses})"],
            "reward_basis": REWARD_BASIS,
        },
    }
