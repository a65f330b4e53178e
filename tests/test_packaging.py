"""A regular (non-editable) wheel carries everything the domain needs."""

import zipfile

import pytest

from tests.conftest import ROOT, run


@pytest.mark.slow
@pytest.mark.e2e
def test_a_built_wheel_carries_the_data_and_works_from_site_packages(tmp_path):
    built = run(["python", "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"), str(ROOT)], timeout=600)
    assert built.returncode == 0, built.stderr[-2000:]
    wheel = next((tmp_path / "dist").glob("tau_indian_bank-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for required in (
        "tau_indian_bank_plugin.pth",
        "tau_indian_bank_plugin.start",
        "_tau_indian_bank_hook.py",
        "tau_indian_bank/_resources/tasks/tasks.json",
        "tau_indian_bank/_resources/tasks/split_tasks.json",
        "tau_indian_bank/_resources/policy/servicing_policy.md",
        "tau_indian_bank/_resources/policy/customer_guidelines.md",
        "tau_indian_bank/_resources/regulations/upi_limits.md",
        "tau_indian_bank/_resources/data/seed/transactions.csv",
        "tau_indian_bank/report/assets/report.js",
        "tau_indian_bank/report/assets/session.js",
        "tau_indian_bank/report/assets/report.css",
    ):
        assert required in names, required
    site = tmp_path / "site"
    installed = run(["python", "-m", "pip", "install", "--no-deps", "-q", "--target", str(site), str(wheel)], timeout=600)
    assert installed.returncode == 0, installed.stderr[-2000:]
    probe = (
        "import tau_indian_bank.paths as p, tau_indian_bank.plugin.environment as e; "
        "print(p.ROOT); print(len(e.get_tasks('lite'))); env = e.get_environment(); "
        "env.tools.start_session(e.get_tasks('lite')[0].initial_state.initialization_actions[0].arguments['customer_id']); "
        "print(len(env.get_tools()))"
    )
    done = run(["python", "-c", probe], cwd=tmp_path, PYTHONPATH=str(site))
    assert done.returncode == 0, done.stderr[-2000:]
    root, lite, tools = done.stdout.strip().splitlines()[-3:]
    assert root == str(site / "tau_indian_bank" / "_resources")
    assert (lite, tools) == ("200", "34")
