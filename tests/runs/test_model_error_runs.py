"""``tau-indian-bank run`` against loopback model servers that fail: model errors counted, exit codes, --retry-errors,
the preflight and --dry-run (in-process; the servers are tests/support/fake_llm.py)."""

from __future__ import annotations

import json

import pytest

from tau_indian_bank.cli import main
from tau_indian_bank.tasks.suite_files import load_suite
from tests.support.fake_llm import FakeModel, Faults, Server

TASK_IDS = ["seq_fd_close_0001", "ctrl_balance_0001", "ctrl_update_address_0001"]
REFUSED = "http://127.0.0.1:9/v1"  # nothing listens on the discard port
pytestmark = pytest.mark.filterwarnings("ignore:Items? .* (is|are) using the `ReadOnly` qualifier:UserWarning")


@pytest.fixture(scope="module")
def tasks():
    return [t for t in load_suite() if t["id"] in TASK_IDS]


def model_run(capsys, folder, agent_base, user_base, *extra, task_ids=TASK_IDS, name="run"):
    code = main(
        [
            "run",
            "--agent-llm",
            "openai/fake-agent",
            "--agent-llm-args",
            json.dumps({"api_base": agent_base}),
            "--user-llm",
            "openai/fake-user",
            "--user-llm-args",
            json.dumps({"api_base": user_base}),
            "--task-ids",
            *task_ids,
            "--results-dir",
            str(folder),
            "--save-to",
            name,
            "--max-retries",
            "0",
            "--max-concurrency",
            "2",
            *extra,
        ]
    )
    out, err = capsys.readouterr()
    return code, out, err


def sessions(folder, name="run"):
    return {s["task_id"]: s for s in json.loads((folder / f"{name}.json").read_text())["simulations"]}


def test_a_customer_endpoint_that_refuses_connections_ends_every_session_as_a_model_error(tasks, tmp_path, capsys):
    with Server(FakeModel(tasks)) as agent:
        code, out, err = model_run(capsys, tmp_path, agent.base, REFUSED, "--no-preflight")
    assert code == 1, err  # no session measured anything: the command says so
    assert out.strip().splitlines()[-1] == (
        "3 of 3 sessions ended with a model error (first: customer openai/fake-user: Connection refused); --retry-errors runs them again"
    )
    for simulation in sessions(tmp_path).values():
        assert simulation["termination_reason"] == "user_error"
        assert all(m["content"] is None for m in simulation["messages"] if m["role"] == "user")  # no synthetic stop


def test_an_agent_endpoint_that_returns_http_500_forever_ends_every_session_as_an_agent_model_error(tasks, tmp_path, capsys):
    with Server(FakeModel(tasks, Faults(agent_down=True))) as agent, Server(FakeModel(tasks)) as customer:
        code, out, _ = model_run(capsys, tmp_path, agent.base, customer.base, "--no-preflight")
    assert code == 1
    assert "3 of 3 sessions ended with a model error (first: agent openai/fake-agent: HTTP 500: model down)" in out
    assert {s["termination_reason"] for s in sessions(tmp_path).values()} == {"agent_error"}


def test_some_model_errors_exit_0_and_retry_errors_reruns_exactly_those_slots(tasks, tmp_path, capsys):
    down = TASK_IDS[1]
    model = FakeModel(tasks, Faults(down_for={down}))
    with Server(model) as server:
        code, out, _ = model_run(capsys, tmp_path, server.base, server.base)
        assert code == 0 and out.strip().splitlines()[-1].startswith(
            "1 of 3 sessions ended with a model error (first: agent openai/fake-agent: HTTP 500: model down)"
        )
        checkpoint = tmp_path / "run.checkpoint.jsonl"
        before = checkpoint.read_bytes()
        code, out, _ = model_run(capsys, tmp_path, server.base, server.base)  # a plain resume runs nothing again
        assert code == 0 and "3 sessions (3 resumed)" in out and checkpoint.read_bytes() == before
        model.faults.down_for.clear()  # the endpoint is back
        code, out, err = model_run(capsys, tmp_path, server.base, server.base, "--retry-errors")
    assert code == 0 and "3 sessions (2 resumed, 1 run again), pass 100.0%" in out and "model error" not in out
    assert "(1 of them again: --retry-errors)" in err
    after = checkpoint.read_bytes()
    assert after.startswith(before) and after[len(before) :].count(b"\n") == 1  # exactly one session appended
    assert json.loads(after[len(before) :])["task_id"] == down
    assert all(s["reward_info"]["reward"] == 1.0 for s in sessions(tmp_path).values())  # the results file holds the rerun


@pytest.mark.parametrize(
    ("agent_llm", "router", "message"),
    [
        (
            "qwen72b",
            None,
            "the agent model 'qwen72b' is not a model litellm can call (give a provider prefix, such as "
            "openai/qwen72b for an OpenAI-compatible server) and not served by a --router file",
        ),
        ("qwen72b", "bank-model", "and not a model_name of the --router file"),
    ],
)
def test_a_model_name_nothing_resolves_stops_the_run_before_it_starts(tasks, tmp_path, capsys, agent_llm, router, message):
    extra = []
    if router:
        router_file = tmp_path / "router.yaml"
        router_file.write_text(
            json.dumps({"model_list": [{"model_name": router, "litellm_params": {"model": "openai/x", "api_base": REFUSED}}]})
        )
        extra = ["--router", str(router_file)]
    with Server(FakeModel(tasks)) as server:
        code = main(
            [
                "run",
                "--agent-llm",
                agent_llm,
                "--agent-llm-args",
                "{}",
                "--user-llm",
                "openai/fake-user",
                "--user-llm-args",
                json.dumps({"api_base": server.base}),
                "--task-ids",
                TASK_IDS[0],
                "--results-dir",
                str(tmp_path / "out"),
                *extra,
            ]
        )
    err = capsys.readouterr().err
    assert code == 2 and message in err and err.strip().splitlines()[-1].startswith("error: preflight: ")
    assert not (tmp_path / "out").exists()  # nothing written


def test_a_model_missing_from_the_router_without_preflight_is_a_model_error_per_session(tasks, tmp_path, capsys):
    router_file = tmp_path / "router.yaml"
    with Server(FakeModel(tasks)) as server:
        router_file.write_text(
            json.dumps(
                {"model_list": [{"model_name": "bank-model", "litellm_params": {"model": "openai/fake-user", "api_base": server.base}}]}
            )
        )
        code = main(
            [
                "run",
                "--agent-llm",
                "qwen72b",
                "--user-llm",
                "bank-model",
                "--router",
                str(router_file),
                "--task-ids",
                TASK_IDS[0],
                "--results-dir",
                str(tmp_path),
                "--save-to",
                "r",
                "--no-preflight",
                "--max-retries",
                "0",
            ]
        )
    out = capsys.readouterr().out
    assert code == 1 and "1 of 1 sessions ended with a model error (first: agent qwen72b: HTTP 400: LLM Provider NOT provided" in out


def test_the_preflight_calls_each_distinct_model_once_and_a_refused_endpoint_writes_nothing(tasks, tmp_path, capsys):
    model = FakeModel(tasks)
    with Server(model) as server:
        code, _, err = model_run(capsys, tmp_path / "out", server.base, REFUSED)
        assert code == 2 and not (tmp_path / "out").exists()
        assert err.strip().splitlines()[-1] == (
            f"error: preflight: the customer model 'openai/fake-user' ({REFUSED}) failed a test completion: Connection "
            "refused; nothing was run (fix it, or skip this check with --no-preflight)"
        )
        assert model.probes == ["fake-agent"] and model.requests == 0  # no session started
        model.probes.clear()
        code, _, err = model_run(capsys, tmp_path / "ok", server.base, server.base, task_ids=TASK_IDS[:1])
    assert code == 0 and sorted(model.probes) == ["fake-agent", "fake-user"]
    assert "preflight: agent model openai/fake-agent" in err and "answered in" in err


def test_a_dry_run_prints_the_plan_and_the_resume_state_and_writes_nothing(tasks, tmp_path, capsys):
    model = FakeModel(tasks, Faults(down_for={TASK_IDS[1]}))
    with Server(model) as server:
        code, out, _ = model_run(capsys, tmp_path / "new", server.base, server.base, "--dry-run")
        assert code == 0 and not (tmp_path / "new").exists() and model.requests == 0
        lines = out.splitlines()
        assert lines[0] == "tau-indian-bank run --dry-run: nothing is written"
        assert "  sessions  3: 3 tasks of indian_bank (split base) x 1 trial" in lines
        assert f"  agent     indian_bank_llm_agent, model openai/fake-agent at {server.base}" in lines
        assert "  resume    no session saved yet: all 3 to run" in lines
        assert any(line.startswith("  preflight: agent model openai/fake-agent") for line in lines)
        model_run(capsys, tmp_path, server.base, server.base)
        checkpoint = (tmp_path / "run.checkpoint.jsonl").read_bytes()
        code, out, _ = model_run(capsys, tmp_path, server.base, server.base, "--dry-run", "--no-preflight")
    assert code == 0 and (tmp_path / "run.checkpoint.jsonl").read_bytes() == checkpoint
    assert "  resume    3 of 3 sessions saved (1 ended with a model error, 0 crashed), 0 to run; with --retry-errors 1" in out
    assert "  preflight skipped (--no-preflight)" in out


def test_the_reports_token_counts_and_cost_are_the_servers(tasks, tmp_path, capsys):
    import litellm

    from tau_indian_bank.report.load import load_runs
    from tau_indian_bank.report.metrics import build_report

    model = FakeModel(tasks)
    with Server(model) as server:
        args = json.dumps({"api_base": server.base})
        code = main(
            [
                "run",
                "--agent-llm",
                "openai/gpt-4.1-mini",
                "--agent-llm-args",
                args,
                "--user-llm",
                "openai/gpt-4.1-nano",
                "--user-llm-args",
                args,
                "--task-ids",
                *TASK_IDS,
                "--results-dir",
                str(tmp_path),
                "--save-to",
                "priced",
            ]
        )
    assert code == 0, capsys.readouterr().err
    run = build_report(load_runs([str(tmp_path / "priced.json")]), with_sessions=True)["runs"][0]
    effort = run["effort"]
    assert [effort["agent_prompt_tokens"]["total"], effort["agent_completion_tokens"]["total"]] == model.usage["agent"]
    assert [effort["customer_prompt_tokens"]["total"], effort["customer_completion_tokens"]["total"]] == model.usage["customer"]
    assert model.usage["agent"][0] > 0 and len(model.probes) == 2  # the probes are not in any session

    def price(name, tokens):
        rates = litellm.model_cost[name]
        return tokens[0] * rates["input_cost_per_token"] + tokens[1] * rates["output_cost_per_token"]

    expected = price("gpt-4.1-mini", model.usage["agent"]) + price("gpt-4.1-nano", model.usage["customer"])
    assert effort["cost"]["total"] == pytest.approx(expected, rel=1e-9) and effort["cost"]["priced_sessions"] == 3
    assert run["pass_rate"] == 1.0 and effort["cost_per_passed_session"] == pytest.approx(expected / 3, rel=1e-9)
    sessions = run["sessions"]
    assert (
        sum(s["effort"]["tool_calls"] for s in sessions)
        == effort["tool_calls"]["total"]
        == sum(len(t["evaluation_criteria"]["actions"]) for t in tasks)
    )  # the loopback agent makes exactly its gold calls
    assert effort["extra_calls_per_passed_session"] == {"mean": 0.0, "median": 0, "total": 0, "passed_sessions": 3}
    assert all(s["effort"]["turns"] >= 1 and s["effort"]["duration_s"] > 0 for s in sessions)
