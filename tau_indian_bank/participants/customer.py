"""``indian_bank_customer``: a scripted customer that needs no model and no network.

It opens with the scenario's opening line, answers the assistant's questions from the
scenario's known facts, affirms only when the assistant asks it to confirm an action,
and ends with tau2's stop token once the assistant wraps up (or hands over), or after
a few turns in which the assistant asks nothing, so every session terminates.
"""

from __future__ import annotations

import re

from tau2.data_model.message import AssistantMessage, Message, MultiToolMessage, ToolMessage, UserMessage

from tau_indian_bank.participants.bases import STOP, TRANSFER, UserBase, UserState, ValidUserInputMessage, is_valid_user_history_message
from tau_indian_bank.participants.scenario import CustomerScript, parse_scenario

_CONFIRM = re.compile(
    r"\b(confirm|shall i|should i|may i|can i go ahead|do you want me to|would you like me to|go ahead|proceed)\b", re.I
)
_WRAP_UP = re.compile(r"\b(anything else|is there something else|have a (great|good|nice) day|thank you for banking)\b", re.I)
_HANDOVER = re.compile(r"\b(transferr(ing|ed)|hand(ing)? (you )?over|connect(ing)? you)\b", re.I)
_AFFIRM = "Yes, please go ahead."
_DONE = f"No, that's all. Thank you! {STOP}"
_IDLE_LIMIT = 2
_TURN_LIMIT = 15


class IndianBankCustomer(UserBase):
    """Scripted customer for offline runs; deterministic, no LLM."""

    def __init__(self, tools=None, instructions: str | None = None, llm=None, llm_args=None, **_: object) -> None:  # noqa: ANN001
        # Both harnesses' base users only store what they are given (nvidia: instructions and
        # the model; upstream: instructions and tools); store all four so one constructor fits both.
        self.tools, self.instructions, self.llm, self.llm_args = tools, instructions, llm, dict(llm_args or {})
        self.script: CustomerScript = parse_scenario(str(instructions or ""))

    def get_init_state(self, message_history: list[Message] | None = None) -> UserState:
        history = [m for m in (message_history or []) if is_valid_user_history_message(m)]
        return UserState(system_messages=[], messages=history)

    @classmethod
    def is_stop(cls, message: UserMessage) -> bool:
        return message.content is not None and (STOP in message.content or TRANSFER in message.content)

    def set_seed(self, seed: int) -> None:
        """Nothing to seed: the customer is deterministic."""

    def reply_to(self, text: str, state: UserState) -> str:
        """The customer's next words after the assistant said ``text``."""
        said = [m for m in state.messages if isinstance(m, UserMessage)]
        if not said:
            return self.script.opening
        if len(said) >= _TURN_LIMIT:
            return _DONE
        if _HANDOVER.search(text) and re.search(r"\b(human|colleague|agent|specialist|team)\b", text, re.I):
            return f"Okay, thank you. {TRANSFER}"
        if "?" in text:
            if _CONFIRM.search(text):
                return _AFFIRM
            if _WRAP_UP.search(text):
                return _DONE
            answer = self.script.answer_for(text)
            if answer is not None:
                return answer
        if _WRAP_UP.search(text):
            return _DONE
        idle = 0
        for message in reversed(said):
            if message.content not in ("Okay, thank you.",):
                break
            idle += 1
        return _DONE if idle >= _IDLE_LIMIT else "Okay, thank you."

    def generate_next_message(self, message: ValidUserInputMessage, state: UserState) -> tuple[UserMessage, UserState]:
        if isinstance(message, MultiToolMessage):
            state.messages.extend(message.tool_messages)
            text = ""
        else:
            state.messages.append(message)
            text = message.content or "" if isinstance(message, AssistantMessage) else ""
            if isinstance(message, ToolMessage):
                text = ""
        reply = UserMessage(role="user", content=self.reply_to(text, state), cost=0.0)
        state.messages.append(reply)
        return reply, state
