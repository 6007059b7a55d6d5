"""The bot's CPU and memory over the night, sampled from /proc, for their peaks."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from bench.rig.procstat import cpu_seconds, machine_busy_seconds, rss_mb

EVERY_S = 0.5
PEAK_WINDOW = 2  # samples: the busiest second


@dataclass
class Sample:
    at: float  # wall time
    cpu_s: dict[str, float]  # CPU seconds used so far, per process name, and "machine"
    rss_mb: float  # the bot's


@dataclass
class Samples:
    pids: dict[str, int]  # "bot" first
    taken: list[Sample] = field(default_factory=list)

    def take(self) -> None:
        used = {name: cpu_seconds(pid) for name, pid in self.pids.items()}
        used["machine"] = machine_busy_seconds()
        self.taken.append(Sample(time.time(), used, rss_mb(self.pids["bot"])))

    def between(self, start: float, end: float) -> list[Sample]:
        return [s for s in self.taken if start <= s.at <= end]

    def peak_cores(self, name: str, start: float = 0.0, end: float = float("inf")) -> float:
        """The most cores ``name`` kept busy over any second between ``start`` and ``end``."""
        window = self.between(start, end)
        rates = [
            (later.cpu_s[name] - earlier.cpu_s[name]) / (later.at - earlier.at)
            for earlier, later in zip(window, window[PEAK_WINDOW:], strict=False)
        ]
        return max(rates, default=float("nan"))

    def mean_cores(self, name: str, start: float, end: float) -> float:
        window = self.between(start, end)
        if len(window) < 2:
            return float("nan")
        first, last = window[0], window[-1]
        return (last.cpu_s[name] - first.cpu_s[name]) / (last.at - first.at)

    def peak_rss_mb(self, start: float = 0.0, end: float = float("inf")) -> float:
        return max((s.rss_mb for s in self.between(start, end)), default=float("nan"))


@contextlib.asynccontextmanager
async def sampling(pids: dict[str, int]) -> AsyncIterator[Samples]:
    samples = Samples(pids)

    async def every() -> None:
        while True:
            samples.take()
            await asyncio.sleep(EVERY_S)  # a sampling period, not a wait for anything

    task = asyncio.create_task(every())
    try:
        yield samples
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        samples.take()
