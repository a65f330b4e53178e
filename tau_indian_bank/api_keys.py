"""Keeping API keys out of the files a run writes.

tau2 (nvidia 26.3) copies the *value* of the environment variable named by
``--agent-api-key`` (and ``--user-api-key``, ``--judge-api-key``) into the llm args it
saves in the results file. The safe way is not to pass those flags: export the
provider's key (``OPENAI_API_KEY``, ...) and litellm reads it itself. When the flags are
used anyway, the plugin warns once and, when the run ends, replaces every occurrence
of the key in the JSON files the run wrote with ``<redacted>``.
"""

from __future__ import annotations

import atexit
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from tau_indian_bank.run_args import flag, is_tau2_run, results_folder

KEY_FLAGS = ("--agent-api-key", "--user-api-key", "--judge-api-key")
REDACTED = "<redacted>"
_PLACEHOLDER = "dummy_key"


def secrets_in(argv: Sequence[str], environ: dict[str, str] | os._Environ[str] = os.environ) -> list[str]:
    """Key values a ``tau2 run`` command line would write into its results."""
    values = []
    for key_flag in KEY_FLAGS:
        name = flag(argv, key_flag)
        value = environ.get(name) if name else None
        if value and value != _PLACEHOLDER and len(value) >= 8:
            values.append(value)
    return values


def redact_files(folder: Path, secrets: Sequence[str], since: float) -> list[Path]:
    """Replace the secrets in every JSON file under ``folder`` written since ``since``."""
    changed = []
    for path in sorted(folder.glob("*.json")):
        try:
            if path.stat().st_mtime < since:
                continue
            text = path.read_text(encoding="utf-8")
        except OSError:
            continue
        clean = text
        for secret in secrets:
            clean = clean.replace(secret, REDACTED)
        if clean != text:
            temporary = path.with_suffix(path.suffix + ".redacting")
            temporary.write_text(clean, encoding="utf-8")
            temporary.replace(path)
            changed.append(path)
    return changed


def guard_run(argv: Sequence[str] = sys.argv) -> None:
    """In a ``tau2 run`` process that passes key names: warn now, redact its files at exit."""
    if not is_tau2_run(argv):
        return
    secrets = secrets_in(argv)
    if not secrets:
        return
    print("tau-indian-bank: tau2 saves the value of --*-api-key variables in its results; they will be redacted when "
          "the run ends. Safer: export the provider's key (e.g. OPENAI_API_KEY) and omit --agent-api-key.", file=sys.stderr)
    started = time.time() - 1
    atexit.register(redact_files, results_folder(argv), secrets, started)
