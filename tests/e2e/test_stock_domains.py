"""With this package installed, a ``tau2`` process of another domain behaves exactly as without it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import run

pytestmark = pytest.mark.e2e

SECRET = "sk-stock-0123456789abcdef"
# A results file cut off mid-write, under the name the run saves to.
TRUNCATED = '{"timestamp": "t", "info": {}, "tasks": [], "simulations": [\n  {"id": "a"},\n  {"id": "b", "mess'
_LOG_TIME = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+ ", re.MULTILINE)


def stock_run(results: Path, *args: str, plugin: bool):
    """``tau2 run`` with a key flag and the truncated file in place; what it printed and left behind."""
    path = results / "stock.json"
    path.write_text(TRUNCATED, encoding="utf-8")
    done = run(
        [
            "tau2",
            "run",
            *args,
            "--agent",
            "llm_agent",
            "--user",
            "user_simulator",
            "--results-dir",
            str(results),
            "--save-to",
            "stock",
            "--agent-api-key",
            "STOCK_RUN_KEY",
        ],
        STOCK_RUN_KEY=SECRET,
        TAU_INDIAN_BANK_DISABLE_PLUGIN="0" if plugin else "1",
    )
    files = {p.name: p.read_bytes() for p in results.iterdir()}
    stdout, stderr = (text.replace(str(results), "RESULTS") for text in (_LOG_TIME.sub("", done.stdout), done.stderr))
    return done.returncode, stderr, stdout, files


@pytest.mark.parametrize(
    "args",
    [
        ["--domain", "retail", "--task-ids", "no_such_task"],  # fails loading its tasks, with tau2's traceback
        ["--domain=retail", "--task-ids", "0", "--num-tasks", "1"],  # finds the results file and asks to resume: EOF
    ],
    ids=["unknown-task", "resume-prompt"],
)
def test_a_stock_domain_run_is_the_same_with_and_without_the_plugin(tmp_path, args):
    (tmp_path / "on").mkdir()  # two names of one length: rich wraps both outputs alike
    (tmp_path / "no").mkdir()
    with_plugin = stock_run(tmp_path / "on", *args, plugin=True)
    without = stock_run(tmp_path / "no", *args, plugin=False)
    status, stderr, _, files = with_plugin
    assert status != 0 and "Traceback" in stderr  # tau2's own failure, shown tau2's way
    assert files == {"stock.json": TRUNCATED.encode()}  # the results file is left byte for byte
    assert with_plugin == without  # same status, same stderr (no warning, no one-line rewrite), same output and files


PROBE = (
    "import sys; sys.argv[:] = {argv!r}; hook = sys.excepthook; import tau2.registry as r; "
    "print('indian_bank' in r.registry.get_domains(), sys.excepthook is hook)"
)


@pytest.mark.parametrize(
    ("argv", "swapped"),
    [
        (["tau2", "run", "--domain", "retail"], False),
        (["tau2", "view"], False),
        (["tau2", "evaluate-trajs", "x.json"], False),
        (["tau2", "run", "--domain=indian_bank"], True),
    ],
)
def test_the_plugin_registers_everywhere_but_changes_the_excepthook_only_in_indian_bank_runs(argv, swapped):
    done = run(["python", "-c", PROBE.format(argv=argv)])
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split()[-2:] == ["True", str(not swapped)]


COST_MAP_PROBE = (
    "import importlib.util, os, sys; os.environ.pop('LITELLM_LOCAL_MODEL_COST_MAP', None); "
    "sys.argv[:] = {argv!r}; importlib.util.find_spec('tau2'); "
    "print(os.environ.get('LITELLM_LOCAL_MODEL_COST_MAP'))"
)


@pytest.mark.parametrize(
    ("argv", "local"),
    [
        (["tau2", "run", "--domain", "retail"], False),
        (["tau2", "view"], False),
        (["python", "-m", "x", "indian_bank"], False),
        (["tau2", "run", "--domain", "indian_bank"], True),
        (["tau2", "play", "-d", "indian_bank"], True),
    ],
)
def test_litellm_is_pointed_at_its_bundled_cost_map_only_in_indian_bank_commands(argv, local):
    done = run(["python", "-c", COST_MAP_PROBE.format(argv=argv)])
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split()[-1] == ("True" if local else "None")
