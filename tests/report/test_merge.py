import json

import pytest

from tau_indian_bank.report.load import ReportInputError, load_runs
from tau_indian_bank.report.metrics import build_report
from tau_indian_bank.tasks.suite_files import load_suite

TASKS = [next(t for t in load_suite() if t["id"].startswith(prefix)) for prefix in ("seq_", "edge_", "rare_", "ctrl_")]
IDS = [t["id"] for t in TASKS]


def _simulation(task_id, trial, reward=1.0):
    return {
        "task_id": task_id,
        "trial": trial,
        "termination_reason": "user_stop",
        "messages": [],
        "reward_info": {"reward": reward, "db_check": {"db_match": reward == 1.0}, "env_assertions": [{"met": reward == 1.0}]},
    }


def _shard(tmp_path, name, slots, saved=None, trials=2, **changes):
    info = {
        "num_trials": trials,
        "seed": 300,
        "agent_info": {"implementation": "indian_bank_llm_agent", "llm": "m1"},
        "user_info": {"implementation": "indian_bank_user", "llm": "u1"},
        "environment_info": {"domain_name": "indian_bank"},
    }
    meta = {
        "provenance": {"tasks_sha256": "suite", "policy_sha256": "policy"},
        "num_trials": trials,
        "task_ids": IDS,
        "task_set": {"name": "indian_bank", "split": "base", "task_ids_sha256": "ids", "tasks_sha256": "content"},
        "slots": [list(s) for s in slots],
    }
    for key, value in changes.items():
        section, field = key.split("__")
        (info if section in info else meta)[section][field] = value
    saved = slots if saved is None else saved
    path = tmp_path / f"{name}.json"
    path.write_text(
        json.dumps({"info": info, "tau_indian_bank_run": meta, "tasks": TASKS, "simulations": [_simulation(t, k) for t, k in saved]})
    )
    return str(path)


ALL = [(t, k) for k in range(2) for t in IDS]
FIRST, SECOND = [s for s in ALL if s[0] in IDS[:2]], [s for s in ALL if s[0] in IDS[2:]]


def test_shards_with_one_label_are_reported_as_one_run(tmp_path):
    a, b = _shard(tmp_path, "a", FIRST), _shard(tmp_path, "b", SECOND)
    other = _shard(tmp_path, "other", FIRST)
    runs = load_runs([a, b, other], ["model", "model", "alone"])
    assert [r.label for r in runs] == ["model", "alone"]
    merged = build_report(runs)["runs"][0]
    assert (merged["n_sessions"], merged["n_tasks"], merged["pass_rate"], merged["n_crashed_or_missing"]) == (8, 4, 1.0, 0)
    assert merged["pass_hat_k"]["2"] == 1.0
    alone = build_report(runs)["runs"][1]
    assert (alone["n_sessions"], alone["n_tasks"]) == (4, 2)  # a lone shard reports the slots it owns
    assert runs[0].parts == (a, b)


def test_slots_no_shard_saved_count_as_failures(tmp_path):
    a = _shard(tmp_path, "a", FIRST, saved=FIRST[:1])  # killed after one session, never resumed
    b = _shard(tmp_path, "b", SECOND[:2])  # a shard of a three-way split; the third never ran
    merged = build_report(load_runs([a, b], ["m", "m"]))["runs"][0]
    assert merged["n_sessions"] == 8 and merged["n_crashed_or_missing"] == 5
    assert merged["pass_rate"] == pytest.approx(3 / 8)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"agent_info__llm": "m2"}, "the agent model differs ('m1' vs 'm2')"),
        ({"user_info__implementation": "indian_bank_customer"}, "the customer differs"),
        ({"provenance__policy_sha256": "other"}, "the policy digest differs"),
        ({"provenance__tasks_sha256": "other"}, "the task suite digest differs"),
        ({"task_set__split": "lite"}, "the task split differs"),
    ],
)
def test_shards_of_different_runs_do_not_merge(tmp_path, change, message):
    a, b = _shard(tmp_path, "a", FIRST), _shard(tmp_path, "b", SECOND, **change)
    with pytest.raises(ReportInputError, match="cannot merge") as caught:
        load_runs([a, b], ["m", "m"])
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_overlapping_shards_do_not_merge(tmp_path):
    a, b = _shard(tmp_path, "a", FIRST), _shard(tmp_path, "b", [FIRST[-1], *SECOND])
    with pytest.raises(ReportInputError, match=f"both own {FIRST[-1][0]} trial {FIRST[-1][1]}"):
        load_runs([a, b], ["m", "m"])


def test_a_plain_tau2_file_cannot_join_a_merge(tmp_path):
    a = _shard(tmp_path, "a", FIRST)
    plain = tmp_path / "plain.json"
    data = json.loads((tmp_path / "a.json").read_text())
    del data["tau_indian_bank_run"]
    plain.write_text(json.dumps(data))
    with pytest.raises(ReportInputError, match="not written by tau-indian-bank run"):
        load_runs([a, str(plain)], ["m", "m"])
    assert len(load_runs([a, str(plain)], ["m", "p"])) == 2  # with different labels: two runs, as before
