"""The task suite: scenario families, their quotas, the suite builder, the validator and suite file I/O.

``families/`` holds one module per area; ``framework`` says what a family is and turns a
drafted task into a tau2 task (a family carries its quota); ``lookups`` are the SQL look-ups
families choose customers with; ``composition`` fixes the suite's make-up; ``builder`` writes
both task sets' ``tasks.json`` and ``split_tasks.json``, which ``suite_files`` reads; ``validate``
and ``evidence`` check them (``devtools/tryout.py`` runs a few tasks of some families end to end).
"""
