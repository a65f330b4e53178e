"""Development tools: they use ``tau_indian_bank`` but are not part of it (not in the wheel, never imported by it).

* :mod:`devtools.bench` — ``make bench``: speed, next to tau2's stock retail and airline domains;
* :mod:`devtools.run_benchmark` — the linear run's rows of that table (checkpoint cost, memory);
* :mod:`devtools.tryout` — a few tasks of some families end to end (gold chain, oracle, baselines);
* :mod:`devtools.layers` — the table of allowed imports between the package's parts, and the
  section of ARCHITECTURE.md drawn from it (``python -m devtools.layers --write``).

Run them from the project root (``python -m devtools.<tool>``), as the Makefile does.
"""
