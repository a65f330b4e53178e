"""A scripted OpenAI-compatible model server on 127.0.0.1, for real-model runs without network.

It answers ``POST /v1/chat/completions`` in three roles, told apart by the request:

* agent (the request offers tools): replays the task's gold chain like the oracle —
  reads at once, each change proposed first and made after the customer's yes, and says
  so when its last call was a hand-over;
* customer (no tools): the scripted customer, reading its scenario from the system prompt;
* judge (system prompt starts "You are grading"): answers PASS;
* tau2's repetition judge (``tau2 run --judge-llm``, a prompt asking whether the assistant is
  stuck in a loop): answers no, and is counted (``stuck_checks``).

Faults can be injected: an HTTP 500 on every n-th request, unparseable tool-call
arguments on the first call of chosen tasks, every agent request of chosen tasks failing
(the model is down for that session), or every agent request and every preflight probe
failing (an agent endpoint that returns HTTP 500 forever; serve the customer elsewhere).
Errors of conduct too (the customer audit's cases): an agent that proposes and makes its first
change on another of the customer's cards or accounts (``wrong_record``), and a careless
customer that, at the first proposal of chosen tasks, invents an account number, says yes
whatever is proposed, or leaves without answering (``careless_customer``).

Every answer reports token usage, deterministic and different per request (prompt tokens:
the request's characters / 4; completion tokens: the answer's characters / 4, plus one),
and the server adds it up per role (``usage``), so a test can compare a report's token
counts with what the server reported. A preflight probe (``tau-indian-bank run``'s test
completion) is answered ``OK`` and counted apart (``probes``).
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tau2.data_model.message import UserMessage

from tau_indian_bank.participants.bases import UserState
from tau_indian_bank.participants.customer import IndianBankCustomer
from tau_indian_bank.tools.catalogue import STATE_CHANGING_TOOLS, TRANSFER_TOOL
from tau_indian_bank.wording import describe_change, id_labels

CLOSING = "That is everything you asked for. Is there anything else I can help you with?"
#: What the agent says once the gold chain's hand-over is made (the session ends on it: participants/handover.py).
HANDED_OVER = "I have transferred you to a colleague, who will take it from here."
DOWN = {"error": {"message": "model down", "type": "server_error"}}


@dataclass
class Faults:
    http_500_every: int = 0
    malformed_first_call: set[str] = field(default_factory=set)
    down_for: set[str] = field(default_factory=set)
    agent_down: bool = False
    #: Tasks whose agent proposes (and makes) its first change on another card or account of the customer's.
    wrong_record: set[str] = field(default_factory=set)
    #: Task id -> how its customer answers the first proposal instead of the scripted customer: "invent" (yes, naming
    #: an account number it was never given), "yes" (yes, whatever is proposed) or "leave" (ends without answering).
    careless_customer: dict[str, str] = field(default_factory=dict)


#: The careless customer's answers to the first proposal (``Faults.careless_customer``).
CARELESS = {
    "invent": "Yes, please go ahead. Use my account number 501099887766 for it.",
    "yes": "Yes, please go ahead.",
    "leave": "Actually, I will come back later. Thanks! ###STOP###",
}


@dataclass
class FakeModel:
    tasks: list[dict[str, Any]]
    faults: Faults = field(default_factory=Faults)
    requests: int = 0
    seen_keys: list[str] = field(default_factory=list)
    customer_prompts: list[str] = field(default_factory=list)
    #: Tokens reported, by role ("agent", "customer"): [prompt, completion]; and the preflight probes answered.
    usage: dict[str, list[int]] = field(default_factory=lambda: {"agent": [0, 0], "customer": [0, 0]})
    probes: list[str] = field(default_factory=list)
    stuck_checks: int = 0

    def __post_init__(self) -> None:
        self.lock = threading.Lock()
        self.by_opening: dict[tuple[str, str], dict[str, Any]] = {}
        for task in self.tasks:
            text = task["user_scenario"]["instructions"]["task_instructions"]
            customer = task["initial_state"]["initialization_actions"][0]["arguments"]["customer_id"]
            self.by_opening[(text.split('Opening line: "', 1)[1].split('"', 1)[0], customer)] = task
        self.malformed_done: set[str] = set()

    # --- roles -------------------------------------------------------------------------------

    def answer(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        from tau_indian_bank.runs.preflight import PROBE

        messages = body.get("messages") or []
        if messages and messages[-1].get("content") == PROBE:
            with self.lock:
                self.probes.append(str(body.get("model")))
            return (500, DOWN) if self.faults.agent_down else (200, _reply(body, "OK"))
        if messages and '"stuck-in-a-loop"' in str(messages[-1].get("content") or "")[:200]:
            with self.lock:
                self.stuck_checks += 1
            return 200, _reply(body, "no")
        with self.lock:
            self.requests += 1
            if self.faults.http_500_every and self.requests % self.faults.http_500_every == 0:
                return 500, {"error": {"message": "injected server error", "type": "server_error"}}
        system = messages[0].get("content", "") if messages and messages[0].get("role") == "system" else ""
        if system.startswith("You are grading"):
            return 200, _reply(body, "PASS. The assistant followed the policy.")
        if body.get("tools"):
            status, payload = (500, DOWN) if self.faults.agent_down else self.agent(body, messages)
            role = "agent"
        else:
            self.customer_prompts.append(system)
            status, payload, role = 200, _reply(body, self.customer(system, messages)), "customer"
        if status == 200:
            with self.lock:
                self.usage[role][0] += payload["usage"]["prompt_tokens"]
                self.usage[role][1] += payload["usage"]["completion_tokens"]
        return status, payload

    def customer(self, system: str, messages: list[dict[str, Any]]) -> str:
        # the scenario alone: the guidelines quote cue lines as examples ('When the assistant first proposes …, say: "..."')
        scenario = system.split("<scenario>", 1)[-1].split("</scenario>", 1)[0]
        customer = IndianBankCustomer(instructions=scenario)
        own = [m.get("content") or "" for m in messages if m.get("role") == "assistant"]
        # A long earlier conversation (the task's history) is not this session's: the session starts at the opening line.
        customer.said_before = own.index(customer.script.opening) if customer.script.opening in own else len(own)
        said = [UserMessage(role="user", content=text) for text in own]
        last = next((m.get("content") or "" for m in reversed(messages) if m.get("role") == "user"), "")
        careless = self.careless(system, messages)
        return careless if careless is not None else customer.reply_to(last, UserState(system_messages=[], messages=said))

    def careless(self, system: str, messages: list[dict[str, Any]]) -> str | None:
        """A careless customer's answer to the first proposal of its task (``Faults.careless_customer``), else None."""
        from tau_indian_bank.text import read_message

        if not self.faults.careless_customer:
            return None
        task = next((t for (opening, _), t in self.by_opening.items() if f'Opening line: "{opening}"' in system), None)
        how = self.faults.careless_customer.get(task["id"]) if task else None
        if how is None:
            return None
        # The customer's view is flipped: the assistant's words arrive as "user" messages.
        heard = [m.get("content") or "" for m in messages if m.get("role") == "user"]
        proposals = [i for i, text in enumerate(heard) if read_message(text).kind == "proposal"]
        return CARELESS[how] if proposals == [len(heard) - 1] else None

    def agent(self, body: dict[str, Any], messages: list[dict[str, Any]]) -> tuple[int, dict[str, Any]]:
        opening = next((m.get("content") for m in messages if m.get("role") == "user"), None)
        task = self.by_opening.get((opening or "", _profile(messages).get("customer_id", "")))
        if task is None:
            return 200, _reply(body, "Hello! How can I help you today?")
        if task["id"] in self.faults.down_for:
            return 500, DOWN
        gold = task["evaluation_criteria"]["actions"]
        results = [m for m in messages if m.get("role") == "tool" and m.get("tool_call_id") != "login-context"]
        done = sum(not (m.get("content") or "").startswith("Error") for m in results)
        last = messages[-1]
        if done >= len(gold):
            return 200, _reply(body, HANDED_OVER if gold and gold[-1]["name"] == TRANSFER_TOOL else CLOSING)
        step = gold[done]
        if task["id"] in self.faults.wrong_record and step["name"] in STATE_CHANGING_TOOLS and done == _first_change(gold):
            step = {**step, "arguments": _other_record(step["arguments"], _profile(messages))}
        if step["name"] in STATE_CHANGING_TOOLS:
            change = describe_change(step["name"], step["arguments"], id_labels(_profile(messages)))
            proposal = f"To confirm: I will {change}. Shall I go ahead?"
            retry = last.get("role") == "tool" and (last.get("content") or "").startswith("Error")
            previous_text = next(
                (m.get("content") for m in reversed(messages[:-1]) if m.get("role") == "assistant" and m.get("content")), None
            )
            if not (retry or (last.get("role") == "user" and previous_text == proposal)):
                return 200, _reply(body, proposal)
        arguments = json.dumps(step["arguments"])
        if task["id"] in self.faults.malformed_first_call and task["id"] not in self.malformed_done:
            self.malformed_done.add(task["id"])
            arguments = arguments[: len(arguments) // 2]  # cut mid-object: not valid JSON
        return 200, _reply(body, None, {"name": step["name"], "arguments": arguments}, f"call-{len(messages)}")


def _first_change(gold: list[dict[str, Any]]) -> int:
    return next(i for i, step in enumerate(gold) if step["name"] in STATE_CHANGING_TOOLS)


def _other_record(arguments: dict[str, Any], profile: dict[str, Any]) -> dict[str, Any]:
    """The arguments with the card or account swapped for another of the customer's."""
    changed = dict(arguments)
    for key, records, field_name in (
        ("card_id", profile.get("cards") or [], "card_id"),
        ("account_id", profile.get("accounts") or [], "account_id"),
        ("source_account_id", profile.get("accounts") or [], "account_id"),
    ):
        others = [r[field_name] for r in records if r[field_name] != arguments.get(key)]
        if key in arguments and others:
            changed[key] = others[0]
            return changed
    return changed


def _profile(messages: list[dict[str, Any]]) -> dict[str, Any]:
    for message in messages:
        if message.get("role") == "tool" and message.get("tool_call_id") == "login-context":
            return json.loads(message.get("content") or "{}")
    return {}


def _reply(body: dict[str, Any], content: str | None, call: dict[str, str] | None = None, call_id: str = "") -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if call is not None:
        message["tool_calls"] = [{"id": call_id, "type": "function", "function": call}]
    prompt = len(json.dumps(body.get("messages") or [])) // 4
    completion = len(json.dumps(message)) // 4 + 1
    return {
        "id": "fake",
        "object": "chat.completion",
        "created": 0,
        "model": body.get("model", "fake"),
        "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if call else "stop"}],
        "usage": {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion},
    }


class Server:
    """The fake model on a free port of 127.0.0.1, in a background thread."""

    def __init__(self, model: FakeModel) -> None:
        self.model = fake = model

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = json.loads(self.rfile.read(int(self.headers.get("content-length") or 0)) or b"{}")
                fake.seen_keys.append(self.headers.get("authorization", ""))
                status, payload = fake.answer(body)
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self) -> Server:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
