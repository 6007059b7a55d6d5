"""Draws the shipped packs' pictures into quizzes/, where the packs name them.

    .venv/bin/python -m tools.draw_pictures           # writes quizzes/<name>.png
    .venv/bin/python -m tools.draw_pictures --dir D   # elsewhere (the tests compare)

The diagrams are drawn here, never fetched: matplotlib's object API on its Agg canvas, with the
fonts matplotlib ships, and no date or version written into the file, so the same matplotlib
draws the same bytes. Labels are names and numbers that read the same in every pack locale; what
a picture shows in words is its ``image_alt`` in the pack. White cards, so they read on Discord's
light and dark themes alike; Okabe–Ito colours, told apart with colour-vision deficiencies.
"""

from __future__ import annotations

import argparse
import io
import math
from collections.abc import Callable
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

QUIZZES = Path(__file__).resolve().parents[1] / "quizzes"
WIDTH_IN, HEIGHT_IN, DPI = 8.0, 5.0, 100
INK = "#222222"
BLUE, ORANGE, GREEN, GREY = "#0072B2", "#E69F00", "#009E73", "#8A8F98"


def _canvas() -> tuple[Figure, Axes]:
    figure = Figure(figsize=(WIDTH_IN, HEIGHT_IN), dpi=DPI, facecolor="white")
    FigureCanvasAgg(figure)
    axes = figure.add_axes((0, 0, 1, 1))
    axes.set_xlim(0, 16)
    axes.set_ylim(0, 10)
    axes.set_axis_off()
    return figure, axes


def _box(axes: Axes, x: float, y: float, size: tuple[float, float], colour: str) -> None:
    width, height = size
    axes.add_patch(
        FancyBboxPatch(
            (x - width / 2, y - height / 2),
            width,
            height,
            boxstyle="round,pad=0.1,rounding_size=0.3",
            facecolor=colour + "22",
            edgecolor=colour,
            linewidth=2,
        )
    )


def _arrow(
    axes: Axes, start: tuple[float, float], end: tuple[float, float], colour: str, bend: float = 0
) -> None:
    axes.add_patch(
        FancyArrowPatch(
            start,
            end,
            connectionstyle=f"arc3,rad={bend}",
            arrowstyle="-|>",
            mutation_scale=18,
            linewidth=2,
            color=colour,
        )
    )


def ring_of_devices(axes: Axes) -> None:
    """Four GPUs in a ring, each holding its own slice of the sequence, with arrows from each to
    the next around the ring; what travels along them is the question's."""
    centre, radius = (8.0, 5.0), 3.4
    places = [
        (centre[0] + 1.7 * radius * math.sin(a), centre[1] + radius * math.cos(a))
        for a in (i * math.pi / 2 for i in range(4))
    ]
    for number, (x, y) in enumerate(places):
        _box(axes, x, y, (3.2, 1.5), BLUE)
        axes.text(x, y + 0.3, f"GPU {number}", ha="center", va="center", fontsize=15, color=INK)
        first = f"{2 * number}k" if number else "0"
        slice_text = f"tokens {first}–{2 * number + 2}k"
        axes.text(x, y - 0.35, slice_text, ha="center", va="center", fontsize=12, color=INK)
    for number, (x, y) in enumerate(places):
        nx, ny = places[(number + 1) % 4]
        start = (x + (nx - x) * 0.28, y + (ny - y) * 0.28)
        end = (x + (nx - x) * 0.72, y + (ny - y) * 0.72)
        _arrow(axes, start, end, ORANGE, bend=-0.25)
        label = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        outward = (label[0] - centre[0], label[1] - centre[1])
        length = math.hypot(*outward) or 1.0
        at = (label[0] + 0.9 * outward[0] / length, label[1] + 0.9 * outward[1] / length)
        axes.text(*at, "?", ha="center", va="center", fontsize=20, color=ORANGE, weight="bold")


def moe_dispatch_combine(axes: Axes) -> None:
    """One MoE layer on four GPUs: each GPU's tokens go to the GPUs of their chosen experts
    (dispatch), the experts run, and each output goes back to its token's GPU (combine), before
    the next layer can start."""
    rows = [8.2, 6.0, 3.8, 1.6]
    columns = {"tokens": 1.8, "experts": 8.0, "outputs": 14.2}
    axes.text(4.9, 9.6, "dispatch (all-to-all)", ha="center", fontsize=13, color=ORANGE)
    axes.text(11.1, 9.6, "combine (all-to-all)", ha="center", fontsize=13, color=GREEN)
    for gpu, y in enumerate(rows):
        labels = {
            "tokens": (f"GPU {gpu}\ntokens", BLUE, 2.6),
            "experts": (f"GPU {gpu}\nE{2 * gpu}  E{2 * gpu + 1}", GREY, 3.0),
            "outputs": (f"GPU {gpu}\noutputs", BLUE, 2.6),
        }
        for column, (label, colour, width) in labels.items():
            _box(axes, columns[column], y, (width, 1.3), colour)
            axes.text(columns[column], y, label, ha="center", va="center", fontsize=11, color=INK)
    # Each GPU's tokens chose experts on two other GPUs (top-2 routing), and come back.
    routes = [(0, 1), (0, 3), (1, 2), (1, 0), (2, 3), (2, 1), (3, 0), (3, 2)]
    for home, expert_gpu in routes:
        start = (columns["tokens"] + 1.4, rows[home])
        end = (columns["experts"] - 1.6, rows[expert_gpu])
        _arrow(axes, start, end, ORANGE)
        back_start = (columns["experts"] + 1.6, rows[expert_gpu])
        back_end = (columns["outputs"] - 1.4, rows[home])
        _arrow(axes, back_start, back_end, GREEN)
    axes.text(14.2, 0.3, "→ next layer", ha="center", fontsize=12, color=INK)


DRAWINGS: dict[str, Callable[[Axes], None]] = {
    "ring-of-devices.png": ring_of_devices,
    "moe-dispatch-combine.png": moe_dispatch_combine,
}


def draw(name: str) -> bytes:
    """The PNG of one drawing."""
    figure, axes = _canvas()
    DRAWINGS[name](axes)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI, metadata={"Software": None})
    return buffer.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--dir", type=Path, default=QUIZZES, help="where to write (quizzes/)")
    folder: Path = parser.parse_args(argv).dir
    folder.mkdir(parents=True, exist_ok=True)
    for name in DRAWINGS:
        (folder / name).write_bytes(draw(name))
        print(f"wrote {folder / name}")  # noqa: T201  # a command-line tool
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
