"""The type checker runs in `make lint` (and so first in `make test`), strict; every `# type: ignore` says what and why."""

from __future__ import annotations

import io
import re
import tokenize

import pytest

from tests.conftest import ROOT

tomllib = pytest.importorskip("tomllib")

#: ``# type: ignore[code, …]`` then a comment of its own saying why (``# type: ignore[attr-defined]  # set by …``).
JUSTIFIED = re.compile(r"#\s*type:\s*ignore\[[a-z0-9-]+(?:,\s*[a-z0-9-]+)*\]\s+#\s*\S+(?:\s+\S+){2,}")
CHECKED = ("tau_indian_bank", "devtools")


def _ignores(text: str) -> list[tuple[int, str]]:
    """Every comment of a source text that silences the type checker, with its line."""
    found = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT and re.search(r"type:\s*ignore", token.string):
            found.append((token.start[0], token.string))
    return found


def _unjustified(text: str) -> list[str]:
    return [f"line {line}: {comment}" for line, comment in _ignores(text) if not JUSTIFIED.search(comment)]


def test_every_type_ignore_names_its_error_code_and_says_why():
    bad = {
        str(path.relative_to(ROOT)): found
        for folder in CHECKED
        for path in sorted((ROOT / folder).rglob("*.py"))
        if (found := _unjustified(path.read_text(encoding="utf-8")))
    }
    assert bad == {}


def test_the_check_tells_a_justified_ignore_from_a_bare_one():
    assert _unjustified("x.y = 1  # type: ignore[attr-defined]  # a mark the router reads\n") == []
    assert _unjustified("x.y = 1  # type: ignore[attr-defined]\n")
    assert _unjustified("x.y = 1  # type: ignore\n")
    assert _unjustified("x.y = 1  # type: ignore[attr-defined] - read elsewhere\n")  # mypy reads that as no code at all
    assert _unjustified("s = '# type: ignore'\n") == []  # a string is not a comment


def test_mypy_is_strict_and_verifies_its_ignores():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True and config["warn_unused_ignores"] is True
    assert "ignore-without-code" in config["enable_error_code"]
    assert set(config["files"]) == set(CHECKED)
    unchecked = [override["module"] for override in config.get("overrides", []) if override.get("ignore_errors")]
    assert unchecked == []  # every part of the package is checked, strict (tau2's subclasses may subclass Any)
    relaxed = {
        module
        for override in config.get("overrides", [])
        for module in override["module"]
        if any(key != "module" and value is False for key, value in override.items())
    }
    assert relaxed == {"tau_indian_bank.participants.*", "tau_indian_bank.plugin.*"}


def test_make_lint_runs_ruff_the_format_check_and_mypy_and_make_test_runs_lint_first():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    lint = makefile.split("\nlint:", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    assert [line.strip() for line in lint] == [
        "$(BIN)/ruff check tau_indian_bank tests devtools",
        "$(BIN)/ruff format --check tau_indian_bank tests devtools",  # an unformatted file fails CI
        "$(BIN)/mypy",
    ]
    prerequisites = makefile.split("\ntest:", 1)[1].split("##", 1)[0].split()
    assert prerequisites.index("lint") < prerequisites.index("browser")
    assert "$(BIN)/ruff format" in makefile.split("\nformat:", 1)[1].split("\n\n", 1)[0]
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert any(d.startswith("mypy") for d in project["optional-dependencies"]["dev"])


def test_the_stubs_cover_what_the_typed_tools_import_from_tau2():
    stubbed = {
        path.relative_to(ROOT / "typings").with_suffix("").as_posix().replace("/", ".") for path in (ROOT / "typings").rglob("*.pyi")
    }
    assert {"tau2.environment.toolkit", "tau2.environment.tool"} <= stubbed
    used = set()
    for path in (ROOT / "tau_indian_bank" / "tools").glob("*.py"):
        used.update(re.findall(r"^from (tau2\.[\w.]+) import", path.read_text(encoding="utf-8"), flags=re.MULTILINE))
    assert used <= stubbed
