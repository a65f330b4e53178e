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

API: :func:`negated`, :func:`negated_prefix`, :func:`planned`, :func:`is_question`,
:func:`asks_at`.
"""

from __future__ import annotations

import re

from tau_indian_bank.text.script import WORD, B, E
from tau_indian_bank.text.sentences import clause_after, clause_before, clause_start

#: How many words a negator reaches forward in its clause.
NEGATION_REACH = 4

_NOT_NEGATIONS = re.compile(r"\b(?:no (?:problem|worries|doubt|issues?)|not (?:only|just) |not a problem)", re.I)
_NEGATOR = re.compile(
    r"\b(?:not|never|no(?![.:])|nothing|none|cannot|can ?not|\w+n't|without|unable|neither|nor|yet to|no longer|"
    rf"instead of|rather than|other than)\b|{B}(?:nahi|nahin|nhi|mat|na|नहीं|न|ना|मत|बिना){E}", re.I)
_REPORTING = re.compile(
    r"\b(?:(?:can|could|will|would|may|must|'ll|'d)\s+(?:now\s+|also\s+|just\s+)?(?:confirm|see|tell|say|assure|inform|note|"
    r"let you know|update you|share with you)|(?:would|'d|happy|glad|pleased) (?:like )?to (?:confirm|inform|tell|let you know|"
    r"update you|share))\b", re.I)
_PLAN = re.compile(
    r"\b(?:will|would|shall|can|could|may|might|must|should|going to|gonna|about to|to be|once|if|whether|when|whenever|after|"
    r"before|until|till|unless|as soon as|wants?|like|needs? to|ready to|able to|let me|let's|plan|option|choose|prefer)\b|'ll\b"
    rf"|{B}(?:agar|yadi|jab|jaise hi|taaki|अगर|यदि|जब|जैसे ही|ताकि){E}", re.I)
_ASKING = re.compile(
    r"^\W*(?:shall|should|would|could|can|may|might|will|do|does|did|is|are|was|were|has|have|had|what|which|when|where|who|"
    r"whom|whose|why|how|just to (?:check|confirm)|to confirm)\b"
    rf"|^\W*(?:kya|kaun|kaunsa|kaunsi|kab|kahan|kaise|kyun|kitna|kitni|kitne|क्या|कौन|कौनसा|कौनसी|कब|कहां|कैसे|क्यों|कितना|"
    rf"कितनी|कितने){E}", re.I)


def negated_prefix(prefix: str) -> bool:
    """Does a negator stand within :data:`NEGATION_REACH` words of the end of this clause prefix?"""
    cleared = _NOT_NEGATIONS.sub(" ", prefix)
    found = list(_NEGATOR.finditer(cleared))
    return bool(found) and len(WORD.findall(cleared[found[-1].end():])) <= NEGATION_REACH


def negated(text: str, at: int) -> bool:
    """Is the word at position ``at`` of ``text`` negated (see the module docstring)?"""
    return negated_prefix(text[clause_start(text, at):at])


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

#: After a stem, a light verb that makes it done: "ब्लॉक कर दिया (गया)", "रोक दिया", "block ho gaya", "bhej diya".
HINDI_DONE = (r"\s+(?:(?:kar|कर)\s+)?(?:diya|di|diye|dia|दिया|दी|दिए)(?:\s+(?:gaya|gayi|gaye|गया|गई|गए))?"
              r"|\s+(?:kiya|ki|किया|की)\s+(?:gaya|gayi|गया|गई)"
              r"|\s+(?:ho|हो)\s+(?:gaya|gayi|gaye|chuka|chuki|chuke|गया|गई|गए|चुका|चुकी|चुके)")
#: The same, or the plain copula: a stem that describes a state ("ब्लॉक है", "block hai", "बंद था").
HINDI_STATE = HINDI_DONE + r"|\s+(?:hai|hain|tha|thi|the|है|हैं|था|थी|थे)"
#: The first person of a Hindi or Hinglish done verb ("मैंने", "maine", "humne").
HINDI_FIRST_PERSON = rf"{B}(?:maine|mainne|humne|hamne|मैंने|हमने){E}"


def hindi_done(stems: str) -> str:
    """A regex for Hindi/Hinglish verb ``stems`` (alternatives) made done; empty stems give a pattern that never matches."""
    return rf"{B}(?:{stems})(?:{HINDI_DONE}){E}" if stems else r"(?!x)x"


def hindi_state(stems: str) -> str:
    """A regex for Hindi/Hinglish ``stems`` describing a state (done, or with the copula)."""
    return rf"{B}(?:{stems})(?:{HINDI_STATE}){E}" if stems else r"(?!x)x"
