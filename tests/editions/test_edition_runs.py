"""A fresh (reduced) edition through the real commands: the oracle passes every task and every baseline none.

``tau2 run`` reads the edition from ``TAU_INDIAN_BANK_EDITION``; ``tau-indian-bank run``, ``offline``, ``validate``
and ``report`` from ``--edition``. The report pairs the two commands' runs of one edition, labels them, and refuses
them without ``--edition``.
"""

from __future__ import annotations

import json
import re

import pytest

from tau_indian_bank.editions.manifest import verify
from tau_indian_bank.tasks.suite_files import load_suite
from tau_indian_bank.vocabulary import BASELINES, ORACLE, ROBUST_TASK_SET, SCRIPTED_CUSTOMER
from tests.conftest import run

pytestmark = pytest.mark.e2e


def _rewards(path):
    return [s["reward_info"]["reward"] for s in json.loads(path.read_text(encoding="utf-8"))["simulations"]]


def _edition_tasks(edition, robust=False):
    return load_suite(edition / "tasks" / ("robust" if robust else "") / "tasks.json")


@pytest.mark.parametrize("agent", [ORACLE, *BASELINES])
def test_stock_tau2_run_reads_the_edition_from_the_variable(small_edition, tmp_path, agent):
    done = run(
        [
            "tau2",
            "run",
            "--domain",
            "indian_bank",
            "--agent",
            agent,
            "--user",
            SCRIPTED_CUSTOMER,
            "--results-dir",
            str(tmp_path),
            "--save-to",
            "run",
            "--max-concurrency",
            "2",
        ],
        TAU_INDIAN_BANK_EDITION=str(small_edition),
    )
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads((tmp_path / "run.json").read_text(encoding="utf-8"))
    assert sorted(t["id"] for t in results["tasks"]) == sorted(t["id"] for t in _edition_tasks(small_edition))
    logins = {t["id"]: t["initial_state"]["initialization_actions"] for t in _edition_tasks(small_edition)}
    assert all(t["initial_state"]["initialization_actions"] == logins[t["id"]] for t in results["tasks"])
    rewards = _rewards(tmp_path / "run.json")
    assert len(rewards) == len(_edition_tasks(small_edition)) and set(rewards) == ({1.0} if agent == ORACLE else {0.0})


def test_tau_indian_bank_run_offline_validate_and_report_on_an_edition(small_edition, tmp_path):
    edition, label = str(small_edition), verify(small_edition).label
    for agent in (ORACLE, *BASELINES):
        done = run(
            [
                "tau-indian-bank",
                "run",
                "--edition",
                edition,
                "--agent",
                agent,
                "--user",
                SCRIPTED_CUSTOMER,
                "--results-dir",
                str(tmp_path),
                "--save-to",
                agent,
            ],
            timeout=900,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        assert set(_rewards(tmp_path / f"{agent}.json")) == ({1.0} if agent == ORACLE else {0.0}), agent
        recorded = json.loads((tmp_path / f"{agent}.json").read_text(encoding="utf-8"))["tau_indian_bank_run"]["provenance"]
        assert recorded["edition"] == verify(small_edition).to_json()
    stock = run(
        [
            "tau2",
            "run",
            "--domain",
            "indian_bank",
            "--agent",
            ORACLE,
            "--user",
            SCRIPTED_CUSTOMER,
            "--results-dir",
            str(tmp_path),
            "--save-to",
            "stock",
        ],
        TAU_INDIAN_BANK_EDITION=edition,
    )
    assert stock.returncode == 0, stock.stderr[-3000:]
    files = [str(tmp_path / f"{name}.json") for name in ("stock", ORACLE, BASELINES[0])]
    report = run(["tau-indian-bank", "report", *files, "--edition", edition, "--format", "markdown"])
    assert report.returncode == 0, report.stderr[-3000:]
    titles = re.findall(r"^### (.*)$", report.stdout, flags=re.MULTILINE)
    assert titles and all(t.endswith(f"({label})") for t in titles)
    assert re.search(r"\| stock \| \d+ \| 100\.0% \|", report.stdout) and re.search(
        r"\| indian_bank_replier \| \d+ \| 0\.0% \|", report.stdout
    )
    refused = run(["tau-indian-bank", "report", *files[1:]])
    assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1
    assert f"holds sessions of {label}, not of public 1.0.0" in refused.stderr  # recorded by tau-indian-bank run
    stock_refused = run(["tau-indian-bank", "report", files[0]])
    assert "holds sessions of an edition not given to this command, not of public 1.0.0" in stock_refused.stderr

    offline = run(
        ["tau-indian-bank", "offline", "--edition", edition, "--split", "base", "--results-dir", str(tmp_path / "off")], timeout=900
    )
    assert offline.returncode == 0, offline.stderr[-3000:]
    assert re.search(rf"indian_bank_oracle\s+base\s+{len(_edition_tasks(small_edition))}\s+100\.0%", offline.stdout)
    assert len(re.findall(r"indian_bank_(replier|looker|claimer|overwriter)\s+base\s+\d+\s+0\.0%", offline.stdout)) == 4
    validate = run(["tau-indian-bank", "validate", "--edition", edition, "--no-participants"])
    rows = dict(re.findall(r"^(gold chain succeeds|schema|scenario evidences gold values)\s.*\s(yes|NO)$", validate.stdout, re.M))
    assert rows == {"schema": "yes", "gold chain succeeds": "yes", "scenario evidences gold values": "yes"}
    assert re.search(rf"^tasks\s+1000\s+{len(_edition_tasks(small_edition))}\s+NO$", validate.stdout, re.M)  # a reduced plan


def test_the_robustness_set_of_an_edition_under_the_strict_verdict(small_edition, tmp_path):
    edition = str(small_edition)
    for agent in (ORACLE, BASELINES[2]):
        done = run(
            [
                "tau-indian-bank",
                "run",
                "--edition",
                edition,
                "--task-set-name",
                ROBUST_TASK_SET,
                "--agent",
                agent,
                "--user",
                SCRIPTED_CUSTOMER,
                "--results-dir",
                str(tmp_path),
                "--save-to",
                agent,
            ],
            timeout=900,
        )
        assert done.returncode == 0, done.stderr[-3000:]
    report = run(
        [
            "tau-indian-bank",
            "report",
            str(tmp_path / f"{ORACLE}.json"),
            str(tmp_path / f"{BASELINES[2]}.json"),
            "--edition",
            edition,
            "--strict",
            "--format",
            "json",
        ]
    )
    assert report.returncode == 0, report.stderr[-3000:]
    runs = {r["label"]: r for r in json.loads(report.stdout)["runs"]}
    assert runs[ORACLE]["strict_pass_rate"] == 1.0 and runs[BASELINES[2]]["strict_pass_rate"] == 0.0
    assert runs[ORACLE]["n_sessions"] == len(_edition_tasks(small_edition, robust=True))


def test_stock_tau2_run_refuses_a_folder_that_is_not_an_edition_in_one_line(tmp_path):
    done = run(
        [
            "tau2",
            "run",
            "--domain",
            "indian_bank",
            "--agent",
            ORACLE,
            "--user",
            SCRIPTED_CUSTOMER,
            "--results-dir",
            str(tmp_path),
            "--save-to",
            "run",
        ],
        TAU_INDIAN_BANK_EDITION=str(tmp_path),
    )
    assert done.returncode != 0
    assert done.stderr.strip().splitlines()[-1] == (
        f"error: {tmp_path.resolve()}: not an edition (no edition.json; make one with tau-indian-bank edition new)"
    )
    assert not (tmp_path / "run.json").exists()
