"""The bank's seed data: a seeded generator of one CSV per table under ``data/seed/``.

Run it with ``python -m tau_indian_bank.seeding --out data/seed`` (see ``generator``).
"""
