"""IDENTIFY paced across processes: one PostgreSQL advisory lock per bucket of shards.

The lock is taken in a transaction and held for as long as the caller's block runs; the database
lets it go with the transaction, or when the process holding it dies.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy import func, select

from bot.storage.database import Database

IDENTIFY_LOCK_SPACE = 0x51554942  # the first key of quizbot's advisory locks ("QUIB")


@asynccontextmanager
async def identify_lock(db: Database, bucket: int) -> AsyncIterator[None]:
    """Waits for the bucket's lock, then holds it until the block ends."""
    async with db.writer.begin() as connection:
        await connection.execute(select(func.pg_advisory_xact_lock(IDENTIFY_LOCK_SPACE, bucket)))
        yield
