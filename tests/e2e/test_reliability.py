"""Runs that are killed, resumed, truncated or crowded still count every task exactly once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from collections import Counter
from pathlib import Path

import pytest

from tau_indian_bank.plugin.guards import repair_results_file
from tau_indian_bank.tasks.suite_files import load_splits
from tests.conftest import BIN, ROOT, command_env

pytestmark = pytest.mark.e2e
LITE = sorted(load_splits()["lite"])


def oracle_lite(results: Path, name: str, *extra: str) -> list[str]:
    return [
        str(BIN / "tau2"),
        "run",
        "--domain",
        "indian_bank",
        "--agent",
        "indian_bank_oracle",
        "--user",
        "indian_bank_customer",
        "--task-split-name",
        "lite",
        "--results-dir",
        str(results),
        "--save-to",
        name,
        *extra,
    ]


def sessions(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["simulations"]


def test_sixteen_concurrent_sessions_through_tau2_all_pass_without_cross_talk(tmp_path):
    done = subprocess.run(
        oracle_lite(tmp_path, "crowd", "--max-concurrency", "16"),
        cwd=ROOT,
        env=command_env(),
        capture_output=True,
        text=True,
        timeout=900,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    sims = sessions(tmp_path / "crowd.json")
    assert sorted(s["task_id"] for s in sims) == LITE
    assert all(s["reward_info"]["reward"] == 1.0 for s in sims)


def test_a_run_killed_mid_way_resumes_and_completes_every_task_exactly_once(tmp_path):
    results = tmp_path / "results"
    process = subprocess.Popen(
        oracle_lite(results, "killed"),
        cwd=ROOT,
        env=command_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    path = results / "killed.json"
    deadline = time.time() + 300
    while time.time() < deadline:
        if path.exists() and path.read_text(encoding="utf-8", errors="replace").count('"termination_reason"') >= 30:
            break
        time.sleep(0.2)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=30)
    repair_results_file(path)  # what the plugin does on resume, done here to count the survivors
    before = len(sessions(path))
    assert 0 < before < len(LITE)
    resumed = subprocess.run(
        oracle_lite(results, "killed"), cwd=ROOT, env=command_env(), input="y\n", capture_output=True, text=True, timeout=900
    )
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    sims = sessions(path)
    counts = Counter(s["task_id"] for s in sims)
    assert sorted(counts) == LITE and set(counts.values()) == {1}
    assert all(s["reward_info"]["reward"] == 1.0 for s in sims)


def test_a_results_file_cut_off_mid_write_is_repaired_on_resume(tmp_path):
    command = oracle_lite(tmp_path, "cut", "--task-ids", *LITE[:8])
    first = subprocess.run(command, cwd=ROOT, env=command_env(), capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert first.returncode == 0, first.stderr[-2000:]
    path = tmp_path / "cut.json"
    text = path.read_text(encoding="utf-8")
    sixth = -1
    for _ in range(6):
        sixth = text.index('"termination_reason"', sixth + 1)
    path.write_text(text[: sixth + 5], encoding="utf-8")  # the write was interrupted inside the sixth session
    resumed = subprocess.run(command, cwd=ROOT, env=command_env(), input="y\n", capture_output=True, text=True, timeout=600)
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    assert "cut off mid-write; kept its 5 complete sessions" in resumed.stderr
    counts = Counter(s["task_id"] for s in sessions(path))
    assert sorted(counts) == LITE[:8] and set(counts.values()) == {1}
    assert all(s["reward_info"]["reward"] == 1.0 for s in sessions(path))


def test_repair_leaves_valid_files_and_hopeless_ones_alone(tmp_path):
    good = tmp_path / "good.json"
    good.write_text('{"info": {}, "tasks": [], "simulations": []}', encoding="utf-8")
    assert repair_results_file(good) is None
    hopeless = tmp_path / "hopeless.json"
    hopeless.write_text('{"info": {"num_', encoding="utf-8")
    assert repair_results_file(hopeless) is None and hopeless.read_text(encoding="utf-8") == '{"info": {"num_'
