"""One definition of each reading primitive and each per-tool vocabulary: none outside tau_indian_bank/text.

The scan (:mod:`tests.text.defined_once`) looks for month tables, sentence splitters, negation,
plan and yes/no word lists, lakh/crore words and arithmetic, Hindi words in patterns, and
mappings keyed by tools, categories, outcomes or change kinds. Run on the code before the text
layer it finds the five per-tool vocabularies, the four sentence splitters and month tables,
the two negation rules and plan lists, and every copy of the lakh/crore arithmetic (see
``test_the_scan_finds_every_kind_of_duplicate``, built from those definitions).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.text.defined_once import scan, scan_modules

PACKAGE = Path(__file__).resolve().parents[2] / "tau_indian_bank"
#: Modules that still read text by themselves (a stale line fails the last test below). None: the scripted customer
#: reads through the layer since issue 20 (helper "customer").
EXEMPT: frozenset[str] = frozenset()


def _modules() -> list[tuple[str, str]]:
    return [
        (str(p.relative_to(PACKAGE)), p.read_text(encoding="utf-8"))
        for p in sorted(PACKAGE.rglob("*.py"))
        if not str(p.relative_to(PACKAGE)).startswith("text/")
    ]


def test_nothing_outside_the_text_layer_defines_a_reading_primitive_or_a_tool_vocabulary():
    found = [f for f in scan_modules(_modules()) if f.module not in EXEMPT]
    assert not found, "\n".join(f"{f.module}:{f.line}: {f.kind}: {f.excerpt!r}" for f in found)


_BEFORE = {
    "month table": '_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")',
    "sentence splitter": 'import re\n_SENTENCE_END = re.compile(r"(?<=[.?!])\\s+|\\n+")',
    "negation list": '_NEGATOR = re.compile(r"\\b(not|never|no(?![.:])|cannot|without|unable)\\b", re.I)',
    "plan list": '_PLAN = re.compile(r"\\b(will|shall|would|going to|about to|once|if|after|when|to be)\\b", re.I)',
    "yes/no words": '_YES = re.compile(r"\\b(yes|yeah|yep|sure|ok|okay|go ahead|please do|proceed)\\b", re.I)',
    "lakh/crore words": '_UNIT = r"(?:\\s*(?P<u>lakhs?|lacs?|crores?|cr\\b\\.?|L\\b))?"',
    "lakh/crore arithmetic": "def unit(u):\n    return 10_000_000 if u == 'lakh' else 1_000_000_000",
    "Hindi words": '_HI = r"हाँ|नहीं|ठीक है"',
    "per-tool vocabulary": (
        'ACTION_WORDS = {"open_deposit": ("open", "book"), "close_deposit": ("close",), "freeze_card": ("freeze", "lock")}'
    ),
    "category names": '_CATEGORY = {"kyc_update": "KYC update", "dispute_transaction": "dispute", "complaint": "complaint"}',
    "outcome phrases": (
        'OUTCOMES = {"card_blocked": Outcome(("blocked",)), "card_frozen": Outcome(("frozen",)), "cheque_stopped": Outcome(("stopped",))}'
    ),
    "change-kind words": 'KINDS = {"block": re.compile("block"), "freeze": re.compile("freez"), "close": re.compile("clos")}',
}


@pytest.mark.parametrize("kind", sorted(_BEFORE))
def test_the_scan_finds_every_kind_of_duplicate(kind):
    """Each kind, as the code before the text layer defined it, is found (the test can fail)."""
    assert kind in {f.kind for f in scan(_BEFORE[kind], "evaluation/old.py")}


def test_the_scan_finds_a_vocabulary_spread_over_calls():
    source = "\n".join(
        f'CHANGES.append(ChangeWords("{tool}", "opened|booked", "deposits?"))' for tool in ("open_deposit", "close_deposit", "block_card")
    )
    assert {f.kind for f in scan(source, "evaluation/claims.py")} == {"per-tool vocabulary"}


def test_prose_and_data_are_not_definitions():
    source = (
        '"""Dates: 15 July 2027, 3 March, 1 May, 9 June and 2 August are read; not never will shall once | x."""\n'
        'DESCRIPTIONS = {"complaint": "SMS alert charges were debited twice for the same month", '
        '"kyc_update": "Customer submitted a new address proof at the branch last week", '
        '"other": "Request for an interest certificate for the last financial year"}\n'
        "LIMIT_PAISE = 10_000_000\n"
    )
    assert scan(source, "seeding/requests.py") == []


def test_every_exempt_module_still_needs_its_exemption():
    found = {f.module for f in scan_modules(_modules())}
    stale = sorted(EXEMPT - found - {"participants/scenario.py"})
    assert not stale, f"these modules read through the text layer now; remove them from EXEMPT: {stale}"
