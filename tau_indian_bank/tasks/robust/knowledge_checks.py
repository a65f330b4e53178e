"""``validate``'s rules for knowledge-base questions with planted near misses (``irrelevant_results``).

A near miss is a trap only while it does not give itself away, and the question is a test of
the search only while nothing else answers it:

* :func:`decoy_problems` — every near miss the task plants (``tools.staging.near_miss``) states
  its own figure and never the genuine one, in any notation (``75.00%``, ``75%``), and keeps no
  worked example: an example computed at the genuine figure would show which figure is real;
* :func:`policy_problems` — no sentence of the servicing policy states the figure asked for
  about the question's topic (the policy is the assistant's system prompt: a figure there needs
  no search);
* :func:`question_problems` — the customer's question is a question a customer asks, not a
  copy of the section's title with the figure cut out ("gold loan LTV of what rate of gold
  value?").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from tau_indian_bank.bank.money import parse_rupees
from tau_indian_bank.text import amounts, percents

#: A worked example, or a table of figures derived from the genuine one (the per-gram value of each purity).
_WORKED = re.compile(r"\s=\s|\bExamples?\b|^\|.*[0-9]", re.MULTILINE)
_SENTENCE = re.compile(r"[^.;\n]+(?:\.(?=\d)[^.;\n]*)*")
_WORDS = re.compile(r"[a-z0-9]+")
#: Query words too general to tie a policy sentence to the question's topic.
_GENERAL = frozenset(
    "what which amount rate figure limit limits per day the of for and a an in on to is are with from under rules rule current bank".split()
)
_COPIED_RUN = 6


def _planted(task: Mapping[str, Any]) -> list[dict[str, Any]]:
    actions = task["initial_state"].get("initialization_actions") or []
    return [a["arguments"] for a in actions if a.get("func_name") == "plant_near_miss"]


def planted_near_misses(task: Mapping[str, Any]) -> bool:
    """Does the task plant near-miss regulation sections (the tasks these rules apply to)?"""
    return bool(_planted(task))


def mentions_figure(text: str, figure: str) -> bool:
    """Does ``text`` state ``figure`` (``₹2,00,000`` or ``75.00%``) by value, in any notation?"""
    if figure.endswith("%"):
        return any(p.value == Decimal(figure[:-1]) for p in percents(text))
    return any(a.paise == parse_rupees(figure) for a in amounts(text))


def decoy_problems(task: Mapping[str, Any]) -> list[str]:
    """A planted near miss that states the genuine figure, omits its own, or keeps a worked example."""
    from tau_indian_bank.tools.staging import near_miss, near_miss_figure, regulation_section

    problems = []
    for planted in _planted(task):
        decoy = near_miss(regulation_section(planted["document_id"], planted["section"]), planted["figure"], planted["variant"])
        text = f"{decoy.heading}\n{decoy.body}"
        if mentions_figure(text, planted["figure"]):
            problems.append(f"the {planted['variant']} near miss still states the genuine {planted['figure']}")
        if not mentions_figure(text, near_miss_figure(planted["figure"], planted["variant"])):
            problems.append(f"the {planted['variant']} near miss does not state its own figure")
        if _WORKED.search(text):
            problems.append(f"the {planted['variant']} near miss keeps a worked example from the genuine section")
    return problems


def _topic_words(task: Mapping[str, Any]) -> set[str]:
    queries = [a["arguments"]["query"] for a in task["evaluation_criteria"]["actions"] if a["name"] == "search_regulations"]
    return {w for q in queries for w in _WORDS.findall(q.lower()) if w not in _GENERAL and len(w) > 2}


def policy_problems(task: Mapping[str, Any], policy: str) -> list[str]:
    """A policy sentence that states the figure the task asks the knowledge base for, about the question's topic.

    About the topic: the sentence shares two of the search query's distinctive words (all of them if it has fewer).
    """
    topic = _topic_words(task)
    problems = []
    for figure in sorted({p["figure"] for p in _planted(task)}):
        for sentence in _SENTENCE.findall(policy):
            shared = set(_WORDS.findall(sentence.lower())) & topic
            if mentions_figure(sentence, figure) and shared and len(shared) >= min(2, len(topic)):
                problems.append(f"the policy states {figure} ({', '.join(sorted(shared))}): {sentence.strip()[:80]!r}")
                break
    return problems


def _opening(task: Mapping[str, Any]) -> str:
    found = re.search(r'Opening line:\s*"([^"]+)"', task["user_scenario"]["instructions"]["task_instructions"])
    return found[1] if found else ""


def question_problems(task: Mapping[str, Any]) -> list[str]:
    """The question copies the section's title (the figure cut out, or six words or more in a row)."""
    opening = " ".join(_WORDS.findall(_opening(task).lower()))
    problems = []
    for planted in _planted(task)[:1]:
        heading = re.sub(r"^[0-9]+\.\s*", "", planted["section"]).lower()
        pieces = [" ".join(_WORDS.findall(p)) for p in heading.split(planted["figure"].lower())]
        garbled = " what amount ".join(pieces).strip(), " what rate ".join(pieces).strip()
        words = " ".join(_WORDS.findall(heading)).split()
        runs = {" ".join(words[i : i + _COPIED_RUN]) for i in range(len(words) - _COPIED_RUN + 1)}
        if any(g and g in opening for g in garbled) or any(f" {r} " in f" {opening} " for r in runs):
            problems.append(f"the question copies the section title {planted['section']!r}")
    return problems
