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


@pytest.fixture(scope="session")
def bank():
    """The process-wide template (whole bank), built once."""
    from tau_indian_bank.bank.store import template

    return template()
