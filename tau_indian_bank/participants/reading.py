"""How the scripted customer reads an assistant's message.

One message can hold several things: a description of records, a question, a proposal
to make a change, a hand-over, a wrap-up. :func:`read_message` finds the one the
customer must react to, in this order:

1. **hand-over made** — a statement (not a question, not a conditional) that the
   assistant is transferring or has transferred the customer to a person;
2. **credentials asked** — the assistant asks for an OTP, PIN, CVV, password or the
   full card number;
3. **proposal** — a yes/no question that offers to do something ("Shall I block the
   card ending 4821?", "Would you like me to transfer you to a colleague?", "Please
   confirm and I will go ahead."). A wh-question is never a proposal: "Which account
   should I use?" and "How would you like to proceed?" ask for information;
4. **question** — any other question to the customer; its *head* is the noun the
   question asks about ("which **account**", "how many **leaves**");
5. **wrap-up** — "anything else I can help with?", "have a good day";
6. **statement** — anything else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

Kind = Literal["handover_done", "credentials", "proposal", "question", "wrap_up", "statement"]

_SENTENCE_END = re.compile(r"(?<=[.?!])\s+|\n+")
_WH = re.compile(r"(?:^|,)\W*(?:and |so |also |now |then |ok(?:ay)?,? )?(which|what|whose|how|when|where|who|whom|why)\b", re.I)
_PROPOSAL = re.compile(
    r"\b(?:(?:shall|should|may|can|could|do|would) (?:i|we)\b"
    r"|(?:would|do|will) you (?:like|want|prefer) (?:me|us) to\b"
    r"|is (?:it|that) (?:ok(?:ay)?|alright|all right|fine)\b"
    r"|(?:are you|is that) (?:happy|ok(?:ay)?|fine|comfortable)\b"
    r"|(?:do|can|could|will|would) you (?:confirm|agree|approve)\b"
    r"|(?:do|would) you (?:want|like|need|prefer)\b"
    r"|(?:would|does|will|can) (?:that|this) (?:work|suit|do|be (?:ok(?:ay)?|fine|alright|all right))\b"
    r"|(?:go ahead|proceed)\s*\?"
    r"|\(?yes\s*/\s*no\)?|yes or no)",
    re.I,
)
_CONFIRM_REQUEST = re.compile(r"\b(?:please|kindly) (?:confirm|reply yes|say yes|let me know if i (?:should|can|may))\b", re.I)
_TRANSFER_WORDS = re.compile(
    r"\b(transferr?(?:ing|ed)?|hand(?:ing|ed)? (?:you )?over|connect(?:ing|ed)? (?:you|to)|put(?:ting)? you through|escalat(?:ing|ed))\b",
    re.I,
)
_PERSON = re.compile(r"\b(human|colleague|agent|specialist|team|officer|staff|person|representative|executive|branch)\b", re.I)
_TRANSFER_DONE = re.compile(
    r"\b(i am|i'm|i've|i have|we are|we're|we have|we've|now|you are being|you're being|you have been|you've been|"
    r"i will now|i'll now|i shall now|let me now|am now|is now)\b[^.?!]*"
    r"\b(transferr?(?:ing|ed)?|hand(?:ing|ed)? (?:you )?over|connect(?:ing|ed)|put(?:ting)? you through)\b"
    r"|^\W*(transferring|connecting|handing you over)\b",
    re.I,
)
_CONDITIONAL = re.compile(r"\b(if|once|when|unless|should you|shall i|would you like|do you want|can i|may i)\b", re.I)
_CREDENTIAL = re.compile(r"\b(otp|one[- ]time password|pin|cvv|cvc|password|full card number|16[- ]digit card number)\b", re.I)
_ASKING = re.compile(r"\b(share|tell|give|provide|send|enter|type|read out|confirm|need|what is|what's)\b", re.I)
_NEVER_ASK = re.compile(
    r"\b(never|not|don't|do not|won't|will not|no need)\b|\b(?:have|did) you (?:ever )?(?:share|shared|give|gave|given|tell|told|disclose)",
    re.I,
)
_WRAP_UP = re.compile(
    r"\b(anything else|something else|any other (?:question|help|query)|have a (?:great|good|nice|wonderful) day|"
    r"thank you for banking|take care)\b",
    re.I,
)
_HEAD = re.compile(
    r"\b(?:which|what|whose)\s+(?:(?:is|are|was|were)\s+)?(?:(?:of|kind of|type of|sort of)\s+)?(?:your|the|my)?\s*(?P<head>[a-z]+)"
    r"|\bhow (?:many|much)\s+(?P<quantity>[a-z]+)|\b(?P<why>why)\b",
    re.I,
)
#: Records a question can be about; the last one named before "which one" is what "one" stands for.
_RECORD = re.compile(r"\b(account|card|cheque|deposit|mandate|loan|statement|policy)s?\b", re.I)
_HEAD_SKIP = frozenset("is are was were do does did would should could can will shall i you we it".split())


@dataclass(frozen=True)
class Reading:
    """What the customer takes from one assistant message."""

    kind: Kind
    sentence: str = ""
    head: str | None = None
    options: tuple[str, ...] = field(default_factory=tuple)


def sentences(text: str) -> list[str]:
    """The message cut into sentences (a line break also ends one)."""
    return [s.strip() for s in _SENTENCE_END.split(text or "") if s.strip()]


_INFO_CONFIRM = re.compile(
    r"\bconfirm (?:for me )?(?:the|your)\s+(?:[\w-]+\s+){0,3}?"
    r"(number|digits|date|amount|name|period|address|reason|details|account|card|payee|size|type|tenure|balance)\b"
    r"(?![^?]*\b(?:go ahead|proceed)\b)",
    re.I,
)


_INFO_REQUEST = re.compile(r"\b(?:may|can|could) (?:i|we) (?:please )?(?:know|ask|have|get|see|check|confirm|verify)\b", re.I)


def _is_proposal(sentence: str) -> bool:
    if _WH.search(sentence) or _INFO_CONFIRM.search(sentence) or _INFO_REQUEST.search(sentence):
        return False
    if sentence.rstrip().endswith("?") and _PROPOSAL.search(sentence):
        return True
    return bool(_CONFIRM_REQUEST.search(sentence))


def _handover_done(sentence: str) -> bool:
    if sentence.rstrip().endswith("?") or not _TRANSFER_WORDS.search(sentence):
        return False
    match = _TRANSFER_DONE.search(sentence)
    return match is not None and not _CONDITIONAL.search(sentence[: match.start()] + " ") and bool(
        _PERSON.search(sentence) or re.search(r"\btransferr?(ing|ed)\b", sentence, re.I)
    )


def _asks_for_credentials(sentence: str) -> bool:
    return bool(_CREDENTIAL.search(sentence) and _ASKING.search(sentence) and not _NEVER_ASK.search(sentence))


def question_head(sentence: str, before: str = "") -> str | None:
    """The noun a question asks about ('Which account is the cheque book for?' -> 'account').

    "Why" asks for a reason; "which one" stands for the last record named in ``before`` (the
    message up to the question); "the card's last four digits" asks about the card.
    """
    for match in _HEAD.finditer(sentence):
        if match["why"]:
            return "reason"
        head = (match["head"] or match["quantity"] or "").lower()
        if head in ("one", "ones"):
            named = _RECORD.findall(before) or _RECORD.findall(sentence)
            return named[-1].lower() if named else None
        if head and head not in _HEAD_SKIP:
            return head
    if re.search(r"\b(number|digits|details)\b", sentence, re.I):
        named = _RECORD.findall(sentence)
        return named[0].lower() if named else None
    return None


def read_message(text: str) -> Reading:
    """Classify an assistant message by what the customer must react to (see the module doc)."""
    parts = sentences(text)
    for sentence in parts:
        if _handover_done(sentence):
            return Reading("handover_done", sentence)
    for sentence in parts:
        if _asks_for_credentials(sentence):
            return Reading("credentials", sentence)
    for sentence in parts:
        if _is_proposal(sentence):
            return Reading("proposal", sentence, head=question_head(sentence))
    questions = [s for s in parts if s.endswith("?") and not _WRAP_UP.search(s)]
    if questions:
        before = text[: text.find(questions[0])]
        return Reading("question", questions[0], head=question_head(questions[0], before))
    if any(_WRAP_UP.search(s) for s in parts):
        return Reading("wrap_up")
    return Reading("statement")


# --- what a proposal names -----------------------------------------------------------------

#: Kinds of change a customer tells apart; the words that name each.
CHANGE_KINDS: dict[str, re.Pattern[str]] = {
    "block": re.compile(r"\b(block(?:ed|ing)?|hotlist(?:ed|ing)?)\b(?! ?(?:letters|capitals))", re.I),
    "freeze": re.compile(r"\b(freez(?:e|ing)|frozen|temporar(?:y|ily) (?:block|lock|disable)\w*)\b", re.I),
    "unfreeze": re.compile(r"\b(unfreez(?:e|ing)|unblock(?:ed|ing)?|re-?enable the card)\b", re.I),
    "close": re.compile(r"\b(clos(?:e|ing|ure)|break(?:ing)?|foreclos(?:e|ing|ure)|premature(?:ly)?)\b", re.I),
    "stop": re.compile(r"\b(stop(?:ping)?|cancel(?:l?ing|l?ed|lation)?|revok(?:e|ing))\b", re.I),
    "handover": re.compile(
        r"\b(transfer(?:ring)? (?:you|me)|hand(?:ing)? (?:you |me )?over|connect(?:ing)? (?:you|me)|put(?:ting)? (?:you |me )?through"
        r"|escalat(?:e|ing|ion)|colleague|human agent|specialist|someone who can)\b",
        re.I,
    ),
}
_ENDING = re.compile(
    r"\b(?:ending(?: in| with)?|ends? (?:in|with)|last (?:four|4)(?: digits)?(?: are| of)?|[x*]{2,})\s*:?\s*(\d{4})\b", re.I
)
_CHEQUE = re.compile(r"\bcheque(?: number| no\.?| #)?\s*:?\s*(\d{6})\b", re.I)


def change_kinds(text: str) -> frozenset[str]:
    """The kinds of change a text names ('freeze', 'block', 'close', …)."""
    return frozenset(kind for kind, words in CHANGE_KINDS.items() if words.search(text or ""))


def record_endings(text: str) -> frozenset[str]:
    """Last-four digits of accounts and cards a text names ('ending 4821', 'XXXX4821')."""
    return frozenset(_ENDING.findall(text or ""))


def cheque_numbers(text: str) -> frozenset[str]:
    """Six-digit cheque numbers a text names."""
    return frozenset(_CHEQUE.findall(text or ""))


_AMOUNT = re.compile(r"(?:₹|\bRs\.?|\bINR)\s*([\d,]+(?:\.\d+)?)", re.I)
_FIGURE = re.compile(r"(?:₹|\bRs\.?\s*\d|\bINR\s*\d|\d+(?:\.\d+)?\s*%)", re.I)


def amounts(text: str) -> frozenset[int]:
    """Rupee amounts a text names, in paise ('₹1,50,000', 'Rs. 60000.50')."""
    found = set()
    for match in _AMOUNT.finditer(text or ""):
        digits = match[1].replace(",", "").rstrip(".")
        if digits:
            found.add(round(float(digits) * 100))
    return frozenset(found)


def has_figures(text: str) -> bool:
    """Whether a text quotes money or a rate (a quote, a payout, a penalty)."""
    return bool(_FIGURE.search(text or ""))


def names_token(text: str, token: str) -> bool:
    """Whether a text names a scenario token, in the ways assistants write it.

    Tokens: an amount ('₹60,000'), a tenure ('24 months'), a last four ('4821') or a phrase ('April 2025').
    """
    if token.startswith("₹"):
        return round(float(token[1:].replace(",", "")) * 100) in amounts(text)
    months = re.fullmatch(r"(\d+) months", token)
    if months:
        return bool(re.search(rf"\b{months[1]}[ -]?months?\b", text or "", re.I))
    if token.isdigit():
        return bool(re.search(rf"(?<!\d){token}\b", text or ""))
    return token.lower() in (text or "").lower()
