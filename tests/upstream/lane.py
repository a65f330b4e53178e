"""Helpers of the upstream lane: the checkout, and ``tau2 run`` on upstream."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.conftest import run

#: The upstream tau2-bench source checkout the lane runs against.
CHECKOUT = Path(os.environ["TAU2_UPSTREAM"]).resolve() if os.environ.get("TAU2_UPSTREAM") else None


def tau2_run(data_dir: Path, name: str, agent: str, user: str, *extra: str, **env: str) -> Path:
    """``tau2 run --domain indian_bank`` on upstream; returns the run's results.json."""
    done = run(
        ["tau2", "run", "--domain", "indian_bank", "--agent", agent, "--user", user, "--save-to", name, "--max-concurrency", "2", *extra],
        cwd=data_dir,
        TAU2_DATA_DIR=str(data_dir),
        **env,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    path = data_dir / "simulations" / name / "results.json"
    assert path.is_file(), f"upstream wrote no {path}"
    return path


def simulations(path: Path) -> dict[str, dict]:
    """The run's simulations by task id."""
    return {s["task_id"]: s for s in json.loads(path.read_text(encoding="utf-8"))["simulations"]}
