"""The players' and the lead's commands on a queue: next, reply, status, twin (standard library only)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from tests.labelled.live import exchange
from tests.labelled.live.render import render

POLL_SECONDS = 0.2
#: A longer gap between a reply and the next request is a pause between runs, not harness time.
GAP_LIMIT = 120.0


def next_request(queue: Path, model: str, wait: float, full: bool, out=None) -> int:  # noqa: ANN001
    """Print the model's oldest unanswered request, waiting up to ``wait`` seconds for one; exit status."""
    out = out or sys.stdout
    deadline = time.monotonic() + wait
    while True:
        found = exchange.pending(queue, model) if exchange.model_dir(queue, model).is_dir() else []
        if found:
            print(render(exchange.read_json(found[0]), full=full, queue=str(queue)), file=out)
            return 0
        if time.monotonic() >= deadline:
            break
        time.sleep(POLL_SECONDS)
    others = {m: len(exchange.pending(queue, m)) for m in exchange.models(queue) if m != model}
    waiting = ", ".join(f"{m}: {n}" for m, n in others.items() if n) or "none"
    print(
        f"no request for {model} within {wait:.0f} s (pending for the other players: {waiting}); "
        "run `next` again, or stop if your conversation has ended",
        file=out,
    )
    return 3


def parse_tool_calls(pairs: list[list[str]], tools: list[dict[str, Any]]) -> list[dict[str, str]]:
    """``--tool-call NAME JSON`` pairs checked against the request's tools; the calls as OpenAI sends them."""
    by_name = {(t.get("function") or t).get("name"): (t.get("function") or t) for t in tools}
    calls = []
    if sum(raw == "-" for _, raw in pairs) > 1:
        raise exchange.BridgeError("only one --tool-call can read its arguments from stdin ('-')")
    for name, raw in pairs:
        raw = sys.stdin.read() if raw == "-" else raw
        if not by_name:
            raise exchange.BridgeError("this request offers no tools (you are the customer): answer with --text only")
        if name not in by_name:
            raise exchange.BridgeError(f"unknown tool {name!r}; this request's tools are: {', '.join(sorted(by_name))}")
        try:
            arguments = json.loads(raw)
        except json.JSONDecodeError as error:
            raise exchange.BridgeError(
                f"the arguments of {name} are not valid JSON ({error.msg} at character {error.pos}): {raw}"
            ) from None
        if not isinstance(arguments, dict):
            raise exchange.BridgeError(f'the arguments of {name} must be a JSON object such as \'{{"account_id": "..."}}\'')
        parameters = by_name[name].get("parameters") or {}
        unknown = sorted(set(arguments) - set(parameters.get("properties") or {}))
        missing = sorted(set(parameters.get("required") or []) - set(arguments))
        if unknown or missing:
            problems = ([f"unknown argument {', '.join(unknown)}"] if unknown else []) + (
                [f"missing required {', '.join(missing)}"] if missing else []
            )
            raise exchange.BridgeError(
                f"{name}: {'; '.join(problems)} (its arguments: {', '.join(parameters.get('properties') or {}) or 'none'})"
            )
        calls.append({"name": name, "arguments": json.dumps(arguments, ensure_ascii=False)})
    return calls


def reply(queue: Path, request_id: str, text: str | None, pairs: list[list[str]], out=None) -> int:  # noqa: ANN001
    """Write the reply file of a pending request, after checking it; exit status."""
    out = out or sys.stdout
    request_path = exchange.find_request(queue, request_id)
    if exchange.reply_path(request_path).exists():
        raise exchange.BridgeError(f"request {request_path.name[:6]} already has a reply; run `next` for the current one")
    request = exchange.read_json(request_path)
    if text == "-" and any(raw == "-" for _, raw in pairs):
        raise exchange.BridgeError("--text - and --tool-call NAME - both want stdin; give one of them inline")
    if text == "-":
        text = sys.stdin.read()
    text = (text or "").strip() or None
    calls = parse_tool_calls(pairs, request["body"].get("tools") or [])
    if text is None and not calls:
        raise exchange.BridgeError("an empty reply: give --text 'message' and/or --tool-call NAME 'JSON'")
    exchange.write_json(exchange.reply_path(request_path), {"content": text, "tool_calls": calls, "written": time.time()})
    answer_file = exchange.reply_path(request_path)
    if not request_path.exists() and not (request_path.parent / exchange.DONE / answer_file.name).exists():
        answer_file.unlink(missing_ok=True)  # the server closed the request without it
        raise exchange.BridgeError(
            f"request {request['id']} was dropped while you answered (its run stopped or timed out); your reply was not used"
        )
    said = ", ".join(filter(None, [f"text of {len(text)} characters" if text else "", *(f"tool call {c['name']}" for c in calls)]))
    print(f"reply to {request['id']} written ({said})", file=out)
    if text and calls:
        print(
            "note: indian_bank_llm_agent keeps only the tool calls of a reply that has both; the customer will not "
            "see this text (send it on its own next turn)",
            file=out,
        )
    token = exchange.ends_conversation(text)
    if token:
        print(f"you ended the conversation with {token}: this session is over; the next `next` belongs to a new one", file=out)
    return 0


def status(queue: Path, timings: bool, out=None) -> int:  # noqa: ANN001
    """Pending requests per model (oldest first, with their age); with ``timings``, what the answered ones took."""
    out = out or sys.stdout
    names = exchange.models(queue)
    if not names:
        print(f"no requests yet in {queue}", file=out)
        return 0
    now = time.time()
    for model in names:
        waiting = [exchange.read_json(p) for p in exchange.pending(queue, model)]
        closed = [reply is not None for _, reply in exchange.archived(queue, model)]
        answered = f"{sum(closed)} answered" + (f", {closed.count(False)} dropped unanswered" if False in closed else "")
        listed = ", ".join(f"{r['id']} (conversation {r['conversation']}, waiting {now - r['created']:.0f} s)" for r in waiting)
        print(f"{model}: {len(waiting)} pending{': ' + listed if listed else ''}; {answered}", file=out)
    if timings:
        print(timing_summary(queue), file=out)
    return 0


def timing_summary(queue: Path) -> str:
    """Seconds the players took per turn (request written to reply written), and the harness's seconds from a
    reply written to the next request written (the bridge's polling, litellm, tau2 and the bank's tools)."""
    turns = sorted(
        (
            (r["created"], (reply or {}).get("written") or r["answered"])
            for m in exchange.models(queue)
            for r, reply in exchange.archived(queue, m)
            if reply is not None and "answered" in r
        )
    )
    if not turns:
        return "timings: nothing answered yet"
    think = [written - created for created, written in turns]
    gaps = [b[0] - a[1] for a, b in zip(turns, turns[1:]) if 0 <= b[0] - a[1] < GAP_LIMIT]
    line = f"timings: {len(turns)} turns; player time per turn mean {sum(think) / len(think):.1f} s, max {max(think):.1f} s"
    if gaps:
        line += (
            f"; harness time from a reply to the next request mean {sum(gaps) / len(gaps):.2f} s, max {max(gaps):.2f} s ({len(gaps)} gaps)"
        )
    return line


def twin(queue: Path, model: str, kind: str | None, instruction: str | None, clear: bool, out=None) -> int:  # noqa: ANN001
    """Set (or clear) the lead's instruction shown to ``model``'s player with each new conversation."""
    out = out or sys.stdout
    path = exchange.model_dir(queue, model) / exchange.TWIN
    if clear:
        path.unlink(missing_ok=True)
        print(f"{model}: twin instruction cleared; new conversations are plain live sessions", file=out)
        return 0
    if not kind or not (instruction or "").strip():
        raise exchange.BridgeError("twin needs --kind (C1 to C6) and --instruction 'the one error to make', or --clear")
    exchange.write_json(path, {"kind": kind, "instruction": instruction.strip(), "set": time.time()})
    print(
        f"{model}: every new conversation from now on shows the player this instruction (variant twin-{kind}); "
        "clear it with `twin --clear` after the session",
        file=out,
    )
    return 0
