"""The tools as tau2 shows them to the model: names, order, kinds and schemas are pinned.

``tool_schemas.json`` was written from the toolkit before the tools became methods of
per-area classes; a change to a tool's signature or docstring (the schema the model sees)
must show up here. Docstrings are compared as ``inspect.cleandoc`` leaves them: Python
3.11 keeps a method's docstring indented one level deeper than a function's. After a deliberate change, rewrite the snapshot with
``.venv/bin/python tests/tools/test_tool_schemas.py`` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

SNAPSHOT = Path(__file__).with_name("tool_schemas.json")


def tool_listing() -> list[dict[str, Any]]:
    """Each tool of a fresh session's environment, in the order tau2 lists them to the agent."""
    import inspect

    from tau2.environment.toolkit import ToolType, get_tool_types

    from tau_indian_bank.plugin.environment import get_environment
    from tau_indian_bank.tools.catalogue import SPECS

    environment = get_environment()
    kinds = get_tool_types(environment.tools)
    return [
        {
            "name": tool.name,
            "tool_type": ToolType(kinds[tool.name]).value,
            "kind": SPECS[tool.name].kind,
            "openai_schema": tool.openai_schema,
            "signature": str(tool.__signature__),
            "docstring": inspect.cleandoc(tool.__doc__),
        }
        for tool in environment.get_tools()
    ]


def test_the_model_sees_the_same_tools_schemas_and_kinds_as_the_snapshot():
    expected = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    actual = json.loads(json.dumps(tool_listing(), ensure_ascii=False))
    assert [t["name"] for t in actual] == [t["name"] for t in expected]
    for want, got in zip(expected, actual):
        assert got == want, f"{want['name']}: the tool as tau2 shows it changed"


if __name__ == "__main__":
    SNAPSHOT.write_text(json.dumps(tool_listing(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
