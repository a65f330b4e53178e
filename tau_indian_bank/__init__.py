"""tau-indian-bank: a procedure-aware Indian retail-banking domain for tau2-bench.

Importing this package is cheap: it imports neither tau2 nor litellm. The tau2
integration lives in :mod:`tau_indian_bank.plugin` and is loaded by tau2's registry
through the interpreter-start hook; the names every part shares (the domain's name,
categories, participants) are in :mod:`tau_indian_bank.vocabulary`.
"""

__version__ = "1.0.0"
