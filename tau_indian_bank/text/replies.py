"""Customer answers to a proposal: yes, no, or unclear — in English, Hinglish and Hindi.

:func:`affirmation` reads a customer's reply to a proposal (gate S2, the oracle, the scripted
customer's audit):

* **no** when it starts with a refusal ("No", "Don't", "Wait", "Not yet", "Nahi", "Mat karo",
  "Ruko", "नहीं", "अभी नहीं"; after an interjection too: "Hmm, no…", "Oh, nahi…", "अच्छा, नहीं…"),
  or tells the assistant not to act anywhere ("please don't close
  it", "hold on", "I changed my mind", "no need", "abhi mat kijiye", "zaroorat nahi", "रहने
  दीजिए"); an acknowledgement before a refusal is no yes ("Okay, I understand. No need…",
  "Theek hai, zaroorat nahi"); "no problem" and "no worries" are no refusal;
* **yes** when it affirms ("yes", "okay", "go ahead", "haan ji", "ji", "theek hai", "हां",
  "ठीक है", "बिल्कुल") or tells the assistant to do it ("please block it", "kar dijiye", "कर
  दीजिए"), with no qualifier ("but", "except", "only if", "instead", "maybe", "lekin", "haan
  par…", "shayad", "pehle batao", "लेकिन", "मगर", "शायद"); naming both answers ("haan ya na")
  is no answer;
* **unclear** when it is genuinely ambiguous: "yes, but…", a question ("What is the penalty?",
  "Kitna lagega?"), or a reply that both refuses and affirms without starting with the refusal;
* **none** when it neither affirms, refuses nor asks: it answers something else ("₹2,20,000",
  "my savings account", "Hmm.") — no yes at all.

How a customer ends (the customer audit's C4): :func:`ending` — the tau2 token a message ends
the conversation with (``stop``, ``transfer``, ``out_of_scope``; the words are
:data:`~tau_indian_bank.vocabulary.TOKEN_WORDS`), :func:`without_ending` — the message without
it, :func:`closing_only` — a message that only closes ("No, that's all. Thank you!", "Okay,
bye.", "Bas, itna hi. Dhanyavaad!", "बस, इतना ही। धन्यवाद!"): it answers nothing.

Words are matched in :func:`~tau_indian_bank.text.script.plain` text (the function folds it).
"""

from __future__ import annotations

import re
from typing import Literal

from tau_indian_bank.text.script import WORD, B, E, plain
from tau_indian_bank.text.sentences import sentences
from tau_indian_bank.vocabulary import TOKEN_WORDS

Answer = Literal["yes", "no", "unclear", "none"]

#: An interjection a reply may open with before its answer ("Hmm, no…", "Oh, nahi…", "अच्छा, नहीं…").
_INTERJECTION = rf"(?:(?:hmm+|um+|uh+|oh|ah|well|achha|acha|accha|ओह|अच्छा|हम्म){E}\W+)?"
_NO_START = re.compile(
    rf"^\W*{_INTERJECTION}(no|nope|nah|not (yet|now|really|today)|don'?t|do not|never|wait|hold on|hold off|stop\W*$|"
    r"cancel (that|this|the request)\b|actually,? no)\b"
    rf"|^\W*{_INTERJECTION}(?:ji nahi|ji nahin|जी नहीं|nahi|nahin|nhi|na|mat|ruko|rukiye|ruk jaiye|abhi nahi|rehne do|rahne do|rehne dijiye|"
    rf"नहीं|ना|मत|रुकिए|रुको|"
    rf"अभी नहीं|रहने दीजिए|रहने दो){E}",
    re.I,
)
_NO_ANYWHERE = re.compile(
    r"\b(please don'?t|don'?t|do not|never)\s+(do|go ahead|proceed|make|change|close|block|freeze|unfreeze|cancel|stop|open|"
    r"raise|transfer|update|order|request|file|register|touch)\b|\b(don'?t|do not)\W*$|\bnot (yet|now|right now|today)\b|"
    r"\bhold (on|off)\b|"
    r"\bwait a (sec|second|minute|moment)\b|\bnever ?mind\b|\bchanged my mind\b|\brather not\b|\bi('?d| would) rather\b|"
    r"\bno,? (thanks|thank you|wait|stop|don'?t)\b|\bno need\b|\bnot needed\b"
    rf"|{B}(?:(?:zaroorat|zarurat|jarurat|jaroorat) nahi|(?:जरूरत|ज़रूरत) नहीं|"
    rf"mat (?:karo|kijiye|kijie|karna|karein|karen)|मत (?:करो|कीजिए|करना|करें)|nahi (?:chahiye|karna|karwana)|"
    rf"नहीं (?:चाहिए|करना|करवाना)|abhi nahi|अभी नहीं|rehne (?:do|dijiye)|रहने (?:दो|दीजिए)|ruk(?:iye| jaiye)|रुकिए|"
    rf"(?:mera|मेरा) (?:mann|man|इरादा|मन) (?:badal|बदल)|(?:bilkul|बिल्कुल|ji|जी) (?:nahi|nahin|नहीं)){E}",
    re.I,
)
#: An acknowledgement a reply may open with before its answer, which is no yes by itself when a refusal follows ("Okay, I
#: understand. No need…", "Theek hai, zaroorat nahi", "ठीक है, रहने दीजिए").
_ACKNOWLEDGED = re.compile(
    r"^\W*(?:ok(?:ay)?|alright|all right|fine|i see|achha|acha|accha|theek hai|thik hai|ठीक है|अच्छा)\W+"
    r"(?:(?:i understand|understood|i see|noted|got it|samajh (?:gaya|gayi)|समझ (?:गया|गई))\W+)?",
    re.I,
)
_NOT_NO = re.compile(
    r"\b(no problem|no worries|not a problem|no issues?|why not|no doubt)\b"
    rf"|{B}(?:koi baat nahi|कोई बात नहीं|koi dikkat nahi|कोई दिक्कत नहीं){E}",
    re.I,
)
_YES = re.compile(
    r"\b(yes|yeah|yep|yup|ya|haan|han ji|ji haan|ji|(?<!not )sure|ok|okay|alright|all right|fine|go ahead|proceed|confirm(ed|s)?|correct|"
    r"that'?s (right|correct|fine|ok|okay|good)|sounds good|do it|do that|of course|absolutely|definitely|by all means|"
    r"why not|no problem|please (do|proceed|go ahead|continue))\b"
    r"|\b(please\s+)?(block|freeze|unfreeze|close|cancel|stop|open|raise|order|update|set|change|transfer|file|register|apply|send|"
    r"arrange|connect|escalate|book|start|lower|reduce|increase|enable|disable|turn \w+|switch \w+|put)\s+(it|that|this|them|"
    r"both|the \w+|my \w+|him|her)\b"
    rf"|{B}(?:haan|haa|han|hanji|haanji|theek hai|thik hai|theek|sahi hai|bilkul|zaroor|jaroor|chalega|chaliye|"
    rf"kar (?:do|dijiye|dijie|dein|den)|kardo|kardijiye|kijiye|kijie|हां|जी|ठीक है|ठीक|सही है|बिल्कुल|जरूर|चलेगा|चलिए|"
    rf"कर (?:दो|दीजिए|दें|दीजिये)|कीजिए|कीजिये){E}",
    re.I,
)
_QUALIFIER = re.compile(
    r"\b(but|except|only if|instead|unless|actually|however|though|maybe|perhaps|probably|not sure|i think so"
    r"|before i (?:say|agree|confirm|decide)|tell me first|first,? (?:tell|confirm|check|explain))\b"
    rf"|{B}(?:lekin|magar|parantu|sirf agar|shayad|pakka nahi|pehle (?:batao|bataiye|bataen|batayein)|"
    rf"लेकिन|मगर|परंतु|सिर्फ अगर|बजाय|शायद|पक्का नहीं|पहले (?:बताइए|बताओ|बताएं)){E}"
    rf"|{B}(?:haan|haa|han|ha|ji|theek hai|ok|okay|हां|जी|ठीक है)\W*\s+(?:par|pr|पर){E}",
    re.I,
)
#: Naming the answers is not giving one ("yes or no, what difference does it make?").
_BOTH_ANSWERS = re.compile(rf"{B}(?:yes or no|haan ya (?:na|nahi)|हां या (?:ना|नहीं)){E}", re.I)


def affirmation(text: str) -> Answer:
    """``yes``, ``no``, ``unclear`` or ``none`` for a customer's reply to a proposal (see the module docstring)."""
    text = _BOTH_ANSWERS.sub(" ", plain(text).strip())
    cleared = _NOT_NO.sub(" ", text)
    rest = _ACKNOWLEDGED.sub(" ", cleared, count=1)
    if rest != cleared and (_NO_START.search(rest) or (_NO_ANYWHERE.search(rest) and not _YES.search(_NO_ANYWHERE.sub(" ", rest)))):
        return "no"  # an acknowledgement, then a refusal: "Okay, I understand. No need…"
    no = bool(_NO_START.search(cleared) or _NO_ANYWHERE.search(cleared))
    yes = bool(_YES.search(_NO_ANYWHERE.sub(" ", text)))
    if no:
        return "no" if not yes or _NO_START.search(cleared) else "unclear"
    if yes:
        return "unclear" if _QUALIFIER.search(text) else "yes"
    return "unclear" if asks(text) else "none"


def asks(text: str) -> bool:
    """Does a customer's reply ask something (a sentence that ends with ``?``)?"""
    return any(sentence.rstrip(" )\"'").endswith("?") for sentence in sentences(text))


_ENDING = re.compile(r"###(" + "|".join(re.escape(word) for word in TOKEN_WORDS) + r")###")
#: Words that close a conversation and say nothing else, in English, Hinglish and Hindi (as :func:`plain` writes them).
_CLOSING_WORDS = frozenset(
    "no yes ok okay alright right thanks thank you so much very lot bye goodbye good day have a nice great wonderful that "
    "thats s is it all for now nothing else perfect fine cheers take care appreciate helpful sir madam ji done got it "
    "understood noted bas itna hi chahiye tha dhanyavaad dhanyawad dhanyavad shukriya theek thik hai achha accha acha "
    "haan nahi nahin kuch aur namaste alvida बस इतना ही धन्यवाद शुक्रिया ठीक है जी अच्छा चाहिए था नहीं कुछ और हां नमस्ते".split()
)


def ending(text: str) -> str | None:
    """How a customer's message ends the conversation: ``stop``, ``transfer``, ``out_of_scope`` (tau2's tokens), or None."""
    match = _ENDING.search(text or "")
    return TOKEN_WORDS[match.group(1)] if match else None


def without_ending(text: str) -> str:
    """A customer's message without tau2's ending token."""
    return _ENDING.sub(" ", text or "").strip()


def closing_only(text: str) -> bool:
    """Does a customer's message only close the conversation (thanks, that's all, bye), answering nothing?"""
    words = [w.lower() for w in WORD.findall(plain(without_ending(text)))]
    return all(w in _CLOSING_WORDS for w in words)
