"""PNG figures for a report, drawn with matplotlib from :mod:`~tau_indian_bank.report.plot_data`.

One file per chart (``<chart.name>.png``): the checks side by side, pass rate by category,
by chain length and (robustness runs) by axis, the failure taxonomy, with several runs
the paired differences, and for runs of a model the pass rate against the cost per
session. Every value carries its 95% interval as a whisker.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from tau_indian_bank.report.plot_data import Chart, Series, charts

if TYPE_CHECKING:
    from matplotlib.axes import Axes

#: Okabe–Ito colours (distinguishable with colour-blindness); the HTML plots use the same.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")


def _errors(series: Series) -> tuple[list[float], list[float], list[float]]:
    """Bar heights and the lower/upper whisker lengths, in percent (0 where a group is empty)."""
    heights, below, above = [], [], []
    for value, interval in zip(series.values, series.intervals):
        if value is None or interval is None:
            heights.append(0.0)
            below.append(0.0)
            above.append(0.0)
            continue
        heights.append(100 * value)
        below.append(max(0.0, 100 * (value - interval[0])))
        above.append(max(0.0, 100 * (interval[1] - value)))
    return heights, below, above


def _bars(ax: Axes, chart: Chart) -> None:
    count = max(len(chart.series), 1)
    width = 0.8 / count
    for i, series in enumerate(chart.series):
        offsets = [g + (i - (count - 1) / 2) * width for g in range(len(chart.groups))]
        heights, below, above = _errors(series)
        colour = PALETTE[i % len(PALETTE)]
        draw = ax.barh if chart.horizontal else ax.bar
        extent: dict[str, Any] = {"height": width} if chart.horizontal else {"width": width}
        whiskers: dict[str, Any] = {"xerr": [below, above]} if chart.horizontal else {"yerr": [below, above]}
        draw(
            offsets,
            heights,
            color=colour,
            label=series.label,
            capsize=2.5,
            error_kw={"elinewidth": 0.9, "ecolor": "#333333"},
            **extent,
            **whiskers,
        )
    labels = [g.replace("_", " ") for g in chart.groups]
    if chart.horizontal:
        ax.set_yticks(range(len(chart.groups)), labels)
        ax.invert_yaxis()
        ax.set_xlim(0, 105)
        ax.set_xlabel(f"{chart.value_label} (%)")
        ax.grid(axis="x", alpha=0.3)
    else:
        ax.set_xticks(range(len(chart.groups)), labels)
        ax.set_ylim(0, 105)
        ax.set_ylabel(f"{chart.value_label} (%)")
        if chart.group_label:
            ax.set_xlabel(chart.group_label)
        ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))


def _points(ax: Axes, chart: Chart) -> None:
    series = chart.series[0]
    ys = list(range(len(chart.groups)))
    values = [100 * (v or 0.0) for v in series.values]
    below = [100 * ((v or 0.0) - i[0]) if i else 0.0 for v, i in zip(series.values, series.intervals)]
    above = [100 * (i[1] - (v or 0.0)) if i else 0.0 for v, i in zip(series.values, series.intervals)]
    ax.errorbar(values, ys, xerr=[below, above], fmt="o", color=PALETTE[0], ecolor="#333333", capsize=3)
    ax.axvline(0, color="#888888", linewidth=0.8)
    ax.set_yticks(ys, list(chart.groups))
    ax.invert_yaxis()
    ax.set_xlim(-105, 105)
    ax.set_xlabel(f"{chart.value_label} (points)")
    ax.grid(axis="x", alpha=0.3)


def _scatter(ax: Axes, chart: Chart) -> None:
    for i, series in enumerate(chart.series):
        value, interval, where = series.values[0], series.intervals[0], series.x[0]
        if value is None or where is None:
            continue
        below = [100 * (value - interval[0])] if interval else [0.0]
        above = [100 * (interval[1] - value)] if interval else [0.0]
        ax.errorbar(
            [where],
            [100 * value],
            yerr=[below, above],
            fmt="o",
            color=PALETTE[i % len(PALETTE)],
            ecolor="#333333",
            capsize=3,
            label=series.label,
        )
    ax.set_ylim(0, 105)
    ax.set_xlim(left=0)
    ax.set_ylabel(f"{chart.value_label} (%)")
    ax.set_xlabel(chart.group_label)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))


def write_plots(report: dict[str, Any], folder: str | Path) -> list[Path]:
    """Write one PNG per chart into ``folder``; return their paths."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for chart in charts(report):
        rows = len(chart.groups) * (1 if chart.kind == "points" else max(len(chart.series), 1))
        height = max(3.0, 0.22 * rows + 1.6) if chart.horizontal else 4.5
        fig, ax = plt.subplots(figsize=(9, height))
        {"points": _points, "scatter": _scatter}.get(chart.kind, _bars)(ax, chart)
        ax.set_title(chart.title)
        if chart.note:
            fig.text(0.01, 0.01, chart.note, fontsize=7, color="#555555")
        fig.tight_layout(rect=(0, 0.03 if chart.note else 0, 1, 1))
        path = out / f"{chart.name}.png"
        fig.savefig(path, dpi=120)
        plt.close(fig)
        written.append(path)
    return written
