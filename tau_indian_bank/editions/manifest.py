"""An edition's manifest (``edition.json``): what made it, what it holds, and the digest that names it.

The manifest lists every file of the edition with its size and SHA-256, so an edition that
was altered (a task edited by hand, a file missing or added) is refused before anything runs
on it. Its own SHA-256 is the edition's digest: a results file records it, the report pairs
only sessions of one digest and labels every table ``edition <first 12 digits>`` (the public
suite: ``public <package version>``). Nothing in it depends on the machine, the folder or the
time it was made, so the same seed gives the same manifest, byte for byte.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from tau_indian_bank import __version__
from tau_indian_bank.errors import EditionError
from tau_indian_bank.paths import GUIDELINES_FILE, POLICY_FILE, REGULATIONS_DIR, DataSource, data_source, file_stamp

MANIFEST_NAME = "edition.json"
FORMAT = 1
KIND = "tau-indian-bank edition"
#: How many hex digits of the digest a label shows.
SHORT = 12


@dataclass(frozen=True)
class Identity:
    """Which edition: ``digest`` is the manifest's SHA-256 (``"public"`` for the shipped suite)."""

    digest: str
    label: str

    @property
    def private(self) -> bool:
        return self.digest != "public"

    def to_json(self) -> dict[str, str]:
        return {"digest": self.digest, "label": self.label}


PUBLIC = Identity("public", f"public {__version__}")


def label_of(digest: str) -> str:
    """The label of an edition digest ("public …" for the shipped suite)."""
    return PUBLIC.label if digest == "public" else f"edition {digest[:SHORT]}"


def sha256_file(path: Path) -> str:
    """The SHA-256 of a file's bytes."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def shared_files() -> dict[str, str]:
    """The files every edition shares (policy, customer guidelines, regulations), by name, with their digests."""
    paths = [POLICY_FILE, GUIDELINES_FILE, *sorted(REGULATIONS_DIR.glob("*.md"))]
    return {f"{path.parent.name}/{path.name}": sha256_file(path) for path in paths}


def edition_files(root: Path) -> list[Path]:
    """Every file of an edition folder but its manifest, as paths relative to it, sorted."""
    return sorted(p.relative_to(root) for p in root.rglob("*") if p.is_file() and p.name != MANIFEST_NAME)


def render_manifest(fields: Mapping[str, Any], root: Path) -> bytes:
    """The manifest's exact bytes: ``fields`` plus the digest of every file under ``root``."""
    files = {path.as_posix(): {"bytes": (root / path).stat().st_size, "sha256": sha256_file(root / path)} for path in edition_files(root)}
    manifest = {"format": FORMAT, "kind": KIND, "package_version": __version__, **fields, "files": files}
    return (json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")


def current_generators() -> dict[str, int]:
    """The versions of this package's generators: the bank's seed data and the task sets."""
    from tau_indian_bank.seeding.common import GENERATOR_VERSION as SEED_DATA
    from tau_indian_bank.tasks.builder import GENERATOR_VERSION as TASK_SETS

    return {"seed_data": SEED_DATA, "task_sets": TASK_SETS}


def read_manifest(root: Path) -> dict[str, Any]:
    """An edition's manifest, parsed (one-line errors if the folder is not an edition)."""
    path = root / MANIFEST_NAME
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError:
        raise EditionError(f"{root}: not an edition (no {MANIFEST_NAME}; make one with tau-indian-bank edition new)") from None
    except json.JSONDecodeError as exc:
        raise EditionError(f"{path}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    if not isinstance(data, dict) or data.get("kind") != KIND or not isinstance(data.get("files"), dict):
        raise EditionError(f"{path}: not a tau-indian-bank edition manifest")
    return data


def verify(root: Path) -> Identity:
    """Check an edition folder against its manifest; return its identity.

    Raises:
        EditionError: not an edition, made by another package version or format, or a file
            missing, added or changed since it was made.
    """
    root = Path(root).expanduser().resolve()
    if not root.is_dir():
        raise EditionError(f"{root}: no such edition folder")
    stamps = tuple((str(path), file_stamp(path)) for path in sorted(root.rglob("*")) if path.is_file())
    return _verified(str(root), stamps)


@lru_cache(maxsize=8)
def _verified(root_text: str, stamps: tuple[tuple[str, tuple[int, int, int]], ...]) -> Identity:
    """``verify``, once per state of the folder on disk (``stamps``: every file's identity, so any change is seen)."""
    root = Path(root_text)
    data = read_manifest(root)
    if data.get("format") != FORMAT or data.get("package_version") != __version__:
        raise EditionError(
            f"{root}: made by tau-indian-bank {data.get('package_version')} (format {data.get('format')}); "
            f"this is {__version__}: make it again with edition new --seed {data.get('seed')}"
        )
    generators = current_generators()
    if data.get("generators") != generators:
        raise EditionError(
            f"{root}: made by generator versions {data.get('generators')}, this package has {generators}: "
            f"make it again with edition new --seed {data.get('seed')}"
        )
    listed = data["files"]
    present = {path.as_posix() for path in edition_files(root)}
    for name in sorted(set(listed) | present):
        if name not in present:
            raise EditionError(f"{root}: {name} is missing (the edition is incomplete)")
        if name not in listed:
            raise EditionError(f"{root}: {name} is not part of the edition (added after it was made)")
        if sha256_file(root / name) != listed[name].get("sha256"):
            raise EditionError(f"{root}: {name} differs from the manifest (changed after the edition was made)")
    digest = sha256_file(root / MANIFEST_NAME)
    return Identity(digest, label_of(digest))


def identity(source: DataSource | None = None) -> Identity:
    """The identity of an edition (default: the active one); the public suite's is :data:`PUBLIC`."""
    source = source or data_source()
    if source.root is None:
        return PUBLIC
    return verify(source.root)
