"""Families on another seed's bank: a family whose preferred records run out draws its fallback, and only then."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from tau_indian_bank.tasks.builder import GENERATION_SEED, fill_family
from tau_indian_bank.tasks.families.cards import TWO_CARDS_LIMIT, two_cards_candidates


def test_the_fallback_is_not_drawn_while_the_candidates_fill_the_quota(bank):
    def never(conn):
        raise AssertionError("the fallback was drawn although the candidates fill the quota")

    family = dataclasses.replace(TWO_CARDS_LIMIT, fallback=never)
    assert len(fill_family(family, 10, Counter(), GENERATION_SEED)) == 10


def test_two_cards_limit_fills_beyond_its_candidates_with_the_channel_on_one_card_only(bank):
    """The public bank has 14 customers with one channel on abroad on two cards: 16 tasks need two fallback ones."""
    from tau2.data_model.tasks import Task

    from tau_indian_bank.plugin.offline import run_offline
    from tau_indian_bank.vocabulary import BASELINES, ORACLE

    preferred = len(two_cards_candidates(bank.full))
    tasks = fill_family(TWO_CARDS_LIMIT, preferred + 2, Counter(), GENERATION_SEED)
    shapes = [[a["name"] for a in t["evaluation_criteria"]["actions"]] for t in tasks]
    assert shapes[:preferred] == [["get_card_details", "update_card_controls"] * 2] * preferred
    assert shapes[preferred:] == [["get_card_details", "update_card_controls", "get_card_details"]] * 2
    fallback = [Task.model_validate(t) for t in tasks[preferred:]]
    assert all(s.reward_info.reward == 1.0 for s in run_offline(fallback, ORACLE).simulations)
    for agent in BASELINES:
        assert all(s.reward_info.reward == 0.0 for s in run_offline(fallback, agent).simulations), agent


@pytest.mark.slow
def test_the_fallback_tasks_pass_every_check_of_validate_but_the_suite_composition(bank):
    from tau_indian_bank.paths import POLICY_FILE
    from tau_indian_bank.plugin.offline import participant_outcomes
    from tau_indian_bank.tasks.composition import composition_checks
    from tau_indian_bank.tasks.validate import validate

    preferred = len(two_cards_candidates(bank.full))
    tasks = fill_family(TWO_CARDS_LIMIT, preferred + 3, Counter(), GENERATION_SEED)[preferred:]
    splits = {"base": [t["id"] for t in tasks]}
    checks, problems = validate(tasks, splits, POLICY_FILE.read_text(encoding="utf-8"), participant_outcomes, workers=1)
    composition = {c.name for c in composition_checks(tasks, splits)}
    assert [c.name for c in checks if not c.ok and c.name not in composition] == [], problems.by_check
    assert len(checks) - len(composition) >= 10


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The statement request number is STMTIKASA2PC.", []),  # seed 100's bank: S7 read '2PC' as a percentage
        ("Your reference is TXNOT5FE2PC, noted.", []),
        ("The rate is 7 pc a year.", ["7"]),
        ("The rate is 7.25% a year (7 per cent before).", ["7.25", "7"]),
        ("Rates: 6.5%/7%.", ["6.5", "7"]),
    ],
)
def test_a_reference_that_ends_in_digits_and_pc_is_not_a_percentage(text, found):
    from tau_indian_bank.text import percents

    assert [str(p.value) for p in percents(text)] == found
