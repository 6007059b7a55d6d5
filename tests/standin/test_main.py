"""`python -m standin` stops on the first SIGINT, however soon after "listening" it comes."""

from __future__ import annotations

import subprocess
import sys

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
