"""Shard leases: which process serves which shard of the bot, claimed by conditional writes.

A process takes a shard by inserting its lease, or by a conditional UPDATE when the lease is its
own or has expired; renews its leases by heartbeat; and gives them up on a clean stop. Only one
process can win a shard at a time, on PostgreSQL as on SQLite.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from sqlalchemy import or_, select, update

from bot.quiz.shards.serving import Lease
from bot.storage.database import Database
from bot.storage.dialects import insert_for
from bot.storage.models import ShardLeaseRow, shard_leases_table


async def leases(db: Database, shard_count: int) -> dict[int, Lease]:
    """Every lease on a shard of ``shard_count``, live or expired, by shard id."""
    async with db.read() as connection:
        rows = await connection.execute(
            select(ShardLeaseRow.shard_id, ShardLeaseRow.owner, ShardLeaseRow.expires_at).where(
                ShardLeaseRow.shard_count == shard_count
            )
        )
        return {row.shard_id: Lease(row.shard_id, row.owner, row.expires_at) for row in rows}


async def claim(
    db: Database,
    owner: str,
    shard_count: int,
    shard_ids: Iterable[int],
    *,
    now: datetime,
    lease_s: float,
) -> frozenset[int]:
    """Takes each shard that is free, expired or already ``owner``'s; the ones it now holds."""
    held = {"owner": owner, "expires_at": now + timedelta(seconds=lease_s), "renewed_at": now}
    won = set()
    async with db.write() as connection:
        for shard_id in sorted(set(shard_ids)):
            key = {"shard_count": shard_count, "shard_id": shard_id}
            inserted = await connection.execute(
                insert_for(db.dialect, shard_leases_table)
                .values(**key, **held)
                .on_conflict_do_nothing()
            )
            if not inserted.rowcount:
                taken = await connection.execute(
                    update(ShardLeaseRow)
                    .where(
                        ShardLeaseRow.shard_count == shard_count,
                        ShardLeaseRow.shard_id == shard_id,
                        or_(ShardLeaseRow.owner == owner, ShardLeaseRow.expires_at <= now),
                    )
                    .values(held)
                )
                if not taken.rowcount:
                    continue
            won.add(shard_id)
    return frozenset(won)


async def renew(
    db: Database, owner: str, shard_count: int, now: datetime, lease_s: float
) -> frozenset[int]:
    """Extends every lease ``owner`` still has; the shards it holds (one taken over is gone)."""
    async with db.write() as connection:
        await connection.execute(
            update(ShardLeaseRow)
            .where(ShardLeaseRow.shard_count == shard_count, ShardLeaseRow.owner == owner)
            .values(expires_at=now + timedelta(seconds=lease_s), renewed_at=now)
        )
        ids = await connection.scalars(
            select(ShardLeaseRow.shard_id).where(
                ShardLeaseRow.shard_count == shard_count, ShardLeaseRow.owner == owner
            )
        )
        return frozenset(ids.all())


async def release(db: Database, owner: str, shard_count: int, now: datetime) -> None:
    """Ends ``owner``'s leases now, so another process may take its shards at once."""
    async with db.write() as connection:
        await connection.execute(
            update(ShardLeaseRow)
            .where(ShardLeaseRow.shard_count == shard_count, ShardLeaseRow.owner == owner)
            .values(expires_at=now)
        )
