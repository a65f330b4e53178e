"""Every ``tau2 run`` flag is a ``tau-indian-bank run`` flag (a script written for one runs with the other), and the
ones this command treats differently are documented and do what they say."""

from __future__ import annotations

import argparse
import json

import pytest

from tau_indian_bank.cli import build_parser, main
from tau_indian_bank.runs.cli import DIFFERENCES
from tau_indian_bank.tasks.suite_files import load_suite
from tests.support.fake_llm import FakeModel, Server

TASK = "ctrl_balance_0001"
SECRET = "sk-named-variable-0f1e2d3c4b5a"
pytestmark = pytest.mark.filterwarnings("ignore:Items? .* (is|are) using the `ReadOnly` qualifier:UserWarning")


def _tau2_run_parser() -> argparse.ArgumentParser:
    from tau2.cli import add_run_args

    parser = argparse.ArgumentParser()
    add_run_args(parser)
    return parser


def _ours() -> argparse.ArgumentParser:
    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return commands.choices["run"]


def _options(parser: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    return {option: action for action in parser._actions for option in action.option_strings if option not in ("-h", "--help")}


def test_every_tau2_run_flag_is_taken():
    tau2, ours = _options(_tau2_run_parser()), _options(_ours())
    assert sorted(set(tau2) - set(ours)) == []
    for option, action in tau2.items():  # same kind of value: a flag stays a flag, a list stays a list
        assert (action.nargs, action.const) == (ours[option].nargs, ours[option].const), option


def test_each_flag_with_another_default_or_meaning_is_documented():
    tau2, ours = _options(_tau2_run_parser()), _options(_ours())
    assert set(DIFFERENCES) <= set(tau2)  # every note is about a real tau2 flag
    differing = sorted(option for option, action in tau2.items() if action.default != ours[option].default)
    assert [option for option in differing if option not in DIFFERENCES and option != "-d"] == []


def test_a_tau2_run_command_line_parses_unchanged():
    argv = [
        "--domain",
        "indian_bank",
        "--agent",
        "indian_bank_oracle",
        "--user",
        "indian_bank_customer",
        "--task-split-name",
        "test",
        "--num-tasks",
        "2",
        "--log-level",
        "DEBUG",
        "--skip-failed-samples",
        "--agent-api-key",
        "MY_KEY",
        "--judge-llm",
        "openai/judge",
        "--judge-window-size",
        "10",
        "--judge-system-prompt",
        "be strict",
        "--max-retries",
        "1",
        "--enforce-communication-protocol",
    ]
    tau2 = _tau2_run_parser().parse_args(argv)
    ours = _ours().parse_args(argv)
    for name in (
        "task_split_name",
        "num_tasks",
        "log_level",
        "skip_failed_samples",
        "agent_api_key",
        "judge_llm",
        "judge_window_size",
        "judge_system_prompt",
        "max_retries",
        "enforce_communication_protocol",
    ):
        assert getattr(ours, name) == getattr(tau2, name), name


def _run(capsys, tmp_path, *extra, **env):
    code = main(
        [
            "run",
            "--agent",
            "indian_bank_oracle",
            "--user",
            "indian_bank_customer",
            "--task-ids",
            TASK,
            "--results-dir",
            str(tmp_path),
            "--save-to",
            "flags",
            *extra,
        ]
    )
    return code, *capsys.readouterr()


def test_a_bad_log_level_is_one_line_and_a_good_one_is_applied(tmp_path, capsys):
    code, _, err = _run(capsys, tmp_path / "bad", "--log-level", "LOUD")
    assert code == 2 and err.strip() == ("error: --log-level LOUD: not a log level (use DEBUG, INFO, WARNING, ERROR or CRITICAL)")
    assert not (tmp_path / "bad").exists()
    try:
        code, out, err = _run(capsys, tmp_path / "info", "--log-level", "INFO")
    finally:
        import sys

        from loguru import logger

        logger.remove()
        logger.add(sys.__stderr__, level="ERROR")  # as the other tests expect it
    assert code == 0 and "STARTING SIMULATION" in err  # tau2's own INFO lines, on stderr (stdout keeps the summary)
    assert "STARTING SIMULATION" not in out


def _the_customer_configuration_is_recorded(folder, header, args):
    """The customer model, its arguments and its guidelines' version are in the checkpoint, the results file and the report."""
    from tau_indian_bank.guidelines import customer_guidelines, guidelines_version
    from tau_indian_bank.report.load import load_run

    version = guidelines_version()
    assert version and header["config"]["customer_guidelines_version"] == version == header["provenance"]["customer_guidelines_version"]
    assert header["config"]["user_llm"] == "openai/fake-user"
    results = json.loads((folder / "keyed.json").read_text())
    assert results["info"]["user_info"]["global_simulation_guidelines"] == customer_guidelines()  # what our customer was given
    assert results["tau_indian_bank_run"]["provenance"]["customer_guidelines_version"] == version
    run = load_run(folder / "keyed.json")
    assert run.guidelines_version == version and run.user_llm_args["api_base"] == json.loads(args)["api_base"]


def test_a_named_key_variable_reaches_the_model_and_is_never_saved(tmp_path, capsys, monkeypatch):
    tasks = [t for t in load_suite() if t["id"] == TASK]
    monkeypatch.setenv("BANK_AGENT_SECRET", SECRET)
    model = FakeModel(tasks)
    with Server(model) as server:
        args = json.dumps({"api_base": server.base})
        code = main(
            [
                "run",
                "--agent-llm",
                "openai/fake-agent",
                "--agent-llm-args",
                args,
                "--agent-api-key",
                "BANK_AGENT_SECRET",
                "--user-llm",
                "openai/fake-user",
                "--user-llm-args",
                args,
                "--task-ids",
                TASK,
                "--results-dir",
                str(tmp_path),
                "--save-to",
                "keyed",
                "--judge-llm",
                "openai/fake-judge",
                "--judge-llm-args",
                args,
                "--judge-window-size",
                "3",
            ]
        )
        capsys.readouterr()
    assert code == 0
    assert any(SECRET in key for key in model.seen_keys)
    assert all(SECRET not in p.read_text() for p in tmp_path.iterdir())
    assert model.stuck_checks > 0  # tau2's repetition judge ran on the conversation
    header = json.loads((tmp_path / "keyed.checkpoint.jsonl").read_text().splitlines()[0])
    assert header["config"]["judge"] == {"llm": "openai/fake-judge", "llm_args": {}, "window_size": 3, "system_prompt": None}
    _the_customer_configuration_is_recorded(tmp_path, header, args)
    monkeypatch.delenv("BANK_AGENT_SECRET")
    code, _, err = _run(
        capsys, tmp_path / "unset", "--agent", "indian_bank_llm_agent", "--agent-llm", "openai/x", "--agent-api-key", "BANK_AGENT_SECRET"
    )
    assert code == 2 and err.strip() == "error: --agent-api-key BANK_AGENT_SECRET: that environment variable is not set"
