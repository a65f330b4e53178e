"""The table of allowed imports between the parts of ``tau_indian_bank``, and the section of ARCHITECTURE.md drawn from it.

A *part* is a top-level module (``vocabulary``, ``constants`` …), a subpackage (``bank``,
``text`` …) or, where a package is layered inside, one of its modules: ``editions.manifest``
and ``editions.provenance`` (what an edition is, read by the tau2 glue, runs and reports) sit
low; the rest of ``editions`` (making and comparing editions, which validates through tau2)
sits on top. A module belongs to the part with the longest matching name.

:data:`PARTS` says what each part may import. Every import of another part, at any depth
(module level, inside functions, under ``TYPE_CHECKING``), must be listed there; inside a part
anything goes, but no module may reach itself again through its imports (no cycles, at the
level of modules). ``tests/test_imports.py`` checks the code against the table, the table for
cycles, and ARCHITECTURE.md against :func:`render`. After changing the table, rewrite that
section with ``python -m devtools.layers --write`` (from the project root).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
PACKAGE_NAME = "tau_indian_bank"
PACKAGE = PROJECT / PACKAGE_NAME
ARCHITECTURE = PROJECT / "ARCHITECTURE.md"
BEGIN = "<!-- begin: the parts and their imports, drawn from devtools/layers.py (python -m devtools.layers --write) -->"
END = "<!-- end: the parts and their imports -->"
ROOT_PART = "__init__"


@dataclass(frozen=True)
class Part:
    """A part of the package: its name (a module path below the package), what it holds, what it may import."""

    name: str
    holds: str
    imports: tuple[str, ...] = ()


#: Every part above these may import them: names, figures, where the data lives, one-line errors.
FOUNDATION = ("errors", "vocabulary", "paths", "constants")

#: The parts, from the bottom up, and what each may import besides itself.
PARTS: tuple[Part, ...] = (
    Part(ROOT_PART, "the package's version (importing it imports neither tau2 nor litellm)"),
    Part("errors", "one-line user errors"),
    Part(
        "vocabulary",
        "names every part shares: domain, task sets, categories, axes, participants, id prefixes; tau2's tokens, read from tau2",
    ),
    Part("paths", "where the data lives, and which edition this process reads (`data_source()`)"),
    Part("constants", "every policy figure (paise, basis points, days, months)"),
    Part("guidelines", "the customer guidelines a language-model customer is given, and their version", ("paths",)),
    Part(
        "bank",
        "schema · store (template + per-session copy + digest) · money · clock · ids · interest · "
        "knowledge (regulation search) · stated (how the documents state each figure)",
        FOUNDATION,
    ),
    Part(
        "text",
        "one reading of a conversation, English + Hinglish + Hindi: script · sentences · frames · numbers · "
        "amounts · dates · records · speech · questions · replies · scenario and wants (the customer's scenario, "
        "one parser) · lexicon/ (one entry per tool)",
        ("bank", "vocabulary"),
    ),
    Part("wording", "how the oracle proposes a change (its words from text.lexicon)", (*FOUNDATION, "bank", "text")),
    Part(
        "tools",
        "the 34 tools: base.ToolsBase → one class per area → toolkit.BankTools; arguments (schema binding), "
        "catalogue (specs, read and write tools), staging and task_set (what robustness tasks stage)",
        (*FOUNDATION, "bank"),
    ),
    Part(
        "evaluation",
        "matching · actions (action check) · assertions (the verdict's tau2 mixin) · facts, fact_kinds, "
        "request_needs, fact_rules, fact_replay, answers, outcomes (answer check) · transcript · gates/ (S1–S7) · "
        "safety · diagnostics · customer/ (the customer audit, C1–C6)",
        (*FOUNDATION, "bank", "text", "wording", "tools"),
    ),
    Part("seeding", "the seeded generator of the bank's CSVs (data/seed)", (*FOUNDATION, "bank")),
    Part(
        "participants",
        "the oracle, the four scripted baselines, the scripted customer (offline; no model)",
        (*FOUNDATION, "bank", "text", "wording", "tools", "evaluation"),
    ),
    Part(
        "tasks",
        "the two task sets: families/ and robust/ (the scenario families, each with its quota), framework, "
        "one builder, composition, the validator's checks, suite files",
        (*FOUNDATION, "bank", "text", "wording", "tools", "evaluation"),
    ),
    Part(
        "editions.manifest",
        "an edition's manifest and identity (which data a process reads, verified)",
        (*FOUNDATION, ROOT_PART, "seeding", "tasks"),
    ),
    Part(
        "editions.provenance",
        "which edition a results file belongs to; what produced a run",
        (*FOUNDATION, ROOT_PART, "guidelines", "editions.manifest"),
    ),
    Part(
        "plugin",
        "the tau2 glue: registration (`ensure_registered`), environment, model-backed agent and customer, "
        "run guards, the in-process offline runner",
        (*FOUNDATION, "guidelines", "tools", "evaluation", "participants", "tasks", "editions.manifest"),
    ),
    Part(
        "report",
        "metrics · statistics · tables · plots · the HTML page, from results files",
        (*FOUNDATION, "guidelines", "evaluation", "tasks", "editions.manifest", "editions.provenance"),
    ),
    Part(
        "runs",
        "`run`, `offline` and `qualify-customer`: plan, slots, checkpoint, the session pool over tau2's run_task, results",
        (*FOUNDATION, "guidelines", "evaluation", "tasks", "plugin", "editions.manifest", "editions.provenance"),
    ),
    Part(
        "editions",
        "private editions: `edition new` (generate, validated), `edition compare` (figures, overlap)",
        (
            *FOUNDATION,
            ROOT_PART,
            "bank",
            "text",
            "tools",
            "evaluation",
            "seeding",
            "tasks",
            "plugin",
            "editions.manifest",
            "editions.provenance",
        ),
    ),
    Part(
        "cli",
        "the `tau-indian-bank` command: parses, registers what a command needs, calls the parts",
        (*FOUNDATION, "tasks", "plugin", "runs", "report", "editions"),
    ),
)

BY_NAME: dict[str, Part] = {part.name: part for part in PARTS}


# --- the code's imports ----------------------------------------------------------------------


def module_name(path: Path, root: Path = PROJECT) -> str:
    """The dotted name of a module file (a package's ``__init__.py`` is the package)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package, by dotted name."""
    return {module_name(path, package.parent): path for path in sorted(package.rglob("*.py"))}


def imported_names(path: Path) -> set[str]:
    """Every name a file imports, at any depth, dotted in full (``from a import b`` gives ``a.b``: a module or a name in ``a``).

    Relative imports are read as absolute ones (the package uses none).
    """
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _resolve(name: str, known: Mapping[str, Path]) -> str | None:
    """The module of ours an imported name is, or is in (``a.b.NAME`` → ``a.b``); None if not ours."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Module → the other modules of the package it imports (at any depth)."""
    known = modules(package)
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        targets = {_resolve(imported, known) for imported in imported_names(path) if imported.split(".")[0] == package.name}
        graph[name] = {t for t in targets if t is not None and t != name}
    return graph


def part_of(module: str) -> str | None:
    """The part a module belongs to (the longest matching part name), or None if the table has none."""
    if module == PACKAGE_NAME:
        return ROOT_PART
    inner = module.removeprefix(PACKAGE_NAME + ".")
    candidates = [p for p in BY_NAME if p != ROOT_PART and (inner == p or inner.startswith(p + "."))]
    return max(candidates, key=len) if candidates else None


def violations(graph: Mapping[str, Iterable[str]]) -> list[str]:
    """Each import the table does not allow, as ``module -> module (part may not import part)``."""
    found = []
    for source, targets in sorted(graph.items()):
        mine = part_of(source)
        for target in sorted(targets):
            theirs = part_of(target)
            if mine is None or theirs is None:
                found.append(f"{source} -> {target} (no part in devtools/layers.py holds {source if mine is None else target})")
            elif mine != theirs and theirs not in BY_NAME[mine].imports:
                found.append(f"{source} -> {target} ({mine} may not import {theirs})")
    return found


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected sets of two or more nodes (each an import cycle), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                component.append(other)
                if other == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        for node in sorted(graph):
            if node not in index:
                visit(node)
    finally:
        sys.setrecursionlimit(limit)
    return sorted(found)


def table_graph() -> dict[str, set[str]]:
    """Part → the parts it may import, as the table says."""
    return {part.name: set(part.imports) for part in PARTS}


def levels() -> dict[str, int]:
    """Each part's level: 0 for a part that imports nothing, else one above the highest part it may import."""
    level: dict[str, int] = {}
    for part in PARTS:  # listed from the bottom up: what a part imports is listed before it
        level[part.name] = 1 + max((level[name] for name in part.imports), default=-1)
    return level


# --- ARCHITECTURE.md's section ---------------------------------------------------------------


def _named(name: str) -> str:
    if name == ROOT_PART:
        return "`__init__.py`"
    path = name.replace(".", "/")
    return f"`{path}.py`" if (PACKAGE / f"{path}.py").is_file() else f"`{path}/`"


def render() -> str:
    """The section of ARCHITECTURE.md drawn from :data:`PARTS`: the parts by level, then what each may import."""
    level = levels()
    rows = [f"{BEGIN}", "", "```"]
    for height in range(max(level.values()), -1, -1):
        names = [_named(p.name).strip("`") for p in PARTS if level[p.name] == height]
        rows.append(f"{height:>2}  " + "  ".join(names))
    rows += [
        "```",
        "",
        "| part | holds | may import (besides the foundation: " + ", ".join(f"`{n}`" for n in FOUNDATION) + ") |",
        "|---|---|---|",
    ]
    for part in PARTS:
        others = [n for n in part.imports if n not in FOUNDATION]
        foundation = set(FOUNDATION) <= set(part.imports) or part.name in FOUNDATION or part.name == ROOT_PART
        allowed = ", ".join(_named(n) for n in others) or "the foundation only"
        if not foundation and part.imports:
            allowed += " (of the foundation: " + ", ".join(f"`{n}`" for n in part.imports if n in FOUNDATION) + ")"
        if part.name in FOUNDATION or part.name == ROOT_PART:
            allowed = "nothing of the package"
        rows.append(f"| {_named(part.name)} | {part.holds} | {allowed} |")
    rows += ["", END]
    return "\n".join(rows)


def current_section(text: str) -> str | None:
    """The generated section of ARCHITECTURE.md's text, markers included (None if the markers are missing)."""
    if BEGIN not in text or END not in text:
        return None
    start = text.index(BEGIN)
    return text[start : text.index(END, start) + len(END)]


def main(argv: list[str] | None = None) -> int:
    """Print the section, or (``--write``) put it into ARCHITECTURE.md between its markers."""
    args = sys.argv[1:] if argv is None else argv
    section = render()
    if "--write" not in args:
        print(section)
        return 0
    text = ARCHITECTURE.read_text(encoding="utf-8")
    old = current_section(text)
    if old is None:
        print(f"{ARCHITECTURE}: no section between {BEGIN!r} and {END!r}", file=sys.stderr)
        return 1
    ARCHITECTURE.write_text(text.replace(old, section), encoding="utf-8")
    print(f"wrote the parts table into {ARCHITECTURE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
