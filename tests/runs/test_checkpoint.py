import json
import threading

import pytest

from tau_indian_bank.errors import CheckpointError
from tau_indian_bank.runs.checkpoint import Checkpoint, read_header, verdicts
from tau_indian_bank.runs.results import write_results
from tau_indian_bank.runs.slots import Slot

SLOTS = [Slot(f"seq_t{i}", trial) for trial in range(2) for i in range(5)]
HEADER = {"config": {"agent": "a", "num_trials": 2}, "timestamp": "t0", "info": {"x": 1}}
PASS = (True, True, True)


def record(slot, size=200):
    return json.dumps(
        {
            "task_id": slot.task_id,
            "trial": slot.trial,
            "reward_info": {"reward": 1.0, "db_check": {"db_match": True}, "env_assertions": [{"met": True}]},
            "messages": ["x" * size],
        }
    ).encode()


def fill(path, slots, header=HEADER):
    with Checkpoint.open(path, header, SLOTS) as checkpoint:
        for slot in slots:
            checkpoint.append(slot, record(slot), PASS)
        return dict(checkpoint.done)


def test_resume_finds_every_saved_session_and_reads_them_back_in_slot_order(tmp_path):
    path = tmp_path / "c.jsonl"
    fill(path, SLOTS[3:6])
    with Checkpoint.open(path, dict(HEADER, timestamp="later"), SLOTS) as checkpoint:
        assert set(checkpoint.done) == set(SLOTS[3:6])
        assert checkpoint.header["timestamp"] == "t0"  # the run's own header, from its first start
        assert [json.loads(r)["task_id"] for r in checkpoint.records(reversed(SLOTS))] == ["seq_t0", "seq_t4", "seq_t3"]
        assert checkpoint.done[SLOTS[3]].verdicts == PASS


def test_a_half_written_last_session_is_dropped_and_nothing_else(tmp_path):
    path = tmp_path / "c.jsonl"
    fill(path, SLOTS[:4])
    with open(path, "ab") as file:
        file.write(record(SLOTS[4])[:50])  # killed mid-write
    with Checkpoint.open(path, HEADER, SLOTS) as checkpoint:
        assert checkpoint.opened.dropped_partial and set(checkpoint.done) == set(SLOTS[:4])
        checkpoint.append(SLOTS[4], record(SLOTS[4]), PASS)
    assert [json.loads(line)["task_id"] for line in path.read_text().splitlines()[1:]] == [s.task_id for s in SLOTS[:5]]


def test_a_header_cut_off_mid_write_starts_afresh(tmp_path):
    path = tmp_path / "c.jsonl"
    path.write_bytes(b'{"config": {"ag')
    with Checkpoint.open(path, HEADER, SLOTS) as checkpoint:
        assert checkpoint.opened.restarted and not checkpoint.done
    assert read_header(path)["config"] == HEADER["config"]


def test_a_corrupt_record_is_a_one_line_error_and_the_file_is_left_alone(tmp_path):
    path = tmp_path / "c.jsonl"
    fill(path, SLOTS[:3])
    lines = path.read_bytes().split(b"\n")
    lines[2] = b"{not json"
    path.write_bytes(b"\n".join(lines))
    before = path.read_bytes()
    with pytest.raises(CheckpointError, match="line 3 is not a JSON session record"):
        Checkpoint.open(path, HEADER, SLOTS)
    assert path.read_bytes() == before


def test_not_a_checkpoint_is_refused(tmp_path):
    path = tmp_path / "c.jsonl"
    path.write_text('{"something": "else"}\n')
    with pytest.raises(CheckpointError, match="not a tau-indian-bank run checkpoint"):
        Checkpoint.open(path, HEADER, SLOTS)


def test_a_different_configuration_cannot_resume_saved_sessions(tmp_path):
    path = tmp_path / "c.jsonl"
    fill(path, SLOTS[:2])
    before = path.read_bytes()
    other = dict(HEADER, config={"agent": "b", "num_trials": 2})
    with pytest.raises(CheckpointError, match="agent was 'a', now 'b'"):
        Checkpoint.open(path, other, SLOTS)
    assert path.read_bytes() == before


def test_a_different_configuration_restarts_a_checkpoint_with_nothing_saved(tmp_path):
    path = tmp_path / "c.jsonl"
    fill(path, [])
    other = dict(HEADER, config={"agent": "b", "num_trials": 2})
    with Checkpoint.open(path, other, SLOTS) as checkpoint:
        assert checkpoint.opened.restarted
    assert read_header(path)["config"]["agent"] == "b"


def test_records_of_slots_the_run_does_not_own_are_refused(tmp_path):
    path = tmp_path / "c.jsonl"
    fill(path, SLOTS[:2])
    with pytest.raises(CheckpointError, match="does not own"):
        Checkpoint.open(path, HEADER, SLOTS[1:])


def test_only_one_process_may_hold_a_checkpoint(tmp_path):
    path = tmp_path / "c.jsonl"
    with Checkpoint.open(path, HEADER, SLOTS):
        with pytest.raises(CheckpointError, match="in use by another run"):
            Checkpoint.open(path, HEADER, SLOTS)


def test_concurrent_appends_give_whole_lines(tmp_path):
    path = tmp_path / "c.jsonl"
    with Checkpoint.open(path, HEADER, SLOTS, fsync=False) as checkpoint:
        threads = [threading.Thread(target=checkpoint.append, args=(s, record(s, 20_000), PASS)) for s in SLOTS]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    with Checkpoint.open(path, HEADER, SLOTS) as checkpoint:
        assert set(checkpoint.done) == set(SLOTS) and not checkpoint.opened.dropped_partial
        assert all(json.loads(r)["messages"][0] == "x" * 20_000 for r in checkpoint.records(SLOTS))


def test_the_results_file_is_one_json_document_in_slot_order(tmp_path):
    path = tmp_path / "c.jsonl"
    fill(path, list(reversed(SLOTS[:4])))
    out = tmp_path / "r.json"
    with Checkpoint.open(path, HEADER, SLOTS) as checkpoint:
        count = write_results(
            out, {"timestamp": "t0", "info": {"x": 1}, "metadata": {"slots": []}}, ['{"id": "seq_t0"}'], checkpoint.records(SLOTS)
        )
    data = json.loads(out.read_text())
    assert count == 4 and [s["task_id"] for s in data["simulations"]] == [s.task_id for s in SLOTS[:4]]
    assert data["tasks"] == [{"id": "seq_t0"}] and data["tau_indian_bank_run"] == {"slots": []}
    assert not list(tmp_path.glob("*.partial"))


def test_verdicts_read_pass_final_state_and_action_check():
    assert verdicts({"reward_info": {"reward": 1.0, "db_check": {"db_match": True}, "env_assertions": [{"met": True}]}}) == PASS
    assert verdicts({"reward_info": {"reward": 0.0, "db_check": {"db_match": True}, "env_assertions": []}}) == (False, True, False)
    assert verdicts({}) == (False, False, False)
