"""Per-session diagnostics, recomputed from a results file's session and task.

They use the same action check tau2 ran (as ENV_ASSERTIONs) on the same calls, so a
report can explain every verdict without replaying the bank. The failure class puts
each failed session in exactly one class, by this precedence:

1. ``premature_termination`` — the session did not end normally (max steps, too many
   errors, an agent or user error, a model or server error, a crash or a session that
   never ran);
2. ``unnecessary_transfer`` — handed over to a human when the gold chain does not;
3. ``wrong_arguments`` — called a tool of a missing gold call with other arguments;
4. ``wrong_or_extra_write`` — attempted a change that matches no gold change;
5. ``skipped_required_read`` — made every gold change correctly but skipped a required
   look-up: the procedural violation final-state scoring cannot see;
6. ``stopped_short`` — made only gold calls, but not all of them;
7. ``other`` — every call matched, yet the final state differs (e.g. order effects).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tau_indian_bank.evaluation.actions import ActionVerdict, check_actions, gold_calls
from tau_indian_bank.evaluation.matching import Call
from tau_indian_bank.tools.catalogue import STATE_CHANGING_TOOLS, TRANSFER_TOOL
from tau_indian_bank.tools.staging import faulted_call_ids

FAILURE_CLASSES = (
    "premature_termination",
    "unnecessary_transfer",
    "wrong_arguments",
    "wrong_or_extra_write",
    "skipped_required_read",
    "stopped_short",
    "other",
)
#: Key in the raw_data of the assistant's message that told the customer of a completed hand-over: the
#: session ended there, on the agent's side (``participants/handover.py``), and reports call its ending "transfer".
HANDOVER_KEY = "indian_bank_handover"
#: The termination reports give a session that ended on a completed hand-over (tau2 records agent_stop).
HANDOVER_ENDING = "transfer"
NORMAL_ENDINGS = frozenset({"user_stop", "agent_stop", HANDOVER_ENDING})
#: Key in a message's raw_data marking a model or server error that ended the session (its text, keys redacted).
ERROR_KEY = "indian_bank_error"
#: Beside it: which side's model failed, its name and the short cause (``plugin/model_errors.py`` writes both).
MODEL_ERROR_KEY = "indian_bank_model_error"
#: The termination a session that ended on a failed model call gets in reports (tau2 records agent_error / user_error).
MODEL_ERROR = "model_error"


@dataclass(frozen=True)
class ModelError:
    """The failed model call that ended a session: whose model (``agent`` or ``customer``), which, why."""

    side: str
    model: str | None
    cause: str
    text: str

    @property
    def summary(self) -> str:
        """One line: ``customer openai/x: Connection refused``."""
        return f"{self.side} {self.model}: {self.cause}" if self.model else f"{self.side}: {self.cause}"


def model_error(messages: Sequence[Mapping[str, Any]]) -> ModelError | None:
    """The recorded failed model call that ended a session, if any (older files: side from the message's role)."""
    for message in messages:
        raw = message.get("raw_data") if isinstance(message, Mapping) else None
        if isinstance(raw, dict) and ERROR_KEY in raw:
            text = str(raw[ERROR_KEY])
            recorded = raw.get(MODEL_ERROR_KEY)
            meta = recorded if isinstance(recorded, dict) else {}
            side = str(meta.get("side") or ("customer" if message.get("role") == "user" else "agent"))
            cause = str(meta.get("cause") or (text.splitlines()[0][:200] if text else "unknown error"))
            return ModelError(side, meta.get("model"), cause, text)
    return None


def session_error(messages: Sequence[Mapping[str, Any]]) -> str | None:
    """The recorded model or server error that ended a session, if any."""
    found = model_error(messages)
    return found.text if found else None


def ended_by_handover(messages: Sequence[Mapping[str, Any]]) -> bool:
    """Whether the session's last message is the assistant's, telling the customer of a completed hand-over."""
    last = messages[-1] if messages else {}
    return last.get("role") == "assistant" and bool((last.get("raw_data") or {}).get(HANDOVER_KEY))


def agent_calls(messages: Sequence[Mapping[str, Any]]) -> list[Call]:
    """The assistant's tool calls in order, each marked refused if its tool message was an error.

    A call a staged transient fault answered (``tools.staging``) never reached the bank and is left out.
    """
    errors = {m.get("id"): bool(m.get("error")) for m in messages if m.get("role") == "tool"}
    faulted = faulted_call_ids(messages)
    calls = []
    for message in messages:
        if message.get("role") != "assistant":
            continue
        for call in message.get("tool_calls") or []:
            if str(call.get("id")) in faulted:
                continue
            arguments = call.get("arguments")
            calls.append(
                Call(
                    str(call.get("name")),
                    arguments if isinstance(arguments, dict) else {},
                    call_id=str(call.get("id", "")),
                    refused=errors.get(call.get("id"), False),
                )
            )
    return calls


@dataclass(frozen=True)
class SessionDiagnostics:
    """What a report needs to explain one session's verdict."""

    passed: bool
    final_state_passed: bool
    action_passed: bool
    termination_reason: str
    missing_gold_calls: tuple[str, ...]
    impure_writes: tuple[str, ...]
    wrong_argument_calls: tuple[str, ...]
    stopped_short: bool
    order_respected: bool | None
    transferred: bool
    failure_class: str | None
    #: Per gold call, in chain order: the id of the agent's call that matched it, or None (missing).
    gold_matches: tuple[str | None, ...] = ()
    #: Ids of the agent's writes that match no gold write (the impure writes), in the order made.
    impure_call_ids: tuple[str, ...] = ()
    #: Ids of the agent's calls to a missing gold call's tool with other arguments.
    wrong_argument_call_ids: tuple[str, ...] = ()


def _classify(verdict: ActionVerdict, passed: bool, ended_normally: bool, gold_transfer: bool, transferred: bool) -> str | None:
    if passed:
        return None
    if not ended_normally:
        return "premature_termination"
    if transferred and not gold_transfer:
        return "unnecessary_transfer"
    if verdict.wrong_argument_calls:
        return "wrong_arguments"
    if not verdict.writes_pure:
        return "wrong_or_extra_write"
    missing = verdict.missing
    if missing and all(m.name not in STATE_CHANGING_TOOLS for m in missing) and any(g.changes_state for g in verdict.gold):
        return "skipped_required_read"
    if missing:
        return "stopped_short"
    return "other"


def diagnose(task: Mapping[str, Any], simulation: Mapping[str, Any] | None) -> SessionDiagnostics:
    """Diagnostics for one session (``simulation`` None: the session never ran)."""
    gold = gold_calls((task.get("evaluation_criteria") or {}).get("actions") or [])
    if simulation is None:
        verdict = check_actions(gold, [])
        return SessionDiagnostics(
            False,
            False,
            False,
            "missing",
            tuple(g.name for g in gold),
            (),
            (),
            False,
            None,
            False,
            "premature_termination",
            gold_matches=tuple(None for _ in gold),
        )
    info = simulation.get("reward_info") or {}
    calls = agent_calls(simulation.get("messages") or [])
    verdict = check_actions(gold, calls)
    reason = str(simulation.get("termination_reason") or "unknown")
    if session_error(simulation.get("messages") or []):
        reason = MODEL_ERROR
    elif reason == "agent_stop" and ended_by_handover(simulation.get("messages") or []):
        reason = HANDOVER_ENDING
    ended_normally = reason in NORMAL_ENDINGS and not simulation.get("skipped") and bool(info)
    passed = ended_normally and float(info.get("reward", 0.0)) == 1.0
    db_check = info.get("db_check") or {}
    assertions = info.get("env_assertions") or []
    final_state = bool(db_check.get("db_match"))
    actions = bool(assertions) and all(bool(a.get("met")) for a in assertions)
    transferred = any(c.name == TRANSFER_TOOL for c in verdict.calls)
    gold_transfer = any(g.name == TRANSFER_TOOL for g in gold)
    return SessionDiagnostics(
        passed=passed,
        final_state_passed=ended_normally and final_state,
        action_passed=ended_normally and actions,
        termination_reason=reason,
        missing_gold_calls=tuple(g.name for g in verdict.missing),
        impure_writes=tuple(c.name for c in verdict.impure),
        wrong_argument_calls=tuple(c.name for c in verdict.wrong_argument_calls),
        stopped_short=bool(verdict.missing) and verdict.writes_pure and not verdict.wrong_argument_calls,
        order_respected=verdict.order_respected,
        transferred=transferred,
        failure_class=_classify(verdict, passed, ended_normally, gold_transfer, transferred),
        gold_matches=tuple(verdict.calls[verdict.coverage[i]].call_id if i in verdict.coverage else None for i in range(len(gold))),
        impure_call_ids=tuple(c.call_id for c in verdict.impure),
        wrong_argument_call_ids=tuple(c.call_id for c in verdict.wrong_argument_calls),
    )
