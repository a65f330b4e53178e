"""Writing a run's standard tau2 results file from its checkpoint, streamed.

The file is ``{"timestamp", "info", "tau_indian_bank_run", "tasks", "simulations"}``:
tau2's ``Results`` (so ``tau2 view``, ``tau2 evaluate-trajs`` and ``tau-indian-bank
report`` read it unchanged; pydantic ignores the extra key) plus what tau2 does not
record. The sessions are copied from the checkpoint one record at a time, in slot
order, into a temporary file that replaces the results file only when complete: the
cost is one pass over the records and the memory is one record.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from tau_indian_bank.vocabulary import RUN_METADATA_KEY


def write_results(path: Path, head: Mapping[str, Any], tasks: Sequence[str], records: Iterable[bytes]) -> int:
    """Write the results file; return the number of sessions written.

    Args:
        path: The results file (replaced atomically).
        head: ``timestamp``, ``info`` (tau2's ``Info`` as JSON data) and the run metadata.
        tasks: Each task as tau2 JSON text, in run order.
        records: Each session as tau2 ``SimulationRun`` JSON bytes, in slot order.
    """
    partial = path.with_name(path.name + ".partial")
    count = 0
    with open(partial, "wb") as out:
        out.write(b'{"timestamp": ' + json.dumps(head["timestamp"]).encode())
        out.write(b',\n"info": ' + json.dumps(head["info"]).encode())
        out.write(f',\n"{RUN_METADATA_KEY}": '.encode() + json.dumps(head["metadata"]).encode())
        out.write(b',\n"tasks": [')
        out.write(b",\n".join(task.encode() for task in tasks))
        out.write(b'],\n"simulations": [')
        for record in records:
            out.write(b",\n" if count else b"\n")
            out.write(record)
            count += 1
        out.write(b"\n]}\n")
        out.flush()
        os.fsync(out.fileno())
    os.replace(partial, path)
    return count
