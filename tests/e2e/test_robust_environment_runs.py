"""The environment axes through the stock ``tau2 run`` with the LLM agent, against a loopback model server.

The model sees the task-set-only tool exactly in the tasks that enable it (in the tool list litellm
sends), retries a faulted call, and every session passes tau2's own verdict.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest

from tau_indian_bank.paths import ROBUST_TASKS_FILE
from tau_indian_bank.tasks.suite_files import load_suite
from tests.conftest import run
from tests.support.fake_llm import FakeModel, Server

pytestmark = pytest.mark.e2e

TASK_IDS = [
    "rob_unseen_tool_branch_ifsc_0001",
    "rob_tool_fault_fd_close_by_number_0001",
    "rob_tool_fault_balance_0001",
    "rob_injected_instructions_dispute_txn_0001",
    "rob_irrelevant_results_rules_figure_0001",
]


@dataclass
class ToolListRecorder(FakeModel):
    """The fake model, also noting whether each agent request offered ``find_branches``."""

    offered: dict[str, set[bool]] = field(default_factory=dict)

    def agent(self, body, messages):  # noqa: ANN001, ANN201 - the fake model's signature
        opening = next((m.get("content") for m in messages if m.get("role") == "user"), "")
        task = next((t for (text, _), t in self.by_opening.items() if text == opening), None)
        if task is not None:
            names = {tool["function"]["name"] for tool in body.get("tools") or []}
            self.offered.setdefault(task["id"], set()).add("find_branches" in names)
        return super().agent(body, messages)


def test_the_llm_agent_is_offered_the_unseen_tool_only_where_enabled_and_passes_every_axis(tmp_path):
    tasks = [t for t in load_suite(ROBUST_TASKS_FILE) if t["id"] in TASK_IDS]
    with Server(ToolListRecorder(tasks)) as server:
        args = json.dumps({"api_base": server.base, "temperature": 0})
        done = run(
            [
                "tau2",
                "run",
                "--domain",
                "indian_bank",
                "--task-set-name",
                "indian_bank_robust",
                "--agent",
                "indian_bank_llm_agent",
                "--agent-llm",
                "openai/fake-agent",
                "--agent-llm-args",
                args,
                "--user",
                "indian_bank_user",
                "--user-llm",
                "openai/fake-user",
                "--user-llm-args",
                args,
                "--task-ids",
                *TASK_IDS,
                "--results-dir",
                str(tmp_path),
                "--save-to",
                "robust",
                "--max-concurrency",
                "2",
            ],
            OPENAI_API_KEY="sk-x",
        )
        offered = server.model.offered
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    sims = {s["task_id"]: s for s in json.loads((tmp_path / "robust.json").read_text())["simulations"]}
    assert {t: s["reward_info"]["reward"] for t, s in sims.items()} == dict.fromkeys(TASK_IDS, 1.0)
    assert offered == {t: {t.startswith("rob_unseen_tool_")} for t in TASK_IDS}
    faulted = [
        m
        for m in sims["rob_tool_fault_fd_close_by_number_0001"]["messages"]
        if m.get("role") == "tool" and "temporary fault" in (m.get("content") or "")
    ]
    assert len(faulted) == 1
