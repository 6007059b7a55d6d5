"""The `/stats` chart: answers and accuracy per week, and reviews due per day, as a PNG.

This module imports matplotlib, which costs memory the idle bot should not pay: import it only
when a chart is drawn (see ``bot.app.stats.commands``). It uses the object API (a Figure with its
own Agg canvas), never pyplot, whose global state is not safe in a worker thread."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator, PercentFormatter

from bot.quiz.stats.progress import Progress

WIDTH_PX, HEIGHT_PX = 800, 360
_DPI = 100
# Okabe–Ito colours, told apart with every common colour-vision deficiency.
ANSWERS_COLOUR = "#0072B2"  # blue
ACCURACY_COLOUR = "#E69F00"  # orange
DUE_COLOUR = "#009E73"  # bluish green
# A mid grey that reads on Discord's dark (#313338) and light (#ffffff) themes alike; the
# background stays transparent so the chart takes the theme's own.
INK = "#8A8F98"
GRID = "#8A8F9855"


@dataclass(frozen=True, slots=True)
class ChartText:
    """Everything the chart says, in the member's language."""

    answers_title: str
    answers_axis: str
    accuracy_axis: str
    due_title: str
    due_axis: str
    week_labels: tuple[str, ...]  # one per week of the progress
    day_labels: tuple[str, ...]  # one per day of the progress


def render_stats_chart(progress: Progress, text: ChartText) -> bytes:
    """The chart as PNG bytes, WIDTH_PX × HEIGHT_PX."""
    figure = Figure(figsize=(WIDTH_PX / _DPI, HEIGHT_PX / _DPI), dpi=_DPI)
    FigureCanvasAgg(figure)
    figure.patch.set_alpha(0.0)
    # Fixed margins: tight_layout would draw the figure once more only to measure it.
    weekly, daily = figure.subplots(
        1,
        2,
        gridspec_kw={"width_ratios": [1, 1.15], "wspace": 0.42},
        subplot_kw={"facecolor": "none"},
    )
    figure.subplots_adjust(left=0.07, right=0.98, top=0.9, bottom=0.17)
    _draw_weeks(weekly, progress, text)
    _draw_due(daily, progress, text)
    out = io.BytesIO()
    figure.savefig(out, format="png", dpi=_DPI, transparent=True)
    return out.getvalue()


def _draw_weeks(axes: Axes, progress: Progress, text: ChartText) -> None:
    positions = range(len(progress.weeks))
    axes.bar(positions, [week.answers for week in progress.weeks], color=ANSWERS_COLOUR)
    _style(axes, text.answers_title, text.answers_axis)
    axes.set_xticks(list(positions), text.week_labels, rotation=45, ha="right")
    accuracy = axes.twinx()
    # A week without answers has no accuracy: a gap in the line, never a 0 %.
    shares = [math.nan if week.accuracy is None else 100 * week.accuracy for week in progress.weeks]
    accuracy.plot(positions, shares, color=ACCURACY_COLOUR, marker="o", linewidth=2)
    accuracy.set_ylim(0, 105)
    accuracy.yaxis.set_major_formatter(PercentFormatter(decimals=0))
    accuracy.set_ylabel(text.accuracy_axis, color=INK)
    accuracy.tick_params(colors=INK)
    for spine in accuracy.spines.values():
        spine.set_visible(False)


def _draw_due(axes: Axes, progress: Progress, text: ChartText) -> None:
    positions = list(range(len(progress.due)))
    axes.bar(positions, [day.due for day in progress.due], color=DUE_COLOUR)
    _style(axes, text.due_title, text.due_axis)
    # Every other day, so that fourteen dates do not overlap.
    axes.set_xticks(positions[::2], text.day_labels[::2], rotation=45, ha="right")


def _style(axes: Axes, title: str, label: str) -> None:
    # A given height spares matplotlib measuring every tick label to place the title.
    axes.set_title(title, color=INK, fontsize=11, y=1.02)
    axes.set_ylabel(label, color=INK)
    axes.tick_params(colors=INK)
    axes.yaxis.set_major_locator(MaxNLocator(integer=True, nbins=5))
    axes.set_ylim(bottom=0)
    axes.grid(axis="y", color=GRID, linewidth=0.8)
    axes.set_axisbelow(True)
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    for side in ("left", "bottom"):
        axes.spines[side].set_color(INK)
