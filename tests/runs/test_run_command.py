"""``tau-indian-bank run`` in-process: tau2's sessions, a results file tau2 reads, resume, and bad input."""

import json

import pytest

from tau_indian_bank.cli import main
from tau_indian_bank.tasks.suite_files import load_splits

TASK_IDS = sorted(load_splits()["test"])[:4]
ORACLE = ["run", "--agent", "indian_bank_oracle", "--user", "indian_bank_customer", "--task-split-name", "test"]


def run_cli(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    folder = tmp_path_factory.mktemp("run")
    code = main(
        [
            *ORACLE,
            "--task-ids",
            *TASK_IDS,
            "--num-trials",
            "2",
            "--max-concurrency",
            "2",
            "--results-dir",
            str(folder),
            "--save-to",
            "oracle",
        ]
    )
    assert code == 0
    return folder


def test_the_results_file_is_tau2s_and_holds_every_slot_once(finished):
    from tau2.data_model.simulation import Results

    results = Results.load(finished / "oracle.json")
    assert sorted((s.task_id, s.trial) for s in results.simulations) == sorted((t, k) for t in TASK_IDS for k in range(2))
    assert all(s.reward_info.reward == 1.0 for s in results.simulations)
    assert [t.id for t in results.tasks] == [t for t in load_splits()["test"] if t in TASK_IDS]  # the split's order
    meta = json.loads((finished / "oracle.json").read_text())["tau_indian_bank_run"]
    assert meta["shard"] is None and len(meta["slots"]) == 8 and meta["provenance"]["policy_sha256"]


def test_sessions_are_tau2s_own(finished):
    """The same tasks through tau2's run_tasks give the same seeds, rewards and conversations."""
    from tau2.data_model.simulation import Results
    from tau2.run import get_tasks, run_tasks

    tasks = get_tasks("indian_bank", "test", TASK_IDS)
    stock = run_tasks(
        domain="indian_bank",
        tasks=tasks,
        agent="indian_bank_oracle",
        user="indian_bank_customer",
        llm_agent="offline",
        llm_args_agent={},
        llm_user="offline",
        llm_args_user={},
        num_trials=2,
        max_steps=200,
        max_errors=10,
        console_display=False,
        seed=300,
        log_level="ERROR",
    )

    def key(sims):
        return sorted((s.task_id, s.trial, s.seed, s.reward_info.reward, [m.content for m in s.messages]) for s in sims)

    assert key(Results.load(finished / "oracle.json").simulations) == key(stock.simulations)


def test_running_the_same_command_again_resumes_and_runs_nothing(finished, capsys):
    checkpoint = finished / "oracle.checkpoint.jsonl"
    before = checkpoint.read_bytes()
    code, out, err = run_cli(
        capsys, *ORACLE, "--task-ids", *TASK_IDS, "--num-trials", "2", "--results-dir", str(finished), "--save-to", "oracle"
    )
    assert code == 0 and "8 sessions (8 resumed)" in out and "resuming" in err
    assert checkpoint.read_bytes() == before


def test_a_different_configuration_cannot_resume(finished, capsys):
    checkpoint = finished / "oracle.checkpoint.jsonl"
    before = checkpoint.read_bytes()
    code, _, err = run_cli(
        capsys,
        *ORACLE,
        "--task-ids",
        *TASK_IDS,
        "--num-trials",
        "2",
        "--max-steps",
        "50",
        "--results-dir",
        str(finished),
        "--save-to",
        "oracle",
    )
    assert code == 2 and err.strip().splitlines()[-1].startswith("error: ") and "max_steps was 200, now 50" in err
    assert checkpoint.read_bytes() == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--task-ids", "seq_no_such_task_0001"], "unknown task id 'seq_no_such_task_0001'"),
        (["--task-split-name", "nosuch"], "unknown task split 'nosuch'"),
        (["--agent", "indian_bank_llm_agent", "--agent-llm", "openai/gpt-4o"], "needs OPENAI_API_KEY"),
        (["--agent", "indian_bank_llm_agent"], "--agent-llm is needed"),
        (["--agent", "no_such_agent"], "unknown agent 'no_such_agent'"),
        (["--task-ids", TASK_IDS[0], "--shard", "1/2"], "only 1 tasks to share among 2 shards"),
        (["--router", "/nonexistent/router.yaml"], "router file /nonexistent/router.yaml: cannot read"),
        (["--max-concurrency", "0"], "--max-concurrency must be at least 1"),
    ],
)
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, capsys, monkeypatch, args, message):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    code, _, err = run_cli(
        capsys,
        "run",
        "--agent",
        "indian_bank_oracle",
        "--user",
        "indian_bank_customer",
        "--task-split-name",
        "test",
        "--results-dir",
        str(tmp_path / "out"),
        *args,
    )
    assert code == 2
    assert err.strip().count("\n") == 0 and err.startswith("error: ") and message in err, err
    assert not (tmp_path / "out").exists()


def test_a_results_file_not_written_by_the_run_is_left_alone(tmp_path, capsys):
    stranger = tmp_path / "mine.json"
    stranger.write_text('{"info": {}, "tasks": [], "simulations": []}')
    code, _, err = run_cli(capsys, *ORACLE, "--task-ids", TASK_IDS[0], "--results-dir", str(tmp_path), "--save-to", "mine")
    assert code == 2 and "exists but has no checkpoint" in err
    assert stranger.read_text() == '{"info": {}, "tasks": [], "simulations": []}'


def test_a_corrupt_checkpoint_is_one_line_and_left_alone(tmp_path, capsys):
    checkpoint = tmp_path / "bad.checkpoint.jsonl"
    checkpoint.write_text("this is not a checkpoint\n")
    code, _, err = run_cli(capsys, *ORACLE, "--task-ids", TASK_IDS[0], "--results-dir", str(tmp_path), "--save-to", "bad")
    assert code == 2 and "not a tau-indian-bank run checkpoint" in err
    assert checkpoint.read_text() == "this is not a checkpoint\n"


def test_a_bad_shard_spec_is_refused_by_the_parser(capsys):
    with pytest.raises(SystemExit) as caught:
        main([*ORACLE, "--shard", "3/2"])
    assert caught.value.code == 2 and "need 1 <= I <= N" in capsys.readouterr().err
