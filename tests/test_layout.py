"""The package stays navigable: no source module over 450 lines, no function over 60 lines.

Family catalogues are the exception to the module cap: a module of ``tasks/families/`` or
``tasks/robust/`` that lists its scenario families (a top-level ``FAMILIES``) is data written as
code, one family after another in generation order, so one area (or one group of robustness
axes) stays one module however long it grows; it is capped at 800 lines instead, so that a new
area still gets a module of its own, and a group that outgrows it is split by job into modules
its catalogue lists (``tasks/robust/refusals.py``). The 60-line function cap holds everywhere.
"""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tau_indian_bank"
MAX_MODULE_LINES = 450
MAX_FAMILY_CATALOGUE_LINES = 800
MAX_FUNCTION_LINES = 60
CATALOGUE_FOLDERS = (PACKAGE / "tasks" / "families", PACKAGE / "tasks" / "robust")


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def is_family_catalogue(path: Path) -> bool:
    """A module of a family folder that defines ``FAMILIES`` at its top level."""
    if path.parent not in CATALOGUE_FOLDERS or path.name == "__init__.py":
        return False
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == "FAMILIES" for t in targets):
            return True
    return False


def _cap(path: Path) -> int:
    return MAX_FAMILY_CATALOGUE_LINES if is_family_catalogue(path) else MAX_MODULE_LINES


def test_the_package_has_modules_to_check():
    assert len(_modules()) > 50


def test_no_module_over_its_cap():
    long = {str(p.relative_to(PACKAGE)): n for p in _modules() if (n := len(p.read_text(encoding="utf-8").splitlines())) > _cap(p)}
    assert not long, long


def test_only_family_catalogues_get_the_longer_cap():
    catalogues = sorted(p.relative_to(PACKAGE).as_posix() for p in _modules() if is_family_catalogue(p))
    merged = {"tasks/families/cards.py", "tasks/families/deposits.py", "tasks/robust/behaviour.py", "tasks/robust/refusals.py"}
    assert merged <= set(catalogues)
    assert all(c.startswith(("tasks/families/", "tasks/robust/")) for c in catalogues)
    assert not is_family_catalogue(PACKAGE / "tasks" / "builder.py") and not is_family_catalogue(PACKAGE / "tasks" / "robust" / "cues.py")


def test_no_function_over_60_lines():
    long = {}
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = node.end_lineno - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    long[f"{path.relative_to(PACKAGE)}::{node.name}"] = length
    assert not long, long
