"""The time the bot runs on: one clock, passed to everything that reads the time.

Times kept in the database (when a question closes, when a scheduled round is due, a reminder's
day) are read against this clock, and waits for such a time go through ``wait``, so a test or
the playground can move the clock and the bot acts at once, as if the time had passed. Pacing
(rate limits, retry back-off, the supervisor's rounds) stays in real time: it protects Discord
and the database, whatever the clock says.

A moved clock is the real UTC time plus an offset. ``Clock.following(path)`` reads the offset
from the file the Discord stand-in writes (``{"offset_s": <float>}``, replaced atomically), so
the stand-in, the bot and a second bot process all share one time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

FOLLOW_POLL_S = 0.05  # how soon a waiting bot notices that the followed clock moved


class Clock:
    """Real UTC time, plus an offset when moved (tests) or followed (the stand-in's file)."""

    def __init__(self, offset_s: float = 0.0, *, follows: Path | None = None) -> None:
        self._offset_s = offset_s
        self._follows = follows
        self._seen: tuple[int, int, int] | None = None  # the followed file last read
        self._moved = asyncio.Event()
        self._waiters = 0  # waits in progress on a followed clock
        self._watcher: asyncio.Task[None] | None = None  # looks at the file for them

    @classmethod
    def following(cls, path: Path) -> Clock:
        clock = cls(follows=path)
        clock._read_offset()
        return clock

    def now(self) -> datetime:
        if self._follows is not None:
            self._read_offset()
        return datetime.now(UTC) + timedelta(seconds=self._offset_s)

    def advance(self, seconds: float) -> None:
        """Moves the clock forward (never back: stored times only ever come closer)."""
        if self._follows is not None:
            msg = f"a followed clock moves with its file ({self._follows}): move the writer's"
            raise RuntimeError(msg)
        if seconds < 0:
            msg = f"the clock never goes back ({seconds} s asked)"
            raise ValueError(msg)
        self._offset_s += seconds
        self._wake_waiters()

    async def wait(self, seconds: float, wake: asyncio.Event | None = None) -> bool:
        """Waits until ``seconds`` have passed by this clock, or ``wake`` is set (then True)."""
        return await self.wait_until(self.now() + timedelta(seconds=max(0.0, seconds)), wake)

    async def wait_until(self, deadline: datetime, wake: asyncio.Event | None = None) -> bool:
        """Waits until this clock reads ``deadline``, or ``wake`` is set (then True). Waiting
        for the stored time itself, not for seconds counted from an earlier reading, a clock
        moved since that reading is not waited out."""
        wake = wake or asyncio.Event()
        async with self._watched():
            while (left := (deadline - self.now()).total_seconds()) > 0 and not wake.is_set():
                moved = self._moved
                waits = {asyncio.ensure_future(wake.wait()), asyncio.ensure_future(moved.wait())}
                try:
                    await asyncio.wait(waits, timeout=left, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    for waiting in waits:
                        waiting.cancel()
        return wake.is_set()

    @contextlib.asynccontextmanager
    async def _watched(self) -> AsyncIterator[None]:
        """While anything waits on a followed clock, one task looks at its file for them all
        (every waiter looking for itself woke each of a bot's loops and timers twenty times a
        second)."""
        if self._follows is None:
            yield
            return
        self._waiters += 1
        watcher = self._watcher
        if watcher is None or watcher.done() or watcher.get_loop() != asyncio.get_running_loop():
            self._watcher = asyncio.create_task(self._watch())
        try:
            yield
        finally:
            self._waiters -= 1
            if self._waiters == 0 and self._watcher is not None:
                self._watcher.cancel()
                self._watcher = None

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(FOLLOW_POLL_S)
            self._read_offset()  # wakes the waiters when the offset changed

    def _wake_waiters(self) -> None:
        self._moved.set()
        self._moved = asyncio.Event()

    def _read_offset(self) -> None:
        assert self._follows is not None  # noqa: S101  # only called when following
        with contextlib.suppress(FileNotFoundError):
            stat = self._follows.stat()
            # A replaced file is a new inode: two writes within one mtime tick still differ.
            seen = (stat.st_ino, stat.st_mtime_ns, stat.st_size)
            if seen == self._seen:
                return
            offset = float(json.loads(self._follows.read_text(encoding="utf-8"))["offset_s"])
            self._seen = seen
            if offset != self._offset_s:
                self._offset_s = offset
                self._wake_waiters()
