"""PNG figures for a report: by category, by chain length, failure taxonomy, the three checks vs the verdict."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tau_indian_bank.evaluation.diagnostics import FAILURE_CLASSES
from tau_indian_bank.report.metrics import LENGTH_BUCKETS
from tau_indian_bank.vocabulary import CATEGORIES


def _grouped_bars(ax, groups: list[str], runs: list[dict[str, Any]], values, ylabel: str) -> None:  # noqa: ANN001
    width = 0.8 / max(len(runs), 1)
    for i, run in enumerate(runs):
        xs = [g + (i - (len(runs) - 1) / 2) * width for g in range(len(groups))]
        ax.bar(xs, [100 * values(run, g) for g in groups], width=width, label=run["label"])
    ax.set_xticks(range(len(groups)), [g.replace("_", " ") for g in groups])
    ax.set_ylabel(ylabel)
    ax.set_ylim(0, 105)
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))


def write_plots(report: dict[str, Any], folder: str | Path) -> list[Path]:
    """Write the four figures; return their paths."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    runs = report["runs"]
    written = []

    def save(fig, name: str) -> None:  # noqa: ANN001
        fig.tight_layout()
        path = out / name
        fig.savefig(path, dpi=120)
        plt.close(fig)
        written.append(path)

    categories = [c for c in CATEGORIES if any(c in r["by_category"] for r in runs)]
    fig, ax = plt.subplots(figsize=(9, 4.5))
    _grouped_bars(ax, categories, runs, lambda r, c: r["by_category"].get(c, {}).get("pass_rate", 0.0), "pass rate (%)")
    ax.set_title("Pass rate by task category")
    save(fig, "pass_rate_by_category.png")

    buckets = [b for b in LENGTH_BUCKETS if any(b in r["by_chain_length"] for r in runs)]
    fig, ax = plt.subplots(figsize=(9, 4.5))
    _grouped_bars(ax, buckets, runs, lambda r, b: r["by_chain_length"].get(b, {}).get("pass_rate", 0.0), "pass rate (%)")
    ax.set_xlabel("gold-chain length (calls)")
    ax.set_title("Pass rate by gold-chain length")
    save(fig, "pass_rate_by_chain_length.png")

    fig, ax = plt.subplots(figsize=(9, 0.6 * len(runs) + 2.2))
    labels = [r["label"] for r in runs]
    left = [0.0] * len(runs)
    colours = plt.get_cmap("tab10")
    for i, klass in enumerate(FAILURE_CLASSES):
        shares = [100 * r["failure_taxonomy"][klass] for r in runs]
        ax.barh(labels, shares, left=left, color=colours(i), label=klass.replace("_", " "))
        left = [a + b for a, b in zip(left, shares)]
    ax.set_xlabel("share of failed sessions (%)")
    ax.set_xlim(0, 100)
    ax.invert_yaxis()
    ax.set_title("Failure taxonomy")
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    save(fig, "failure_taxonomy.png")

    fig, ax = plt.subplots(figsize=(9, 4.5))
    checks = ["final-state check", "action check", "answer check", "both (pass)"]
    _grouped_bars(ax, checks,
                  [{"label": r["label"], "v": [r["final_state_pass_rate"], r["action_pass_rate"],
                                               r.get("answer_pass_rate") or 0.0, r["pass_rate"]]} for r in runs],
                  lambda r, g: r["v"][checks.index(g)], "pass rate (%)")
    ax.set_title("Scoring only the final state hides procedural violations")
    ax.text(0.0, -0.16, "answer check: over the sessions whose task has facts; pass = final state and action check",
            transform=ax.transAxes, fontsize=7)
    save(fig, "final_state_vs_full.png")
    return written
