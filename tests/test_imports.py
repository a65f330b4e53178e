"""One table of allowed imports (devtools/layers.py), no import cycles, and ARCHITECTURE.md drawn from the table."""

from __future__ import annotations

import pytest

from devtools import layers
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def graph():
    return layers.import_graph()


def test_the_graph_covers_the_package(graph):
    assert len(graph) > 150
    assert "tau_indian_bank.evaluation.fact_replay" in graph["tau_indian_bank.tasks.builder"]


def test_every_module_belongs_to_a_part_of_the_table(graph):
    assert {m: layers.part_of(m) for m in graph if layers.part_of(m) is None} == {}


def test_every_import_is_one_the_table_allows(graph):
    assert layers.violations(graph) == []


def test_no_module_imports_itself_back_through_others(graph):
    assert layers.cycles(graph) == []


def test_the_table_names_only_its_parts_and_lists_each_after_what_it_imports():
    seen: set[str] = set()
    for part in layers.PARTS:
        assert set(part.imports) <= seen, f"{part.name} imports a part listed after it (or unknown): {set(part.imports) - seen}"
        assert part.name not in part.imports
        seen.add(part.name)
    assert layers.cycles(layers.table_graph()) == []


def test_nothing_in_the_package_imports_the_development_tools_or_the_tests():
    found = {
        name: sorted(n for n in layers.imported_names(path) if n.split(".")[0] in ("devtools", "tests"))
        for name, path in layers.modules().items()
    }
    assert {name: names for name, names in found.items() if names} == {}


def test_architecture_md_shows_the_table():
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    assert layers.current_section(text) == layers.render(), "run: python -m devtools.layers --write"


# --- the checks can fail ---------------------------------------------------------------------


def test_the_probe_sees_imports_inside_functions_and_type_checking_blocks(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import tau_indian_bank.runs.plan\n"
        "def f():\n    from tau_indian_bank.evaluation import actions\n",
        encoding="utf-8",
    )
    assert {"tau_indian_bank.runs.plan", "tau_indian_bank.evaluation.actions"} <= layers.imported_names(probe)


def test_an_upward_import_and_an_unknown_part_are_violations():
    upward = {"tau_indian_bank.bank.store": {"tau_indian_bank.tools.toolkit"}}
    assert layers.violations(upward) == ["tau_indian_bank.bank.store -> tau_indian_bank.tools.toolkit (bank may not import tools)"]
    sideways = {"tau_indian_bank.report.metrics": {"tau_indian_bank.participants.agents"}}
    assert layers.violations(sideways) == [
        "tau_indian_bank.report.metrics -> tau_indian_bank.participants.agents (report may not import participants)"
    ]
    unknown = {"tau_indian_bank.newpart.x": {"tau_indian_bank.bank.money"}}
    assert "no part in devtools/layers.py holds tau_indian_bank.newpart.x" in layers.violations(unknown)[0]
    assert layers.violations({"tau_indian_bank.tasks.builder": {"tau_indian_bank.tasks.framework"}}) == []


def test_a_cycle_through_three_modules_is_found():
    found = layers.cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})
    assert found == [["a", "b", "c"]]
    assert layers.cycles({"a": {"b"}, "b": set()}) == []


def test_a_module_belongs_to_its_longest_matching_part():
    assert layers.part_of("tau_indian_bank.editions.manifest") == "editions.manifest"
    assert layers.part_of("tau_indian_bank.editions.generate") == "editions"
    assert layers.part_of("tau_indian_bank") == layers.ROOT_PART
    assert layers.part_of("tau_indian_bank.evaluation.gates.claims") == "evaluation"
