"""The robustness-set conversations (tests/labelled/source/rob_*.yaml): what the set promises, and that it is sound.

The set measures the gates and checks on whole robustness-set conversations (issue 20); its
targets are asserted once the shared text layer is in. What holds already, and is asserted
here: every source builds from the bank's own outputs and names known gates and checks; the
set covers every robustness axis (two conversations for the behaviour axes with the most
cues, eight or more in Hindi or Hinglish); and every careful conversation is careful by the
paper's verdict at least: it makes every gold call, writes nothing else, and leaves the
database the gold chain leaves.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tau_indian_bank.vocabulary import AXES, axis_of
from tests.conftest import ROOT
from tests.labelled.loader import CHECKS, GATES, SOURCE_DIR, build_conversation, load_conversations, read_source
from tests.labelled.measure import conversation_results, conversation_table, sets_report

#: Behaviour axes whose scenarios carry the most cues: two conversations each.
TWICE = ("decline", "change_of_mind", "wrong_info", "contradiction", "context_switch")
ROBUST_SOURCES = sorted(SOURCE_DIR.glob("rob_*.yaml"))
DEVANAGARI = range(0x0900, 0x0980)


def _careful_customer_text(task_id: str) -> str:
    careful = next(c for c in load_conversations("robust") if c.task_id == task_id and c.variant == "careful")
    return " ".join(str(m.get("content") or "") for m in careful.messages if m.get("role") in ("user", "assistant"))


def test_the_robust_set_covers_every_axis_and_both_indian_languages():
    ids = [path.stem for path in ROBUST_SOURCES]
    assert len(ids) >= 34
    axes = Counter(axis_of(task_id) for task_id in ids)
    assert set(axes) == set(AXES), sorted(set(AXES) - set(axes))
    assert all(axes[axis] >= 2 for axis in TWICE), {axis: axes[axis] for axis in TWICE}
    indic = [task_id for task_id in ids if axis_of(task_id) == "code_mixed"]
    assert len(indic) >= 8
    in_devanagari = [t for t in indic if any(ord(ch) in DEVANAGARI for ch in _careful_customer_text(t))]
    assert 0 < len(in_devanagari) < len(indic)  # Hindi in Devanagari and Hinglish in Latin script both


@pytest.mark.parametrize("path", ROBUST_SOURCES, ids=lambda p: p.stem)
def test_every_robust_source_builds_and_names_known_gates(path):
    source = read_source(path)
    assert source["task"] == path.stem
    careful, careless = build_conversation(source)
    assert careless.breaks and careless.fails
    assert set(careless.fails) <= {*GATES, *CHECKS}
    assert careless.messages != careful.messages  # the twin really differs
    assert careful.messages[-1]["role"] == "user" and "###STOP###" in careful.messages[-1]["content"]


def test_every_robust_conversation_is_built():
    built = {(c.task_id, c.variant) for c in load_conversations("robust")}
    assert built == {(p.stem, v) for p in ROBUST_SOURCES for v in ("careful", "careless")}


@pytest.mark.parametrize("name", ["ACTION", "DB"])
def test_careful_robust_conversations_pass_the_papers_verdict(name):
    """Each careful conversation makes every gold call (reads included), no other write, and ends in the gold state."""
    failing = [c.task_id for c, flags in conversation_results("robust") if c.variant == "careful" and flags[name]]
    assert failing == []


def test_the_twins_vary_the_broken_rule():
    twins = [c for c in load_conversations("robust") if c.variant == "careless"]
    covered = Counter(name for c in twins for name in c.fails)
    assert set(covered) == {*GATES, *CHECKS}, covered  # every gate and check has at least one labelled violation
    assert len({c.breaks for c in twins}) == len(twins)


def test_the_report_has_a_table_and_the_disagreements_of_each_set():
    report = sets_report()
    for set_name in ("base", "robust"):
        assert f"Conversations of the `{set_name}` set" in report
        assert f"Careful sessions failing any gate or check ({set_name}):" in report
        assert f"Disagreements with the labels ({set_name}):" in report


def test_the_docs_show_the_measured_robust_table():
    """`make labelled` prints the robustness conversations' table docs/verdicts-and-gates.md shows, number for number."""
    page = (ROOT / "docs" / "verdicts-and-gates.md").read_text(encoding="utf-8")
    shown = page.split("<!-- labelled-robust-table:start -->\n", 1)[1].split("\n<!-- labelled-robust-table:end -->", 1)[0]
    assert shown == conversation_table("robust")
