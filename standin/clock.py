"""The stand-in's one notion of now: real UTC time plus an offset that tests move forward.

Snowflakes (and so every ``created_at`` discord.py derives from an id), message timestamps,
members' join times and the scheduled-event rules all read `Clock.now`. The offset starts at 0
and only grows: time never goes back.

**The clock file (the contract with other processes).** When `StandInConfig.clock_file` is set
(``python -m standin --clock-file PATH``, ``StandInClient.start(clock_file=PATH)``), the stand-in
writes that file when it starts and again on every change of the offset. It holds one JSON object,

    {"offset_s": 3600.0}

the seconds (a float, never negative) to add to the real UTC time to get the stand-in's now. It
is replaced atomically (a temporary file in the same folder, then ``os.replace``), so a reader in
another process sees the old content or the new, never a part. A process that follows the clock
(the bot under test, ``quizbot run``) reads the file and adds ``offset_s`` to its own real time;
the file says nothing else, and a reader should ignore keys it does not know.

Interaction deadlines, token lifetimes and rate-limit windows run on real elapsed time
(`StandInConfig.clock`), not on this clock: moving it forward expires no interaction.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import math
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from standin.errors import RefusedError

MAX_OFFSET_S = 100 * 366 * 24 * 3600.0  # a century ahead: further would overflow datetimes


class Clock:
    def __init__(self, file: Path | None = None, real: Callable[[], float] = time.time) -> None:
        self._real = real
        self.file = file
        self.offset_s = 0.0
        self.watchers: list[Callable[[], None]] = []  # told after every move (the page's feed)
        self._write()

    def now(self) -> dt.datetime:
        return dt.datetime.fromtimestamp(self._real() + self.offset_s, dt.UTC)

    def state(self) -> dict[str, object]:
        return {"now": self.now().isoformat(), "offset_s": self.offset_s}

    def advance(self, seconds: float) -> dt.datetime:
        """Move now forward by `seconds` (0 or more); refused with a 400 otherwise."""
        if not math.isfinite(seconds) or seconds < 0:
            raise RefusedError(
                f"advance_s must be a number of seconds, 0 or more (time never goes back), "
                f"not {seconds!r}",
                400,
            )
        return self._move_to(self.offset_s + seconds)

    def set(self, when: dt.datetime) -> dt.datetime:
        """Move now to `when` (aware, and not earlier than now); refused with a 400 otherwise."""
        if when.tzinfo is None or when.utcoffset() is None:
            raise RefusedError(
                f"'to' must carry its UTC offset (e.g. 2030-01-07T19:00:00+02:00), not "
                f"{when.isoformat()!r}",
                400,
            )
        ahead = (when - self.now()).total_seconds()
        if ahead < 0:
            raise RefusedError(
                f"'to' ({when.isoformat()}) is {-ahead:.3f} s before the stand-in's now "
                f"({self.now().isoformat()}): time never goes back",
                400,
            )
        return self._move_to(self.offset_s + ahead)

    def _move_to(self, offset_s: float) -> dt.datetime:
        if offset_s > MAX_OFFSET_S:
            raise RefusedError(f"the clock may run at most {MAX_OFFSET_S:.0f} s ahead", 400)
        self.offset_s = offset_s
        self._write()
        for watcher in self.watchers:
            watcher()
        return self.now()

    def _write(self) -> None:
        if self.file is None:
            return
        self.file.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(
            dir=self.file.parent, prefix=f".{self.file.name}.", suffix=".tmp"
        )
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump({"offset_s": self.offset_s}, out)
            Path(temporary).replace(self.file)
        except BaseException:
            with contextlib.suppress(OSError):
                Path(temporary).unlink()
            raise


def parse_moment(text: object, name: str) -> dt.datetime:
    """An ISO 8601 moment with its offset, for the control API (a clear 400 otherwise)."""
    if not isinstance(text, str):
        raise RefusedError(f"{name} must be an ISO 8601 string, not {text!r}", 400)
    try:
        moment = dt.datetime.fromisoformat(text)
    except ValueError as exc:
        raise RefusedError(f"{name} is not an ISO 8601 moment: {text[:60]!r}", 400) from exc
    if moment.tzinfo is None:
        raise RefusedError(f"{name} must carry its UTC offset: {text[:60]!r}", 400)
    return moment
