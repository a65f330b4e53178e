"""This package registers the domain itself: its commands work with the interpreter-start hook turned off.

The hook (``hooks/``) stays only so that the stock ``tau2`` command lists ``indian_bank``;
``tau-indian-bank run``, ``offline``, ``validate`` and ``edition new`` call
``plugin.registration.ensure_registered`` and never rely on the hook's side effect.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import tau_indian_bank
from tau_indian_bank.plugin.registration import ensure_registered
from tau_indian_bank.tasks.suite_files import load_suite
from tau_indian_bank.vocabulary import BASELINES, DOMAIN_NAME, ORACLE, ROBUST_TASK_SET, SCRIPTED_CUSTOMER
from tests.conftest import run

HOOK_OFF = {"TAU_INDIAN_BANK_DISABLE_PLUGIN": "1"}
PACKAGE = Path(tau_indian_bank.__file__).parent


def _rewards(path: Path) -> list[float]:
    return [s["reward_info"]["reward"] for s in json.loads(path.read_text(encoding="utf-8"))["simulations"]]


@pytest.mark.slow
@pytest.mark.parametrize("agent", [ORACLE, BASELINES[0]])
@pytest.mark.e2e
def test_tau_indian_bank_run_works_with_the_hook_off(tmp_path, agent):
    done = run(
        [
            "tau-indian-bank",
            "run",
            "--agent",
            agent,
            "--user",
            SCRIPTED_CUSTOMER,
            "--num-tasks",
            "2",
            "--results-dir",
            str(tmp_path),
            "--save-to",
            "run",
            "--no-fsync",
        ],
        **HOOK_OFF,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "unknown domain" not in done.stderr
    assert _rewards(tmp_path / "run.json") == ([1.0, 1.0] if agent == ORACLE else [0.0, 0.0])


@pytest.mark.slow
@pytest.mark.e2e
def test_tau_indian_bank_validate_runs_its_participants_with_the_hook_off(tmp_path):
    tasks = load_suite()[:3]
    (tmp_path / "tasks.json").write_text(json.dumps(tasks, ensure_ascii=False), encoding="utf-8")
    (tmp_path / "split_tasks.json").write_text(json.dumps({"base": [t["id"] for t in tasks]}), encoding="utf-8")
    done = run(["tau-indian-bank", "validate", "--workers", "1"], TAU_INDIAN_BANK_TASKS_DIR=str(tmp_path), **HOOK_OFF)
    assert "unknown domain" not in done.stderr and "Traceback" not in done.stderr, done.stderr[-2000:]
    # Three tasks cannot meet the suite's composition figures (those rows say NO); every participant row runs and passes.
    for row in (
        "oracle passes every task",
        "replier fails every task",
        "overwriter fails every task",
        "oracle passes every safety gate",
        "oracle states every fact (answer check)",
    ):
        assert any(line.startswith(row) and line.endswith("yes") for line in done.stdout.splitlines()), row


def test_ensure_registered_fills_tau2s_registry_once():
    registry = ensure_registered()
    assert ensure_registered() is registry
    assert registry.get_domains().count(DOMAIN_NAME) == 1
    assert {DOMAIN_NAME, ROBUST_TASK_SET} <= set(registry.get_task_sets())
    assert ORACLE in registry.get_agents() and SCRIPTED_CUSTOMER in registry.get_users()


@pytest.mark.e2e
def test_ensure_registered_registers_on_a_registry_the_hook_never_saw():
    done = run(
        [
            "python",
            "-c",
            "import tau2.registry as r; assert 'indian_bank' not in r.registry.get_domains(); "
            "from tau_indian_bank.plugin.registration import ensure_registered as e; "
            "print(sorted(set(e().get_task_sets()) & {'indian_bank', 'indian_bank_robust'}))",
        ],
        **HOOK_OFF,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "['indian_bank', 'indian_bank_robust']"


def _imports_tau2_registry(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import) and any(a.name == "tau2.registry" for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and (
            node.module == "tau2.registry" or (node.module == "tau2" and any(a.name == "registry" for a in node.names))
        ):
            return True
    return False


def test_only_the_registration_module_imports_tau2s_registry(tmp_path):
    """An ``import tau2.registry`` elsewhere would be a module counting on the hook to have registered the domain."""
    importers = sorted(str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py") if _imports_tau2_registry(p))
    assert importers == ["plugin/registration.py"]
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from tau2.registry import registry\n", encoding="utf-8")
    assert _imports_tau2_registry(probe)
