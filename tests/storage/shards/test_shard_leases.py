"""Shard leases: one process holds a shard at a time, renews it, loses it only once it expired,
and hands it over at once when it stops cleanly; and the keeper of a process's shards on them."""

from __future__ import annotations

import asyncio
import time
from datetime import datetime, timedelta

import pytest
from sqlalchemy import text

from bot.app.runtime.shard_leases import IdentifyGate, ShardKeeper
from bot.storage.database import Database
from bot.storage.shards import leases
from tests.storage.factories import NOW

LEASE_S = 30.0
WINDOW_S = 2.0  # IDENTIFY's, shortened from Discord's 5 s


async def _claim(
    db: Database, owner: str, shard_count: int, shards: list[int], seconds: float
) -> frozenset[int]:
    now = NOW + timedelta(seconds=seconds)
    return await leases.claim(db, owner, shard_count, shards, now=now, lease_s=LEASE_S)


async def test_a_live_lease_keeps_a_shard_from_others(db: Database) -> None:
    assert await _claim(db, "a", 4, [0, 1], 0) == {0, 1}
    assert await _claim(db, "b", 4, [1, 2], 10) == {2}
    by_shard = await leases.leases(db, 4)
    assert {s: lease.owner for s, lease in by_shard.items()} == {0: "a", 1: "a", 2: "b"}
    assert by_shard[0].expires_at == NOW + timedelta(seconds=LEASE_S)
    assert await leases.leases(db, 8) == {}  # another shard count has its own leases


async def test_renewed_leases_last_and_an_expired_one_is_taken_over(db: Database) -> None:
    await _claim(db, "a", 4, [0, 1], 0)
    assert await leases.renew(db, "a", 4, NOW + timedelta(seconds=20), LEASE_S) == {0, 1}
    assert await _claim(db, "b", 4, [0], 45) == set()
    assert await _claim(db, "b", 4, [0], 50) == {0}
    assert await leases.renew(db, "a", 4, NOW + timedelta(seconds=55), LEASE_S) == {1}


async def test_two_processes_racing_for_a_shard_get_it_once(db: Database) -> None:
    won = await asyncio.gather(*(_claim(db, name, 2, [0, 1], 0) for name in "abcd"))
    holders = [shard for shards in won for shard in shards]
    assert sorted(holders) == [0, 1]


async def test_a_clean_stop_hands_the_shards_over_at_once(db: Database) -> None:
    await _claim(db, "a", 4, [3], 0)
    await leases.release(db, "a", 4, NOW + timedelta(seconds=5))
    assert await _claim(db, "b", 4, [3], 5) == {3}


class Clock:
    """The keepers' time, moved by the test."""

    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def _keeper(
    db: Database, clock: Clock, wanted: tuple[int, ...] | None, share: int = 2
) -> ShardKeeper:
    return ShardKeeper(db, clock, shard_count=4, wanted=wanted, share=share, lease_s=LEASE_S)


async def test_listed_shards_wait_for_a_live_holder_and_follow_it_once_it_is_gone(
    db: Database,
) -> None:
    clock = Clock()
    first, restarted = _keeper(db, clock, (2, 3)), _keeper(db, clock, (2, 3))
    assert await first.keep() == {2, 3}
    assert await restarted.keep() == set()  # the old process still renews
    clock.advance(LEASE_S - 1)
    await first.keep()
    clock.advance(LEASE_S - 1)
    assert await restarted.keep() == set()
    assert first.serves_guild(2 << 22)
    assert not first.serves_guild(1 << 22)
    clock.advance(2)  # the old process died after its last renewal
    assert await restarted.keep() == {2, 3}
    assert await first.keep() == set()  # were it only paused, it now knows
    assert first.held == set()


async def test_an_auto_process_takes_its_share_then_the_shards_of_one_that_died(
    db: Database,
) -> None:
    clock = Clock()
    survivor, doomed = _keeper(db, clock, None), _keeper(db, clock, (2, 3))
    assert await survivor.keep() == {0, 1}
    assert await doomed.keep() == {2, 3}
    assert survivor.serves_direct_messages()
    assert not doomed.serves_direct_messages()
    for _ in range(2):
        clock.advance(survivor.interval_s)
        assert await survivor.keep() == set()  # the other renews nothing, yet its lease runs
    clock.advance(LEASE_S)
    assert await survivor.keep() == {2, 3}
    assert survivor.held == {0, 1, 2, 3}


async def test_a_clean_stop_hands_the_shards_to_a_waiting_process(db: Database) -> None:
    clock = Clock()
    leaving, waiting = _keeper(db, clock, (0,)), _keeper(db, clock, (0,))
    await leaving.keep()
    assert await waiting.keep() == set()
    await leaving.shutdown()
    assert await waiting.keep() == {0}


@pytest.mark.parametrize("template", ["postgresql"], indirect=True)
async def test_identify_waits_for_its_bucket_across_processes(database_url: str) -> None:
    """max_concurrency 2: shards 0 and 2 share bucket 0, shard 1 has bucket 1 to itself."""
    first, second = Database.open(database_url), Database.open(database_url)  # two processes
    gates = IdentifyGate(first, 2, WINDOW_S), IdentifyGate(second, 2, WINDOW_S)
    try:
        await gates[0].before_identify(0)
        taken = time.monotonic()
        await gates[1].before_identify(1)
        assert time.monotonic() - taken < WINDOW_S  # another bucket: no wait for the window
        await gates[1].before_identify(2)
        assert time.monotonic() - taken >= WINDOW_S * 0.9  # the same bucket: after the window
    finally:
        for gate in gates:
            await gate.close()
        await first.close()
        await second.close()


@pytest.mark.parametrize("template", ["postgresql"], indirect=True)
async def test_identify_holds_its_lock_outside_the_pool_clicks_use(database_url: str) -> None:
    db = Database.open(database_url)
    gate = IdentifyGate(db, 1, WINDOW_S)
    pool = db.writer.pool
    try:
        await gate.before_identify(0)  # the lock is held for the window from here
        assert pool.checkedout() == 0  # type: ignore[attr-defined]  # QueuePool's
        async with db.write() as connection:  # a click's write is not kept waiting
            await connection.execute(text("SELECT 1"))
    finally:
        await gate.close()
        await db.close()


async def test_the_heartbeat_reports_shards_taken_over_and_lost(db: Database) -> None:
    clock = Clock()
    paused = ShardKeeper(db, clock, shard_count=2, wanted=None, share=1, lease_s=1.0)
    other = ShardKeeper(db, clock, shard_count=2, wanted=(0,), lease_s=1.0)
    assert await paused.keep() == {0}
    gained: list[frozenset[int]] = []
    lost = asyncio.Event()
    paused.start(gained.append, lambda _: lost.set())
    try:
        clock.advance(2)  # say the heartbeat's database was away for longer than the lease
        assert await other.keep() == {0}
        async with asyncio.timeout(5):
            await lost.wait()
        assert paused.held == {1}  # shard 1 ran free meanwhile: an auto process takes it
        assert gained == [frozenset({1})]
    finally:
        await paused.shutdown()
