"""Task families publish their seams: the quota is the family's own, one builder makes both sets, no private reuse."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

import tau_indian_bank
from tau_indian_bank.paths import ROBUST_TASKS_FILE, TASKS_FILE
from tau_indian_bank.tasks.builder import RECIPES, GenerationError, build, plan_of
from tau_indian_bank.tasks.families import all_families
from tau_indian_bank.tasks.families.control import FAMILIES as CONTROL
from tau_indian_bank.tasks.framework import Family
from tau_indian_bank.tasks.robust import all_robust_families
from tau_indian_bank.tasks.suite_files import load_suite
from tau_indian_bank.vocabulary import DOMAIN_NAME, ROBUST_TASK_SET

TASKS = Path(tau_indian_bank.__file__).parent / "tasks"
BALANCE = CONTROL[0]


def _family_of(task_id: str) -> str:
    return task_id.rsplit("_", 1)[0].split("_", 1)[1]


def test_a_family_without_a_quota_cannot_be_made():
    fields = {k: getattr(BALANCE, k) for k in ("category", "clauses", "why", "careless", "candidates", "draft")}
    with pytest.raises(TypeError, match="quota"):
        Family(name="no_quota", **fields)  # type: ignore[call-arg]  # the missing quota is the point
    for bad in (0, -3, True, 2.5, "5"):
        with pytest.raises(ValueError, match="quota must be a whole number"):
            Family(name="bad_quota", quota=bad, **fields)
    assert Family(name="one", quota=1, **fields).quota == 1


@pytest.mark.parametrize(
    ("task_set", "families", "tasks_file"),
    [(DOMAIN_NAME, all_families, TASKS_FILE), (ROBUST_TASK_SET, all_robust_families, ROBUST_TASKS_FILE)],
)
def test_each_family_carries_the_quota_its_shipped_task_set_holds(task_set, families, tasks_file):
    shipped = Counter(_family_of(t["id"]) for t in load_suite(tasks_file))
    assert {f.name: f.quota for f in families()} == plan_of(task_set) == dict(shipped)
    assert list(plan_of(task_set)) == [f.name for f in families()]  # generation order
    assert all(f.quota >= 1 for f in families())


def test_the_base_quotas_add_up_to_the_suite():
    assert sum(plan_of(DOMAIN_NAME).values()) == 1000


def test_one_builder_makes_either_task_set_from_a_plan():
    assert set(RECIPES) == {DOMAIN_NAME, ROBUST_TASK_SET}
    tasks, splits = build({"balance": 2})
    assert [t["id"] for t in tasks] == ["ctrl_balance_0001", "ctrl_balance_0002"]
    assert set(splits) == {"base", "lite", "train", "test"}
    robust = next(iter(plan_of(ROBUST_TASK_SET)))
    tasks, splits = build({robust: 1}, task_set=ROBUST_TASK_SET)
    assert [t["id"] for t in tasks] == [f"rob_{robust}_0001"] and set(splits) == {"base", "lite"}
    with pytest.raises(GenerationError, match=f"the {ROBUST_TASK_SET} plan names unknown families: balance"):
        build({"balance": 1}, task_set=ROBUST_TASK_SET)


def _private_reuse(path: Path) -> list[str]:
    """Underscore names of another module of the package this module imports or reads (``from m import _x``, ``m._x``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules = {}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tau_indian_bank"):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{node.module}.{alias.name}")
                modules[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            found.append(f"{modules[node.value.id]}.{node.attr}")
    return found


def test_no_task_module_reuses_another_modules_private_helpers():
    reused = {str(p.relative_to(TASKS)): found for p in sorted(TASKS.rglob("*.py")) if (found := _private_reuse(p))}
    assert reused == {}


def test_the_reuse_probe_sees_both_forms(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from tau_indian_bank.tasks.families import deposits\n"
        "from tau_indian_bank.tasks.families.payments import _hidden\n"
        "x = deposits._close(1)\n",
        encoding="utf-8",
    )
    assert sorted(_private_reuse(probe)) == [
        "tau_indian_bank.tasks.families.deposits._close",
        "tau_indian_bank.tasks.families.payments._hidden",
    ]


def test_no_second_registry_of_quotas_by_name():
    keyed = []
    for path in sorted(TASKS.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
            keyed += [f"{path.relative_to(TASKS)}: {t.id}" for t in targets if isinstance(t, ast.Name) and "QUOTA" in t.id]
    assert keyed == []
