"""bot/cache.py: one read in flight per key, shared; what is kept, and for how long."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from cachetools import LRUCache, TTLCache

from bot.cache import SharedReads


class Reads:
    """A read per call, counted, that waits for ``gate`` (open unless closed by the test)."""

    def __init__(self) -> None:
        self.count = 0
        self.gate = asyncio.Event()
        self.gate.set()
        self.started = asyncio.Event()
        self.fail_next = False

    def of(self, value: str) -> Callable[[], Awaitable[str]]:
        async def read() -> str:
            self.count += 1
            self.started.set()
            await self.gate.wait()
            if self.fail_next:
                self.fail_next = False
                raise ConnectionError("the database is away")
            return f"{value}#{self.count}"

        return read


async def test_concurrent_callers_share_one_read() -> None:
    reads = Reads()
    reads.gate.clear()
    cache: SharedReads[str, str] = SharedReads(LRUCache(8))
    burst = asyncio.gather(*(cache.get("a", reads.of("a")) for _ in range(20)))
    await asyncio.wait_for(reads.started.wait(), 5)
    reads.gate.set()
    assert await burst == ["a#1"] * 20
    assert await cache.get("a", reads.of("a")) == "a#1"  # kept: no second read
    assert reads.count == 1


async def test_a_failed_read_reaches_its_callers_and_is_not_kept() -> None:
    reads = Reads()
    reads.gate.clear()
    reads.fail_next = True
    cache: SharedReads[str, str] = SharedReads(LRUCache(8))
    burst = asyncio.gather(
        *(cache.get("a", reads.of("a")) for _ in range(3)), return_exceptions=True
    )
    await asyncio.wait_for(reads.started.wait(), 5)
    reads.gate.set()
    assert all(isinstance(result, ConnectionError) for result in await burst)
    assert await cache.get("a", reads.of("a")) == "a#2"  # read again
    assert reads.count == 2


async def test_a_value_expires_after_its_ttl_on_the_injected_clock() -> None:
    now = [0.0]
    reads = Reads()
    cache: SharedReads[str, str] = SharedReads(TTLCache(8, 10.0, timer=lambda: now[0]))
    assert await cache.get("a", reads.of("a")) == "a#1"
    now[0] = 9.9
    assert await cache.get("a", reads.of("a")) == "a#1"
    now[0] = 10.0
    assert await cache.get("a", reads.of("a")) == "a#2"


async def test_forgetting_during_a_read_keeps_nothing_of_it() -> None:
    reads = Reads()
    reads.gate.clear()
    cache: SharedReads[str, str] = SharedReads(LRUCache(8))
    early = asyncio.ensure_future(cache.get("a", reads.of("a")))
    await asyncio.wait_for(reads.started.wait(), 5)
    cache.forget("a")  # e.g. an upload changed what the read is reading
    later = asyncio.ensure_future(cache.get("a", reads.of("a")))  # a read of its own
    reads.gate.set()
    assert await early == "a#1"  # its callers still get an answer
    assert await later == "a#2"
    assert await cache.get("a", reads.of("a")) == "a#2"  # only the read after the change is kept
    assert reads.count == 2


async def test_the_least_recently_used_key_goes_first() -> None:
    reads = Reads()
    cache: SharedReads[str, str] = SharedReads(LRUCache(2))
    await cache.get("a", reads.of("a"))
    await cache.get("b", reads.of("b"))
    await cache.get("a", reads.of("a"))  # a is used again: b is now the oldest
    await cache.get("c", reads.of("c"))
    assert await cache.get("a", reads.of("a")) == "a#1"
    assert await cache.get("b", reads.of("b")) == "b#4"  # pushed out, read again
    assert reads.count == 4


async def test_one_callers_cancellation_stops_no_one_else() -> None:
    reads = Reads()
    reads.gate.clear()
    cache: SharedReads[str, str] = SharedReads(LRUCache(8))
    impatient = asyncio.ensure_future(cache.get("a", reads.of("a")))
    patient = asyncio.ensure_future(cache.get("a", reads.of("a")))
    await asyncio.wait_for(reads.started.wait(), 5)
    impatient.cancel()
    reads.gate.set()
    assert await patient == "a#1"
    with pytest.raises(asyncio.CancelledError):
        await impatient
    assert await cache.get("a", reads.of("a")) == "a#1"


async def test_results_it_is_told_not_to_keep_are_read_again() -> None:
    reads = Reads()
    cache: SharedReads[str, str] = SharedReads(LRUCache(8), keep=lambda value: value != "a#1")
    assert await cache.get("a", reads.of("a")) == "a#1"
    assert await cache.get("a", reads.of("a")) == "a#2"
    assert await cache.get("a", reads.of("a")) == "a#2"


async def test_forget_if_drops_only_the_value_it_names() -> None:
    reads = Reads()
    cache: SharedReads[str, str] = SharedReads(LRUCache(8))
    first = await cache.get("a", reads.of("a"))
    cache.forget_if("a", "something else")
    assert await cache.get("a", reads.of("a")) is first
    cache.forget_if("a", first)
    assert await cache.get("a", reads.of("a")) == "a#2"
    cache.put("b", "written")
    assert await cache.get("b", reads.of("b")) == "written"
