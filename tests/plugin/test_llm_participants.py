"""The model-backed assistant and customer, with a fake completion function in place of the model (no network)."""

from __future__ import annotations

import litellm
import pytest
from tau2.data_model.message import AssistantMessage, ToolCall, UserMessage
from tau2.user.user_simulator import get_global_user_sim_guidelines
from tau2.utils import llm_utils

from tau_indian_bank.errors import MissingApiKeyError
from tau_indian_bank.evaluation.diagnostics import ERROR_KEY
from tau_indian_bank.plugin import llm_agent
from tau_indian_bank.plugin.environment import agent_policy, get_environment, get_tasks
from tau_indian_bank.plugin.llm_agent import IndianBankLLMAgent, complete, parse_arguments, prepare_llm_args, scrub
from tau_indian_bank.plugin.llm_user import IndianBankUser, customer_guidelines
from tau_indian_bank.plugin.model_errors import ModelCallError
from tau_indian_bank.tools.arguments import MALFORMED_KEY

LOCAL = {"api_base": "http://127.0.0.1:9/v1", "temperature": 0}
SECRET = "sk-proj-9f8e7d6c5b4a3210"
# litellm's response types warn when pydantic first builds them; not ours to fix.
pytestmark = pytest.mark.filterwarnings("ignore:Item .* is using the `ReadOnly` qualifier:UserWarning")


class FakeModel:
    """Records what would be sent to the model and answers with a canned message."""

    def __init__(self, content: str | None = None, tool_calls: list[dict] | None = None, error: Exception | None = None):
        self.sent: list[dict] = []
        self.message = {"role": "assistant", "content": content, "tool_calls": tool_calls}
        self.error = error

    def __call__(self, **request):
        self.sent.append(request)
        if self.error is not None:
            raise self.error
        return litellm.ModelResponse(
            id="fake",
            model="fake-model",
            choices=[{"index": 0, "message": self.message, "finish_reason": "tool_calls" if self.message["tool_calls"] else "stop"}],
            usage={"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
        )


@pytest.fixture
def model(monkeypatch):
    def install(**answer) -> FakeModel:
        fake = FakeModel(**answer)
        monkeypatch.setattr(llm_utils, "completion", fake)  # the one seam every model call goes through
        return fake

    return install


def call(arguments: str, name: str = "get_account_details") -> list[dict]:
    return [{"id": "call-1", "type": "function", "function": {"name": name, "arguments": arguments}}]


def test_the_llm_customer_sends_the_banking_guidelines_and_the_tasks_scenario(model):
    fake = model(content="Hi, I would like to close the fixed deposit I opened in April 2026.")
    task = next(t for t in get_tasks("lite") if t.id == "seq_fd_close_0002")
    user = IndianBankUser(instructions=str(task.user_scenario), llm="openai/fake-user", llm_args=LOCAL)  # as tau2 builds it
    state = user.get_init_state()
    reply, state = user.generate_next_message(AssistantMessage(role="assistant", content="Hello, how can I help?"), state)
    assert reply.content.startswith("Hi, I would like to close")
    (request,) = fake.sent
    system, *conversation = request["messages"]
    assert system["role"] == "system"
    assert customer_guidelines().strip() in system["content"]
    assert str(task.user_scenario) in system["content"]  # the scenario, persona and instructions, as tau2 passes it
    assert 'Opening line: "Hi, I would like to close the fixed deposit I opened in April 2026."' in system["content"]
    assert get_global_user_sim_guidelines().strip()[:200] not in system["content"]  # tau2's generic guidelines are replaced
    assert conversation == [{"role": "user", "content": "Hello, how can I help?"}]  # roles flipped: the assistant is "user"
    assert request["model"] == "openai/fake-user" and request["api_base"] == LOCAL["api_base"] and request["tools"] is None


def test_a_silent_customer_model_is_asked_again_and_the_reply_is_marked(model):
    model(content=None)
    user = IndianBankUser(instructions="scenario", llm="openai/fake-user", llm_args=LOCAL)
    reply, _ = user.generate_next_message(AssistantMessage(role="assistant", content="Anything else?"), user.get_init_state())
    assert reply.content == llm_agent.EMPTY_REPLY  # an empty turn is asked again, never taken as agreement or a stop
    assert reply.raw_data[llm_agent.EMPTY_REPLY_KEY] is True  # and a report can tell it was not the model's text


def test_the_llm_agent_sends_the_policy_and_the_tools(model):
    fake = model(content="Hello! How can I help?")
    env = get_environment()
    agent = IndianBankLLMAgent(tools=env.get_tools(), domain_policy=env.get_policy(), llm="openai/fake-agent", llm_args=LOCAL)
    reply, _ = agent.generate_next_message(UserMessage(role="user", content="hi"), agent.get_init_state())
    assert reply.content == "Hello! How can I help?"
    (request,) = fake.sent
    assert agent_policy().strip()[-300:] in request["messages"][0]["content"]
    assert len(request["tools"]) == 34 and request["tool_choice"] == "auto"


@pytest.mark.parametrize("raw", ['{"account_id": "ACC', "[1, 2]", '"just text"', "not json at all"])
def test_malformed_tool_arguments_become_an_error_the_model_sees(model, raw):
    model(tool_calls=call(raw))
    reply = complete("openai/fake-agent", [UserMessage(role="user", content="balance?")], None, **LOCAL)
    (tool_call,) = reply.tool_calls
    assert tool_call.arguments == {MALFORMED_KEY: raw}
    env = get_environment()
    answer = env.get_response(ToolCall(id=tool_call.id, name=tool_call.name, arguments=tool_call.arguments))
    assert answer.error and answer.content.startswith("Error: get_account_details: the arguments were not valid JSON")


def test_valid_tool_arguments_pass_through_unchanged(model):
    model(tool_calls=call('{"account_id": "ACC001", "n": 2}'))
    reply = complete("openai/fake-agent", [UserMessage(role="user", content="balance?")], None, **LOCAL)
    assert reply.tool_calls[0].arguments == {"account_id": "ACC001", "n": 2} and reply.content is None
    assert parse_arguments(None) == {} and parse_arguments("") == {}
    assert parse_arguments("x" * 900) == {MALFORMED_KEY: "x" * 500}


def test_a_failing_model_raises_a_model_error_with_a_scrubbed_text_and_no_stop_token(model, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    model(error=RuntimeError(f"401 Unauthorized: incorrect key {SECRET} and {SECRET[:6]}"))
    with pytest.raises(ModelCallError) as caught:
        complete("openai/fake-agent", [UserMessage(role="user", content="hi")], None, **LOCAL)
    error = caught.value
    assert (error.side, error.model) == ("agent", "openai/fake-agent")
    assert error.text == "RuntimeError: 401 Unauthorized: incorrect key <redacted> and sk-pro"
    assert error.cause == "401 Unauthorized: incorrect key <redacted> and sk-pro"
    record = error.record()
    assert record.role == "assistant" and record.content is None and record.tool_calls is None
    assert record.raw_data[ERROR_KEY] == error.text and SECRET not in str(record.raw_data)
    assert not IndianBankLLMAgent.is_stop(record)  # tau2's LLM agent never ends a session itself; the customer does


def test_scrub_removes_every_key_value_it_knows():
    environ = {"OPENAI_API_KEY": SECRET, "BANK_API_KEY": "another-long-key", "SHORT_API_KEY": "abc", "HOME": "/home/a-user"}
    text = f"{SECRET} / another-long-key / the-arg-key-123 / abc / /home/a-user"
    assert scrub(text, {"api_key": "the-arg-key-123"}, environ) == "<redacted> / <redacted> / <redacted> / abc / /home/a-user"
    assert scrub(text, {}, {}) == text


def test_the_placeholder_key_is_dropped_and_a_missing_key_stops_the_run(monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    assert prepare_llm_args("openai/x", {"api_key": "dummy_key", **LOCAL}) == {"api_key": "dummy_key", **LOCAL}
    with pytest.raises(MissingApiKeyError, match=r"model 'openai/gpt-4o' needs OPENAI_API_KEY"):
        prepare_llm_args("openai/gpt-4o", {"api_key": "dummy_key"})
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    assert prepare_llm_args("openai/gpt-4o", {"api_key": "dummy_key", "temperature": 0}) == {"temperature": 0}
