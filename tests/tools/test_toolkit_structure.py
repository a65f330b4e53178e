"""How the toolkit is built: per-area classes of tau2-marked methods, small parts (imports: tests/test_imports.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from tau2.environment.toolkit import ToolKitBase, ToolType, get_tool_types

import tau_indian_bank
from tau_indian_bank.evaluation.assertions import VerdictAssertions
from tau_indian_bank.plugin.environment import SessionTools, get_environment
from tau_indian_bank.tools.catalogue import AREAS, READ_TOOLS, SPECS, TRANSFER_TOOL, WRITE_TOOLS, area_tools
from tau_indian_bank.tools.toolkit import BankTools

PACKAGE = Path(tau_indian_bank.__file__).parent
ASSERTIONS = ("assert_gold_calls_made", "assert_writes_pure")


def test_bank_tools_combines_the_area_classes_in_catalogue_order():
    assert BankTools.__mro__[1 : 1 + len(AREAS)] == AREAS
    assert all(issubclass(area, ToolKitBase) for area in AREAS)
    listed = [name for area in AREAS for name in area_tools(area)]
    assert listed == list(SPECS) == list(BankTools().get_tools())
    assert len(listed) == len(set(listed)) == 34


@pytest.mark.parametrize("area", AREAS, ids=lambda a: a.__name__)
def test_each_tool_is_a_method_the_editor_finds_on_its_area_class(area):
    for name, tool in area_tools(area).items():
        assert getattr(BankTools, name) is tool
        assert tool.__qualname__ == f"{area.__name__}.{name}"


def test_tool_kinds_come_from_tau2_marks():
    types = get_tool_types(BankTools())
    assert all(isinstance(kind, ToolType) for kind in types.values())
    assert {n for n, t in types.items() if t is ToolType.READ} == READ_TOOLS
    assert {n for n, t in types.items() if t is ToolType.WRITE} == WRITE_TOOLS
    assert {n for n, t in types.items() if t is ToolType.GENERIC} == {TRANSFER_TOOL} == {"transfer_to_human_agents"}


def test_the_session_toolkit_adds_the_verdict_assertions_and_the_tools_do_not_have_them():
    environment = get_environment()
    assert type(environment.tools) is SessionTools
    assert issubclass(SessionTools, VerdictAssertions) and issubclass(SessionTools, BankTools)
    for name in ASSERTIONS:
        assert callable(getattr(environment.tools, name))
        assert not hasattr(BankTools, name)
    assert set(environment.tools.get_tools()) == set(SPECS)


def _too_long(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{path.name}:{node.name} has {node.end_lineno - node.lineno + 1} lines"
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno + 1 >= 60
    ]


@pytest.mark.parametrize("package", ["tools", "evaluation"])
def test_modules_stay_under_450_lines_and_functions_under_60(package):
    modules = sorted((PACKAGE / package).glob("*.py"))
    assert modules
    too_big = [
        f"{p.name} has {len(p.read_text(encoding='utf-8').splitlines())} lines"
        for p in modules
        if len(p.read_text(encoding="utf-8").splitlines()) >= 450
    ]
    assert too_big == []
    assert [problem for p in modules for problem in _too_long(p)] == []
