"""Speech acts of an assistant message: what it asks of the customer, in English, Hinglish and Hindi.

One message can hold several things: a description of records, a question, a proposal to make
a change, a hand-over, a wrap-up. :func:`read_message` finds the one the customer must react to,
in this order:

1. **hand-over made** — a statement (not a question, not a conditional) that the assistant is
   transferring or has transferred the customer to a person ("I am transferring you to a
   colleague", "main aapko hamare colleague se connect kar raha hoon", "मैं आपको ट्रांसफर कर रहा हूं");
2. **credentials asked** — the assistant asks for an OTP, PIN, CVV, password or the full card
   number (not "never share your PIN", "पिन कभी न बताएं", nor a yes/no confirmation that only
   mentions one: "I won't need your UPI PIN; shall I cancel the mandate?");
3. **proposal** — a yes/no question that offers to do something ("Shall I block the card ending
   4821?", "Would you like me to transfer you to a colleague?", "Please confirm and I will go
   ahead.", "Kya main aapka card block kar dun?", "क्या मैं चेक बुक का ऑर्डर कर दूं?", "Naya card
   chahiye?", "आपकी पुष्टि मिलते ही मैं … कर दूंगा"), or an offer made now on the customer's
   wish ("I can also order a replacement card if you'd like."; not one for later: "once you
   find it, I can unfreeze it if you like"). A wh-question is never a proposal: "Which account
   should I use?", "How would you like to proceed?", "कौन सा खाता?", "Aap kya karwana
   chahenge?" ask for information; an offer of more help is a wrap-up ("Can I help you with
   anything else?", "क्या मैं आपकी और कोई मदद कर सकती हूं?");
4. **question** — any other question to the customer, or a polite request for information
   without a question mark ("Please tell me the new address.", "कृपया नया पता बताइए।"); its
   *head* (:func:`~tau_indian_bank.text.questions.question_head`) is the noun the question asks about ("which **account**",
   "how many **leaves**", "कौन सा **खाता**" -> ``account``);
5. **wrap-up** — "anything else I can help with?", "have a good day", "aur kuch?", "और कुछ?",
   "और कोई मदद?";
6. **statement** — anything else.

The :class:`Reading` also holds every question of the message (a message may ask several) and
the options the chosen sentence offers (:func:`~tau_indian_bank.text.questions.options`).

Besides: :func:`change_kinds` (the kinds of change a text names: block, freeze, close…, from the
lexicon's :data:`~tau_indian_bank.text.lexicon.KINDS`), :func:`asks_for_yes` (gate S2: does a proposal turn ask the customer for a yes —
"shall I", "would you like me to", "go ahead", "confirm", "is that okay", "kar dun?", "क्या
मैं", "ठीक है?"…), :func:`announces_lookup` (a message that only announces a look-up: "let me
check", "one moment", "ek minute", "मैं देखता हूं"), :func:`offers` (a sentence that offers
the change: "I will…", "To confirm:…", "main … karungi"), :func:`is_wrap_up` and
:func:`informs` (a message that tells the customer something, not only asks, greets,
acknowledges or announces a look-up).

Statements about the records (gate S6): :func:`cites_records` — the sentence cites the records
("I can see", "our records show", "according to", "marked as", "records mein", "रिकॉर्ड के
अनुसार"); :func:`completion_at` — a generic completion ("that's done", "your request has been
processed", "you're all set", "sab ho gaya", "आपका काम हो गया है").

Words are matched in :func:`~tau_indian_bank.text.script.plain` text (``read_message`` folds it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from tau_indian_bank.text.frames import negated
from tau_indian_bank.text.lexicon import KINDS
from tau_indian_bank.text.lexicon.words import compiled
from tau_indian_bank.text.questions import options, question_head
from tau_indian_bank.text.script import B, E, plain
from tau_indian_bank.text.sentences import clause_after, clause_before, sentences

Kind = Literal["handover_done", "credentials", "proposal", "question", "wrap_up", "statement"]

_WH = re.compile(
    r"(?:^|,)\W*(?:and |so |also |now |then |ok(?:ay)?,? )?(which|what|whose|how|when|where|who|whom|why)\b"
    rf"|{B}(?:kaun ?sa|kaun ?si|kaun ?se|kitna|kitni|kitne|kab|kahan|kaise|kyon|kyun|kis|कौन ?सा|कौन ?सी|कौन ?से|"
    rf"कितना|कितनी|कितने|कब|कहां|कैसे|क्यों|किस|किसे){E}|(?:kya|क्या) (?:hai|है)\s*\?"
    rf"|{B}(?:kya|क्या) (?:karna|karwana|karvana|chahiye|chahenge|chahte|करना|करवाना|चाहिए|चाहेंगे|चाहते){E}",
    re.I,
)
_PROPOSAL = re.compile(
    r"\b(?:(?:shall|should|may|can|could|do|would) (?:i|we)\b"
    r"|(?:would|do|will) you (?:like|want|prefer) (?:me|us) to\b"
    r"|is (?:it|that) (?:ok(?:ay)?|alright|all right|fine)\b"
    r"|(?:are you|is that) (?:happy|ok(?:ay)?|fine|comfortable)\b"
    r"|(?:do|can|could|will|would) you (?:confirm|agree|approve)\b"
    r"|(?:do|would) you (?:want|like|need|prefer)\b"
    r"|(?:would|does|will|can) (?:that|this) (?:work|suit|do|help|be (?:ok(?:ay)?|fine|alright|all right))\b"
    r"|(?:go ahead|proceed)\s*\?"
    r"|\(?yes\s*/\s*no\)?|yes or no|\byes\s*\?)"
    rf"|{B}(?:kya|क्या) (?:main|mai|hum|मैं|हम){E}|{B}(?:kya|क्या) (?:aap|आप) (?:chahenge|chahte|chahti|चाहेंगे|चाहते|चाहती){E}"
    rf"|{B}(?:kar (?:dun|doon|du|den|dein)|कर (?:दूं|दें)|karun|karoon|करूं|(?:theek|thik|ठीक) (?:hai|है)|aage badh(?:un|e|ein)|"
    rf"आगे बढूं|आगे बढें|haan ya nahi|हां या नहीं|sahi hai|सही है|(?:karna|karwana|करना|करवाना) (?:hai|है)|chahiye|चाहिए){E}\s*\?",
    re.I,
)
_CONFIRM_REQUEST = re.compile(
    r"\b(?:please|kindly) (?:confirm|reply yes|say yes|let me know if i (?:should|can|may))\b"
    r"|\blet me know if you(?:'d| would)? (?:like|want) me to\b"
    rf"|{B}(?:(?:kripya|कृपया|please) )?(?:confirm (?:kar(?:ein|en|iye|ie|o)|kijiye|kijie)|"
    rf"पुष्टि (?:कर(?:ें|िए)|कीजिए)|haan (?:bol|kah)(?:ein|iye|ie)|हां (?:बोलिए|कहिए|कहें)|"
    rf"(?:aapki |आपकी )?(?:पुष्टि|confirmation) (?:मिलते ही|मिलने पर|milte hi|milne par)|"
    rf"confirm (?:karte|milte) hi|haan (?:kehte|milte) hi){E}",
    re.I,
)
_TRANSFER_WORDS = re.compile(
    r"\b(transferr?(?:ing|ed)?|hand(?:ing|ed)? (?:you )?over|connect(?:ing|ed)? (?:you|to)|put(?:ting)? you through|escalat(?:ing|ed))\b"
    rf"|{B}(?:ट्रांसफर|जोड\S*|transfer|connect){E}",
    re.I,
)
_PERSON = re.compile(
    r"\b(human|colleague|agent|specialist|team|officer|staff|person|representative|executive|branch)\b"
    rf"|{B}(?:सहकर्मी|सहयोगी|अधिकारी|टीम|एजेंट|कर्मचारी|शाखा|sahyogi|sahkarmi|colleague|team){E}",
    re.I,
)
_TRANSFER_DONE = re.compile(
    r"\b(i am|i'm|i've|i have|we are|we're|we have|we've|now|you are being|you're being|you have been|you've been|"
    r"i will now|i'll now|i shall now|let me now|am now|is now)\b[^.?!]*"
    r"\b(transferr?(?:ing|ed)?|hand(?:ing|ed)? (?:you )?over|connect(?:ing|ed)|put(?:ting)? you through)\b"
    r"|^\W*(transferring|connecting|handing you over)\b"
    rf"|{B}(?:transfer|connect|ट्रांसफर|जोड)\s+(?:kar|कर)\s+(?:raha|rahi|rahe|diya|di|diye|रहा|रही|रहे|दिया|दी|दिए){E}"
    rf"|{B}(?:जोडा|जोडी|जोडे|joda|ट्रांसफर किया|transfer kiya|connect kiya)\s+(?:जा|ja)\s+(?:रहा|रही|रहे|raha|rahi|rahe){E}",
    re.I,
)
_CONDITIONAL = re.compile(
    r"\b(if|once|when|unless|should you|shall i|would you like|do you want|can i|may i)\b"
    rf"|{B}(?:agar|jab|अगर|जब|यदि){E}",
    re.I,
)
_CREDENTIAL = re.compile(
    r"\b(otp|one[- ]time password|pin|cvv|cvc|password|full card number|16[- ]digit card number)\b"
    rf"|{B}(?:ओटीपी|पिन|पासवर्ड|सीवीवी){E}",
    re.I,
)
_ASKING = re.compile(
    r"\b(share|tell|give|provide|send|enter|type|read out|confirm|need|what is|what's)\b"
    rf"|{B}(?:bataiye|batayein|bataye|batao|dijiye|dijie|bhejiye|share kar(?:ein|iye)|बताइए|बताएं|बताइये|"
    rf"दीजिए|भेजिए|भेजें|शेयर करें|शेयर कीजिए|bhejein|bhej dijiye){E}",
    re.I,
)
_NEVER_ASK = re.compile(
    r"\b(never|not|don't|do not|won't|will not|no need)\b|\b(?:have|did) you (?:ever )?(?:share|shared|give|gave|given|tell|told|disclose)"
    rf"|{B}(?:kabhi|mat|na|nahi|कभी|मत|न|नहीं){E}",
    re.I,
)
_WRAP_UP = re.compile(
    r"\b(anything else|something else|anything more|any other (?:question|help|query|way)|help (?:you )?with any(?:thing)?|"
    r"have a (?:great|good|nice|wonderful) day|"
    r"thank you for banking|take care)\b"
    rf"|(?<!\bya )(?<!\bor )(?<!\sया ){B}(?:aur kuch|kuch aur|koi aur|aur koi|aur kisi|kisi aur|और कुछ|कुछ और|कोई और|और कोई|"
    rf"और किसी|किसी और){E}(?=\W*$|(?:\s+\S+){{0,2}}\s+(?:madad|sahayata|help|seva|kaam|chahiye|sawal|cheez|baat|मदद|"
    rf"सहायता|सेवा|काम|चाहिए|सवाल|चीज|बात){E})"
    rf"|{B}(?:aapka|आपका) (?:din|दिन) (?:shubh|शुभ){E}",
    re.I,
)
_INFO_CONFIRM = re.compile(
    r"\bconfirm (?:for me )?(?:the|your)\s+(?:[\w-]+\s+){0,3}?"
    r"(number|digits|date|amount|name|period|address|reason|details|account|card|payee|size|type|tenure|balance)\b"
    r"(?![^?]*\b(?:go ahead|proceed)\b)",
    re.I,
)
_INFO_REQUEST = re.compile(r"\b(?:may|can|could) (?:i|we) (?:please )?(?:know|ask|have|get|see|check|confirm|verify)\b", re.I)
_ASKS_FOR_YES = re.compile(
    r"\b(shall i|should i|may i|can i|could i|shall we|would you like me to|do you want me to|want me to|"
    r"(ok|okay|alright|all right|fine) (for me )?to|go ahead|go-ahead|proceed|confirm|reply yes|say yes|"
    r"happy for me to|if you're happy|if you are happy|say the word|let me know if|if you agree|"
    r"is (that|this|it) (ok|okay|alright|all right|fine)|if (that's|that is) (ok|okay|alright|all right|fine))\b"
    r"|\b(?:yes|ok|okay|alright|yes or no)\s*\?"
    rf"|{B}(?:haan|हां)\s*\?|{B}(?:kya (?:main|mai|hum)|क्या (?:मैं|हम)|kar (?:dun|doon|du|den|dein)|कर (?:दूं|दें)|karun|करूं|"
    rf"(?:kya|क्या) (?:aap|आप) (?:chahenge|chahte|चाहेंगे|चाहते)|aage badh\w*|आगे बढ\S*|confirm kar\w*|पुष्टि\S*|"
    rf"(?:theek|thik|ठीक) (?:hai|है)\s*\?|haan (?:bol|kah)\S*|हां (?:बोल|कह)\S*|पुष्टि मिलते ही){E}",
    re.I,
)
#: An offer made on the customer's wish, now ("if you'd like", "agar aap chahein"); not one for later ("once you find it").
_ON_YOUR_WISH = re.compile(
    r"\bif you(?:'d| would)? (?:like|want|wish|prefer)\b(?! to \w+ (?:later|again))"
    rf"|{B}(?:agar aap chahen|agar aap chahein|अगर आप चाहें){E}",
    re.I,
)
_LATER = re.compile(
    r"\b(?:later|in (?:the )?future|whenever|once you|when you|if you find|next time)\b"
    rf"|{B}(?:baad mein|बाद में|jab aap|जब आप){E}",
    re.I,
)
_OFFER = re.compile(
    r"\b(?:i|we)(?: will|'ll| can| could| would|'d| shall| am going to|'m going to| are going to)\b"
    r"(?! (?:also |now |only )?(?:see|check|look|verify|tell you|let you know|inform|note|confirm that|not)\b)"
    r"|\bto confirm\b|\bhere is what i\b|\blet me\b(?! (?:check|look|see|know|verify|find|pull|explain))"
    rf"|{B}(?:main|mai|hum|मैं|हम){E}[^.?!।]*?{B}(?:karunga|karungi|kar dunga|kar dungi|kar deta|kar deti|kar sakta|kar sakti|"
    rf"करूंगा|करूंगी|कर दूंगा|कर दूंगी|कर देता|कर देती|कर सकता|कर सकती){E}",
    re.I,
)
#: A polite request for information without a question mark ("Please tell me the new address.", "कृपया नया पता बताइए।").
_TELL_ME = re.compile(
    r"\b(?:please|kindly)\s+(?:\S+\s+){0,3}?(?:tell (?:me|us)|share|give me|provide|send me|let (?:me|us) know)\b"
    r"(?!\s+if\b)"
    rf"|{B}(?:kripya|कृपया|please|zara|जरा)\s[^.?!।]*?(?<!\sन )(?<!\sना )(?<!मत )(?<!\sna )(?<!mat )"
    rf"{B}(?:bataiye|batayein|bata dijiye|बताइए|बताएं|बताइये|बता दीजिए){E}",
    re.I,
)
_HOLDING = re.compile(
    r"\b(?:let me (?:check|look|pull|see|verify|find)|one moment|just a moment|please wait|"
    r"i(?:'ll| will) (?:check|look|verify))\b"
    rf"|{B}(?:ek (?:minute|minit|pal|second)|एक (?:मिनट|पल)|check kar (?:raha|rahi|leta|leti)|"
    rf"dekh(?:ta|ti) (?:hoon|hun)|देख(?:ता|ती) (?:हूं|हूँ)|जांच कर(?:ता|ती)|कृपया प्रतीक्षा){E}",
    re.I,
)


_CITES_RECORDS = re.compile(
    r"\b(i can see|i see|i've checked|i have checked|records? shows?|shows? that|shows it|according to|as per|on record|"
    r"our records|it looks like|it appears|marked as|status (?:is|shows))\b"
    rf"|{B}(?:records? (?:mein|me|ke anusar)|रिकॉर्ड (?:में|के अनुसार)|(?:मैं )?देख (?:सकता|सकती) (?:हूं|हूँ)|"
    rf"dikh raha|दिख रहा|दिखाता है){E}",
    re.I,
)
_COMPLETION = re.compile(
    r"\b(?:all|everything|that|this|it)(?:'s| is| has been| was)?\s+(?:now\s+|all\s+)*(?:done|sorted|set(?!\s+(?:to|up)\b)|"
    r"taken care of|complete|completed|in place|processed)\b"
    r"|\byou(?:'re| are)\s+(?:all\s+)?(?:set|good to go)\b"
    r"|\b(?:your|the|both)\s+(?:\w+\s+)?(?:requests?|instructions?|changes?|updates?|records?|details|settings|complaints?|"
    r"disputes?|claims?|applications?)\s+(?:is|are|has been|have been|"
    r"was|were)\s+(?:now\s+)?(?:successfully\s+)?(?:done|complete|completed|processed|actioned|carried out|taken care of|in place|"
    r"through|updated|made|applied|saved|submitted|successful)\b"
    r"|\b(?:i|we)(?:'ve| have)\s+(?:now\s+)?(?:done|completed|processed|actioned|taken care of|carried out|made|handled|sorted)\s+"
    r"(?:that|this|it|everything|all|the needful|all the changes|(?:your|the) (?:requests?|changes?|updates?|closure|"
    r"cancellation|transfer|booking|order|instruction))\b"
    r"|^\W*(?:done|all done)\b|\bconsider it done\b"
    r"|\bsuccessfully (?:completed|processed|done)\b"
    r"|\bchanges? (?:has|have) been (?:made|applied|saved)\b"
    rf"|{B}(?:sab|saara|kaam|request|सब|सारा|काम|अनुरोध)\s+(?:ho gaya|ho chuka|हो गया|हो चुका|पूरा हो गया|poora ho gaya){E}"
    rf"|^\W*(?:ho gaya|हो गया){E}",
    re.I,
)
#: Cheap test first: a sentence with none of these can hold no generic completion.
COMPLETION_KEYS = (
    "done",
    "sorted",
    "set",
    "taken care",
    "complete",
    "in place",
    "processed",
    "good to go",
    "updated",
    "made",
    "applied",
    "saved",
    "submitted",
    "successful",
    "actioned",
    "carried out",
    "handled",
    "ho gaya",
    "हो गया",
    "ho chuka",
    "हो चुका",
)


@dataclass(frozen=True)
class Reading:
    """What the customer takes from one assistant message."""

    kind: Kind
    sentence: str = ""
    head: str | None = None
    #: The alternatives the sentence offers ("12 or 24 months?"; :func:`~tau_indian_bank.text.questions.options`).
    options: tuple[str, ...] = field(default_factory=tuple)
    #: Every question of the message to the customer, in order (not the wrap-up).
    questions: tuple[str, ...] = field(default_factory=tuple)


def is_proposal(sentence: str) -> bool:
    """Is ``sentence`` a proposal: a yes/no question offering to do something, or a request to confirm one?

    An offer made now on the customer's wish is one too ("I can also order a replacement card if
    you'd like."), not one for later ("Once you find it, I can unfreeze it if you like.").
    """
    if _WH.search(sentence) or _INFO_CONFIRM.search(sentence) or _INFO_REQUEST.search(sentence):
        return False
    if sentence.rstrip().endswith("?") and _PROPOSAL.search(sentence):
        return True
    if _ON_YOUR_WISH.search(sentence) and offers(sentence) and not _LATER.search(sentence):
        return True
    return bool(_CONFIRM_REQUEST.search(sentence))


def _offers_more_help(sentence: str) -> bool:
    """A wrap-up that offers more ("Can I help you with anything else?", "Aur kuch chahiye?"), not a proposal of a change."""
    return bool(is_wrap_up(sentence) and not change_kinds(sentence) and not re.search(r"\b(?:go ahead|proceed)\b", sentence, re.I))


def handover_done(sentence: str) -> bool:
    """Does ``sentence`` say that a hand-over to a person is being (or has been) made?"""
    if sentence.rstrip().endswith("?") or not _TRANSFER_WORDS.search(sentence):
        return False
    match = _TRANSFER_DONE.search(sentence)
    return (
        match is not None
        and not _CONDITIONAL.search(sentence[: match.start()] + " ")
        and bool(_PERSON.search(sentence) or re.search(r"\btransferr?(ing|ed)\b|ट्रांसफर|transfer (?:kar|कर)", sentence, re.I))
    )


def asks_for_credentials(sentence: str) -> bool:
    """Does ``sentence`` ask for an OTP, PIN, CVV, password or the full card number?

    It must hold an asking word that is not negated ("I won't need your UPI PIN" asks for
    nothing) and a credential whose clause neither negates it nor says it is never asked ("no
    PIN is needed", "never share your OTP", "पिन कभी न बताएं"): a yes/no confirmation that only
    mentions a secret is no request for it.
    """
    asking = [m for m in _ASKING.finditer(sentence) if not negated(sentence, m.start())]
    if not asking:
        return False
    for match in _CREDENTIAL.finditer(sentence):
        clause = clause_before(sentence, match.start()) + clause_after(sentence, match.start())
        if not negated(sentence, match.start()) and not _NEVER_ASK.search(clause):
            return True
    return False


def is_wrap_up(sentence: str) -> bool:
    """Does ``sentence`` close the conversation ("anything else?", "have a good day", "और कुछ?")?"""
    return _WRAP_UP.search(sentence) is not None


def asks_for_yes(text: str) -> bool:
    """Does ``text`` (a proposal turn) ask the customer for a yes (gate S2)?"""
    return _ASKS_FOR_YES.search(plain(text)) is not None


def offers(sentence: str) -> bool:
    """Does ``sentence`` offer a change the assistant will make, not a look-up or a report?

    "I will block…", "To confirm:…", "Main yeh karungi:", "मैं इसे बंद कर दूंगी" offer; "I'll
    check", "I can see" do not.
    """
    return _OFFER.search(plain(sentence)) is not None


def announces_lookup(text: str) -> bool:
    """Does ``text`` announce a look-up ("let me check", "one moment", "ek minute", "मैं देखता हूं")?"""
    return _HOLDING.search(plain(text)) is not None


#: A sentence that only acknowledges or greets ("Sure, I can help with that.", "I'm sorry to hear that.", "ठीक है।").
_PLEASANTRY = re.compile(
    r"^\W*(?:sure|certainly|of course|absolutely|ok(?:ay)?|alright|right|great|got it|understood|noted|i understand|i see|"
    r"no problem|thank(?:s| you)|hello|hi|hey|good (?:morning|afternoon|evening)|welcome|namaste|namaskar|"
    r"i(?:'d| would)? (?:be )?(?:happy|glad) to help|i can (?:help|assist)|happy to help|let me help|(?:i'm |i am )?sorry|"
    r"i apologi[sz]e)\b"
    rf"|^\W*(?:theek hai|ji|zaroor|jaroor|bilkul|samajh gay[ai]|ठीक है|जी|जरूर|बिल्कुल|समझ गय[ाी]|नमस्ते|नमस्कार|धन्यवाद){E}",
    re.I,
)
_PLEASANTRY_WORDS = 8


def informs(text: str) -> bool:
    """Does an assistant message tell the customer something?

    A sentence informs unless it asks (ends with ``?``), wraps up, only announces a look-up
    ("let me check", "एक मिनट"), or only acknowledges (:data:`_PLEASANTRY`, at most eight words,
    no negation, no figure: "Sure, I can help with that." — not "I'm sorry, but a closed
    deposit cannot be reopened.").
    """
    for sentence in sentences(plain(text or "")):
        if sentence.rstrip(" )\"'").endswith("?") or is_wrap_up(sentence) or _HOLDING.search(sentence):
            continue
        short = len(sentence.split()) <= _PLEASANTRY_WORDS and not re.search(r"\d", sentence)
        if _PLEASANTRY.search(sentence) and short and not negated(sentence, len(sentence)):
            continue
        return True
    return False


def read_message(text: str) -> Reading:
    """Classify an assistant message by what the customer must react to (see the module docstring)."""
    parts = sentences(plain(text or ""))
    for sentence in parts:
        if handover_done(sentence):
            return Reading("handover_done", sentence)
    for sentence in parts:
        if asks_for_credentials(sentence):
            return Reading("credentials", sentence)
    questions = tuple(s for s in parts if (s.endswith("?") or (_TELL_ME.search(s) and not _NEVER_ASK.search(s))) and not is_wrap_up(s))
    for sentence in parts:
        if is_proposal(sentence) and not _offers_more_help(sentence):
            return Reading("proposal", sentence, head=question_head(sentence), options=options(sentence), questions=questions)
    if questions:
        folded = plain(text or "")
        before = folded[: folded.find(questions[0])]
        return Reading(
            "question", questions[0], head=question_head(questions[0], before), options=options(questions[0]), questions=questions
        )
    if any(is_wrap_up(s) for s in parts):
        return Reading("wrap_up")
    return Reading("statement")


def change_kinds(text: str) -> frozenset[str]:
    """The kinds of change a text names ('freeze', 'block', 'close', …; see the lexicon's ``KINDS``)."""
    folded = plain(text or "")
    return frozenset(kind for kind, words in KINDS.items() if compiled(words).search(folded))


def cites_records(sentence: str) -> bool:
    """Does ``sentence`` cite the records ("I can see", "records show", "according to", "रिकॉर्ड के अनुसार")?"""
    return _CITES_RECORDS.search(sentence) is not None


def completion_at(sentence: str) -> re.Match[str] | None:
    """The generic completion a sentence states ("that's done", "you're all set", "sab ho gaya"), if any."""
    lowered = sentence.lower()
    if not any(key in lowered for key in COMPLETION_KEYS):
        return None
    return _COMPLETION.search(sentence)
