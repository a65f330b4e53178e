"""Every count the documentation states in prose is true of the code and the suites.

The prose of the README, CONTRIBUTING.md, ARCHITECTURE.md and docs/*.md (fenced blocks left out:
their outputs are checked by the tests that run them, and CHANGELOG.md states what was true then)
is read with whitespace collapsed. Each :data:`CLAIMS` pattern recognises one way a count is
written ("1,000 tasks in 67 scenario families", "the 34 tools", "`decline_fd_close` (8, …"),
and its check compares every number it captures with the truth computed here from the tool
catalogue, the task files, the seed data, the regulations and the labelled sets. A sweep finds
every number written before a counted noun (tools, families, tasks, axes, replies, …); each must
be inside a recognised claim or listed in :data:`NOT_COUNTS` with why it is not checked, so a
new count cannot slip in unchecked.
"""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
import yaml

from tau_indian_bank.tasks.composition import family_of
from tests.conftest import ROOT

DOCUMENTS = (ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "ARCHITECTURE.md", *sorted((ROOT / "docs").glob("*.md")))
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
#: A number before a counted noun, with up to three words between (hyphens and backticks allowed inside words).
SWEEP = re.compile(
    r"(?<![\w.§%₹-])\d[\d,]*(?:\.\d+)?(?: [\w`'-]+){0,3}? (?:tools?|famil(?:y|ies)|tasks?|ax[ie]s|replies|"
    r"conversations?|scenarios|documents|customers|accounts|transactions|twins|categories)\b"
)


def number(text: str) -> float:
    """'1,000' -> 1000, 'eight' -> 8, '1.38' -> 1.38."""
    return WORDS[text] if text in WORDS else float(text.replace(",", ""))


def prose(path) -> str:
    """A document's prose: fenced blocks and measured-table markers' contents dropped, whitespace collapsed."""
    text = re.sub(r"```.*?```", " ", path.read_text(encoding="utf-8"), flags=re.DOTALL)
    text = re.sub(r"<!-- ([\w-]+):start -->.*?<!-- \1:end -->", " ", text, flags=re.DOTALL)
    return " ".join(text.split())


# --- the truth ------------------------------------------------------------------------------------


def _tasks(path: str) -> list[dict[str, Any]]:
    return json.loads((ROOT / path).read_text(encoding="utf-8"))


def _rows(name: str) -> int:
    with (ROOT / "data" / "seed" / f"{name}.csv").open(encoding="utf-8", newline="") as handle:
        return sum(1 for _ in csv.DictReader(handle))


def _calls(task: dict[str, Any]) -> list[str]:
    return [a["name"] for a in task["evaluation_criteria"].get("actions") or []]


@cache
def truth() -> dict[str, Any]:
    """Every count the documents may state, computed from the code and the data."""
    from tau_indian_bank.bank.knowledge import load_sections
    from tau_indian_bank.evaluation.facts import task_facts
    from tau_indian_bank.tasks.builder import LITE_PER_AXIS
    from tau_indian_bank.tasks.robust import checks
    from tau_indian_bank.tools.catalogue import READ_TOOLS, SPECS, TRANSFER_TOOL, WRITE_TOOLS
    from tau_indian_bank.vocabulary import AXES, CATEGORIES, axis_of, category_of
    from tests.labelled import loader

    base, robust = _tasks("tasks/tasks.json"), _tasks("tasks/robust/tasks.json")
    splits = {k: len(v) for k, v in json.loads((ROOT / "tasks/split_tasks.json").read_text(encoding="utf-8")).items()}
    robust_splits = {k: len(v) for k, v in json.loads((ROOT / "tasks/robust/split_tasks.json").read_text(encoding="utf-8")).items()}
    control = [t for t in base if category_of(t["id"]) == "control"]
    edge = [t for t in base if category_of(t["id"]) == "edge_case"]
    no_write = [t for t in base if not set(_calls(t)) & WRITE_TOOLS]
    by_axis = Counter(axis_of(t["id"]) for t in robust)
    base_sources = [p.stem for p in loader.SOURCE_DIR.glob("*.yaml") if loader.set_of(p.stem) == "base"]
    indic = Counter(r.get("lang") for r in loader.replies_source("indic")["replies"])
    return {
        "tools": len(SPECS),
        "reads": len(READ_TOOLS),
        "writes": len(WRITE_TOOLS),
        "transfer": TRANSFER_TOOL,
        "base": {"tasks": len(base), "families": len({family_of(t["id"]) for t in base})},
        "robust": {"tasks": len(robust), "families": len({family_of(t["id"]) for t in robust})},
        "categories": Counter(category_of(t["id"]) for t in base),
        "category order": CATEGORIES,
        "families by category": Counter(
            category_of(f"{c}_{f}_0") for c, f in {(t["id"].split("_", 1)[0], family_of(t["id"])) for t in base}
        ),
        "with read": sum(bool(set(_calls(t)) & READ_TOOLS) for t in base),
        "without write": len(no_write),
        "control mean calls": round(sum(len(_calls(t)) for t in control) / len(control), 2),
        "control without write": sum(not set(_calls(t)) & WRITE_TOOLS for t in control),
        "five or more calls": sum(len(_calls(t)) >= 5 for t in base),
        "hand-overs": sum(TRANSFER_TOOL in _calls(t) for t in base),
        "edge without write": sum(t in no_write for t in edge),
        "edge only read": sum(t in no_write and TRANSFER_TOOL not in _calls(t) for t in edge),
        "edge hand-overs": sum(TRANSFER_TOOL in _calls(t) for t in edge),
        "splits": splits,
        "robust splits": robust_splits,
        "axes": len(AXES),
        "tasks by axis": by_axis,
        "robust families": Counter(family_of(t["id"]) for t in robust),
        "lite per axis": LITE_PER_AXIS,
        "min per axis": checks.MIN_PER_AXIS,
        "min families per axis": checks.MIN_FAMILIES_PER_AXIS,
        "min for axis": checks.MIN_FOR_AXIS,
        "families by axis": Counter(axis_of(f"rob_{f}_0001") for f in {family_of(t["id"]) for t in robust}),
        "robust without calls": sum(not _calls(t) for t in robust),
        "with facts": sum(bool(task_facts(t)) for t in base),
        "lite with facts": sum(
            bool(task_facts(t)) for t in base if t["id"] in set(json.loads((ROOT / "tasks/split_tasks.json").read_text())["lite"])
        ),
        "regulations": len({s.doc_id for s in load_sections()}),
        "customers": _rows("customers"),
        "accounts": _rows("accounts"),
        "transactions": _rows("transactions"),
        "english replies": len(loader.load_replies("english")),
        "english customer replies": len(loader.load_customer_replies("english")),
        "english scenarios": len(loader.replies_source("english")["scenarios"]),
        "indic replies": len(loader.load_replies("indic")),
        "indic customer replies": len(loader.load_customer_replies("indic")),
        "indic scenarios": len(loader.replies_source("indic")["scenarios"]),
        "indic languages": indic,
        "base conversations": len({c.task_id for c in loader.load_conversations("base")}),
        "robust conversations": len({c.task_id for c in loader.load_conversations("robust")}),
        "robust conversations in hindi or hinglish": sum(
            axis_of(c.task_id) == "code_mixed" for c in loader.load_conversations("robust") if c.variant == "careful"
        ),
        "conversation families by category": Counter(category_of(i) for i in base_sources),
    }


# --- the claims -----------------------------------------------------------------------------------

Check = Callable[[re.Match[str]], list[tuple[float, float]]]


def _pair(match: re.Match[str]) -> list[tuple[float, float]]:
    """'N tasks in M families': N is one task set's size and M that set's families."""
    tasks, families = number(match["tasks"]), number(match["families"])
    for task_set in ("base", "robust"):
        if truth()[task_set]["tasks"] == tasks:
            return [(families, truth()[task_set]["families"])]
    return [(tasks, truth()["base"]["tasks"]), (tasks, truth()["robust"]["tasks"])]  # no task set has N tasks


def _categories(match: re.Match[str]) -> list[tuple[float, float]]:
    counts = truth()["categories"]
    return [(number(match[g]), counts[c]) for g, c in zip(("s", "e", "r", "c"), truth()["category order"], strict=True)]


def _robust_families(match: re.Match[str]) -> list[tuple[float, float]]:
    names = re.findall(r"`([a-z_]+)`", match["names"])
    return [(number(match["n"]), truth()["robust families"][name]) for name in names]


def _axis_floor(match: re.Match[str]) -> list[tuple[float, float]]:
    t = truth()
    least = min(t["families by axis"].values())
    floor = min(t["tasks by axis"][a] for a in t["tasks by axis"] if a not in t["min for axis"])
    return [
        (number(match["families"]), t["min families per axis"]),
        (number(match["families"]), min(least, t["min families per axis"])),
        (number(match["tasks"]), t["min per axis"]),
        (number(match["tasks"]), min(floor, t["min per axis"])),
        *((number(match["more"]), t["tasks by axis"][a]) for a in ("wrong_info", "contradiction")),
        (number(match["lite"]), t["lite per axis"]),
        (number(match["lite_total"]), t["robust splits"]["lite"]),
    ]


def _simple(key: str, group: str = "n", scale: Callable[[Any], Any] = lambda v: v) -> Check:
    return lambda match: [(number(match[group]), scale(truth()[key]))]


def _customer_conversations(match: re.Match[str]) -> list[tuple[float, float]]:
    from tests.labelled.measure_customers import live_count, measured

    items = measured()
    return [(number(match["n"]), len(items)), (number(match["live"]), live_count(items))]


def _labelled_families(match: re.Match[str]) -> list[tuple[float, float]]:
    covered, total = truth()["conversation families by category"], truth()["families by category"]
    found = [(number(match["all"]), sum(covered.values()))]
    for group, category in (("s", "sequencing"), ("e", "edge_case"), ("r", "rare_tool"), ("c", "control")):
        found += [(number(match[group]), covered[category]), (number(match[group + "t"]), total[category])]
    return found


CLAIMS: dict[str, tuple[re.Pattern[str], Check]] = {
    name: (re.compile(pattern), check)
    for name, (pattern, check) in {
        "tools": (r"\b(?P<n>\d+) tools\b", _simple("tools")),
        "the nth tool": (r"the (?P<n>\d+)th tool", _simple("tools")),
        "read tools": (r"\b(?P<n>\d+) read tools", _simple("reads")),
        "write tools": (r"\b(?P<n>\d+) write tools", _simple("writes")),
        "tasks in families": (r"(?P<tasks>[\d,]+) tasks in (?P<families>\d+) (?:scenario )?families", _pair),
        "categories": (r"sequencing (?P<s>\d+), edge case (?P<e>\d+), rare tool (?P<r>\d+), control (?P<c>\d+)", _categories),
        "tasks in four categories": (r"(?P<n>[\d,]+) tasks in four categories", lambda m: [(number(m["n"]), truth()["base"]["tasks"])]),
        "with a read": (r"(?P<n>\d+) need at least one read", _simple("with read")),
        "without a write": (r"(?P<n>\d+) need no write", _simple("without write")),
        "control mean": (r"average (?P<n>[\d.]+) gold calls", _simple("control mean calls")),
        "control without a write": (r"(?P<n>\d+) of them need no write", _simple("control without write")),
        "five or more": (r"(?P<n>\d+) tasks need five or more calls", _simple("five or more calls")),
        "hand-over tasks": (
            r"the (?P<n>\d+) hand-over tasks count among the (?P<w>\d+) without a write",
            lambda m: [(number(m["n"]), truth()["hand-overs"]), (number(m["w"]), truth()["without write"])],
        ),
        "edge cases without a write": (
            r"\((?P<e>\d+) edge cases: (?P<r>\d+) that only read, (?P<h>\d+) hand-overs; (?P<c>\d+) control\)",
            lambda m: [
                (number(m["e"]), truth()["edge without write"]),
                (number(m["r"]), truth()["edge only read"]),
                (number(m["h"]), truth()["edge hand-overs"]),
                (number(m["c"]), truth()["control without write"]),
            ],
        ),
        "base splits": (
            r"`base` \(all (?P<b>[\d,]+) tasks\), `lite` \((?P<l>\d+), stratified by category\) = `train` \((?P<tr>\d+)\) "
            r"∪ `test` \((?P<te>\d+)\)",
            lambda m: [(number(m[g]), truth()["splits"][s]) for g, s in (("b", "base"), ("l", "lite"), ("tr", "train"), ("te", "test"))],
        ),
        "the lite tasks": (r"the (?P<n>\d+) `lite` tasks", lambda m: [(number(m["n"]), truth()["splits"]["lite"])]),
        "axes": (r"\b(?P<n>\d+) (?:robustness )?axes\b", _simple("axes")),
        "axis floor": (
            r"every axis has at least (?P<families>\w+) families and (?P<tasks>\d+) tasks, `wrong_info` and `contradiction` "
            r"(?P<more>\d+) each \(`lite`: (?P<lite>\d+) per axis, (?P<lite_total>\d+) tasks\)",
            _axis_floor,
        ),
        "refusals without a call": (
            r"(?P<p>[\d.]+)% are the (?P<n>\d+) tasks whose right behaviour is a refusal with no call",
            lambda m: [
                (number(m["n"]), truth()["robust without calls"]),
                (number(m["p"]), round(100 * number(m["n"]) / truth()["robust"]["tasks"], 1)),
            ],
        ),
        "robust family tasks": (r"(?P<names>`[a-z_]+`(?:, `[a-z_]+`)*) \((?P<n>\d+)(?:, `rob_| each)", _robust_families),
        "tasks with facts": (
            r"(?P<n>\d+) of the (?P<all>[\d,]+) tasks have facts; the other (?P<rest>\d+)",
            lambda m: [
                (number(m["n"]), truth()["with facts"]),
                (number(m["all"]), truth()["base"]["tasks"]),
                (number(m["rest"]), truth()["base"]["tasks"] - truth()["with facts"]),
            ],
        ),
        "facts stated": (
            r"every fact of all (?P<n>\d+) tasks that have facts, and each baseline misses one in all (?P<m>\d+)",
            lambda m: [(number(m["n"]), truth()["with facts"]), (number(m["m"]), truth()["with facts"])],
        ),
        "lite with facts": (r"\(n=(?P<n>\d+)\)", _simple("lite with facts")),
        "regulations": (r"(?P<n>\d+) regulation documents", _simple("regulations")),
        "seed data": (
            r"(?P<c>[\d,]+) customers, (?P<a>[\d,]+) accounts, (?P<t>[\d,]+) transactions",
            lambda m: [
                (number(m["c"]), truth()["customers"]),
                (number(m["a"]), truth()["accounts"]),
                (number(m["t"]), truth()["transactions"]),
            ],
        ),
        "english replies": (
            r"\*\*(?P<n>\d+) single assistant replies\*\* in (?P<s>\d+) scenarios",
            lambda m: [(number(m["n"]), truth()["english replies"]), (number(m["s"]), truth()["english scenarios"])],
        ),
        "english customer replies": (r"plus (?P<n>\d+) customer replies to a proposal", _simple("english customer replies")),
        "indic replies": (
            r"\*\*(?P<n>\d+) single replies in Hinglish and Hindi\*\* \(`replies_indic.yaml`: (?P<h>\d+) in Latin-script "
            r"Hinglish, (?P<d>\d+) in Devanagari, (?P<e>\d+) English near-misses\) in (?P<s>\d+) scenarios",
            lambda m: [
                (number(m["n"]), truth()["indic replies"]),
                (number(m["s"]), truth()["indic scenarios"]),
                *((number(m[g]), truth()["indic languages"][lang]) for g, lang in (("h", "hinglish"), ("d", "hindi"), ("e", "english"))),
            ],
        ),
        "indic customer replies": (r"plus (?P<n>\d+) customer replies \(", _simple("indic customer replies")),
        "base conversations": (r"\*\*(?P<n>\d+) whole conversations of base tasks\*\*", _simple("base conversations")),
        "conversation families": (
            r"each of (?P<all>\d+) families \(sequencing (?P<s>\d+) of (?P<st>\d+) families, edge case (?P<e>\d+) "
            r"of (?P<et>\d+), rare tool (?P<r>\d+) of (?P<rt>\d+), control (?P<c>\d+) of (?P<ct>\d+)\)",
            _labelled_families,
        ),
        "customer conversations": (r"(?P<n>\d+) labelled conversations, (?P<live>\d+) live", _customer_conversations),
        "robust conversations": (
            r"\*\*(?P<n>\d+) whole conversations of robustness-set tasks\*\* \(every axis, (?P<i>\w+) in Hindi or "
            r"Hinglish\)",
            lambda m: [
                (number(m["n"]), truth()["robust conversations"]),
                (number(m["i"]), truth()["robust conversations in hindi or hinglish"]),
            ],
        ),
    }.items()
}

#: Numbers before a counted noun that are not counts of the code or the suites, by document and text, with why.
NOT_COUNTS = {
    ("docs/private-editions.md", "727 accounts"): "a measured edition (seed 8128): the accounts its tasks touch, against the public 723",
    ("docs/verdicts-and-gates.md", "57 replies"): "the held-out draw (a tenth of each set by a hash of its id), measured once",
    ("docs/verdicts-and-gates.md", "11 conversation"): "the held-out draw (conversation twins), measured once",
    ("docs/verdicts-and-gates.md", "7 replies"): "of the held-out draw, those that had come up while tuning",
    ("docs/qualify-customer.md", "2026 the 41 tasks"): "the live qualification run of 4 December 2026, recorded once",
    ("docs/qualify-customer.md", "10 or 11 tasks"): "the live qualification run's four parts, recorded once",
    ("docs/qualify-customer.md", "41 live labelled conversations"): "the live labelled set when the run was made, recorded once",
    ("docs/qualify-customer.md", "75 tasks"): "the tasks one regeneration changed (guidelines 1.3, issue 22), recorded once",
}


@pytest.fixture(scope="module")
def claims_found() -> list[tuple[str, str, str, list[tuple[float, float]]]]:
    found = []
    for path in DOCUMENTS:
        text = prose(path)
        for name, (pattern, check) in CLAIMS.items():
            for match in pattern.finditer(text):
                found.append((path.relative_to(ROOT).as_posix(), name, match.group(0), check(match)))
    return found


def test_every_count_stated_in_prose_is_true(claims_found):
    wrong = [f"{doc}: {text!r} (found {f:g}, true {t:g})" for doc, _, text, pairs in claims_found for f, t in pairs if f != t]
    assert not wrong, wrong


def test_every_kind_of_claim_is_still_stated_somewhere(claims_found):
    """A claim pattern no document matches any more means the prose changed: update the pattern, do not drop the check."""
    unused = set(CLAIMS) - {name for _, name, _, _ in claims_found}
    assert not unused, unused


def test_no_count_in_prose_goes_unchecked():
    unchecked = []
    for path in DOCUMENTS:
        text, doc = prose(path), path.relative_to(ROOT).as_posix()
        spans = [m.span() for pattern, _ in CLAIMS.values() for m in pattern.finditer(text)]
        for match in SWEEP.finditer(text):
            inside = any(start <= match.start() < end for start, end in spans)
            if not inside and not any(doc == d and match.group(0).startswith(t) for d, t in NOT_COUNTS):
                unchecked.append(f"{doc}: {match.group(0)!r}")
    assert not unchecked, unchecked


def test_every_exception_is_still_in_its_document():
    stale = [key for key in NOT_COUNTS if key[1] not in prose(ROOT / key[0])]
    assert not stale, stale


def test_the_sweep_and_the_claims_can_fail():
    """A wrong count is caught, and a count no claim recognises is found by the sweep."""
    text = "The bank has 35 tools. 1,000 tasks in 68 scenario families. It has 12 gizmo families."
    tools, check = CLAIMS["tools"]
    assert [pair for m in tools.finditer(text) for pair in check(m)] == [(35, truth()["tools"])]
    pattern, check = CLAIMS["tasks in families"]
    assert any(f != t for m in pattern.finditer(text) for f, t in check(m))
    assert [m.group(0) for m in SWEEP.finditer(text)] == ["35 tools", "1,000 tasks", "68 scenario families", "12 gizmo families"]


def test_the_truth_is_the_suites_own():
    """A few anchors, so a broken computation cannot agree with a broken document."""
    t = truth()
    assert t["tools"] == t["reads"] + t["writes"] + 1
    assert sum(t["categories"].values()) == t["base"]["tasks"] == t["splits"]["base"]
    assert t["splits"]["lite"] == t["splits"]["train"] + t["splits"]["test"]
    assert sum(t["tasks by axis"].values()) == t["robust"]["tasks"] == t["robust splits"]["base"]
    assert t["robust splits"]["lite"] == t["axes"] * t["lite per axis"]
    assert yaml.safe_load  # the labelled sets are YAML, read through tests.labelled.loader
