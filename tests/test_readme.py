"""Every command in README.md is run: here, in order, or by the test named for it."""

from __future__ import annotations

import json
import re
import shlex

import pytest

from tau_indian_bank.tasks.suite_files import load_suite
from tests.conftest import ROOT, run
from tests.support.fake_llm import FakeModel, Server

README = ROOT / "README.md"
#: Commands other tests (or CI) run, and which.
RUN_ELSEWHERE = {
    "make test": ".ci/run (CI)",
    "make test-fast": "tests/test_readme.py::test_make_test_fast_skips_only_the_e2e_and_slow_tests (the recipe)",
    "tau-indian-bank generate-tasks --check": "tests/tasks/test_task_suite.py::test_the_shipped_suite_is_exactly_what_the_generator_makes",
    "tau-indian-bank validate": "tests/tasks/test_task_suite.py::test_validate_passes_on_the_whole_base_split",
    "tau-indian-bank families": "tests/test_cli.py::test_families_prints_the_catalogue_as_yaml",
    "make bench": "tests/test_bench.py::test_make_bench_target_runs_the_benchmark (with --quick)",
    "pip install -e '.[nvidia]'": "the Makefile's .venv recipe (tests/test_harness.py::test_the_install_leaves_the_harness_to_an_extra)",
    "pip install -e /path/to/tau2-bench": "make test-upstream (tests/upstream/test_upstream_registration.py)",
    "pip install -e .": "make test-upstream (tests/upstream/test_upstream_registration.py)",
    "make test-upstream TAU2_UPSTREAM=/path/to/tau2-bench": "by hand with an upstream checkout (skipped in CI)",
    "make labelled": "tests/evaluation/test_labelled.py::test_the_readme_shows_the_measured_table",
}
_SHARDED = ("tau-indian-bank run --agent-llm qwen72b --user-llm qwen72b --router router.yaml --num-trials 4 --shard {i}/2 "
            "--save-to qwen-base")
_SHARD_TEST = ("tests/e2e/test_linear_runs.py::test_two_shards_over_a_router_with_a_failing_endpoint_merge_into_one_complete_run"
               " (the same commands on 5 tasks x 2 trials, against two loopback endpoints instead of GPU servers)")
RUN_ELSEWHERE.update({
    _SHARDED.format(i=1): _SHARD_TEST,
    _SHARDED.format(i=2): _SHARD_TEST,
    "tau-indian-bank report results/qwen-base.shard1of2.json results/qwen-base.shard2of2.json --label qwen --label qwen":
        _SHARD_TEST,
})
_EDITION_TEST = "tests/editions/test_private_edition.py::test_the_readme_commands_make_use_and_measure_a_full_edition (in order)"
RUN_ELSEWHERE.update({command: _EDITION_TEST for command in (
    "tau-indian-bank edition new --seed 8128 --out my-edition",
    "tau-indian-bank edition compare my-edition",
    "tau-indian-bank validate --edition my-edition",
    "tau-indian-bank run --edition my-edition --agent-llm openai/gpt-4.1 --user-llm openai/gpt-4.1 --task-split-name lite "
    "--num-tasks 5 --save-to gpt41-mine",
    "TAU_INDIAN_BANK_EDITION=my-edition tau2 run --domain indian_bank --agent indian_bank_oracle --user indian_bank_customer "
    "--task-split-name test --results-dir results --save-to oracle-mine",
    "tau-indian-bank report --edition my-edition results/oracle-mine.json results/gpt41-mine.json --label oracle --label gpt-4.1",
)})
#: Commands that only set the scene (nothing to run).
SCENE = ("export ",)


def readme_commands() -> list[str]:
    commands = []
    for block in re.findall(r"```bash\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.DOTALL):
        for line in block.splitlines():
            command = line.split("#", 1)[0].strip()
            if command:
                commands.append(command)
    return commands


def test_every_readme_command_is_accounted_for():
    here = {c for c in readme_commands() if c not in RUN_ELSEWHERE and not c.startswith(SCENE)}
    assert here <= set(RUN_HERE), f"README commands no test runs: {here - set(RUN_HERE)}"
    for command in RUN_ELSEWHERE:
        assert command in readme_commands(), f"{command!r} is mapped to a test but no longer in the README"


MAKE_DEMO = "tau-indian-bank offline --split lite"
_GPT41 = ("tau-indian-bank run --agent-llm openai/gpt-4.1 --user-llm openai/gpt-4.1 --task-split-name lite --num-tasks 5 "
          "--save-to gpt41-try")
RUN_HERE: list[str] = [
    "make demo",
    "tau-indian-bank run --agent indian_bank_oracle --user indian_bank_customer --task-split-name lite --save-to oracle-lite",
    "tau2 evaluate-trajs results/oracle-lite.json",
    "tau-indian-bank report results/oracle-lite.json",
    _GPT41 + " --dry-run",
    _GPT41,
    _GPT41 + " --retry-errors",
    "tau-indian-bank report results/oracle-lite.json results/gpt41-try.json --label oracle --label gpt-4.1 "
    "--format markdown --plots figures",
    "tau-indian-bank report results/oracle-lite.json results/gpt41-try.json --label oracle --label gpt-4.1 "
    "--format html -o report.html",
]


def test_make_test_fast_skips_only_the_e2e_and_slow_tests():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert makefile.split("\ntest-fast:", 1)[1].splitlines()[1].strip() == '$(BIN)/python -m pytest -q -m "not e2e and not slow"'
    assert makefile.split("\ntest:", 1)[1].splitlines()[1].strip() == "$(BIN)/python -m pytest -q"  # the full suite


def test_make_demo_runs_the_offline_command():
    recipe = (ROOT / "Makefile").read_text(encoding="utf-8").split("\ndemo:", 1)[1].splitlines()[1].strip()
    assert recipe == f"$(BIN)/{MAKE_DEMO}"


@pytest.mark.e2e
def test_readme_commands_in_order(tmp_path):
    commands = [c for c in readme_commands() if c in RUN_HERE]
    assert commands == RUN_HERE, "the README's commands changed: update RUN_HERE and what this test checks"
    with Server(FakeModel(load_suite())) as server:
        env = {"OPENAI_API_KEY": "sk-readme-test-key", "OPENAI_API_BASE": server.base}
        outputs = {}
        for command in commands:
            argv = shlex.split(MAKE_DEMO if command == "make demo" else command)
            argv, target = (argv[:-2], argv[-1]) if argv[-2:-1] == [">"] else (argv, None)
            done = run(argv, cwd=tmp_path, **env)
            assert done.returncode == 0, f"{command}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
            outputs[command] = done.stdout
            if target:
                (tmp_path / target).write_text(done.stdout, encoding="utf-8")
    demo = outputs["make demo"]
    assert re.search(r"indian_bank_oracle\s+lite\s+200\s+100\.0%", demo)
    assert len(re.findall(r"indian_bank_(replier|looker|claimer|overwriter)\s+lite\s+200\s+0\.0%", demo)) == 4
    assert "report: results/offline/report.html" in demo and (tmp_path / "results/offline/report.html").is_file()
    oracle = json.loads((tmp_path / "results" / "oracle-lite.json").read_text())["simulations"]
    assert len(oracle) == 200 and all(s["reward_info"]["reward"] == 1.0 for s in oracle)
    model = json.loads((tmp_path / "results" / "gpt41-try.json").read_text())["simulations"]
    assert len(model) == 5 and all(s["reward_info"]["reward"] == 1.0 for s in model)
    assert "nothing is written" in outputs[_GPT41 + " --dry-run"] and "preflight: agent and customer model" in \
        outputs[_GPT41 + " --dry-run"]
    assert outputs[_GPT41 + " --retry-errors"].startswith("5 sessions (5 resumed)")  # no model error to run again
    assert "| oracle |" in outputs[RUN_HERE[-2]] and "| gpt-4.1 |" in outputs[RUN_HERE[-2]]
    assert "Cost and effort per session" in outputs[RUN_HERE[-2]]
    assert len(list((tmp_path / "figures").glob("*.png"))) == 6  # four figures, the paired difference, pass against cost
    page = (tmp_path / "report.html").read_text(encoding="ascii")
    assert page.startswith("<!DOCTYPE html>") and "#sessions?run=gpt-4.1" in page
