"""The benchmark runs and prints its table (its numbers are reported, not asserted as timings)."""

import json

import pytest

from tests.conftest import ROOT, run


@pytest.mark.slow
def test_make_bench_target_runs_the_benchmark(tmp_path):
    recipe = (ROOT / "Makefile").read_text(encoding="utf-8").split("\nbench:", 1)[1].splitlines()[1].strip()
    assert recipe == "$(BIN)/python -m devtools.bench $(BENCH_ARGS)"
    done = run(["python", "-m", "devtools.bench", "--quick", "--out", str(tmp_path)], timeout=1200)
    assert done.returncode == 0, done.stderr[-2000:]
    table = done.stdout
    for row in ("environment construction", "final-state hash", "tool call (median)", "tool call (p99)",
                "evaluate one session", "plugin hook at interpreter start", "answer check per session",
                "gate S7 per session", "checkpoint per 100 KB session, `run`",
                "stock `tau2 run` save", "peak memory, `run` checkpoint", "`edition new --per-family 1`"):
        assert row in table
    rows = {r["measure"]: r for r in json.loads((tmp_path / "bench.json").read_text())["rows"]}
    construction = rows["environment construction (median)"]
    assert {"indian_bank", "retail", "airline"} <= set(construction)
