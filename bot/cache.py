"""Reads kept by key, each shared by everyone who asks for it while it is under way.

The keeping (how many, for how long) is a ``cachetools`` store: an ``LRUCache`` or a ``TTLCache``
with the caller's clock. What this adds is the read in flight: a burst of callers asking for a
key that is not kept waits for one read, not one read each; one caller's cancellation stops no
one else's; a read that fails is not kept, so the next caller reads again; and ``forget`` drops a
key's value together with any read begun before it (that read's callers get their result, but it
is not kept: it may predate the change that made the caller forget).

It runs on one event loop (neither it nor ``cachetools`` is thread-safe), in bot.storage as in
bot.app, so it imports neither.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

from cachetools import Cache

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def _always(_value: object) -> bool:
    return True


class SharedReads(Generic[K, V]):
    """Values by key, read at most once at a time per key (see the module docstring)."""

    def __init__(self, kept: Cache[K, V], *, keep: Callable[[V], bool] = _always) -> None:
        """``kept`` holds finished reads; ``keep`` says which results are worth holding."""
        self._kept = kept
        self._keep = keep
        self._reading: dict[K, asyncio.Future[V]] = {}

    async def get(self, key: K, read: Callable[[], Awaitable[V]]) -> V:
        """The kept value of ``key``, else the result of the read under way, else of ``read()``."""
        try:
            return self._kept[key]  # no await on a hit: the click path costs nothing more
        except KeyError:
            pass
        reading = self._reading.get(key)
        if reading is None:
            reading = asyncio.ensure_future(read())
            self._reading[key] = reading
            reading.add_done_callback(lambda done: self._settle(key, done))
        return await asyncio.shield(reading)

    def put(self, key: K, value: V) -> None:
        """Keeps ``value``, known without a read (e.g. just written)."""
        self._kept[key] = value

    def forget(self, key: K) -> None:
        """Drops the key's value, and the result of any read of it under way."""
        self._kept.pop(key, None)
        self._reading.pop(key, None)

    def forget_if(self, key: K, value: V) -> None:
        """Drops the key's value if it still is ``value`` (a read nobody has replaced yet)."""
        if self._kept.get(key) is value:
            del self._kept[key]

    def _settle(self, key: K, done: asyncio.Future[V]) -> None:
        if self._reading.get(key) is not done:  # forgotten meanwhile: not kept
            return
        del self._reading[key]
        if not done.cancelled() and done.exception() is None and self._keep(done.result()):
            self._kept[key] = done.result()
