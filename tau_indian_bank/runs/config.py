"""A run's configuration, in one place: its options, what a resume must match, what its files record.

* :class:`RunOptions` — every setting of ``tau-indian-bank run``: ``tau2 run``'s flags
  (see ``runs/cli.py`` for how each one maps), plus a shard, a model router file and the
  run's own checks (preflight, ``--retry-errors``).
* :func:`resume_config` — the part of a run that decides its sessions (task set, split and
  content, participants, models and their sampling arguments, steps, seed, policy, the
  customer guidelines' version and so on): a checkpoint records it and a resume must match it
  exactly. Concurrency, retries,
  endpoints, keys and log level may change between attempts.
* :func:`run_provenance` — what produced the run (package version, git commit, digests of
  the task suite, seed data and policy, the customer guidelines' version), recorded in the
  checkpoint's header and the results file.
* :func:`results_metadata` — the ``tau_indian_bank_run`` entry of the results file: the
  provenance, the configuration's digest, the task set, the shard and its slots, the
  router's deployments (never a key).

A new setting goes into :class:`RunOptions`; if it changes what a session does, into
:func:`resume_config` too; if it describes what produced the run, into
:func:`run_provenance`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tau_indian_bank.guidelines import guidelines_version
from tau_indian_bank.runs.slots import Shard, Slot
from tau_indian_bank.vocabulary import DOMAIN_NAME, LLM_AGENT, LLM_CUSTOMER

#: Results-file format of the ``tau_indian_bank_run`` entry.
METADATA_FORMAT = 1
#: Llm args that name an endpoint or a key, or tune retries: not part of what a resume must match.
_ENDPOINT_ARGS = ("num_retries", "api_base", "base_url", "api_key")


@dataclass(frozen=True)
class RunOptions:
    """A run's settings: ``tau2 run``'s flags, a shard, a model router file and the run's own checks."""

    domain: str = DOMAIN_NAME
    task_set_name: str | None = None
    task_split_name: str | None = "base"
    task_ids: tuple[str, ...] | None = None
    num_tasks: int | None = None
    num_trials: int = 1
    agent: str = LLM_AGENT
    agent_llm: str | None = None
    agent_llm_args: Mapping[str, Any] = field(default_factory=lambda: {"temperature": 0.0})
    user: str = LLM_CUSTOMER
    user_llm: str | None = None
    user_llm_args: Mapping[str, Any] = field(default_factory=lambda: {"temperature": 0.0})
    #: ``tau2 run``'s in-conversation judge: a model that ends a session it finds stuck in a loop (judge_stop).
    judge_llm: str | None = None
    judge_llm_args: Mapping[str, Any] = field(default_factory=dict)
    judge_window_size: int = 30
    judge_system_prompt: str | None = None
    #: Names of environment variables holding a participant's key (``tau2 run --agent-api-key`` …); never saved.
    agent_api_key: str | None = None
    user_api_key: str | None = None
    judge_api_key: str | None = None
    max_steps: int = 200
    max_errors: int = 10
    max_concurrency: int = 3
    max_retries: int = 3
    seed: int | None = 300
    enforce_communication_protocol: bool = False
    log_level: str | None = None
    results_dir: str = "results"
    save_to: str | None = None
    shard: Shard | None = None
    router: str | None = None
    fsync: bool = True
    #: Check every model with one test completion before the first session.
    preflight: bool = True
    #: On resume, run again the sessions that ended with a model error or crashed.
    retry_errors: bool = False
    #: Start over: discard an existing checkpoint and overwrite the results file (``tau-indian-bank offline``).
    fresh: bool = False


def sha256(text: str) -> str:
    """The hex SHA-256 of a text (UTF-8)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _sampling(args: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in args.items() if k not in _ENDPOINT_ARGS}


def resume_config(
    options: RunOptions, tasks: Sequence[Any], models: Mapping[str, str], args: Mapping[str, Mapping[str, Any]], policy_sha256: str
) -> dict[str, Any]:
    """What a resume must match (``models`` / ``args``: by role, ``agent``, ``user`` and ``judge``)."""
    config = {
        "domain": options.domain,
        "task_set_name": options.task_set_name or options.domain,
        "task_split_name": options.task_split_name,
        "task_ids_sha256": sha256(json.dumps([t.id for t in tasks])),
        "tasks_sha256": sha256("\n".join(t.model_dump_json() for t in tasks)),
        "num_trials": options.num_trials,
        "agent": options.agent,
        "agent_llm": models["agent"],
        "agent_llm_args": _sampling(args["agent"]),
        "user": options.user,
        "user_llm": models["user"],
        "user_llm_args": _sampling(args["user"]),
        "max_steps": options.max_steps,
        "max_errors": options.max_errors,
        "seed": options.seed,
        "enforce_communication_protocol": options.enforce_communication_protocol,
        "shard": str(options.shard) if options.shard else None,
        "policy_sha256": policy_sha256,
        "customer_guidelines_version": guidelines_version(),
    }
    if options.judge_llm:  # only when used, so that checkpoints of runs without a judge keep their configuration
        config["judge"] = {
            "llm": options.judge_llm,
            "llm_args": _sampling(args.get("judge") or {}),
            "window_size": options.judge_window_size,
            "system_prompt": options.judge_system_prompt,
        }
    return config


def run_provenance() -> dict[str, str]:
    """What produced a run: package version, git commit, digests of the task suite, seed data and policy."""
    from tau_indian_bank.editions.provenance import provenance

    return provenance()


def results_metadata(header: Mapping[str, Any], slots: Sequence[Slot], router: Mapping[str, Any] | None) -> dict[str, Any]:
    """The ``tau_indian_bank_run`` entry of the results file: enough to merge shards and to trace the run."""
    config = header["config"]
    return {
        "format": METADATA_FORMAT,
        "provenance": header["provenance"],
        "config_sha256": sha256(json.dumps(config, sort_keys=True)),
        "task_set": {
            "name": config["task_set_name"],
            "split": config["task_split_name"],
            "task_ids_sha256": config["task_ids_sha256"],
            "tasks_sha256": config["tasks_sha256"],
        },
        "task_ids": header["task_ids"],
        "num_trials": config["num_trials"],
        "shard": config["shard"],
        "slots": [slot.to_json() for slot in slots],
        "router": router,
    }
