"""Names every part of the benchmark shares, declared once.

The domain and task-set names, the task categories and their id prefixes, the kinds of
server-assigned reference, the participants' registered names and the task format's
login-context call id. tau2's conversation tokens (``STOP``, ``TRANSFER``,
``OUT_OF_SCOPE``) are tau2's own: reading them here imports them from tau2 on first use,
so importing this module stays cheap.
"""

from __future__ import annotations

from typing import Any

#: The domain's name in tau2's registry, and the name of the base task set.
DOMAIN_NAME = "indian_bank"

#: The paper's four task categories, in report order, with the prefix their task ids start with.
CATEGORY_PREFIXES: dict[str, str] = {
    "sequencing": "seq",
    "edge_case": "edge",
    "rare_tool": "rare",
    "control": "ctrl",
}
CATEGORIES: tuple[str, ...] = tuple(CATEGORY_PREFIXES)
#: The category a task-id prefix stands for.
CATEGORY_OF_PREFIX: dict[str, str] = {prefix: category for category, prefix in CATEGORY_PREFIXES.items()}


def category_of(task_id: str) -> str:
    """The category a task id belongs to: a base category, "robust", or "unknown"."""
    prefix = task_id.split("_", 1)[0]
    if prefix == ROBUST_PREFIX:
        return "robust"
    return CATEGORY_OF_PREFIX.get(prefix, "unknown")


#: The robustness task set (customers who say no, err, push or misuse), run in the same domain.
ROBUST_TASK_SET = "indian_bank_robust"
#: Robustness task ids start with ``rob_<axis>_``.
ROBUST_PREFIX = "rob"
#: The robustness axes, in report order (IndicBankBench's axes, plus code-mixed language).
AXES: tuple[str, ...] = (
    "decline",
    "change_of_mind",
    "not_enough_info",
    "wrong_info",
    "contradiction",
    "context_switch",
    "confusing_intent",
    "long_context",
    "tool_fault",
    "injected_instructions",
    "irrelevant_results",
    "unseen_tool",
    "out_of_scope",
    "third_party",
    "social_engineering",
    "credentials",
    "advice",
    "harmful_or_inappropriate",
    "fabrication",
    "code_mixed",
)


def axis_of(task_id: str) -> str | None:
    """The robustness axis of a ``rob_<axis>_…`` task id (None for any other id)."""
    if not task_id.startswith(ROBUST_PREFIX + "_"):
        return None
    rest = task_id[len(ROBUST_PREFIX) + 1 :]
    matches = [axis for axis in AXES if rest == axis or rest.startswith(axis + "_")]
    return max(matches, key=len) if matches else None


#: The prefixes of ids the bank assigns (content-derived; see ``bank/ids.py``).
ID_PREFIXES: dict[str, str] = {
    "customer": "CUST",
    "card": "CARD",
    "fixed_deposit": "FD",
    "recurring_deposit": "RD",
    "loan": "LN",
    "mandate": "MND",
    "insurance_policy": "POL",
    "product_offer": "OFR",
    "service_request": "SR",
    "statement_request": "STMT",
    "cheque_book_request": "CHQB",
    "transaction": "TXN",
    "handoff": "HO",
}

# --- participants (the names they are registered under in tau2) ---------------------------
ORACLE = "indian_bank_oracle"
REPLIER = "indian_bank_replier"
LOOKER = "indian_bank_looker"
CLAIMER = "indian_bank_claimer"
OVERWRITER = "indian_bank_overwriter"
#: The scripted baselines, which must pass no task.
BASELINES: tuple[str, ...] = (REPLIER, LOOKER, CLAIMER, OVERWRITER)
#: The assistants that need no model, oracle first.
OFFLINE_AGENTS: tuple[str, ...] = (ORACLE, *BASELINES)
LLM_AGENT = "indian_bank_llm_agent"
SCRIPTED_CUSTOMER = "indian_bank_customer"
LLM_CUSTOMER = "indian_bank_user"
#: tau2 insists on model names even for participants that call none.
NO_MODEL = "offline"

#: The id of the tool call that carries a task's login context in its message history.
LOGIN_CONTEXT_CALL_ID = "login-context"

_TAU2_TOKENS = {"STOP": "STOP", "TRANSFER": "TRANSFER", "OUT_OF_SCOPE": "OUT_OF_SCOPE"}
#: The word inside each of tau2's tokens (``###STOP###``…) -> how the customer ended: for readers that must not import
#: tau2's runtime (the report's customer audit reads a saved conversation's ending through ``text.replies.ending``).
#: A test (tests/plugin/test_registration.py) checks that ``###<word>###`` is tau2's token, for each.
TOKEN_WORDS: dict[str, str] = {"STOP": "stop", "TRANSFER": "transfer", "OUT-OF-SCOPE": "out_of_scope"}


def __getattr__(name: str) -> Any:
    """tau2's conversation tokens, imported from tau2 when first read."""
    if name in _TAU2_TOKENS:
        from tau2.user import user_simulator

        return getattr(user_simulator, _TAU2_TOKENS[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: The key under which ``tau-indian-bank run`` records, in a tau2 results file, what tau2 does
#: not: provenance, the run's task ids and trials, the shard and its slots, the model router.
#: tau2 ignores unknown keys, so the file stays a standard tau2 results file.
RUN_METADATA_KEY = "tau_indian_bank_run"
