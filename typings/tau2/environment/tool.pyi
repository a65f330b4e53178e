# What tau_indian_bank uses of tau2.environment.tool: the Tool a model is shown (a pydantic model in tau2).
from collections.abc import Callable
from typing import Any

class Tool:
    name: str
    def __init__(self, func: Callable[..., Any], **kwargs: Any) -> None: ...
    @classmethod
    def parse_data(cls, sig: Any, docstring: str | None, predefined: Any) -> dict[str, Any]: ...
