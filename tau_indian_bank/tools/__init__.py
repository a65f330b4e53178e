"""The bank's 34 tools: one class per service area, the argument layer, the toolkit.

``base`` holds :class:`~tau_indian_bank.tools.base.ToolsBase`, the session database and
the look-ups every area uses; ``accounts``, ``deposits``, ``loans``, ``cards``,
``payments`` and ``service_requests`` each define one area's tools as methods marked
with tau2's ``is_tool``; ``catalogue`` lists them with their kinds and argument specs;
``toolkit`` combines them into ``BankTools``, the class tau2 sees. Nothing here imports
``tau_indian_bank.evaluation``: the verdict's assertions live there.
"""
