import random
from collections import Counter

import pytest

from tau_indian_bank.runs.slots import Shard, Slot, all_slots, parse_shard, shard_slots, shard_tasks, trial_seeds
from tau_indian_bank.tasks.suite_files import load_splits
from tau_indian_bank.vocabulary import category_of

BASE = list(load_splits()["base"])


def test_trial_seeds_are_the_ones_tau2_run_draws():
    random.seed(300)
    assert trial_seeds(300, 4) == [random.randint(0, 1000000) for _ in range(4)]
    assert trial_seeds(300, 4)[:2] == trial_seeds(300, 2)


def test_slots_run_trial_by_trial_like_tau2():
    assert all_slots(["a", "b"], 2) == [Slot("a", 0), Slot("b", 0), Slot("a", 1), Slot("b", 1)]


@pytest.mark.parametrize("count", [2, 3, 7])
def test_shards_are_disjoint_cover_everything_and_are_stratified(count):
    slots = all_slots(BASE, 4)
    shards = [shard_slots(slots, Shard(i, count)) for i in range(1, count + 1)]
    owners = Counter(slot for shard in shards for slot in shard)
    assert set(owners) == set(slots) and set(owners.values()) == {1}
    sizes = [len(shard) for shard in shards]
    assert max(sizes) - min(sizes) <= 4  # one task's trials
    for category in ("sequencing", "edge_case", "rare_tool", "control"):
        per_shard = [sum(category_of(s.task_id) == category for s in shard) / 4 for shard in shards]
        assert max(per_shard) - min(per_shard) <= 1, (category, per_shard)
    for shard in shards:  # a shard owns every trial of its tasks, so its pass^k is defined
        trials = Counter(slot.task_id for slot in shard)
        assert set(trials.values()) == {4}
        assert shard == [slot for slot in slots if slot in set(shard)]  # run order kept


def test_shards_are_deterministic_and_independent_of_each_other():
    slots = all_slots(BASE[:50], 2)
    assert shard_slots(slots, Shard(2, 3)) == shard_slots(list(slots), Shard(2, 3))
    assert shard_slots(slots, None) == shard_slots(slots, Shard(1, 1)) == slots


def test_more_shards_than_tasks_is_refused():
    with pytest.raises(ValueError, match="only 2 tasks"):
        shard_tasks(["seq_a", "ctrl_b"], Shard(1, 3))


@pytest.mark.parametrize("text", ["0/2", "3/2", "1/0", "2", "a/b", "1/-2"])
def test_bad_shard_specs_are_refused(text):
    with pytest.raises(ValueError, match="shard"):
        parse_shard(text)


def test_shard_spec_reads_i_of_n():
    assert parse_shard(" 2/4 ") == Shard(2, 4) and str(Shard(2, 4)) == "2/4"
