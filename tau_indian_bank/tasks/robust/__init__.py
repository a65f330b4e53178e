"""The robustness task set (``indian_bank_robust``): customers who say no, err, push or misuse.

Families are ordinary :class:`~tau_indian_bank.tasks.framework.Family` objects whose category
is a robustness axis (``vocabulary.AXES``) and whose name starts with it; their task ids are
``rob_<family name>_NNNN``. One module per group of axes:

* ``behaviour`` — the customer's conduct: decline, change_of_mind, not_enough_info,
  wrong_info, contradiction, context_switch, confusing_intent (there), long_context
  (``long_context``) and code_mixed (``code_mixed``); the cue lines they script the customer
  with are in ``cues``;
* ``environment_axes`` — what the assistant is shown: tool_fault, injected_instructions,
  irrelevant_results, unseen_tool;
* ``refusals`` — misuse and requests the bank must refuse: out_of_scope, third_party,
  social_engineering, credentials, advice, harmful_or_inappropriate, fabrication (the families
  are in ``refusals_on_record``, ``refusals_pressure`` and ``refusals_outright``, by what the
  refusal rests on; ``refusals`` lists them in generation order).

* ``round2`` — a third kind of each situation on every axis (``conduct_more``, ``wrong_info_more``,
  ``contradiction_more``, ``environment_more``, ``refusals_more``), generated after the rest.

Each family carries its quota (``Family.quota``); ``tasks.builder`` writes ``tasks/robust/tasks.json``
and ``split_tasks.json``, and ``checks`` holds the set's composition rules (per axis).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from tau_indian_bank.tasks.framework import Family
from tau_indian_bank.tasks.robust import behaviour, environment_axes, refusals, round2

#: The groups in generation order; each module's ``FAMILIES`` gives the order within it. The second round comes
#: last, so the first round's families draw the same customers and random numbers as when they shipped.
GROUPS: tuple[ModuleType, ...] = (behaviour, environment_axes, refusals, round2)


def all_robust_families() -> list[Family[Any]]:
    """Every robustness family, in generation order."""
    return [family for group in GROUPS for family in group.FAMILIES]
