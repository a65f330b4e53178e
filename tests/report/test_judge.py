"""The optional judge: its answer parsing, what it is sent, and what an unreachable judge means (no network)."""

import json
import sys
from types import SimpleNamespace

import pytest

from tau_indian_bank.report import judge


@pytest.mark.parametrize(
    ("answer", "verdict"),
    [
        ("PASS", True),
        ("PASS. The assistant confirmed first.", True),
        ("  pass - followed §4.5", True),
        ("Passed", True),
        ("FAIL", False),
        ("fail: closed the deposit without asking", False),
        ("\nFAIL.", False),
        ("The assistant passes", None),
        ("Verdict: PASS", None),
        ("No failure here", None),
        ("", None),
        (None, None),
        ("N/A", None),
    ],
)
def test_the_answer_is_read_from_its_first_word(answer, verdict):
    assert judge.parse_verdict(answer) is verdict


class FakeLitellm:
    def __init__(self, answers):
        self.answers = list(answers)
        self.sent = []

    def completion(self, **request):
        self.sent.append(request)
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return SimpleNamespace(choices=[SimpleNamespace(message=SimpleNamespace(content=answer))])


@pytest.fixture
def fake_litellm(monkeypatch):
    def install(*answers):
        fake = FakeLitellm(answers)
        monkeypatch.setitem(sys.modules, "litellm", fake)  # the judge imports litellm only when it runs
        return fake

    return install


MESSAGES = [
    {"role": "user", "content": "Close my FD please"},
    {"role": "assistant", "content": None, "tool_calls": [{"name": "list_deposits", "arguments": {"customer_id": "CUST1"}}]},
    {"role": "tool", "content": '[{"fd_id": "FD1"}]'},
    {"role": "assistant", "content": "Shall I close FD1?"},
]


def test_the_judge_is_sent_the_assertion_and_the_transcript(fake_litellm):
    fake = fake_litellm("FAIL. It never confirmed.")
    assert judge.judge_session("openai/judge", {"temperature": 0}, "The assistant confirms before closing.", MESSAGES) is False
    (request,) = fake.sent
    system, user = request["messages"]
    assert "REQUIREMENT: The assistant confirms before closing." in system["content"]
    assert user["content"].splitlines() == [
        "CUSTOMER: Close my FD please",
        '[tool] list_deposits({"customer_id": "CUST1"})',
        '[result] [{"fd_id": "FD1"}]',
        "ASSISTANT: Shall I close FD1?",
    ]
    assert request["model"] == "openai/judge" and request["temperature"] == 0


def test_an_unreachable_or_unclear_judge_leaves_the_session_unjudged(fake_litellm):
    fake_litellm(ConnectionError("no route"), "I think it is fine")
    assert judge.judge_session("m", {}, "a", MESSAGES) is None
    assert judge.judge_session("m", {}, "a", MESSAGES) is None


def test_every_session_with_an_assertion_is_judged(fake_litellm, tmp_path):
    fake_litellm("PASS", "FAIL")
    tasks = [
        {"id": "t1", "evaluation_criteria": {"nl_assertions": ["first"]}},
        {"id": "t2", "evaluation_criteria": {"nl_assertions": ["second"]}},
        {"id": "t3", "evaluation_criteria": {"nl_assertions": []}},
    ]
    sims = [
        {"task_id": "t1", "trial": 0, "messages": MESSAGES},
        {"task_id": "t2", "trial": 1, "messages": []},
        {"task_id": "t3", "trial": 0, "messages": []},
        {"task_id": "gone", "trial": 0, "messages": []},
    ]
    path = tmp_path / "run.json"
    path.write_text(json.dumps({"tasks": tasks, "simulations": sims}), encoding="utf-8")
    assert judge.judge_results(str(path), "m", {}) == {("t1", 0): True, ("t2", 1): False}


def test_a_long_transcript_keeps_its_end():
    messages = [{"role": "user", "content": f"line {i}"} for i in range(2000)]
    text = judge.transcript(messages, limit=100)
    assert len(text) == 100 and text.endswith("CUSTOMER: line 1999")
