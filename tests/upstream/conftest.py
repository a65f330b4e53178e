"""The upstream lane: this benchmark on upstream tau2-bench (source checkout at ``$TAU2_UPSTREAM``).

``make test-upstream`` builds a Python 3.12 environment with the checkout and this package
and runs this folder. Everywhere else (``make test``, CI) these tests are skipped with the
reason: no checkout, or this environment's ``tau2`` is not that checkout.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tau_indian_bank.plugin.harness import UPSTREAM, installed
from tests.upstream.lane import CHECKOUT

HERE = Path(__file__).resolve().parent


def _skip_reason() -> str | None:
    if CHECKOUT is None or not (CHECKOUT / "src" / "tau2" / "registry.py").is_file():
        return (
            "upstream lane skipped: TAU2_UPSTREAM does not point at a tau2-bench source checkout; "
            "run `make test-upstream TAU2_UPSTREAM=/path/to/tau2-bench`"
        )
    if installed() != UPSTREAM:
        return "upstream lane skipped: this environment's tau2 is not upstream tau2-bench; run `make test-upstream`"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = _skip_reason()
    if reason is None:
        return
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tau2 data folder for the runs: upstream's own data, with the runs' results in ``simulations/``.

    Upstream writes ``tau2 run --save-to NAME`` to ``$TAU2_DATA_DIR/simulations/NAME/results.json``
    and reads its user-simulator guidelines from ``$TAU2_DATA_DIR/tau2``; this keeps the
    checkout clean.
    """
    folder = tmp_path_factory.mktemp("tau2-data")
    assert CHECKOUT is not None
    (folder / "tau2").symlink_to(CHECKOUT / "data" / "tau2", target_is_directory=True)
    return folder
