"""A temporary stand-in for the customer audit (``evaluation/customer/``, issue 22, built on branch ``audit``).

It keeps the contract of ``/work/coord/AUDIT.md`` (``AUDITS``, ``audit_session``,
``customer_error``) so that the qualification run can be built and tested before the audit is
merged; :mod:`.fidelity` reaches it through one import line, which then points at
``tau_indian_bank.evaluation.customer`` and this module is deleted. It judges only blatant
errors, through the text layer: C1 a last four, cheque number or amount found neither in the
scenario nor in what the assistant said; C3 a no to the proposal of a change the gold chain makes
(in a task without scripted cues) or a yes to one in a task whose gold chain changes nothing;
C4 the transfer token with no hand-over made, or the stop token over an assistant question; C6
a turn of four words or more in another language than the scenario's. C2 and C5 are ``n/a``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tau_indian_bank.evaluation.gates.base import NOT_APPLICABLE, PASS, GateOutcome
from tau_indian_bank.evaluation.transcript import Transcript
from tau_indian_bank.text import affirmation, amount_values, cheque_numbers, endings, language_of, read_message
from tau_indian_bank.tools.catalogue import STATE_CHANGING_TOOLS, TRANSFER_TOOL
from tau_indian_bank.vocabulary import STOP, TRANSFER

AUDITS: tuple[str, ...] = ("C1", "C2", "C3", "C4", "C5", "C6")
TITLES = {"C1": "invented", "C2": "unknown stated", "C3": "wrong consent", "C4": "wrong ending", "C5": "skipped cue",
          "C6": "language"}


def _figures(text: str) -> set[str]:
    return set(endings(text)) | set(cheque_numbers(text)) | {str(v) for v in amount_values(text)}


def audit_session(task: Mapping[str, Any], messages: Sequence[Mapping[str, Any]]) -> dict[str, GateOutcome]:
    """The stand-in audit of one session (see the module docstring)."""
    view = Transcript.of(task, messages)
    scenario = str((task.get("user_scenario") or {}).get("instructions") or "")
    language = language_of(scenario.split('Opening line: "', 1)[-1].split('"', 1)[0])
    gold = {a.get("name") for a in (task.get("evaluation_criteria") or {}).get("actions") or []}
    cued = "When the assistant" in scenario
    told, found = "", {name: PASS for name in AUDITS} | {"C2": NOT_APPLICABLE, "C5": NOT_APPLICABLE}
    turn = 0
    for index, message in enumerate(view.messages):
        text = str(message.get("content") or "")
        if message.get("role") == "assistant":
            told += "\n" + text
            continue
        if message.get("role") != "user" or index < view.history or not text.strip():
            continue
        turn += 1
        prompt = read_message(told.rsplit("\n", 1)[-1])
        invented = _figures(text) - _figures(scenario) - _figures(told)
        if invented:
            found["C1"] = GateOutcome("fail", f"turn {turn}: {sorted(invented)[0]} is in neither the scenario nor the "
                                              "assistant's words")
        if prompt.kind == "proposal":
            answer = affirmation(text)
            changes = bool(gold & STATE_CHANGING_TOOLS)
            if (answer == "no" and changes and not cued) or (answer == "yes" and not changes):
                wants = "wants" if answer == "no" else "does not want"
                found["C3"] = GateOutcome("fail", f"turn {turn}: {answer} to a proposal its scenario {wants}")
        transferred = any(c.name == TRANSFER_TOOL and c.succeeded for c in view.calls if c.index < index)
        if (TRANSFER in text and not transferred) or (STOP in text and prompt.kind in ("question", "proposal")):
            found["C4"] = GateOutcome("fail", f"turn {turn}: ended the conversation with {text.strip()[-14:]!r}")
        if len(text.split()) >= 4 and language_of(text) != language:
            found["C6"] = GateOutcome("fail", f"turn {turn}: written in {language_of(text)}, not {language}")
    return found


def customer_error(outcomes: Mapping[str, GateOutcome | str]) -> bool:
    """Any check ``fail`` (``needs_review`` is shown, not counted)."""
    return any((o if isinstance(o, str) else o.status) == "fail" for o in outcomes.values())
