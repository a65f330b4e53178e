"""Runs record their edition; the report reads one edition only, says which on every table, and refuses to pair two."""

from __future__ import annotations

import json
import re

import pytest

from tau_indian_bank.editions.manifest import PUBLIC, verify
from tau_indian_bank.editions.provenance import UNKNOWN, edition_of, inferred_edition
from tau_indian_bank.errors import EditionError, ReportInputError
from tau_indian_bank.paths import use_edition
from tau_indian_bank.tasks.suite_files import load_suite
from tau_indian_bank.vocabulary import RUN_METADATA_KEY
from tests.conftest import run
from tests.editions.conftest import MIRROR_TASKS

PUBLIC_TASKS = [t for t in load_suite() if t["id"] in MIRROR_TASKS]


def _results(tmp_path, name, tasks, edition=None):
    """A tau2 results file of ``tasks`` (every session passed); ``edition``: the digest ``tau-indian-bank run`` records."""
    data = {
        "info": {
            "num_trials": 1,
            "agent_info": {"implementation": "indian_bank_oracle", "llm": "offline"},
            "user_info": {"implementation": "indian_bank_customer"},
            "environment_info": {"domain_name": "indian_bank"},
        },
        "tasks": tasks,
        "simulations": [
            {
                "task_id": t["id"],
                "trial": 0,
                "termination_reason": "user_stop",
                "messages": [],
                "reward_info": {"reward": 1.0, "db_check": {"db_match": True}, "env_assertions": [{"met": True}]},
            }
            for t in tasks
        ],
    }
    if edition:
        data[RUN_METADATA_KEY] = {"provenance": {"edition": {"digest": edition, "label": "x"}}}
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def _mirror_tasks(mirror):
    return json.loads((mirror / "tasks" / "tasks.json").read_text(encoding="utf-8"))


def test_a_stock_results_file_belongs_to_the_bank_of_its_customers(mirror):
    mirrored = {t["id"]: t for t in _mirror_tasks(mirror)}
    public = {t["id"]: t for t in PUBLIC_TASKS}
    digest = verify(mirror).digest
    with use_edition(mirror):
        assert inferred_edition(mirrored) == digest and inferred_edition(public) == PUBLIC.digest
        assert inferred_edition({**public, "x": next(iter(mirrored.values()))}) == UNKNOWN  # two banks' customers
    with use_edition(None):
        assert inferred_edition(mirrored) == UNKNOWN and inferred_edition(public) == PUBLIC.digest
    assert inferred_edition({"t": {"id": "t"}}) is None  # no login: no evidence either way
    assert edition_of({RUN_METADATA_KEY: {"provenance": {"edition": {"digest": "abc"}}}}, public) == "abc"  # recorded wins


def test_the_report_refuses_a_run_of_another_edition_in_one_line_naming_both(mirror, tmp_path):
    from tau_indian_bank.report.load import load_runs

    digest = verify(mirror).digest
    theirs = _results(tmp_path, "mirror", _mirror_tasks(mirror))
    recorded = _results(tmp_path, "recorded", PUBLIC_TASKS, edition="f" * 64)
    ours = _results(tmp_path, "public", PUBLIC_TASKS)
    with use_edition(None):
        with pytest.raises(
            EditionError,
            match=r"mirror\.json holds sessions of an edition not given to this command, "
            r"not of public 1\.0\.0: a report pairs sessions of one edition only",
        ):
            load_runs([ours, theirs])
        with pytest.raises(EditionError, match=r"recorded\.json holds sessions of edition ffffffffffff, not of public 1\.0\.0"):
            load_runs([recorded])
        assert [r.label for r in load_runs([ours])] == ["public"]
    with use_edition(mirror):
        with pytest.raises(
            EditionError,
            match=rf"public\.json holds sessions of public 1\.0\.0, not of edition {digest[:12]}.*"
            r"drop --edition",
        ):
            load_runs([theirs, ours])
        mirrored = load_runs([theirs])
        assert [r.label for r in mirrored] == ["mirror"]
        # Any comparison of a run's tasks with "the installed suite" compares with the active edition's.
        assert getattr(mirrored[0], "tasks_differing", 0) == 0


def test_every_table_of_the_report_names_its_edition(mirror, tmp_path):
    from tau_indian_bank.report.html import to_html
    from tau_indian_bank.report.load import load_runs
    from tau_indian_bank.report.metrics import build_report
    from tau_indian_bank.report.render import render

    label = verify(mirror).label
    with use_edition(mirror):
        runs = load_runs([_results(tmp_path, "mirror", _mirror_tasks(mirror))])
        report = build_report(runs, with_sessions=True)
    assert report["edition"] == {"digest": verify(mirror).digest, "label": label}
    assert report["provenance"]["edition"] == report["edition"]
    titles = re.findall(r"^### (.*)$", render(report, "markdown"), flags=re.MULTILINE)
    assert len(titles) >= 5 and all(t.endswith(f"({label})") for t in titles)
    assert f"Runs ({label})" in to_html(report, runs)
    public = build_report(load_runs([_results(tmp_path, "public", PUBLIC_TASKS)]))
    assert all(t.endswith("(public 1.0.0)") for t in re.findall(r"^### (.*)$", render(public, "markdown"), flags=re.MULTILINE))


def test_shards_of_two_editions_do_not_merge(tmp_path):
    from tau_indian_bank.report.merge import merge_shards

    def shard(name, edition):
        path = _results(tmp_path, name, PUBLIC_TASKS[:1])
        data = json.loads(open(path, encoding="utf-8").read())
        data[RUN_METADATA_KEY] = {
            "provenance": {"edition": {"digest": edition}},
            "task_ids": [PUBLIC_TASKS[0]["id"]],
            "slots": [[PUBLIC_TASKS[0]["id"], 0]],
        }
        open(path, "w", encoding="utf-8").write(json.dumps(data))
        return path

    with pytest.raises(ReportInputError, match=r"cannot merge .*a\.json and .*b\.json as 'm': the edition differs"):
        merge_shards([shard("a", "public"), shard("b", "a" * 64)], "m")


def test_a_run_records_its_edition_and_never_resumes_another_editions_checkpoint(mirror):
    from tau_indian_bank.runs.plan import RunOptions, build_plan
    from tau_indian_bank.vocabulary import ORACLE, SCRIPTED_CUSTOMER

    options = RunOptions(agent=ORACLE, user=SCRIPTED_CUSTOMER, task_ids=(MIRROR_TASKS[0],))
    with use_edition(mirror):
        plan = build_plan(options)
    assert plan.header["provenance"]["edition"] == verify(mirror).to_json()
    assert plan.tasks[0].initial_state.initialization_actions[0].arguments["customer_id"].startswith("CUSX")
    with use_edition(None):
        public = build_plan(options)
    assert public.header["provenance"]["edition"]["label"] == "public 1.0.0"
    assert verify(mirror).label.replace(" ", "-") in plan.checkpoint_path.name and "edition" not in public.checkpoint_path.name
    assert plan.header["config"]["tasks_sha256"] != public.header["config"]["tasks_sha256"]  # a resume of the other refused


@pytest.mark.e2e
def test_report_edition_flag_reads_the_edition_and_refuses_a_folder_that_is_not_one(mirror, tmp_path):
    results = _results(tmp_path, "mirror", _mirror_tasks(mirror))
    done = run(["tau-indian-bank", "report", results, "--format", "json", "--edition", str(mirror)])
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout)["edition"]["digest"] == verify(mirror).digest
    refused = run(["tau-indian-bank", "report", results])
    assert refused.returncode == 2 and refused.stderr.strip().splitlines() == [
        f"error: {results} holds sessions of an edition not given to this command, not of public 1.0.0: a report pairs "
        "sessions of one edition only (pass --edition with that edition's folder, and report each edition on its own)"
    ]
    bogus = run(["tau-indian-bank", "report", results, "--edition", str(tmp_path)])
    assert bogus.returncode == 2 and "not an edition (no edition.json" in bogus.stderr
    by_variable = run(["tau-indian-bank", "report", results, "--format", "json"], TAU_INDIAN_BANK_EDITION=str(mirror))
    assert by_variable.returncode == 0, by_variable.stderr[-2000:]
