"""A failed model call ends its session as a model error of its side: one test per path, through tau2's own run_task.

Every path from a model call to a session's end: the assistant's call raising, the
customer's call raising (first turn and mid-conversation), a response with no choice, a
customer that answers with a tool call it does not have, and a call through a model
router whose deployments all fail. None of them may end as ``user_stop`` or
``agent_stop``, and no message may hold a stop token the model did not write.
"""

from __future__ import annotations

import json

import httpx
import litellm
import openai
import pytest
from tau2.utils import llm_utils

from tau_indian_bank.evaluation.diagnostics import ERROR_KEY, MODEL_ERROR_KEY, diagnose, model_error
from tau_indian_bank.plugin import model_errors
from tau_indian_bank.plugin.model_errors import ModelCallError, cause_of, end_sessions_on_model_errors
from tau_indian_bank.vocabulary import STOP

TASK = "ctrl_balance_0001"
LOCAL = {"api_base": "http://127.0.0.1:9/v1", "temperature": 0}
SECRET = "sk-proj-model-errors-5a4b3c2d1e"
pytestmark = pytest.mark.filterwarnings("ignore:Items? .* (is|are) using the `ReadOnly` qualifier:UserWarning")


def _reply(content=None, tool_calls=None, choices=True):
    message = {"role": "assistant", "content": content, "tool_calls": tool_calls}
    return litellm.ModelResponse(
        id="fake",
        model="fake",
        choices=[{"index": 0, "message": message, "finish_reason": "stop"}] if choices else [],
        usage={"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5},
    )


class Scripted:
    """Stands in for the model: the customer says its lines, then fails as told; the assistant fails as told."""

    def __init__(self, customer_fails_at=None, agent_fails=False, error=None, customer=None):
        self.customer_turns = 0
        self.customer_fails_at, self.agent_fails = customer_fails_at, agent_fails
        self.error = error or RuntimeError(f"503 Service Unavailable (key {SECRET})")
        self.customer = customer

    def __call__(self, **request):
        if request.get("tools"):  # the assistant
            if self.agent_fails:
                raise self.error
            return _reply("Could you tell me which account you mean?")
        self.customer_turns += 1
        if self.customer_fails_at is not None and self.customer_turns >= self.customer_fails_at:
            raise self.error
        return self.customer() if self.customer else _reply("I want my savings balance, please.")


def session(monkeypatch, fake, agent="indian_bank_llm_agent", user="indian_bank_customer"):
    from tau2.run import get_tasks, run_task

    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    monkeypatch.setattr(llm_utils, "completion", fake)
    task = get_tasks("indian_bank", "base", [TASK])[0]
    simulation = run_task(
        domain="indian_bank",
        task=task,
        agent=agent,
        user=user,
        llm_agent="openai/fake-agent",
        llm_args_agent=dict(LOCAL),
        llm_user="openai/fake-user",
        llm_args_user=dict(LOCAL),
        max_steps=40,
        seed=300,
    )
    record = json.loads(simulation.model_dump_json())
    said = [m.get("content") for m in record["messages"] if m["role"] == "user"]
    assert STOP not in json.dumps(said)  # no stop token written for the customer
    assert all(m.get("content") is None for m in record["messages"] if ERROR_KEY in (m.get("raw_data") or {}))
    assert SECRET not in json.dumps(record)
    return record, task


def test_the_assistants_failed_call_ends_the_session_as_an_agent_model_error(monkeypatch):
    record, task = session(monkeypatch, Scripted(agent_fails=True))
    assert record["termination_reason"] == "agent_error"  # tau2's own reason: scored 0 without evaluating half a session
    assert record["reward_info"]["reward"] == 0.0
    last = record["messages"][-1]
    assert last["role"] == "assistant" and last["content"] is None and last["tool_calls"] is None
    assert last["raw_data"][MODEL_ERROR_KEY] == {
        "side": "agent",
        "model": "openai/fake-agent",
        "cause": "503 Service Unavailable (key <redacted>)",
    }
    found = model_error(record["messages"])
    assert found.summary == "agent openai/fake-agent: 503 Service Unavailable (key <redacted>)"
    diagnostics = diagnose(json.loads(task.model_dump_json()), record)
    assert diagnostics.termination_reason == "model_error" and diagnostics.failure_class == "premature_termination"


def test_the_customers_failed_first_call_ends_the_session_as_a_customer_model_error(monkeypatch):
    record, _ = session(monkeypatch, Scripted(customer_fails_at=1), agent="indian_bank_oracle", user="indian_bank_user")
    assert record["termination_reason"] == "user_error"
    roles = [m["role"] for m in record["messages"]]
    assert roles[-2:] == ["assistant", "user"] and roles.count("user") == 1  # the greeting, then the failed turn
    assert model_error(record["messages"]).side == "customer"


def test_a_customer_failing_mid_conversation_keeps_the_conversation_so_far(monkeypatch):
    record, _ = session(monkeypatch, Scripted(customer_fails_at=2), agent="indian_bank_oracle", user="indian_bank_user")
    assert record["termination_reason"] == "user_error"
    said = [m["content"] for m in record["messages"] if m["role"] == "user"]
    assert said == ["I want my savings balance, please.", None]  # a real turn, the assistant's answer, then the error
    assert any(m["role"] == "tool" for m in record["messages"][2:])  # the assistant's look-up in between is kept
    assert record["messages"][-1]["raw_data"][ERROR_KEY].startswith("RuntimeError: 503 Service Unavailable")


def test_a_response_without_a_choice_is_a_model_error(monkeypatch):
    record, _ = session(monkeypatch, Scripted(customer=lambda: _reply(choices=False)), agent="indian_bank_oracle", user="indian_bank_user")
    assert record["termination_reason"] == "user_error"
    assert model_error(record["messages"]).cause == "the response held no choice"


def test_a_customer_answering_with_a_tool_call_it_does_not_have_is_a_model_error(monkeypatch):
    call = [{"id": "c1", "type": "function", "function": {"name": "get_balance", "arguments": "{}"}}]
    record, _ = session(
        monkeypatch, Scripted(customer=lambda: _reply(tool_calls=call)), agent="indian_bank_oracle", user="indian_bank_user"
    )
    assert record["termination_reason"] == "user_error"
    assert "tool call (get_balance)" in model_error(record["messages"]).cause


def test_a_router_whose_deployments_all_fail_is_a_model_error(monkeypatch):
    from tau_indian_bank.runs.router import routed

    class Down:
        def completion(self, **kwargs):
            raise RuntimeError("no healthy deployment for bank-model")

    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    from tau2.run import get_tasks, run_task

    task = get_tasks("indian_bank", "base", [TASK])[0]
    with routed(Down(), {"bank-model"}):
        simulation = run_task(
            domain="indian_bank",
            task=task,
            agent="indian_bank_oracle",
            user="indian_bank_user",
            llm_agent="offline",
            llm_user="bank-model",
            llm_args_user={},
            max_steps=40,
            seed=300,
        )
    assert simulation.termination_reason.value == "user_error"
    assert (
        model_error(json.loads(simulation.model_dump_json())["messages"]).summary
        == "customer bank-model: no healthy deployment for bank-model"
    )


def test_only_model_call_errors_are_caught_and_the_wrap_is_installed_once(monkeypatch):
    from tau2.orchestrator.orchestrator import Orchestrator

    assert end_sessions_on_model_errors() and end_sessions_on_model_errors()
    step = Orchestrator.step
    assert getattr(step, "__wrapped__", None) is not None and getattr(step.__wrapped__, "__wrapped__", None) is None

    class Broken:
        trajectory: list = []

    broken = Broken()
    monkeypatch.setattr(Orchestrator, "step", model_errors._wrap_step(lambda self: (_ for _ in ()).throw(ValueError("bug"))))
    with pytest.raises(ValueError, match="bug"):  # any other exception still surfaces (tau2 records a crash)
        Orchestrator.step(broken)


def test_a_later_check_of_the_loop_cannot_relabel_a_model_error():
    from types import SimpleNamespace

    orchestrator = SimpleNamespace(trajectory=[], done=False, termination_reason=None)
    error = ModelCallError("customer", "openai/x", "Connection refused", "APIConnectionError: Connection error.")
    model_errors.end_session(orchestrator, error)
    assert orchestrator.done and orchestrator.termination_reason.value == "user_error"
    simulation = SimpleNamespace(termination_reason="max_steps")  # as if max steps had been reached on the same step
    assert model_errors._settle(orchestrator, simulation).termination_reason.value == "user_error"


def _litellm_error(inner: BaseException) -> BaseException:
    """An exception chained the way litellm chains a connection failure (litellm → openai → httpx → socket)."""
    try:
        try:
            try:
                raise inner
            except BaseException as exc:
                raise httpx.ConnectError(str(exc)) from exc
        except httpx.ConnectError as exc:
            raise openai.APIConnectionError(request=httpx.Request("POST", "http://127.0.0.1:9/v1")) from exc
    except openai.APIConnectionError as exc:
        wrapped = litellm.InternalServerError(
            "litellm.InternalServerError: OpenAIException - Connection error.", llm_provider="openai", model="x"
        )
        wrapped.__cause__ = exc
        return wrapped


@pytest.mark.parametrize(
    ("error", "cause"),
    [
        (_litellm_error(ConnectionRefusedError(111, "Connection refused")), "Connection refused"),
        (
            litellm.InternalServerError(
                "litellm.InternalServerError: InternalServerError: OpenAIException - model down", llm_provider="openai", model="x"
            ),
            "HTTP 500: model down",
        ),
        (
            litellm.BadRequestError(
                "litellm.BadRequestError: LLM Provider NOT provided. Pass in the provider\n more", model="qwen72b", llm_provider=""
            ),
            "HTTP 400: LLM Provider NOT provided. Pass in the provider",
        ),
        (RuntimeError("every deployment failed"), "every deployment failed"),
    ],
)
def test_the_cause_is_the_short_reason(error, cause):
    assert cause_of(error) == cause
