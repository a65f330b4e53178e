"""The benchmark runs and prints its table (its numbers are reported, not asserted as timings)."""

import json

import pytest

from tests.conftest import ROOT, run


@pytest.mark.slow
@pytest.mark.e2e
def test_make_bench_target_runs_the_benchmark(tmp_path):
    recipe = (ROOT / "Makefile").read_text(encoding="utf-8").split("\nbench:", 1)[1].splitlines()[1].strip()
    assert recipe == "$(BIN)/python -m devtools.bench $(BENCH_ARGS)"
    done = run(["python", "-m", "devtools.bench", "--quick", "--out", str(tmp_path)], timeout=1200)
    assert done.returncode == 0, done.stderr[-2000:]
    table = done.stdout
    for row in (
        "environment construction",
        "final-state hash",
        "tool call (median)",
        "tool call (p99)",
        "evaluate one session",
        "plugin hook at interpreter start",
        "answer check per session",
        "gate S7 per session",
        "customer audit C1-C6 per session",
        "checkpoint per 100 KB session, `run`",
        "stock `tau2 run` save",
        "peak memory, `run` checkpoint",
        "`edition new --per-family 1`",
    ):
        assert row in table
    rows = {r["measure"]: r for r in json.loads((tmp_path / "bench.json").read_text())["rows"]}
    construction = rows["environment construction (median)"]
    assert {"indian_bank", "retail", "airline"} <= set(construction)


def test_a_full_run_rewrites_the_speed_page_between_its_markers_and_nothing_else(tmp_path):
    from devtools.bench import SPEED_PAGE, TABLE_END, TABLE_START, write_speed_page

    assert SPEED_PAGE == ROOT / "docs" / "speed.md"
    shipped = SPEED_PAGE.read_text(encoding="utf-8")
    assert shipped.count(TABLE_START) == 1 and shipped.count(TABLE_END) == 1
    page = tmp_path / "speed.md"
    page.write_text(f"# Speed\n\nbefore\n{TABLE_START}\nold machine\n\n```\nold table\n```\n{TABLE_END}\n\nafter\n", encoding="utf-8")
    assert write_speed_page(page, "measure  unit\nrow  1.0", "Measured on a test machine.")
    assert page.read_text(encoding="utf-8") == (
        f"# Speed\n\nbefore\n{TABLE_START}\nMeasured on a test machine.\n\n```\nmeasure  unit\nrow  1.0\n```\n{TABLE_END}\n\nafter\n"
    )
    plain = tmp_path / "plain.md"
    plain.write_text("# No markers\n", encoding="utf-8")
    assert not write_speed_page(plain, "table", "machine") and plain.read_text(encoding="utf-8") == "# No markers\n"
    assert not write_speed_page(tmp_path / "missing.md", "table", "machine")


def test_the_table_keeps_one_row_a_line_however_long_a_measure():
    from devtools.bench import render

    rows = [
        ("short", "ms", {"indian_bank": 1.0, "retail": 10.0}),
        ("base split x 3 trials, oracle, `tau-indian-bank run` (3,000 sessions)", "s", {"indian_bank": 208.259}),
        ("  peak memory of that run", "MB", {"indian_bank": 571.117}),
    ]
    lines = render(rows).splitlines()
    assert len(lines) == len(rows) + 1  # a header, then one line per row
    width = max(len(measure) for measure, _, _ in rows)
    assert [line[width : width + 5].strip() for line in lines] == ["unit", "ms", "s", "MB"]  # one column, aligned
    assert all(line == line.rstrip() for line in lines)
