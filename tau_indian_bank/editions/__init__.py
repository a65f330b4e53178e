"""Private editions: a fresh bank and fresh task sets from another seed, same composition, validated.

An edition is a folder laid out like the repository's data (``data/seed/*.csv``,
``tasks/tasks.json``, ``tasks/split_tasks.json``, ``tasks/robust/…``) plus ``edition.json``,
its manifest: the seeds, the package and generator versions, the quota plans, the shared
files it was validated against (policy, guidelines, regulations) and the digest of every
file. The edition's identity is the SHA-256 of that manifest.

* :mod:`.manifest` — the manifest: building, reading, verifying; an edition's identity and label;
* :mod:`.generate` — ``edition new``: seed data, both task sets, validation, the manifest, all or nothing;
* :mod:`.figures` — what ``edition compare`` measures of one edition (composition, records touched);
* :mod:`.overlap` — what an edition shares with the public suite, and the leak check;
* :mod:`.compare` — ``edition compare``'s table;
* :mod:`.provenance` — which edition a results file belongs to (recorded, or by its customers).

Using one: ``--edition DIR`` on ``tau-indian-bank run|offline|validate|report``, or
``TAU_INDIAN_BANK_EDITION=DIR`` for the stock ``tau2 run`` (``paths.data_source`` reads it).
"""
