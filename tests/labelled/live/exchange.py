"""The bridge's queue on disk: request files the server writes, reply files the players write.

Layout of a queue directory ``DIR``::

    DIR/<model>/<id>.request.json    a model call waiting for its player (written by the server)
    DIR/<model>/<id>.reply.json      the player's answer (written by ``bridge reply``)
    DIR/<model>/done/                both files, once the server has answered the HTTP call
    DIR/<model>/twin.json            the lead's extra instruction for the model's next sessions (``bridge twin``)

Request ids are six-digit numbers, unique within a queue directory across models, in the
order the calls arrived; every file is written whole (a temporary file, then a rename), so a
reader never sees half a file. Standard library only: the players' commands start fast.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

REQUEST = ".request.json"
REPLY = ".reply.json"
DONE = "done"
TWIN = "twin.json"
ID_PATTERN = re.compile(r"^\d{6}$")
#: tau2's conversation-ending tokens (tests/labelled/live/test_bridge.py checks them against tau2's).
END_TOKENS = ("###STOP###", "###TRANSFER###", "###OUT-OF-SCOPE###")


class BridgeError(Exception):
    """A player's or the lead's mistake, told in one line."""


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` whole: a temporary file beside ``path``, then an atomic rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    partial.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(partial, path)


def read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def model_dir(queue: Path, model: str) -> Path:
    if not model or "/" in model or model.startswith("."):
        raise BridgeError(f"bad model name {model!r} (a plain name such as customer-1 or assistant-1)")
    return queue / model


def last_id(queue: Path) -> int:
    """The highest request id used in ``queue`` so far (pending or done), 0 if none."""
    numbers = [int(p.name[:6]) for p in queue.glob(f"*/*{REQUEST}") if ID_PATTERN.match(p.name[:6])]
    numbers += [int(p.name[:6]) for p in queue.glob(f"*/{DONE}/*{REQUEST}") if ID_PATTERN.match(p.name[:6])]
    return max(numbers, default=0)


def pending(queue: Path, model: str) -> list[Path]:
    """The model's unanswered request files, oldest first."""
    folder = model_dir(queue, model)
    return sorted(p for p in folder.glob(f"*{REQUEST}") if not reply_path(p).exists())


def reply_path(request: Path) -> Path:
    return request.with_name(request.name.replace(REQUEST, REPLY))


def models(queue: Path) -> list[str]:
    return sorted(p.name for p in queue.iterdir() if p.is_dir() and not p.name.startswith(".")) if queue.is_dir() else []


def find_request(queue: Path, request_id: str) -> Path:
    """The pending request file with this id, in any model's folder."""
    request_id = request_id.strip()
    if request_id.isdigit():
        request_id = f"{int(request_id):06d}"
    if not ID_PATTERN.match(request_id):
        raise BridgeError(f"bad request id {request_id!r} (the number `next` printed, such as 000012)")
    found = list(queue.glob(f"*/{request_id}{REQUEST}"))
    if found:
        return found[0]
    closed = list(queue.glob(f"*/{DONE}/{request_id}{REQUEST}"))
    if closed and (read_json(closed[0]).get("abandoned") or read_json(closed[0]).get("expired")):
        raise BridgeError(f"request {request_id} was dropped unanswered (its run stopped or it timed out); run `next` for the current one")
    if closed:
        raise BridgeError(f"request {request_id} was already answered and closed; run `next` for the current one")
    raise BridgeError(f"no request {request_id} in {queue} (run `next` to see the pending one)")


def archived(queue: Path, model: str) -> Iterator[tuple[dict[str, Any], dict[str, Any] | None]]:
    """Each answered request of ``model`` with its reply, in id order."""
    folder = model_dir(queue, model) / DONE
    for request in sorted(folder.glob(f"*{REQUEST}")):
        reply = reply_path(request)
        yield read_json(request), (read_json(reply) if reply.exists() else None)


def twin_instruction(queue: Path, model: str) -> dict[str, Any] | None:
    """The lead's current twin instruction for ``model``'s new sessions, if any."""
    path = model_dir(queue, model) / TWIN
    return read_json(path) if path.exists() else None


def side_of(body: dict[str, Any]) -> str:
    """``assistant`` for a call that offers tools (the bank's assistant), else ``customer``."""
    return "assistant" if body.get("tools") else "customer"


def ends_conversation(text: str | None) -> str | None:
    """The end token in ``text``, if it holds one."""
    return next((token for token in END_TOKENS if token in (text or "")), None)
