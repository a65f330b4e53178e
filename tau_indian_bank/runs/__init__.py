"""The linear run: ``tau-indian-bank run``.

Each (task, trial) slot runs through tau2's own ``run_task`` and is appended to a JSON
Lines checkpoint the moment it finishes (constant cost per session); a killed run
resumes by running the same command; ``--shard I/N`` takes a category-stratified slice
of the slots; ``--router FILE`` spreads model calls over several endpoints with
litellm's Router. Before the first session every model answers one test completion
(the preflight); a session whose model call fails for good is saved as a model error,
counted in the run's last line, and ``--retry-errors`` runs it again on resume. At the
end a standard tau2 results file is written, streamed.

Modules: ``config`` (the options, what a resume must match, provenance and results
metadata), ``slots`` (slots, seeds, shards), ``plan`` (checks and planning),
``preflight`` (the test completions), ``checkpoint`` (the append-only file), ``execute``
(the session pool), ``results`` (the results file), ``router`` (litellm Router),
``dry_run`` (``--dry-run``), ``cli`` (the command and its flags).
"""
