"""The customer's scenario as a scripted participant reads it.

tau2 hands a user simulator only ``str(task.user_scenario)``. The task generator
writes two machine-readable conventions into that text, which an LLM customer reads
as ordinary instructions too:

* a line ``Opening line: "..."`` in the task instructions: what the customer says first;
* lines ``- <Topic>: <answer>`` under "Known info": what the customer knows and will
  say when the assistant asks about that topic;
* robustness tasks only: cue lines ``When the assistant <trigger>, say: "..."`` (see
  :data:`TRIGGERS`) and ``Agree only to a proposal that names <token>.``, which script how the
  customer says no, changes its mind, corrects a wrong detail, pushes or switches topic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_OPENING = re.compile(r'Opening line:\s*"(?P<line>[^"]+)"')
_FACT = re.compile(r"^\s*-\s*(?P<topic>[^:\n]{2,60}):\s*(?P<answer>.+?)\s*$", re.MULTILINE)
_WORD = re.compile(r"[a-z0-9]+")
_STOPWORDS = frozenset(
    "a an the your you my me of to for and or in on at is are do does which what when how if it its this that "
    "have has had any been was were did may can would could should will think".split()
)


@dataclass(frozen=True)
class Fact:
    """Something the customer knows: the topic words that prompt it, and the answer."""

    topic: str
    answer: str
    keywords: frozenset[str] = field(default_factory=frozenset)


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


@dataclass(frozen=True)
class CustomerScript:
    """What a scripted customer needs from a scenario."""

    opening: str
    facts: tuple[Fact, ...]
    #: The scenario's words about what the customer wants and accepts (reason, opening, instructions).
    wants: str = ""
    #: Robustness tasks: scripted lines, and what a proposal must name to get a yes.
    cues: tuple[Cue, ...] = ()
    must_name: tuple[str, ...] = ()
    #: The language the customer writes in: 'en', 'hinglish' or 'hindi' (from "Writes in …" in the persona).
    language: str = "en"

    def answer_for(self, question: str, head: str | None = None) -> str | None:
        """The answer to a question: the fact about its head noun, else the one sharing the most words.

        Args:
            question: The assistant's question.
            head: The noun the question asks about ('account' in 'Which account is the
                cheque book for?'), if the question has one.
        """
        if head:
            stems = {head, head[:-1] if head.endswith("s") and len(head) > 3 else head}
            for fact in self.facts:
                if fact.keywords & stems:
                    return fact.answer
        words = [w for w in _WORD.findall(question.lower()) if w not in _RECORD_WORDS]
        first_seen = {word: index for index, word in reversed(list(enumerate(words)))}
        best, best_key = None, (0, 0)
        for fact in self.facts:
            shared = fact.keywords & first_seen.keys()
            # More shared words wins; on a tie, the topic the question names first ("which account ... cheque").
            key = (len(shared), -min((first_seen[w] for w in shared), default=len(words)))
            if shared and key > best_key:
                best, best_key = fact, key
        return best.answer if best is not None else None


#: Words that name a kind of record: too common in questions to pick a fact on their own.
_RECORD_WORDS = frozenset("account accounts card cards cheque cheques deposit deposits number digits book".split())
#: Words a question uses for a topic the scenario names otherwise.
_SYNONYMS = {
    "delivery": {"receive", "send", "sent", "deliver", "delivered", "mode", "format", "post", "email", "mail"},
    "reason": {"why"},
    "size": {"leaves", "leaf"},
    "tenure": {"long", "months", "years", "period"},
    "payee": {"merchant", "biller", "who"},
}


def _keywords(topic: str) -> frozenset[str]:
    words = {w for w in _WORD.findall(topic.lower()) if w not in _STOPWORDS}
    words |= {synonym for word in list(words) for synonym in _SYNONYMS.get(word, ())}
    # Simple stems so that 'deposits' prompts 'deposit', 'cheques' prompts 'cheque'.
    return frozenset(words | {w[:-1] for w in words if w.endswith("s") and len(w) > 3})


def parse_scenario(text: str) -> CustomerScript:
    """Read the opening line and the known facts out of a rendered scenario."""
    opening_match = _OPENING.search(text)
    known = text.split("Known info:", 1)[1] if "Known info:" in text else ""
    for marker in ("Unknown info:", "Task instructions:"):
        known = known.split(marker, 1)[0]
    facts = tuple(Fact(m["topic"].strip(), m["answer"].strip(), _keywords(m["topic"])) for m in _FACT.finditer(known))
    if opening_match is not None:
        opening = opening_match["line"].strip()
    else:  # a hand-written scenario: fall back to the reason for the call
        reason = text.split("Reason for call:", 1)[-1].strip().splitlines()
        opening = reason[0].strip() if reason else "Hello, I need some help with my account."
    cues, must_name = cues_in(text)
    return CustomerScript(opening, facts, _wants(text), cues, must_name, language_of(text))


def language_of(text: str) -> str:
    """'hinglish' or 'hindi' when the persona says the customer writes in it, else 'en'."""
    match = re.search(r"\bWrites in (Hinglish|Hindi)\b", text)
    return match[1].lower() if match else "en"


def _wants(text: str) -> str:
    """The parts of a scenario that say what the customer asks for and accepts (not "Unknown info")."""
    section = re.compile(r"(Reason for call|Known info|Unknown info|Task instructions):")
    pieces = section.split(text)
    kept = [body for name, body in zip(pieces[1::2], pieces[2::2]) if name != "Unknown info"]
    return "\n".join(kept) or text
