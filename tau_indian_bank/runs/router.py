"""Several model endpoints behind litellm's own Router, configured by one file.

The file (YAML or JSON; the ``model_list`` / ``router_settings`` layout of litellm's
proxy config) names deployments; deployments that share a ``model_name`` serve the
same model, and that name is what ``--agent-llm`` / ``--user-llm`` give::

    model_list:
      - model_name: bank-model                # what --agent-llm / --user-llm name
        litellm_params: {model: openai/Qwen/Qwen2.5-72B-Instruct, api_base: http://gpu1:8000/v1}
      - model_name: bank-model
        litellm_params: {model: openai/Qwen/Qwen2.5-72B-Instruct, api_base: http://gpu2:8000/v1,
                         api_key: os.environ/GPU2_KEY}
    router_settings: {num_retries: 3, allowed_fails: 1, cooldown_time: 30, fallbacks: [{bank-model: [hosted]}]}

Every model call of a run goes through ``tau2.utils.llm_utils.completion`` (tau2's own
agent and user simulator call it, and so do this package's participants); while a run
holds the router, that function sends calls for the router's model names to
``Router.completion`` and everything else to litellm as before. litellm does the
balancing, the retries and the cooldown of a failing endpoint, so a failed call is
retried on another deployment. Without a router file nothing is replaced.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from tau_indian_bank.errors import MissingApiKeyError, RunInputError

#: What a run uses unless the file's ``router_settings`` say otherwise: retry a failed call
#: (on another deployment once the failing one cools down), and cool a deployment down
#: after its second failure in a minute.
DEFAULT_SETTINGS: Mapping[str, Any] = {"num_retries": 3, "allowed_fails": 1, "cooldown_time": 30}
#: litellm's placeholder for endpoints without authentication (vLLM serves any key).
NO_KEY = "EMPTY"
_ENV_PREFIX = "os.environ/"


def read_router_file(path: str | Path) -> dict[str, Any]:
    """Read and check a router file; every problem is a one-line ``RunInputError``."""
    import yaml

    path = Path(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise RunInputError(f"router file {path}: cannot read ({exc.strerror})") from None
    except yaml.YAMLError as exc:
        raise RunInputError(f"router file {path}: not valid YAML or JSON ({str(exc).splitlines()[0]})") from None
    models = data.get("model_list") if isinstance(data, dict) else None
    if not isinstance(models, list) or not models:
        raise RunInputError(f"router file {path}: needs a non-empty 'model_list'")
    for number, entry in enumerate(models, 1):
        params = entry.get("litellm_params") if isinstance(entry, dict) else None
        if (
            not isinstance(entry, dict)
            or not isinstance(entry.get("model_name"), str)
            or not isinstance(params, dict)
            or not isinstance(params.get("model"), str)
        ):
            raise RunInputError(f"router file {path}: model_list entry {number} needs a 'model_name' and 'litellm_params' with a 'model'")
    settings = data.get("router_settings") or {}
    if not isinstance(settings, dict):
        raise RunInputError(f"router file {path}: 'router_settings' must be a mapping")
    return {"model_list": models, "router_settings": settings}


def _key_problem(params: Mapping[str, Any]) -> str | None:
    """Why a deployment cannot authenticate (None if it can, or needs no key)."""
    key = params.get("api_key")
    if isinstance(key, str) and key.startswith(_ENV_PREFIX):
        name = key[len(_ENV_PREFIX) :]
        return None if os.environ.get(name) else name
    if key or params.get("api_base") or params.get("base_url"):
        return None
    import litellm

    try:
        missing = litellm.validate_environment(model=params["model"]).get("missing_keys") or []
    except Exception:  # noqa: BLE001 - an unknown provider is litellm's to report at call time
        missing = []
    return ", ".join(missing) or None


def _deployments(config: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The model list with placeholder keys for keyless local endpoints; refuse missing keys."""
    import litellm

    deployments = []
    for entry in config["model_list"]:
        params = dict(entry["litellm_params"])
        problem = _key_problem(params)
        if problem:
            raise MissingApiKeyError(
                f"router deployment {entry['model_name']!r} ({params['model']}) needs {problem} set in the environment"
            )
        local = params.get("api_base") or params.get("base_url")
        if local and not params.get("api_key"):
            missing = litellm.validate_environment(model=params["model"]).get("missing_keys") or []
            if missing:
                params["api_key"] = NO_KEY
        deployments.append({**entry, "litellm_params": params})
    return deployments


def build_router(config: Mapping[str, Any]) -> Any:
    """A ``litellm.Router`` over the file's deployments, with the run's default settings."""
    from litellm import Router

    settings = {**DEFAULT_SETTINGS, **config["router_settings"]}
    try:
        return Router(model_list=_deployments(config), **settings)
    except TypeError as exc:
        raise RunInputError(f"router file: unknown router setting ({exc})") from None
    except ValueError as exc:
        raise RunInputError(f"router file: {str(exc).splitlines()[0]}") from None


def describe(config: Mapping[str, Any]) -> dict[str, Any]:
    """What a results file records about the router: deployments without keys, settings, a digest."""
    deployments = [
        {
            "model_name": e["model_name"],
            "model": e["litellm_params"]["model"],
            "api_base": e["litellm_params"].get("api_base") or e["litellm_params"].get("base_url"),
        }
        for e in config["model_list"]
    ]
    text = json.dumps({"deployments": deployments, "settings": config["router_settings"]}, sort_keys=True, default=str)
    return {
        "deployments": deployments,
        "settings": json.loads(text)["settings"],
        "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
    }


def model_names(config: Mapping[str, Any]) -> set[str]:
    """The names the router serves (``model_name`` of every deployment)."""
    return {entry["model_name"] for entry in config["model_list"]}


def router_secrets(config: Mapping[str, Any]) -> list[str]:
    """Key values the router uses, so that the run can keep them out of what it saves."""
    values = []
    for entry in config["model_list"]:
        key = entry["litellm_params"].get("api_key")
        if isinstance(key, str) and key.startswith(_ENV_PREFIX):
            key = os.environ.get(key[len(_ENV_PREFIX) :])
        if isinstance(key, str) and len(key) >= 8:
            values.append(key)
    return values


def _dispatcher(router: Any, names: set[str], original: Callable[..., Any]) -> Callable[..., Any]:
    def completion(model: str, messages: Any, **kwargs: Any) -> Any:
        if model not in names:
            return original(model=model, messages=messages, **kwargs)
        kwargs.pop("num_retries", None)  # the router's retry policy governs its deployments
        return router.completion(model=model, messages=messages, **kwargs)

    completion.serves = names.__contains__  # type: ignore[attr-defined]  # a mark on the function, read by plugin.llm_agent
    return completion


@contextlib.contextmanager
def routed(router: Any, names: set[str]) -> Iterator[None]:
    """While inside, model calls for ``names`` go through ``router`` (tau2's and this package's alike)."""
    from tau2.utils import llm_utils

    original = llm_utils.completion
    llm_utils.completion = _dispatcher(router, names, original)
    try:
        yield
    finally:
        llm_utils.completion = original
