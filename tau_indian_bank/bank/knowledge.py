"""The regulation knowledge base: markdown documents indexed by section in SQLite FTS5.

Ranking is FTS5's built-in BM25 (no extra dependency), with a section's heading
weighted above its title and body. Queries are free text: they are reduced to their
words and matched with OR, so punctuation or FTS syntax in a query cannot break it.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from tau_indian_bank.errors import KnowledgeBaseError
from tau_indian_bank.paths import REGULATIONS_DIR

_FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.DOTALL)
_WORD = re.compile(r"[0-9A-Za-z]+")
_REQUIRED_KEYS = ("id", "title", "topic", "effective_date")


@dataclass(frozen=True)
class Section:
    """One searchable section of a regulation document."""

    doc_id: str
    title: str
    topic: str
    effective_date: str
    heading: str
    body: str


def parse_document(path: Path) -> list[Section]:
    """Split one regulation document into its ``##`` sections."""
    text = path.read_text(encoding="utf-8")
    match = _FRONT_MATTER.match(text)
    if match is None:
        raise KnowledgeBaseError(f"{path}: missing the '---' header block")
    header = dict(line.split(":", 1) for line in match.group(1).splitlines() if ":" in line)
    header = {key.strip(): value.strip() for key, value in header.items()}
    missing = [key for key in _REQUIRED_KEYS if not header.get(key)]
    if missing:
        raise KnowledgeBaseError(f"{path}: header lacks {', '.join(missing)}")
    sections: list[Section] = []
    for chunk in re.split(r"^## ", text[match.end() :], flags=re.MULTILINE)[1:]:
        heading, _, body = chunk.partition("\n")
        sections.append(Section(header["id"], header["title"], header["topic"], header["effective_date"], heading.strip(), body.strip()))
    if not sections:
        raise KnowledgeBaseError(f"{path}: no '## ' sections")
    return sections


def load_sections(directory: Path = REGULATIONS_DIR) -> list[Section]:
    """Parse every ``*.md`` document in the regulations folder, in file-name order."""
    paths = sorted(directory.glob("*.md"))
    if not paths:
        raise KnowledgeBaseError(f"{directory}: no regulation documents found")
    return [section for path in paths for section in parse_document(path)]


def build_index(conn: sqlite3.Connection, directory: Path = REGULATIONS_DIR) -> int:
    """Create and fill the ``kb_sections`` FTS5 table; return the number of sections."""
    return index_sections(conn, load_sections(directory))


def index_sections(conn: sqlite3.Connection, sections: list[Section]) -> int:
    """Create the ``kb_sections`` FTS5 table on ``conn`` and fill it with ``sections``; return their number."""
    conn.execute(
        "CREATE VIRTUAL TABLE kb_sections USING fts5("
        "doc_id UNINDEXED, title, heading, body, effective_date UNINDEXED, tokenize = 'porter unicode61')"
    )
    conn.executemany(
        "INSERT INTO kb_sections (doc_id, title, heading, body, effective_date) VALUES (?, ?, ?, ?, ?)",
        [(s.doc_id, s.title, s.heading, s.body, s.effective_date) for s in sections],
    )
    return len(sections)


def match_expression(query: str) -> str | None:
    """Turn free text into a safe FTS5 OR-expression of its words, or None if it has none."""
    words = sorted({word.lower() for word in _WORD.findall(query)})
    if not words:
        return None
    return " OR ".join(f'"{word}"' for word in words[:32])


def search(conn: sqlite3.Connection, query: str, limit: int = 3) -> list[dict[str, str]]:
    """Return the best-ranked sections for a query, best first (ties broken by id)."""
    expression = match_expression(query)
    if expression is None:
        return []
    rows = conn.execute(
        "SELECT doc_id, title, heading, body, effective_date, bm25(kb_sections, 0.0, 2.0, 4.0, 1.0) AS score "
        "FROM kb_sections WHERE kb_sections MATCH ? ORDER BY score, doc_id, heading LIMIT ?",
        (expression, limit),
    ).fetchall()
    return [{"document_id": r[0], "title": r[1], "section": r[2], "effective_date": r[4], "text": r[3]} for r in rows]
