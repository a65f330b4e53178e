"""``tau-indian-bank edition compare DIR [DIR…]``: is each edition equivalent to the public suite, and unseen?

One table, one column for the public suite and one per edition: every composition figure of
both task sets (:mod:`.figures`; ``=`` marks a figure equal to the public one, ``≠`` one
that differs), the records the tasks touch, what each edition shares with the public suite
and its leak check (:mod:`.overlap`). Then one verdict line per edition: equivalent when
every fixed composition figure equals the public suite's, and unseen when it shares no
customer, person, record id or whole scenario with it and the leak check finds nothing.
The exit status is 0 only if every edition is both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tau_indian_bank.editions.figures import Figure, measure
from tau_indian_bank.editions.manifest import PUBLIC as PUBLIC_IDENTITY
from tau_indian_bank.editions.manifest import Identity, verify
from tau_indian_bank.editions.overlap import Overlap, public_overlap
from tau_indian_bank.paths import PUBLIC, DataSource, edition_source


@dataclass(frozen=True)
class Column:
    """One edition's column: its identity, figures and overlap (None for the public suite)."""

    identity: Identity
    figures: list[Figure]
    overlap: Overlap | None

    def value(self, section: str, name: str) -> str | None:
        return next((f.value for f in self.figures if (f.section, f.name) == (section, name)), None)


def column(source: DataSource) -> Column:
    """Measure one edition (the public suite when ``source`` is :data:`paths.PUBLIC`)."""
    if source.root is None:
        return Column(PUBLIC_IDENTITY, measure(source), None)
    return Column(verify(source.root), measure(source), public_overlap(source))


def differences(public: Column, edition: Column) -> list[str]:
    """The fixed composition figures in which an edition differs from the public suite."""
    mine = {(f.section, f.name): f.value for f in edition.figures}
    return [
        f"{f.section} {f.name}: {mine.get((f.section, f.name))} (public {f.value})"
        for f in public.figures
        if f.fixed and mine.get((f.section, f.name)) != f.value
    ]


def render(public: Column, editions: Sequence[Column]) -> str:
    """The comparison table."""
    columns = [public, *editions]
    rows: list[tuple[str, str, list[str]]] = []
    for figure in public.figures:
        cells = [figure.value]
        for other in editions:
            value = other.value(figure.section, figure.name)
            mark = "=" if value == figure.value else "≠"
            cells.append(f"{mark} {value if value is not None else '–'}")
        rows.append((figure.section, figure.name + ("" if figure.fixed else " ~"), cells))
    for index, figure in enumerate(editions[0].overlap.figures if editions and editions[0].overlap else []):
        rows.append((figure.section, figure.name, ["–", *(e.overlap.figures[index].value for e in editions if e.overlap)]))
    width = [max(len(r[1]) for r in rows), *(max(len(c.identity.label), *(len(r[2][i]) for r in rows)) for i, c in enumerate(columns))]
    lines = ["  ".join([f"{'figure':<{width[0]}}", *(f"{c.identity.label:<{w}}" for c, w in zip(columns, width[1:]))]).rstrip()]
    section = None
    for name, label, cells in rows:
        if name != section:
            lines.append(f"[{name}]")
            section = name
        lines.append("  ".join([f"{label:<{width[0]}}", *(f"{cell:<{w}}" for cell, w in zip(cells, width[1:]))]).rstrip())
    lines.append(
        "~ measured: follows from the drawn records (shown beside the public value); the others are fixed by the "
        "quota plan and must be equal (=)"
    )
    return "\n".join(lines)


def verdict(public: Column, edition: Column) -> tuple[bool, str]:
    """(ok, one line): equivalent (fixed figures equal) and unseen (nothing shared that must not be, no leak)."""
    different = differences(public, edition)
    shared = {k: v for k, v in (edition.overlap.must_be_zero if edition.overlap else {}).items() if v}
    ok = not different and not shared
    line = (
        f"{edition.identity.label}: "
        + (
            "composition equals the public suite's"
            if not different
            else f"composition differs in {len(different)} figure(s), e.g. {different[0]}"
        )
        + "; "
        + (
            "shares no customer, record id or scenario with it, and the leak check finds nothing"
            if not shared
            else "shares " + ", ".join(f"{k} {v}" for k, v in shared.items())
        )
    )
    return ok, line


def compare_main(folders: Sequence[Path]) -> int:
    """Print the comparison of the public suite and each edition; 0 if every edition is equivalent and unseen."""
    public = column(PUBLIC)
    editions = [column(edition_source(str(Path(folder)))) for folder in folders]
    print(render(public, editions))
    results = [verdict(public, edition) for edition in editions]
    for _, line in results:
        print(line)
    for edition in editions:
        for leak in (edition.overlap.leaks if edition.overlap else [])[:20]:
            print(f"leak ({edition.identity.label}): {leak}")
    return 0 if all(ok for ok, _ in results) else 1
