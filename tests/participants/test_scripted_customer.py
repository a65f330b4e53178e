from tau2.data_model.message import AssistantMessage

from tau_indian_bank.participants.customer import IndianBankCustomer
from tau_indian_bank.participants.scenario import parse_scenario

SCENARIO = """Persona:
\tAsha, 61.
Instructions:
\tDomain: indian_bank
\tReason for call:
\t\tYou want to stop cheque 004127.
\tKnown info:
\t\t- Cheque number: 004127
\t\t- Reason for stopping: the cheque was lost in transit
\t\t- Account: your savings account ending 4321
\tUnknown info:
\t\tNothing.
\tTask instructions:
\t\tOpening line: "Please stop cheque 004127 on my savings account ending 4321."
"""


def replies(customer, texts):
    state = customer.get_init_state()
    out = []
    for text in texts:
        message, state = customer.generate_next_message(AssistantMessage(role="assistant", content=text), state)
        out.append(message.content)
    return out


def test_parses_opening_line_and_known_facts():
    script = parse_scenario(SCENARIO)
    assert script.opening == "Please stop cheque 004127 on my savings account ending 4321."
    assert [f.topic for f in script.facts] == ["Cheque number", "Reason for stopping", "Account"]
    assert script.answer_for("Why do you want to stop it?", "reason").answer == "the cheque was lost in transit"
    assert script.answer_for("When was the cheque written?") is None
    assert script.answer_for("What is the reason for stopping the cheque?").answer == "the cheque was lost in transit"


def test_customer_opens_answers_confirms_and_stops():
    customer = IndianBankCustomer(instructions=SCENARIO)
    said = replies(
        customer,
        [
            "Hello, how can I help?",
            "Which account is the cheque drawn on?",
            "To confirm: I will stop payment of cheque 004127 on your account ending 4321. Shall I go ahead?",
            "Done. Is there anything else I can help you with?",
        ],
    )
    assert said[0].startswith("Please stop cheque 004127")
    assert said[1] == "My savings account ending 4321."
    assert said[2] == "Yes, please go ahead."
    assert said[3].endswith("###STOP###")
    assert IndianBankCustomer.is_stop(AssistantMessage(role="assistant", content=said[3]))


def test_customer_leaves_on_hand_over_and_never_loops_forever():
    customer = IndianBankCustomer(instructions=SCENARIO)
    assert replies(customer, ["Hi", "I am transferring you to a human colleague now."])[-1].endswith("###TRANSFER###")
    idle = replies(IndianBankCustomer(instructions=SCENARIO), ["Hi", "Noted.", "Noted.", "Noted."])
    assert idle[-1].endswith("###STOP###")
