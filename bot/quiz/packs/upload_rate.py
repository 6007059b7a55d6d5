"""How often a server may upload packs: at most ``UPLOADS_PER_WINDOW`` in any ``WINDOW_S``
seconds (a sliding window), so that no server can keep the pack checker busy at will.

Counted in the process, not the database: a server's interactions all come over the gateway
connection of its shard, and one process holds a shard at a time, so every upload of a server
meets the same count. A shard that moves to another process starts from zero there, which
grants at most one more window's worth once per move.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field

UPLOADS_PER_WINDOW = 5
WINDOW_S = 60.0
SWEEP_AT = 1024  # servers remembered before those whose window is over are forgotten


@dataclass(slots=True)
class UploadRate:
    """The uploads each server made in the last ``window_s`` seconds of a monotonic clock."""

    limit: int = UPLOADS_PER_WINDOW
    window_s: float = WINDOW_S
    _times: dict[int, deque[float]] = field(default_factory=dict, init=False, repr=False)
    _sweep_at: int = field(default=SWEEP_AT, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.limit < 1 or self.window_s <= 0:
            raise ValueError(f"an upload rate needs a limit and a window: {self}")

    @property
    def counted_servers(self) -> int:
        """How many servers the rate remembers (each at most ``limit`` times)."""
        return len(self._times)

    def admit(self, guild_id: int, now: float) -> int:
        """0 if the server may upload now (and the upload is counted); else how many whole
        seconds until it may (at least 1). A refused attempt is not counted."""
        times = self._times.get(guild_id)
        if times is None:
            self._sweep(now)
            times = self._times[guild_id] = deque()
        while times and times[0] <= now - self.window_s:
            times.popleft()
        if len(times) >= self.limit:
            return max(1, math.ceil(times[0] + self.window_s - now))
        times.append(now)
        return 0

    def _sweep(self, now: float) -> None:
        """Forgets servers whose last upload left the window, once there are many."""
        if len(self._times) < self._sweep_at:
            return
        self._times = {
            guild: times
            for guild, times in self._times.items()
            if times and times[-1] > now - self.window_s
        }
        self._sweep_at = max(SWEEP_AT, 2 * len(self._times))
