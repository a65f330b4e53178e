"""Server-assigned references, derived from content instead of randomness.

The same call with the same canonical content gives the same id in any process; a
repeat of an identical call gets the next occurrence number, so ids never collide.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Callable

_ALPHABET_LEN = 8


def content_id(prefix: str, content: object, occurrence: int = 0, length: int = _ALPHABET_LEN) -> str:
    """Return ``prefix`` followed by a base32 digest of ``content`` and ``occurrence``.

    Args:
        prefix: Upper-case kind marker, such as ``"FD"`` or ``"SR"``.
        content: JSON-serialisable canonical content (no free text).
        occurrence: How many earlier ids were derived from the same content.
        length: Number of digest characters after the prefix.

    Returns:
        An id such as ``"FD7K3M9Q2A"``.
    """
    payload = json.dumps([prefix, content, occurrence], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest = hashlib.sha256(payload.encode("utf-8")).digest()
    # Crockford-ish: base32 without padding, and without the easily confused 0/1 pair.
    text = base64.b32encode(digest).decode("ascii").rstrip("=")
    return prefix + text[:length]


def next_free_id(prefix: str, content: object, taken: Callable[[str], bool], length: int = _ALPHABET_LEN) -> str:
    """Return the first content id for ``content`` that ``taken`` says is unused."""
    occurrence = 0
    while True:
        candidate = content_id(prefix, content, occurrence, length)
        if not taken(candidate):
            return candidate
        occurrence += 1
