"""The bank's databases: one process-wide template per edition, and a small copy per session.

The template holds the whole bank, built once per process and edition from the reviewable
seed files (``data/seed``, or the active edition's: ``paths.data_source``). A session
never needs more than one customer's world, so a session database holds the reference
tables (branches, offers, the regulation index) and, once a customer logs in, that
customer's rows only. Building one is a backup of the small reference part plus a few
indexed copies: tens of microseconds to a millisecond, against ~200 ms for tau2's stock
retail domain.

The final-state digest still covers the whole bank. Each table's digest is a multiset
hash: the sum modulo 2**256 of the SHA-256 of every row's canonical form. The bank's
digest for a table is therefore ``whole template - rows copied in + rows now in the
session``, which is independent of row order and needs only the session's rows.
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import json
import sqlite3
import threading
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.schema import CreateIndex, CreateTable
from sqlmodel import SQLModel

from tau_indian_bank.bank import knowledge
from tau_indian_bank.bank.schema import BUSINESS_TABLES, REFERENCE_TABLES, table_of
from tau_indian_bank.errors import DataFileError, UnknownCustomerError
from tau_indian_bank.paths import SEED_MANIFEST, data_source, file_stamp

_MOD = 2**256


@dataclass(frozen=True)
class TableShape:
    """What the store needs to know about one table."""

    name: str
    columns: tuple[str, ...]
    kinds: tuple[str, ...]  # "int" | "bool" | "str", per column
    nullable: tuple[bool, ...]
    hashed: tuple[int, ...]  # indexes of columns that enter the digest
    primary_key: tuple[str, ...]


def _shape(model: type[SQLModel]) -> TableShape:
    table = table_of(model)
    columns, kinds, nullable, hashed = [], [], [], []
    for index, column in enumerate(table.columns):
        python_type = column.type.python_type
        columns.append(column.name)
        kinds.append("bool" if python_type is bool else "int" if python_type is int else "str")
        nullable.append(bool(column.nullable))
        if not column.info.get("free_text"):
            hashed.append(index)
    return TableShape(
        name=table.name,
        columns=tuple(columns),
        kinds=tuple(kinds),
        nullable=tuple(nullable),
        hashed=tuple(hashed),
        primary_key=tuple(c.name for c in table.primary_key.columns),
    )


SHAPES: dict[str, TableShape] = {shape.name: shape for shape in map(_shape, BUSINESS_TABLES)}

# Rows of one customer, per table. ``:c`` is the customer id.
_HELD_ACCOUNTS = "SELECT account_id FROM account_holders WHERE customer_id = :c"
PARTITION_FILTERS: dict[str, str] = {
    "customers": "customer_id = :c",
    "addresses": "customer_id = :c",
    "account_holders": f"account_id IN ({_HELD_ACCOUNTS})",
    "accounts": f"account_id IN ({_HELD_ACCOUNTS})",
    "transactions": f"account_id IN ({_HELD_ACCOUNTS})",
    "deposits": "customer_id = :c",
    "loans": "customer_id = :c",
    "cards": "customer_id = :c",
    "card_controls": "card_id IN (SELECT card_id FROM cards WHERE customer_id = :c)",
    "mandates": f"account_id IN ({_HELD_ACCOUNTS})",
    "cheque_books": f"account_id IN ({_HELD_ACCOUNTS})",
    "cheques": f"account_id IN ({_HELD_ACCOUNTS})",
    "statement_requests": f"account_id IN ({_HELD_ACCOUNTS})",
    "service_requests": "customer_id = :c",
    "insurance_policies": "customer_id = :c",
    "handoffs": "customer_id = :c",
}
assert set(PARTITION_FILTERS) | REFERENCE_TABLES == set(SHAPES), "every table needs a partition rule"


def _ddl() -> list[str]:
    dialect = sqlite_dialect.dialect()
    statements = []
    for model in BUSINESS_TABLES:
        table = table_of(model)
        statements.append(str(CreateTable(table).compile(dialect=dialect)).strip())
        statements.extend(str(CreateIndex(index).compile(dialect=dialect)).strip() for index in table.indexes)
    return statements


def row_digest(table: str, row: Iterable[object]) -> int:
    """Hash one row's canonical form (free-text columns already removed) to an integer."""
    canonical: list[object] = [table]
    for value in row:
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        elif isinstance(value, bool):
            value = int(value)
        canonical.append(value)
    payload = json.dumps(canonical, separators=(",", ":"), ensure_ascii=False)
    return int.from_bytes(hashlib.sha256(payload.encode("utf-8")).digest(), "big")


def _select_hashed(shape: TableShape, where: str = "") -> str:
    cols = ", ".join(shape.columns[i] for i in shape.hashed)
    return f"SELECT {cols} FROM {shape.name}" + (f" WHERE {where}" if where else "")


def table_digests(conn: sqlite3.Connection, filters: dict[str, str] | None = None, **params: str) -> dict[str, tuple[int, int]]:
    """Return ``{table: (multiset digest, row count)}`` for every business table."""
    digests = {}
    for name, shape in SHAPES.items():
        where = filters.get(name, "") if filters is not None else ""
        if filters is not None and not where:
            continue
        total, count = 0, 0
        for row in conn.execute(_select_hashed(shape, where), params if where else {}):
            total = (total + row_digest(name, row)) % _MOD
            count += 1
        digests[name] = (total, count)
    return digests


def _read_csv(path: Path, shape: TableShape) -> Iterator[tuple[object, ...]]:
    try:
        handle = path.open(newline="", encoding="utf-8")
    except OSError as exc:
        raise DataFileError(f"{path}: cannot read seed file ({exc.strerror})") from exc
    with handle:
        reader = csv.reader(handle)
        header = next(reader, None)
        if header is None or tuple(header) != shape.columns:
            raise DataFileError(f"{path}: header does not match table {shape.name!r}; regenerate the seed")
        for line_no, record in enumerate(reader, start=2):
            if len(record) != len(shape.columns):
                raise DataFileError(f"{path}:{line_no}: expected {len(shape.columns)} fields, found {len(record)}")
            try:
                yield tuple(_cell(text, kind, nullable) for text, kind, nullable in zip(record, shape.kinds, shape.nullable))
            except ValueError as exc:
                raise DataFileError(f"{path}:{line_no}: {exc}") from exc


def _cell(text: str, kind: str, nullable: bool) -> object:
    if text == "":
        if nullable:
            return None
        raise ValueError("empty value in a required column")
    if kind == "int":
        return int(text)
    if kind == "bool":
        if text not in ("0", "1"):
            raise ValueError(f"boolean must be 0 or 1, found {text!r}")
        return text == "1"
    return text


def _insert_sql(shape: TableShape) -> str:
    return f"INSERT INTO {shape.name} ({', '.join(shape.columns)}) VALUES ({', '.join('?' * len(shape.columns))})"


class _Template:
    """The whole bank in memory, plus the small reference part every session starts from."""

    def __init__(self, seed_dir: Path) -> None:
        self.lock = threading.Lock()
        self.full = sqlite3.connect(":memory:", check_same_thread=False)
        self.reference = sqlite3.connect(":memory:", check_same_thread=False)
        self.knowledge = sqlite3.connect(":memory:", check_same_thread=False)
        for conn in (self.full, self.reference):
            for statement in _ddl():
                conn.execute(statement)
        for shape in SHAPES.values():
            rows = list(_read_csv(seed_dir / f"{shape.name}.csv", shape))
            self.full.executemany(_insert_sql(shape), rows)
            if shape.name in REFERENCE_TABLES:
                self.reference.executemany(_insert_sql(shape), rows)
        knowledge.build_index(self.knowledge)
        self.full.commit()
        self.reference.commit()
        self._digests: dict[str, tuple[int, int]] | None = None
        self._partitions: dict[str, dict[str, tuple[int, int]]] = {}
        self._rows: dict[str, dict[str, list[tuple[object, ...]]]] = {}

    def partition_rows(self, customer_id: str) -> dict[str, list[tuple[object, ...]]]:
        """One customer's rows of every partitioned table (read once, then cached)."""
        with self.lock:
            cached = self._rows.get(customer_id)
            if cached is None:
                if self.full.execute("SELECT 1 FROM customers WHERE customer_id = ?", (customer_id,)).fetchone() is None:
                    raise UnknownCustomerError(f"no customer with id {customer_id!r}")
                cached = {
                    name: self.full.execute(f"SELECT * FROM {name} WHERE {where}", {"c": customer_id}).fetchall()
                    for name, where in PARTITION_FILTERS.items()
                }
                self._rows[customer_id] = cached
            return cached

    def partition_digests(self, customer_id: str, copy: sqlite3.Connection) -> dict[str, tuple[int, int]]:
        """Digests of one customer's rows (computed from a fresh copy once, then cached)."""
        with self.lock:
            cached = self._partitions.get(customer_id)
        if cached is None:
            cached = table_digests(copy, PARTITION_FILTERS, c=customer_id)
            with self.lock:
                self._partitions[customer_id] = cached
        return cached

    def digests(self) -> dict[str, tuple[int, int]]:
        """Digest of every table of the whole bank (computed once, ~0.2 s)."""
        with self.lock:
            if self._digests is None:
                self._digests = table_digests(self.full)
            return self._digests


#: Templates by edition (``DataSource.key``), most recently used last; a few at most.
_TEMPLATES: dict[tuple[object, ...], _Template] = {}
_TEMPLATES_KEPT = 3
_TEMPLATE_LOCK = threading.Lock()


def template(seed_dir: Path | None = None) -> _Template:
    """Return the template of the active edition's bank (or of ``seed_dir``), building it on first use.

    One template per edition and process, keyed by the seed folder and its manifest's identity
    on disk, so a process that switches editions (or rewrites a seed folder) never reads another
    edition's bank.
    """
    folder = data_source().seed_dir if seed_dir is None else seed_dir
    key = (str(folder),) + file_stamp(folder / SEED_MANIFEST)
    found = _TEMPLATES.get(key)
    if found is None:
        with _TEMPLATE_LOCK:
            found = _TEMPLATES.get(key)
            if found is None:
                found = _Template(folder)
                _TEMPLATES[key] = found
                while len(_TEMPLATES) > _TEMPLATES_KEPT:
                    del _TEMPLATES[next(iter(_TEMPLATES))]
    return found


class BankDatabase:
    """One session's database: the reference tables plus the logged-in customer's rows.

    Every write goes through :meth:`insert` or :meth:`update`, which keep each table's
    multiset digest current row by row, so the final-state hash costs a few microseconds
    however many rows the customer has. :meth:`savepoint` undoes rows and digests alike.
    """

    def __init__(self) -> None:
        source = template()
        #: The bank this session was built from (the active edition's when it started).
        self.source = source
        self.conn = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
        self.conn.row_factory = sqlite3.Row
        with source.lock:
            source.reference.backup(self.conn)
        self.customer_id: str | None = None
        #: Sections a robustness task planted in this session's knowledge base (near misses), if any.
        self.planted: list[knowledge.Section] = []
        whole = source.digests()
        # What this session holds of each table, as copied in (reference tables whole) and now.
        self._copied: dict[str, tuple[int, int]] = {name: whole[name] for name in REFERENCE_TABLES}
        self._current = dict(self._copied)
        self._cached_hash: str | None = None

    def load_customer(self, customer_id: str) -> None:
        """Copy one customer's rows from the template; a session does this once."""
        if self.customer_id is not None:
            raise RuntimeError("a customer is already logged in to this session")
        source = self.source
        rows = source.partition_rows(customer_id)
        self.conn.execute("BEGIN")
        for name, table_rows in rows.items():
            self.conn.executemany(_insert_sql(SHAPES[name]), table_rows)
        self.conn.execute("COMMIT")
        self._copied.update(source.partition_digests(customer_id, self.conn))
        self._current = dict(self._copied)
        self.customer_id = customer_id
        self._cached_hash = None

    # --- writes (the only ones: they keep the digests current) -------------------------

    def _count(self, table: str, rowid: int, sign: int) -> None:
        shape = SHAPES[table]
        row = self.conn.execute(_select_hashed(shape, "rowid = ?"), (rowid,)).fetchone()
        total, count = self._current.get(table, (0, 0))
        self._current[table] = ((total + sign * row_digest(table, row)) % _MOD, count + sign)
        self._cached_hash = None

    def insert(self, table: str, row: Mapping[str, object]) -> None:
        """Insert one row."""
        names = ", ".join(row)
        cursor = self.conn.execute(f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' * len(row))})", tuple(row.values()))
        assert cursor.lastrowid is not None  # set by every INSERT
        self._count(table, cursor.lastrowid, +1)

    def update(self, table: str, key: Mapping[str, object], changes: Mapping[str, object]) -> None:
        """Change one row, found by its key."""
        condition = " AND ".join(f"{column} = ?" for column in key)
        found = self.conn.execute(f"SELECT rowid FROM {table} WHERE {condition}", tuple(key.values())).fetchall()
        assert len(found) == 1, f"update of {table} {dict(key)} matches {len(found)} rows"
        rowid = found[0][0]
        self._count(table, rowid, -1)
        assignments = ", ".join(f"{column} = ?" for column in changes)
        self.conn.execute(f"UPDATE {table} SET {assignments} WHERE rowid = ?", (*changes.values(), rowid))
        self._count(table, rowid, +1)

    @contextlib.contextmanager
    def savepoint(self) -> Iterator[None]:
        """Run a block so that, if it raises, its rows and digests are undone."""
        before, cached = dict(self._current), self._cached_hash
        self.conn.execute("SAVEPOINT tool_call")
        try:
            yield
        except BaseException:
            self.conn.execute("ROLLBACK TO tool_call")
            self.conn.execute("RELEASE tool_call")
            self._current, self._cached_hash = before, cached
            raise
        self.conn.execute("RELEASE tool_call")

    # --- reads -------------------------------------------------------------------------

    def search_knowledge(self, query: str) -> list[dict[str, str]]:
        """Search the regulation index (shared, read-only, outside the session's tables).

        Sections planted in this session (:meth:`plant_section`) that match come first, each in
        place of the shared section of the same document and heading, if any.
        """
        source = self.source
        with source.lock:
            found = knowledge.search(source.knowledge, query)
        if not self.planted:
            return found
        index = sqlite3.connect(":memory:")
        try:
            knowledge.index_sections(index, self.planted)
            planted = knowledge.search(index, query, limit=len(self.planted))
        finally:
            index.close()
        replaced = {(p["document_id"], p["section"]) for p in planted}
        return planted + [r for r in found if (r["document_id"], r["section"]) not in replaced]

    def plant_section(self, section: knowledge.Section) -> None:
        """Add a section to this session's knowledge base only (not hashed: the knowledge base is no business table)."""
        self.planted.append(section)

    def digest(self) -> str:
        """Canonical SHA-256 of every business table of the bank as this session leaves it."""
        if self._cached_hash is None:
            whole = self.source.digests()
            parts = []
            for name in sorted(SHAPES):
                total, count = whole[name]
                if name in self._current:
                    copied, copied_count = self._copied[name]
                    now, now_count = self._current[name]
                    total, count = (total - copied + now) % _MOD, count - copied_count + now_count
                parts.append(f"{name}:{count}:{total:064x}")
            self._cached_hash = hashlib.sha256("\n".join(parts).encode("ascii")).hexdigest()
        return self._cached_hash
