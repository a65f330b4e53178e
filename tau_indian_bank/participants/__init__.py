"""Participants that need no model: the oracle, scripted baselines and a scripted customer."""
