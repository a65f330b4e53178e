"""The customer's scenario, read once: what it says, knows, does not know and is scripted to do.

tau2 hands a customer simulator only ``str(task.user_scenario)`` (:func:`scenario_of` writes
the same sections from a task as a results file stores it, without tau2). The task generator
writes machine-readable conventions into that text, which a language-model customer reads as
ordinary instructions too:

* a line ``Opening line: "..."`` in the task instructions: what the customer says first (its
  language, :func:`~tau_indian_bank.text.language_of`, is the customer's language);
* lines ``- <Topic>: <answer>`` under "Known info": what the customer knows and will say when
  the assistant asks about that topic (:class:`Fact`);
* the "Reason for call": what the customer wants, said again in its own words when asked;
* "Unknown info": what it does not know (never to be said first: the customer audit's C2);
* robustness tasks only: cue lines ``When the assistant <trigger>, say: "..."`` (:data:`TRIGGERS`,
  :class:`Cue`) and ``Agree only to a proposal that names <token>.``, which script how the
  customer says no, changes its mind, corrects a wrong detail, insists or switches topic.

:func:`read_scenario` is the one parser (cached by the text): the scripted customer
(``participants/scenario.py`` builds its :class:`~tau_indian_bank.participants.scenario.CustomerScript`
on it) and the customer audit (``evaluation/customer/``) both read a scenario through it.
What the scenario wants of a proposal and what a cue line says are in :mod:`.wants`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from tau_indian_bank.text.amounts import amount_values
from tau_indian_bank.text.dates import dates, periods
from tau_indian_bank.text.frames import negated
from tau_indian_bank.text.lexicon import KINDS
from tau_indian_bank.text.lexicon.words import compiled
from tau_indian_bank.text.records import bank_ids, cheque_numbers, endings, mentions, typed_endings
from tau_indian_bank.text.script import language_of, plain
from tau_indian_bank.text.sentences import sentences

_OPENING = re.compile(r'Opening line:\s*"(?P<line>[^"]+)"')
_FACT = re.compile(r"^\s*-\s*(?P<topic>[^:\n]{2,60}):\s*(?P<answer>.+?)\s*$", re.MULTILINE)
_WORD = re.compile(r"[a-z0-9]+")
#: A note in brackets addressed to the customer ("(you first ask for ₹6,50,000, …)", "(give it if the assistant asks)").
NOTE = re.compile(r"\s*\((?=[^)]*\b(?:you|your|give it|assistant)\b)[^)]*\)")
#: A number of four or more digits that is not a year (a PIN code, an account number).
_DIGITS = re.compile(r"\b(?!(?:19|20)\d\d\b)\d{4,}\b")
_OTHER_RECORD = re.compile(r"\b(?:other|another|different) (?:account|card)\b", re.I)
#: Words too common to tell topics or lines apart.
STOPWORDS = frozenset(
    "a an the your you my me of to for and or in on at is are do does which what when how if it its this that "
    "have has had any been was were did may can would could should will think like want with".split()
)
#: Words a question uses for a topic the scenario names otherwise.
_SYNONYMS = {
    "delivery": {"receive", "send", "sent", "deliver", "delivered", "mode", "format", "post", "email", "mail"},
    "reason": {"why", "purpose"},
    "size": {"leaves", "leaf", "pages"},
    "tenure": {"long", "months", "years", "period", "duration", "term"},
    "payee": {"merchant", "biller", "who", "company", "party"},
    "instalment": {"installment", "monthly", "emi", "instalments"},
    "payout": {"paid", "credited"},
}
_SECTION = re.compile(r"(Persona|Reason for call|Known info|Unknown info|Task instructions):")
_SCENARIO_FIELDS = (
    ("reason_for_call", "Reason for call"),
    ("known_info", "Known info"),
    ("unknown_info", "Unknown info"),
    ("task_instructions", "Task instructions"),
)


@dataclass(frozen=True)
class Fact:
    """Something the customer knows: the topic words that prompt it, and the answer."""

    topic: str
    answer: str
    keywords: frozenset[str] = field(default_factory=frozenset)

    @property
    def said(self) -> str:
        """The answer without the notes addressed to the customer ("₹3,25,000 (you first ask for ₹6,50,000, …)")."""
        return NOTE.sub("", self.answer).strip()

    def fits(self, wanted: str) -> bool:
        """Is this fact an answer of the kind ``wanted`` (``number``, ``amount``, ``period``, ``date``)?"""
        if wanted == "number":
            return bool(endings(self.answer) or cheque_numbers(self.answer) or bank_ids(self.answer) or _DIGITS.search(self.answer))
        if wanted == "amount":
            return bool(amount_values(self.answer))
        if wanted == "period":
            return bool(periods(self.answer)) or len(dates(self.answer)) >= 2
        return bool(dates(self.answer))


#: Cue triggers, as the task generator writes them after "When the assistant ".
TRIGGERS = {
    "first proposes a change": "first_proposal",
    "proposes a change or quotes the figures": "figures",
    "tells you what the records show": "first_answer",
    "mentions": "mentions",
}
_CUE = re.compile(r'When the assistant (?P<trigger>[^,"\n]+?), say: "(?P<line>[^"\n]+)"')
_MUST_NAME = re.compile(r"Agree only to a proposal that names (?P<token>[^\n]+?)\.\s*$", re.MULTILINE)
#: What a "mentions" trigger or a must-name rule can name: an amount, a month, a tenure, a last four.
_TOKEN = re.compile(r"₹[\d,]+(?:\.\d\d)?|\b[A-Z][a-z]+ \d{4}\b|\b\d+ months\b|\b\d{4}\b")


@dataclass(frozen=True)
class Cue:
    """A scripted line: what the customer says when the assistant does something."""

    trigger: str
    line: str
    tokens: tuple[str, ...] = ()


def cues_in(text: str) -> tuple[tuple[Cue, ...], tuple[str, ...]]:
    """The scenario's cues and the tokens a proposal must name (both empty for a base task)."""
    cues = []
    for match in _CUE.finditer(text):
        phrase = match["trigger"].strip()
        kind = next((v for k, v in TRIGGERS.items() if phrase.startswith(k)), None)
        if kind is not None:
            tokens = tuple(_TOKEN.findall(phrase)) if kind == "mentions" else ()
            cues.append(Cue(kind, match["line"].strip(), tokens))
    must = tuple(t for m in _MUST_NAME.finditer(text) for t in _TOKEN.findall(m["token"]))
    return tuple(cues), must


def figure_tokens(text: str) -> tuple[str, ...]:
    """The tokens a cue line or a rule names (amounts, months, tenures, last fours), as :func:`names_token` reads them."""
    return tuple(dict.fromkeys(_TOKEN.findall(text)))


def names_token(text: str, token: str) -> bool:
    """Does a text name a scenario token, in the ways assistants write it?

    Tokens: an amount ('₹60,000': any way of writing the same paise), a tenure ('24 months':
    also '24-month', '24 महीने'), a last four ('4821') or a phrase ('April 2025').
    """
    if token.startswith("₹"):
        return bool(amount_values(token) & amount_values(text or ""))
    months = re.fullmatch(r"(\d+) months", token)
    if months:
        return ("months", int(months[1])) in periods(text or "")
    return mentions(text or "", token)


def wanted_kinds(wants: str) -> frozenset[str]:
    """The kinds of change the scenario asks for or accepts: named and not negated ("instead of blocking it")."""
    text = plain(wants)
    return frozenset(kind for kind, words in KINDS.items() if any(not negated(text, m.start()) for m in compiled(words).finditer(text)))


@dataclass(frozen=True)
class Scenario:
    """What a customer's scenario says (see the module docstring)."""

    opening: str
    facts: tuple[Fact, ...]
    #: The scenario's words about what the customer wants and accepts (reason, opening, instructions).
    wants: str = ""
    #: Robustness tasks: scripted lines, and what a proposal must name to get a yes.
    cues: tuple[Cue, ...] = ()
    must_name: tuple[str, ...] = ()
    #: The language the customer writes in: 'en', 'hinglish' or 'hindi' (its opening line's).
    language: str = "en"
    #: The reason for the call, as the scenario states it ("You want to stop payment of cheque …").
    request: str = ""
    #: The scenario accepts the change on another of the customer's records ("cancel it there").
    accepts_other_record: bool = False
    #: The whole scenario, as the customer was given it.
    text: str = ""
    #: The "Unknown info" section: what the customer does not know.
    unknown: str = ""
    #: What the customer brings itself: the reason, its known facts (without the notes to it), its opening and cue lines.
    own: str = ""

    @cached_property
    def wanted(self) -> frozenset[str]:
        """The kinds of change the scenario asks for or accepts (:func:`wanted_kinds`; read when first asked)."""
        return wanted_kinds(self.wants)

    @cached_property
    def records(self) -> frozenset[tuple[str, str]]:
        """The last fours of the accounts and cards the scenario names, with their kind (``typed_endings`` of what it wants)."""
        return typed_endings(self.wants)

    @cached_property
    def cheques(self) -> frozenset[str]:
        """The cheque numbers the scenario names (in what it wants)."""
        return cheque_numbers(self.wants)

    @property
    def declines(self) -> bool:
        """Is the customer scripted to say no to every change ("When the assistant proposes a change or quotes the figures")?"""
        return any(cue.trigger == "figures" for cue in self.cues)

    def own_amounts(self) -> frozenset[int]:
        """The amounts the customer itself brought (its opening, its facts): not a quote when the assistant repeats them."""
        return amount_values(" ".join([self.opening, *(f.answer for f in self.facts), self.wants]))


def _keywords(topic: str) -> frozenset[str]:
    words = {w for w in _WORD.findall(topic.lower()) if w not in STOPWORDS}
    words |= {synonym for word in list(words) for synonym in _SYNONYMS.get(word, ())}
    # Simple stems so that 'deposits' prompts 'deposit', 'cheques' prompts 'cheque', 'stopping' prompts 'stop'.
    stems = {w[:-1] for w in words if w.endswith("s") and len(w) > 3}
    stems |= {re.sub(r"(.)\1$", r"\1", w[:-3]) for w in words if w.endswith("ing") and len(w) > 5}
    return frozenset(words | stems)


def _sections(text: str) -> dict[str, str]:
    """The scenario's sections by name ("Reason for call", "Known info", …), each without its header."""
    pieces = _SECTION.split(text)
    return {name: body.strip() for name, body in zip(pieces[1::2], pieces[2::2])}


def scenario_fields(text: str) -> dict[str, Any]:
    """Every field of a :class:`Scenario` read out of a rendered scenario (for builders on top of it)."""
    opening_match = _OPENING.search(text)
    sections = _sections(text)
    known = sections.get("Known info", "")
    facts = tuple(Fact(m["topic"].strip(), m["answer"].strip(), _keywords(m["topic"])) for m in _FACT.finditer(known))
    reason = text.split("Reason for call:", 1)[-1].strip().splitlines() if "Reason for call:" in text else []
    request = _first_statement(reason[0]) if reason else "You need some help with your account."
    opening = opening_match["line"].strip() if opening_match is not None else request  # a hand-written scenario
    cues, must_name = cues_in(text)
    wants = _wants(text)
    own = "\n".join([sections.get("Reason for call", ""), *(f"{f.topic}: {f.said}" for f in facts), opening, *(cue.line for cue in cues)])
    return {
        "opening": opening,
        "facts": facts,
        "wants": wants,
        "cues": cues,
        "must_name": must_name,
        "language": language_of(opening),
        "request": request,
        "accepts_other_record": _OTHER_RECORD.search(wants) is not None,
        "text": text,
        "unknown": sections.get("Unknown info", ""),
        "own": own,
    }


@lru_cache(maxsize=2048)
def read_scenario(text: str) -> Scenario:
    """Read the opening line, the known and unknown facts, the cues and the request out of a rendered scenario."""
    return Scenario(**scenario_fields(text))


def scenario_of(task: Mapping[str, Any]) -> str:
    """A task's scenario as tau2 renders it for the customer (persona, then the instructions' sections), without tau2.

    ``task`` is a task as a results file or the task files store it.
    """
    scenario = task.get("user_scenario") or {}
    persona, instructions = scenario.get("persona"), scenario.get("instructions") or ""
    lines = [f"Persona:\n\t{persona}"] if persona else []
    if isinstance(instructions, Mapping):
        lines.append("Instructions:")
        lines.append(f"\tDomain: {instructions.get('domain', '')}")
        for key, title in _SCENARIO_FIELDS:
            if instructions.get(key):
                body = "\n".join(f"\t\t{line}" for line in str(instructions[key]).splitlines())
                lines.append(f"\t{title}:\n{body}")
    else:
        lines.append(f"Instructions:\n\t{instructions}")
    return "\n".join(lines)


def _first_statement(reason: str) -> str:
    """The first full sentence of the reason for the call (the rest tells the customer how to behave)."""
    pieces = []
    for piece in sentences(reason):
        pieces.append(piece)
        if piece.endswith((".", "!", "?")):
            break
    return "; ".join(pieces)


def _wants(text: str) -> str:
    """The parts of a scenario that say what the customer asks for and accepts (not "Unknown info")."""
    section = re.compile(r"(Reason for call|Known info|Unknown info|Task instructions):")
    pieces = section.split(text)
    kept = [body for name, body in zip(pieces[1::2], pieces[2::2]) if name != "Unknown info"]
    return "\n".join(kept) or text
