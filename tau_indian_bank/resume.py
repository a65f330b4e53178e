"""Making interrupted ``tau2 run``s resumable without losing saved sessions.

tau2 (nvidia 26.3) rewrites the whole results file after every session, in place; a
run killed (SIGKILL, power cut) while it writes leaves a truncated file, and tau2's own
resume then fails to read it. Before a ``tau2 run --domain indian_bank --save-to NAME``
starts, the plugin checks that file: if it is truncated, it keeps every complete
session, drops the one cut off mid-write (tau2 reruns it), and says so in one line.
Resume by running the same command again and answering ``y`` (``yes | tau2 run ...``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

from tau_indian_bank.run_args import flag, is_tau2_run, results_folder

_MARKER = '"simulations": ['


def repair_results_file(path: Path) -> int | None:
    """Repair a truncated results file in place; return the sessions kept (None if it was fine)."""
    try:
        text = path.read_text(encoding="utf-8")
        json.loads(text)
        return None
    except (OSError, UnicodeDecodeError):
        return None
    except json.JSONDecodeError:
        pass
    start = text.find(_MARKER)
    if start < 0:
        return None  # not even the header survived; leave it for tau2 to report
    try:
        head = json.loads(text[:start] + '"simulations": []}')
    except json.JSONDecodeError:
        return None
    decoder = json.JSONDecoder()
    position, kept = start + len(_MARKER), []
    while True:
        while position < len(text) and text[position] in " \n\r\t,":
            position += 1
        try:
            simulation, position = decoder.raw_decode(text, position)
        except json.JSONDecodeError:
            break
        kept.append(simulation)
    head["simulations"] = kept
    temporary = path.with_suffix(path.suffix + ".repairing")
    temporary.write_text(json.dumps(head, indent=2), encoding="utf-8")
    temporary.replace(path)
    return len(kept)


def guard_resume(argv: Sequence[str] = sys.argv) -> None:
    """In a ``tau2 run --domain indian_bank --save-to NAME`` process, repair NAME's file if truncated."""
    if not is_tau2_run(argv) or flag(argv, "--domain") != "indian_bank":
        return
    name = flag(argv, "--save-to")
    if not name:
        return
    path = results_folder(argv) / f"{name}.json"
    if path.exists():
        kept = repair_results_file(path)
        if kept is not None:
            print(f"tau-indian-bank: {path} was cut off mid-write; kept its {kept} complete sessions", file=sys.stderr)
