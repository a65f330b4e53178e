"""The report's tables across trials and runs: repeated trials, paired comparisons, and the best − worst gap."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tau_indian_bank.report.cells import Table, p_value, pct


def trial_tables(report: dict[str, Any]) -> list[Table]:
    """pass^k and pass@k for runs of several trials, the paired comparisons, and the best − worst gap by chain length."""
    return [*_repeated_trial_tables(report["runs"]), *_comparison_tables(report["comparisons"]), *_gap_tables(report)]


def _repeated_trial_tables(runs: Sequence[dict[str, Any]]) -> list[Table]:
    multi = [r for r in runs if "pass_hat_k" in r]
    if not multi:
        return []
    ks = sorted({k for r in multi for k in r["pass_hat_k"]}, key=int)
    return [
        (
            "Repeated trials",
            ["run", "trials", *(f"pass^{k}" for k in ks), *(f"pass@{k}" for k in ks), "mean trial", "inconsistent"],
            [
                [
                    r["label"],
                    str(r["n_trials"]),
                    *(pct(r["pass_hat_k"][k]) for k in ks),
                    *(pct(r["pass_at_k"][k]) for k in ks),
                    pct(r["mean_trial_pass_rate"]),
                    pct(r["inconsistent_share"]),
                ]
                for r in multi
            ],
            "pass^k: all of k trials pass (τ-bench estimator)",
        )
    ]


def _comparison_tables(comparisons: Sequence[dict[str, Any]]) -> list[Table]:
    if not comparisons:
        return []
    return [
        (
            "Paired comparisons on shared sessions",
            ["a", "b", "shared", "Δ pass", "95% CI (bootstrap)", "McNemar p", "Holm p", "a only", "b only", "flip rate"],
            [
                [
                    c["a"],
                    c["b"],
                    str(c["n_shared"]),
                    f"{100 * c['delta']:+.1f} pts",
                    f"{100 * c['delta_ci95'][0]:+.1f} to {100 * c['delta_ci95'][1]:+.1f}",
                    p_value(c["mcnemar_p_value"]),
                    p_value(c["holm_p_value"]),
                    str(len(c["a_only"])),
                    str(len(c["b_only"])),
                    pct(c["flip_rate"]) + (" (same config)" if c["same_configuration"] else ""),
                ]
                for c in comparisons
            ],
            "paired bootstrap: 10,000 resamples of shared sessions, seeded; Holm-adjusted across all pairs",
        )
    ]


def _gap_tables(report: dict[str, Any]) -> list[Table]:
    gap = report.get("best_worst_gap")
    if not (gap and gap["by_chain_length"]):
        return []
    return [
        (
            "Best − worst pass rate by chain length",
            list(gap["by_chain_length"]),
            [[pct(v) for v in gap["by_chain_length"].values()]],
            f"widest at {gap['widest']} gold calls",
        )
    ]
