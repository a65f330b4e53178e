"""The optional natural-language judge: does each session meet its task's assertion?

Each task carries one assertion of correct handling, citing the policy clauses it
tests. Only when the user names a judge model (``--judge-llm``) does the report send,
through litellm, the assertion and a transcript of the session to that model; nothing
is sent anywhere otherwise. The judge's verdict is reported next to the benchmark's
own (it never changes it). API keys come from the provider's environment variable or
the judge's llm args and are never printed or saved.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

PROMPT = """You are grading one conversation between a bank's chat assistant and a customer.
Decide whether the assistant met this requirement:

REQUIREMENT: {assertion}

Tool calls are shown as [tool] lines with their results. Answer with one word, PASS or FAIL,
then a one-sentence reason."""


def transcript(messages: Sequence[Mapping[str, Any]], limit: int = 12_000) -> str:
    """The conversation as plain text: customer, assistant and tool lines."""
    lines = []
    for message in messages:
        role = message.get("role")
        if role in ("user", "assistant") and message.get("content"):
            lines.append(f"{'CUSTOMER' if role == 'user' else 'ASSISTANT'}: {message['content']}")
        for call in message.get("tool_calls") or []:
            lines.append(f"[tool] {call.get('name')}({json.dumps(call.get('arguments'), ensure_ascii=False)})")
        if role == "tool":
            lines.append(f"[result] {(message.get('content') or '')[:400]}")
    text = "\n".join(lines)
    return text if len(text) <= limit else text[-limit:]


def judge_session(model: str, llm_args: Mapping[str, Any], assertion: str, messages: Sequence[Mapping[str, Any]]) -> bool | None:
    """True/False from the judge; None if it could not answer (an error is never a pass)."""
    import litellm

    try:
        response = litellm.completion(
            model=model,
            messages=[
                {"role": "system", "content": PROMPT.format(assertion=assertion)},
                {"role": "user", "content": transcript(messages)},
            ],
            **dict(llm_args),
        )
        answer = response.choices[0].message.content
    except Exception:  # noqa: BLE001 - an unreachable judge leaves the session unjudged
        return None
    return parse_verdict(answer)


def parse_verdict(answer: str | None) -> bool | None:
    """The judge's answer as a verdict: True if it starts with PASS, False with FAIL (any case), else None."""
    word = (answer or "").strip().upper()
    if word.startswith("PASS"):
        return True
    if word.startswith("FAIL"):
        return False
    return None


def judge_results(path: str, model: str, llm_args: Mapping[str, Any]) -> dict[tuple[str, int], bool | None]:
    """Judge every session of a results file: (task id, trial) -> verdict."""
    data = json.loads(open(path, encoding="utf-8").read())
    tasks = {t["id"]: t for t in data.get("tasks", [])}
    verdicts: dict[tuple[str, int], bool | None] = {}
    for simulation in data.get("simulations", []):
        task = tasks.get(simulation.get("task_id"))
        assertions = ((task or {}).get("evaluation_criteria") or {}).get("nl_assertions") or []
        if task is None or not assertions:
            continue
        key = (simulation["task_id"], int(simulation.get("trial") or 0))
        verdicts[key] = judge_session(model, llm_args, assertions[0], simulation.get("messages") or [])
    return verdicts
