"""The learning benchmark's picture: questions memorised, and answers given, day by day."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bench.learning.studying import Study, Totals

LABELS = {
    "quizbot": "quizbot (FSRS)",
    "fixed": "fixed 1-4-10-17-30-60 d",
    "leitner": "Leitner 1-2-4-8-16 d",
    "none": "no scheduling (random)",
    "oracle": "oracle (knows true memory)",
}


def plot(totals: dict[str, Totals], study: Study, path: Path) -> None:
    # Imported here: matplotlib takes a second to import, and only a run asked to plot needs it
    # (the benchmark's tests import this module in every pytest worker).
    import matplotlib as mpl  # noqa: PLC0415

    mpl.use("Agg")  # files only, no display
    import matplotlib.pyplot as plt  # noqa: PLC0415

    figure, (memorised, cumulative) = plt.subplots(1, 2, figsize=(11, 4.2))
    days = range(1, study.days + 1)
    for name, total in totals.items():
        memorised.plot(days, total.memorised_by_day, label=LABELS[name])
        cumulative.plot(days, _running_sum(total.answers_by_day), label=LABELS[name])
    memorised.set(title="Questions memorised (true recall ≥ 0.9)", xlabel="day", ylabel="questions")
    cumulative.set(title="Answers given so far", xlabel="day", ylabel="answers (mean per member)")
    memorised.legend(loc="lower right", fontsize="small")
    for axes in (memorised, cumulative):
        axes.grid(visible=True, alpha=0.3)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=100)
    plt.close(figure)


def _running_sum(values: list[float]) -> list[float]:
    sums, total = [], 0.0
    for value in values:
        total += value
        sums.append(total)
    return sums
