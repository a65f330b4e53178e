"""Reading a ``tau2 run`` command line from inside the tau2 process (for the plugin's guards)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


def flag(argv: Sequence[str], name: str) -> str | None:
    """The value of ``--name VALUE`` or ``--name=VALUE``, if given."""
    for index, arg in enumerate(argv):
        if arg == name and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith(name + "="):
            return arg.split("=", 1)[1]
    return None


def is_tau2_run(argv: Sequence[str]) -> bool:
    """Whether this process is the stock ``tau2 run`` command."""
    return len(argv) >= 2 and Path(argv[0]).name == "tau2" and argv[1] == "run"


def results_folder(argv: Sequence[str]) -> Path:
    """Where this ``tau2 run`` writes its results (``--results-dir``, else tau2's own folder)."""
    given = flag(argv, "--results-dir")
    if given:
        return Path(given)
    from tau2.utils.utils import DATA_DIR

    return DATA_DIR / "simulations"
