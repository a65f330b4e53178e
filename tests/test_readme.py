"""Every command of the README, the pages under docs/ and CONTRIBUTING.md is run: here, in order, or by the test named for it.

A *command* is a line of a fenced ``bash`` block (a ``#`` starts its comment). The documents are
read in :data:`DOCUMENTS` order, each command counted once (the first time it appears), and the
commands :data:`RUN_HERE` lists run in that order in one folder, as a reader would type them.
Every other command is in :data:`RUN_ELSEWHERE` (with the test or CI job that runs it) or in
:data:`NOT_RUN` (with why no test can). The documents' relative links must resolve, anchors
included, and the README stays a front page.
"""

from __future__ import annotations

import json
import re
import shlex

import pytest

from tau_indian_bank.tasks.suite_files import load_suite
from tests.conftest import ROOT, run
from tests.support.fake_llm import FakeModel, Server

README = ROOT / "README.md"
DOCS = ROOT / "docs"
#: Pages that other branches are adding (issue 22: the customer audit, `qualify-customer`). The README links them
#: already; until they land, their links are the only ones allowed not to resolve and they have no commands to run.
#: The lead removes an entry here once its page is merged.
PENDING: tuple[str, ...] = ()  # docs/qualify-customer.md landed with the qualify branch
#: The documents, in the order a reader meets them (the README's Documentation list, then the contributor's guide).
DOCUMENTS = tuple(
    ROOT / name
    for name in (
        "README.md",
        "docs/verdicts-and-gates.md",
        "docs/task-suite.md",
        "docs/robustness-set.md",
        "docs/participants.md",
        "docs/customer-fidelity.md",
        "docs/qualify-customer.md",
        *PENDING,
        "docs/running-models.md",
        "docs/reports.md",
        "docs/private-editions.md",
        "docs/upstream.md",
        "docs/reliability.md",
        "docs/speed.md",
        "docs/design.md",
        "CONTRIBUTING.md",
        "ARCHITECTURE.md",
        "CHANGELOG.md",
    )
)
#: Lines that only set the scene in the reader's shell (the tests' environment sets the same variables itself).
SCENE = ("export ", "source .venv/bin/activate")

#: Commands other tests (or CI) run, and which.
RUN_ELSEWHERE = {
    "make test": ".ci/run (CI)",
    "make test-fast": "tests/test_readme.py::test_make_test_fast_skips_only_the_e2e_and_slow_tests (the recipe)",
    "make .venv/.installed": (
        "every make target's first step (tests/test_harness.py::test_the_install_leaves_the_harness_to_an_extra checks what it installs)"
    ),
    "tau-indian-bank generate-tasks --check": "tests/tasks/test_task_suite.py::test_the_shipped_suite_is_exactly_what_the_generator_makes",
    "tau-indian-bank generate-tasks --task-set indian_bank_robust --check": (
        "tests/tasks/test_task_suite.py::test_the_shipped_suite_is_exactly_what_the_generator_makes (--check covers both sets)"
    ),
    "tau-indian-bank generate-tasks": (
        "tests/tasks/test_task_suite.py::test_the_shipped_suite_is_exactly_what_the_generator_makes"
        " (the same generation, compared with the shipped files instead of written over them)"
    ),
    "tau-indian-bank validate": "tests/tasks/test_task_suite.py::test_validate_passes_on_the_whole_base_split",
    "tau-indian-bank validate --task-set indian_bank_robust": "tests/tasks/test_task_suite.py::test_validate_passes_on_the_robustness_set",
    "tau-indian-bank families": "tests/test_cli.py::test_families_prints_the_catalogue_as_yaml",
    "python -m tau_indian_bank.tasks.robust.compare OLD.json NEW.json": (
        "tests/tasks/test_robust_outcomes.py::test_the_comparison_reports_each_changed_part_and_new_or_removed_ids"
        " (the command's compare and render on two task files)"
    ),
    "make bench": "tests/test_bench.py::test_make_bench_target_runs_the_benchmark (with --quick)",
    "make labelled": "tests/evaluation/test_labelled.py::test_the_docs_show_the_measured_table",
    "pip install -e /path/to/tau2-bench": "make test-upstream (tests/upstream/test_upstream_registration.py)",
    "pip install -e .": "make test-upstream (tests/upstream/test_upstream_registration.py)",
    "make test-upstream TAU2_UPSTREAM=/path/to/tau2-bench": "by hand with an upstream checkout (skipped in CI)",
    ".venv/bin/python -m pytest -q -m e2e": "make test (CI runs every lane); tests/test_readme.py::test_the_lanes_name_declared_markers",
    ".venv/bin/python -m pytest -q -m slow": "make test (CI runs every lane); tests/test_readme.py::test_the_lanes_name_declared_markers",
    "make browser": "make test (its first step)",
    ".venv/bin/python -m pytest -q tests/report/test_html_browser.py": "make test (CI, where the browser must run)",
}
_SHARDED = (
    "tau-indian-bank run --agent-llm qwen72b --user-llm qwen72b --router router.yaml --num-trials 4 --shard {i}/2 --save-to qwen-base"
)
_SHARD_TEST = (
    "tests/e2e/test_linear_runs.py::test_two_shards_over_a_router_with_a_failing_endpoint_merge_into_one_complete_run"
    " (the same commands on 5 tasks x 2 trials, against two loopback endpoints instead of GPU servers)"
)
RUN_ELSEWHERE.update(
    {
        _SHARDED.format(i=1): _SHARD_TEST,
        _SHARDED.format(i=2): _SHARD_TEST,
        "tau-indian-bank report results/qwen-base.shard1of2.json results/qwen-base.shard2of2.json --label qwen --label qwen": _SHARD_TEST,
    }
)
_EDITION_TEST = "tests/editions/test_private_edition.py::test_the_docs_commands_make_use_and_measure_a_full_edition (in order)"
RUN_ELSEWHERE.update(
    {
        command: _EDITION_TEST
        for command in (
            "tau-indian-bank edition new --seed 8128 --out my-edition",
            "tau-indian-bank edition compare my-edition",
            "tau-indian-bank validate --edition my-edition",
            "tau-indian-bank run --edition my-edition --agent-llm openai/gpt-4.1 --user-llm openai/gpt-4.1 --task-split-name lite "
            "--num-tasks 5 --save-to gpt41-mine",
            "TAU_INDIAN_BANK_EDITION=my-edition tau2 run --domain indian_bank --agent indian_bank_oracle --user indian_bank_customer "
            "--task-split-name test --results-dir results --save-to oracle-mine",
            "tau-indian-bank report --edition my-edition results/oracle-mine.json results/gpt41-mine.json --label oracle --label gpt-4.1",
        )
    }
)
#: Commands no test can run, and why.
NOT_RUN = {
    "tau2 view": (
        "interactive (a menu on the terminal); tests/e2e/test_model_runs.py::"
        "test_a_run_with_a_model_error_loads_in_tau2s_viewer_and_re_evaluates_the_same draws a session with its code"
    ),
}

MAKE_DEMO = "tau-indian-bank offline --split lite"
_GPT41 = "tau-indian-bank run --agent-llm openai/gpt-4.1 --user-llm openai/gpt-4.1 --task-split-name lite --num-tasks 5 --save-to gpt41-try"
#: The README's report of the model run: the loopback example shows its cost row.
MODEL_REPORT = "tau-indian-bank report results/gpt41-try.json --format markdown"
_ORACLE_RUN = "tau-indian-bank run --agent indian_bank_oracle --user indian_bank_customer --task-split-name lite --save-to oracle-lite"
_HTML = (
    "tau-indian-bank report results/offline/oracle-lite.json results/gpt41-try.json --label oracle --label gpt-4.1 "
    "--format html -o report.html"
)
_COMPARED = (
    "tau-indian-bank report results/oracle-lite.json results/gpt41-try.json --label oracle --label gpt-4.1 "
    "--format markdown --plots figures"
)
_TRYOUT = "python -m devtools.tryout cards"
_ROBUST_OFFLINE = "tau-indian-bank offline --task-set indian_bank_robust"
RUN_HERE: list[str] = [
    "make demo",  # README
    _GPT41 + " --dry-run",
    _GPT41,
    MODEL_REPORT,
    _HTML,
    "tau2 evaluate-trajs results/gpt41-try.json",
    _ROBUST_OFFLINE,  # docs/robustness-set.md
    _ORACLE_RUN,  # docs/running-models.md
    "tau2 evaluate-trajs results/oracle-lite.json",
    "tau-indian-bank report results/oracle-lite.json",
    _GPT41 + " --retry-errors",
    _COMPARED,  # docs/reports.md
    _TRYOUT,  # CONTRIBUTING.md
]


def bash_blocks(path) -> list[str]:
    """The fenced bash blocks of one document."""
    return re.findall(r"```bash\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.DOTALL)


def document_commands(path) -> list[str]:
    """The commands of one document, in order (comments and blank lines dropped)."""
    return [command for block in bash_blocks(path) for line in block.splitlines() if (command := line.split("#", 1)[0].strip())]


def documents() -> list:
    """The documents that exist (a pending page counts once it has landed)."""
    return [path for path in DOCUMENTS if path.exists()]


def documented_commands() -> list[str]:
    """Every document's commands, in reading order, each once."""
    return list(dict.fromkeys(c for path in documents() for c in document_commands(path)))


def readme_commands() -> list[str]:
    """The README's own commands (the front page's)."""
    return document_commands(README)


def test_every_page_under_docs_is_a_document_and_every_document_exists():
    pages = {p.relative_to(ROOT).as_posix() for p in DOCS.glob("*.md")}
    assert pages <= {p.relative_to(ROOT).as_posix() for p in DOCUMENTS}, "add the new page to DOCUMENTS (in reading order)"
    missing = [p.relative_to(ROOT).as_posix() for p in DOCUMENTS if not p.exists()]
    assert set(missing) <= set(PENDING), missing


def test_every_documented_command_is_accounted_for():
    commands = documented_commands()
    unaccounted = [c for c in commands if c not in {*RUN_HERE, *RUN_ELSEWHERE, *NOT_RUN} and not c.startswith(SCENE)]
    assert not unaccounted, f"documented commands no test runs: {unaccounted}"
    stale = [c for c in (*RUN_HERE, *RUN_ELSEWHERE, *NOT_RUN) if c not in commands]
    assert not stale, f"mapped commands no document shows any more: {stale}"


def test_the_front_page_keeps_its_two_commands_and_its_length():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200
    first = document_commands(README)[:2]
    assert first == ["make demo", "make test"], first
    assert text.index("make test") < text.index("\n## ")  # on the first screen, before any section
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_make_test_fast_skips_only_the_e2e_and_slow_tests():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert makefile.split("\ntest-fast:", 1)[1].splitlines()[1].strip() == '$(BIN)/python -m pytest -q -m "not e2e and not slow" -n auto'
    assert makefile.split("\ntest:", 1)[1].splitlines()[1].strip() == "$(BIN)/python -m pytest -q"  # the full suite


def test_make_demo_runs_the_offline_command():
    recipe = (ROOT / "Makefile").read_text(encoding="utf-8").split("\ndemo:", 1)[1].splitlines()[1].strip()
    assert recipe == f"$(BIN)/{MAKE_DEMO}"


def test_the_lanes_name_declared_markers():
    markers = re.search(r"^markers = \[(.*)\]$", (ROOT / "pyproject.toml").read_text(encoding="utf-8"), flags=re.MULTILINE)
    declared = set(re.findall(r'"([a-z0-9_]+):', markers.group(1)))
    named = {m for c in documented_commands() for m in re.findall(r"-m pytest .*?-m ([a-z0-9_]+)", c)}
    assert named and named <= declared, named - declared


# --- links ---------------------------------------------------------------------------------------


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", "")).replace(" ", "-")


def anchors(path) -> set[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
    return {slug(m) for m in re.findall(r"^#+ (.+)$", text, flags=re.MULTILINE)}


def relative_links(path) -> list[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
    return [t for t in re.findall(r"\]\(([^)\s]+)\)", text) if not re.match(r"[a-z]+:", t)]


@pytest.mark.parametrize("path", [p for p in DOCUMENTS if p.exists()], ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(path):
    broken = []
    for target in relative_links(path):
        file, _, anchor = target.partition("#")
        resolved = (path.parent / file).resolve() if file else path
        name = resolved.relative_to(ROOT).as_posix() if resolved.is_relative_to(ROOT) else str(resolved)
        if not resolved.exists():
            if name not in PENDING:
                broken.append(target)
            continue
        if anchor and resolved.suffix == ".md" and anchor not in anchors(resolved):
            broken.append(target)
    assert not broken, broken


def test_the_pending_pages_are_linked_from_the_front_page():
    text = README.read_text(encoding="utf-8")
    assert "The customer's fidelity" in text
    for page in PENDING:
        assert f"]({page})" in text


# --- the commands, run ---------------------------------------------------------------------------


@pytest.mark.e2e
def test_documented_commands_in_order(tmp_path):
    commands = [c for c in documented_commands() if c in RUN_HERE]
    assert commands == RUN_HERE, "the documents' commands changed: update RUN_HERE and what this test checks"
    with Server(FakeModel(load_suite())) as server:
        env = {"OPENAI_API_KEY": "sk-readme-test-key", "OPENAI_API_BASE": server.base}
        outputs = {}
        for command in commands:
            argv = shlex.split(MAKE_DEMO if command == "make demo" else command)
            done = run(argv, cwd=tmp_path, **env)
            assert done.returncode == 0, f"{command}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
            outputs[command] = done.stdout
    demo = outputs["make demo"]
    assert re.search(r"indian_bank_oracle\s+lite\s+200\s+100\.0%", demo)
    assert len(re.findall(r"indian_bank_(replier|looker|claimer|overwriter)\s+lite\s+200\s+0\.0%", demo)) == 4
    assert "report: results/offline/report.html" in demo and (tmp_path / "results/offline/report.html").is_file()
    robust = outputs[_ROBUST_OFFLINE]
    assert re.search(r"indian_bank_oracle\s+lite\s+100\s+100\.0%", robust)
    oracle = json.loads((tmp_path / "results" / "oracle-lite.json").read_text())["simulations"]
    assert len(oracle) == 200 and all(s["reward_info"]["reward"] == 1.0 for s in oracle)
    model = json.loads((tmp_path / "results" / "gpt41-try.json").read_text())["simulations"]
    assert len(model) == 5 and all(s["reward_info"]["reward"] == 1.0 for s in model)
    assert (
        "nothing is written" in outputs[_GPT41 + " --dry-run"] and "preflight: agent and customer model" in outputs[_GPT41 + " --dry-run"]
    )
    assert "| gpt41-try |" in outputs[MODEL_REPORT] and "Cost and effort per session" in outputs[MODEL_REPORT]
    assert outputs[_GPT41 + " --retry-errors"].startswith("5 sessions (5 resumed)")  # no model error to run again
    assert "| oracle |" in outputs[_COMPARED] and "| gpt-4.1 |" in outputs[_COMPARED]
    assert "Cost and effort per session" in outputs[_COMPARED]
    assert len(list((tmp_path / "figures").glob("*.png"))) == 6  # four figures, the paired difference, pass against cost
    page = (tmp_path / "report.html").read_text(encoding="ascii")
    assert page.startswith("<!DOCTYPE html>") and "#sessions?run=gpt-4.1" in page
    assert "the oracle must pass all, every baseline none" in outputs[_TRYOUT]
