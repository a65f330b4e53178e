r"""Text as every reader sees it: one normal form, word boundaries that know Devanagari, the language.

* :func:`plain` — the one normal form. Markdown emphasis (``*``, ``_``, `````, ``#``) is
  dropped, curly apostrophes and quotes are straightened, Devanagari digits become ASCII
  digits (``२,२०,०००`` -> ``2,20,000``), and Devanagari spelling variants fold to one:
  the nukta is dropped (``फ़्रीज़`` -> ``फ्रीज``) and candrabindu becomes anusvara
  (``हाँ`` -> ``हां``). Every Hindi word in the lexicon is written in this folded form,
  so readers match ``plain(text)``; positions a reader returns are positions in the text
  it was given.
* :data:`B` and :data:`E` — the start and end of a word. Python's ``\b`` treats a
  Devanagari vowel sign as a non-word character (``\bकार्ड\b`` cuts the word after
  ``क``), so every pattern of the layer that may hold Hindi uses these instead;
  :func:`word_pattern` wraps alternatives in them; :data:`WORD` finds words.
* :func:`language_of` — ``"hindi"`` when a text is mostly Devanagari, ``"hinglish"`` when
  Latin-script Hindi words carry it (*haan*, *nahi*, *kar dijiye*, *mera*…), else ``"en"``;
  :func:`fits_language` — is a customer's message in its scenario's language, allowing the
  code-mixing Indian customers write ("हाँ जी, please go ahead", "Mera savings account ending
  7658."), or too short to tell (None: fewer than three words)?
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Literal

Language = Literal["en", "hinglish", "hindi"]
LANGUAGES: tuple[Language, ...] = ("en", "hinglish", "hindi")

#: The Devanagari block's letters, vowel signs and digits (not the danda ``।`` and ``॥``, which end a sentence).
DEVANAGARI = "\u0900-\u0963\u0966-\u097f"
#: Characters that belong to a word, in either script.
WORD_CHARS = rf"\w{DEVANAGARI}"
#: Start and end of a word (``\b`` for text that may hold Devanagari).
B = rf"(?<![{WORD_CHARS}])"
E = rf"(?![{WORD_CHARS}])"
#: One word, in either script.
WORD = re.compile(rf"[{WORD_CHARS}]+")

_DIGITS = str.maketrans("०१२३४५६७८९", "0123456789")
_FOLD = str.maketrans(
    {
        "\u093c": None,
        "\u0901": "\u0902",
        "\u2019": "'",
        "\u2018": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u0958": "\u0915",
        "\u0959": "\u0916",
        "\u095a": "\u0917",
        "\u095b": "\u091c",
        "\u095c": "\u0921",
        "\u095d": "\u0922",
        "\u095e": "\u092b",
        "\u095f": "\u092f",
    }
)
_MARKDOWN = re.compile(r"[*_`#]+")
_DEVANAGARI_LETTER = re.compile(r"[\u0900-\u0963]")
_LATIN_LETTER = re.compile(r"[A-Za-z]")
#: Latin-script Hindi words that do not occur in English chat (``ho``, ``do``, ``main`` are left out: English has them).
HINGLISH_MARKERS = frozenset(
    "hai hain nahi nahin nhi kya kar karo kariye kijiye kijie dijiye dijie diya diye gaya gayi mera meri mere mujhe "
    "aap aapka aapki aapke apna apni apne hum humne maine haan haa ji theek thik bhi ke ki ka ko se mein liye "
    "chahiye chahte chahenge karna karwana karna raha rahi rahe wala wali wale kuch aur lekin abhi isko usko yeh "
    "woh dhanyavaad dhanyawad shukriya bataiye batayein kripya hoon hun tha thi".split()
)


_DEVANAGARI_DIGIT = re.compile("[\u0966-\u096f]")


def digits_ascii(text: str) -> str:
    """``text`` with Devanagari digits as ASCII digits (same length, so positions stay valid)."""
    return text.translate(_DIGITS) if _DEVANAGARI_DIGIT.search(text) else text


@lru_cache(maxsize=16384)
def plain(text: str) -> str:
    """The one normal form every reader matches (see the module docstring)."""
    if text.isascii():
        return _MARKDOWN.sub("", text)
    folded = unicodedata.normalize("NFC", text).translate(_FOLD).translate(_DIGITS)
    return _MARKDOWN.sub("", folded)


def word_pattern(*alternatives: str) -> str:
    """A regex matching any of ``alternatives`` (regexes themselves) as whole words, in either script."""
    return f"{B}(?:{'|'.join(alternatives)}){E}"


def has_devanagari(text: str) -> bool:
    """Does ``text`` hold a Devanagari letter?"""
    return _DEVANAGARI_LETTER.search(text) is not None


@lru_cache(maxsize=4096)
def language_of(text: str) -> Language:
    """The language a text is written in: ``hindi`` (mostly Devanagari), ``hinglish`` or ``en``.

    Hindi when at least a third of its letters are Devanagari; Hinglish when at least two of
    its words, and one in six, are Latin-script Hindi words (:data:`HINGLISH_MARKERS`).
    """
    devanagari = len(_DEVANAGARI_LETTER.findall(text))
    latin = len(_LATIN_LETTER.findall(text))
    if devanagari and devanagari * 2 >= latin:
        return "hindi"
    words = [w.lower() for w in WORD.findall(text) if _LATIN_LETTER.match(w)]
    markers = sum(w in HINGLISH_MARKERS for w in words)
    return "hinglish" if markers >= 2 and markers * 6 >= len(words) else "en"


def _marker_share(text: str) -> tuple[int, int]:
    """(Latin-script Hindi words, Latin-script words) of a text."""
    words = [w.lower() for w in WORD.findall(text) if _LATIN_LETTER.match(w)]
    return sum(w in HINGLISH_MARKERS for w in words), len(words)


def fits_language(text: str, language: str) -> bool | None:
    """Is a customer's message written in ``language`` (``en``, ``hinglish``, ``hindi``)? None: too short to tell.

    Code-mixing is the customer's own: a Hindi (Devanagari) customer may write English words
    beside Devanagari ones, but a message with no Devanagari at all is another language; a
    Hinglish customer may write English phrases with Hindi words in them, but not Devanagari,
    nor six or more English words with no Hindi word at all; an English customer may say *ji*
    or *haan*, but not write Devanagari (three words or more) nor Hinglish (three Hindi words,
    and a third of its words).
    """
    words = [w for w in WORD.findall(text) if not w.isdigit()]
    if len(words) < 3:
        return None
    written = language_of(text)
    markers, latin = _marker_share(text)
    if language == "hindi":
        return has_devanagari(text)
    if language == "hinglish":
        if written == "hindi":
            return False
        return True if markers else (False if latin >= 6 else None)
    devanagari_words = sum(has_devanagari(w) for w in words)
    return not ((written == "hindi" and devanagari_words >= 3) or (markers >= 3 and markers * 3 >= latin))
