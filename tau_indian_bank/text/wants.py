"""What a customer's scenario wants: of a proposal, of its own words, and what its cue lines say.

Read once, for the scripted customer (which answers by it) and the customer audit (which
judges a language-model customer by it):

* :func:`objection` — why the scenario does not want a proposed change: a kind of change it
  neither asks for nor accepts (a freeze is not a block), a cheque or an account or card of
  the same kind other than the one(s) it names (unless it accepts another record);
  :func:`missing_terms` — what a proposal leaves out of what the customer changed to ("Agree
  only to a proposal that names ₹3,25,000.");
* :func:`unknown_kinds` — the kinds of figure the scenario's "Unknown info" says the customer
  does not know: ``percent`` (a rate, a ratio), ``amount`` (a payout, a balance, a limit, a
  charge, an EMI, the gold rate), ``number`` (a deposit, loan, policy or reference number, an
  id, an IFSC), ``date`` (a due date, *when* something happened); :func:`unknown_records` — for
  ``number``, whose numbers: the id prefixes of the records it names (a deposit's ``FD``/``RD``,
  a mandate's ``MND``, a transaction's ``TXN``…), ``IFSC`` for an IFSC code, ``ACCOUNT`` for an
  account number; :func:`unknown_words` — the words that name what it does not know ("payout",
  "rate", "balance", "limit", "closed"), to tell a guess at it from a misstated figure of its own;
* :func:`says_cue` — does a customer turn say a cue line, in its own words: by the line's
  content, never by string equality. A line that names figures is said when the turn names
  its new figure (what a proposal must name, else a figure of the line the customer knows:
  the corrected digits, the new amount); a decline line when the turn says no
  (:func:`~tau_indian_bank.text.replies.affirmation`); any other line (insisting, a change of
  mind without figures, a payee) when the turn shares at least half of its content words (of
  a change of mind or a correction, of the words it does not share with the opening line: what
  changed).
  ``"partly"``: a figure line paraphrased without its figure, or a quarter of its words shared.

The scenario's own text is English (the task generator writes it); the customer's turns may be
in English, Hinglish or Hindi, read through the layer's figures, replies and words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from tau_indian_bank.text.records import cheque_numbers, mentions, typed_endings
from tau_indian_bank.text.replies import affirmation
from tau_indian_bank.text.scenario import STOPWORDS, Cue, Scenario, figure_tokens, names_token
from tau_indian_bank.text.script import WORD, plain
from tau_indian_bank.text.sentences import sentences
from tau_indian_bank.text.speech import change_kinds, offers
from tau_indian_bank.vocabulary import ID_PREFIXES

Said = Literal["yes", "partly", "no"]

#: What the "Unknown info" section names, by the kind of figure the customer would state for it.
_UNKNOWN = {
    "percent": re.compile(r"(?<!gold )\b(?:interest )?rates?\b|\bratio\b|\bthe figure\b", re.I),
    "amount": re.compile(
        r"\b(?:payout|amounts?|balances?|limits?|penalty|charges?|fees?|emis?|total|maximum loan|gold rate|"
        r"the figure|how much)\b",
        re.I,
    ),
    "number": re.compile(r"\b(?:numbers?|references?|ids?|ifsc(?: code)?)\b", re.I),
    "date": re.compile(r"\b(?:dates?|when)\b", re.I),
}
#: The records whose number "Unknown info" may name, by the noun it names them with: their id prefixes (or IFSC, ACCOUNT).
_UNKNOWN_RECORDS = {
    "deposit": (ID_PREFIXES["fixed_deposit"], ID_PREFIXES["recurring_deposit"]),
    "loan": (ID_PREFIXES["loan"],),
    "mandate": (ID_PREFIXES["mandate"],),
    "policy": (ID_PREFIXES["insurance_policy"],),
    "transaction": (ID_PREFIXES["transaction"],),
    "request": (ID_PREFIXES["service_request"],),
    "ifsc": ("IFSC",),
    "account": ("ACCOUNT",),
}
_NOUN = re.compile(r"\b(" + "|".join(_UNKNOWN_RECORDS) + r")(?:'s|s)?\b", re.I)
#: Words of "Unknown info" that name a figure the customer does not know (not a record: "deposit", "card", "number").
_FIGURE_NOUNS = frozenset(
    "payout penalty rate rates interest amount amounts maturity balance balances limit limits highest "
    "maximum charge charges outstanding emi emis instalment instalments date due closed cleared paid "
    "presented ratio value gold fee fees total".split()
)
#: Six digits on their own: a cheque number as a cue line corrects it ("the cheque number is 048426, not 048462").
_SIX_DIGITS = re.compile(r"(?<![\d,.])\d{6}(?![\d,])")
#: Words of a cue line that carry no content of their own, beside :data:`~tau_indian_bank.text.scenario.STOPWORDS`.
_FILLER = frozenset("and but not the its it's that this these them they then there one also just yes".split())


@dataclass(frozen=True)
class Objection:
    """Why a scenario does not want a proposal: ``change`` (another kind), ``cheque`` or ``record`` (another one: the one it means)."""

    reason: Literal["change", "cheque", "record"]
    detail: str = ""


def missing_terms(scenario: Scenario, message: str) -> list[str]:
    """The tokens the scenario says a proposal must name that ``message`` does not name (empty for a base task)."""
    return [token for token in scenario.must_name if not names_token(message, token)]


def objection(scenario: Scenario, message: str, sentence: str) -> Objection | None:
    """Why the scenario does not want the change a message proposes, or None when it does.

    The proposal must name a kind of change the scenario asks for or accepts (a freeze is not a
    block) and, where it names an account, card or cheque, one the scenario names. The named
    kinds are read from the proposing ``sentence``, or, when it names none ("Shall I go ahead?"),
    from the sentences that offer the change ("I will…", "To confirm: I will…"), never from a
    description of the records ("Your card is blocked."); the named records likewise, then from
    the whole message. A card is compared with a card, an account with an account.
    """
    offered = " ".join(part for part in sentences(plain(message)) if offers(part))
    kinds = change_kinds(sentence) or change_kinds(offered)
    if kinds and not kinds & scenario.wanted:
        return Objection("change", ", ".join(sorted(kinds)))
    if scenario.accepts_other_record:
        return None
    named_cheques = cheque_numbers(sentence) or cheque_numbers(offered) or cheque_numbers(message)
    if named_cheques and scenario.cheques and not named_cheques & scenario.cheques:
        return Objection("cheque", sorted(scenario.cheques)[0])
    named = typed_endings(sentence) or typed_endings(offered) or typed_endings(message)
    for kind, digits in named:
        rivals = {d for k, d in scenario.records if not kind or not k or k == kind}
        if rivals and digits not in rivals and not {d for _, d in named} & rivals:
            return Objection("record", sorted(rivals)[0])
    return None


def unknown_kinds(scenario: Scenario) -> frozenset[str]:
    """The kinds of figure the scenario's "Unknown info" lists (see the module docstring)."""
    return frozenset(kind for kind, pattern in _UNKNOWN.items() if pattern.search(scenario.unknown))


def unknown_records(scenario: Scenario) -> frozenset[str]:
    """Whose numbers the scenario's "Unknown info" says the customer does not know (see the module docstring)."""
    if "number" not in unknown_kinds(scenario):
        return frozenset()
    return frozenset(prefix for m in _NOUN.finditer(scenario.unknown) for prefix in _UNKNOWN_RECORDS[m.group(1).lower()])


def unknown_words(scenario: Scenario) -> frozenset[str]:
    """The words of the scenario's "Unknown info" that name a figure the customer does not know ("payout", "rate")."""
    return content_words(scenario.unknown) & _FIGURE_NOUNS


def key_tokens(scenario: Scenario, cue: Cue) -> tuple[str, ...]:
    """The figures a turn must name to say ``cue``: what a proposal must name, else the line's figures the customer knows."""
    line = cue.line
    tokens = [t for t in figure_tokens(line) if not t.isdigit() or len(t) == 4] + _SIX_DIGITS.findall(line)
    if scenario.must_name:
        named = [t for t in tokens if any(names_token(t, must) or t == must for must in scenario.must_name)]
        if named:
            return tuple(dict.fromkeys(named))
    known = " ".join(fact.said for fact in scenario.facts)
    return tuple(dict.fromkeys(t for t in tokens if names_token(known, t)))


def content_words(text: str) -> frozenset[str]:
    """The words of a text that carry its content: three letters or more, not a stopword or a filler."""
    return frozenset(w for w in (w.lower() for w in WORD.findall(plain(text))) if len(w) >= 3 and w not in STOPWORDS and w not in _FILLER)


def _overlap(line: str, turn: str, besides: str = "") -> float:
    """The share of the line's content words the turn says (of those not in ``besides``, when three or more are left)."""
    wanted = content_words(line)
    distinct = wanted - content_words(besides)
    wanted = distinct if len(distinct) >= 3 else wanted
    return len(wanted & content_words(turn)) / len(wanted) if wanted else 0.0


def says_cue(scenario: Scenario, cue: Cue, turn: str) -> Said:
    """Does a customer turn say a cue line in its own words (see the module docstring)?"""
    keys = key_tokens(scenario, cue)
    if keys and any(names_token(turn, key) or (key.isdigit() and mentions(turn, key)) for key in keys):
        return "yes"
    if cue.trigger == "figures" and affirmation(turn) == "no":
        return "yes"
    # A change of mind or a correction says what differs from the opening line: its own words, not the opening's.
    share = _overlap(cue.line, turn, scenario.opening if cue.trigger in ("first_proposal", "mentions") else "")
    if not keys and share >= 0.5:
        return "yes"
    return "partly" if share >= 0.25 else "no"
