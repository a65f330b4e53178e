"""``tau-indian-bank run`` as users run it: killed and resumed, and sharded over a model router."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from collections import Counter
from pathlib import Path

import pytest

from tau_indian_bank.tasks.suite_files import load_splits, load_suite
from tests.conftest import BIN, ROOT, command_env, run
from tests.support.fake_llm import FakeModel, Faults, Server

pytestmark = pytest.mark.e2e
LITE = sorted(load_splits()["lite"])


def oracle_lite(results: Path) -> list[str]:
    return [
        str(BIN / "tau-indian-bank"),
        "run",
        "--agent",
        "indian_bank_oracle",
        "--user",
        "indian_bank_customer",
        "--task-split-name",
        "lite",
        "--results-dir",
        str(results),
        "--save-to",
        "killed",
        "--max-concurrency",
        "2",
    ]


def saved_slots(checkpoint: Path) -> Counter:
    lines = checkpoint.read_bytes().split(b"\n")[1:]
    return Counter((r["task_id"], r["trial"]) for r in (json.loads(line) for line in lines if line))


def test_a_run_killed_mid_way_resumes_without_a_prompt_and_runs_every_slot_exactly_once(tmp_path):
    checkpoint = tmp_path / "killed.checkpoint.jsonl"
    process = subprocess.Popen(
        oracle_lite(tmp_path),
        cwd=ROOT,
        env=command_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.time() + 600
    while time.time() < deadline and process.poll() is None:
        if checkpoint.exists() and checkpoint.read_bytes().count(b"\n") > 30:
            break
        time.sleep(0.1)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=30)
    before = saved_slots(checkpoint)
    assert 0 < sum(before.values()) < len(LITE) and not (tmp_path / "killed.json").exists()
    with open(checkpoint, "ab") as file:  # as if the kill had landed inside a write
        file.write(b'{"id": "half-written", "task_id": "' + LITE[0].encode())
    resumed = subprocess.run(
        oracle_lite(tmp_path), cwd=ROOT, env=command_env(), capture_output=True, text=True, timeout=900, stdin=subprocess.DEVNULL
    )
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    assert "dropped a half-written session" in resumed.stderr
    assert f"{len(LITE)} sessions ({sum(before.values())} resumed)" in resumed.stdout
    after = saved_slots(checkpoint)
    assert sorted(after) == [(task_id, 0) for task_id in LITE] and set(after.values()) == {1}
    simulations = json.loads((tmp_path / "killed.json").read_text(encoding="utf-8"))["simulations"]
    assert sorted(s["task_id"] for s in simulations) == LITE
    assert all(s["reward_info"]["reward"] == 1.0 for s in simulations)


TASK_IDS = ["seq_fd_close_0001", "seq_fd_open_0001", "edge_bereavement_0001", "ctrl_update_address_0001", "ctrl_balance_0001"]


def test_two_shards_over_a_router_with_a_failing_endpoint_merge_into_one_complete_run(tmp_path):
    tasks = [t for t in load_suite() if t["id"] in TASK_IDS]
    with Server(FakeModel(tasks)) as good, Server(FakeModel(tasks, Faults(http_500_every=1))) as bad:
        router = tmp_path / "router.yaml"
        router.write_text(
            "model_list:\n"
            f"  - {{model_name: bank-model, litellm_params: {{model: openai/fake, api_base: '{bad.base}'}}}}\n"
            f"  - {{model_name: bank-model, litellm_params: {{model: openai/fake, api_base: '{good.base}'}}}}\n"
            "router_settings: {num_retries: 3, allowed_fails: 0, cooldown_time: 300}\n",
            encoding="utf-8",
        )
        command = [
            str(BIN / "tau-indian-bank"),
            "run",
            "--agent",
            "indian_bank_llm_agent",
            "--agent-llm",
            "bank-model",
            "--user",
            "indian_bank_user",
            "--user-llm",
            "bank-model",
            "--router",
            str(router),
            "--task-ids",
            *TASK_IDS,
            "--num-trials",
            "2",
            "--max-concurrency",
            "2",
            "--results-dir",
            str(tmp_path),
            "--save-to",
            "routed",
        ]
        shards = [
            subprocess.Popen(
                [*command, "--shard", f"{i}/2"],
                cwd=ROOT,
                env=command_env(),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                stdin=subprocess.DEVNULL,
            )
            for i in (1, 2)
        ]
        outputs = [shard.communicate(timeout=900) for shard in shards]
        assert [shard.returncode for shard in shards] == [0, 0], [err[-2000:] for _, err in outputs]
        assert bad.model.requests >= 1  # the failing endpoint was tried, and its calls were retried elsewhere
    files = [str(tmp_path / f"routed.shard{i}of2.json") for i in (1, 2)]
    owned = [set(map(tuple, json.loads(Path(f).read_text())["tau_indian_bank_run"]["slots"])) for f in files]
    assert owned[0] and owned[1] and not owned[0] & owned[1]
    done = run(["tau-indian-bank", "report", *files, "--label", "routed", "--label", "routed", "--format", "json"])
    assert done.returncode == 0, done.stderr[-2000:]
    metrics = json.loads(done.stdout)["runs"]
    assert len(metrics) == 1
    merged = metrics[0]
    assert (merged["n_sessions"], merged["n_tasks"], merged["n_crashed_or_missing"]) == (10, 5, 0)
    assert merged["pass_rate"] == 1.0 and merged["pass_hat_k"]["2"] == 1.0
