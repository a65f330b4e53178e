"""Every reader of seed and task files follows the active edition, in one process, with no leak between editions."""

from __future__ import annotations

import json
import os

import pytest

from tau_indian_bank.errors import EditionError, UnknownCustomerError
from tau_indian_bank.paths import EDITION_VARIABLE, PUBLIC, data_source, use_edition
from tests.editions.conftest import MIRROR, MIRROR_TASKS

DEPOSIT = "FD22LASC2X"  # the public bank's first deposit (data/seed/deposits.csv)
OWNER = "CUSTPDUWDFZ7"
MIRRORED = OWNER.replace(*MIRROR)


def _customers() -> set[str]:
    from tau_indian_bank.bank.store import template

    return {row[0] for row in template().full.execute("SELECT customer_id FROM customers")}


def test_without_the_variable_the_public_data_is_read(monkeypatch):
    monkeypatch.delenv(EDITION_VARIABLE, raising=False)
    assert data_source() is PUBLIC and not PUBLIC.private


def test_two_editions_in_one_process_share_no_cache(mirror):
    from tau_indian_bank.bank.store import BankDatabase, template
    from tau_indian_bank.evaluation.safety import owners
    from tau_indian_bank.plugin.environment import get_robust_tasks, get_tasks, get_tasks_split
    from tau_indian_bank.tasks.suite_files import load_splits, load_suite

    for _ in range(2):  # back and forth: each cache hits its own edition's entry, never the other's
        with use_edition(None):
            public_bank = template()
            assert OWNER in _customers() and MIRRORED not in _customers()
            assert owners()[DEPOSIT] == {OWNER}
            assert len(load_suite()) == 1000 and len(load_splits()["lite"]) == 200
            assert len(get_tasks("lite")) == 200 and len(get_tasks_split()["test"]) == 50
            BankDatabase().load_customer(OWNER)
        with use_edition(mirror):
            assert template() is not public_bank
            assert MIRRORED in _customers() and OWNER not in _customers()
            assert owners()[DEPOSIT] == {MIRRORED}
            assert [t["id"] for t in load_suite()] == list(MIRROR_TASKS)
            assert [t.id for t in get_tasks("base")] == [t.id for t in get_robust_tasks("base")] == list(MIRROR_TASKS)
            with pytest.raises(UnknownCustomerError):
                BankDatabase().load_customer(OWNER)
            BankDatabase().load_customer(MIRRORED)


def test_a_session_keeps_the_bank_it_started_with(mirror):
    from tau_indian_bank.bank.store import BankDatabase

    with use_edition(mirror):
        session = BankDatabase()
    with use_edition(None):
        session.load_customer(MIRRORED)  # the mirror's customer, though the public bank is active now
        public = BankDatabase()
        public.load_customer(OWNER)
        assert session.digest() != public.digest()


def test_a_file_rewritten_in_place_is_read_again(mirror_copy):
    from tau_indian_bank.bank.store import template
    from tau_indian_bank.tasks.suite_files import load_suite

    tasks_file = mirror_copy / "tasks" / "tasks.json"
    customers = mirror_copy / "data" / "seed" / "customers.csv"
    with use_edition(mirror_copy):
        assert len(load_suite()) == 3
        before = template()
        tasks_file.write_text(json.dumps(json.loads(tasks_file.read_text(encoding="utf-8"))[:1]), encoding="utf-8")
        assert len(load_suite()) == 1
        (mirror_copy / "data" / "seed" / "MANIFEST.json").write_text("{}\n", encoding="utf-8")  # a rewritten seed folder
        customers.write_text(customers.read_text(encoding="utf-8").replace(MIRRORED, MIRRORED[:-1] + "Q"), encoding="utf-8")
        assert template() is not before and MIRRORED not in _customers()


def test_the_plugin_refuses_an_altered_edition_with_one_line(mirror_copy):
    from tau_indian_bank.plugin.environment import get_tasks

    (mirror_copy / "tasks" / "tasks.json").write_text("[]\n", encoding="utf-8")
    with use_edition(mirror_copy), pytest.raises(EditionError, match=r"tasks/tasks\.json differs from the manifest"):
        get_tasks("base")


def test_use_edition_restores_the_variable(mirror):
    before = os.environ.get(EDITION_VARIABLE)
    with use_edition(mirror) as source:
        assert source.root == mirror.resolve() and os.environ[EDITION_VARIABLE] == str(mirror.resolve())
    assert os.environ.get(EDITION_VARIABLE) == before


def test_the_oracle_passes_the_same_task_in_both_editions_in_one_process(mirror):
    """Sessions of the mirror are scored against the mirror's bank (DB and S1 included), then the public ones against the public bank."""
    from tau2.data_model.tasks import Task

    from tau_indian_bank.evaluation.safety import check_safety
    from tau_indian_bank.plugin.offline import run_offline
    from tau_indian_bank.tasks.suite_files import load_suite
    from tau_indian_bank.vocabulary import ORACLE

    for root in (mirror, None, mirror):
        with use_edition(root):
            raw = [t for t in load_suite() if t["id"] in MIRROR_TASKS]
            results = run_offline([Task.model_validate(t) for t in raw], ORACLE)
            assert [s.reward_info.reward for s in results.simulations] == [1.0] * 3
            for task, session in zip(raw, results.simulations, strict=True):
                gates = check_safety(task, [m.model_dump(mode="json") for m in session.messages]).gates
                assert gates["S1"] == "pass", (root, task["id"])


def test_an_edition_altered_after_it_was_checked_is_refused(mirror_copy):
    from tau_indian_bank.editions.manifest import verify

    verify(mirror_copy)
    (mirror_copy / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(EditionError, match=r"notes\.txt is not part of the edition"):
        verify(mirror_copy)
    (mirror_copy / "notes.txt").unlink()
    verify(mirror_copy)
    (mirror_copy / "data" / "seed" / "cards.csv").write_text("card_id\n", encoding="utf-8")
    with pytest.raises(EditionError, match=r"data/seed/cards\.csv differs from the manifest"):
        verify(mirror_copy)
    (mirror_copy / "data" / "seed" / "cards.csv").unlink()
    with pytest.raises(EditionError, match=r"data/seed/cards\.csv is missing"):
        verify(mirror_copy)


def test_an_edition_of_other_generator_versions_or_package_version_is_refused(mirror_copy):
    from tau_indian_bank.editions.manifest import MANIFEST_NAME, verify

    manifest = mirror_copy / MANIFEST_NAME
    data = json.loads(manifest.read_text(encoding="utf-8"))
    manifest.write_text(json.dumps({**data, "generators": {"seed_data": 0, "task_sets": 1}}), encoding="utf-8")
    with pytest.raises(EditionError, match=r"made by generator versions .*make it again with edition new --seed 0"):
        verify(mirror_copy)
    manifest.write_text(json.dumps({**data, "package_version": "0.9.0"}), encoding="utf-8")
    with pytest.raises(EditionError, match=r"made by tau-indian-bank 0\.9\.0 .*this is 1\.0\.0"):
        verify(mirror_copy)


def test_the_overlap_tells_figures_with_paise_from_whole_rupees():
    from tau_indian_bank.editions.overlap import figures_in, with_paise

    found = figures_in(['{"text": "The payout is ₹7,62,636.14 on ₹7,50,000"}', "Rs. 1,250.50 a month, or 2.5 lakh"])
    assert found == {76263614, 75000000, 125050, 25000000}
    assert with_paise(found) == {76263614, 125050}  # ₹….pp only; ₹7,50,000 and 2.5 lakh are whole rupees
