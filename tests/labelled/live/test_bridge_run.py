"""A real ``tau-indian-bank run`` through the bridge, both sides answered by a scripted responder (e2e).

The responder plays the two players through the same queue files and ``reply`` checks a
helper agent uses: the assistant reads the first account with a tool call and quotes its
balance; the customer says its scenario's opening line (with an invented account number when
the lead's twin instruction tells it to) and then ends. One base session (it passes), one
robustness session run as a twin, both exported in the labelled-conversation format.
"""

from __future__ import annotations

import io
import json
import re
import threading
import time
from pathlib import Path

import pytest

from tau_indian_bank.bank.money import format_rupees, output_rupees_to_paise
from tests.conftest import run
from tests.labelled.live import bridge, client, exchange
from tests.labelled.live.export import export
from tests.labelled.live.server import Bridge, make_server

pytestmark = pytest.mark.e2e

BASE_TASK = "ctrl_balance_0001"
ROBUST_TASK = "rob_decline_fd_close_0001"
INVENTED = "My account number is 501099999999."


class Scripted(threading.Thread):
    """Both players of the queue, answering every pending request of ``customer-1`` and ``assistant-1``."""

    def __init__(self, queue: Path) -> None:
        super().__init__(daemon=True)
        self.queue, self.stop, self.instructions, self.shown = queue, threading.Event(), [], []

    def run(self) -> None:
        while not self.stop.is_set():
            for model in (bridge.CUSTOMER_MODEL, bridge.AGENT_MODEL):
                for path in exchange.pending(self.queue, model) if (self.queue / model).is_dir() else []:
                    request = exchange.read_json(path)
                    self.shown.append(client.render(request))
                    text, calls = (self.customer if request["side"] == "customer" else self.assistant)(request)
                    client.reply(self.queue, request["id"], text, calls, out=io.StringIO())
            time.sleep(0.05)

    def customer(self, request: dict) -> tuple[str, list]:
        messages = request["body"]["messages"]
        if any(m["role"] == "assistant" for m in messages):
            return "Thank you, that is all. ###STOP###", []
        opening = re.search(r'Opening line: "([^"]*)"', messages[0]["content"]).group(1)
        if request["instruction"]:
            self.instructions.append(request["instruction"]["kind"])
            return f"{opening} {INVENTED}", []
        return opening, []

    def assistant(self, request: dict) -> tuple[str | None, list]:
        messages = request["body"]["messages"]
        profile = json.loads(next(m["content"] for m in messages if m.get("tool_call_id") == "login-context"))
        account = profile["accounts"][0]
        results = [m for m in messages if m["role"] == "tool" and m.get("tool_call_id") != "login-context"]
        if not results:
            return None, [["get_account_details", json.dumps({"account_id": account["account_id"]})]]
        balance = format_rupees(output_rupees_to_paise(json.loads(results[-1]["content"])["balance"]))
        return f"The balance of your account ending {account['last4']} is {balance}. Anything else?", []


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Two runs through one bridge: the base task live, then the robustness task as a twin (C1)."""
    root = tmp_path_factory.mktemp("bridge-run")
    queue = root / "queue"
    model = Bridge(queue, reply_timeout=300, log=io.StringIO())
    server = make_server(model, 0)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    responder = Scripted(queue)
    responder.start()
    port = server.server_address[1]
    try:
        base = _run(bridge.run_command(port, [BASE_TASK], f"{BASE_TASK}.live", None, str(root / "results"), program="tau-indian-bank"))
        assert client.twin(queue, bridge.CUSTOMER_MODEL, "C1", "Give an account number you invent.", False, out=io.StringIO()) == 0
        twin = _run(
            bridge.run_command(
                port, [ROBUST_TASK], f"{ROBUST_TASK}.twin-C1", "indian_bank_robust", str(root / "results"), program="tau-indian-bank"
            )
        )
    finally:
        responder.stop.set()
        model.close()
        server.shutdown()
        server.server_close()
    return root, queue, model, responder, base, twin


def _run(command: list[str]):
    done = run(command, **bridge.RUN_ENV)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done


def test_a_base_session_played_through_the_bridge_passes(played):
    root, queue, model, responder, base, _ = played
    [session] = json.loads((root / "results" / f"{BASE_TASK}.live.json").read_text())["simulations"]
    assert session["termination_reason"] == "user_stop" and session["reward_info"]["reward"] == 1.0
    calls = [c["name"] for m in session["messages"] for c in m.get("tool_calls") or []]
    assert calls == ["get_customer_profile", "get_account_details"]
    assert model.probes == 4  # the preflight of each run, answered by the bridge itself
    assert "pass 100.0%" in base.stdout


def test_the_players_saw_the_prompts_once_and_then_only_what_was_new(played):
    _, _, _, responder, _, _ = played
    customer_views = [v for v in responder.shown if "(customer side)" in v]
    assert "<scenario>" in customer_views[0] and "Guidelines for playing a Bharat Sahakari Bank customer" in customer_views[0]
    assert "<scenario>" not in customer_views[1] and "NEW SINCE YOUR LAST REPLY" in customer_views[1]
    assistant_views = [v for v in responder.shown if "(assistant side)" in v]
    assert "<policy>" in assistant_views[0] and "* get_account_details:" in assistant_views[0]
    assert "<policy>" not in assistant_views[1] and "TOOL RESULT for call id call_" in assistant_views[1]


def test_the_export_has_the_audit_shape_and_finds_the_twin(played):
    root, queue, _, responder, _, _ = played
    out = root / "labelled"
    written = export(root / "results" / f"{BASE_TASK}.live.json", out, queue=queue, log=io.StringIO())
    written += export(root / "results" / f"{ROBUST_TASK}.twin-C1.json", out, queue=queue, log=io.StringIO())
    assert [p.name for p in written] == [f"{BASE_TASK}.live.json", f"{ROBUST_TASK}.twin-C1.json"]
    live, twin = (json.loads(p.read_text(encoding="utf-8")) for p in written)
    assert (live["task_set"], live["variant"], live["termination_reason"]) == ("indian_bank", "live", "user_stop")
    assert (twin["task_set"], twin["variant"]) == ("indian_bank_robust", "twin-C1")
    assert "Give an account number you invent." in twin["customer"] and responder.instructions == ["C1"]
    assert INVENTED in [m for m in twin["messages"] if m["role"] == "user"][0]["content"]
    for data in (live, twin):
        assert data["labels"] == dict.fromkeys(["C1", "C2", "C3", "C4", "C5", "C6"])
        assert data["messages"][0]["tool_calls"][0]["id"] == "login-context"  # tau2's messages, as saved
