"""What a run will do, worked out before any session starts.

The options (:class:`~tau_indian_bank.runs.config.RunOptions`) mirror ``tau2 run``'s flags. Planning loads the tasks (through tau2's
registry, like ``tau2 run``), checks every input a user can get wrong (unknown task
ids, models missing, API keys, router file) with one-line errors, and fixes the slots,
the per-trial seeds, the llm arguments and the header the checkpoint must match.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tau_indian_bank.errors import MissingApiKeyError, RunInputError
from tau_indian_bank.runs.config import RunOptions, resume_config, run_provenance, sha256
from tau_indian_bank.runs.slots import Slot, all_slots, shard_slots, trial_seeds
from tau_indian_bank.vocabulary import LLM_CUSTOMER, NO_MODEL, OFFLINE_AGENTS, SCRIPTED_CUSTOMER

__all__ = ["Plan", "RunOptions", "build_plan", "default_name", "load_run_tasks", "recorded_args"]

REDACTED = "<redacted>"
NO_KEY = "EMPTY"


@dataclass
class Plan:
    """Everything a run needs once planned."""

    options: RunOptions
    tasks: list[Any]
    slots: list[Slot]
    seeds: list[int]
    agent_llm: str
    user_llm: str
    agent_args: dict[str, Any]
    user_args: dict[str, Any]
    header: dict[str, Any]
    checkpoint_path: Path
    results_path: Path
    secrets: list[bytes]
    router_config: dict[str, Any] | None = None
    judge_llm: str | None = None
    judge_args: dict[str, Any] | None = None

    @property
    def by_id(self) -> dict[str, Any]:
        return {task.id: task for task in self.tasks}


def _check_numbers(options: RunOptions) -> None:
    for name in ("num_trials", "max_steps", "max_errors", "max_concurrency", "judge_window_size"):
        if getattr(options, name) < 1:
            raise RunInputError(f"--{name.replace('_', '-')} must be at least 1")
    if options.num_tasks is not None and options.num_tasks < 1:
        raise RunInputError("--num-tasks must be at least 1")
    if options.max_retries < 0:
        raise RunInputError("--max-retries must be 0 or more")


def load_run_tasks(options: RunOptions) -> list[Any]:
    """The tasks to run, in suite order, as tau2 ``Task`` objects (through tau2's registry)."""
    from tau_indian_bank.plugin.registration import ensure_registered

    registry = ensure_registered()
    info = registry.get_info()
    if options.domain not in info.domains:
        raise RunInputError(f"unknown domain {options.domain!r}; choose one of: {', '.join(sorted(info.domains))}")
    task_set = options.task_set_name or options.domain
    if task_set not in info.task_sets:
        raise RunInputError(f"unknown task set {task_set!r}; choose one of: {', '.join(sorted(info.task_sets))}")
    for role, name, known in (("agent", options.agent, info.agents), ("user", options.user, info.users)):
        if name not in known:
            raise RunInputError(f"unknown {role} {name!r}; choose one of: {', '.join(sorted(known))}")
    try:
        tasks = list(registry.get_tasks_loader(task_set)(task_split_name=options.task_split_name))
    except KeyError as exc:
        raise RunInputError(f"task set {task_set!r} has no split {options.task_split_name!r} ({exc})") from None
    if options.task_ids is not None:
        wanted = dict.fromkeys(options.task_ids)
        known = {task.id for task in tasks}
        unknown = [task_id for task_id in wanted if task_id not in known]
        if unknown:
            where = f"split {options.task_split_name!r} of " if options.task_split_name else ""
            raise RunInputError(
                f"unknown task id {unknown[0]!r} (not in {where}task set {task_set!r})"
                + (f" and {len(unknown) - 1} more" if len(unknown) > 1 else "")
            )
        tasks = [task for task in tasks if task.id in wanted]
    if options.num_tasks is not None:
        tasks = tasks[: options.num_tasks]
    if not tasks:
        raise RunInputError("no tasks to run")
    return _tau2_agent_filters(options.agent, tasks)


def _tau2_agent_filters(agent: str, tasks: list[Any]) -> list[Any]:
    """``tau2 run`` keeps only the tasks its ground-truth ("gt") and solo agents can do; so does this."""
    from tau2.agent.llm_agent import LLMGTAgent, LLMSoloAgent

    if "gt" in agent:
        tasks = [task for task in tasks if LLMGTAgent.check_valid_task(task)]
    if "solo" in agent:
        tasks = [task for task in tasks if LLMSoloAgent.check_valid_task(task)]
    if not tasks:
        raise RunInputError(f"agent {agent!r} can do none of the chosen tasks")
    return tasks


def _model(role: str, participant: str, model: str | None, offline: Sequence[str]) -> str:
    if model:
        return model
    if participant in offline:
        return NO_MODEL
    raise RunInputError(
        f"--{role}-llm is needed: {participant!r} calls a model (name a litellm model, such as "
        f"openai/gpt-4.1, or a model_name of the --router file)"
    )


def _named_key(flag: str, variable: str | None) -> dict[str, str]:
    """``tau2 run --agent-api-key NAME``: the key is the value of the variable NAME (never saved)."""
    if not variable:
        return {}
    value = os.environ.get(variable)
    if not value:
        raise MissingApiKeyError(f"{flag} {variable}: that environment variable is not set")
    return {"api_key": value}


def _call_args(model: str, given: Mapping[str, Any], max_retries: int, routed: set[str]) -> dict[str, Any]:
    """The llm args a participant gets: tau2's ``num_retries``, and a placeholder key for a keyless local server."""
    args = {**given, "num_retries": max_retries}
    local = args.get("api_base") or args.get("base_url")
    if model in routed and local:
        raise RunInputError(f"model {model!r} is served by the --router file; drop api_base/base_url from its llm args")
    if isinstance(args.get("base_url"), str):
        args["base_url"] = args["base_url"].removesuffix("/chat/completions")  # as tau2 run does
    if model == NO_MODEL or model in routed or args.get("api_key"):
        return args
    import litellm

    try:
        missing = litellm.validate_environment(model=model).get("missing_keys") or []
    except Exception:  # noqa: BLE001 - an unknown provider is litellm's to report at call time
        missing = []
    if missing and local:
        args["api_key"] = NO_KEY  # vLLM and most local servers accept any key; the OpenAI client needs one
    elif missing:
        raise MissingApiKeyError(
            f"model {model!r} needs {', '.join(missing)} set in the environment (or an api_base "
            "in its llm args for a local server, or a --router file that serves it)"
        )
    return args


def recorded_args(args: Mapping[str, Any]) -> dict[str, Any]:
    """Llm args as results and checkpoints record them: no key value."""
    return {k: (REDACTED if k == "api_key" and v not in (None, NO_KEY) else v) for k, v in args.items()}


def _secrets(args: Sequence[Mapping[str, Any]], router_secrets: Sequence[str]) -> list[bytes]:
    values = {v for k, v in os.environ.items() if k.endswith("_API_KEY") and len(v) >= 8}
    values |= {a["api_key"] for a in args if isinstance(a.get("api_key"), str) and len(a["api_key"]) >= 8}
    values |= set(router_secrets)
    return sorted(v.encode("utf-8") for v in values if v not in (NO_KEY,))


def default_name(options: RunOptions, agent_llm: str, user_llm: str) -> str:
    """A results name derived from the configuration, so that re-running the same command resumes it."""
    from tau_indian_bank.editions.manifest import identity

    parts = [options.domain, options.agent, agent_llm, options.user, user_llm, options.task_split_name or "all"]
    if identity().private:  # a private edition's run never resumes the public one's
        parts.append(identity().label)
    if options.task_ids is not None or options.num_tasks is not None:
        parts.append(sha256(json.dumps([options.task_ids, options.num_tasks]))[:8])
    if options.num_trials > 1:
        parts.append(f"x{options.num_trials}")
    return re.sub(r"[^A-Za-z0-9._-]+", "-", "_".join(parts)).strip("-")


def _paths(options: RunOptions, agent_llm: str, user_llm: str) -> tuple[Path, Path]:
    name = options.save_to or default_name(options, agent_llm, user_llm)
    name = name.removesuffix(".json")
    if options.shard is not None:
        name += f".shard{options.shard.index}of{options.shard.count}"
    folder = Path(options.results_dir)
    return folder / f"{name}.json", folder / f"{name}.checkpoint.jsonl"


def _router(options: RunOptions) -> tuple[dict[str, Any] | None, set[str], list[str]]:
    if not options.router:
        return None, set(), []
    from tau_indian_bank.runs.router import model_names, read_router_file, router_secrets

    config = read_router_file(options.router)
    return config, model_names(config), router_secrets(config)


def _info(
    options: RunOptions, agent_llm: str, user_llm: str, agent_args: Mapping[str, Any], user_args: Mapping[str, Any], commit: str
) -> Any:
    """tau2's ``Info`` as ``tau2 run`` fills it, with this package's git commit (tau2 asks the working folder's).

    The customer's guidelines are those it was given: the banking guidelines for ``indian_bank_user``
    (tau2 records its generic ones, which our customer never reads), tau2's for its own simulator.
    """
    from tau2.data_model.simulation import AgentInfo, Info, UserInfo
    from tau2.run import get_environment_info
    from tau2.user.user_simulator import get_global_user_sim_guidelines

    from tau_indian_bank.guidelines import customer_guidelines

    guidelines = customer_guidelines() if options.user == LLM_CUSTOMER else get_global_user_sim_guidelines()
    return Info(
        git_commit=commit,
        num_trials=options.num_trials,
        max_steps=options.max_steps,
        max_errors=options.max_errors,
        seed=options.seed,
        user_info=UserInfo(
            implementation=options.user, llm=user_llm, llm_args=recorded_args(user_args), global_simulation_guidelines=guidelines
        ),
        agent_info=AgentInfo(implementation=options.agent, llm=agent_llm, llm_args=recorded_args(agent_args)),
        environment_info=get_environment_info(options.domain, include_tool_info=False),
    )


def _participant_args(options: RunOptions, routed: set[str]) -> tuple[dict[str, str], dict[str, dict[str, Any]]]:
    """Each role's model and llm args (``agent``, ``user`` and, with a judge, ``judge``)."""
    models = {
        "agent": _model("agent", options.agent, options.agent_llm, OFFLINE_AGENTS),
        "user": _model("user", options.user, options.user_llm, (SCRIPTED_CUSTOMER,)),
    }
    given = {
        "agent": {**options.agent_llm_args, **_named_key("--agent-api-key", options.agent_api_key)},
        "user": {**options.user_llm_args, **_named_key("--user-api-key", options.user_api_key)},
    }
    if options.judge_llm:
        models["judge"] = options.judge_llm
        given["judge"] = {**options.judge_llm_args, **_named_key("--judge-api-key", options.judge_api_key)}
    return models, {role: _call_args(models[role], given[role], options.max_retries, routed) for role in models}


def build_plan(options: RunOptions, tasks: list[Any] | None = None) -> Plan:
    """Check the options and work out the run (no session starts here).

    ``tasks``: the run's tasks when the caller has loaded them (``qualify-customer`` runs both task
    sets at once); by default the options' task set, split and ids.
    """
    from tau2.utils.utils import get_now

    _check_numbers(options)
    router_config, routed, router_keys = _router(options)
    tasks = load_run_tasks(options) if tasks is None else tasks
    models, args = _participant_args(options, routed)
    results_path, checkpoint_path = _paths(options, models["agent"], models["user"])
    provenance = run_provenance()
    info = _info(options, models["agent"], models["user"], args["agent"], args["user"], provenance["git_commit"])
    header = {
        "config": resume_config(options, tasks, models, args, provenance["policy_sha256"]),
        "timestamp": get_now(),
        "info": info.model_dump(mode="json"),
        "provenance": provenance,
        "task_ids": [task.id for task in tasks],
    }
    try:
        slots = shard_slots(all_slots([task.id for task in tasks], options.num_trials), options.shard)
    except ValueError as exc:
        raise RunInputError(str(exc)) from None
    return Plan(
        options=options,
        tasks=tasks,
        slots=slots,
        seeds=trial_seeds(options.seed, options.num_trials),
        agent_llm=models["agent"],
        user_llm=models["user"],
        agent_args=args["agent"],
        user_args=args["user"],
        header=header,
        checkpoint_path=checkpoint_path,
        results_path=results_path,
        secrets=_secrets(list(args.values()), router_keys),
        router_config=router_config,
        judge_llm=models.get("judge"),
        judge_args=args.get("judge"),
    )
