"""`python -m standin` stops on the first SIGINT, however soon after "listening" it comes; its
flags set Discord's limits, which are the defaults."""

from __future__ import annotations

import subprocess
import sys

from standin.__main__ import _arguments, limits_from
from standin.config import Limits

STOP_S = 30.0

# SIGINT starts ignored, as in a shell's background job (where `&` leaves it), and arrives the
# moment "listening" is written: before the fix, the stand-in had no handler of its own yet.
INTERRUPTED_AT_LISTENING = """
import os, signal, sys
from standin.__main__ import main

class InterruptAtListening:
    def __init__(self, out):
        self.out = out
    def write(self, text):
        written = self.out.write(text)
        if "listening" in text:
            self.out.flush()
            os.kill(os.getpid(), signal.SIGINT)
        return written
    def flush(self):
        self.out.flush()

signal.signal(signal.SIGINT, signal.SIG_IGN)
sys.stdout = InterruptAtListening(sys.stdout)
sys.exit(main(["--port", "0", "--guilds", "1", "--members", "2"]))
"""


def test_a_sigint_right_after_listening_stops_the_stand_in() -> None:
    try:
        result = subprocess.run(
            [sys.executable, "-c", INTERRUPTED_AT_LISTENING],
            capture_output=True,
            text=True,
            timeout=STOP_S,
            check=False,
        )
    except subprocess.TimeoutExpired as hung:  # run() has killed it
        raise AssertionError(f"still running {STOP_S} s after SIGINT: {hung.stdout!r}") from None
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("standin listening on http://127.0.0.1:")


def test_the_limit_flags_set_the_limits_and_default_to_discords() -> None:
    flags = ["--global-limit", "120", "--max-concurrency", "16", "--session-starts", "40"]
    given = limits_from(_arguments([*flags, "--identify-window", "0.5", "--shards", "32"]))
    assert (given.global_count, given.max_concurrency, given.session_starts) == (120, 16, 40)
    assert (given.identify_window, given.recommended_shards) == (0.5, 32)
    assert limits_from(_arguments([])) == Limits()
    assert (Limits().global_count, Limits().identify_window, Limits().session_starts) == (
        50,
        5.0,
        1000,
    )
