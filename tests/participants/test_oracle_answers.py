"""The oracle tells the customer every fact; an oracle that changes one digit of one figure fails both checks."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tau2.data_model.tasks import Task

from tau_indian_bank.evaluation.answers import check_answer
from tau_indian_bank.evaluation.facts import task_facts
from tau_indian_bank.evaluation.gates.figures import check_figures
from tau_indian_bank.participants.agents import IndianBankOracle, ScriptState
from tau_indian_bank.tasks.suite_files import load_suite

#: One task per kind of fact: a balance, a closure (quote, outcome, last four), a new deposit (a
#: reference from the session, a maturity date and a rate), a card's expiry month, two references.
PREFIXES = (
    "ctrl_balance_",
    "seq_fd_close_0",
    "seq_fd_open_0",
    "ctrl_card_status_",
    "ctrl_loan_emi_",
    "edge_statement_over_12_months_",
    "ctrl_deposit_rates_",
)
MUTANT = "indian_bank_test_mutant_oracle"
_FIGURE = re.compile(r"₹[\d,]+\.\d\d")


class MutantOracle(IndianBankOracle):
    """The oracle, except that the last digit of the first rupee figure it states is changed."""

    def _told(self, state: ScriptState) -> str:
        text = super()._told(state)
        if getattr(state, "_mutated", False) or not _FIGURE.search(text):
            return text
        object.__setattr__(state, "_mutated", True)
        match = _FIGURE.search(text)
        figure = match.group(0)
        changed = figure[:-1] + str((int(figure[-1]) + 1) % 10)
        return text[: match.start()] + changed + text[match.end() :]


def _tasks() -> list[dict[str, Any]]:
    suite = load_suite()
    return [next(t for t in suite if t["id"].startswith(prefix)) for prefix in PREFIXES]


def _sessions(agent: str) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    from tau_indian_bank.plugin.offline import run_offline

    tasks = _tasks()
    by_id = {t["id"]: t for t in tasks}
    results = run_offline([Task.model_validate(t) for t in tasks], agent)
    return [(by_id[s.task_id], [m.model_dump(mode="json") for m in s.messages]) for s in results.simulations]


@pytest.fixture(scope="module")
def mutant_registered() -> str:
    from tau_indian_bank.plugin.registration import ensure_registered

    registry = ensure_registered()
    if MUTANT not in registry.get_agents():
        registry.register_agent(MutantOracle, MUTANT)
    return MUTANT


def test_the_oracle_states_every_fact_and_invents_no_figure():
    sessions = _sessions("indian_bank_oracle")
    assert len(sessions) == len(PREFIXES)
    for task, messages in sessions:
        assert task_facts(task)
        assert check_answer(task, messages).passed is True, task["id"]
        assert check_figures(task, messages)[0] == "pass", task["id"]


def test_an_oracle_that_changes_one_digit_of_one_figure_fails_the_answer_check_and_s7(mutant_registered):
    sessions = _sessions(mutant_registered)
    mutated = [(t, m) for t, m in sessions if any(_FIGURE.search(x.get("content") or "") for x in m if x["role"] == "assistant")]
    assert len(mutated) >= 4
    for task, messages in mutated:
        answer = check_answer(task, messages)
        assert answer.passed is False and len(answer.missing) == 1, task["id"]
        assert check_figures(task, messages)[0] == "fail", task["id"]
