"""The report command: metrics, statistics, tables and plots from tau2 results files."""
