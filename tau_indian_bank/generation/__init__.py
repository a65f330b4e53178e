"""Seeded generators for the bank's seed data and the task suite."""
