"""``tau-indian-bank validate``: check the task suite before anyone runs a model on it.

Checks, each reported as a line of a table (failing task ids listed):

* schema: every task is a valid tau2 Task with a well-formed id, a login, the login
  context, a gold chain whose calls fit the tool schemas, the two action-check
  assertions over that same chain, the reward basis and one clause-citing assertion;
* composition: every figure of the paper's suite (see ``composition``) and the splits;
* gold: every gold call succeeds against the task's initial state, and the stored login
  context is what the bank returns;
* evidence: every compared gold argument is supported by what the agent can see;
* facts: every task's stored facts equal those derived from its gold replay, and a task
  without facts is of a kind that has none (a rules question, a hand-over);
* scenarios: no scenario contradicts the customer guidelines (``scenario_rules``: voice,
  figures the customer does not know, credentials, date of birth, persona), over
  whatever tasks the set has;
* participants (when the command passes the runner, ``plugin.offline.participant_outcomes``:
  this module never imports the tau2 glue): through tau2's own loop and evaluator, the oracle passes every task and
  each of the four scripted baselines fails every task; the oracle states every fact of
  every task (answer check) and each baseline misses one wherever a task has facts.

``--task-set indian_bank_robust`` runs the same checks on the robustness set, with its own
composition (per axis, :mod:`tau_indian_bank.tasks.robust.checks`), ids ``rob_<axis>_…``,
initialization actions after the login (a task's ``setup``) and, for the participants, the
strict verdict: the oracle passes every task under ``--strict`` (paper's verdict, answer check,
every safety gate); no baseline passes any task under ``--strict``, and none passes the paper's
verdict on a task whose gold chain has a call.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tau_indian_bank.evaluation.fact_replay import derive_facts
from tau_indian_bank.evaluation.facts import task_facts, why_no_facts, without_facts
from tau_indian_bank.tasks.composition import Check, composition_checks
from tau_indian_bank.tasks.evidence import missing_evidence
from tau_indian_bank.tasks.fact_needs import fact_needs_check
from tau_indian_bank.tasks.scenario_rules import scenario_problems
from tau_indian_bank.tools.arguments import ArgumentError, bind
from tau_indian_bank.tools.catalogue import ALL_SPECS
from tau_indian_bank.vocabulary import (
    BASELINES,
    CATEGORY_PREFIXES,
    DOMAIN_NAME,
    OFFLINE_AGENTS,
    ORACLE,
    ROBUST_PREFIX,
    ROBUST_TASK_SET,
)

_FACTS = "facts from the gold replay (or why none)"
_ID = re.compile(rf"^({'|'.join(CATEGORY_PREFIXES.values())})_[a-z0-9_]+_\d{{4}}$")
_ROBUST_ID = re.compile(rf"^{ROBUST_PREFIX}_[a-z0-9_]+_\d{{4}}$")


@dataclass
class TaskProblems:
    """Failing task ids per check (with a short reason each)."""

    by_check: dict[str, list[str]] = field(default_factory=dict)

    def add(self, check: str, task_id: str, reason: str = "") -> None:
        self.by_check.setdefault(check, []).append(f"{task_id}{': ' + reason if reason else ''}")


def _structure_problems(task: Mapping[str, Any], robust: bool = False) -> list[str]:
    """What is malformed in a task (a robustness task may add set-up actions after the login, and need no call)."""
    problems = []
    if not (_ROBUST_ID if robust else _ID).match(str(task.get("id", ""))):
        problems.append("id is not rob_<axis>_<variant>_<NNNN>" if robust else "id is not <category>_<family>_<NNNN>")
    state = task.get("initial_state") or {}
    names = [a.get("func_name") for a in state.get("initialization_actions") or []]
    if (names[:1] if robust else names) != ["start_session"]:
        problems.append("initial state does not log a customer in with start_session")
    history = state.get("message_history") or []
    if len(history) < 2 or history[1].get("role") != "tool":
        problems.append("message history lacks the login-context look-up")
    criteria = task.get("evaluation_criteria") or {}
    gold = criteria.get("actions") or []
    if not gold and not robust:
        problems.append("no gold call")
    for action in gold:
        spec = ALL_SPECS.get(action.get("name"))
        if spec is None:
            problems.append(f"unknown tool {action.get('name')!r}")
            continue
        try:
            bind(spec, action.get("arguments") or {})
        except ArgumentError as exc:
            problems.append(str(exc))
    assertions = criteria.get("env_assertions") or []
    if [a.get("func_name") for a in assertions] != ["assert_gold_calls_made", "assert_writes_pure"] or any(
        without_facts(a.get("arguments", {}).get("gold_calls") or []) != without_facts(gold) for a in assertions
    ):
        problems.append("the action-check assertions do not cover exactly the gold chain")
    if sorted(criteria.get("reward_basis") or []) != ["DB", "ENV_ASSERTION"]:
        problems.append("reward basis is not DB + ENV_ASSERTION")
    nl = criteria.get("nl_assertions") or []
    if len(nl) != 1 or "§" not in nl[0]:
        problems.append("needs exactly one natural-language assertion citing a policy clause")
    return problems


def _fact_problems(task: Mapping[str, Any], outputs: list[str]) -> list[str]:
    """Stored facts that differ from those of the gold replay, or no facts and no reason to have none."""
    derived = [f for step in derive_facts(task, outputs) for f in step]
    if derived != task_facts(task):
        return ["stored facts differ from the gold replay's; regenerate the suite"]
    if not derived and why_no_facts(task) is None:
        return ["no fact to tell the customer, and not a kind of task that has none"]
    return []


def _gold_problems(task: Mapping[str, Any], policy: str) -> tuple[list[str], list[str]]:
    """(gold-chain failures and fact problems, missing evidence) from replaying the chain from the initial state."""
    from tau2.data_model.tasks import Task

    from tau_indian_bank.tools.arguments import ToolError
    from tau_indian_bank.tools.toolkit import BankTools

    Task.model_validate(task)
    state = task["initial_state"]
    tools = BankTools()
    tools.start_session(state["initialization_actions"][0]["arguments"]["customer_id"])
    login = state["message_history"][1]["content"]
    failures = [] if tools.call("get_customer_profile", {}) == login else ["stored login context is out of date"]
    scenario = task["user_scenario"]
    seen = [json.dumps(scenario, ensure_ascii=False), login, policy]
    missing: list[str] = []
    outputs: list[str] = []
    for action in task["evaluation_criteria"]["actions"]:
        missing.extend(missing_evidence(action["name"], action["arguments"], action.get("compare_args"), "\n".join(seen)))
        try:
            outputs.append(tools.call(action["name"], action["arguments"]))
        except ToolError as exc:
            failures.append(f"{action['name']} refused: {exc}")
            break
        seen.append(outputs[-1])
    if not failures:
        failures.extend(f"facts: {problem}" for problem in _fact_problems(task, outputs))
    return failures, missing


#: Runs the offline agents on some tasks through tau2 (``plugin.offline.participant_outcomes``): given the
#: tasks, the agents, the worker count and whether every agent's gates count, it returns agent -> task id ->
#: passed, with "<agent> gates" (every safety gate passed) and "<agent> answer" (the answer check).
ParticipantRunner = Callable[[Sequence[Mapping[str, Any]], Sequence[str], int, bool], dict[str, dict[str, Any]]]


def _answer_checks(
    outcomes: Mapping[str, Mapping[str, Any]], agents: Sequence[str], baselines: Sequence[str], problems: TaskProblems
) -> list[Check]:
    """The oracle meets every task's facts; each baseline misses one wherever a task has facts."""
    checks = []
    for agent in agents:
        answers = outcomes[f"{agent} answer"]
        with_facts = {t: a for t, a in answers.items() if a is not None}
        want = agent not in baselines
        wrong = sorted(t for t, a in with_facts.items() if a is not want)
        for task_id in wrong:
            problems.add(f"{agent} {'states every fact' if want else 'misses a fact'}", task_id)
        short = agent.removeprefix(f"{DOMAIN_NAME}_")
        checks.append(
            Check(
                f"{short} {'states every fact' if want else 'misses a fact'} (answer check)",
                f"{len(with_facts)}",
                f"{len(with_facts) - len(wrong)}",
                not wrong,
            )
        )
    return checks


def _facts_summary(tasks: Sequence[Mapping[str, Any]]) -> Check:
    """How many tasks have facts, and why the others have none (a rules question, a hand-over)."""
    reasons = Counter((why_no_facts(t) or "no reason").split(":")[0].removeprefix("a ") for t in tasks if not task_facts(t))
    found = f"{len(tasks) - sum(reasons.values())}; " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items()))
    return Check("tasks with facts; the others, and why", "rest: rules or hand-over", found, "no reason" not in reasons)


def _scenario_checks(tasks: Sequence[Mapping[str, Any]], problems: TaskProblems) -> list[Check]:
    """One row per scenario rule: the scenarios that do not contradict the customer guidelines."""
    checks = []
    for name, found in scenario_problems(tasks).items():
        for task_id, problem in found:
            problems.add(name, task_id, problem)
        bad = {task_id for task_id, _ in found}
        checks.append(Check(name, f"{len(tasks)} tasks", f"{len(tasks) - len(bad)} ok", not bad))
    return checks


def _strict_checks(tasks: Sequence[Mapping[str, Any]], outcomes: Mapping[str, Mapping[str, Any]], problems: TaskProblems) -> list[Check]:
    """The robustness set's participant rules.

    The oracle passes strict; no baseline passes strict, nor the paper's verdict on a task whose gold chain has a call.
    """
    with_call = {t["id"] for t in tasks if (t.get("evaluation_criteria") or {}).get("actions")}
    checks = []
    for agent in OFFLINE_AGENTS:
        strict = {
            t: passed and outcomes[f"{agent} gates"][t] and outcomes[f"{agent} answer"][t] is not False
            for t, passed in outcomes[agent].items()
        }
        short = agent.removeprefix(f"{DOMAIN_NAME}_")
        if agent not in BASELINES:
            wrong = sorted(t for t, ok in strict.items() if not ok)
            name = f"{short} passes every task (strict)"
        else:
            wrong = sorted(t for t, ok in strict.items() if ok or (t in with_call and outcomes[agent][t]))
            name = f"{short} fails every task (strict; verdict where a call)"
        for task_id in wrong:
            problems.add(name, task_id)
        checks.append(Check(name, f"{len(strict)}", f"{len(strict) - len(wrong)}", not wrong))
    return checks


def _base_participant_checks(
    tasks: Sequence[Mapping[str, Any]], outcomes: Mapping[str, Mapping[str, Any]], problems: TaskProblems
) -> list[Check]:
    """The base suite's participant rules: the oracle passes, every baseline fails, the oracle is safe."""
    checks = []
    for agent in OFFLINE_AGENTS:
        want = agent not in BASELINES
        wrong = sorted(t for t, passed in outcomes[agent].items() if passed != want)
        for task_id in wrong:
            problems.add(f"{agent} {'passes' if want else 'fails'} every task", task_id)
        short = agent.removeprefix(f"{DOMAIN_NAME}_")
        checks.append(
            Check(f"{short} {'passes' if want else 'fails'} every task", f"{len(tasks)}", f"{len(tasks) - len(wrong)}", not wrong)
        )
    unsafe = sorted(t for t, ok in outcomes[f"{ORACLE} gates"].items() if not ok)
    for task_id in unsafe:
        problems.add("oracle passes every safety gate", task_id)
    checks.append(Check("oracle passes every safety gate", f"{len(tasks)}", f"{len(tasks) - len(unsafe)}", not unsafe))
    return checks


def validate(
    tasks: Sequence[Mapping[str, Any]],
    splits: Mapping[str, Sequence[str]],
    policy: str,
    participants: ParticipantRunner | None = None,
    workers: int | None = None,
    robust: bool = False,
) -> tuple[list[Check], TaskProblems]:
    """Run every check; return the table rows and the failing tasks (``robust``: the robustness set's rules).

    ``participants`` runs the offline agents through tau2 (the caller passes
    ``plugin.offline.participant_outcomes``); without it the participant rows are left out.
    """
    problems = TaskProblems()
    malformed: set[str] = set()
    for task in tasks:
        for problem in _structure_problems(task, robust):
            problems.add("schema", task.get("id", "?"), problem)
            malformed.add(task.get("id", "?"))
    well_formed = [t for t in tasks if t.get("id") not in malformed]
    for task in well_formed:
        failures, missing = _gold_problems(task, policy)
        for failure in failures:
            facts = failure.startswith("facts: ")
            problems.add(_FACTS if facts else "gold chain succeeds", task["id"], failure.removeprefix("facts: "))
        for item in missing:
            problems.add("scenario evidences gold values", task["id"], item)
    if robust:
        from tau_indian_bank.tasks.robust.checks import robust_composition_checks, robust_content_checks

        checks = robust_composition_checks(tasks, splits) + robust_content_checks(well_formed, policy, problems)
    else:
        checks = composition_checks(tasks, splits)
    n = len(tasks)
    for name in ("schema", "gold chain succeeds", "scenario evidences gold values", _FACTS):
        bad = {x.split(":")[0] for x in problems.by_check.get(name, [])}
        checks.append(Check(name, f"{n} tasks", f"{n - len(bad)} ok", not bad))
    checks.append(_facts_summary(well_formed))
    checks.append(fact_needs_check(well_formed, problems))
    checks.extend(_scenario_checks(tasks, problems))
    if participants is not None and well_formed:
        outcomes = participants(well_formed, OFFLINE_AGENTS, workers or min(2, os.cpu_count() or 1), robust)
        checks.extend(
            _strict_checks(well_formed, outcomes, problems) if robust else _base_participant_checks(well_formed, outcomes, problems)
        )
        checks.extend(_answer_checks(outcomes, OFFLINE_AGENTS, BASELINES, problems))
    return checks, problems


def render_table(checks: Sequence[Check], problems: TaskProblems, seconds: float) -> str:
    """The validator's compact summary."""
    width = max(len(c.name) for c in checks)
    lines = [f"{'check':<{width}}  {'expected':>18}  {'found':>22}  ok"]
    lines += [f"{c.name:<{width}}  {c.expected:>18}  {c.found:>22}  {'yes' if c.ok else 'NO'}" for c in checks]
    for name, items in sorted(problems.by_check.items()):
        lines.append(f"{name}: {len(items)} failing, e.g. " + "; ".join(items[:5]))
    failed = sum(not c.ok for c in checks)
    lines.append(f"{'PASS' if not failed else 'FAIL'}: {len(checks) - failed}/{len(checks)} checks passed in {seconds:.1f} s")
    return "\n".join(lines)


def main(participants: ParticipantRunner | None = None, workers: int | None = None, task_set: str = DOMAIN_NAME) -> int:
    """Validate a shipped task set (the base suite, or ``indian_bank_robust``); print the table; return the exit status."""
    from tau_indian_bank.paths import POLICY_FILE
    from tau_indian_bank.tasks.suite_files import load_splits, load_suite, task_set_files

    start = time.perf_counter()
    robust = task_set == ROBUST_TASK_SET
    tasks_file, splits_file = task_set_files(task_set)  # the active edition's
    tasks, splits = load_suite(tasks_file), load_splits(splits_file)
    checks, problems = validate(tasks, splits, POLICY_FILE.read_text(encoding="utf-8"), participants, workers, robust)
    print(render_table(checks, problems, time.perf_counter() - start))
    return 0 if all(c.ok for c in checks) else 1
