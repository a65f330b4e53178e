"""A run's checkpoint: one JSON line per finished session, appended and flushed on its own.

Why one append-only JSON Lines file (and not a file per session): a finished session
costs one ``write`` of its line (plus an ``fsync``), whatever the number before it; the
checkpoint is one file to copy, inspect (``wc -l``) or ship between machines; and a
crash can damage only the line being written, which resume recognises (no final
newline) and drops. The first line is the run's header: its configuration, which a
resume must match, and what the results file needs. Every other line is one tau2
``SimulationRun`` exactly as ``model_dump_json`` gives it.

Resume reads the file once, front to back, one line at a time: each record's slot and
its byte range go into an index (a few dozen bytes per session); the records
themselves are not kept. The results file is then assembled by copying the records in
slot order from those byte ranges.

The file is locked (``flock``) while a run holds it, so two processes cannot append to
the same checkpoint. A slot may be saved more than once (``--retry-errors`` reruns the
sessions that ended with an infrastructure error and appends the new record): the last
record of a slot is the one that counts.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from tau_indian_bank.errors import CheckpointError
from tau_indian_bank.runs.slots import Slot

FORMAT = 1
_HEADER_KEY = "tau_indian_bank_checkpoint"


Verdicts = tuple[bool, bool, bool]
#: Prefix of the problem line of a session that raised (tau2's skipped sample).
CRASHED = "crashed"


def verdicts(record: Mapping[str, Any]) -> Verdicts:
    """A session's (pass, final-state check, action check) from its tau2 record (a dict)."""
    info = record.get("reward_info") or {}
    db_check = info.get("db_check") or {}
    assertions = info.get("env_assertions") or []
    return (info.get("reward") == 1.0, bool(db_check.get("db_match")), bool(assertions) and all(a.get("met") for a in assertions))


def infrastructure_problem(record: Mapping[str, Any]) -> str | None:
    """Why a session is not the assistant's to answer for, as one line, or None.

    ``customer openai/x: Connection refused`` for a session that ended on a failed model
    call; ``crashed: ValueError: …`` for one that raised (a skipped sample).
    """
    from tau_indian_bank.evaluation.diagnostics import model_error

    found = model_error(record.get("messages") or [])
    if found is not None:
        return found.summary
    if record.get("skipped"):
        error = ((record.get("reward_info") or {}).get("info") or {}).get("error") or "the session raised"
        return f"{CRASHED}: {' '.join(str(error).split())[:200]}"
    return None


@dataclass(frozen=True)
class Entry:
    """Where a saved session lies in the checkpoint, its verdicts and its infrastructure problem (if any)."""

    offset: int
    length: int
    verdicts: Verdicts
    problem: str | None = None

    @property
    def model_error(self) -> bool:
        """Whether the session ended on a failed model call."""
        return self.problem is not None and not self.problem.startswith(f"{CRASHED}:")


@dataclass
class Opened:
    """What opening a checkpoint found: records kept and what was dropped or restarted."""

    header: dict[str, Any] = field(default_factory=dict)
    done: dict[Slot, Entry] = field(default_factory=dict)
    dropped_partial: bool = False
    restarted: bool = False


def _difference(old: Mapping[str, Any], new: Mapping[str, Any]) -> str | None:
    for key in sorted(set(old) | set(new)):
        if old.get(key) != new.get(key):
            return f"{key} was {old.get(key)!r}, now {new.get(key)!r}"
    return None


def _read_record(line: bytes, number: int, path: Path) -> tuple[Slot, Verdicts, str | None]:
    try:
        record = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise CheckpointError(
            f"{path}: line {number} is not a JSON session record; the checkpoint is corrupt (move it away to start over)"
        ) from None
    if not isinstance(record, dict) or not isinstance(record.get("task_id"), str) or not isinstance(record.get("trial"), int):
        raise CheckpointError(f"{path}: line {number} is not a session record (needs task_id and trial)")
    return Slot(record["task_id"], record["trial"]), verdicts(record), infrastructure_problem(record)


class Checkpoint:
    """An open, locked checkpoint of one run (or one shard of a run)."""

    def __init__(self, path: Path, header: Mapping[str, Any], file: BinaryIO, opened: Opened, fsync: bool = True) -> None:
        self.path = path
        self.fsync = fsync
        self.header = opened.header or dict(header)
        self.done = opened.done
        self.opened = opened
        self._file = file
        self._lock = threading.Lock()

    # --- opening ------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, header: Mapping[str, Any], slots: Iterable[Slot], fsync: bool = True) -> Checkpoint:
        """Open ``path`` for this run: create it, or resume it if its header matches ``header``.

        Args:
            path: The checkpoint file.
            header: This run's header (its ``config`` must equal a resumed checkpoint's).
            slots: The slots this run owns.
            fsync: Also push each record to disk (not only to the OS, which already survives a killed process).

        Raises:
            CheckpointError: the file is corrupt, in use by another run, or made by another configuration.
        """
        owned = set(slots)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            file = open(path, "a+b", buffering=0)  # noqa: SIM115 - held for the run, closed by close()
        except OSError as exc:
            raise CheckpointError(f"cannot write the checkpoint {path} ({exc.strerror})") from None
        try:
            _lock_file(file, path)
            opened = cls._scan(file, path, header, owned)
        except BaseException:
            file.close()
            raise
        return cls(path, header, file, opened, fsync)

    @staticmethod
    def peek(path: Path, header: Mapping[str, Any], slots: Iterable[Slot]) -> Opened | None:
        """What opening ``path`` would find, without writing or locking it (None: no checkpoint yet).

        Raises:
            CheckpointError: as :meth:`open` would.
        """
        if not path.exists():
            return None
        return Checkpoint._scan(None, path, header, set(slots))

    @staticmethod
    def _scan(file: BinaryIO | None, path: Path, header: Mapping[str, Any], owned: set[Slot]) -> Opened:
        """Read the checkpoint; repair it through ``file`` (None: only look)."""
        with open(path, "rb") as reader:
            first = reader.readline()
            if not first.endswith(b"\n"):  # new, or killed while writing the header: nothing to lose
                if file is not None:
                    _rewrite_header(file, header)
                return Opened(restarted=bool(first))
            old = _read_header(first, path)
            difference = _difference(old.get("config", {}), header["config"])
            if difference:
                if reader.readline().endswith(b"\n"):
                    raise CheckpointError(
                        f"{path} was made by a different run configuration ({difference}); resume "
                        "with the same flags, or give another --save-to"
                    )
                if file is not None:
                    _rewrite_header(file, header)  # nothing finished yet: start over under the new configuration
                return Opened(restarted=True)
            opened = _index(reader, path, len(first), owned, file)
            opened.header = {k: v for k, v in old.items() if k != _HEADER_KEY}
            return opened

    # --- writing and reading ------------------------------------------------------------------

    def append(self, slot: Slot, record: bytes, found: Verdicts, problem: str | None = None) -> None:
        """Append one finished session (its JSON, no newline), flushed to the OS and then to disk.

        A record replaces an earlier record of the same slot (a rerun of an infrastructure error).
        """
        line = record + b"\n"
        try:
            with self._lock:
                offset = self._file.seek(0, os.SEEK_END)
                view = memoryview(line)
                while view:
                    view = view[self._file.write(view) :]
                self.done[slot] = Entry(offset, len(record), found, problem)
            if self.fsync:
                os.fsync(self._file.fileno())
        except OSError as exc:
            raise CheckpointError(f"cannot append to the checkpoint {self.path} ({exc.strerror})") from None

    def records(self, slots: Iterable[Slot]) -> Iterator[bytes]:
        """The saved records of ``slots`` that have one, in the given order, one at a time."""
        with open(self.path, "rb") as reader:
            for slot in slots:
                place = self.done.get(slot)
                if place is not None:
                    reader.seek(place.offset)
                    yield reader.read(place.length)

    def close(self) -> None:
        """Release the lock and the file."""
        self._file.close()

    def __enter__(self) -> Checkpoint:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _index(reader: BinaryIO, path: Path, offset: int, owned: set[Slot], file: BinaryIO | None) -> Opened:
    """Index the records after the header; drop a half-written last one (through ``file``; None: only note it)."""
    opened = Opened()
    for number, line in enumerate(iter(reader.readline, b""), start=2):
        if not line.endswith(b"\n"):  # the session being written when the run was killed
            if file is not None:
                file.truncate(offset)
            opened.dropped_partial = True
            break
        slot, found, problem = _read_record(line, number, path)
        if slot not in owned:
            raise CheckpointError(
                f"{path}: line {number} records {slot.task_id} trial {slot.trial}, which this run "
                "does not own; the checkpoint belongs to another run"
            )
        opened.done[slot] = Entry(offset, len(line) - 1, found, problem)  # a later record of a slot wins
        offset += len(line)
    return opened


def _lock_file(file: BinaryIO, path: Path) -> None:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX: no protection against a second process
        return
    try:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        raise CheckpointError(f"{path} is in use by another run (only one process may run a checkpoint)") from None


def _read_header(line: bytes, path: Path) -> dict[str, Any]:
    try:
        header = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError):
        header = None
    if not isinstance(header, dict) or header.get(_HEADER_KEY) != FORMAT:
        raise CheckpointError(f"{path}: not a tau-indian-bank run checkpoint (bad first line); move it away or give another --save-to")
    return header


def _rewrite_header(file: BinaryIO, header: Mapping[str, Any]) -> None:
    file.truncate(0)
    file.write(json.dumps({_HEADER_KEY: FORMAT, **header}, sort_keys=True).encode("utf-8") + b"\n")
    os.fsync(file.fileno())


def read_header(path: Path) -> dict[str, Any]:
    """The header of an existing checkpoint (for tools that inspect it)."""
    with open(path, "rb") as file:
        return _read_header(file.readline(), path)
