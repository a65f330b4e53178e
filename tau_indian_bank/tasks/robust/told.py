"""``validate``'s facts-from-notes rule: what a task's notes say the customer must be told is a fact of the task.

A family's notes (``description.notes``, the family's ``why``) say what the assistant tells the
customer: "the assistant tells the customer when it was closed", "must tell the customer that
no card ends in those digits", "declines to confirm the false figure and quotes the real one".
The answer check enforces only the task's facts, so each such telling must be one: a fact from
the gold replay or a declared fact (``evaluation.facts.declared_facts``). :func:`told_problems`
reads every telling in the notes (a telling verb whose subject is the assistant, or "the
customer is told") and checks that the task has a fact of the kind it names (:data:`TELLINGS`);
a telling no row reads is a problem too, so notes stay explicit.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tau_indian_bank.evaluation.answers import REFUSAL_OUTCOMES
from tau_indian_bank.evaluation.facts import Fact, notes_without_declared, task_facts

_VERB = re.compile(
    r"\b(?:must |should |then |also )?(?P<verb>tells?|says?|puts?(?= \w+ to the customer| to the customer)|"
    r"points? out|explains?|quotes?|warns?|refuses?|declines?)\b(?P<what>(?:(?!,|\band\b(?! what\b)|\()[^.;])*)",
    re.I,
)
_PASSIVE = re.compile(r"\b(?P<verb>the customer is told|tell a customer)\b(?P<what>(?:(?!,|\band\b|\()[^.;])*)", re.I)
#: Where a clause ends: a full stop (not inside a clause number such as §4.5), a semicolon or a colon.
_CLAUSE = re.compile(r"(?<!\d)[.;:]|[.;:](?!\d)")

#: State outcomes that say why a request cannot be done (a record's state, from the gold replay).
_STATE_OUTCOMES = frozenset(
    {
        "cheque_cleared",
        "deposit_closed",
        "card_blocked",
        "account_dormant",
        "kyc_overdue",
        "mandate_cancelled",
        "payment_not_debited",
        "payment_reversed",
    }
)


def _outcomes(facts: Sequence[Fact]) -> set[str]:
    return {f.value for f in facts if f.kind == "outcome"}


Need = Callable[[Sequence[Fact]], bool]
#: What a telling names -> the facts that say it: (name, words in the telling, the facts it needs).
TELLINGS: tuple[tuple[str, re.Pattern[str], Need], ...] = (
    ("a date", re.compile(r"\bwhen\b", re.I), lambda fs: any(f.kind == "date" for f in fs)),
    (
        "a figure",
        re.compile(
            r"^quotes?\b|\b(what was paid|payout|figures?|balance|real one|total|charge|amount|interest|"
            r"maximum|emi)\b",
            re.I,
        ),
        lambda fs: any(f.kind in ("amount", "percent") for f in fs),
    ),
    ("a rate", re.compile(r"\brates?\b", re.I), lambda fs: any(f.kind == "percent" for f in fs)),
    (
        "a mismatch with the records",
        re.compile(
            r"^puts?\b.*\bto the customer\b|\b(no card|no deposit|no cheque|no mandate|"
            r"mismatch|does not match|differs|misread|misremember\w*)\b",
            re.I,
        ),
        lambda fs: "detail_mismatch" in _outcomes(fs),
    ),
    (
        "that it cannot be undone",
        re.compile(r"\b(permanent\w*|irreversibl\w*|cannot be undone|for good)\b", re.I),
        lambda fs: bool({"block_is_permanent", "refused_irreversible"} & _outcomes(fs)),
    ),
    ("that nothing was debited", re.compile(r"\bnot debited\b", re.I), lambda fs: "payment_not_debited" in _outcomes(fs)),
    ("not to share a code", re.compile(r"\bnot to share\b", re.I), lambda fs: "credential_refused" in _outcomes(fs)),
    ("the outcome", re.compile(r"\bwhat the ([\w-]+ )?(call|payment|part-payment) (did|would do)\b", re.I), lambda fs: bool(fs)),
    (
        "a refusal and why",
        re.compile(r"^(refuses?|declines?)$|\bwhy\b", re.I),
        lambda fs: bool((REFUSAL_OUTCOMES | _STATE_OUTCOMES) & _outcomes(fs)),
    ),
)


def tellings(notes: str) -> list[str]:
    """Each telling in ``notes``: its verb and what is told, up to the end of that phrase ("tells the customer when …").

    A telling is a telling verb after "the assistant" in the same clause (each verb of a list of the assistant's
    actions: "reads it, tells the customer when it was closed, and refuses …"), or "the customer is told".
    """
    found = []
    for clause in _CLAUSE.split(notes_without_declared(notes) or ""):
        at = clause.lower().find("the assistant")
        matches = [*(_VERB.finditer(clause, at) if at >= 0 else ()), *_PASSIVE.finditer(clause)]
        for match in matches:
            found.append(f"{match['verb']}{match['what']}".strip())
    return found


def told_problems(task: Mapping[str, Any]) -> list[str]:
    """A telling in the notes that no fact of the task says, or that no row of :data:`TELLINGS` reads."""
    facts = task_facts(task)
    problems = []
    for telling in tellings(str((task.get("description") or {}).get("notes") or "")):
        verb = telling.split()[0]
        rows = [(name, need) for name, words, need in TELLINGS if words.search(telling) or words.search(verb)]
        if not rows:
            problems.append(f"the notes say the customer is told {telling!r}, which no fact rule reads")
        problems.extend(
            f"the notes say the customer is told {name} ({telling!r}), and no fact says it" for name, need in rows if not need(facts)
        )
    return problems
