"""IDENTIFY paced across processes: one PostgreSQL advisory lock per bucket of shards.

The lock is taken in a transaction and held for as long as the caller's block runs; the database
lets it go with the transaction, or when the process holding it dies. Each hold has a connection
of its own, outside the pool that clicks and rounds draw from: a shard waiting its turn for 5 s
must not keep a click waiting for a connection.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

from bot.storage.database import Database

IDENTIFY_LOCK_SPACE = 0x51554942  # the first key of quizbot's advisory locks ("QUIB")


def identify_engine(db: Database) -> AsyncEngine:
    """An engine for the identify locks alone: a new connection per hold, closed after it."""
    return create_async_engine(db.writer.url, poolclass=NullPool)


@asynccontextmanager
async def identify_lock(engine: AsyncEngine, bucket: int) -> AsyncIterator[None]:
    """Waits for the bucket's lock, then holds it until the block ends."""
    async with engine.begin() as connection:
        await connection.execute(select(func.pg_advisory_xact_lock(IDENTIFY_LOCK_SPACE, bucket)))
        yield
