"""Sampling profiles of a benchmark's process, and the summary the docs quote.

    python -m bench.rig.profiling PROFILE [PROFILE ...] [--top 40]

``profiled(pid, path)`` runs py-spy (``pip install py-spy``) on a running process while its
block runs and writes py-spy's raw (collapsed stacks) output to ``path``; ``--profile FOLDER``
of ``bench.answers`` uses it for each question's closed-loop clicks. Run as a script, this
module prints, for such files taken together, each function's share of the samples in which a
thread was working: inclusive (the function or anything it called) and self (its own code).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import signal
import sys
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

RATE_HZ = 250


@contextlib.asynccontextmanager
async def profiled(pid: int, path: Path | None) -> AsyncIterator[None]:
    """Samples process ``pid`` while the block runs (nothing when ``path`` is None)."""
    if path is None:
        yield
        return
    spy = shutil.which(
        "py-spy", path=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    )
    if spy is None:
        raise SystemExit("--profile needs py-spy: pip install py-spy")
    path.parent.mkdir(parents=True, exist_ok=True)
    command = (spy, "record", "--pid", str(pid), "--rate", str(RATE_HZ), "--threads")
    process = await asyncio.create_subprocess_exec(
        *command, "--nonblocking", "--format", "raw", "--output", str(path),
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
    )  # fmt: skip
    try:
        yield
    finally:
        process.send_signal(signal.SIGINT)  # py-spy writes its output when interrupted
        await process.wait()


def frame_name(frame: str) -> str:
    """``function (file.py)`` for py-spy's ``function (path/file.py:line)``; a thread's own
    entry (``thread (1): MainThread``) as it is."""
    name, _, where = frame.rpartition(" (")
    if not name or not where.endswith(")") or ":" not in where:
        return frame
    path = where[:-1].rsplit(":", 1)[0]
    return f"{name} ({path.rsplit('/', 1)[-1]})"


def shares(lines: list[str]) -> tuple[int, Counter[str], Counter[str]]:
    """Samples in all, and per function the samples spent in it (inclusive) and in its own code."""
    total, inclusive, own = 0, Counter[str](), Counter[str]()
    for line in lines:
        stack, _, count = line.rstrip().rpartition(" ")
        if not stack:
            continue
        samples = int(count)
        total += samples
        frames = [frame_name(frame) for frame in stack.split(";")]
        for name in set(frames):
            inclusive[name] += samples
        own[frames[-1]] += samples
    return total, inclusive, own


def main() -> None:
    described = argparse.ArgumentParser(prog="python -m bench.rig.profiling", description=__doc__)
    described.add_argument("profiles", type=Path, nargs="+")
    described.add_argument("--top", type=int, default=40)
    arguments = described.parse_args()
    lines = [line for path in arguments.profiles for line in path.read_text().splitlines()]
    total, inclusive, own = shares(lines)
    print(f"{total} samples")
    for title, counts in (("inclusive", inclusive), ("self", own)):
        print(f"--- {title}")
        for name, samples in counts.most_common(arguments.top):
            print(f"{100 * samples / total:5.1f}%  {name}")


if __name__ == "__main__":
    main()
