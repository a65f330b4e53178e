"""What the scripted customer says, in its language: English, Hinglish or Hindi (Devanagari).

The customer's own short lines (:data:`PHRASES`) and the way it says what it knows: a known
fact or its request, which the scenario writes to the customer ("your savings account ending
2973", "you need the money for a medical bill"), said in the first person ("My savings account
ending 2973.", "I need the money for a medical bill."), without the notes addressed to the
customer ("₹3,25,000 (you first ask for ₹6,50,000, …)" -> "₹3,25,000."). In Hinglish and Hindi
the details stay as the bank writes them (account and card names, amounts), framed in the
customer's language: "Mera savings account ending 7658." / "मेरा savings account ending
7658।" (no "ji" before it: a detail is no yes).

Every yes, no and ending here is read as such by :func:`~tau_indian_bank.text.affirmation` (a
test checks it): the oracle and gate S2 read the customer through the same layer.
"""

from __future__ import annotations

import re

from tau_indian_bank.participants.scenario import NOTE
from tau_indian_bank.vocabulary import STOP, TRANSFER

#: The customer's own lines, by language.
PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "affirm": "Yes, please go ahead.",
        "done": f"No, that's all. Thank you! {STOP}",
        "idle": "Okay, thank you.",
        "dont_know": "I'm sorry, I don't know that.",
        "transfer": f"Okay, thank you. {TRANSFER}",
        "no_credentials": "I'd rather not share that. I was told never to give it to anyone, even the bank.",
        "right": "Yes, that's right.",
        "wrong": "No, it is {fact}",
        "not_wanted": "No, that's not what I want.",
        "not_that_one": "No, not that one. I meant {fact}",
        "not_asked": "No, that's not what I asked for.",
        "meant": "I meant {fact}",
        "as_said": "As I said, {request}",
        "undecided": "I'm not sure. Which one would you suggest?",
        "choose": "Please {change} it.",
        "choose_handover": "Please put me through to a colleague.",
    },
    "hinglish": {
        "affirm": "Haan ji, please go ahead.",
        "done": f"Bas, itna hi chahiye tha. Dhanyavaad! {STOP}",
        "idle": "Theek hai, thank you.",
        "dont_know": "Sorry, mujhe yeh nahi pata.",
        "transfer": f"Theek hai, dhanyavaad. {TRANSFER}",
        "no_credentials": "Sorry, yeh share nahi karna. OTP ya PIN kisi ko nahi batana chahiye, bank ko bhi nahi.",
        "right": "Haan ji, sahi hai.",
        "wrong": "Nahi, {fact}",
        "not_wanted": "Nahi, mujhe yeh nahi chahiye.",
        "not_that_one": "Nahi, woh wala nahi. Mera matlab tha: {fact}",
        "not_asked": "Nahi, maine yeh nahi kaha tha.",
        "meant": "Mera matlab tha: {fact}",
        "as_said": "Jaisa maine bataya: {request}",
        "undecided": "Pata nahi. Aap kaunsa suggest karenge?",
        "choose": "Please {change} kar dijiye.",
        "choose_handover": "Please mujhe kisi colleague se connect kar dijiye.",
    },
    "hindi": {
        "affirm": "हाँ जी, please go ahead.",
        "done": f"बस, इतना ही। धन्यवाद! {STOP}",
        "idle": "ठीक है, धन्यवाद।",
        "dont_know": "माफ़ करें, मुझे यह नहीं पता।",
        "transfer": f"ठीक है, धन्यवाद। {TRANSFER}",
        "no_credentials": "माफ़ करें, OTP या PIN किसी को भी नहीं बताना चाहिए, बैंक को भी नहीं।",
        "right": "हाँ जी, सही है।",
        "wrong": "नहीं, {fact}",
        "not_wanted": "नहीं, मुझे यह नहीं चाहिए।",
        "not_that_one": "नहीं, वह वाला नहीं। मेरा मतलब था: {fact}",
        "not_asked": "नहीं, मैंने यह नहीं कहा था।",
        "meant": "मेरा मतलब था: {fact}",
        "as_said": "जैसा मैंने बताया: {request}",
        "undecided": "पता नहीं। आप कौन सा सुझाएँगे?",
        "choose": "कृपया {change} कर दीजिए।",
        "choose_handover": "कृपया मुझे किसी सहकर्मी से जोड़ दीजिए।",
    },
}
#: How a fact is framed, by language: "my" at its start, and the full stop.
_FRAME = {"en": ("My ", "."), "hinglish": ("Mera ", "."), "hindi": ("मेरा ", "।")}
_SUBJECT_VERB = re.compile(r"\byou\s+(are|were|'re)\b", re.I)
_OBJECT = re.compile(r"\b(to|for|with|from|by|at|about|of|tell|give|send|call|help|let|ask|asks)\s+you\b", re.I)


def first_person(text: str) -> str:
    """The scenario's words to the customer as the customer says them ("your card" -> "my card", "you are" -> "I am")."""
    text = NOTE.sub("", text).strip()
    text = _SUBJECT_VERB.sub(lambda m: "I " + {"are": "am", "were": "was", "'re": "'m"}[m[1].lower()], text)
    text = _OBJECT.sub(lambda m: f"{m[1]} me", text)
    text = re.sub(r"\byourself\b", "myself", text)
    text = re.sub(r"\byours\b", "mine", text)
    text = re.sub(r"\byour\b", "my", text)
    text = re.sub(r"\bYour\b", "My", text)
    return re.sub(r"\b[Yy]ou\b", "I", text)


class Voice:
    """The customer's words in one language."""

    def __init__(self, language: str) -> None:
        self.language = language if language in PHRASES else "en"
        self.words = PHRASES[self.language]

    def __getitem__(self, name: str) -> str:
        return self.words[name]

    def fact(self, answer: str) -> str:
        """A known fact, said by the customer ("your debit card ending 5490" -> "My debit card ending 5490.")."""
        mine, stop = _FRAME[self.language]
        said = first_person(answer).rstrip(".;, ")
        said = mine + said[3:] if said.lower().startswith("my ") else said[:1].upper() + said[1:]
        return f"{said}{stop}"

    def facts(self, answers: list[str]) -> str:
        """Several facts in one reply, each said once."""
        seen = list(dict.fromkeys(answers))
        return " ".join(self.fact(answer) for answer in seen)

    def restate(self, request: str) -> str:
        """The customer's request said again: "As I said, I want to stop payment of cheque 809525 …"."""
        said = first_person(request).rstrip(".;, ")
        if self.language == "en" and not said.startswith("I "):
            said = said[:1].lower() + said[1:]
        return self.words["as_said"].format(request=said) + _FRAME[self.language][1]

    def choose(self, change: str) -> str:
        """The customer's pick among changes offered as alternatives ("Please freeze it.")."""
        if change == "handover":
            return self.words["choose_handover"]
        return self.words["choose"].format(change=change)

    def correct(self, name: str, answer: str) -> str:
        """A correction that names what the customer knows ("No, not that one. I meant my card ending 5490.")."""
        stop = _FRAME[self.language][1]
        fact = self.fact(answer)
        if not fact.startswith("I "):
            fact = fact[:1].lower() + fact[1:]
        return self.words[name].format(fact=fact.rstrip(stop) + stop)
