"""``python -m tau_indian_bank.seeding --out data/seed``: write the bank's seed data."""

from tau_indian_bank.seeding.generator import main

raise SystemExit(main())
