"""Preflight: before a run's first session, every model it will call answers once.

For each distinct model of the run (the agent's, the customer's and tau2's judge, if any;
one check for a model two roles share on the same endpoint):

1. the name resolves: a ``model_name`` of the ``--router`` file, or a model litellm can
   route (a provider prefix such as ``openai/``);
2. its key is set (already checked when the run was planned, ``runs/plan.py``);
3. one minimal completion (:data:`PROBE`, a few tokens) succeeds, through the same call
   path, llm args, retries and router as the sessions.

Any failure is one line naming the role, the model, the endpoint and the cause, and the
run stops before anything is written (``tau-indian-bank run`` exits 2).
``--no-preflight`` skips it; ``--dry-run`` runs it and nothing else.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tau_indian_bank.errors import RunInputError
from tau_indian_bank.vocabulary import NO_MODEL

#: The test completion's one message (a loopback test server recognises it).
PROBE = "This is a connection test from tau-indian-bank run. Reply with the word OK."
PROBE_MAX_TOKENS = 16
#: How a plan's roles are named to a user.
ROLE_NAMES = {"agent": "agent", "user": "customer", "judge": "judge"}


class PreflightError(RunInputError):
    """A model of the run does not resolve or failed its test completion."""


@dataclass(frozen=True)
class Check:
    """One model to check, the roles that call it, where it is served and the llm args it is called with."""

    roles: tuple[str, ...]
    model: str
    endpoint: str
    args: Mapping[str, Any]

    @property
    def who(self) -> str:
        """The roles in words: ``agent``, ``agent and customer``, and so on."""
        return " and ".join(ROLE_NAMES.get(role, role) for role in self.roles)


def endpoint(model: str, args: Mapping[str, Any], router: Mapping[str, Any] | None) -> str:
    """Where ``model`` is served, in words: the router's deployments, an api_base, or the provider's hosted API."""
    if router is not None:
        bases = [
            e["litellm_params"].get("api_base") or e["litellm_params"].get("base_url") or e["litellm_params"]["model"]
            for e in router["model_list"]
            if e["model_name"] == model
        ]
        if bases:
            return f"router: {len(bases)} deployment{'s' if len(bases) > 1 else ''} ({', '.join(map(str, bases))})"
    local = args.get("api_base") or args.get("base_url")
    if local:
        return str(local)
    provider = model.split("/", 1)[0] if "/" in model else "litellm's default provider"
    for variable in (f"{provider.upper()}_API_BASE", f"{provider.upper()}_BASE_URL"):
        if os.environ.get(variable):  # litellm sends the provider's calls there (a local OpenAI-compatible server)
            return f"{os.environ[variable]}, from {variable}"
    return f"the {provider} API"


def checks(models: Mapping[str, str], args: Mapping[str, Mapping[str, Any]], router: Mapping[str, Any] | None) -> list[Check]:
    """The distinct models of a run (``models`` / ``args`` by role: ``agent``, ``user``, ``judge``), in role order."""
    found: dict[tuple[str, str], list[str]] = {}
    for role, model in models.items():
        if model and model != NO_MODEL:
            found.setdefault((model, endpoint(model, args[role], router)), []).append(role)
    return [Check(tuple(roles), model, where, args[roles[0]]) for (model, where), roles in found.items()]


def resolve(check: Check, served: set[str], router_file: str | None) -> None:
    """Refuse a model name that neither the router serves nor litellm can route."""
    if check.model in served:
        return
    import litellm

    try:
        litellm.get_llm_provider(
            model=check.model, custom_llm_provider=check.args.get("custom_llm_provider"), api_base=check.args.get("api_base")
        )
    except Exception:  # noqa: BLE001 - litellm says "LLM Provider NOT provided" as a BadRequestError
        where = (
            f"not a model_name of the --router file {router_file} (it serves: {', '.join(sorted(served))})"
            if router_file
            else "not served by a --router file"
        )
        raise PreflightError(
            f"preflight: the {check.who} model {check.model!r} is not a model litellm can call (give a "
            f"provider prefix, such as openai/{check.model} for an OpenAI-compatible server) and "
            f"{where}; nothing was run"
        ) from None


def probe(check: Check) -> float:
    """One minimal completion through tau2's completion function (so a run's router serves it); its seconds."""
    from tau2.utils import llm_utils

    from tau_indian_bank.plugin.model_errors import cause_of

    start = time.perf_counter()
    try:
        llm_utils.completion(model=check.model, messages=[{"role": "user", "content": PROBE}], max_tokens=PROBE_MAX_TOKENS, **check.args)
    except Exception as exc:  # noqa: BLE001 - every failure is the one line below
        raise PreflightError(
            f"preflight: the {check.who} model {check.model!r} ({check.endpoint}) failed a test "
            f"completion: {cause_of(exc)}; nothing was run (fix it, or skip this check with "
            "--no-preflight)"
        ) from None
    return time.perf_counter() - start


def preflight(plan: Any) -> list[str]:
    """Check every model of ``plan`` (call it while the run's router, if any, is in place); one line per model.

    Raises:
        PreflightError: a model does not resolve or failed its test completion.
    """
    from tau_indian_bank.runs.router import model_names

    models = {"agent": plan.agent_llm, "user": plan.user_llm, **({"judge": plan.judge_llm} if plan.judge_llm else {})}
    args = {"agent": plan.agent_args, "user": plan.user_args, **({"judge": plan.judge_args} if plan.judge_llm else {})}
    served = model_names(plan.router_config) if plan.router_config else set()
    found = checks(models, args, plan.router_config)
    for check in found:
        resolve(check, served, plan.options.router)
    return [f"preflight: {check.who} model {check.model} ({check.endpoint}) answered in {probe(check):.1f} s" for check in found]


def describe_models(plan: Any) -> Sequence[str]:
    """One line per role: participant, model and endpoint (for ``--dry-run``)."""
    rows = [("agent", plan.options.agent, plan.agent_llm, plan.agent_args), ("customer", plan.options.user, plan.user_llm, plan.user_args)]
    if plan.judge_llm:
        rows.append(("judge", "tau2's repetition judge", plan.judge_llm, plan.judge_args or {}))
    return [
        f"{role:<9} {who}" + ("" if model == NO_MODEL else f", model {model} at {endpoint(model, args, plan.router_config)}")
        for role, who, model, args in rows
    ]
