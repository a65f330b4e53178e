"""Verdicts and diagnostics: the action check, argument matching, safety gates."""
