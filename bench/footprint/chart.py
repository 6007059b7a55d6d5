"""The `/stats` chart's cost: importing matplotlib, the first chart, then charts in a row.

    python -m bench.footprint.chart [--charts 50] [--seed 1]

Draws typical charts (eight weeks of answers, fourteen days of reviews due, English labels)
with the bot's own renderer, in this thread (the bot runs it in a worker thread; the work is
the same). Prints a table, then one JSON line.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import sys
import time
from datetime import date, timedelta

from bot.app.kit.catalogue import tr
from bot.quiz.stats.progress import Progress, due_per_day, weekly_tallies

TODAY = date(2026, 11, 26)


def typical_progress(rng: random.Random) -> Progress:
    answered = [
        (TODAY - timedelta(days=rng.randrange(56)), rng.random() < 0.7)
        for _ in range(rng.randrange(20, 200))
    ]
    due = [TODAY + timedelta(days=rng.randrange(-3, 20)) for _ in range(rng.randrange(60))]
    return Progress(weekly_tallies(answered, TODAY), due_per_day(due, TODAY))


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--charts", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)  # chart data, not secrets
    assert "matplotlib" not in sys.modules  # noqa: S101  # the import is what is measured
    rss_before = _peak_rss_mb()
    started, started_cpu = time.perf_counter(), time.thread_time()
    from bot.app.stats.chart import ChartText, render_stats_chart  # noqa: PLC0415

    import_ms = (time.perf_counter() - started) * 1000
    import_cpu_ms = (time.thread_time() - started_cpu) * 1000

    def chart_text(progress: Progress) -> ChartText:
        def label(day: date) -> str:
            return tr("en-US", "stats_chart.date", day=day.day, month=day.month)

        return ChartText(
            answers_title=tr("en-US", "stats_chart.answers_title"),
            answers_axis=tr("en-US", "stats_chart.answers_axis"),
            accuracy_axis=tr("en-US", "stats_chart.accuracy_axis"),
            due_title=tr("en-US", "stats_chart.due_title"),
            due_axis=tr("en-US", "stats_chart.due_axis"),
            week_labels=tuple(label(week.week_start) for week in progress.weeks),
            day_labels=tuple(label(day.day) for day in progress.due),
        )

    timings: list[float] = []
    cpu: list[float] = []  # the thread's own CPU time: what a chart costs, whatever the load
    sizes: list[int] = []
    for _ in range(arguments.charts + 1):
        progress = typical_progress(rng)
        started, started_cpu = time.perf_counter(), time.thread_time()
        sizes.append(len(render_stats_chart(progress, chart_text(progress))))
        timings.append((time.perf_counter() - started) * 1000)
        cpu.append((time.thread_time() - started_cpu) * 1000)
    first, rest, rest_cpu = timings[0], timings[1:], cpu[1:]
    rss_added = _peak_rss_mb() - rss_before
    summary = {
        "charts": len(rest),
        "import_ms": round(import_ms, 1),
        "import_cpu_ms": round(import_cpu_ms, 1),
        "first_chart_ms": round(first, 1),
        "p50_ms": round(statistics.median(rest), 1),
        "p99_ms": round(percentile(rest, 0.99), 1),
        "max_ms": round(max(rest), 1),
        "cpu_p50_ms": round(statistics.median(rest_cpu), 1),
        "cpu_p99_ms": round(percentile(rest_cpu, 0.99), 1),
        "png_bytes_p50": round(statistics.median(sizes)),
        "peak_rss_added_mb": round(rss_added, 1),
    }
    print(f"{'metric':20} {'value':>10}")
    for name, value in summary.items():
        print(f"{name:20} {value:>10}")
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
