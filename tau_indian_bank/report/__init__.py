"""The report: metrics, statistics, tables and plots from tau2 results files (`tau-indian-bank report` in cli.py)."""
