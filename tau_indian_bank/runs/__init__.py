"""The linear run: ``tau-indian-bank run``.

Each (task, trial) slot runs through tau2's own ``run_task`` and is appended to a JSON
Lines checkpoint the moment it finishes (constant cost per session); a killed run
resumes by running the same command; ``--shard I/N`` takes a category-stratified slice
of the slots; ``--router FILE`` spreads model calls over several endpoints with
litellm's Router. At the end a standard tau2 results file is written, streamed.

Modules: ``slots`` (slots, seeds, shards), ``plan`` (options and checks), ``checkpoint``
(the append-only file), ``execute`` (the session pool), ``results`` (the results file),
``router`` (litellm Router), ``cli`` (the command).
"""
