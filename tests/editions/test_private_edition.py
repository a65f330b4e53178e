"""docs/private-editions.md, command by command: a full edition, equivalent to the public suite and unseen.

The commands of the section's block run here, in order, exactly as written (a model run
against a loopback server that plays the edition's gold chains). ``edition compare``'s
figures are checked against the public suite's, and the page's measured summary against
``edition compare``'s output.
"""

from __future__ import annotations

import json
import re
import shlex

import pytest

from tau_indian_bank.editions.compare import column, differences
from tau_indian_bank.editions.manifest import verify
from tau_indian_bank.paths import PUBLIC, edition_source
from tau_indian_bank.tasks.suite_files import load_suite
from tests.conftest import ROOT, run
from tests.support.fake_llm import FakeModel, Server

pytestmark = pytest.mark.slow

#: The page (its first bash block holds the commands, in order).
SECTION = ROOT.joinpath("docs", "private-editions.md").read_text(encoding="utf-8")


def section_commands() -> list[str]:
    """The commands of the page's first bash block, in order."""
    block = re.search(r"```bash\n(.*?)```", SECTION, flags=re.DOTALL)
    assert block
    return [line.split("#", 1)[0].strip() for line in block.group(1).splitlines() if line.split("#", 1)[0].strip()]


def _summary() -> list[str]:
    """The page's measured lines (the block after "For seed 8128"), whitespace collapsed."""
    block = re.search(r"For seed 8128.*?```\n(.*?)```", SECTION, flags=re.DOTALL)
    assert block
    return [" ".join(line.split()) for line in block.group(1).splitlines() if line.strip()]


def _run(command: str, cwd, **env: str):
    words = shlex.split(command)
    while "=" in words[0]:
        name, value = words.pop(0).split("=", 1)
        env[name] = value
    return run(words, cwd=cwd, timeout=1800, **env)


@pytest.mark.e2e
def test_the_docs_commands_make_use_and_measure_a_full_edition(tmp_path):
    commands = section_commands()
    assert [c.split()[:3] for c in commands] == [
        ["tau-indian-bank", "edition", "new"],
        ["tau-indian-bank", "edition", "compare"],
        ["tau-indian-bank", "validate", "--edition"],
        ["tau-indian-bank", "run", "--edition"],
        ["TAU_INDIAN_BANK_EDITION=my-edition", "tau2", "run"],
        ["tau-indian-bank", "report", "--edition"],
    ], "the page's commands changed: update this test"
    made = _run(commands[0], tmp_path)
    assert made.returncode == 0, made.stderr[-3000:]
    edition = tmp_path / "my-edition"
    label = verify(edition).label
    assert f"wrote {label} to my-edition" in made.stdout
    outputs = {}
    tasks = [*load_suite(edition / "tasks" / "tasks.json")]
    with Server(FakeModel(tasks)) as server:
        env = {"OPENAI_API_KEY": "sk-edition-test-key", "OPENAI_API_BASE": server.base}
        for command in commands[1:]:
            done = _run(command, tmp_path, **env)
            assert done.returncode == 0, f"{command}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
            outputs[command] = done.stdout
    compared = " ".join(outputs[commands[1]].split()).replace(" – ", " ")  # the public column of overlap rows
    assert f"{label}: composition equals the public suite's; shares no customer" in compared
    for line in _summary():
        assert line.replace("EDITION", label) in compared, line
    assert outputs[commands[2]].strip().splitlines()[-1].startswith("PASS")
    model = json.loads((tmp_path / "results" / "gpt41-mine.json").read_text(encoding="utf-8"))
    assert [s["reward_info"]["reward"] for s in model["simulations"]] == [1.0] * 5
    oracle = json.loads((tmp_path / "results" / "oracle-mine.json").read_text(encoding="utf-8"))
    assert len(oracle["simulations"]) == 50 and all(s["reward_info"]["reward"] == 1.0 for s in oracle["simulations"])
    report = " ".join(outputs[commands[5]].split())
    assert f"Overall (a session passes only if the final state AND the action check pass) ({label})" in report
    assert f"Pass rate by category ({label})" in report

    public, mine = column(PUBLIC), column(edition_source(str(edition)))
    assert differences(public, mine) == []
    assert mine.overlap is not None and not mine.overlap.leaks
    assert all(value == 0 for value in mine.overlap.must_be_zero.values()), mine.overlap.must_be_zero
    measured = {(f.section, f.name): f.value for f in mine.figures}
    kinds = {f.name.split(":")[0] for f in public.figures if f.section == "records"}
    assert kinds == {f.name.split(":")[0] for f in mine.figures if f.section == "records"}  # the same kinds of records
    for figure in public.figures:
        if figure.section == "records" and figure.name.endswith("records touched"):
            assert abs(int(measured[(figure.section, figure.name)]) - int(figure.value)) <= max(3, int(figure.value) // 5)
