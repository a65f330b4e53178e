"""Writing a report to a file: whole or not at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from tau_indian_bank.errors import ReportInputError


def write_atomically(destination: str | Path, text: str) -> Path:
    """Write ``text`` to ``destination`` through a temporary file in the same folder, then rename it into place.

    A report that fails before this point never touches ``destination``; a crash while
    writing leaves the old file (or none), never a half-written one.

    Raises:
        ReportInputError: the folder does not exist or cannot be written.
    """
    destination = Path(destination)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{destination.name}.", suffix=".tmp", dir=destination.parent or ".")
    except OSError as exc:
        raise ReportInputError(f"cannot write {destination} ({exc.strerror})") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # as an ordinary new file, not mkstemp's owner-only mode
        os.replace(temporary, destination)
    except OSError as exc:
        Path(temporary).unlink(missing_ok=True)
        raise ReportInputError(f"cannot write {destination} ({exc.strerror})") from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return destination
