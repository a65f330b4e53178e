"""The customer's scenario as a scripted participant reads it, and which of its facts answers a question.

tau2 hands a user simulator only ``str(task.user_scenario)``. The task generator
writes machine-readable conventions into that text, which an LLM customer reads
as ordinary instructions too:

* a line ``Opening line: "..."`` in the task instructions: what the customer says first (its
  language, :func:`~tau_indian_bank.text.language_of`, is the customer's language);
* lines ``- <Topic>: <answer>`` under "Known info": what the customer knows and will
  say when the assistant asks about that topic;
* the "Reason for call": what the customer wants, said again in its own words when asked;
* robustness tasks only: cue lines ``When the assistant <trigger>, say: "..."`` (see
  :data:`TRIGGERS`) and ``Agree only to a proposal that names <token>.``, which script how the
  customer says no, changes its mind, corrects a wrong detail, pushes or switches topic.

Which fact answers a question (:meth:`CustomerScript.answer_for`): the fact whose topic is the
noun the question asks about (``Account`` for "which account…?"), preferring one of the kind of
answer the question wants (:func:`~tau_indian_bank.text.questions.asked_for`: "which account
*number*" wants digits — the account, not "Whose account: your business partner" —, "*how
much*" an amount, "*how long*" a period); else the fact of that kind sharing the most words with
the question; for a choice ("12 or 24 months?"), the fact that names exactly one of the options.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tau_indian_bank.text import (
    amount_values,
    bank_ids,
    cheque_numbers,
    dates,
    endings,
    language_of,
    mentions,
    periods,
    plain,
    sentences,
)
from tau_indian_bank.text.questions import asked_for, options
from tau_indian_bank.text.script import WORD
from tau_indian_bank.text.speech import HEAD_NOUNS

_OPENING = re.compile(r'Opening line:\s*"(?P<line>[^"]+)"')
_FACT = re.compile(r"^\s*-\s*(?P<topic>[^:\n]{2,60}):\s*(?P<answer>.+?)\s*$", re.MULTILINE)
_WORD = re.compile(r"[a-z0-9]+")
#: A note in brackets addressed to the customer ("(you first ask for ₹6,50,000, …)", "(give it if the assistant asks)").
NOTE = re.compile(r"\s*\((?=[^)]*\b(?:you|your|give it|assistant)\b)[^)]*\)")
#: A number of four or more digits that is not a year (a PIN code, an account number).
_DIGITS = re.compile(r"\b(?!(?:19|20)\d\d\b)\d{4,}\b")
_OTHER_RECORD = re.compile(r"\b(?:other|another|different) (?:account|card)\b", re.I)
_STOPWORDS = frozenset(
    "a an the your you my me of to for and or in on at is are do does which what when how if it its this that "
    "have has had any been was were did may can would could should will think like want with".split()
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
    #: The language the customer writes in: 'en', 'hinglish' or 'hindi' (its opening line's).
    language: str = "en"
    #: The reason for the call, as the scenario states it ("You want to stop payment of cheque …").
    request: str = ""
    #: The scenario accepts the change on another of the customer's records ("cancel it there").
    accepts_other_record: bool = False

    def answer_for(self, question: str, head: str | None = None, wanted: frozenset[str] | None = None) -> Fact | None:
        """The fact that answers a question, or None (see the module docstring).

        Args:
            question: The assistant's question.
            head: The noun the question asks about ('account' in 'Which account is the
                cheque book for?'), if the question has one.
            wanted: The kinds of answer to look for, when not all the question asks for.
        """
        wanted = asked_for(question) if wanted is None else wanted
        fitting = [f for f in self.facts if not wanted or any(f.fits(kind) for kind in wanted)]
        chosen = _naming_one_option(fitting, options(question))
        if chosen is not None:
            return chosen
        words = [HEAD_NOUNS.get(w, w) for w in _words(question) if w not in _RECORD_WORDS]
        first_seen = {word: index for index, word in reversed(list(enumerate(words)))}
        stems = {head, head[:-1] if head.endswith("s") and len(head) > 3 else head} if head else set()
        best, best_key = None, None
        for fact in self.facts:
            shared = fact.keywords & first_seen.keys()
            named, fits = bool(fact.keywords & stems), fact in fitting
            # The topic the question names, an answer of the kind asked, more shared words, a topic that is just that
            # noun, the one named first. A fact of another kind answers only when its topic is the noun asked about.
            key = (named, fits, len(shared), -len(fact.keywords), -min((first_seen[w] for w in shared), default=len(words)))
            if (named or (shared and fits)) and (best_key is None or key > best_key):
                best, best_key = fact, key
        if best is None and not head and wanted & {"amount", "period"} and len(fitting) == 1:
            best = fitting[0]  # "How much each month?": the one amount it knows
        return best

    def names_one_option(self, offered: tuple[str, ...]) -> Fact | None:
        """For a choice ("12 or 24 months?"), the one known fact that names exactly one of the options."""
        return _naming_one_option(list(self.facts), offered)

    def answers_for(self, question: str, heads: tuple[str, ...] = ()) -> list[Fact]:
        """The facts that answer a question, one per noun it asks about ("Which account, and why?")."""
        found = [f for f in (self.answer_for(question, head) for head in heads or (None,)) if f is not None]
        kinds = asked_for(question)
        if not heads and len(kinds) > 1:  # "How much, and for how long?": one fact for each kind asked
            found += [f for f in (self.answer_for(question, None, frozenset({k})) for k in sorted(kinds)) if f is not None]
        return list(dict.fromkeys(found))

    def own_amounts(self) -> frozenset[int]:
        """The amounts the customer itself brought (its opening, its facts): not a quote when the assistant repeats them."""
        return amount_values(" ".join([self.opening, *(f.answer for f in self.facts), self.wants]))


#: Words that name a kind of record: too common in questions to pick a fact on their own.
_RECORD_WORDS = frozenset("account accounts card cards cheque cheques deposit deposits number digits book".split())
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


def _words(text: str) -> list[str]:
    """The words of a text, lower case, in either script."""
    return [w.lower() for w in WORD.findall(plain(text))]


def _naming_one_option(facts: list[Fact], offered: tuple[str, ...]) -> Fact | None:
    """For a choice ("12 or 24 months?"), the one fact that names exactly one of the options."""
    if len(offered) < 2:
        return None
    tokens = []
    for option in offered:
        words = {w for w in _words(option) if w not in _STOPWORDS and w not in _RECORD_WORDS and (w.isdigit() or len(w) > 3)}
        tokens.append({w for w in words if w.isdigit()} or words)  # "the 12-month or the 36-month deposit": the numbers
    naming = [f for f in facts if sum(bool(t & set(_words(f.said))) for t in tokens) == 1]
    return naming[0] if len(naming) == 1 else None


def _keywords(topic: str) -> frozenset[str]:
    words = {w for w in _WORD.findall(topic.lower()) if w not in _STOPWORDS}
    words |= {synonym for word in list(words) for synonym in _SYNONYMS.get(word, ())}
    # Simple stems so that 'deposits' prompts 'deposit', 'cheques' prompts 'cheque', 'stopping' prompts 'stop'.
    stems = {w[:-1] for w in words if w.endswith("s") and len(w) > 3}
    stems |= {re.sub(r"(.)\1$", r"\1", w[:-3]) for w in words if w.endswith("ing") and len(w) > 5}
    return frozenset(words | stems)


def parse_scenario(text: str) -> CustomerScript:
    """Read the opening line, the known facts, the cues and the request out of a rendered scenario."""
    opening_match = _OPENING.search(text)
    known = text.split("Known info:", 1)[1] if "Known info:" in text else ""
    for marker in ("Unknown info:", "Task instructions:"):
        known = known.split(marker, 1)[0]
    facts = tuple(Fact(m["topic"].strip(), m["answer"].strip(), _keywords(m["topic"])) for m in _FACT.finditer(known))
    reason = text.split("Reason for call:", 1)[-1].strip().splitlines() if "Reason for call:" in text else []
    request = _first_statement(reason[0]) if reason else "You need some help with your account."
    opening = opening_match["line"].strip() if opening_match is not None else request  # a hand-written scenario
    cues, must_name = cues_in(text)
    wants = _wants(text)
    return CustomerScript(opening, facts, wants, cues, must_name, language_of(opening), request,
                          _OTHER_RECORD.search(wants) is not None)


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
