"""matplotlib (about 80 MB) is loaded by the first `/stats` chart, never by the bot's start:
the idle bot's memory is a tracked figure (docs/benchmarks.md); and it is loaded in the chart's
worker thread, not on the event loop."""

from __future__ import annotations

import subprocess
import sys


def test_starting_the_bot_does_not_import_matplotlib() -> None:
    probe = "import sys, bot.app.runtime.main; print('matplotlib' in sys.modules)"
    shown = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    assert shown.stdout.strip() == "False"


CHART_OFF_THE_LOOP = """
import asyncio, sys, threading
from datetime import date
from bot.app.stats.embed import stats_chart
from bot.quiz.stats.progress import DayDue, Progress, WeekTally

importers = []
sys.addaudithook(
    lambda event, args: importers.append(threading.current_thread().name)
    if event == "import" and args[0] == "matplotlib" and "matplotlib" not in sys.modules
    else None
)
progress = Progress((WeekTally(date(2026, 11, 30), 4, 3),), (DayDue(date(2026, 12, 2), 2),))
chart = asyncio.run(stats_chart(progress, "en"))
print(chart is not None, importers[:1] == [threading.main_thread().name], len(importers) > 0)
"""


def test_the_first_chart_imports_matplotlib_off_the_event_loop() -> None:
    """The import takes seconds on a busy host; on the loop's thread it would stall every
    server the process serves."""
    shown = subprocess.run(
        [sys.executable, "-c", CHART_OFF_THE_LOOP],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    drawn, on_the_loop, imported = shown.stdout.split()
    assert (drawn, imported) == ("True", "True")
    assert on_the_loop == "False"
