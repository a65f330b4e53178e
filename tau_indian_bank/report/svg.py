"""Inline SVG figures for the HTML report, drawn from :mod:`~tau_indian_bank.report.plot_data`.

Bars with 95% whiskers (groups along x, or along y when there are many), or points with
whiskers for paired differences. Every bar and point carries a ``<title>`` (its run,
group, value, interval and count) so a pointer or a screen reader can read it; the
legend is HTML next to the figure. The drawing scales with its container (``viewBox``).
"""

from __future__ import annotations

import math
from html import escape

from tau_indian_bank.report.plot_data import Chart, Series
from tau_indian_bank.report.plots import PALETTE

WIDTH = 640
FONT = 12
#: Longest group name a row label shows in full (longer ones end in an ellipsis; the tooltip has all of it).
LABEL_CHARS = 28


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _tooltip(series: Series, group: str, i: int, signed: bool = False) -> str:
    value, interval, count = series.values[i], series.intervals[i], series.counts[i]
    if value is None:
        return f"{series.label} · {group}: no sessions"
    shown = f"{100 * value:+.1f} pts" if signed else _pct(value)
    span = (
        (f"{100 * interval[0]:+.1f} to {100 * interval[1]:+.1f}" if signed else f"{_pct(interval[0])}–{_pct(interval[1])}")
        if interval
        else "n/a"
    )
    return f"{series.label} · {group.replace('_', ' ')}: {shown} (95% CI {span}; n={count})"


def _whisker(x1: float, y1: float, x2: float, y2: float, horizontal: bool) -> str:
    cap = 3.5
    if horizontal:
        caps = (
            f'<line x1="{x1:.1f}" y1="{y1 - cap:.1f}" x2="{x1:.1f}" y2="{y1 + cap:.1f}"/>'
            f'<line x1="{x2:.1f}" y1="{y2 - cap:.1f}" x2="{x2:.1f}" y2="{y2 + cap:.1f}"/>'
        )
    else:
        caps = (
            f'<line x1="{x1 - cap:.1f}" y1="{y1:.1f}" x2="{x1 + cap:.1f}" y2="{y1:.1f}"/>'
            f'<line x1="{x2 - cap:.1f}" y1="{y2:.1f}" x2="{x2 + cap:.1f}" y2="{y2:.1f}"/>'
        )
    return f'<g class="whisker"><line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>{caps}</g>'


def _vertical(chart: Chart) -> tuple[int, list[str]]:
    height, left, right, top, bottom = 300, 48, 8, 12, 48
    plot_w, plot_h = WIDTH - left - right, height - top - bottom
    parts = []
    for tick in range(0, 101, 20):
        y = top + plot_h * (1 - tick / 100)
        parts.append(
            f'<line class="grid" x1="{left}" x2="{WIDTH - right}" y1="{y:.1f}" y2="{y:.1f}"/>'
            f'<text class="tick" x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{tick}%</text>'
        )
    slot = plot_w / max(len(chart.groups), 1)
    bar = slot * 0.8 / max(len(chart.series), 1)
    for g, group in enumerate(chart.groups):
        centre = left + slot * (g + 0.5)
        parts.append(
            f'<text class="label" x="{centre:.1f}" y="{height - bottom + 16}" text-anchor="middle">{escape(group.replace("_", " "))}</text>'
        )
        for s, series in enumerate(chart.series):
            value, interval = series.values[g], series.intervals[g]
            if value is None:
                continue
            x = centre + (s - len(chart.series) / 2) * bar
            y = top + plot_h * (1 - value)
            parts.append(
                f"<g><title>{escape(_tooltip(series, group, g))}</title>"
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{max(bar - 1, 1):.1f}" height="{top + plot_h - y:.1f}" '
                f'fill="{PALETTE[s % len(PALETTE)]}"/>'
            )
            if interval:
                mid = x + bar / 2 - 0.5
                parts.append(_whisker(mid, top + plot_h * (1 - interval[0]), mid, top + plot_h * (1 - interval[1]), False))
            parts.append("</g>")
    if chart.group_label:
        parts.append(
            f'<text class="axis" x="{left + plot_w / 2:.1f}" y="{height - 8}" text-anchor="middle">{escape(chart.group_label)}</text>'
        )
    parts.append(f'<line class="axisline" x1="{left}" x2="{WIDTH - right}" y1="{top + plot_h}" y2="{top + plot_h}"/>')
    return height, parts


def _horizontal(chart: Chart) -> tuple[int, list[str]]:
    points = chart.kind == "points"
    left, right, top, pad = 190, 16, 8, (10 if points else 0)
    row = 16 if points else 6 + 9 * max(len(chart.series), 1)
    height = top + row * len(chart.groups) + 32
    plot_w = WIDTH - left - right - 2 * pad
    low = -1.0 if points else 0.0

    def x_of(value: float) -> float:
        return left + pad + plot_w * (value - low) / (1.0 - low)

    parts = []
    for tick in range(-100, 101, 50) if points else range(0, 101, 20):
        x = x_of(tick / 100)
        label = (f"{tick:+d}" if tick else "0") if points else f"{tick}%"
        parts.append(
            f'<line class="grid{" zero" if points and tick == 0 else ""}" x1="{x:.1f}" x2="{x:.1f}" y1="{top}" '
            f'y2="{height - 28}"/><text class="tick" x="{x:.1f}" y="{height - 14}" text-anchor="middle">'
            f"{label}</text>"
        )
    for g, group in enumerate(chart.groups):
        y0 = top + row * g
        name = group.replace("_", " ")
        shown = name if len(name) <= LABEL_CHARS else name[: LABEL_CHARS - 1] + "…"
        parts.append(
            f'<text class="label" x="{left - 8}" y="{y0 + row / 2 + 4:.1f}" text-anchor="end">'
            f"<title>{escape(name)}</title>{escape(shown)}</text>"
        )
        for s, series in enumerate(chart.series):
            value, interval = series.values[g], series.intervals[g]
            if value is None:
                continue
            bar = (row - 6) / max(len(chart.series), 1)
            y = y0 + 3 + s * bar
            parts.append(f"<g><title>{escape(_tooltip(series, group, g, points))}</title>")
            if points:
                parts.append(f'<circle cx="{x_of(value):.1f}" cy="{y0 + row / 2:.1f}" r="4" fill="{PALETTE[0]}"/>')
            else:
                parts.append(
                    f'<rect x="{left}" y="{y:.1f}" width="{x_of(value) - left:.1f}" height="{max(bar - 1, 1):.1f}" '
                    f'fill="{PALETTE[s % len(PALETTE)]}"/>'
                )
            if interval:
                mid = y0 + row / 2 if points else y + bar / 2 - 0.5
                parts.append(_whisker(x_of(interval[0]), mid, x_of(interval[1]), mid, True))
            parts.append("</g>")
    return height, parts


def _x_ticks(high: float) -> list[float]:
    """Five round ticks from 0 to at least ``high``."""
    step = high / 4 if high > 0 else 1.0
    magnitude = 10 ** math.floor(math.log10(step))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= step)
    return [step * i for i in range(5)]


def _x_label(value: float, dollars: bool) -> str:
    if dollars:
        return f"${value:.2f}" if value >= 0.1 or value == 0 else f"${value:.3f}"
    return f"{value / 1000:.0f}k" if value >= 1000 else f"{value:.0f}"


def _scatter(chart: Chart) -> tuple[int, list[str]]:
    height, left, right, top, bottom = 300, 48, 16, 12, 48
    plot_w, plot_h = WIDTH - left - right, height - top - bottom
    xs = [s.x[0] for s in chart.series if s.x and s.x[0] is not None]
    ticks = _x_ticks(max(xs) * 1.1 if xs else 1.0)
    dollars = "dollars" in chart.group_label
    parts = []
    for percent in range(0, 101, 20):
        y = top + plot_h * (1 - percent / 100)
        parts.append(
            f'<line class="grid" x1="{left}" x2="{WIDTH - right}" y1="{y:.1f}" y2="{y:.1f}"/>'
            f'<text class="tick" x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{percent}%</text>'
        )
    for tick in ticks:
        x = left + plot_w * tick / ticks[-1]
        parts.append(
            f'<text class="tick" x="{x:.1f}" y="{top + plot_h + 16}" text-anchor="middle">{escape(_x_label(tick, dollars))}</text>'
        )
    for s, series in enumerate(chart.series):
        value, interval, where = series.values[0], series.intervals[0], series.x[0] if series.x else None
        if value is None or where is None:
            continue
        x, y = left + plot_w * where / ticks[-1], top + plot_h * (1 - value)
        tip = f"{series.label}: pass {_pct(value)} at {_x_label(where, dollars)} per session (n={series.counts[0]})"
        parts.append(f'<g><title>{escape(tip)}</title><circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="{PALETTE[s % len(PALETTE)]}"/>')
        if interval:
            parts.append(_whisker(x, top + plot_h * (1 - interval[0]), x, top + plot_h * (1 - interval[1]), False))
        parts.append("</g>")
    parts.append(f'<text class="axis" x="{left + plot_w / 2:.1f}" y="{height - 8}" text-anchor="middle">{escape(chart.group_label)}</text>')
    parts.append(f'<line class="axisline" x1="{left}" x2="{WIDTH - right}" y1="{top + plot_h}" y2="{top + plot_h}"/>')
    return height, parts


def chart_svg(chart: Chart) -> str:
    """One chart as an ``<svg>`` element that scales to its container."""
    if chart.kind == "scatter":
        height, parts = _scatter(chart)
    else:
        height, parts = _horizontal(chart) if chart.horizontal else _vertical(chart)
    title = escape(chart.title)
    return (
        f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{title}" '
        f'font-size="{FONT}" xmlns="http://www.w3.org/2000/svg">{"".join(parts)}</svg>'
    )


def legend(chart: Chart) -> str:
    """The chart's runs and colours, as an HTML list (empty for a single-series points chart)."""
    if chart.kind == "points":
        return ""
    items = "".join(
        f'<li><span class="swatch" style="background:{PALETTE[i % len(PALETTE)]}"></span>{escape(s.label)}</li>'
        for i, s in enumerate(chart.series)
    )
    return f'<ul class="legend">{items}</ul>'
