"""Split order: any prefix of a split (what ``--num-tasks N`` runs) is spread across categories and families."""

import random
from collections import Counter

import pytest

from tau_indian_bank.tasks.builder import make_splits, spread, stratified_order
from tau_indian_bank.tasks.composition import family_of, prefixes_spread, split_checks
from tau_indian_bank.tasks.suite_files import load_splits
from tau_indian_bank.vocabulary import CATEGORIES, category_of


def test_spread_takes_each_group_in_proportion_and_keeps_its_order():
    assert spread({"a": ["a1", "a2", "a3"], "b": ["b1"]}) == ["a1", "a2", "b1", "a3"]
    assert spread({"a": ["a1", "a2"], "b": ["b1", "b2"]}) == ["a1", "b1", "a2", "b2"]
    assert spread({"a": [], "b": ["b1"]}) == ["b1"]


@pytest.mark.parametrize("name", ["base", "lite", "train", "test"])
def test_a_short_prefix_of_every_shipped_split_covers_every_category(name):
    ids = list(load_splits()[name])
    assert {category_of(i) for i in ids[:5]} == set(CATEGORIES)
    assert prefixes_spread(ids)


def test_the_first_five_lite_tasks_are_the_ones_the_readme_describes():
    firsts = Counter(category_of(i) for i in load_splits()["lite"][:5])
    assert firsts == {"sequencing": 2, "edge_case": 1, "rare_tool": 1, "control": 1}


@pytest.mark.parametrize("name", ["base", "lite", "train", "test"])
def test_within_a_category_every_prefix_is_spread_across_families(name):
    ids = list(load_splits()[name])
    for category in CATEGORIES:
        in_order = [i for i in ids if category_of(i) == category]
        assert prefixes_spread(in_order, family_of), category
        assert len({family_of(i) for i in in_order[:4]}) == 4


def test_ordering_keeps_the_membership_and_does_not_depend_on_input_order():
    shipped = load_splits()
    ids = list(shipped["base"])
    shuffled = list(ids)
    random.Random(7).shuffle(shuffled)
    made = make_splits(shuffled)
    assert made == {name: list(members) for name, members in shipped.items()}
    for members in made.values():
        assert Counter(stratified_order(members)) == Counter(members)


def test_select_split_runs_the_split_in_its_own_order():
    from tau_indian_bank.plugin.environment import get_tasks

    assert [t.id for t in get_tasks("lite")[:5]] == list(load_splits()["lite"][:5])


def test_the_validator_flags_a_split_listed_category_by_category():
    ids = list(load_splits()["lite"])
    by_category = sorted(ids, key=lambda i: CATEGORIES.index(category_of(i)))
    assert not prefixes_spread(by_category)
    rows = {c.name: c for c in split_checks(ids, {"base": ids, "lite": by_category})}
    assert rows["every split's prefixes spread by category"].ok is False
    rows = {c.name: c for c in split_checks(ids, {"base": ids, "lite": ids})}
    assert rows["every split's prefixes spread by category"].ok is True
