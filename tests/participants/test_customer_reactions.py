"""The scripted customer against assistant messages in realistic phrasings (labelled by hand).

Each case puts one assistant message to the customer after it has opened the conversation,
and checks its reaction: the record asked about, a yes only to a proposal for the change and
record the scenario wants, a correction otherwise, the transfer token only once a hand-over is
made, a refusal to share credentials, the stop token on a wrap-up.
"""

from pathlib import Path

import pytest
import yaml
from tau2.data_model.message import AssistantMessage

from tau_indian_bank.participants.customer import IndianBankCustomer

DATA = yaml.safe_load((Path(__file__).parent / "data" / "customer_reactions.yaml").read_text(encoding="utf-8"))
SCENARIOS = {name: text.replace("\n    ", "\n") for name, text in DATA["scenarios"].items()}
CASES = DATA["cases"]


def react(scenario: str, message: str | list[str]) -> tuple[str, IndianBankCustomer]:
    """The customer's reply to ``message`` (or to the last of a list of assistant messages, said in turn)."""
    customer = IndianBankCustomer(instructions=SCENARIOS[scenario])
    state = customer.get_init_state()
    reply = None
    for text in ["Hello.", *([message] if isinstance(message, str) else message)]:
        reply, state = customer.generate_next_message(AssistantMessage(role="assistant", content=text), state)
    return reply.content or "", customer


def meets(expect: str, reply: str, customer: IndianBankCustomer) -> bool:
    kind, _, detail = expect.partition(":")
    checks = {
        "yes": reply == "Yes, please go ahead.",
        "no_kind": reply.startswith("No, that's not what I want."),
        "no_record": reply.startswith("No, not that one."),
        "answer": reply == detail,
        "choice": reply.lower().startswith("please") and detail in reply.lower(),
        "transfer": reply.endswith("###TRANSFER###"),
        "credentials": reply.startswith("I'd rather not share that"),
        "done": reply.endswith("###STOP###"),
        "restate": reply == f"As I said: {customer.script.opening}",
        "dont_know": reply == "I'm sorry, I don't know that.",
        "idle": reply == "Okay, thank you.",
        "says": reply.startswith(detail),
        "no_terms": reply.startswith("No, that's not what I asked for."),
    }
    return checks[kind]


def test_the_set_is_large_and_varied():
    assert len(CASES) >= 100
    kinds = {expect.split(":")[0] for _, _, expect in CASES}
    assert kinds == {"yes", "no_kind", "no_record", "answer", "choice", "transfer", "credentials", "done", "restate",
                     "dont_know", "idle", "says", "no_terms"}


@pytest.mark.parametrize(("scenario", "message", "expect"), CASES, ids=[f"{i:03d}" for i in range(len(CASES))])
def test_reaction(scenario, message, expect):
    reply, customer = react(scenario, message)
    assert meets(expect, reply, customer), f"{message!r} -> {reply!r}, expected {expect}"


def test_a_question_is_never_taken_for_a_proposal():
    for message in ("Which account should I use: 4749 or 5175?", "How would you like to proceed?",
                    "What should I do with the payout?", "When should I schedule the delivery?"):
        reply, _ = react("cheque", message)
        assert reply != "Yes, please go ahead.", message


def test_hand_over_question_then_hand_over_made():
    customer = IndianBankCustomer(instructions=SCENARIOS["takeover"])
    state = customer.get_init_state()
    said = []
    for text in ("Hello.", "Shall I transfer you to a human agent to escalate this?",
                 "I have transferred you to a colleague in our security team."):
        reply, state = customer.generate_next_message(AssistantMessage(role="assistant", content=text), state)
        said.append(reply.content)
    assert said[1] == "Yes, please go ahead."
    assert said[2].endswith("###TRANSFER###") and not said[1].endswith("###TRANSFER###")
