"""A scan of the package for reading primitives and per-tool vocabularies defined outside the text layer.

Each finding is a literal that defines something only ``tau_indian_bank/text`` may define:

* **month table** — a string naming four or more months, or a mapping or tuple of four or more
  month names;
* **sentence splitter** — a regex character class of the three sentence stops (``[.!?]``);
* **negation list**, **plan list**, **yes/no words** — a regex alternation holding *not* and
  *never*; *will*, *shall* and *once*; *yes* and *okay* or *go ahead*;
* **lakh/crore words** or **lakh/crore arithmetic** — a regex naming lakh or crore; in a module
  that reads text (``evaluation``, ``participants``, ``wording``), the paise of a lakh or a crore;
* **Hindi words** — a regex alternation holding Devanagari;
* **per-tool vocabulary**, **category names**, **outcome phrases**, **change-kind words** — a
  mapping keyed by three or more tool names, service-request categories, outcome keys or change
  kinds whose values are words (strings, tuples of strings, patterns, entries), or three or more
  calls in one module that pair a tool name with a pattern.

Docstrings are prose, not definitions, and are skipped.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from dataclasses import dataclass

from tau_indian_bank.text.lexicon import CATEGORIES, KINDS, OUTCOMES
from tau_indian_bank.tools.catalogue import ALL_SPECS

_MONTH = re.compile(r"(?i)\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(?![a-z]{0,2}[^a-z\s|?)(uyhrcstebil])")
_MONTH_NAMES = {
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
}
_HINDI_MONTH = re.compile(r"जनवरी|फ़?रवरी|मार्च|अप्रैल|जुलाई|अगस्त|सितंबर|सितम्बर|अक्टूबर|नवंबर|दिसंबर")
_STOPS = re.compile(r"\[\^?(?=[^\]]*\.)(?=[^\]]*!)(?=[^\]]*\?)[^\]]*\]")
_DEVANAGARI = re.compile(r"[\u0900-\u097f]")
_READERS = ("evaluation/", "participants/", "wording.py")
_LAKH_CRORE_PAISE = {10_000_000, 1_000_000_000}
_KEY_SETS = {
    "per-tool vocabulary": frozenset(ALL_SPECS),
    "category names": frozenset(CATEGORIES),
    "outcome phrases": frozenset(OUTCOMES),
    "change-kind words": frozenset(KINDS),
}


@dataclass(frozen=True)
class Finding:
    """One definition outside the text layer."""

    module: str
    line: int
    kind: str
    excerpt: str


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                found.add(id(first.value))
    return found


def _string_kinds(text: str) -> list[str]:
    kinds = []
    if len({m.lower()[:3] for m in _MONTH.findall(text)}) >= 4 or len(set(_HINDI_MONTH.findall(text))) >= 4:
        kinds.append("month table")
    if _STOPS.search(text):
        kinds.append("sentence splitter")
    if "|" in text:
        words = set(re.findall(r"[a-z']+", text.lower()))
        if {"not", "never"} <= words:
            kinds.append("negation list")
        if {"will", "shall", "once"} <= words:
            kinds.append("plan list")
        if "yes" in words and ("okay" in words or "go ahead" in text.lower()):
            kinds.append("yes/no words")
        if re.search(r"(?i)lakh|crore", text):
            kinds.append("lakh/crore words")
        if _DEVANAGARI.search(text):
            kinds.append("Hindi words")
    return kinds


def _wordy(node: ast.AST) -> bool:
    """A value that holds words: a short string (a name or a pattern, not a sentence of data), such strings in a tuple or
    list, a compiled pattern or an entry built from them."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and (len(node.value.split()) <= 6 or "|" in node.value)
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return bool(node.elts) and all(_wordy(e) for e in node.elts)
    if isinstance(node, ast.Call):
        return any(_wordy(a) for a in node.args) or any(_wordy(k.value) for k in node.keywords)
    if isinstance(node, ast.JoinedStr | ast.BinOp):
        return True
    return False


def _dict_kinds(node: ast.Dict) -> list[str]:
    keys = {k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
    kinds = [name for name, wanted in _KEY_SETS.items() if len(keys & wanted) >= 3 and all(_wordy(v) for v in node.values)]
    if len({k.lower() for k in keys} & _MONTH_NAMES) >= 4:
        kinds.append("month table")
    return kinds


def _month_sequence(node: ast.Tuple | ast.List) -> bool:
    names = [e.value.lower() for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return len(set(names) & _MONTH_NAMES) >= 4


def scan(source: str, module: str) -> list[Finding]:
    """Every definition in one module's source that belongs in the text layer."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    found: list[Finding] = []
    tool_calls: list[ast.Call] = []

    def add(node: ast.AST, kind: str, excerpt: str) -> None:
        found.append(Finding(module, getattr(node, "lineno", 0), kind, excerpt[:60]))

    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            for kind in _string_kinds(node.value):
                add(node, kind, node.value)
        elif isinstance(node, ast.Constant) and type(node.value) is int and node.value in _LAKH_CRORE_PAISE and module.startswith(_READERS):
            add(node, "lakh/crore arithmetic", str(node.value))
        elif isinstance(node, ast.Dict):
            for kind in _dict_kinds(node):
                add(node, kind, ast.unparse(node))
        elif isinstance(node, ast.Tuple | ast.List) and _month_sequence(node):
            add(node, "month table", ast.unparse(node))
        elif (
            isinstance(node, ast.Call)
            and len(node.args) >= 2
            and isinstance(node.args[0], ast.Constant)
            and node.args[0].value in ALL_SPECS
            and isinstance(node.args[1], ast.Constant)
            and "|" in str(node.args[1].value)
        ):
            tool_calls.append(node)
    if len(tool_calls) >= 3:
        add(tool_calls[0], "per-tool vocabulary", ast.unparse(tool_calls[0]))
    return found


def scan_modules(sources: Iterable[tuple[str, str]]) -> list[Finding]:
    """Findings over (module path relative to the package, source) pairs."""
    return [finding for module, source in sources for finding in scan(source, module)]
