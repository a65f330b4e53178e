"""The behaviour axes of the robustness set: composition, gold chains, scripted conduct, the oracle, validate."""

from __future__ import annotations

from collections import Counter

import pytest
from tau2.data_model.message import AssistantMessage, ToolMessage, UserMessage
from tau2.data_model.tasks import Task

from tau_indian_bank.participants.agents import IndianBankOracle
from tau_indian_bank.participants.customer import IndianBankCustomer
from tau_indian_bank.participants.scenario import cues_in, names_token, parse_scenario
from tau_indian_bank.paths import ROBUST_SPLITS_FILE, ROBUST_TASKS_FILE
from tau_indian_bank.tasks.robust import all_robust_families
from tau_indian_bank.tasks.robust.checks import MIN_FOR_AXIS, MIN_PER_AXIS, robust_composition_checks
from tau_indian_bank.tasks.suite_files import load_splits, load_suite
from tau_indian_bank.tools.catalogue import STATE_CHANGING_TOOLS
from tau_indian_bank.vocabulary import axis_of
from tau_indian_bank.wording import describe_change

AXES_HERE = (
    "decline",
    "change_of_mind",
    "not_enough_info",
    "wrong_info",
    "contradiction",
    "context_switch",
    "confusing_intent",
    "long_context",
    "code_mixed",
)
#: Axes whose customer follows a cue line (not_enough_info and confusing_intent only answer questions).
CUED = ("decline", "change_of_mind", "wrong_info", "contradiction", "context_switch")


def _tasks(axis: str) -> list[dict]:
    return [t for t in load_suite(ROBUST_TASKS_FILE) if axis_of(t["id"]) == axis]


def _writes(task: dict) -> list[dict]:
    return [a for a in task["evaluation_criteria"]["actions"] if a["name"] in STATE_CHANGING_TOOLS]


def test_every_behaviour_axis_has_its_quota_of_tasks_from_three_families_or_more():
    per_axis, kinds = Counter(), Counter()
    for family in all_robust_families():
        per_axis[family.category] += family.quota
        kinds[family.category] += 1
    least = {axis: MIN_FOR_AXIS.get(axis, MIN_PER_AXIS) for axis in AXES_HERE}
    assert {axis: per_axis[axis] >= least[axis] and kinds[axis] >= 3 for axis in AXES_HERE} == dict.fromkeys(AXES_HERE, True)
    shipped = Counter(axis_of(t["id"]) for t in load_suite(ROBUST_TASKS_FILE))
    assert all(shipped[axis] == per_axis[axis] for axis in AXES_HERE)
    assert least["wrong_info"] == least["contradiction"] == 40


def test_a_declined_change_is_never_in_the_gold_chain_but_its_quote_is():
    for task in _tasks("decline"):
        names = [a["name"] for a in task["evaluation_criteria"]["actions"]]
        assert not _writes(task), task["id"]
        assert names[-1] in ("get_deposit_closure_quote", "get_loan_foreclosure_quote", "list_mandates"), task["id"]


def test_a_change_of_mind_writes_only_the_final_terms():
    for task in _tasks("change_of_mind"):
        scenario = str(Task.model_validate(task).user_scenario)
        (write,) = _writes(task)
        if task["id"].startswith("rob_change_of_mind_card_channel_"):  # the channel changes: no token, the channel named
            known = task["user_scenario"]["instructions"]["known_info"]
            assert write["arguments"]["enabled"] is False and known.split("What to turn off: ")[1].split(" (you first")[0]
            continue
        (token,) = cues_in(scenario)[1]
        shown = ", ".join(
            f"{k}: ₹{v:,}" if k == "amount" else f"{k}: {v} months" if k == "tenure_months" else f"{k}: {v}"
            for k, v in write["arguments"].items()
        )
        assert names_token(shown, token) or token in str(write["arguments"]), (task["id"], token, shown)


@pytest.mark.parametrize("axis", CUED)
def test_every_cued_scenario_scripts_its_behaviour(axis):
    for task in _tasks(axis):
        script = parse_scenario(str(Task.model_validate(task).user_scenario))
        assert script.cues, task["id"]


def test_cue_lines_and_tokens_are_read_from_the_scenario():
    text = (
        'When the assistant mentions the card ending 0915 or a card ending 0951, say: "Oh, sorry. It is 0915."\n'
        "Agree only to a proposal that names ₹3,25,000.\n"
    )
    cues, must = cues_in(text)
    assert [(c.trigger, c.line, c.tokens) for c in cues] == [("mentions", "Oh, sorry. It is 0915.", ("0915", "0951"))]
    assert must == ("₹3,25,000",)
    assert names_token("a deposit of Rs. 325000.00 for 24 months", "₹3,25,000")
    assert not names_token("a deposit of ₹6,50,000", "₹3,25,000")
    assert names_token("for a 24-month tenure", "24 months") and not names_token("for 12 months", "24 months")


def test_the_customer_declines_every_proposal_and_never_says_yes():
    task = _tasks("decline")[0]
    customer = IndianBankCustomer(instructions=str(Task.model_validate(task).user_scenario))
    state = customer.get_init_state()
    said = []
    for text in ("Hello.", "The payout would be ₹1,00,000.00. Shall I close it?", "Are you sure? Shall I go ahead?"):
        reply, state = customer.generate_next_message(AssistantMessage(role="assistant", content=text), state)
        said.append(reply.content)
    assert said[1] == said[2] and said[1].startswith("No")


def _oracle_after_proposal(reply: str) -> AssistantMessage:
    """The oracle's message after the customer answers its first proposal on a change-of-mind task with ``reply``."""
    task = Task.model_validate(_tasks("change_of_mind")[0])
    oracle = IndianBankOracle(tools=[], domain_policy="", task=task)
    state = oracle.get_init_state(list(task.initial_state.message_history))
    message = UserMessage(role="user", content="Hello")
    for _ in range(10):
        out, state = oracle.generate_next_message(message, state)
        if out.content and "Shall I go ahead?" in out.content:
            break
        call = out.tool_calls[0]
        message = ToolMessage(id=call.id, role="tool", content="{}", requestor="assistant")
    out, _ = oracle.generate_next_message(UserMessage(role="user", content=reply), state)
    return out


def test_the_oracle_acts_on_a_yes_and_never_on_a_no():
    assert _oracle_after_proposal("Yes, please go ahead.").tool_calls
    for refusal in ("No, please don't.", "Sorry, I have changed my mind: make it ₹50,000 instead.", "Hmm, what is the rate?"):
        out = _oracle_after_proposal(refusal)
        assert not out.tool_calls and "Shall I go ahead?" in out.content, refusal


def test_composition_reports_missing_axes_and_fails_a_short_axis():
    tasks, splits = list(load_suite(ROBUST_TASKS_FILE)), load_splits(ROBUST_SPLITS_FILE)
    checks = {c.name: c for c in robust_composition_checks(tasks, splits)}
    assert all(checks[f"axis {axis}"].ok for axis in AXES_HERE)
    assert all(c.ok for c in checks.values())
    short = [t for t in tasks if axis_of(t["id"]) != "decline" or t["id"].endswith("_0001")]
    checks = {c.name: c for c in robust_composition_checks(short, splits)}
    assert not checks["axis decline"].ok and not checks["split base = every task"].ok


def test_validate_holds_the_strict_rules_on_one_task_per_axis():
    from tau_indian_bank.paths import POLICY_FILE
    from tau_indian_bank.plugin.offline import participant_outcomes
    from tau_indian_bank.tasks.validate import validate

    tasks = [_tasks(axis)[0] for axis in AXES_HERE]
    checks, problems = validate(
        tasks,
        {"base": [t["id"] for t in tasks], "lite": []},
        POLICY_FILE.read_text(encoding="utf-8"),
        participant_outcomes,
        workers=1,
        robust=True,
    )
    strict = [c for c in checks if "strict" in c.name or "schema" in c.name or "gold" in c.name or "fact" in c.name]
    assert len(strict) >= 9 and all(c.ok for c in strict), [(c.name, c.found) for c in strict if not c.ok]


def test_a_long_context_task_has_a_long_earlier_chat_and_the_customer_still_opens():
    for task in _tasks("long_context"):
        history = task["initial_state"]["message_history"][2:]
        assert len(history) >= 20 and history[-1]["role"] == "assistant", task["id"]
    task = Task.model_validate(_tasks("long_context")[0])
    customer = IndianBankCustomer(instructions=str(task.user_scenario))
    state = customer.get_init_state([m for m in task.initial_state.message_history[:-1]])
    reply, _ = customer.generate_next_message(task.initial_state.message_history[-1], state)
    assert reply.content == customer.script.opening


def test_a_superseded_amount_is_the_one_written():
    for task in _tasks("long_context"):
        if "superseded" not in task["id"]:
            continue
        history = " ".join(m["content"] or "" for m in task["initial_state"]["message_history"] if m["role"] == "user")
        (write,) = _writes(task)
        final, cut = f"₹{write['arguments']['amount']:,}", history.index("rethought")
        assert names_token(history[cut:], final) and not names_token(history[:cut], final), task["id"]


@pytest.mark.parametrize(("language", "yes"), [("Hinglish", "Haan ji, please go ahead."), ("Hindi", "हाँ जी, please go ahead.")])
def test_a_code_mixed_customer_answers_in_its_language(language, yes):
    task = next(t for t in _tasks("code_mixed") if f"Writes in {language}" in t["user_scenario"]["persona"])
    customer = IndianBankCustomer(instructions=str(Task.model_validate(task).user_scenario))
    state = customer.get_init_state()
    _, state = customer.generate_next_message(AssistantMessage(role="assistant", content="Hello."), state)
    writes = _writes(task)
    proposal = f"To confirm: I will {describe_change(writes[0]['name'], writes[0]['arguments'])}. Shall I go ahead?"
    reply, _ = customer.generate_next_message(AssistantMessage(role="assistant", content=proposal), state)
    assert reply.content == yes and "Writes in Indian English" not in task["user_scenario"]["persona"]


def test_the_oracle_retries_a_failed_call_once_then_moves_on():
    task = Task.model_validate(_tasks("decline")[0])
    oracle = IndianBankOracle(tools=[], domain_policy="", task=task)
    state = oracle.get_init_state(list(task.initial_state.message_history))
    first, state = oracle.generate_next_message(UserMessage(role="user", content="Hello"), state)
    call = first.tool_calls[0]
    failed = ToolMessage(id=call.id, role="tool", content="Error: the service is busy", requestor="assistant", error=True)
    again, state = oracle.generate_next_message(failed, state)
    assert (again.tool_calls[0].name, again.tool_calls[0].arguments) == (call.name, call.arguments)
    after, _ = oracle.generate_next_message(failed.model_copy(update={"id": again.tool_calls[0].id}), state)
    assert not after.tool_calls or after.tool_calls[0].name != call.name  # no third try


def test_the_llm_customer_guidelines_explain_every_cue():
    from tau_indian_bank.participants.scenario import TRIGGERS
    from tau_indian_bank.plugin.llm_user import customer_guidelines

    text = customer_guidelines()
    for phrase in (*TRIGGERS, "Agree only to a proposal that names"):
        assert phrase in text, phrase


def test_a_cue_trigger_with_a_comma_is_refused_because_the_scenario_reader_stops_at_it():
    from tau_indian_bank.tasks.robust.cues import when

    assert cues_in(when("tells you what the records show", "It was ₹2,00,000.")) != ((), ())
    with pytest.raises(ValueError, match="comma"):
        when("mentions ₹2,00,000", "Yes, sorry, it was ₹2,00,000.")
    assert cues_in('When the assistant mentions ₹2,00,000, say: "Yes."') == ((), ())  # what the guard prevents
