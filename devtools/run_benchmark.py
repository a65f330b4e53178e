"""Benchmark rows for the linear run (``make bench`` calls :func:`rows`).

* Checkpoint cost per session with ~100 KB sessions (the size of a real model's session
  with its raw responses): ``tau-indian-bank run``'s append (serialise the session,
  append one line, ``fsync``) at 500, 1,000, 2,000 and 4,000 sessions, beside the stock
  ``tau2 run`` pattern (read the whole results file, append, write it all back with
  ``indent=2``). The stock pattern's cost per session grows with the sessions before it,
  so it is measured at 100 and 200 sessions and extrapolated (cost per session = c * n,
  c fitted on the measurements); at 4,000 sessions it would take hours.
* Peak memory of each pattern, and the one-off streamed write of the results file.
* The offline base split x 3 trials (3,000 sessions) through ``tau-indian-bank run``,
  end to end, as a user runs it.

Each measurement runs in its own process, so peak memory is that pattern's alone.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

#: Where ``python -m devtools.run_benchmark`` runs from (the project root).
PROJECT = Path(__file__).resolve().parent.parent
SESSION_BYTES = 100_000
SIZES = (500, 1_000, 2_000, 4_000)
STOCK_MEASURED = (100, 200)
#: ``--quick``: the same rows at a tenth of the sizes (seconds instead of minutes).
QUICK_SIZES = (50, 100, 200, 400)
QUICK_STOCK = (20, 40)

Row = tuple[str, str, dict[str, float]]


def synthetic_session(index: int, size: int = SESSION_BYTES) -> dict[str, Any]:
    """A session shaped like a tau2 ``SimulationRun`` record, about ``size`` bytes of JSON."""
    turns = 40
    filler = "x" * (size // (2 * turns))
    messages = [
        {
            "role": "assistant" if i % 2 else "user",
            "content": filler,
            "turn_idx": i,
            "raw_data": {"choices": [{"message": {"content": filler}}]},
        }
        for i in range(turns)
    ]
    return {
        "id": f"sim-{index}",
        "task_id": f"seq_bench_{index:05d}",
        "trial": 0,
        "seed": 1,
        "start_time": "",
        "end_time": "",
        "duration": 1.0,
        "termination_reason": "user_stop",
        "messages": messages,
        "reward_info": {"reward": 1.0, "db_check": {"db_match": True}, "env_assertions": [{"met": True}]},
    }


def _ours(count: int, folder: Path) -> dict[str, float]:
    from tau_indian_bank.runs.checkpoint import Checkpoint
    from tau_indian_bank.runs.results import write_results
    from tau_indian_bank.runs.slots import Slot

    slots = [Slot(f"seq_bench_{i:05d}", 0) for i in range(count)]
    spent = 0.0
    with Checkpoint.open(folder / "bench.checkpoint.jsonl", {"config": {}, "timestamp": "", "info": {}}, slots) as checkpoint:
        for index, slot in enumerate(slots):
            session = synthetic_session(index)
            start = time.perf_counter()
            checkpoint.append(slot, json.dumps(session).encode(), (True, True, True))
            spent += time.perf_counter() - start
        start = time.perf_counter()
        write_results(folder / "bench.json", {"timestamp": "", "info": {}, "metadata": {}}, [], checkpoint.records(slots))
        written = time.perf_counter() - start
    return {"per_session_ms": spent / count * 1000, "results_write_s": written}


def _stock(count: int, folder: Path) -> dict[str, float]:
    """tau2 run's save pattern: whole-file read, append, whole-file write with indent=2, per session."""
    path = folder / "stock.json"
    path.write_text(json.dumps({"info": {}, "tasks": [], "simulations": []}, indent=2), encoding="utf-8")
    spent = 0.0
    for index in range(count):
        session = synthetic_session(index)
        start = time.perf_counter()
        with open(path, encoding="utf-8") as file:
            whole = json.load(file)
        whole["simulations"].append(session)
        with open(path, "w", encoding="utf-8") as file:
            json.dump(whole, file, indent=2)
        spent += time.perf_counter() - start
        del whole
    return {"per_session_ms": spent / count * 1000}


def _measure(pattern: str, count: int) -> dict[str, float]:
    """Run one pattern in a fresh process; its figures plus its peak resident memory (MB)."""
    done = subprocess.run(
        [sys.executable, "-m", "devtools.run_benchmark", pattern, str(count)], capture_output=True, text=True, check=True, cwd=PROJECT
    )
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def _checkpoint_rows(sizes: tuple[int, ...], stock_sizes: tuple[int, ...]) -> list[Row]:
    rows: list[Row] = []
    ours = {count: _measure("ours", count) for count in sizes}
    stock = {count: _measure("stock", count) for count in stock_sizes}
    slope = sum(stock[n]["per_session_ms"] * n for n in stock) / sum(n * n for n in stock)  # per-session ms = slope * n
    for count in sizes:
        rows.append((f"checkpoint per 100 KB session, `run`, {count:,} sessions", "ms", {"indian_bank": ours[count]["per_session_ms"]}))
    for count in (*stock_sizes, *sizes):
        figure = stock[count]["per_session_ms"] if count in stock else slope * count
        how = "measured" if count in stock else "extrapolated"
        rows.append((f"  stock `tau2 run` save, {count:,} sessions ({how})", "ms", {"indian_bank": figure}))
    rows.append(
        (
            f"  `run` cost per session, {sizes[-1]:,} / {sizes[0]:,} sessions",
            "x",
            {"indian_bank": ours[sizes[-1]]["per_session_ms"] / ours[sizes[0]]["per_session_ms"]},
        )
    )
    for count in (sizes[0], sizes[-1]):
        rows.append((f"  peak memory, `run` checkpoint, {count:,} sessions", "MB", {"indian_bank": ours[count]["peak_mb"]}))
    rows.append((f"  peak memory, stock save, {stock_sizes[-1]:,} sessions", "MB", {"indian_bank": stock[stock_sizes[-1]]["peak_mb"]}))
    rows.append(
        (f"  results file from the checkpoint, {sizes[-1]:,} sessions (once)", "s", {"indian_bank": ours[sizes[-1]]["results_write_s"]})
    )
    return rows


def _offline_run_rows(folder: str) -> list[Row]:
    """The offline base split x 3 trials through the README's main command, wall time and peak memory."""
    command = [
        str(Path(sys.executable).parent / "tau-indian-bank"),
        "run",
        "--agent",
        "indian_bank_oracle",
        "--user",
        "indian_bank_customer",
        "--task-split-name",
        "base",
        "--num-trials",
        "3",
        "--max-concurrency",
        "3",
        "--results-dir",
        folder,
        "--save-to",
        "base-x3",
    ]
    start = time.perf_counter()
    process = subprocess.Popen(
        command,
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        env=dict(os.environ, LITELLM_LOCAL_MODEL_COST_MAP="True", LOGURU_LEVEL="ERROR"),
    )
    _, status, usage = os.wait4(process.pid, 0)
    if status:
        raise RuntimeError(f"tau-indian-bank run failed with status {status}")
    wall = time.perf_counter() - start
    return [
        ("base split x 3 trials, oracle, `tau-indian-bank run` (3,000 sessions)", "s", {"indian_bank": wall}),
        ("  peak memory of that run", "MB", {"indian_bank": usage.ru_maxrss / 1024}),
    ]


def rows(quick: bool = False) -> list[Row]:
    """The linear run's rows of ``make bench`` (``quick``: checkpoint rows at a tenth of the sizes, no offline run)."""
    measured = _checkpoint_rows(QUICK_SIZES, QUICK_STOCK) if quick else _checkpoint_rows(SIZES, STOCK_MEASURED)
    if not quick:
        with tempfile.TemporaryDirectory() as folder:
            measured += _offline_run_rows(folder)
    return measured


def _child(pattern: str, count: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        figures = (_ours if pattern == "ours" else _stock)(count, Path(folder))
    figures["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(figures))


if __name__ == "__main__":
    _child(sys.argv[1], int(sys.argv[2]))
