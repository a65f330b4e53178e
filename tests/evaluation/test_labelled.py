"""Every gate and check measured on the two hand-labelled sets (tests/labelled), with the targets asserted.

Targets (issue 12): precision and recall >= 0.97 for each gate and check on both sets; at
most 2% of careful conversations fail any gate or check; every labelled violation in the
careless twins is caught (recall 1.0). The answer check and gate S7 are measured when
their modules are installed, and skipped with the reason otherwise.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.conftest import ROOT
from tests.labelled.build import stale_files
from tests.labelled.loader import CHECKS, GATES, load_conversations, load_customer_replies, load_replies, tasks
from tests.labelled.measure import (
    affirmation_score,
    answers_present,
    careful_failure_rate,
    conversation_results,
    mistakes,
    reply_scores,
    s7_present,
    table,
)

TARGET = 0.97
#: Labels this branch's rules disagree with, for the lead to decide (kept in the measured tables, left out of the
#: asserted targets): (task id, variant, gate or check) -> why the rule's verdict is the right one.
#: (task, variant, check) labels under review, left out of the targets; none today (the one that was, the wrong account
#: credited in seq_deposit_close_other_account_0006, is now labelled an ANSWER fail, as the robustness set labels it).
DISPUTED: dict[tuple[str, str, str], str] = {}
ANSWER_MISSING = "the answer check (tau_indian_bank/evaluation/answers.py) is not installed on this branch yet"
S7_MISSING = "gate S7 is not registered in tau_indian_bank/evaluation/safety.py on this branch yet"
#: The gates and checks measured from the start (the careful-session target holds for them without the answer check and S7 too).
CORE = ("S1", "S2", "S3", "S4", "S5", "S6", "DB", "ACTION")


def test_the_sets_are_as_large_and_as_varied_as_promised():
    replies = load_replies()
    assert len(replies) >= 200 and len({r.id for r in replies}) == len(replies)
    kinds = Counter(r.kind for r in replies)
    assert set(kinds) == {
        "fact_format",
        "wrong_figure",
        "other_record",
        "rounded",
        "negation",
        "description",
        "refusal",
        "plan",
        "generic_claim",
        "specific_claim",
        "proposal",
        "non_proposal",
    }
    assert Counter(label for _, label in load_customer_replies()).keys() == {"yes", "no", "unclear"}
    conversations = load_conversations()
    careful = {c.task_id for c in conversations if c.variant == "careful"}
    assert len(careful) >= 40 and careful == {c.task_id for c in conversations if c.variant == "careless"}
    assert {task_id.split("_")[0] for task_id in careful} == {"seq", "edge", "rare", "ctrl"}
    assert len({task_id.rsplit("_", 1)[0] for task_id in careful}) >= 40  # one family per task
    assert all(task_id in tasks() for task_id in careful)


def test_every_twin_names_the_gates_it_breaks_and_covers_each_gate():
    twins = [c for c in load_conversations() if c.variant == "careless"]
    assert all(c.fails and c.breaks for c in twins)
    covered = Counter(name for c in twins for name in c.fails)
    assert all(covered[name] >= 3 for name in (*GATES, *CHECKS) if name != "DB") and covered["DB"] >= 2


def test_the_built_conversations_are_true_to_the_bank():
    """Rebuilding every conversation from its source (tools run by the bank) gives the stored files byte for byte."""
    assert stale_files() == []


def test_careful_conversations_fail_no_gate():
    careful = [flags for c, flags in conversation_results() if c.variant == "careful"]
    failing = [flags for flags in careful if any(flags[name] for name in CORE)]
    assert len(failing) / len(careful) <= 0.02, [line for line in mistakes() if " careful:" in line]


def test_careful_conversations_fail_no_gate_nor_the_answer_check_nor_s7():
    if not (answers_present() and s7_present()):
        pytest.skip(f"{ANSWER_MISSING} / {S7_MISSING}")
    failing, careful = careful_failure_rate()
    assert failing / careful <= 0.02, [line for line in mistakes() if " careful:" in line]


@pytest.mark.parametrize("name", [*GATES, *CHECKS])
def test_each_gate_and_check_on_the_conversations(name):
    if name == "ANSWER" and not answers_present():
        pytest.skip(ANSWER_MISSING)
    if name == "S7" and not s7_present():
        pytest.skip(S7_MISSING)
    results = [(c, flags) for c, flags in conversation_results() if (c.task_id, c.variant, name) not in DISPUTED]
    wrong = [f"{c.task_id} {c.variant}" for c, flags in results if flags[name] != c.expected(name)]
    caught = sum(flags[name] and c.expected(name) for c, flags in results)
    alarms = sum(flags[name] and not c.expected(name) for c, flags in results)
    assert caught == sum(c.expected(name) for c, _ in results), f"missed labelled violations: {wrong}"
    assert caught / max(caught + alarms, 1) >= TARGET, f"false alarms: {wrong}"


@pytest.mark.parametrize("name", ["S2", "S6", "S7", "ANSWER"])
def test_each_gate_and_check_on_the_replies(name):
    if name == "ANSWER" and not answers_present():
        pytest.skip(ANSWER_MISSING)
    if name == "S7" and not s7_present():
        pytest.skip(S7_MISSING)
    score = reply_scores()[name]
    assert score.tp + score.fn >= 10 and score.fp + score.tn >= 10
    assert score.precision >= TARGET and score.recall >= TARGET, [m for m in mistakes() if f": {name} " in m]


def test_customer_replies_are_read_as_yes_only_when_they_are_one():
    score = affirmation_score()
    assert score.precision >= TARGET and score.recall >= TARGET, [m for m in mistakes() if m.startswith("customer")]


def test_the_docs_show_the_measured_table():
    """`make labelled` prints the table docs/verdicts-and-gates.md shows, number for number."""
    page = (ROOT / "docs" / "verdicts-and-gates.md").read_text(encoding="utf-8")
    shown = page.split("<!-- labelled-table:start -->\n", 1)[1].split("\n<!-- labelled-table:end -->", 1)[0]
    assert shown == table()
    recipe = (ROOT / "Makefile").read_text(encoding="utf-8").split("\nlabelled:", 1)[1].splitlines()[1].strip()
    assert recipe == "$(BIN)/python -m tests.labelled.measure"
