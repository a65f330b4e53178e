"""The bridge's OpenAI-compatible server: each chat completion waits for a player's reply file.

``POST /v1/chat/completions`` (litellm's ``openai/<name>`` provider sends ``model: <name>``)
is written to ``DIR/<name>/<id>.request.json`` and the HTTP call blocks until
``<id>.reply.json`` appears (or ``reply_timeout`` seconds pass: HTTP 504), then answers in
OpenAI's format: the reply's text and/or tool calls, and ``usage`` counted as characters / 4.
The preflight probe of ``tau-indian-bank run`` is answered ``OK`` at once.

The server follows each conversation: a request whose messages extend an earlier request
of the same model (same system prompt, same messages so far) continues that conversation;
anything else opens a new one, keyed by a hash of the system prompt and the first
non-system messages (``-2``, ``-3``… when the same start comes again, as for a twin).
The request file says which messages are new since the conversation's previous request,
so a player reads only those. A retried call (litellm gave up waiting and asked again with
the same messages) joins the pending request instead of queuing a second one.
"""

from __future__ import annotations

import hashlib
import json
import select
import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from tests.labelled.live import exchange

POLL_SECONDS = 0.1
#: How often a waiting call checks that its caller is still connected.
HANG_UP_CHECK_SECONDS = 1.0
DEFAULT_REPLY_TIMEOUT = 6 * 3600.0


def canonical(message: dict[str, Any]) -> str:
    """A message as one comparable string (tool-call arguments parsed, so spacing does not matter)."""
    calls = []
    for call in message.get("tool_calls") or []:
        function = call.get("function") or {}
        arguments = function.get("arguments")
        try:
            arguments = json.loads(arguments) if isinstance(arguments, str) else arguments
        except json.JSONDecodeError:
            pass
        calls.append([function.get("name"), arguments])
    return json.dumps([message.get("role"), message.get("content"), calls, message.get("tool_call_id")], sort_keys=True, ensure_ascii=False)


@dataclass
class Conversation:
    model: str
    key: str
    seen: list[str]
    instruction: dict[str, Any] | None
    requests: int = 0
    ended: bool = False


@dataclass
class Pending:
    request_id: str
    path: Path
    seen: list[str]
    conversation: Conversation
    callers: list[Any] = field(default_factory=list)  # the sockets waiting for this reply
    reply: dict[str, Any] | None = None
    done: threading.Event = field(default_factory=threading.Event)


class Bridge:
    """The queue and the conversations; the HTTP handler calls :meth:`answer`."""

    def __init__(self, queue: Path, reply_timeout: float = DEFAULT_REPLY_TIMEOUT, log=sys.stdout) -> None:  # noqa: ANN001
        from tau_indian_bank.runs.preflight import PROBE

        self.queue, self.reply_timeout, self.log, self.probe = queue, reply_timeout, log, PROBE
        self.queue.mkdir(parents=True, exist_ok=True)
        self.lock = threading.Lock()
        self.next_id = exchange.last_id(queue) + 1
        self.conversations: list[Conversation] = []
        self.pending: list[Pending] = []
        self.probes = 0
        self.closing = threading.Event()

    def close(self) -> None:
        """Let every waiting call give up now (HTTP 504), as at its timeout."""
        self.closing.set()

    def say(self, line: str) -> None:
        print(f"{time.strftime('%H:%M:%S')} {line}", file=self.log, flush=True)

    def answer(self, body: dict[str, Any], caller: Any = None) -> tuple[int, dict[str, Any]]:
        messages = body.get("messages") or []
        model = str(body.get("model") or "")
        if messages and messages[-1].get("content") == self.probe:
            self.probes += 1
            self.say(f"preflight probe for {model}: answered OK")
            return 200, completion(body, "OK", [], "probe")
        try:
            exchange.model_dir(self.queue, model)
        except exchange.BridgeError as error:
            return 400, {"error": {"message": str(error), "type": "invalid_request_error"}}
        entry, joined = self._enqueue(model, body, caller)
        if not joined:
            self._wait_for_reply(entry)
        elif not entry.done.wait(self.reply_timeout):
            entry.done.set()
        if entry.reply is None:
            return 504, {
                "error": {"message": f"no reply to request {entry.request_id} within {self.reply_timeout:.0f} s", "type": "timeout"}
            }
        return 200, completion(body, entry.reply.get("content"), entry.reply.get("tool_calls") or [], entry.request_id)

    def _enqueue(self, model: str, body: dict[str, Any], caller: Any) -> tuple[Pending, bool]:
        seen = [canonical(m) for m in body.get("messages") or []]
        with self.lock:
            for entry in self.pending:
                if entry.conversation.model == model and entry.seen == seen:
                    entry.callers.append(caller)
                    self.say(f"{model}: the same call again (a retry): it waits for request {entry.request_id}")
                    return entry, True
            conversation, new_from = self._place(model, seen)
            request_id = f"{self.next_id:06d}"
            self.next_id += 1
            conversation.requests += 1
            path = exchange.model_dir(self.queue, model) / f"{request_id}{exchange.REQUEST}"
            exchange.write_json(
                path,
                {
                    "id": request_id,
                    "model": model,
                    "side": exchange.side_of(body),
                    "conversation": conversation.key,
                    "conversation_request": conversation.requests,
                    "new_conversation": conversation.requests == 1,
                    "new_from": new_from,
                    "instruction": conversation.instruction,
                    "created": time.time(),
                    "body": body,
                },
            )
            entry = Pending(request_id, path, seen, conversation, [caller])
            self.pending.append(entry)
        self.say(f"{model}: request {request_id} (conversation {conversation.key}, turn {conversation.requests}) waits")
        return entry, False

    def _place(self, model: str, seen: list[str]) -> tuple[Conversation, int]:
        """The conversation these messages continue (the longest earlier request they extend), or a new one."""
        best = None
        for conversation in self.conversations:
            if conversation.model != model or conversation.ended or len(conversation.seen) > len(seen):
                continue
            if seen[: len(conversation.seen)] == conversation.seen and (best is None or len(conversation.seen) > len(best.seen)):
                best = conversation
        if best is not None:
            new_from, best.seen = len(best.seen), seen
            return best, new_from
        system = [s for s in seen if json.loads(s)[0] == "system"]
        rest = [s for s in seen if json.loads(s)[0] != "system"][:2]
        base = hashlib.sha1("\n".join([model, *system, *rest]).encode()).hexdigest()[:8]
        used = sum(1 for c in self.conversations if c.key.split("-")[0] == base)
        conversation = Conversation(model, base if not used else f"{base}-{used + 1}", seen, exchange.twin_instruction(self.queue, model))
        self.conversations.append(conversation)
        return conversation, 0

    def _wait_for_reply(self, entry: Pending) -> None:
        reply_file = exchange.reply_path(entry.path)
        deadline = time.monotonic() + self.reply_timeout
        check = time.monotonic() + HANG_UP_CHECK_SECONDS
        hung_up = False
        while time.monotonic() < deadline and not reply_file.exists() and not self.closing.is_set():
            time.sleep(POLL_SECONDS)
            if time.monotonic() >= check:
                check = time.monotonic() + HANG_UP_CHECK_SECONDS
                with self.lock:
                    hung_up = not any(connected(caller) for caller in entry.callers)
                    if hung_up:  # the run was stopped (or litellm gave up): nobody will read this reply
                        self.pending.remove(entry)
                if hung_up:
                    break
        with self.lock:
            if not hung_up:
                self.pending.remove(entry)
            request = exchange.read_json(entry.path)
            request["answered"] = time.time()
            request["abandoned"] = hung_up and not reply_file.exists()
            done = entry.path.parent / exchange.DONE
            if reply_file.exists():
                entry.reply = exchange.read_json(reply_file)
                entry.conversation.ended = bool(exchange.ends_conversation(entry.reply.get("content")))
                exchange.write_json(done / reply_file.name, entry.reply)
                reply_file.unlink()
            else:
                request["expired"] = not request["abandoned"]
            exchange.write_json(done / entry.path.name, request)
            entry.path.unlink()
        waited = request["answered"] - request["created"]
        what = (
            f"answered after {waited:.1f} s"
            if entry.reply
            else f"dropped after {waited:.0f} s: the caller hung up"
            if request["abandoned"]
            else f"expired after {waited:.0f} s (HTTP 504)"
        )
        self.say(f"{entry.conversation.model}: request {entry.request_id} {what}")
        entry.done.set()


def connected(caller: Any) -> bool:
    """Whether the caller's socket is still open (None, as in a test calling :meth:`Bridge.answer`: yes)."""
    if caller is None:
        return True
    try:
        readable, _, _ = select.select([caller], [], [], 0)
        return not readable or caller.recv(1, socket.MSG_PEEK) != b""
    except (OSError, ValueError):
        return False


def completion(body: dict[str, Any], content: str | None, calls: list[dict[str, Any]], request_id: str) -> dict[str, Any]:
    """An OpenAI chat completion answering ``body``: text and/or tool calls, usage as characters / 4."""
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if calls:
        message["tool_calls"] = [
            {"id": f"call_{request_id}_{i}", "type": "function", "function": {"name": call["name"], "arguments": call["arguments"]}}
            for i, call in enumerate(calls)
        ]
    prompt = max(1, len(json.dumps(body.get("messages") or [], ensure_ascii=False)) // 4)
    answer = max(1, len((content or "") + "".join(c["name"] + c["arguments"] for c in calls)) // 4)
    return {
        "id": f"bridge-{request_id}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model", "bridge"),
        "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if calls else "stop"}],
        "usage": {"prompt_tokens": prompt, "completion_tokens": answer, "total_tokens": prompt + answer},
    }


def make_server(bridge: Bridge, port: int) -> ThreadingHTTPServer:
    """The HTTP server on 127.0.0.1:``port`` (0: a free port), one thread per call."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - http.server's name
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._send(404, {"error": {"message": f"no such endpoint {self.path}", "type": "not_found"}})
                return
            try:
                body = json.loads(self.rfile.read(int(self.headers.get("content-length") or 0)) or b"{}")
            except json.JSONDecodeError:
                self._send(400, {"error": {"message": "the body is not JSON", "type": "invalid_request_error"}})
                return
            self._send(*bridge.answer(body, self.connection))

        def _send(self, status: int, payload: dict[str, Any]) -> None:
            data = json.dumps(payload).encode()
            try:
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                bridge.say(f"could not send the answer to {self.path}: the caller had hung up")

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    return server
