"""The bridge without tau2: the server's queue files, the players' commands, the exporter (fast lane)."""

from __future__ import annotations

import io
import json
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from contextlib import redirect_stderr
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.labelled.live import bridge, exchange
from tests.labelled.live.export import export
from tests.labelled.live.server import Bridge, make_server

SYSTEM_CUSTOMER = 'You are playing a customer.\n<scenario>\nOpening line: "What is my balance?"\n</scenario>'
SYSTEM_AGENT = "<instructions>You are a bank assistant.</instructions>"
GREETING = {"role": "user", "content": "Hello Asha, welcome. How can I help you today?"}
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "get_account_details",
            "description": "Get an account's balance.",
            "parameters": {
                "type": "object",
                "properties": {"account_id": {"type": "string", "description": "The account."}},
                "required": ["account_id"],
            },
        },
    }
]


@pytest.fixture
def served(tmp_path):
    """A bridge on a free port of 127.0.0.1 over a fresh queue, in a background thread."""
    model = Bridge(tmp_path / "queue", reply_timeout=30, log=io.StringIO())
    server = make_server(model, 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield model, f"http://127.0.0.1:{server.server_address[1]}/v1"
    model.close()
    server.shutdown()
    server.server_close()


def post(base: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(
        f"{base}/chat/completions", data=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def call(base: str, body: dict) -> tuple[threading.Thread, dict]:
    """POST ``body`` in a thread (the call blocks until a reply); the thread and where its answer lands."""
    answer: dict = {}
    thread = threading.Thread(target=lambda: answer.update(zip(("status", "body"), post(base, body))), daemon=True)
    thread.start()
    return thread, answer


def wait_pending(queue: Path, model: str, count: int = 1) -> list[Path]:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        found = exchange.pending(queue, model) if (queue / model).is_dir() else []
        if len(found) >= count:
            return found
        time.sleep(0.02)
    raise AssertionError(f"no request for {model}")


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stderr(err):
        old, sys.stdout = sys.stdout, out
        try:
            status = bridge.main(list(args))
        finally:
            sys.stdout = old
    return status, out.getvalue(), err.getvalue()


def customer_body(*messages: dict) -> dict:
    return {"model": "customer-1", "messages": [{"role": "system", "content": SYSTEM_CUSTOMER}, GREETING, *messages]}


def test_a_customer_call_waits_for_its_reply_file_and_is_answered_in_openai_format(served):
    model, base = served
    thread, answer = call(base, customer_body())
    [request_file] = wait_pending(model.queue, "customer-1")
    status, shown, _ = cli("next", "--queue", str(model.queue), "--model", "customer-1", "--wait", "0")
    assert status == 0 and "NEW CONVERSATION" in shown and "SYSTEM PROMPT:" in shown and SYSTEM_CUSTOMER in shown
    assert "[1] BANK ASSISTANT: Hello Asha" in shown and "TOOLS" not in shown
    assert not answer  # still blocked
    status, said, _ = cli("reply", request_file.name[:6], "--queue", str(model.queue), "--text", "What is my balance?")
    assert status == 0 and said.startswith(f"reply to {request_file.name[:6]} written")
    thread.join(10)
    assert answer["status"] == 200
    choice = answer["body"]["choices"][0]
    assert choice["message"] == {"role": "assistant", "content": "What is my balance?"} and choice["finish_reason"] == "stop"
    usage = answer["body"]["usage"]
    assert usage["completion_tokens"] == len("What is my balance?") // 4
    assert usage["prompt_tokens"] == len(json.dumps(customer_body()["messages"], ensure_ascii=False)) // 4
    assert not exchange.pending(model.queue, "customer-1")  # archived under done/
    assert [r["id"] for r, _ in exchange.archived(model.queue, "customer-1")] == [request_file.name[:6]]


def test_an_assistant_reply_with_tool_calls_reaches_the_caller_as_tool_calls(served):
    model, base = served
    body = {
        "model": "assistant-1",
        "tools": TOOLS,
        "messages": [{"role": "system", "content": SYSTEM_AGENT}, {"role": "user", "content": "What is my balance?"}],
    }
    thread, answer = call(base, body)
    [request_file] = wait_pending(model.queue, "assistant-1")
    _, shown, _ = cli("next", "--queue", str(model.queue), "--model", "assistant-1", "--wait", "0")
    assert "TOOLS (1)" in shown and "* get_account_details: Get an account's balance." in shown
    assert "- account_id (string; required): The account." in shown and "[1] CUSTOMER: What is my balance?" in shown
    request_id = request_file.name[:6]
    status, said, _ = cli(
        "reply",
        request_id,
        "--queue",
        str(model.queue),
        "--tool-call",
        "get_account_details",
        '{"account_id": "501004412345"}',
        "--tool-call",
        "get_account_details",
        '{"account_id": "2"}',
    )
    assert status == 0 and "tool call get_account_details, tool call get_account_details" in said
    thread.join(10)
    message = answer["body"]["choices"][0]["message"]
    assert answer["body"]["choices"][0]["finish_reason"] == "tool_calls" and message["content"] is None
    assert [(c["id"], c["function"]["name"], json.loads(c["function"]["arguments"])) for c in message["tool_calls"]] == [
        (f"call_{request_id}_0", "get_account_details", {"account_id": "501004412345"}),
        (f"call_{request_id}_1", "get_account_details", {"account_id": "2"}),
    ]


@pytest.mark.parametrize(
    ("reply", "error"),
    [
        (["--tool-call", "get_account_details", '{"account_id": "5010'], "the arguments of get_account_details are not valid JSON"),
        (["--tool-call", "get_acount_details", "{}"], "unknown tool 'get_acount_details'; this request's tools are: get_account_details"),
        (["--tool-call", "get_account_details", "[1]"], "must be a JSON object"),
        (["--tool-call", "get_account_details", '{"acct": "1"}'], "unknown argument acct; missing required account_id"),
        ([], "an empty reply"),
        (["--text", "   "], "an empty reply"),
    ],
)
def test_a_malformed_reply_is_refused_in_one_line_and_nothing_is_written(served, reply, error):
    model, base = served
    call(base, {"model": "assistant-1", "tools": TOOLS, "messages": [{"role": "user", "content": "hi"}]})
    [request_file] = wait_pending(model.queue, "assistant-1")
    status, out, err = cli("reply", request_file.name[:6], "--queue", str(model.queue), *reply)
    assert status == 2 and not out
    assert err.count("\n") == 1 and err.startswith("error: ") and error in err, err
    assert not exchange.reply_path(request_file).exists()


def test_tool_arguments_and_text_can_come_from_stdin(served, monkeypatch):
    model, base = served
    thread, answer = call(base, {"model": "assistant-1", "tools": TOOLS, "messages": [{"role": "user", "content": "hi"}]})
    [request_file] = wait_pending(model.queue, "assistant-1")
    request_id, queue = request_file.name[:6], str(model.queue)
    status, _, err = cli("reply", request_id, "--queue", queue, "--text", "-", "--tool-call", "get_account_details", "-")
    assert status == 2 and "both want stdin" in err
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"account_id": "the customer\'s account"}\n'))
    assert cli("reply", request_id, "--queue", queue, "--tool-call", "get_account_details", "-")[0] == 0
    thread.join(10)
    [call_made] = answer["body"]["choices"][0]["message"]["tool_calls"]
    assert json.loads(call_made["function"]["arguments"]) == {"account_id": "the customer's account"}


def test_the_customer_cannot_call_tools_and_ids_must_exist(served):
    model, base = served
    call(base, customer_body())
    [request_file] = wait_pending(model.queue, "customer-1")
    status, _, err = cli("reply", request_file.name[:6], "--queue", str(model.queue), "--tool-call", "x", "{}")
    assert status == 2 and "offers no tools (you are the customer)" in err
    status, _, err = cli("reply", "000999", "--queue", str(model.queue), "--text", "hi")
    assert status == 2 and err == f"error: no request 000999 in {model.queue} (run `next` to see the pending one)\n"
    assert cli("reply", request_file.name[:6], "--queue", str(model.queue), "--text", "hi")[0] == 0
    status, _, err = cli("reply", request_file.name[:6], "--queue", str(model.queue), "--text", "again")
    assert status == 2 and "already" in err


@pytest.mark.e2e
def test_the_command_line_prints_one_line_not_a_traceback(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "tests.labelled.live.bridge", "reply", "12", "--queue", str(tmp_path), "--text", "hi"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"error: no request 000012 in {tmp_path} (run `next` to see the pending one)\n"


def test_a_conversation_shows_only_what_is_new_and_a_repeat_of_the_same_start_is_a_new_conversation(served):
    model, base = served
    queue = str(model.queue)
    first, _ = call(base, customer_body())
    [one] = wait_pending(model.queue, "customer-1")
    cli("reply", one.name[:6], "--queue", queue, "--text", "What is my balance?")
    first.join(10)
    mine = {"role": "assistant", "content": "What is my balance?"}
    second, _ = call(base, customer_body(mine, {"role": "user", "content": "It is ₹5,000. Anything else?"}))
    [two] = wait_pending(model.queue, "customer-1")
    request = exchange.read_json(two)
    assert request["conversation"] == exchange.read_json(model.queue / "customer-1" / "done" / one.name)["conversation"]
    assert (request["new_from"], request["conversation_request"], request["new_conversation"]) == (2, 2, False)
    _, shown, _ = cli("next", "--queue", queue, "--model", "customer-1", "--wait", "0")
    assert "SYSTEM PROMPT" not in shown and "Hello Asha" not in shown
    assert "[2] YOU (customer): What is my balance?" in shown and "[3] BANK ASSISTANT: It is ₹5,000." in shown
    _, full, _ = cli("next", "--queue", queue, "--model", "customer-1", "--wait", "0", "--full")
    assert SYSTEM_CUSTOMER in full and "[1] BANK ASSISTANT: Hello Asha" in full
    status, said, _ = cli("reply", two.name[:6], "--queue", queue, "--text", "No, thanks. ###STOP###")
    assert "you ended the conversation with ###STOP###" in said
    second.join(10)
    call(base, customer_body())  # the same task again (a twin): a new conversation with its own key
    [three] = wait_pending(model.queue, "customer-1")
    again = exchange.read_json(three)
    assert again["new_conversation"] and again["conversation"] == f"{request['conversation']}-2"


def test_a_retried_call_joins_the_pending_request(served):
    model, base = served
    first, answer_one = call(base, customer_body())
    wait_pending(model.queue, "customer-1")
    second, answer_two = call(base, customer_body())
    time.sleep(0.3)
    [request_file] = exchange.pending(model.queue, "customer-1")  # still one request
    cli("reply", request_file.name[:6], "--queue", str(model.queue), "--text", "Hi")
    first.join(10)
    second.join(10)
    assert answer_one["body"]["choices"][0]["message"]["content"] == answer_two["body"]["choices"][0]["message"]["content"] == "Hi"


def test_the_preflight_probe_is_answered_at_once(served):
    from tau_indian_bank.runs.preflight import PROBE

    model, base = served
    status, body = post(base, {"model": "assistant-1", "messages": [{"role": "user", "content": PROBE}]})
    assert status == 200 and body["choices"][0]["message"]["content"] == "OK" and model.probes == 1
    assert not list(model.queue.glob("*/*.json"))


def test_a_call_with_no_reply_in_time_is_an_http_504_and_leaves_the_queue(tmp_path):
    model = Bridge(tmp_path / "queue", reply_timeout=0.3, log=io.StringIO())
    server = make_server(model, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        status, body = post(f"http://127.0.0.1:{server.server_address[1]}/v1", customer_body())
    finally:
        server.shutdown()
        server.server_close()
    assert status == 504 and "no reply to request 000001" in body["error"]["message"]
    assert not exchange.pending(model.queue, "customer-1")
    [(request, reply)] = list(exchange.archived(model.queue, "customer-1"))
    assert request["expired"] and reply is None


def test_a_call_whose_caller_hung_up_is_dropped_from_the_queue(served):
    model, base = served
    port = int(base.rsplit(":", 1)[1].split("/")[0])
    data = json.dumps(customer_body()).encode()
    with socket.create_connection(("127.0.0.1", port)) as caller:  # a run stopped while its call waits
        caller.sendall(
            b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
            + f"content-length: {len(data)}\r\n\r\n".encode()
            + data
        )
        [request_file] = wait_pending(model.queue, "customer-1")
    deadline = time.monotonic() + 10
    while exchange.pending(model.queue, "customer-1") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not exchange.pending(model.queue, "customer-1")
    [(request, reply)] = list(exchange.archived(model.queue, "customer-1"))
    assert request["abandoned"] and reply is None
    status, _, err = cli("reply", request_file.name[:6], "--queue", str(model.queue), "--text", "hi")
    assert status == 2 and "was dropped unanswered (its run stopped" in err
    assert cli("status", "--queue", str(model.queue))[1] == "customer-1: 0 pending; 0 answered, 1 dropped unanswered\n"
    call(base, customer_body())  # the harness asks again for the same turn
    [again] = wait_pending(model.queue, "customer-1")
    assert exchange.read_json(again)["conversation"] == request["conversation"]
    _, shown, _ = cli("next", "--queue", str(model.queue), "--model", "customer-1", "--wait", "0")
    assert "(nothing new: the harness asked again for the same turn" in shown


def test_next_waits_and_then_says_what_is_pending_elsewhere(tmp_path):
    (tmp_path / "assistant-1").mkdir()
    exchange.write_json(tmp_path / "assistant-1" / "000004.request.json", {"id": "000004"})
    status, out, _ = cli("next", "--queue", str(tmp_path), "--model", "customer-1", "--wait", "0.3")
    assert status == 3 and "no request for customer-1 within 0 s (pending for the other players: assistant-1: 1)" in out


def test_twin_instruction_is_shown_with_each_new_conversation_until_cleared(served):
    model, base = served
    queue = str(model.queue)
    assert cli("twin", "--queue", queue, "--kind", "C1")[0] == 2
    status, said, _ = cli("twin", "--queue", queue, "--kind", "C1", "--instruction", "Give an account number you invent.")
    assert status == 0 and "twin-C1" in said
    call(base, customer_body())
    wait_pending(model.queue, "customer-1")
    _, shown, _ = cli("next", "--queue", queue, "--model", "customer-1", "--wait", "0")
    assert "LEAD'S INSTRUCTION FOR THIS SESSION" in shown and "Give an account number you invent." in shown
    assert cli("twin", "--queue", queue, "--clear")[0] == 0 and not (model.queue / "customer-1" / "twin.json").exists()


def test_status_lists_pending_requests_and_timings(served):
    model, base = served
    thread, _ = call(base, customer_body())
    [request_file] = wait_pending(model.queue, "customer-1")
    _, out, _ = cli("status", "--queue", str(model.queue))
    assert out.startswith(f"customer-1: 1 pending: {request_file.name[:6]} (conversation ")
    cli("reply", request_file.name[:6], "--queue", str(model.queue), "--text", "Hi")
    thread.join(10)
    _, out, _ = cli("status", "--queue", str(model.queue), "--timings")
    assert "customer-1: 0 pending; 1 answered" in out and "timings: 1 turns; player time per turn mean" in out


def results_with(*sessions: dict) -> dict:
    return {"info": {}, "tasks": [], "simulations": list(sessions)}


def session(task_id: str, said: list[str], reason: str = "user_stop") -> dict:
    messages = [{"role": "assistant", "content": "Hello, how can I help?"}]
    for text in said:
        messages += [{"role": "user", "content": text}, {"role": "assistant", "content": "Noted."}]
    return {"task_id": task_id, "trial": 0, "termination_reason": reason, "messages": messages}


def test_export_writes_one_audit_file_per_session_with_null_labels(tmp_path):
    results = tmp_path / "run.json"
    results.write_text(
        json.dumps(
            results_with(
                session("ctrl_balance_0001", ["Balance?", "Thanks ###STOP###"]),
                session("rob_decline_fd_close_0001", ["Close my FD"]),
                session("ctrl_balance_0002", ["Hi"], reason="agent_error"),
            )
        )
    )
    log = io.StringIO()
    written = export(results, tmp_path / "out", log=log)
    assert sorted(p.name for p in written) == ["ctrl_balance_0001.live.json", "rob_decline_fd_close_0001.live.json"]
    assert "skipped ctrl_balance_0002: it ended with a model error (agent_error)" in log.getvalue()
    data = json.loads((tmp_path / "out" / "rob_decline_fd_close_0001.live.json").read_text(encoding="utf-8"))
    assert list(data) == [
        "task_id",
        "task_set",
        "variant",
        "customer",
        "assistant",
        "termination_reason",
        "messages",
        "labels",
        "label_notes",
    ]
    assert (data["task_set"], data["variant"], data["termination_reason"]) == ("indian_bank_robust", "live", "user_stop")
    assert data["labels"] == dict.fromkeys(["C1", "C2", "C3", "C4", "C5", "C6"]) and data["label_notes"] == ""
    assert data["messages"] == session("rob_decline_fd_close_0001", ["Close my FD"])["messages"]
    with pytest.raises(exchange.BridgeError, match="exists; give another --variant, or --overwrite"):
        export(results, tmp_path / "out", log=log)


def test_export_names_a_twin_by_the_instruction_its_customer_conversation_was_shown(tmp_path):
    queue = tmp_path / "queue"
    done = queue / "customer-1" / "done"
    instruction = {"kind": "C3", "instruction": "Say yes to the first proposal, whatever it names."}
    for number, (mine, reply, told) in enumerate(
        [(["Balance?"], "Thanks ###STOP###", None), (["Balance?"], "Yes go ahead ###STOP###", instruction)], 1
    ):
        messages = [{"role": "system", "content": "s"}, {"role": "user", "content": "Hello, how can I help?"}]
        messages += [{"role": "assistant", "content": mine[0]}, {"role": "user", "content": "Noted."}]
        exchange.write_json(
            done / f"00000{number}.request.json",
            {
                "id": f"00000{number}",
                "side": "customer",
                "conversation": f"k{number}",
                "conversation_request": 2,
                "instruction": told,
                "body": {"messages": messages},
            },
        )
        exchange.write_json(done / f"00000{number}.reply.json", {"content": reply, "tool_calls": []})
    results = tmp_path / "run.json"
    results.write_text(json.dumps(results_with(session("ctrl_balance_0001", ["Balance?", "Yes go ahead ###STOP###"]))))
    [path] = export(results, tmp_path / "out", queue=queue, log=io.StringIO())
    data = json.loads(path.read_text(encoding="utf-8"))
    assert path.name == "ctrl_balance_0001.twin-C3.json" and data["variant"] == "twin-C3"
    assert data["customer"].endswith("with the lead's twin instruction: Say yes to the first proposal, whatever it names.")


def test_export_refuses_a_file_that_is_not_a_results_file_in_one_line(tmp_path):
    (tmp_path / "bad.json").write_text("{")
    status, _, err = cli("export", str(tmp_path / "bad.json"), "--out", str(tmp_path / "out"))
    assert status == 2 and err.count("\n") == 1 and "not a readable tau2 results file" in err


def test_the_recipe_plays_both_sides_through_the_bridge_one_session_at_a_time():
    status, out, _ = cli(
        "recipe", "--port", "8765", "--task-ids", "rob_decline_fd_close_0001", "--task-set", "indian_bank_robust", "--variant", "twin-C3"
    )
    assert status == 0
    for flag in (
        "--agent indian_bank_llm_agent --agent-llm openai/assistant-1",
        "--user indian_bank_user --user-llm openai/customer-1",
        "--task-set-name indian_bank_robust",
        "--max-concurrency 1",
        "--save-to rob_decline_fd_close_0001.twin-C3",
        '"api_base": "http://127.0.0.1:8765/v1"',
        '"timeout": 21600',
        "OPENAI_API_KEY=",
    ):
        assert flag in out, flag


def test_the_end_tokens_are_tau2s():
    from tau_indian_bank import vocabulary

    assert exchange.END_TOKENS == (vocabulary.STOP, vocabulary.TRANSFER, vocabulary.OUT_OF_SCOPE)


@pytest.mark.e2e
def test_the_players_commands_import_neither_tau2_nor_the_package():
    code = (
        "import sys, tests.labelled.live.bridge, tests.labelled.live.client, tests.labelled.live.export; "
        "print([m for m in sys.modules if m.split('.')[0] in ('tau2', 'litellm', 'tau_indian_bank')])"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]", done.stderr
