"""Run guards: what the plugin adds to a ``tau2 run --domain indian_bank`` process, and nowhere else.

tau2's registry imports this package in every tau2 process (the interpreter-start hook),
so everything here first checks the command line: :func:`install` acts only when the
process is ``tau2 run`` with ``--domain indian_bank`` (``--domain=indian_bank``,
``-d indian_bank``). In any other tau2 process (another domain, ``tau2 view``,
``tau2 evaluate-trajs``, programmatic use) tau2 behaves exactly as it does without the
plugin. Long options abbreviated on the command line (``--dom``) are not recognised, so
the guards stay off for them. In an ``indian_bank`` run the guards:

* **repair a truncated results file before tau2 reads it.** tau2 (nvidia 26.3) rewrites
  the whole results file after every session, in place; a run killed while it writes
  leaves a truncated file and tau2's own resume then fails to read it. The repair keeps
  every complete session, drops the one cut off mid-write (tau2 reruns it) and says so
  in one line. Resume by running the same command again and answering ``y``.
* **keep API keys out of the results.** tau2 copies the *value* of the variable named by
  ``--agent-api-key`` (``--user-api-key``, ``--judge-api-key``) into the llm args it
  saves. The safe way is not to pass those flags (litellm reads the provider's key
  itself); when they are passed anyway, the guard warns once and, when the run ends,
  replaces the key in every JSON file the run wrote with ``<redacted>``.
* **print one line, not a traceback,** for an error that ends the run (an unknown task
  id, an unwritable results folder, a missing API key). ``TAU_INDIAN_BANK_TRACEBACK=1``
  shows the full traceback instead.
"""

from __future__ import annotations

import atexit
import json
import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import TypeGuard

from tau_indian_bank.errors import one_line
from tau_indian_bank.vocabulary import DOMAIN_NAME

KEY_FLAGS = ("--agent-api-key", "--user-api-key", "--judge-api-key")
REDACTED = "<redacted>"
TRACEBACK_VARIABLE = "TAU_INDIAN_BANK_TRACEBACK"
#: tau2's stand-in api_key when none is given: not a secret.
PLACEHOLDER_KEY = "dummy_key"
_SIMULATIONS = '"simulations": ['
_SHORT_FLAGS = {"--domain": "-d"}


# --- reading the tau2 command line ---------------------------------------------------------


def flag(argv: Sequence[str], name: str) -> str | None:
    """The value of ``--name VALUE`` or ``--name=VALUE`` (or tau2's short form, ``-d VALUE``), if given."""
    short = _SHORT_FLAGS.get(name)
    for index, arg in enumerate(argv):
        if arg in (name, short) and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith(name + "="):
            return arg.split("=", 1)[1]
        if short and arg.startswith(short) and len(arg) > len(short) and not arg.startswith("--"):
            return arg[len(short) :].removeprefix("=")
    return None


def is_indian_bank_command(argv: Sequence[str]) -> bool:
    """Whether this process is a stock ``tau2`` command (run, play, ...) given ``--domain indian_bank``."""
    return len(argv) >= 2 and Path(argv[0]).name == "tau2" and flag(argv, "--domain") == DOMAIN_NAME


def is_indian_bank_run(argv: Sequence[str]) -> bool:
    """Whether this process is the stock ``tau2 run`` command running the ``indian_bank`` domain."""
    return is_indian_bank_command(argv) and argv[1] == "run"


def results_folder(argv: Sequence[str]) -> Path:
    """Where this ``tau2 run`` writes its results (``--results-dir``, else tau2's own folder)."""
    given = flag(argv, "--results-dir")
    if given:
        return Path(given)
    from tau2.utils.utils import DATA_DIR

    folder: Path = DATA_DIR / "simulations"
    return folder


# --- the guards ----------------------------------------------------------------------------


def install(argv: Sequence[str] | None = None) -> bool:
    """Switch the guards on if ``argv`` (default: this process's) is an ``indian_bank`` run; else do nothing.

    Returns:
        Whether the guards were installed.
    """
    argv = list(sys.argv if argv is None else argv)
    if not is_indian_bank_run(argv):
        return False
    install_error_printer()
    guard_keys(argv)
    guard_resume(argv)
    return True


class _OneLineErrors:
    """An excepthook that prints the error as one line, falling back to tau2's hook when asked to."""

    def __init__(self, previous: Callable[[type[BaseException], BaseException, TracebackType | None], object]) -> None:
        self.previous = previous

    def __call__(self, kind: type[BaseException], value: BaseException, trace: TracebackType | None) -> None:
        if os.environ.get(TRACEBACK_VARIABLE):
            self.previous(kind, value, trace)
            return
        print(one_line(value), file=sys.stderr)


def install_error_printer() -> None:
    """Print an error that ends the process as one line on stderr (idempotent)."""
    if not isinstance(sys.excepthook, _OneLineErrors):
        sys.excepthook = _OneLineErrors(sys.excepthook)


def guard_keys(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> bool:
    """If the command line names key variables: warn now and redact their values from the results at exit."""
    secrets = secrets_in(argv, os.environ if environ is None else environ)
    if not secrets:
        return False
    print(
        "tau-indian-bank: tau2 saves the value of --*-api-key variables in its results; they will be redacted when "
        "the run ends. Safer: export the provider's key (e.g. OPENAI_API_KEY) and omit --agent-api-key.",
        file=sys.stderr,
    )
    atexit.register(redact_files, results_folder(argv), secrets, time.time() - 1)
    return True


def secrets_in(argv: Sequence[str], environ: Mapping[str, str]) -> list[str]:
    """The key values a ``tau2 run`` command line would write into its results."""
    values = []
    for key_flag in KEY_FLAGS:
        name = flag(argv, key_flag)
        value = environ.get(name) if name else None
        if is_key(value):
            values.append(value)
    return values


def is_key(value: object) -> TypeGuard[str]:
    """Whether a value can be an API key worth hiding (a string of 8+ characters, not tau2's placeholder)."""
    return isinstance(value, str) and len(value) >= 8 and value != PLACEHOLDER_KEY


def redact(text: str, secrets: Sequence[str]) -> str:
    """``text`` with every occurrence of each secret replaced by ``<redacted>``."""
    for secret in secrets:
        text = text.replace(secret, REDACTED)
    return text


def redact_files(folder: Path, secrets: Sequence[str], since: float) -> list[Path]:
    """Replace the secrets in every JSON file directly under ``folder`` written since ``since``."""
    changed = []
    for path in sorted(folder.glob("*.json")):
        try:
            if path.stat().st_mtime < since:
                continue
            text = path.read_text(encoding="utf-8")
        except OSError:
            continue
        clean = redact(text, secrets)
        if clean != text:
            _replace(path, clean, ".redacting")
            changed.append(path)
    return changed


def guard_resume(argv: Sequence[str]) -> int | None:
    """Repair the ``--save-to`` results file if it was cut off mid-write; the sessions kept (None: untouched)."""
    name = flag(argv, "--save-to")
    if not name:
        return None
    path = results_folder(argv) / f"{name}.json"
    kept = repair_results_file(path) if path.exists() else None
    if kept is not None:
        print(f"tau-indian-bank: {path} was cut off mid-write; kept its {kept} complete sessions", file=sys.stderr)
    return kept


def repair_results_file(path: Path) -> int | None:
    """Repair a truncated results file in place; return the sessions kept (None if it was fine or hopeless)."""
    try:
        text = path.read_text(encoding="utf-8")
        json.loads(text)
        return None
    except (OSError, UnicodeDecodeError):
        return None
    except json.JSONDecodeError:
        pass
    start = text.find(_SIMULATIONS)
    if start < 0:
        return None  # not even the header survived; leave it for tau2 to report
    try:
        head = json.loads(text[:start] + '"simulations": []}')
    except json.JSONDecodeError:
        return None
    head["simulations"] = _complete_sessions(text, start + len(_SIMULATIONS))
    _replace(path, json.dumps(head, indent=2), ".repairing")
    return len(head["simulations"])


def _complete_sessions(text: str, position: int) -> list[object]:
    """Every session object that was written out in full, from ``position`` on."""
    decoder = json.JSONDecoder()
    kept: list[object] = []
    while True:
        while position < len(text) and text[position] in " \n\r\t,":
            position += 1
        try:
            session, position = decoder.raw_decode(text, position)
        except json.JSONDecodeError:
            return kept
        kept.append(session)


def _replace(path: Path, text: str, suffix: str) -> None:
    """Write ``text`` to ``path`` through a temporary file, so a crash leaves one or the other whole."""
    temporary = path.with_suffix(path.suffix + suffix)
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)
