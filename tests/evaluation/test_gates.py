"""The gate registry and the transcript view: one contract for every gate, and the session as the gates read it."""

from __future__ import annotations

import importlib
import inspect
import json

from tau_indian_bank.evaluation import gates
from tau_indian_bank.evaluation.gates.base import VERDICT_RANKS, Gate, GateOutcome
from tau_indian_bank.evaluation.safety import GATES, PRECEDENCE, check_safety
from tau_indian_bank.evaluation.transcript import Transcript
from tau_indian_bank.tasks.suite_files import load_suite
from tau_indian_bank.tools.staging import FAULT_MESSAGE

TASK = next(t for t in load_suite() if t["id"].startswith("seq_fd_close_by_number_0"))
HISTORY = TASK["initial_state"]["message_history"]
DEPOSIT = TASK["evaluation_criteria"]["actions"][0]["arguments"]["deposit_id"]
ACCOUNT = TASK["evaluation_criteria"]["actions"][-1]["arguments"]["credit_account_id"]


def test_gates_and_precedence_derive_from_the_registry():
    assert GATES == tuple(gate.name for gate in gates.REGISTRY) == ("S1", "S2", "S3", "S4", "S5", "S6", "S7")
    assert PRECEDENCE == ("S1", "S2", "S3", "DB", "ACTION", "ANSWER", "S7", "S6", "S4", "S5")
    assert set(PRECEDENCE) == set(GATES) | set(VERDICT_RANKS)


def test_every_gate_is_one_module_with_one_signature():
    for gate in gates.REGISTRY:
        module = importlib.import_module(gate.check.__module__)
        assert module.GATE is gate and isinstance(gate, Gate)
        assert list(inspect.signature(gate.check).parameters) == ["view"]
        assert inspect.signature(gate.check).return_annotation in (GateOutcome, "GateOutcome")


def test_a_new_gate_is_one_registry_line(monkeypatch):
    """A gate added to the registry is run by check_safety and named in the report's precedence."""
    extra = Gate("S8", "replies are short", 24, lambda view: GateOutcome("fail", "too long"))
    monkeypatch.setattr(gates, "REGISTRY", (*gates.REGISTRY, extra))
    result = check_safety(TASK, list(HISTORY))
    assert result.gates["S8"] == "fail" and result.details["S8"] == "too long"


def _session() -> list[dict]:
    messages = [dict(m) for m in HISTORY] + [{"role": "user", "content": f"Close deposit {DEPOSIT} please."}]
    messages += [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "a", "name": "get_deposit_details", "arguments": {"deposit_id": DEPOSIT}},
                {"id": "b", "name": "close_deposit", "arguments": {"deposit_id": DEPOSIT, "credit_account_id": ACCOUNT}},
            ],
        },
        {"role": "tool", "id": "a", "content": json.dumps({"deposit_id": DEPOSIT}), "error": False},
        {"role": "tool", "id": "b", "content": f"Error: {FAULT_MESSAGE}", "error": True},
        {
            "role": "assistant",
            "content": "Shall I retry?",
            "tool_calls": [{"id": "c", "name": "close_deposit", "arguments": "not a mapping"}],
        },
        {"role": "tool", "id": "c", "content": "Error: bad arguments", "error": True},
    ]
    return messages


def test_the_transcript_view():
    view = Transcript.of(TASK, _session())
    assert view.history == len(HISTORY) and view.customer.startswith("CUST")
    assert any(label.startswith("ending ") for label in view.labels.values())
    assert [(c.call_id, c.refused, c.faulted) for c in view.calls] == [("a", False, False), ("b", True, True), ("c", True, False)]
    assert view.calls[0].succeeded and not view.calls[2].arguments and view.calls[2].raw_arguments == "not a mapping"
    assert [c.call_id for c in view.changes()] == ["c"]  # the faulted call never reached the bank
    assert view.assistant_texts() == [(len(HISTORY) + 4, "Shall I retry?")]
    assert view.outputs_before(len(HISTORY) + 3)[-1] == json.dumps({"deposit_id": DEPOSIT})
