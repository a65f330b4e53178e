"""The run guards act in ``tau2 run --domain indian_bank`` and nowhere else."""

import json
import os
import sys
from types import SimpleNamespace

import pytest

from tau_indian_bank.errors import TaskSuiteError
from tau_indian_bank.plugin import guards

SECRET = "sk-live-0123456789abcdef"
OURS = [
    ["/venv/bin/tau2", "run", "--domain", "indian_bank"],
    ["tau2", "run", "--domain=indian_bank", "--agent", "indian_bank_oracle"],
    ["tau2", "run", "-d", "indian_bank"],
    ["tau2", "run", "-dindian_bank"],
    ["tau2", "run", "--agent", "indian_bank_oracle", "--domain", "indian_bank", "--num-tasks", "3"],
]
OTHERS = [
    ["tau2", "run", "--domain", "retail"],
    ["tau2", "run", "--domain=airline", "--agent", "indian_bank_oracle", "--user", "indian_bank_customer"],
    ["tau2", "run", "--domain", "retail", "--save-to", "indian_bank"],
    ["tau2", "view"],
    ["tau2", "evaluate-trajs", "results/indian_bank.json"],
    ["tau2", "domain", "indian_bank"],
    ["tau2", "run"],
    ["/venv/bin/python", "-c", "import tau2.registry", "run", "--domain", "indian_bank"],
    ["tau-indian-bank", "run", "--domain", "indian_bank"],
    [],
]


def results_file(sessions: int = 3) -> str:
    """A tau2 results file as tau2 writes it (indent 2), with a header and some sessions."""
    sims = [
        {
            "id": f"sim-{i}",
            "task_id": f"ctrl_balance_000{i}",
            "messages": [{"role": "user", "content": "a, b ] }"}],
            "reward_info": {"reward": 1.0},
        }
        for i in range(sessions)
    ]
    return json.dumps({"timestamp": "t", "info": {"num_trials": 1}, "tasks": [{"id": "x"}], "simulations": sims}, indent=2)


@pytest.fixture
def recorded(monkeypatch):
    """Stand-ins for the process-wide hooks, so a test sees what the guards would install."""
    registered = []
    monkeypatch.setattr(guards, "atexit", SimpleNamespace(register=lambda *args: registered.append(args)))
    monkeypatch.setattr(sys, "excepthook", sys.__excepthook__)
    monkeypatch.setenv("BANK_AGENT_KEY", SECRET)
    return registered


def truncated(tmp_path, name="run"):
    path = tmp_path / f"{name}.json"
    text = results_file()
    path.write_text(text[: text.index('"sim-2"') + 3], encoding="utf-8")
    return path


@pytest.mark.parametrize("argv", OURS)
def test_an_indian_bank_run_is_recognised(argv):
    assert guards.is_indian_bank_run(argv)


@pytest.mark.parametrize("argv", OTHERS)
def test_other_commands_and_domains_are_not(argv):
    assert not guards.is_indian_bank_run(argv)


@pytest.mark.parametrize("argv", OTHERS)
def test_in_any_other_tau2_process_the_guards_change_nothing(argv, recorded, tmp_path, capsys):
    path = truncated(tmp_path)
    before = path.read_bytes()
    argv = [*argv, "--agent-api-key", "BANK_AGENT_KEY", "--results-dir", str(tmp_path), "--save-to", "run"]
    assert guards.install(argv) is False
    assert sys.excepthook is sys.__excepthook__
    assert recorded == []
    assert path.read_bytes() == before
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("argv", OURS)
def test_in_an_indian_bank_run_every_guard_is_on(argv, recorded, tmp_path, capsys):
    path = truncated(tmp_path)
    argv = [*argv, "--agent-api-key", "BANK_AGENT_KEY", "--results-dir", str(tmp_path), "--save-to", "run"]
    assert guards.install(argv) is True
    assert isinstance(sys.excepthook, guards._OneLineErrors)
    assert len(recorded) == 1
    redact, folder, secrets, _ = recorded[0]
    assert (redact, folder, secrets) == (guards.redact_files, tmp_path, [SECRET])
    assert len(json.loads(path.read_text(encoding="utf-8"))["simulations"]) == 2
    err = capsys.readouterr().err
    assert "will be redacted when the run ends" in err
    assert f"{path} was cut off mid-write; kept its 2 complete sessions" in err


def test_the_error_printer_prints_one_line_and_installs_once(recorded, capsys, monkeypatch):
    guards.install_error_printer()
    guards.install_error_printer()
    hook = sys.excepthook
    assert isinstance(hook, guards._OneLineErrors) and hook.previous is sys.__excepthook__
    hook(ValueError, ValueError("Missing tasks:\n  {'seq_x'}"), None)
    hook(TaskSuiteError, TaskSuiteError("unknown task split 'nope'"), None)
    assert capsys.readouterr().err.splitlines() == ["error: ValueError: Missing tasks: {'seq_x'}", "error: unknown task split 'nope'"]
    seen = []
    hook.previous = lambda *args: seen.append(args)
    monkeypatch.setenv(guards.TRACEBACK_VARIABLE, "1")
    hook(ValueError, ValueError("boom"), None)
    assert len(seen) == 1 and capsys.readouterr().err == ""


def test_secrets_are_the_values_of_the_named_variables():
    environ = {"A_KEY": SECRET, "B_KEY": "dummy_key", "SHORT": "abc", "C_KEY": "another-secret-value"}
    argv = ["tau2", "run", "--agent-api-key", "A_KEY", "--user-api-key=C_KEY", "--judge-api-key", "B_KEY"]
    assert guards.secrets_in(argv, environ) == [SECRET, "another-secret-value"]
    assert guards.secrets_in(["tau2", "run", "--agent-api-key", "SHORT", "--user-api-key", "UNSET"], environ) == []
    assert guards.secrets_in(["tau2", "run"], environ) == []


def test_redaction_rewrites_only_the_json_files_this_run_wrote(tmp_path):
    mine, old, other = tmp_path / "run.json", tmp_path / "old.json", tmp_path / "notes.txt"
    clean = tmp_path / "clean.json"
    for path in (mine, old, other):
        path.write_text(f'{{"api_key": "{SECRET}", "again": "{SECRET}"}}', encoding="utf-8")
    clean.write_text('{"api_key": null}', encoding="utf-8")
    os.utime(old, (1_000_000, 1_000_000))
    (tmp_path / "nested").mkdir()
    nested = tmp_path / "nested" / "deep.json"
    nested.write_text(SECRET, encoding="utf-8")
    changed = guards.redact_files(tmp_path, [SECRET], since=2_000_000)
    assert changed == [mine]
    assert mine.read_text(encoding="utf-8") == '{"api_key": "<redacted>", "again": "<redacted>"}'
    for untouched in (old, other, nested):
        assert SECRET in untouched.read_text(encoding="utf-8")
    assert clean.read_text(encoding="utf-8") == '{"api_key": null}'
    assert not list(tmp_path.glob("*.redacting"))


def _after_session(text: str, index: int) -> int:
    """The offset just past the closing brace of session ``index`` (0-based)."""
    opening = text.index(f'"id": "sim-{index + 1}"') if index + 1 < 3 else text.rindex("]")
    return text.rindex("}", 0, opening) + 1


@pytest.mark.parametrize(
    ("cut", "kept"),
    [
        (lambda t: t[: t.index('"simulations": [') + 16], 0),  # just after the list opened
        (lambda t: t[: t.index('"id": "sim-0"') + 8], 0),  # inside the first session
        (lambda t: t[: _after_session(t, 0)], 1),  # just after the first session closed
        (lambda t: t[: _after_session(t, 0) + 1], 1),  # ... and its comma
        (lambda t: t[: t.index('"id": "sim-1"')], 1),  # the second session only opened
        (lambda t: t[: t.index('"content": "a, b ]', t.index("sim-2")) + 17], 2),  # inside the third, after a "]" in a string
        (lambda t: t[: _after_session(t, 2)], 3),  # every session written, the list not closed
        (lambda t: t[:-1], 3),  # only the last brace missing
    ],
)
def test_a_truncated_results_file_keeps_its_complete_sessions(tmp_path, cut, kept):
    whole = results_file()
    path = tmp_path / "run.json"
    path.write_text(cut(whole), encoding="utf-8")
    assert guards.repair_results_file(path) == kept
    repaired, original = json.loads(path.read_text(encoding="utf-8")), json.loads(whole)
    assert repaired["simulations"] == original["simulations"][:kept]
    assert {k: v for k, v in repaired.items() if k != "simulations"} == {k: v for k, v in original.items() if k != "simulations"}
    assert not list(tmp_path.glob("*.repairing"))


@pytest.mark.parametrize(
    "content",
    [
        results_file().encode(),
        results_file(0).encode(),
        b'{"timestamp": "t", "info": {"num_',
        b"\xff\xfe not text",
        b'{"timestamp": "t", "info": ]]] "simulations": [',
    ],
)
def test_valid_and_hopeless_files_are_left_byte_for_byte(tmp_path, content):
    path = tmp_path / "run.json"
    path.write_bytes(content)
    assert guards.repair_results_file(path) is None
    assert path.read_bytes() == content


def test_the_resume_guard_needs_a_save_to_name_and_an_existing_file(tmp_path, capsys):
    argv = ["tau2", "run", "--domain", "indian_bank", "--results-dir", str(tmp_path)]
    assert guards.guard_resume(argv) is None
    assert guards.guard_resume([*argv, "--save-to", "missing"]) is None
    path = truncated(tmp_path, "cut")
    assert guards.guard_resume([*argv, "--save-to=cut"]) == 2
    assert capsys.readouterr().err.strip() == f"tau-indian-bank: {path} was cut off mid-write; kept its 2 complete sessions"
    assert guards.guard_resume([*argv, "--save-to", "cut"]) is None  # already whole: left alone, nothing said
    assert capsys.readouterr().err == ""


def test_without_results_dir_tau2s_own_folder_is_used():
    from tau2.utils.utils import DATA_DIR

    assert guards.results_folder(["tau2", "run"]) == DATA_DIR / "simulations"
    assert str(guards.results_folder(["tau2", "run", "--results-dir=out"])) == "out"
