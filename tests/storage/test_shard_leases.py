"""Shard leases: one process holds a shard at a time, renews it, loses it only once it expired,
and hands it over at once when it stops cleanly."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bot.storage import shard_leases
from bot.storage.database import Database
from tests.storage.factories import NOW

LEASE_S = 30.0


async def _claim(
    db: Database, owner: str, shard_count: int, shards: list[int], seconds: float
) -> frozenset[int]:
    now = NOW + timedelta(seconds=seconds)
    return await shard_leases.claim(db, owner, shard_count, shards, now=now, lease_s=LEASE_S)


async def test_a_live_lease_keeps_a_shard_from_others(db: Database) -> None:
    assert await _claim(db, "a", 4, [0, 1], 0) == {0, 1}
    assert await _claim(db, "b", 4, [1, 2], 10) == {2}
    leases = await shard_leases.leases(db, 4)
    assert {s: lease.owner for s, lease in leases.items()} == {0: "a", 1: "a", 2: "b"}
    assert leases[0].expires_at == NOW + timedelta(seconds=LEASE_S)
    assert await shard_leases.leases(db, 8) == {}  # another shard count has its own leases


async def test_renewed_leases_last_and_an_expired_one_is_taken_over(db: Database) -> None:
    await _claim(db, "a", 4, [0, 1], 0)
    assert await shard_leases.renew(db, "a", 4, NOW + timedelta(seconds=20), LEASE_S) == {0, 1}
    assert await _claim(db, "b", 4, [0], 45) == set()
    assert await _claim(db, "b", 4, [0], 50) == {0}
    assert await shard_leases.renew(db, "a", 4, NOW + timedelta(seconds=55), LEASE_S) == {1}


async def test_two_processes_racing_for_a_shard_get_it_once(db: Database) -> None:
    won = await asyncio.gather(*(_claim(db, name, 2, [0, 1], 0) for name in "abcd"))
    holders = [shard for shards in won for shard in shards]
    assert sorted(holders) == [0, 1]


async def test_a_clean_stop_hands_the_shards_over_at_once(db: Database) -> None:
    await _claim(db, "a", 4, [3], 0)
    await shard_leases.release(db, "a", 4, NOW + timedelta(seconds=5))
    assert await _claim(db, "b", 4, [3], 5) == {3}
