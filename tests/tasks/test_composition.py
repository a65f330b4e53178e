"""The composition figures' definitions: a hand-over is not a write."""

from tau_indian_bank.tasks.composition import composition_checks
from tau_indian_bank.tools.catalogue import TRANSFER_TOOL, WRITE_TOOLS


def _task(task_id: str, *calls: str) -> dict:
    return {"id": task_id, "evaluation_criteria": {"actions": [{"name": name, "arguments": {}} for name in calls]}}


def test_a_hand_over_counts_as_no_write_and_a_write_does():
    tasks = [
        _task("edge_bereavement_0001", TRANSFER_TOOL),
        _task("edge_overdue_escalate_0001", "get_service_request_status", TRANSFER_TOOL),
        _task("seq_card_unfreeze_0001", "get_card_details", "unfreeze_card"),
        _task("ctrl_balance_0001", "get_account_details"),
    ]
    assert TRANSFER_TOOL not in WRITE_TOOLS and "unfreeze_card" in WRITE_TOOLS
    rows = {c.name: c for c in composition_checks(tasks, {"base": [t["id"] for t in tasks]})}
    assert rows["tasks without a write (hand-over not a write)"].found == "3"
    assert rows["tasks with a read"].found == "3"
    assert rows["control tasks without a write (same)"].found == "1"
