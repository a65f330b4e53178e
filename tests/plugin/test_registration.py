import sysconfig
from pathlib import Path

from tests.conftest import run

REGISTRY = "import tau2.registry as r; print(sorted(r.registry.get_domains())); print(sorted(r.registry.get_agents()))"


def test_importing_the_package_imports_neither_tau2_nor_litellm():
    done = run(["python", "-c", "import sys, tau_indian_bank, tau_indian_bank.constants, tau_indian_bank.paths; "
                                "print(sorted(m for m in sys.modules if m.split('.')[0] in ('tau2', 'litellm', 'sqlmodel')))"])
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_hook_is_installed_at_interpreter_start_and_registers_the_domain():
    site = Path(sysconfig.get_paths()["purelib"])
    assert (site / "tau_indian_bank_plugin.pth").is_file() and (site / "_tau_indian_bank_hook.py").is_file()
    done = run(["python", "-c", REGISTRY])
    assert done.returncode == 0, done.stderr
    domains, agents = done.stdout.strip().splitlines()[-2:]
    assert "'indian_bank'" in domains and "'retail'" in domains
    assert "'indian_bank_oracle'" in agents and "'llm_agent'" in agents


def test_the_hook_can_be_turned_off():
    done = run(["python", "-c", REGISTRY], TAU_INDIAN_BANK_DISABLE_PLUGIN="1")
    assert done.returncode == 0, done.stderr
    assert "indian_bank" not in done.stdout


def test_registration_is_idempotent_and_a_broken_plugin_never_breaks_tau2():
    twice = run(["python", "-c", "import tau2.registry as r, tau_indian_bank.plugin as p; p.register(r); "
                                 "print(r.registry.get_domains().count('indian_bank'))"])
    assert twice.returncode == 0 and twice.stdout.strip().splitlines()[-1] == "1"
    broken = run(["python", "-c", "import tau_indian_bank.plugin as p\n"
                                  "def boom(module):\n    raise RuntimeError('seed missing')\n"
                                  "p.register = boom\n" + REGISTRY])
    assert broken.returncode == 0
    assert "'retail'" in broken.stdout and "indian_bank" not in broken.stdout
    assert "tau-indian-bank: could not register the indian_bank domain: seed missing" in broken.stderr
