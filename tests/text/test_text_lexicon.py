"""The lexicon covers every tool of the catalogue, in three languages, written as plain() writes text; the layer imports down."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tau_indian_bank.text import plain
from tau_indian_bank.text.lexicon import CATEGORIES, KINDS, OUTCOMES, TOOLS, Words
from tau_indian_bank.tools.catalogue import ALL_SPECS, STATE_CHANGING_TOOLS

LAYER = Path(__file__).resolve().parents[2] / "tau_indian_bank" / "text"
#: What the text layer may import from the package.
ALLOWED = ("tau_indian_bank.text", "tau_indian_bank.bank.clock", "tau_indian_bank.bank.money", "tau_indian_bank.vocabulary")


def test_every_tool_of_the_catalogue_has_an_entry_and_every_entry_is_a_tool():
    assert set(TOOLS) == set(ALL_SPECS)
    for name, words in TOOLS.items():
        assert words.record, f"{name}: no record nouns"


@pytest.mark.parametrize("tool", sorted(STATE_CHANGING_TOOLS))
def test_every_change_is_proposed_and_claimed_in_three_languages(tool):
    words = TOOLS[tool]
    assert words.propose.en and words.propose.indic(), tool
    assert words.claims and all(c.change == tool for c in words.claims)
    assert any(c.verbs.en for c in words.claims) and any(c.verbs.indic() for c in words.claims), tool


def test_every_figure_field_has_words_in_english_and_an_indian_language():
    for tool, fields in ((t, w.figures) for t, w in TOOLS.items()):
        for field, words in fields.items():
            assert words.en and words.indic(), f"{tool}.{field}"


def test_categories_are_the_tools_categories():
    (category,) = (p for p in ALL_SPECS["raise_service_request"].params if p.name == "category")
    assert set(CATEGORIES) == set(category.marker)
    assert all(c.words.en and c.name and c.short for c in CATEGORIES.values())


def test_kinds_name_the_tools_kinds():
    assert {w.kind for w in TOOLS.values() if w.kind} == set(KINDS)


def _all_words() -> list[tuple[str, str]]:
    found = []

    def visit(where: str, value: object) -> None:
        if isinstance(value, Words):
            found.extend((where, alt) for alt in value.all())
        elif isinstance(value, dict):
            for key, item in value.items():
                visit(f"{where}.{key}", item)
        elif isinstance(value, tuple | list):
            for item in value:
                visit(where, item)
        elif hasattr(value, "__dataclass_fields__"):
            for name in value.__dataclass_fields__:
                visit(f"{where}.{name}", getattr(value, name))

    for name, table in (("TOOLS", TOOLS), ("OUTCOMES", OUTCOMES), ("CATEGORIES", CATEGORIES), ("KINDS", KINDS)):
        visit(name, table)
    return found


_UNFOLDED = re.compile("[\u093c\u0901\u0958-\u095f]")


def test_every_word_compiles_and_is_written_as_plain_writes_text():
    words = _all_words()
    assert len(words) > 400
    for where, word in words:
        re.compile(word)
        assert not _UNFOLDED.search(word) and plain(word.replace("*", "")) == word.replace("*", ""), (
            f"{where}: {word!r} is not in plain() form (nukta or candrabindu)"
        )
        assert word == word.lower() or "SR" in word or "\\" in word, f"{where}: {word!r} is not lower case"


def test_outcomes_have_words_for_their_refusals_in_an_indian_language():
    for key, outcome in OUTCOMES.items():
        if outcome.refusal:
            assert outcome.said.indic() or outcome.state.indic(), key


def test_the_layer_imports_only_the_bottom_of_the_package():
    for path in sorted(LAYER.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tau_indian_bank"):
                names = [f"{node.module}.{alias.name}" for alias in node.names]
                assert all(name.startswith(ALLOWED) for name in names), f"{path.name} imports {names}"
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("tau_indian_bank") and not a.name.startswith(ALLOWED) for a in node.names)
