"""Which edition a results file belongs to, the report's rule (one edition per report), and what produced a run.

A file written by ``tau-indian-bank run`` (or ``offline``) records its edition's digest in
``tau_indian_bank_run.provenance.edition``. A file of the stock ``tau2 run`` records none, so
its edition is read from its tasks: the bank its tasks' customers belong to (editions share
no customer: ``edition new`` refuses one that would). A file whose customers are in neither
the public bank nor the active edition's is of an edition the report was not given.

The report reads one edition, the active one (``--edition DIR``, else the public suite): its
bank decides gate S1 (who owns an id), so a file of another edition is refused with one line
naming both editions before any session of it is read.

:func:`provenance` is what ``tau-indian-bank run`` records of what produced a run (and a
report of what produced it): package version, git commit, the edition, and the digests of
its task suite, its seed data and the policy.
"""

from __future__ import annotations

import csv
import hashlib
import subprocess
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from tau_indian_bank import __version__
from tau_indian_bank.editions.manifest import PUBLIC, Identity, identity, label_of
from tau_indian_bank.errors import EditionError
from tau_indian_bank.guidelines import guidelines_version
from tau_indian_bank.paths import POLICY_FILE, ROOT, SEED_MANIFEST, DataSource, data_source
from tau_indian_bank.paths import PUBLIC as PUBLIC_SOURCE
from tau_indian_bank.vocabulary import RUN_METADATA_KEY

#: A file's tasks whose customers are in no bank this process knows.
UNKNOWN = "unknown"


def recorded_edition(data: Mapping[str, Any]) -> str | None:
    """The edition digest a ``tau-indian-bank run`` results file records (None: none recorded)."""
    meta = data.get(RUN_METADATA_KEY)
    found = ((meta or {}).get("provenance") or {}).get("edition") if isinstance(meta, Mapping) else None
    digest = found.get("digest") if isinstance(found, Mapping) else None
    return digest if isinstance(digest, str) else None


def login_customer(task: Mapping[str, Any]) -> str | None:
    """The customer a task logs in (its first initialization action's ``customer_id``), if any."""
    actions = (task.get("initial_state") or {}).get("initialization_actions") or []
    first = actions[0] if actions and isinstance(actions[0], Mapping) else {}
    customer = (first.get("arguments") or {}).get("customer_id")
    return customer if isinstance(customer, str) else None


@lru_cache(maxsize=8)
def _customers(seed_dir: str, *stamp: int) -> frozenset[str]:
    try:
        with open(f"{seed_dir}/customers.csv", newline="", encoding="utf-8") as handle:
            return frozenset(row["customer_id"] for row in csv.DictReader(handle))
    except OSError:
        return frozenset()


def customers_of(source: DataSource) -> frozenset[str]:
    """The customer ids of an edition's bank."""
    return _customers(*source.key)


def inferred_edition(tasks: Mapping[str, Mapping[str, Any]]) -> str | None:
    """The edition whose bank holds the tasks' customers: a digest, ``public``, :data:`UNKNOWN`, or None (no customers)."""
    found = {c for c in (login_customer(t) for t in tasks.values()) if c}
    if not found:
        return None
    source = data_source()
    if source.private and found & customers_of(source):
        return identity(source).digest if found <= customers_of(source) else UNKNOWN
    if found & customers_of(PUBLIC_SOURCE):
        return PUBLIC.digest if found <= customers_of(PUBLIC_SOURCE) else UNKNOWN
    return UNKNOWN


def edition_of(data: Mapping[str, Any], tasks: Mapping[str, Mapping[str, Any]]) -> str | None:
    """A results file's edition: recorded, else inferred from its tasks' customers (None: no evidence either way)."""
    return recorded_edition(data) or inferred_edition(tasks)


def describe(digest: str) -> str:
    """How an edition is named in a message."""
    return "an edition not given to this command" if digest == UNKNOWN else label_of(digest)


def require_active(edition: str | None, path: str) -> Identity:
    """Refuse a results file of another edition than the active one; return the active edition.

    Raises:
        EditionError: one line naming the file's edition and the active one.
    """
    active = identity()
    if edition is None or edition == active.digest:
        return active
    hint = (
        "pass --edition with that edition's folder"
        if active.digest == PUBLIC.digest
        else "drop --edition"
        if edition == PUBLIC.digest
        else "pass --edition with that edition's folder instead"
    )
    raise EditionError(
        f"{path} holds sessions of {describe(edition)}, not of {active.label}: a report pairs sessions of "
        f"one edition only ({hint}, and report each edition on its own)"
    )


def provenance() -> dict[str, Any]:
    """What produced a run or a report: version, commit, edition, digests of suite, seed and policy, guidelines' version."""
    source = data_source()

    def sha(path: Path) -> str:
        try:
            return hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            return "unavailable"

    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, timeout=5).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        commit = ""
    return {
        "tau_indian_bank": __version__,
        "git_commit": commit or "unknown",
        "tasks_sha256": sha(source.tasks_file),
        "seed_manifest_sha256": sha(source.seed_dir / SEED_MANIFEST),
        "policy_sha256": sha(POLICY_FILE),
        "customer_guidelines_version": guidelines_version(),
        "edition": identity(source).to_json(),
    }
