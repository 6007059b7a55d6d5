"""The pack loader on the worst inputs we could think of, each as large as an upload may be.

    python -m bench.loader [--bytes 262144] [--runs 5]

Times ``parse_pack`` on each input (best of ``--runs``, wall clock and CPU), prints a table, then
`quizbot validate` on the slowest input as a whole process, then one JSON line. The inputs are
bench/loader/inputs.py's ``WORST``; tests/bench/loader/test_loader_worst.py runs them small.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench.loader.inputs import WORST
from bot.quiz.reader.loader import MAX_PACK_BYTES, parse_pack
from bot.quiz.reader.problems import PackError


@dataclass(frozen=True)
class Timing:
    name: str
    size: int
    wall_ms: float
    cpu_ms: float
    accepted: bool
    first_problem: str


def decide(data: bytes) -> tuple[bool, str]:
    """Whether the loader accepts ``data``, and its first problem if not."""
    try:
        parse_pack(data, "worst.yaml")
    except PackError as error:
        return False, str(error.problems[0])
    return True, ""


def timed(name: str, data: bytes, runs: int) -> Timing:
    walls, cpus = [], []
    accepted, first = False, ""
    for _ in range(runs):
        started, started_cpu = time.perf_counter(), time.process_time()
        accepted, first = decide(data)
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - started_cpu)
    return Timing(name, len(data), min(walls) * 1000, min(cpus) * 1000, accepted, first)


def validate_ms(data: bytes, runs: int) -> float:
    """`quizbot validate` on ``data`` as a file, start to exit, best of ``runs``."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "worst.yaml"
        path.write_bytes(data)
        best = float("inf")
        for _ in range(runs):
            started = time.perf_counter()
            subprocess.run(  # noqa: S603  # our own interpreter and module
                [sys.executable, "-m", "bot", "validate", str(path)],
                capture_output=True,
                check=False,
            )
            best = min(best, time.perf_counter() - started)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bytes", type=int, default=MAX_PACK_BYTES)
    parser.add_argument("--runs", type=int, default=5)
    arguments = parser.parse_args()
    print(f"{'input':26} {'bytes':>7} {'ms':>7} {'cpu ms':>7}  decided   first problem")
    timings = []
    for name, worst in WORST.items():
        data = worst.make(arguments.bytes).encode()
        timing = timed(name, data, arguments.runs)
        timings.append(timing)
        verdict = "accepted" if timing.accepted else "refused"
        surprise = "" if timing.accepted is worst.accepted else "  (UNEXPECTED)"
        problem = timing.first_problem.removeprefix("worst.yaml:")[:70]
        print(
            f"{name:26} {timing.size:7} {timing.wall_ms:7.1f} {timing.cpu_ms:7.1f}  "
            f"{verdict:9} {problem}{surprise}"
        )
    slowest = max(timings, key=lambda timing: timing.wall_ms)
    process_ms = validate_ms(WORST[slowest.name].make(arguments.bytes).encode(), 3)
    startup_ms = validate_ms(WORST["largest-valid"].make(1024).encode(), 3)
    print(
        f"quizbot validate on {slowest.name}: {process_ms:.0f} ms as a whole process "
        f"({startup_ms:.0f} ms on a 1 KiB pack)"
    )
    summary = {
        "slowest_ms": round(slowest.wall_ms, 1),
        "slowest_cpu_ms": round(slowest.cpu_ms, 1),
        "slowest_input": slowest.name,
        "inputs": len(timings),
        "bytes": arguments.bytes,
        "validate_ms": round(process_ms),
        "validate_small_ms": round(startup_ms),
        "unexpected": [t.name for t in timings if t.accepted is not WORST[t.name].accepted],
    }
    print(json.dumps(summary))
