"""matplotlib (about 80 MB) is loaded by the first `/stats` chart, never by the bot's start:
the idle bot's memory is a tracked figure (docs/benchmarks.md)."""

from __future__ import annotations

import subprocess
import sys


def test_starting_the_bot_does_not_import_matplotlib() -> None:
    probe = "import sys, bot.app.runtime.main; print('matplotlib' in sys.modules)"
    shown = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    assert shown.stdout.strip() == "False"
