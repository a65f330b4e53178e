"""Verdicts and diagnostics: the action check, argument matching, the answer check, safety gates S1-S7."""
