import json

import pytest

from tau_indian_bank.errors import MissingApiKeyError, RunInputError
from tau_indian_bank.runs.router import build_router, describe, model_names, read_router_file, routed, router_secrets


def _file(tmp_path, data, name="router.yaml"):
    path = tmp_path / name
    path.write_text(json.dumps(data) if name.endswith(".json") else data)
    return path


YAML = """
model_list:
  - model_name: bank-model
    litellm_params: {model: openai/qwen, api_base: "http://127.0.0.1:9/v1"}
  - model_name: bank-model
    litellm_params: {model: openai/qwen, api_base: "http://127.0.0.1:10/v1", api_key: os.environ/ROUTER_TEST_KEY}
router_settings: {num_retries: 2, fallbacks: [{bank-model: [other]}]}
"""


def test_a_router_file_names_its_models_and_records_no_keys(tmp_path, monkeypatch):
    monkeypatch.setenv("ROUTER_TEST_KEY", "sk-router-secret-123456")
    config = read_router_file(_file(tmp_path, YAML))
    assert model_names(config) == {"bank-model"}
    summary = describe(config)
    assert [d["api_base"] for d in summary["deployments"]] == ["http://127.0.0.1:9/v1", "http://127.0.0.1:10/v1"]
    assert "sk-router" not in json.dumps(summary) and summary["settings"]["num_retries"] == 2
    assert router_secrets(config) == ["sk-router-secret-123456"]
    router = build_router(config)
    assert len(router.registry().all()) == 2


def test_a_deployment_whose_key_variable_is_unset_is_a_one_line_error(tmp_path, monkeypatch):
    monkeypatch.delenv("ROUTER_TEST_KEY", raising=False)
    with pytest.raises(MissingApiKeyError, match="needs ROUTER_TEST_KEY"):
        build_router(read_router_file(_file(tmp_path, YAML)))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("model_list: []", "non-empty 'model_list'"),
        ("model_list: [{model_name: x}]", "entry 1 needs"),
        ("model_list: [{model_name: x, litellm_params: {model: openai/m}}]\nrouter_settings: 3", "must be a mapping"),
        ("model_list: [: bad", "not valid YAML or JSON"),
    ],
)
def test_bad_router_files_are_one_line_errors(tmp_path, text, message):
    with pytest.raises(RunInputError, match=message) as caught:
        read_router_file(_file(tmp_path, text))
    assert "\n" not in str(caught.value)


def test_an_unknown_router_setting_is_a_one_line_error(tmp_path):
    config = read_router_file(
        _file(
            tmp_path,
            {
                "model_list": [{"model_name": "m", "litellm_params": {"model": "openai/m", "api_base": "http://127.0.0.1:9/v1"}}],
                "router_settings": {"no_such_setting": 1},
            },
            name="router.json",
        )
    )
    with pytest.raises(RunInputError, match="unknown router setting"):
        build_router(config)


class FakeRouter:
    def __init__(self):
        self.calls = []

    def completion(self, **kwargs):
        self.calls.append(kwargs)
        return "routed"


def test_calls_for_the_routers_models_go_through_it_and_others_do_not(monkeypatch):
    from tau2.utils import llm_utils

    direct = []
    monkeypatch.setattr(llm_utils, "completion", lambda **kw: direct.append(kw) or "direct")
    router = FakeRouter()
    with routed(router, {"bank-model"}):
        assert llm_utils.completion(model="bank-model", messages=[], num_retries=3, temperature=0) == "routed"
        assert llm_utils.completion(model="openai/other", messages=[], num_retries=3) == "direct"
        assert llm_utils.completion.serves("bank-model") and not llm_utils.completion.serves("openai/other")
    assert router.calls == [{"model": "bank-model", "messages": [], "temperature": 0}]  # the router's retries govern
    assert direct == [{"model": "openai/other", "messages": [], "num_retries": 3}]
    assert llm_utils.completion(model="bank-model", messages=[]) == "direct"  # restored when the run ends


class DownRouter(FakeRouter):
    def completion(self, **kwargs):
        self.calls.append(kwargs)
        raise RuntimeError("every deployment failed")


def test_the_llm_participants_send_their_calls_through_tau2s_completion():
    from tau_indian_bank.evaluation.diagnostics import ERROR_KEY
    from tau_indian_bank.plugin.llm_agent import complete
    from tau_indian_bank.plugin.model_errors import ModelCallError

    router = DownRouter()
    with routed(router, {"bank-model"}), pytest.raises(ModelCallError) as caught:
        complete("bank-model", [], None, "customer", temperature=0)
    assert [call["model"] for call in router.calls] == ["bank-model"]
    assert (caught.value.side, caught.value.model, caught.value.cause) == ("customer", "bank-model", "every deployment failed")
    assert "every deployment failed" in caught.value.record().raw_data[ERROR_KEY]  # the session ends with it recorded
