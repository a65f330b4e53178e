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

#: The reaction sets: the first one, and the natural phrasings of language models (issue 20), which may use its scenarios.
FILES = ("customer_reactions.yaml", "customer_reactions_natural.yaml")
DATA = {name: yaml.safe_load((Path(__file__).parent / "data" / name).read_text(encoding="utf-8")) for name in FILES}
SCENARIOS = {name: text.replace("\n    ", "\n") for data in DATA.values() for name, text in data["scenarios"].items()}
CASES = [case for data in DATA.values() for case in data["cases"]]


def react(scenario: str, message: str | list[str]) -> tuple[str, IndianBankCustomer]:
    """The customer's reply to ``message`` (or to the last of a list of assistant messages, said in turn)."""
    customer = IndianBankCustomer(instructions=SCENARIOS[scenario])
    state = customer.get_init_state()
    reply = None
    for text in ["Hello.", *([message] if isinstance(message, str) else message)]:
        reply, state = customer.generate_next_message(AssistantMessage(role="assistant", content=text), state)
    return reply.content or "", customer


def _prefix(line: str) -> str:
    """A phrase up to its slot ("No, not that one. I meant {fact}" -> "No, not that one. I meant")."""
    return line.split("{", 1)[0].rstrip()


def meets(expect: str, reply: str, customer: IndianBankCustomer) -> bool:
    """Does ``reply`` meet the label ``expect`` (``kind`` or ``kind:detail``), in the customer's language?"""
    kind, _, detail = expect.partition(":")
    voice = customer.voice
    checks = {
        "yes": lambda: reply == voice["affirm"],
        "no_kind": lambda: reply.startswith(voice["not_wanted"]),
        "no_record": lambda: reply.startswith(_prefix(voice["not_that_one"])),
        "answer": lambda: reply == voice.facts(detail.split(" + ")),
        "choice": lambda: reply == voice.choose(detail),
        "transfer": lambda: reply.endswith("###TRANSFER###"),
        "credentials": lambda: reply == voice["no_credentials"],
        "done": lambda: reply.endswith("###STOP###"),
        "restate": lambda: reply == voice.restate(customer.script.request),
        "dont_know": lambda: reply == voice["dont_know"],
        "idle": lambda: reply == voice["idle"],
        "says": lambda: reply.startswith(detail),
        "no_terms": lambda: reply.startswith(voice["not_asked"]),
        "right": lambda: reply == voice["right"],
        "wrong": lambda: reply.startswith(_prefix(voice["wrong"])) and detail in reply,
        "undecided": lambda: reply == voice["undecided"],
    }
    return checks[kind]()


def test_the_set_is_large_and_varied():
    assert len(CASES) >= 100
    kinds = {expect.split(":")[0] for _, _, expect in CASES}
    assert kinds == {
        "yes",
        "no_kind",
        "no_record",
        "answer",
        "choice",
        "transfer",
        "credentials",
        "done",
        "restate",
        "dont_know",
        "idle",
        "says",
        "no_terms",
        "right",
        "wrong",
        "undecided",
    }


@pytest.mark.parametrize(("scenario", "message", "expect"), CASES, ids=[f"{i:03d}" for i in range(len(CASES))])
def test_reaction(scenario, message, expect):
    reply, customer = react(scenario, message)
    assert meets(expect, reply, customer), f"{message!r} -> {reply!r}, expected {expect}"
    assert reply != customer.script.opening, "the customer repeated its opening line as an answer"


def test_a_question_is_never_taken_for_a_proposal():
    for message in (
        "Which account should I use: 4749 or 5175?",
        "How would you like to proceed?",
        "What should I do with the payout?",
        "When should I schedule the delivery?",
    ):
        reply, customer = react("cheque", message)
        assert reply != customer.voice["affirm"], message


def test_hand_over_question_then_hand_over_made():
    customer = IndianBankCustomer(instructions=SCENARIOS["takeover"])
    state = customer.get_init_state()
    said = []
    for text in (
        "Hello.",
        "Shall I transfer you to a human agent to escalate this?",
        "I have transferred you to a colleague in our security team.",
    ):
        reply, state = customer.generate_next_message(AssistantMessage(role="assistant", content=text), state)
        said.append(reply.content)
    assert said[1] == "Yes, please go ahead."
    assert said[2].endswith("###TRANSFER###") and not said[1].endswith("###TRANSFER###")
