"""The package stays navigable: no source module over 450 lines, no function over 60 lines."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tau_indian_bank"
MAX_MODULE_LINES = 450
MAX_FUNCTION_LINES = 60


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_the_package_has_modules_to_check():
    assert len(_modules()) > 50


def test_no_module_over_450_lines():
    long = {str(p.relative_to(PACKAGE)): n for p in _modules() if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert not long, long


def test_no_function_over_60_lines():
    long = {}
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = node.end_lineno - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    long[f"{path.relative_to(PACKAGE)}::{node.name}"] = length
    assert not long, long
