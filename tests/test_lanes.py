"""The test lanes' convention holds by construction: only an ``e2e`` test may start a command of its own."""

import subprocess
import sys

import pytest

from tests.conftest import BIN


@pytest.mark.parametrize("program", [sys.executable, str(BIN / "tau-indian-bank"), "tau2", "python3"])
def test_a_test_not_marked_e2e_cannot_start_python_or_a_command(program):
    with pytest.raises(AssertionError, match="not marked e2e: mark it @pytest.mark.e2e"):
        subprocess.run([program, "--version"], capture_output=True, check=False)


def test_a_short_call_of_another_program_is_allowed():
    done = subprocess.run(["git", "--version"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.startswith("git version")


@pytest.mark.e2e
def test_an_e2e_test_may_start_python():
    done = subprocess.run([sys.executable, "-c", "print('started')"], capture_output=True, text=True, check=True)
    assert done.stdout == "started\n"
