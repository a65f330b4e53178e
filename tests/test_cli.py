import pytest

from tau_indian_bank.bank.store import DataFileError, _Template
from tests.conftest import ROOT, run


def _one_line_error(done, phrase):
    assert done.returncode != 0
    lines = [line for line in done.stderr.strip().splitlines() if line.strip()]
    assert lines and lines[-1].startswith("error: ") and phrase in lines[-1], done.stderr[-1500:]
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("args", "phrase"),
    [
        (["offline", "--split", "nope"], "unknown task split 'nope'"),
        (["offline", "--agents", "llm_agent"], "unknown offline agent 'llm_agent'"),
        (["offline", "--results-dir", "/proc/forbidden"], "cannot write results to /proc/forbidden"),
    ],
)
@pytest.mark.e2e
def test_offline_command_refuses_bad_input_in_one_line(args, phrase):
    done = run(["tau-indian-bank", *args])
    assert done.returncode == 2
    _one_line_error(done, phrase)


@pytest.mark.e2e
def test_tau2_run_with_an_unknown_split_is_one_line():
    done = run(
        [
            "tau2",
            "run",
            "--domain",
            "indian_bank",
            "--agent",
            "indian_bank_oracle",
            "--user",
            "indian_bank_customer",
            "--task-split-name",
            "nope",
        ]
    )
    _one_line_error(done, "unknown task split 'nope'; choose one of: base, lite, test, train")


@pytest.mark.parametrize(
    ("tasks_text", "splits_text", "phrase"),
    [
        ('[{"id": "x"', "{}", "tasks.json: not valid JSON"),
        ('{"id": 1}', '{"base": []}', "expected a JSON list of tasks"),
        ("[]", '{"lite": []}', "the mandatory 'base' split is missing"),
    ],
)
@pytest.mark.e2e
def test_corrupt_task_files_are_one_line_errors(tmp_path, tasks_text, splits_text, phrase):
    (tmp_path / "tasks.json").write_text(tasks_text)
    (tmp_path / "split_tasks.json").write_text(splits_text)
    done = run(["tau-indian-bank", "validate", "--no-participants"], TAU_INDIAN_BANK_TASKS_DIR=str(tmp_path))
    assert done.returncode == 2
    _one_line_error(done, phrase)


@pytest.mark.e2e
def test_unknown_task_id_through_tau2_is_refused_without_running_anything(tmp_path):
    done = run(
        [
            "tau2",
            "run",
            "--domain",
            "indian_bank",
            "--agent",
            "indian_bank_oracle",
            "--user",
            "indian_bank_customer",
            "--task-ids",
            "seq_no_such_task_0001",
            "--results-dir",
            str(tmp_path),
        ]
    )
    assert done.returncode != 0
    assert "seq_no_such_task_0001" in done.stderr + done.stdout
    assert not list(tmp_path.glob("*.json"))


def test_missing_or_corrupt_seed_files_name_the_file(tmp_path):
    seed = ROOT / "data" / "seed"
    for csv in seed.glob("*.csv"):
        (tmp_path / csv.name).write_text(csv.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "loans.csv").unlink()
    with pytest.raises(DataFileError, match=r"loans\.csv: cannot read seed file"):
        _Template(tmp_path)
    (tmp_path / "loans.csv").write_text("loan_id,customer_id\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"loans\.csv: header does not match table 'loans'"):
        _Template(tmp_path)


@pytest.mark.e2e
def test_families_prints_the_catalogue_as_yaml():
    import yaml

    from tau_indian_bank.tasks.builder import plan_of

    done = run(["tau-indian-bank", "families"])
    assert done.returncode == 0, done.stderr
    catalogue = yaml.safe_load(done.stdout)
    assert {f["family"]: f["tasks"] for f in catalogue} == plan_of()
    assert sum(f["tasks"] for f in catalogue) == 1000
    assert all(f["why_this_gold_chain"] and f["careless_assistant"] and f["policy_clauses"] for f in catalogue)
