"""What an edition shares with the public suite, and the leak check.

Overlap, measured (each a figure of ``edition compare``):

* **customers** — customer ids in both banks, and people with the same name and date of birth;
* **record ids** — every id and reference of both banks (``seeding.reserved``: accounts,
  deposits, cards, loans, mandates, requests, policies, transactions and their references);
  the product catalogue is shared by design and not counted;
* **exact figures** — the rupee figures (₹…) written in the tasks, in both suites; with
  paise, and whole rupees (a round principal, a standard fee) apart;
* **scenarios** — a task's whole scenario (its reason, known and unknown information and
  instructions) that a public task has word for word: the scenario of one public task that
  describes one of its records (``specific_scenarios``: ``edition new`` draws such a task
  again, so none should remain), or wording shared by design: a family's fixed wording that
  several public tasks have ("When is my next personal loan EMI due?") or a question about
  the bank, not the customer's records (today's 22-carat gold rate, a rules question);
* **scenario sentences** — sentences of the scenarios found in the public suite: template
  sentences (no figure, digit or date: the family's fixed wording, shared by design) and
  sentences with data (a month, a round amount, four digits of an account that happen to
  coincide).

The **leak check** flags any string of the edition that identifies a record and appears
verbatim in the public material (the public suite's files, the policy, the regulations):
an id or reference of the edition's bank found in that material, or an id or reference of
the public bank found in the edition's tasks (a family that hard-codes a public record).
Shared wording (the templates above, the policy's and regulations' own text, the product
catalogue) is not a leak.
"""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from tau_indian_bank.editions.figures import Figure
from tau_indian_bank.paths import POLICY_DIR, PUBLIC, REGULATIONS_DIR, DataSource
from tau_indian_bank.tasks.builder import carries_data, scenario_text
from tau_indian_bank.text import amounts
from tau_indian_bank.text import sentences as text_sentences
from tau_indian_bank.vocabulary import DOMAIN_NAME, ROBUST_TASK_SET

_TOKEN = re.compile(r"[A-Za-z0-9/]+")


@dataclass
class Overlap:
    """What one edition shares with the public suite: figures for the table, and the leaks found."""

    figures: list[Figure] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    #: Figures that must be zero for the edition to count as unseen (name -> value).
    must_be_zero: dict[str, int] = field(default_factory=dict)


def _task_files(source: DataSource) -> list[Path]:
    from tau_indian_bank.tasks.suite_files import task_set_files

    return [path for name in (DOMAIN_NAME, ROBUST_TASK_SET) for path in task_set_files(name, source)]


def _tasks(source: DataSource) -> list[Mapping[str, Any]]:
    from tau_indian_bank.tasks.suite_files import load_suite, task_set_files

    return [t for name in (DOMAIN_NAME, ROBUST_TASK_SET) for t in load_suite(task_set_files(name, source)[0])]


@lru_cache(maxsize=4)
def _ids(seed_dir: str, *stamp: int) -> frozenset[str]:
    from tau_indian_bank.seeding.reserved import reserved_ids

    return reserved_ids(Path(seed_dir))


def _people(source: DataSource) -> dict[str, tuple[str, str]]:
    with (source.seed_dir / "customers.csv").open(newline="", encoding="utf-8") as handle:
        return {row["customer_id"]: (row["full_name"], row["date_of_birth"]) for row in csv.DictReader(handle)}


def _tokens(texts: Iterable[str]) -> set[str]:
    return {token for text in texts for token in _TOKEN.findall(text)}


def _shared_material() -> list[str]:
    """The policy and every regulation document, as text."""
    paths = [*sorted(POLICY_DIR.glob("*.md")), *sorted(REGULATIONS_DIR.glob("*.md"))]
    return [path.read_text(encoding="utf-8") for path in paths]


def names_a_record(task: Mapping[str, Any]) -> bool:
    """Whether a task's gold chain names one of the customer's records (an id argument, a cheque number)."""
    from tau_indian_bank.evaluation.safety import id_values

    return any(
        id_values(str(call.get("name")), call.get("arguments") or {})
        for call in (task.get("evaluation_criteria") or {}).get("actions") or []
    )


def specific_scenarios(tasks: Iterable[Mapping[str, Any]]) -> frozenset[str]:
    """The scenarios that describe one task's own record: of that task only, naming figures or dates, about a record.

    The others are shared by design: a family's fixed wording that several tasks have ("When is my next
    personal loan EMI due?"), or a question about the bank rather than the customer's records (today's
    22-carat gold rate, a rules question), the same in every edition.
    """
    tasks = list(tasks)
    counts = Counter(scenario_text(t) for t in tasks)
    return frozenset(text for t in tasks if counts[text := scenario_text(t)] == 1 and carries_data(text) and names_a_record(t))


def sentences(task: Mapping[str, Any]) -> set[str]:
    """The sentences of a task's scenario and persona."""
    persona = str((task.get("user_scenario") or {}).get("persona") or "")
    parts = text_sentences(f"{persona}\n{scenario_text(task)}")
    return {part.strip().lstrip("- ").strip() for part in parts if len(part.strip()) > 3}


def figures_in(texts: Iterable[str]) -> set[int]:
    """Every rupee amount the texts state, in paise (read by the text layer: ₹, Rs., lakh, in words…)."""
    return {amount.paise for text in texts for amount in amounts(text)}


def with_paise(figures: Iterable[int]) -> set[int]:
    """The figures that are not whole rupees (₹7,62,636.14, not ₹7,50,000)."""
    return {figure for figure in figures if figure % 100}


def _count(part: int, whole: int) -> str:
    return f"{part} of {whole:,}"


def _identity_figures(edition: DataSource, overlap: Overlap) -> None:
    public_people, people = _people(PUBLIC), _people(edition)
    same_id = sorted(set(public_people) & set(people))
    same_person = sorted(set(public_people.values()) & set(people.values()))
    ids = _ids(*edition.key) & _ids(*PUBLIC.key)
    overlap.figures += [
        Figure("overlap", "customers (same id)", _count(len(same_id), len(people)), False),
        Figure("overlap", "people (same name and date of birth)", _count(len(same_person), len(people)), False),
        Figure("overlap", "record ids and references", _count(len(ids), len(_ids(*edition.key))), False),
    ]
    overlap.must_be_zero.update(
        {
            "customers (same id)": len(same_id),
            "people (same name and date of birth)": len(same_person),
            "record ids and references": len(ids),
        }
    )


def _text_figures(public_tasks: Sequence[Mapping[str, Any]], tasks: Sequence[Mapping[str, Any]], overlap: Overlap) -> None:
    mine = figures_in(json.dumps(t, ensure_ascii=False) for t in tasks)
    theirs = figures_in(json.dumps(t, ensure_ascii=False) for t in public_tasks)
    paise = with_paise(mine)
    scenarios, specific = {scenario_text(t) for t in public_tasks}, specific_scenarios(public_tasks)
    repeated = [scenario_text(t) for t in tasks if scenario_text(t) in scenarios]
    whole = sum(text in specific for text in repeated)
    public_sentences = set().union(*(sentences(t) for t in public_tasks))
    own = set().union(*(sentences(t) for t in tasks))
    shared = own & public_sentences
    with_data = sorted(s for s in shared if carries_data(s))
    overlap.figures += [
        Figure("overlap", "exact figures with paise (₹….pp)", _count(len(paise & theirs), len(paise)), False),
        Figure("overlap", "exact figures in whole rupees", _count(len((mine - paise) & theirs), len(mine - paise)), False),
        Figure("overlap", "scenarios describing a public task's record", _count(whole, len(tasks)), False),
        Figure("overlap", "scenarios shared by design (fixed wording, about the bank)", _count(len(repeated) - whole, len(tasks)), False),
        Figure("overlap", "scenario sentences shared: template wording", _count(len(shared) - len(with_data), len(own)), False),
        Figure(
            "overlap",
            "scenario sentences shared: with data",
            _count(len(with_data), len(own)) + (f" (e.g. {with_data[0]!r})" if with_data else ""),
            False,
        ),
    ]
    overlap.must_be_zero["scenarios describing a public task's record"] = whole


def _leaks(edition: DataSource, overlap: Overlap) -> None:
    """Record-identifying strings of one side found verbatim in the other side's material."""
    own_ids, public_ids = _ids(*edition.key), _ids(*PUBLIC.key)
    public_text = _tokens([*(p.read_text(encoding="utf-8") for p in _task_files(PUBLIC)), *_shared_material()])
    edition_text = _tokens(p.read_text(encoding="utf-8") for p in _task_files(edition))
    found = [
        f"{token}: an id of this edition's bank, in the public suite, policy or regulations" for token in sorted(own_ids & public_text)
    ]
    found += [f"{token}: an id of the public bank, in this edition's tasks" for token in sorted(public_ids & edition_text)]
    overlap.leaks += found
    overlap.figures.append(
        Figure(
            "leak check",
            "record-identifying strings in the other side's material",
            str(len(found)) + (f" (e.g. {found[0]})" if found else ""),
            False,
        )
    )
    overlap.must_be_zero["leak check"] = len(found)


def public_overlap(edition: DataSource) -> Overlap:
    """Everything ``edition`` shares with the public suite, and its leaks."""
    overlap = Overlap()
    _identity_figures(edition, overlap)
    _text_figures(_tasks(PUBLIC), _tasks(edition), overlap)
    _leaks(edition, overlap)
    return overlap
