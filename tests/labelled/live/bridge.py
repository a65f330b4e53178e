"""Live conversations played by language-model agents through files (issue 22's labelled set).

A development tool, not part of the package: ``python -m tests.labelled.live.bridge COMMAND``.

* ``serve --port P --queue DIR``: an OpenAI-compatible server; each model call waits in ``DIR/<model>/``
  for a player's reply (:mod:`.server`).
* ``next``, ``reply``, ``status``: the players' loop (:mod:`.client`; standard library only, fast to start).
* ``recipe``: the ``tau-indian-bank run`` command that plays tasks through the bridge (``--exec`` runs it).
* ``twin``: an extra instruction for a customer player's next sessions (one realistic error).
* ``export``: a run's sessions as labelled-conversation files, labels null (:mod:`.export`).

Every mistake is one line on stderr and exit status 2. tests/labelled/live/PLAYERS.md is the guide.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from pathlib import Path

from tests.labelled.live import exchange

ROOT = Path(__file__).resolve().parents[3]
AGENT_MODEL, CUSTOMER_MODEL = "assistant-1", "customer-1"
#: litellm's own request timeout, per model call (its default is 600 s; a player may take longer).
CALL_TIMEOUT = 6 * 3600
DEFAULT_WAIT = 500.0


def run_command(
    port: int,
    task_ids: list[str],
    save_to: str,
    task_set: str | None = None,
    results_dir: str = "results/live",
    agent_model: str = AGENT_MODEL,
    customer_model: str = CUSTOMER_MODEL,
    program: str = ".venv/bin/tau-indian-bank",
) -> list[str]:
    """The ``tau-indian-bank run`` that plays ``task_ids`` through the bridge on ``port``, one session at a time."""
    args = json.dumps({"api_base": f"http://127.0.0.1:{port}/v1", "timeout": CALL_TIMEOUT})
    return [
        program,
        "run",
        "--agent",
        "indian_bank_llm_agent",
        "--agent-llm",
        f"openai/{agent_model}",
        "--agent-llm-args",
        args,
        "--user",
        "indian_bank_user",
        "--user-llm",
        f"openai/{customer_model}",
        "--user-llm-args",
        args,
        *(["--task-set-name", task_set] if task_set else []),
        "--task-ids",
        *task_ids,
        "--max-concurrency",
        "1",
        "--max-retries",
        "1",
        "--results-dir",
        results_dir,
        "--save-to",
        save_to,
    ]


RUN_ENV = {"OPENAI_API_KEY": "bridge-dummy-key", "LITELLM_LOCAL_MODEL_COST_MAP": "True", "LOGURU_LEVEL": "ERROR"}


def _serve(args: argparse.Namespace) -> int:
    from tests.labelled.live.server import Bridge, make_server

    bridge = Bridge(Path(args.queue), reply_timeout=args.reply_timeout)
    server = make_server(bridge, args.port)
    bridge.say(f"bridge serving http://127.0.0.1:{server.server_address[1]}/v1, queue {args.queue} (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def _recipe(args: argparse.Namespace) -> int:
    save_to = args.save_to or f"{args.task_ids[0]}.{args.variant}"
    command = run_command(args.port, args.task_ids, save_to, args.task_set, args.results_dir, args.agent_model, args.customer_model) + (
        ["--retry-errors"] if args.retry_errors else []
    )
    if args.exec:
        os.execvpe(command[0], command, {**os.environ, **RUN_ENV})
    env = " ".join(f"{k}={v}" for k, v in RUN_ENV.items())
    print(f"cd {ROOT} && {env} \\\n  {shlex.join(command)}")
    print(f"# results: {args.results_dir}/{save_to}.json")
    return 0


def _client(args: argparse.Namespace) -> int:
    from tests.labelled.live import client

    queue = Path(args.queue)
    if args.command == "next":
        return client.next_request(queue, args.model, args.wait, args.full)
    if args.command == "reply":
        return client.reply(queue, args.id, args.text, args.tool_call or [])
    if args.command == "status":
        return client.status(queue, args.timings)
    return client.twin(queue, args.model, args.kind, args.instruction, args.clear)


def _export(args: argparse.Namespace) -> int:
    from tests.labelled.live.export import ASSISTANT, CUSTOMER, export

    written = export(
        Path(args.results_file),
        Path(args.out),
        Path(args.queue) if args.queue else None,
        args.variant,
        args.customer or CUSTOMER,
        args.assistant or ASSISTANT,
        args.include_errors,
        args.overwrite,
    )
    return 0 if written else 1


def parser() -> argparse.ArgumentParser:
    parse = argparse.ArgumentParser(prog="python -m tests.labelled.live.bridge", description=__doc__.split("\n\n")[0])
    commands = parse.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="the OpenAI-compatible server over a queue directory")
    serve.add_argument("--port", type=int, required=True, help="port on 127.0.0.1 (0: any free port)")
    serve.add_argument("--queue", required=True, help="queue directory (created if missing)")
    serve.add_argument(
        "--reply-timeout", type=float, default=6 * 3600.0, help="seconds a call waits for its reply before HTTP 504 (default: 6 hours)"
    )
    follow = commands.add_parser("next", help="print the oldest unanswered request of a model (waits for one)")
    follow.add_argument("--queue", required=True)
    follow.add_argument("--model", required=True, help="your model name, such as customer-1 or assistant-1")
    follow.add_argument("--wait", type=float, default=DEFAULT_WAIT, help=f"seconds to wait (default: {DEFAULT_WAIT:.0f})")
    follow.add_argument("--full", action="store_true", help="show the system prompt, tools and whole conversation again")
    answer = commands.add_parser("reply", help="answer a request: text and/or tool calls")
    answer.add_argument("id", help="the request id `next` printed")
    answer.add_argument("--queue", required=True)
    answer.add_argument("--text", help="the message ('-': read it from stdin)")
    answer.add_argument(
        "--tool-call",
        nargs=2,
        action="append",
        metavar=("NAME", "JSON"),
        help="a tool call (repeatable); JSON '-': read the arguments from stdin",
    )
    state = commands.add_parser("status", help="pending requests per model")
    state.add_argument("--queue", required=True)
    state.add_argument("--timings", action="store_true", help="also the seconds per turn, players' and harness's")
    twin = commands.add_parser("twin", help="an instruction shown to a model's player with each new conversation")
    twin.add_argument("--queue", required=True)
    twin.add_argument("--model", default=CUSTOMER_MODEL)
    twin.add_argument("--kind", help="the error's kind, C1 to C6 (the file's variant becomes twin-KIND)")
    twin.add_argument("--instruction", help="what the player must do differently, in one or two sentences")
    twin.add_argument("--clear", action="store_true", help="remove the instruction")
    recipe = commands.add_parser("recipe", help="print (or --exec) the tau-indian-bank run command for the bridge")
    recipe.add_argument("--port", type=int, required=True)
    recipe.add_argument("--task-ids", nargs="+", required=True)
    recipe.add_argument("--task-set", help="indian_bank_robust for the robustness tasks (default: the base set)")
    recipe.add_argument("--variant", default="live", help="names the results file <task>.<variant> (default: live)")
    recipe.add_argument("--save-to", help="results name (default: <first task id>.<variant>)")
    recipe.add_argument("--results-dir", default="results/live")
    recipe.add_argument("--agent-model", default=AGENT_MODEL)
    recipe.add_argument("--customer-model", default=CUSTOMER_MODEL)
    recipe.add_argument(
        "--retry-errors",
        action="store_true",
        help="when resuming, play again the sessions that ended with a model error (a timeout, a stopped player)",
    )
    recipe.add_argument("--exec", action="store_true", help="run it now (in the foreground)")
    out = commands.add_parser("export", help="a results file's sessions as labelled conversations (labels null)")
    out.add_argument("results_file")
    out.add_argument("--out", required=True, help="folder, such as tests/labelled/customer_live/")
    out.add_argument("--queue", help="the run's queue: finds twin instructions (variant twin-KIND)")
    out.add_argument("--variant", help="force this variant for every session")
    out.add_argument("--customer", help="what played the customer (default: a helper agent given the exact prompt)")
    out.add_argument("--assistant", help="what played the assistant")
    out.add_argument("--include-errors", action="store_true", help="also sessions that ended with a model error")
    out.add_argument("--overwrite", action="store_true", help="replace existing files")
    return parse


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    handlers = {"serve": _serve, "recipe": _recipe, "export": _export}
    try:
        return handlers.get(args.command, _client)(args)
    except exchange.BridgeError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the output was piped into a command that stopped reading (head, less)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
