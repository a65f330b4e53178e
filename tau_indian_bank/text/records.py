"""Record mentions: the last four digits of an account or card, cheque numbers, the bank's ids, named tokens.

* **Last four** (:func:`endings`): ``ending 4821``, ``ending in 4821``, ``ends with 4821``,
  ``last four digits 4821``, ``last 4 digits are 4821``, ``XXXX4821``, ``****4821``, Hinglish
  ``4821 wala``, ``4821 wale``, Hindi ``4821 वाला``, ``4821 पर खत्म``, ``अंतिम चार अंक 4821``;
  :func:`typed_endings` adds whether it is a card's or an account's. The year of a date is no
  last four ("May 2025 वाला डिपॉजिट").
* **Cheque numbers** (:func:`cheque_numbers`): six digits after *cheque*, *cheque number*,
  *cheque no.*, *cheque #*, *the cheque number is*, *चेक*, *चेक नंबर*, *चेक संख्या*.
* **Ids** (:func:`bank_ids`): the bank's references, a prefix of
  :data:`~tau_indian_bank.vocabulary.ID_PREFIXES` and eight letters or digits
  (``FDCFH5S2ZC``, ``SR477VIQXO``), and account numbers (12 digits).
* **Naming a token** (:func:`mentions` / :func:`positions`): one rule for "this text names that
  id, number, amount or name": case ignored; a token that starts (ends) with a digit may not
  continue a number on that side (``4821`` is not in ``148210`` nor in ``1,4821``: no digit, nor a
  digit and a comma or point, before it; no digit after it); a token that starts (ends) with a
  letter may not continue a word on that side.

* **IFSC codes** (:func:`ifsc_codes`): four letters, a zero, six letters or digits (``BSBK0752201``).

API: :func:`endings`, :func:`typed_endings`, :func:`cheque_numbers`, :func:`bank_ids`, :func:`ifsc_codes`, :func:`positions`,
:func:`mentions`.
"""

from __future__ import annotations

import re

from tau_indian_bank.text.dates import dates
from tau_indian_bank.text.script import B, E, digits_ascii
from tau_indian_bank.vocabulary import ID_PREFIXES

_ENDING = re.compile(
    r"(?:\b(?:ending(?: in| with)?|ends? (?:in|with)|last (?:four|4)(?: digits)?(?: are| of)?)|\b[x]{2,}|[*]{2,})\s*:?\s*(\d{4})\b"
    rf"|{B}(?:अंतिम|आखिरी|last) (?:चार|4) (?:अंक|digits?)\s*:?\s*(\d{{4}})\b"
    rf"|\b(\d{{4}})\s+(?:wala|wale|wali|वाला|वाले|वाली|पर खत्म|se khatam|par khatam){E}",
    re.I,
)
_RECORD_NOUN = re.compile(rf"{B}(cards?|accounts?|a/c|khata|khaata|khate|कार्ड|खाता|खाते){E}", re.I)
_RECORD_KIND = {"card": "card", "cards": "card", "कार्ड": "card"}
_RECORD_KIND.update({word: "account" for word in ("account", "accounts", "a/c", "khata", "khaata", "khate", "खाता", "खाते")})
_CHEQUE = re.compile(rf"(?:\bcheque(?: number| no\.?| #)?(?: is| was)?|{B}चेक(?: नंबर| संख्या)?)\s*:?\s*(\d{{6}})\b", re.I)
_ID = re.compile(r"\b(?:" + "|".join(sorted(ID_PREFIXES.values(), key=len, reverse=True)) + r")[A-Z0-9]{8}\b|\b\d{12}\b")


def _ending_matches(text: str) -> list[tuple[re.Match[str], str]]:
    """Each last-four mention with its digits; a year of a date is none ("May 2025 वाला डिपॉजिट")."""
    in_dates = [(d.start, d.end) for d in dates(text)] if text else []
    found = []
    for match in _ENDING.finditer(text):
        number = next(g for g in match.groups() if g)
        if not any(start <= match.start() < end for start, end in in_dates):
            found.append((match, number))
    return found


def endings(text: str) -> frozenset[str]:
    """Last-four digits of accounts and cards a text names ('ending 4821', 'XXXX4821', '4821 wala')."""
    return frozenset(number for _, number in _ending_matches(digits_ascii(text or "")))


def typed_endings(text: str) -> frozenset[tuple[str, str]]:
    """Each last four a text names with the record it belongs to: ``("card", "4821")``, ``("account", "2973")``.

    The record is the last noun for a card or an account (:data:`_RECORD_NOUN`) in the few words
    before the ending ("debit card ending 4821", "savings account ending 2973", "4821 wala card"
    takes the noun after it); ``""`` when none is named ("XXXX4821").
    """
    found = set()
    digits = digits_ascii(text or "")
    for match, number in _ending_matches(digits):
        after = _RECORD_NOUN.findall(digits[match.end() : match.end() + 12])
        before = _RECORD_NOUN.findall(digits[max(0, match.start() - 40) : match.start()])[-1:]
        nouns = (after[:1] or before) if match.group(3) else (before or after[:1])  # "4821 wala card": the noun after it
        found.add((_RECORD_KIND.get(nouns[0].lower(), "") if nouns else "", number))
    return frozenset(found)


def cheque_numbers(text: str) -> frozenset[str]:
    """Six-digit cheque numbers a text names ('cheque number 239096', 'चेक 239096')."""
    return frozenset(_CHEQUE.findall(digits_ascii(text or "")))


def bank_ids(text: str) -> frozenset[str]:
    """The bank's references and account numbers a text names, upper case."""
    return frozenset(m.group(0).upper() for m in _ID.finditer(digits_ascii(text or "").upper()))


_IFSC = re.compile(r"\b[A-Z]{4}0[A-Z0-9]{6}\b")


def ifsc_codes(text: str) -> frozenset[str]:
    """The IFSC codes a text names, upper case ('bsbk0752201' -> 'BSBK0752201')."""
    return frozenset(m.group(0) for m in _IFSC.finditer(digits_ascii(text or "").upper()))


def _bounded(text: str, at: int, token: str) -> bool:
    """Does the occurrence of ``token`` at ``at`` stand on its own (see the module docstring)?"""
    before, after = text[max(0, at - 2) : at], text[at + len(token) : at + len(token) + 1]
    if token[:1].isdigit():
        left = not before[-1:].isdigit() and not (len(before) == 2 and before[0].isdigit() and before[1] in ",.")
    else:
        left = not token[:1].isalnum() or not (before[-1:].isalnum() or before[-1:] == "_" or _is_devanagari(before[-1:]))
    if token[-1:].isdigit():
        right = not after[:1].isdigit()
    else:
        right = not token[-1:].isalnum() or not (after[:1].isalnum() or after[:1] == "_" or _is_devanagari(after[:1]))
    return left and right


def _is_devanagari(char: str) -> bool:
    return bool(char) and ("\u0900" <= char <= "\u0963" or "\u0966" <= char <= "\u097f")


def positions(text: str, token: str) -> list[int]:
    """Where ``text`` names ``token`` (see the module docstring for the rule)."""
    if not token:
        return []
    lowered, wanted = digits_ascii(text).lower(), token.lower()
    found, at = [], lowered.find(wanted)
    while at >= 0:
        if _bounded(lowered, at, wanted):
            found.append(at)
        at = lowered.find(wanted, at + 1)
    return found


def mentions(text: str, token: str) -> bool:
    """Does ``text`` name ``token``?"""
    return bool(positions(text, token))
