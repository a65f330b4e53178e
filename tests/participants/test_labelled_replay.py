"""The scripted customer answers each careful hand-labelled conversation's assistant turns as the hand-written customer did.

Every careful conversation of ``tests/labelled/source/`` is replayed turn by turn
(:mod:`tests.participants.labelled_replay`): at each assistant turn the hand-written customer
answers, the scripted customer's reply must do the same thing — a yes, a no, the same known
detail, the scenario's cue line, an ending, a hand-over, a refusal to share a secret.
"""

from __future__ import annotations

from functools import cache

import pytest

from tests.participants.labelled_replay import SOURCE_DIR, Turn, acts_of, replay_all

#: Turns where the scripted customer does otherwise, and why (task id, customer turn): each is a limit, not a goal.
KNOWN = {
    ("ctrl_gold_eligibility_0002", 1): (
        "the hand-written customer ends on an answer that closes with 'if you'd like to apply "
        "later, just let me know'; the scripted one says okay and ends a turn later"
    ),
    ("seq_card_unfreeze_0007", 1): "the hand-written customer asks a question of its own (will my old PIN still work?)",
}


@cache
def _turns() -> tuple[Turn, ...]:
    return tuple(replay_all())


def test_every_careful_conversation_is_replayed():
    turns = _turns()
    assert len({t.task_id for t in turns}) == len(list(SOURCE_DIR.glob("*.yaml")))
    assert len(turns) >= 90


def test_the_scripted_customer_answers_each_assistant_turn_as_the_hand_written_customer_did():
    wrong = [t for t in _turns() if not t.agrees and (t.task_id, t.index) not in KNOWN]
    assert not wrong, "\n".join(
        f"{t.task_id} #{t.index}: hand {sorted(t.hand_acts)}, scripted {sorted(t.scripted_acts)}: {t.assistant[-160:]!r} -> {t.scripted!r}"
        for t in wrong
    )


def test_every_known_difference_is_still_one():
    present = {(t.task_id, t.index): t for t in _turns()}
    stale = [key for key in KNOWN if key in present and present[key].agrees]
    assert not stale, f"these turns agree now; remove them from KNOWN: {stale}"


def _script():
    from tau_indian_bank.participants.scenario import parse_scenario

    return parse_scenario(
        "Known info:\n- Account: your savings account ending 2973\n- Reason: there is a payment dispute "
        'with the payee\nTask instructions:\nOpening line: "Stop my cheque."\n'
        'When the assistant tells you what the records show, say: "That cannot be right. Please check again."'
    )


@pytest.mark.parametrize(
    ("reply", "acts"),
    [
        ("Yes, please go ahead.", {"yes"}),
        ("Haan ji, kar dijiye.", {"yes"}),
        ("नहीं, अभी मत कीजिए।", {"no"}),
        ("It's my savings account ending 2973.", {"detail:Account"}),
        ("मेरा savings account ending 2973।", {"detail:Account"}),
        ("जी, मेरा savings account ending 2973।", {"yes", "detail:Account"}),
        ("Because of a payment dispute with the payee.", {"detail:Reason"}),
        ("No, that's all. ###STOP###", {"end"}),
        ("That cannot be right. Please check again. ###STOP###", {"cue", "end"}),
        ("Okay. ###TRANSFER###", {"transfer"}),
        ("I won't share my OTP with anyone.", {"secret"}),
        ("Will my old PIN still work?", {"other"}),
    ],
)
def test_what_a_reply_does(reply, acts):
    assert acts_of(reply, _script()) == acts
