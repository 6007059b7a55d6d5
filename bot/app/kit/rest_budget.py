"""Discord's global REST limit as one budget that every process of the bot draws from.

Discord allows a bot token a number of requests a second across all its processes (50 unless it
granted more; interaction callbacks and followups are exempt), and discord.py learns of that
limit only from a 429, separately in each process. The budget is a moving window in Redis (the
``limits`` package) that every request takes its place in before discord.py sends it, so no
process spends another's share; a single process without Redis keeps the window in memory.

Requests have a priority. Urgent ones (a round's questions, reveals, standings) may fill the
window; routine ones (DMs, roles, scheduled events) wait while less than a fifth is left, so a
round never waits behind a burst of reminders; a courtesy (the "N answered" counter) is skipped,
not queued, while less than two fifths are left. The window's cap is kept exactly (one atomic
step in the storage); the reserves are read first, so a near race can let a few routine
requests into them, never past the cap.
"""

from __future__ import annotations

import asyncio
import enum
import hashlib
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from discord.http import HTTPClient, Route
from limits import RateLimitItemPerSecond
from limits.aio.storage import MemoryStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter
from limits.errors import StorageError

from bot.app.kit.metrics import BUDGET_SKIPPED, BUDGET_WAITS

log = logging.getLogger(__name__)

# Routes Discord leaves out of the global limit: interaction callbacks, followups and their edits.
EXEMPT_PREFIXES = ("/interactions/", "/webhooks/{webhook_id}/{webhook_token}")
# Routes that are routine wherever they are sent from: roles, scheduled events, opening a DM.
ROUTINE_PREFIXES = (
    "/guilds/{guild_id}/members/{user_id}/roles/",
    "/guilds/{guild_id}/scheduled-events",
    "/users/@me/channels",
)
_SHORTEST_WAIT_S = 0.01
_WINDOW_S = 1.0
_RETRY_SHARED_S = 5.0
_REDIS_TIMEOUT_S = 1.0


class Priority(enum.IntEnum):
    """How much of the window a request may fill, and whether it waits for room."""

    URGENT = 0  # waits for room; may use the whole window
    ROUTINE = 1  # waits until a fifth of the window is free
    COURTESY = 2  # needs two fifths free; skipped (BudgetShortError) otherwise


# The share of the window each priority must leave free before it is sent.
_RESERVE = {Priority.URGENT: 0.0, Priority.ROUTINE: 0.2, Priority.COURTESY: 0.4}
_PRIORITY: ContextVar[Priority] = ContextVar("rest_priority", default=Priority.URGENT)


class BudgetShortError(Exception):
    """A courtesy request found the budget too short and was not sent."""


@contextmanager
def requests_at(priority: Priority) -> Iterator[None]:
    """The REST requests made inside the block (and in tasks it starts) have ``priority``."""
    token = _PRIORITY.set(priority)
    try:
        yield
    finally:
        _PRIORITY.reset(token)


class RestBudget:
    """``per_second`` requests a second for one bot token, shared through ``storage``."""

    def __init__(self, storage: Storage, per_second: int, key: str) -> None:
        self._window = MovingWindowRateLimiter(storage)
        self._fallback = MovingWindowRateLimiter(MemoryStorage())
        self._item = RateLimitItemPerSecond(per_second)
        self._key = key
        self.per_second = per_second
        self.skipped = 0  # courtesy requests left unsent
        self.waits = 0  # requests that waited for room
        self._down_until: float | None = None  # while Redis is away: when to try it again

    async def take(self, priority: Priority) -> None:
        """Waits until the request has its place in the window; BudgetShortError for a
        courtesy that finds too little room."""
        reserve = round(self.per_second * _RESERVE[priority])
        waited = False
        while not await self._admit(reserve):
            if priority is Priority.COURTESY:
                self.skipped += 1
                BUDGET_SKIPPED.inc()
                raise BudgetShortError
            waited = True
            await asyncio.sleep(await self._until_room())
        if waited:
            self.waits += 1
            BUDGET_WAITS.labels(priority.name.lower()).inc()

    async def _admit(self, reserve: int) -> bool:
        window = self._live()
        try:
            roomy = reserve == 0 or await window.test(self._item, self._key, cost=reserve + 1)
            return roomy and await window.hit(self._item, self._key)
        except StorageError as error:
            self._down(error)
            return await self._admit(reserve)

    async def _until_room(self) -> float:
        try:
            stats = await self._live().get_window_stats(self._item, self._key)
        except StorageError:
            return _WINDOW_S / self.per_second
        return max(stats.reset_time - time.time(), _SHORTEST_WAIT_S)

    def _live(self) -> MovingWindowRateLimiter:
        """The shared window, or this process's own while the shared one is unreachable (it
        is tried again every ``_RETRY_SHARED_S``)."""
        if self._down_until is not None and time.monotonic() >= self._down_until:
            self._down_until = None
            log.info("rest budget: trying the shared budget on Redis again")
        return self._window if self._down_until is None else self._fallback

    def _down(self, error: StorageError) -> None:
        log.warning("rest budget: Redis unreachable (%s); pacing this process alone", error)
        self._down_until = time.monotonic() + _RETRY_SHARED_S

    async def check(self) -> None:
        """Reaches the storage once (for `quizbot check` and start-up); raises if it cannot."""
        await self._window.get_window_stats(self._item, self._key)


def budget_key(token: str) -> str:
    """The window's name: one per bot token, which a hash names without revealing it."""
    return "quizbot:rest:" + hashlib.sha256(token.encode()).hexdigest()[:16]


def open_budget(redis_url: str | None, per_second: int, token: str) -> RestBudget:
    """The budget on Redis at ``redis_url``, or in this process's memory without one."""
    if redis_url is None:
        return RestBudget(MemoryStorage(), per_second, budget_key(token))
    from limits.aio.storage import RedisStorage  # noqa: PLC0415  # only a shared bot needs it

    storage = RedisStorage(
        redis_url.replace("redis://", "async+redis://", 1).replace("rediss://", "async+rediss://"),
        implementation="redispy",
        wrap_exceptions=True,
        # A Redis that went away must not hold every request for the OS's TCP timeout.
        socket_connect_timeout=_REDIS_TIMEOUT_S,
        socket_timeout=_REDIS_TIMEOUT_S,
    )
    return RestBudget(storage, per_second, budget_key(token))


def counts_against_budget(route: Route) -> bool:
    return not route.path.startswith(EXEMPT_PREFIXES)


def priority_of(route: Route) -> Priority:
    """The priority of the code sending ``route``, or routine if the route is one of those."""
    own = Priority.ROUTINE if route.path.startswith(ROUTINE_PREFIXES) else Priority.URGENT
    return max(_PRIORITY.get(), own)


def draw_requests_from(http: HTTPClient, budget: RestBudget) -> None:
    """Every request ``http`` sends takes its place in ``budget`` first (exempt routes
    excepted), at the priority of the code that sends it."""
    send: Callable[..., Awaitable[Any]] = http.request

    async def request(route: Route, **options: Any) -> Any:  # noqa: ANN401  # discord.py's
        if counts_against_budget(route):
            await budget.take(priority_of(route))
        return await send(route, **options)

    http.request = request  # type: ignore[method-assign]  # the one place every request passes
