"""What a question asks for: a choice between options, and the kind of answer it wants.

* **Options** (:func:`options`): the alternatives a question offers, split at *or*, Hinglish *ya*
  and Hindi *या* / *अथवा* (and at the commas of a list before them): "Which tenure would you
  like: 12 or 24 months?" -> ``("12", "24 months")``; "Would you like me to freeze the card
  for now, or block it permanently?" -> ``("would you like me to freeze the card for now",
  "block it permanently")``; "25 ya 50 panne?", "ईमेल से या डाक से?". Only the part after a
  colon or a dash is split when there is one. *Yes or no*, *or not*, *or anything else*, *or
  something else*, *or otherwise*, *ya nahi*, *या नहीं* offer no choice.
* **What is asked** (:func:`asked_for`): the kinds of answer a question wants —

  ``number``  an account, card, cheque or reference number ("which account *number*", "the
  *last four* digits", "cheque *no.*", "*नंबर*", "*अंक*");
  ``amount``  money ("*how much*", "what *amount*", "*kitna*", "*कितना*", "*rakam*", "*राशि*");
  ``period``  a length of time ("*how long*", "which *tenure*", "for what *period*", "*how
  many months*", "*12 or 24 months*", "*kitne mahine*", "*कितने साल*", "*अवधि*");
  ``date``    a day or month ("*when did*…", "tell me *when*…", "what *date*", "*kis mahine*", "*kab*",
              "*कब*", "*तारीख*"; not the "when" of a clause: "when you say stop, do you want…").

  A question can want several ("how much and for how long?"); a yes/no question wants none.
* **Heads** (:func:`question_heads`, :func:`question_head`): the nouns a question asks about
  ("which **account**", "how many **leaves**", "कौन सा **खाता**" -> ``account``; "why" asks for a
  ``reason``); a Hindi or Hinglish noun is given as its English head (:data:`HEAD_NOUNS`).
* **Open questions** (:func:`open_question`): a question that asks what the customer wants done
  ("How would you like to proceed?", "What would you like me to do next?", "How can I help?",
  "Aap kya karwana chahenge?", "मैं आपकी क्या मदद कर सकता हूं?").

Words are matched in :func:`~tau_indian_bank.text.script.plain` text (the functions fold it).

API: :func:`options`, :func:`asked_for`, :func:`question_heads`, :func:`question_head`, :func:`open_question`.
"""

from __future__ import annotations

import re

from tau_indian_bank.text.script import B, E, plain

_OR = re.compile(rf"\s*,?\s+(?:or|{B}ya{E}|{B}या{E}|{B}अथवा{E})\s+", re.I)
_NO_CHOICE = re.compile(
    r"\b(?:yes\s*(?:or|/)\s*no|or not|or (?:anything|something) else|(?:anything|something) else\W+or|or otherwise|or any other)\b"
    rf"|{B}(?:haan ya nahi|ya nahi|हां या नहीं|या नहीं){E}",
    re.I,
)
_LIST = re.compile(r"\s*,\s+")
#: Where an English question opens (Hindi and Hinglish put the question word late: "चेक नंबर क्या है?").
_OPENER = re.compile(r"\b(?:could|can|would|will|do|did|may|shall|should) (?:you|i|we)\b|\b(?:what|which|whose|how|when|why)\b", re.I)
_LEAD = re.compile(r":\s|\s[-–—]\s")
_ASKED = {
    "number": re.compile(
        r"\b(?:numbers?|digits|last (?:four|4)|no\.)|(?<!\w)#"
        rf"|{B}(?:नंबर|संख्या|अंक|nambar|number){E}",
        re.I,
    ),
    "amount": re.compile(
        r"\bhow much\b|\bamount\b|\bsum\b"
        rf"|{B}(?:kitna|kitni rakam|kitne ka|kitne ki|कितना|कितनी राशि|कितने का|कितने की|rakam|raashi|राशि|रकम){E}",
        re.I,
    ),
    "period": re.compile(
        r"\bhow long\b|\btenure\b|\bperiod\b|\bduration\b|\bterm\b|\d+[- ]?(?:months?|years?)\b"
        rf"|(?<!har )(?<!kis )(?<!हर )(?<!किस ){B}(?:months|years|mahine|saal|महीने|महीनों|साल){E}"
        rf"|{B}(?:अवधि|avadhi|muddat|मुद्दत){E}",
        re.I,
    ),
    "date": re.compile(
        r"\bwhen (?:did|do|does|was|were|is|are|will|would|should|can|could|has|have|had)\b"
        r"|\b(?:tell me|let me know|know|remember|recall|confirm) when\b"
        r"|\b(?:what|which|in which) (?:date|day|month|year)\b|\bdate\b"
        rf"|{B}(?:kab|कब|तारीख|तिथि|tarikh|tareekh|kis (?:mahine|saal|din)|किस (?:महीने|साल|दिन)){E}",
        re.I,
    ),
}


def _question_part(sentence: str) -> str:
    """The part of a question that offers its options: after the last colon or dash, up to the question mark."""
    text = plain(sentence).strip().rstrip("?").strip()
    return _LEAD.split(text)[-1].strip()


def options(sentence: str) -> tuple[str, ...]:
    """The alternatives a question offers (empty when it offers none; see the module docstring)."""
    if not plain(sentence).rstrip(" )\"'").endswith("?") or _NO_CHOICE.search(plain(sentence)):
        return ()
    part = _question_part(sentence)
    pieces = [p for p in _OR.split(part) if p.strip()]
    if len(pieces) < 2:
        return ()
    head = _LIST.split(pieces[0])  # "a 25-leaf, a 50-leaf or a 100-leaf book": the list before the last "or"
    if len(head) > 1 and all(len(h.split()) <= 4 for h in head[1:]):
        pieces = [*head, *pieces[1:]]
    elif len(head) > 1:  # "when you say stop, do you want it paused, or blocked?": the first option is its last clause
        pieces = [head[-1], *pieces[1:]]
    return tuple(p.strip(" ,.;()") for p in pieces if p.strip(" ,.;()"))


def asked_for(sentence: str) -> frozenset[str]:
    """The kinds of answer a question wants: ``number``, ``amount``, ``period``, ``date`` (see the module docstring).

    Read from where an English question opens ("Before I work out the maturity *amount*, could you
    confirm your *date* of birth?" wants a date).
    """
    text = plain(sentence)
    opener = _OPENER.search(text)
    text = text[opener.start() :] if opener else text
    return frozenset(kind for kind, pattern in _ASKED.items() if pattern.search(text))


_OPEN = re.compile(
    r"\b(?:how|what)\b[^?]*\b(?:proceed|go ahead|like (?:me |us )?to do|want (?:me |us )?to do|help you with|(?:can|may) i help|"
    r"do next|should i do|shall i do|would you like)\b"
    rf"|{B}(?:kya (?:karna|karwana|karvana) (?:chahenge|chahte|chahti)|kya madad|kaise madad|क्या (?:करना|करवाना) (?:चाहेंगे|चाहते|चाहती)|"
    rf"क्या मदद|कैसे मदद|aage kya|आगे क्या){E}",
    re.I,
)


def open_question(sentence: str) -> bool:
    """Does the question ask what the customer wants done ("How would you like to proceed?")?"""
    return _OPEN.search(plain(sentence)) is not None


#: What a question asks about: the noun after its wh-word ("which **account**", "kaun sa **khata**"), or "why".
_HEAD = re.compile(
    r"\b(?:which|what|whose)\s+(?:(?:is|are|was|were)\s+)?(?:(?:of|kind of|type of|sort of)\s+)?(?:your|the|my)?\s*(?P<head>[a-z]+)"
    r"|\bhow (?:many|much)\s+(?P<quantity>[a-z]+)|\b(?P<why>why)\b"
    rf"|{B}(?:kaun ?sa|kaun ?si|kaun ?se|kitne|kitni|kaunsa|kis|कौन ?सा|कौन ?सी|कौन ?से|कितने|कितनी|किस)\s+(?P<hindi>\S+)"
    rf"|{B}(?P<hindi_why>kyon|kyun|क्यों){E}",
    re.I,
)
#: Hindi and Hinglish nouns a question may ask about, as the English head the scenario's topics use.
HEAD_NOUNS: dict[str, str] = {
    "खाता": "account",
    "खाते": "account",
    "khata": "account",
    "khaata": "account",
    "khate": "account",
    "कार्ड": "card",
    "चेक": "cheque",
    "जमा": "deposit",
    "एफडी": "deposit",
    "राशि": "amount",
    "रकम": "amount",
    "rakam": "amount",
    "राशी": "amount",
    "तारीख": "date",
    "तिथि": "date",
    "tarikh": "date",
    "tareekh": "date",
    "अवधि": "tenure",
    "avadhi": "tenure",
    "पता": "address",
    "कारण": "reason",
    "वजह": "reason",
    "wajah": "reason",
    "vajah": "reason",
    "karan": "reason",
    "पन्ने": "leaves",
    "पन्नों": "leaves",
    "panne": "leaves",
    "किस्त": "instalment",
    "kist": "instalment",
    "महीने": "months",
    "mahine": "months",
    "साल": "years",
    "saal": "years",
    "डिपॉजिट": "deposit",
    "जमाराशि": "deposit",
    "भुगतानकर्ता": "payee",
    "fd": "deposit",
    "rd": "deposit",
    "मकसद": "reason",
    "maksad": "reason",
    "उद्देश्य": "reason",
}
#: Records a question can be about; the last one named before "which one" is what "one" stands for.
_RECORD = re.compile(r"\b(account|card|cheque|deposit|mandate|loan|statement|policy)s?\b", re.I)
_HEAD_SKIP = frozenset("is are was were do does did would should could can will shall i you we it".split())


def question_heads(sentence: str, before: str = "") -> tuple[str, ...]:
    """Every noun a question asks about, in order ("Which account is it on, and why stop it?" -> account, reason).

    "Why" asks for a reason; "which one" stands for the last record named in ``before`` (the
    message up to the question); "the card's last four digits" asks about the card ("the cheque
    number and the account" about both). A Hindi
    or Hinglish noun is given as its English head (:data:`HEAD_NOUNS`).
    """
    heads: list[str] = []
    for match in _HEAD.finditer(sentence):
        if match["why"] or match["hindi_why"]:
            heads.append("reason")
        elif match["hindi"]:
            word = match["hindi"].strip("?.,").lower()
            heads.append(HEAD_NOUNS.get(word, word))
        else:
            head = (match["head"] or match["quantity"] or "").lower()
            if head in ("one", "ones"):
                named = _RECORD.findall(before) or _RECORD.findall(sentence)
                heads.extend(named[-1:])
            elif head and head not in _HEAD_SKIP:
                heads.append(head)
    if not heads and re.search(r"\b(number|digits|details)\b", sentence, re.I):
        heads.extend(_RECORD.findall(sentence))  # "confirm the cheque number and the account": both
    return tuple(dict.fromkeys(h.lower() for h in heads))


def question_head(sentence: str, before: str = "") -> str | None:
    """The (first) noun a question asks about ('Which account is the cheque book for?' -> 'account'; see :func:`question_heads`)."""
    heads = question_heads(sentence, before)
    return heads[0] if heads else None
