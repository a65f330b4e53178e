"""tau-indian-bank: a procedure-aware Indian retail-banking domain for tau2-bench.

Importing this package is cheap: it imports neither tau2 nor litellm. The tau2
integration lives in :mod:`tau_indian_bank.environment` and is loaded by tau2's
registry through the plugin hook (see :mod:`tau_indian_bank.plugin`).
"""

__version__ = "1.0.0"
DOMAIN_NAME = "indian_bank"
