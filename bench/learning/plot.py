"""The learning benchmark's picture: each scheduler's frontier, and K day by day."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from bench.learning.frontier import FrontierPoint
    from bench.learning.sweep import PointResult

LABELS = {
    "quizbot": "quizbot (desired retention)",
    "quizbot_fitted": "quizbot, fitted personal weights",
    "fixed": "fixed 1-4-10-17-30-60 d × scale",
    "leitner": "Leitner 1-2-4-8-16 d × scale",
    "oracle_constant": "oracle, constant target",
    "oracle_rising": "oracle, target rising with S",
}


def plot(
    found: dict[str, list[FrontierPoint]],
    results: Sequence[PointResult],
    equal: float,
    k_target: float,
    path: Path,
) -> None:
    # Imported here: matplotlib takes a second to import, and only a run asked to plot needs it
    # (not every test worker that collects the benchmark's tests).
    import matplotlib as mpl  # noqa: PLC0415

    mpl.use("Agg")  # files only, no display
    import matplotlib.pyplot as plt  # noqa: PLC0415

    figure, (frontier, daily) = plt.subplots(1, 2, figsize=(12, 4.6))
    for name, points in found.items():
        xs = [p.mean_answers for p in points]
        frontier.plot(xs, [p.mean("k_last") for p in points], marker="o", label=LABELS[name])
        nearest = min(points, key=lambda p: abs(p.mean_answers - equal))
        curves = [
            r.k_by_day for r in results if (r.point.scheduler, r.point.knob) == (name, nearest.knob)
        ]
        mean = np.mean(curves, axis=0)
        daily.plot(range(1, len(mean) + 1), mean, label=f"{name} ({nearest.mean_answers:.1f}/day)")
    frontier.axvline(equal, color="grey", linestyle=":", linewidth=1)
    frontier.axhline(k_target, color="grey", linestyle=":", linewidth=1)
    frontier.set(
        title="Knowledge at day 365 against answers (the frontier)",
        xlabel="answers a day (mean per member)",
        ylabel="K365: summed true recall",
    )
    daily.set(title="K by day, each nearest quizbot's answers", xlabel="day", ylabel="K")
    frontier.legend(loc="lower right", fontsize="small")
    daily.legend(loc="lower right", fontsize="small")
    for axes in (frontier, daily):
        axes.grid(visible=True, alpha=0.3)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=100)
    plt.close(figure)
