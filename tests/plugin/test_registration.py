import sys
import sysconfig
from pathlib import Path
from types import SimpleNamespace

import pytest

from tau_indian_bank import vocabulary as names
from tau_indian_bank.participants import agents, customer
from tau_indian_bank.plugin import environment, llm_agent, llm_user, register
from tests.conftest import run


def test_the_token_words_are_tau2s_tokens():
    """The audit reads a saved ending without tau2's runtime: each word, between ###, is tau2's own token."""
    assert {f"###{word}###" for word in names.TOKEN_WORDS} == {names.STOP, names.TRANSFER, names.OUT_OF_SCOPE}
    assert names.TOKEN_WORDS[names.TRANSFER.strip("#")] == "transfer" and names.TOKEN_WORDS[names.STOP.strip("#")] == "stop"


REGISTRY = "import tau2.registry as r; print(sorted(r.registry.get_domains())); print(sorted(r.registry.get_agents()))"


@pytest.mark.e2e
def test_importing_the_package_imports_neither_tau2_nor_litellm():
    done = run(
        [
            "python",
            "-c",
            "import sys, tau_indian_bank, tau_indian_bank.constants, tau_indian_bank.paths; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('tau2', 'litellm', 'sqlmodel')))",
        ]
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.e2e
def test_the_hook_is_installed_at_interpreter_start_and_registers_the_domain():
    site = Path(sysconfig.get_paths()["purelib"])
    assert (site / "tau_indian_bank_plugin.pth").is_file() and (site / "_tau_indian_bank_hook.py").is_file()
    done = run(["python", "-c", REGISTRY])
    assert done.returncode == 0, done.stderr
    domains, agents = done.stdout.strip().splitlines()[-2:]
    assert "'indian_bank'" in domains and "'retail'" in domains
    assert "'indian_bank_oracle'" in agents and "'llm_agent'" in agents


@pytest.mark.e2e
def test_the_hook_can_be_turned_off():
    done = run(["python", "-c", REGISTRY], TAU_INDIAN_BANK_DISABLE_PLUGIN="1")
    assert done.returncode == 0, done.stderr
    assert "indian_bank" not in done.stdout


@pytest.mark.e2e
def test_registration_is_idempotent_and_a_broken_plugin_never_breaks_tau2():
    twice = run(
        [
            "python",
            "-c",
            "import tau2.registry as r, tau_indian_bank.plugin as p; p.register(r); print(r.registry.get_domains().count('indian_bank'))",
        ]
    )
    assert twice.returncode == 0 and twice.stdout.strip().splitlines()[-1] == "1"
    broken = run(
        [
            "python",
            "-c",
            "import tau_indian_bank.plugin as p\ndef boom(module):\n    raise RuntimeError('seed missing')\np.register = boom\n" + REGISTRY,
        ]
    )
    assert broken.returncode == 0
    assert "'retail'" in broken.stdout and "indian_bank" not in broken.stdout
    assert "tau-indian-bank: could not register the indian_bank domain: seed missing" in broken.stderr


class FakeRegistry:
    """Records what the plugin registers, refusing duplicates as tau2's registry does."""

    def __init__(self):
        self.domains, self.task_sets, self.agents, self.users = {}, {}, {}, {}

    def get_domains(self):
        return list(self.domains)

    def get_task_sets(self):
        return list(self.task_sets)

    def get_agents(self):
        return list(self.agents)

    def get_users(self):
        return list(self.users)

    def _add(self, table, name, value):
        assert name not in table, f"{name} registered twice"
        table[name] = value

    def register_domain(self, constructor, name):
        self._add(self.domains, name, constructor)

    def register_tasks(self, loader, name, get_task_splits=None):
        self._add(self.task_sets, name, (loader, get_task_splits))

    def register_agent(self, agent, name):
        self._add(self.agents, name, agent)

    def register_user(self, user, name):
        self._add(self.users, name, user)


def test_register_adds_the_domain_tasks_and_participants_once_and_nothing_else(monkeypatch):
    hook = sys.excepthook
    registry = FakeRegistry()
    monkeypatch.setattr(sys, "argv", ["/venv/bin/tau2", "run", "--domain", "retail"])
    register(SimpleNamespace(registry=registry))
    register(SimpleNamespace(registry=registry))
    assert registry.domains == {names.DOMAIN_NAME: environment.get_environment}
    assert registry.task_sets == {
        names.DOMAIN_NAME: (environment.get_tasks, environment.get_tasks_split),
        names.ROBUST_TASK_SET: (environment.get_robust_tasks, environment.get_robust_tasks_split),
    }
    assert registry.agents == {
        names.ORACLE: agents.IndianBankOracle,
        names.REPLIER: agents.IndianBankReplier,
        names.LOOKER: agents.IndianBankLooker,
        names.CLAIMER: agents.IndianBankClaimer,
        names.OVERWRITER: agents.IndianBankOverwriter,
        names.LLM_AGENT: llm_agent.IndianBankLLMAgent,
    }
    assert registry.users == {names.SCRIPTED_CUSTOMER: customer.IndianBankCustomer, names.LLM_CUSTOMER: llm_user.IndianBankUser}
    assert sys.excepthook is hook


def test_the_hook_registered_the_domain_in_this_process():
    from tau2.registry import registry

    assert names.DOMAIN_NAME in registry.get_domains()
    assert {names.DOMAIN_NAME, names.ROBUST_TASK_SET} <= set(registry.get_task_sets())
    assert set(names.OFFLINE_AGENTS) | {names.LLM_AGENT} <= set(registry.get_agents())
    assert {names.SCRIPTED_CUSTOMER, names.LLM_CUSTOMER} <= set(registry.get_users())
