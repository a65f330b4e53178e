"""A bridge run's sessions as labelled-conversation files (the format of tests/labelled/measure_customers.py), labels left null.

One file per session: ``<out>/<task_id>.<variant>.json``. The variant is ``live``, or
``twin-<kind>`` when the session's customer player was shown a twin instruction (``bridge
twin``): the export finds the session's customer conversation in the queue's archive by its
customer turns (the same texts in the same order) and names the instruction in the
``customer`` field. A session that ended with a model error (the bridge or a player failed,
not the conversation) is skipped and said so, unless asked for.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tests.labelled.live import exchange

CHECKS = ("C1", "C2", "C3", "C4", "C5", "C6")
CUSTOMER = "a language model (a helper agent) given indian_bank_user's exact system prompt through the bridge"
ASSISTANT = "a language model (a helper agent) playing indian_bank_llm_agent's prompt and tools through the bridge"
MODEL_ERRORS = ("agent_error", "user_error")
ROBUST_PREFIX = "rob_"


def customer_conversations(queue: Path) -> list[tuple[list[str], dict[str, Any] | None]]:
    """Each customer conversation of the queue's archive: its customer turns and its twin instruction."""
    conversations: dict[tuple[str, str], tuple[int, list[str], dict[str, Any] | None]] = {}
    for model in exchange.models(queue):
        for request, reply in exchange.archived(queue, model):
            if request.get("side") != "customer" or reply is None:
                continue
            turns = [(m.get("content") or "").strip() for m in request["body"].get("messages") or [] if m.get("role") == "assistant"] + [
                (reply.get("content") or "").strip()
            ]
            key = (model, request["conversation"])
            if key not in conversations or request["conversation_request"] > conversations[key][0]:
                conversations[key] = (request["conversation_request"], turns, request.get("instruction"))
    return [(turns, instruction) for _, turns, instruction in conversations.values()]


def instruction_for(simulation: dict[str, Any], conversations: list[tuple[list[str], dict[str, Any] | None]]) -> dict | None:
    turns = [(m.get("content") or "").strip() for m in simulation.get("messages") or [] if m.get("role") == "user"]
    for seen, instruction in conversations:
        if seen == turns:
            return instruction
    return None


def task_set_of(results: dict[str, Any], task_id: str) -> str:
    named = ((results.get("tau_indian_bank_run") or {}).get("task_set") or {}).get("name")
    if named:
        return named
    return "indian_bank_robust" if task_id.startswith(ROBUST_PREFIX) else "indian_bank"


def labelled(simulation: dict[str, Any], results: dict[str, Any], variant: str, customer: str, assistant: str) -> dict:
    """One session in the labelled-conversation format, every label null."""
    reason = simulation.get("termination_reason")
    return {
        "task_id": simulation["task_id"],
        "task_set": task_set_of(results, simulation["task_id"]),
        "variant": variant,
        "customer": customer,
        "assistant": assistant,
        "termination_reason": getattr(reason, "value", reason),
        "messages": simulation.get("messages") or [],
        "labels": dict.fromkeys(CHECKS),
        "label_notes": "",
    }


def export(
    results_file: Path,
    out: Path,
    queue: Path | None = None,
    variant: str | None = None,
    customer: str = CUSTOMER,
    assistant: str = ASSISTANT,
    include_errors: bool = False,
    overwrite: bool = False,
    log=None,
) -> list[Path]:  # noqa: ANN001
    """Write one labelled file per session of ``results_file``; the paths written."""
    log = log or sys.stdout
    try:
        results = json.loads(results_file.read_text(encoding="utf-8"))
        simulations = results["simulations"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise exchange.BridgeError(f"{results_file}: not a readable tau2 results file ({error})") from None
    conversations = customer_conversations(queue) if queue else []
    planned: dict[Path, dict[str, Any]] = {}
    for simulation in simulations:
        reason = str(simulation.get("termination_reason"))
        if any(reason.endswith(e) for e in MODEL_ERRORS) and not include_errors:
            print(f"skipped {simulation['task_id']}: it ended with a model error ({reason}), not a conversation", file=log)
            continue
        instruction = instruction_for(simulation, conversations) if conversations else None
        name = variant or (f"twin-{instruction['kind']}" if instruction else "live")
        who = customer + (f", with the lead's twin instruction: {instruction['instruction']}" if instruction else "")
        path = out / f"{simulation['task_id']}.{name}.json"
        if path in planned:
            raise exchange.BridgeError(
                f"two sessions of {simulation['task_id']} would both be {path.name}; export them one results file at a time with --variant"
            )
        if path.exists() and not overwrite:
            raise exchange.BridgeError(f"{path} exists; give another --variant, or --overwrite")
        planned[path] = labelled(simulation, results, name, who, assistant)
    for path, data in planned.items():
        exchange.write_json(path, data)
        print(f"wrote {path} ({len(data['messages'])} messages, {data['termination_reason']})", file=log)
    return list(planned)
