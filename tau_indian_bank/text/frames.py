"""What frames a word: negation, a plan or condition, a question — one rule each.

* **Negation** (one rule, one reach). A word at position *p* is negated when a negator
  stands in its clause (:mod:`tau_indian_bank.text.sentences`) at most
  :data:`NEGATION_REACH` words before it. Negators: *not*, *never*, *no* (not *No.*),
  *nothing*, *none*, *cannot*, any *n't* verb, *without*, *unable*, *neither*, *nor*,
  *yet to*, *no longer*, *instead of*, *rather than*, *other than*; Hinglish *nahi*,
  *nahin*, *nhi*, *mat*, *na*; Hindi *नहीं*, *न*, *ना*, *मत*, *बिना*. *No problem*, *no
  worries*, *no doubt*, *no issue* and *not only* negate nothing. In Hindi and Hinglish the
  negator stands inside the verb (*ब्लॉक नहीं किया*, *block nahi kiya*); the lexicon's verb
  and state patterns are contiguous, so they do not match a negated verb at all.
  "Your card has not been blocked" does not say it is blocked; "it cannot be stopped as it
  has cleared" says that it cleared.
* **Plan, modal or condition.** A word is planned (not yet so) when, in its clause before
  it, stands *will*, *'ll*, *would*, *shall*, *can*, *could*, *may*, *might*, *must*,
  *should*, *going to*, *about to*, *to be*, *once*, *if*, *whether*, *when*, *whenever*,
  *after*, *before*, *until*, *unless*, *as soon as*, *want*, *like*, *need to*, *ready
  to*, *able to*, *let me*, *let's*, *plan*, *option*, *choose*, *prefer*; Hinglish
  *agar*, *jab*, *jaise hi*, *taaki*; Hindi *अगर*, *यदि*, *जब*, *जैसे ही*, *ताकि*. A modal
  that only frames a report (*I can confirm*, *I can see*, *I'd like to inform you*) is no
  plan. In Hindi and Hinglish the future stands inside the verb (*कर दूंगा*, *kar dunga*),
  which the lexicon's done patterns do not match.
* **Question.** A sentence asks when it ends with ``?`` and opens as a question (*Shall
  I…*, *Has it…*, *What…*, *क्या…*, *kya…*, *kaunsa…*); a clause asks when it ends with ``?``.

* **Done frames.** An English verb is said done when, right before it, stands *I (have)*,
  *we (had)*, *'ve*, *has/have/had been*, *'s been*, *is/are now*, *was/were*, *now*,
  *successfully*, *just* or *gone ahead and* (adverbs such as *now*, *already*, *fully* may
  come between): :data:`DONE_FRAME`, and :data:`FIRST_PERSON` when the subject is *I* or *we*.
  A Hindi or Hinglish stem is done when a light verb follows it (:data:`HINDI_DONE`: *ब्लॉक कर
  दिया*, *block ho gaya*, *freeze hua*, *खुल गई*, *ऑर्डर दे दिया*), in the first person with
  *मैंने* / *maine*; a time said with *को* may stand between ("11/04/2026 को हो चुका"); a stem in
  the progressive (*freeze कर रहा हूं*) is done when said *now* (*अब*, *abhi*).
* **Approximation and hypothesis.** A figure is approximate when *about*, *around*,
  *approximately*, *roughly*, *nearly*, *almost*, *close to*, *some*, *a little over*, *just
  under*…, *lagbhag*, *लगभग*, *करीब*, *takriban* stands right before it
  (:func:`approximate_before`); it is offered as an example when its sentence before it holds
  *if*, *for example*, *for instance*, *e.g.*, *say*, *suppose*, *imagine*, *hypothetically*,
  *agar*, *अगर*, *maan lijiye*, *मान लीजिए*, *udaharan*, *उदाहरण* (:func:`hypothetical_before`).
  A sentence compares or combines figures when it says *by*, *more/less than*, *difference*,
  *compared*, *interest*, *in all*, *total*, *kul*, *फर्क*, *ज्यादा*… (:func:`compares_at`).
* **Reference.** A sentence refers back when it holds *it*, *its*, *it's*, *they*, *their*,
  *them*, *this*, *these*, Hinglish *yeh*, *woh*, *ise*, *isko*, *iska*, *uska*, Hindi *यह*,
  *ये*, *वह*, *इसे*, *इसका*, *इसकी*, *उसका* (:func:`refers_back`).

API: :func:`negated`, :func:`negated_prefix`, :func:`planned`, :func:`planned_at`,
:func:`is_question`, :func:`asks_at`, :data:`DONE_FRAME`, :data:`FIRST_PERSON`,
:func:`hindi_done`, :func:`hindi_state`, :func:`hindi_progressive`, :func:`now_before`,
:func:`approximate_before`, :func:`approximation_at`, :func:`compares_at`, :func:`hypothetical_before`,
:func:`refers_back`, :func:`said_now`.
"""

from __future__ import annotations

import re

from tau_indian_bank.text.script import WORD, B, E
from tau_indian_bank.text.sentences import clause_after, clause_before, clause_start, sentence_spans

#: How many words a negator reaches forward in its clause.
NEGATION_REACH = 4

_NOT_NEGATIONS = re.compile(r"\b(?:no (?:problem|worries|doubt|issues?)|not (?:only|just) |not a problem)", re.I)
_NEGATOR = re.compile(
    r"\b(?:not|never|no(?![.:])|nothing|none|cannot|can ?not|\w+n't|without|unable|neither|nor|yet to|no longer|"
    rf"instead of|rather than|other than)\b|{B}(?:nahi|nahin|nhi|mat|na|नहीं|न|ना|मत|बिना){E}",
    re.I,
)
_REPORTING = re.compile(
    r"\b(?:(?:can|could|will|would|may|must|'ll|'d)\s+(?:now\s+|also\s+|just\s+)?(?:confirm|see|tell|say|assure|inform|note|"
    r"let you know|update you|share with you)|(?:would|'d|happy|glad|pleased) (?:like )?to (?:confirm|inform|tell|let you know|"
    r"update you|share))\b",
    re.I,
)
_PLAN = re.compile(
    r"\b(?:will|would|shall|can|could|may|might|must|should|going to|gonna|about to|to be|once|if|whether|when|whenever|after|"
    r"before|until|till|unless|as soon as|wants?|like|needs? to|ready to|able to|let me|let's|plan|option|choose|prefer)\b|'ll\b"
    rf"|{B}(?:agar|yadi|jab|jaise hi|taaki|अगर|यदि|जब|जैसे ही|ताकि){E}",
    re.I,
)
_ASKING = re.compile(
    r"^\W*(?:shall|should|would|could|can|may|might|will|do|does|did|is|are|was|were|has|have|had|what|which|when|where|who|"
    r"whom|whose|why|how|just to (?:check|confirm)|to confirm)\b"
    rf"|^\W*(?:kya|kaun|kaunsa|kaunsi|kab|kahan|kaise|kyun|kitna|kitni|kitne|क्या|कौन|कौनसा|कौनसी|कब|कहां|कैसे|क्यों|कितना|"
    rf"कितनी|कितने){E}",
    re.I,
)


def negated_prefix(prefix: str) -> bool:
    """Does a negator stand within :data:`NEGATION_REACH` words of the end of this clause prefix?"""
    cleared = _NOT_NEGATIONS.sub(" ", prefix)
    found = list(_NEGATOR.finditer(cleared))
    return bool(found) and len(WORD.findall(cleared[found[-1].end() :])) <= NEGATION_REACH


def negated(text: str, at: int) -> bool:
    """Is the word at position ``at`` of ``text`` negated (see the module docstring)?"""
    return negated_prefix(text[clause_start(text, at) : at])


def planned(prefix: str) -> bool:
    """Does a plan, a condition or a modal stand in this clause prefix (a report such as *I can confirm* is none)?"""
    return bool(_PLAN.search(_REPORTING.sub(" ", prefix)))


def planned_at(text: str, at: int) -> bool:
    """Is the word at position ``at`` of ``text`` planned (a plan or condition in its clause before it)?"""
    return planned(clause_before(text, at))


def is_question(sentence: str) -> bool:
    """A sentence that asks rather than states: it ends with '?' and opens as a question."""
    return sentence.rstrip(" )\"'").endswith("?") and bool(_ASKING.match(sentence))


def asks_at(sentence: str, position: int) -> bool:
    """Is the clause at ``position`` (or the whole sentence) a question?"""
    return is_question(sentence) or clause_after(sentence, position).rstrip(" )\"'").endswith("?")


# --- Hindi and Hinglish verb frames (the lexicon gives stems; these make them done or a state) ------------------

#: Between a stem and its light verb, a time said with *को* / *ko* ("भुगतान 11/04/2026 को हो चुका है").
_HINDI_GAP = r"(?:(?:\s+\S+){1,4}?\s+(?:को|ko))?"
#: After a stem, a light verb that makes it done: "ब्लॉक कर दिया (गया)", "ऑर्डर दे दिया", "रोक दिया", "block ho gaya",
#: "freeze hua", "खुल गई", "कर चुका".
HINDI_DONE = (
    r"\s+(?:(?:kar|कर|de|दे)\s+)?(?:diya|di|diye|dia|दिया|दी|दिए)(?:\s+(?:gaya|gayi|gaye|गया|गई|गए))?"
    r"|\s+(?:kiya|ki|किया|की)\s+(?:gaya|gayi|गया|गई)"
    r"|\s+(?:ho|हो)\s+(?:gaya|gayi|gaye|chuka|chuki|chuke|गया|गई|गए|चुका|चुकी|चुके)"
    r"|\s+(?:kar|कर)\s+(?:chuka|chuki|chuke|चुका|चुकी|चुके)"
    r"|\s+(?:hua|hui|hue|huye|हुआ|हुई|हुए)"
    r"|\s+(?:gaya|gayi|gaye|गया|गई|गए)"
)
#: The same, or the plain copula: a stem that describes a state ("ब्लॉक है", "block hai", "बंद था").
HINDI_STATE = HINDI_DONE + r"|\s+(?:hai|hain|tha|thi|the|है|हैं|था|थी|थे)"
#: A stem being done as the assistant speaks ("freeze कर रहा हूं", "transfer kar rahi hoon"): a claim when said *now*.
HINDI_PROGRESSIVE = r"\s+(?:kar|कर)\s+(?:raha|rahi|rahe|रहा|रही|रहे)\s+(?:hoon|hun|hu|hai|hain|हूं|है|हैं)"
#: The first person of a Hindi or Hinglish done verb ("मैंने", "maine", "humne").
HINDI_FIRST_PERSON = rf"{B}(?:maine|mainne|humne|hamne|मैंने|हमने){E}"


def hindi_done(stems: str) -> str:
    """A regex for Hindi/Hinglish verb ``stems`` (alternatives) made done; empty stems give a pattern that never matches."""
    return rf"{B}(?:{stems}){_HINDI_GAP}(?:{HINDI_DONE}){E}" if stems else r"(?!x)x"


def hindi_state(stems: str) -> str:
    """A regex for Hindi/Hinglish ``stems`` describing a state (done, or with the copula)."""
    return rf"{B}(?:{stems}){_HINDI_GAP}(?:{HINDI_STATE}){E}" if stems else r"(?!x)x"


def hindi_progressive(stems: str) -> str:
    """A regex for Hindi/Hinglish ``stems`` being done as the assistant speaks ("freeze कर रहा हूं")."""
    return rf"{B}(?:{stems})(?:{HINDI_PROGRESSIVE}){E}" if stems else r"(?!x)x"


# --- English done frames ------------------------------------------------------------------------

_ADVERBS = r"(?:\s+(?:now|just|also|already|successfully|permanently|temporarily|fully|(?:gone|went) ahead and))*"
#: Ends right before a verb said done ("I have ", "has been ", "was ", "is now ").
DONE_FRAME = re.compile(
    rf"(?:\b(?:i|we)(?:\s+(?:have|had))?|'ve|(?:\b(?:has|have|had)|'s|'ve){_ADVERBS}\s+been|\b(?:is|are)\s+now|\b(?:was|were)|"
    rf"\bnow|\bsuccessfully|\bjust|\b(?:gone|went) ahead and){_ADVERBS}\s+$",
    re.I,
)
#: Ends right before a verb the assistant says it did ("I have ", "we've ").
FIRST_PERSON = re.compile(rf"(?:\b(?:i|we)(?:\s+(?:have|had))?|\b(?:i|we)'ve){_ADVERBS}\s+$", re.I)

_APPROXIMATE = re.compile(
    r"\b(?:about|around|approximately|approx\.?|roughly|nearly|almost|close to|some|"
    r"(?:a little|slightly|just) (?:over|under|more than|less than|above|below))\s*$"
    rf"|{B}(?:lagbhag|takriban|karib|qareeb|लगभग|करीब|तकरीबन){E}\s*$",
    re.I,
)
_HYPOTHETICAL = re.compile(
    r"\b(?:if|for example|for instance|e\.g\.|say|suppose|supposing|imagine|hypothetically)\b"
    rf"|{B}(?:agar|maan lijiye|maan lo|udaharan|अगर|यदि|मान लीजिए|मान लो|उदाहरण){E}",
    re.I,
)
_PRONOUN = re.compile(
    r"\b(?:it|its|it's|they|their|them|this|these)\b"
    rf"|{B}(?:yeh|ye|woh|wo|ise|isko|iska|iski|uska|uski|यह|ये|वह|वे|इसे|इसका|इसकी|इसको|उसका|उसकी){E}",
    re.I,
)


_NOW_BEFORE = re.compile(rf"\bnow\b|{B}(?:ab|abhi|अब|अभी){E}", re.I)
#: Right after a verb: *now* ("frozen now").
NOW_AFTER = re.compile(r"\s+now\b", re.I)


def now_before(text: str, at: int) -> bool:
    """Does *now* (*ab*, *abhi*, *अब*, *अभी*) stand in the clause before position ``at``?"""
    return bool(_NOW_BEFORE.search(clause_before(text, at)))


def said_now(text: str, start: int, end: int) -> bool:
    """Is the verb at ``text[start:end]`` said to be so *now* ("is now frozen", "frozen now", "अब ब्लॉक है")?"""
    return bool(_NOW_BEFORE.search(clause_before(text, start)) or NOW_AFTER.match(text, end))


def approximate_before(text: str, at: int) -> bool:
    """Is the figure at ``at`` said as an approximation ("about ₹1,97,000", "लगभग ₹2 लाख")?"""
    return approximation_at(text, at) is not None


def approximation_at(text: str, at: int) -> str | None:
    """How the figure at ``at`` approximates: ``"under"`` (a little under, just below…), ``"over"`` or ``"about"``; None if exact."""
    match = _APPROXIMATE.search(text, max(0, at - 30), at)
    if match is None:
        return None
    words = match.group(0).lower()
    if re.search(r"under|less than|below|nearly|almost", words):
        return "under"
    return "over" if re.search(r"over|more than|above", words) else "about"


_COMPARES = re.compile(
    r"\b(?:by|differen\w*|more than|less than|compared|than|gain\w*|los[ei]\w*|give up|giving up|forgo\w*|"
    r"extra|short|sav\w+|grows?|increase\w*|earn\w*|interest|total|together|in all|altogether|combined|"
    r"across|sum)\b"
    rf"|{B}(?:zyada|jyada|kam|fark|antar|kul|milakar|byaj|ज्यादा|कम|फर्क|अंतर|कुल|मिलाकर|ब्याज){E}",
    re.I,
)


def compares_at(text: str, at: int) -> bool:
    """Does the sentence holding position ``at`` compare or combine figures ("grows by", "less than", "in all", "कुल")?"""
    start = max((s for s, _ in sentence_spans(text) if s <= at), default=0)
    end = next((s for s, _ in sentence_spans(text) if s > at), len(text))
    return _COMPARES.search(text, start, end) is not None


def hypothetical_before(text: str, at: int) -> bool:
    """Is the figure at ``at`` offered as an example or a hypothesis (its sentence before it says "if", "say", "अगर")?"""
    start = max((s for s, _ in sentence_spans(text) if s <= at), default=0)
    return bool(_HYPOTHETICAL.search(text[start:at]))


def refers_back(sentence: str) -> bool:
    """Does ``sentence`` refer back to something named before, with a pronoun?"""
    return _PRONOUN.search(sentence) is not None
