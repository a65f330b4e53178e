"""Shared test set-up: offline, quiet tau2; helpers for running the real commands."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("LOGURU_LEVEL", "ERROR")

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def command_env(**extra: str) -> dict[str, str]:
    """Environment for a subprocess: offline, quiet, no API keys leaking in."""
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    env.update({"LITELLM_LOCAL_MODEL_COST_MAP": "True", "LOGURU_LEVEL": "ERROR", "PYTHONUNBUFFERED": "1"})
    env.update(extra)
    return env


def run(args: list[str], cwd: Path | None = None, timeout: float = 600, **env: str) -> subprocess.CompletedProcess[str]:
    """Run a command from the venv's bin folder (tau2, tau-indian-bank, python)."""
    program = str(BIN / args[0]) if (BIN / args[0]).exists() else args[0]
    return subprocess.run(
        [program, *args[1:]],
        cwd=cwd or ROOT,
        env=command_env(**env),
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


_SLOW_PROGRAMS = {"python", "python3", "tau2", "tau-indian-bank"}  # each start imports tau2 or the package: seconds


class _PopenOutsideE2E(subprocess.Popen):  # type: ignore[type-arg]  # subprocess.Popen, generic only for type checkers
    """Popen for a test not marked e2e: starting Python, tau2 or tau-indian-bank is refused (a short git call is not)."""

    def __init__(self, args, *rest, **kwargs) -> None:  # noqa: ANN001, ANN002, ANN003
        program = Path(str(args[0] if isinstance(args, (list, tuple)) else str(args).split()[0]))
        if program.name in _SLOW_PROGRAMS or program.parent == BIN or str(program) == sys.executable:
            raise AssertionError(
                f"this test starts {program.name} in a subprocess but is not marked e2e: mark it "
                "@pytest.mark.e2e (CONTRIBUTING.md, test lanes) so the development loop stays fast"
            )
        super().__init__(args, *rest, **kwargs)


@pytest.fixture(autouse=True)
def _commands_only_in_e2e_tests(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The test-lane convention, enforced: a test that starts Python, tau2 or tau-indian-bank is marked ``e2e``."""
    if request.node.get_closest_marker("e2e") is None:
        monkeypatch.setattr(subprocess, "Popen", _PopenOutsideE2E)


@pytest.fixture(scope="session")
def bank():
    """The process-wide template (whole bank), built once."""
    from tau_indian_bank.bank.store import template

    return template()
