"""Discord's invalid request limit, counted (topics/rate-limits, "Invalid Request Limit").

Discord restricts an address that makes too many invalid requests, 10,000 in 10 minutes: those
answered 401, 403 or 429, except a 429 of scope ``shared`` (a resource's limit, not the bot's
doing). The stand-in counts every such answer of its REST routes in a moving window on the
injectable clock (`StandInConfig.clock`), injected 429s too (Discord would count them) but
apart, so a benchmark can take them off. It never refuses for it: the count is for readers.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

INVALID_STATUSES = frozenset({401, 403, 429})
SHARED = "shared"  # X-RateLimit-Scope of a 429 Discord does not count


class InvalidRequests:
    def __init__(self, clock: Callable[[], float], window: float) -> None:
        self._clock = clock
        self._window = window
        self._seen: deque[tuple[float, bool]] = deque()  # (answered at, injected), oldest first
        self._injected = 0  # of _seen
        self.total = 0  # ever counted, the window aside
        self.peak = 0  # the most the window has held

    def note(self, status: int, scope: str | None = None, *, injected: bool = False) -> bool:
        """Count the answer if Discord would; whether it did."""
        if status not in INVALID_STATUSES or (status == 429 and scope == SHARED):  # noqa: PLR2004
            return False
        now = self._clock()
        self._forget(now)
        self._seen.append((now, injected))
        self._injected += injected
        self.total += 1
        self.peak = max(self.peak, len(self._seen))
        return True

    def counts(self) -> tuple[int, int]:
        """The invalid answers within the window, and how many of them were injected."""
        self._forget(self._clock())
        return len(self._seen), self._injected

    def _forget(self, now: float) -> None:
        while self._seen and now - self._seen[0][0] >= self._window:
            _, injected = self._seen.popleft()
            self._injected -= injected
