"""Claims with a lease: rows that some process must act on once (post a season's final
standings, give a reward role), each handed to one process at a time. A claim records when it
was taken; a claim older than its lifetime is of a process that died, and lapses.

The first look is a read, since most passes find nothing owed and need no write lock (on SQLite,
the database's one); the claim itself is one conditional update that returns what it took, so
two processes racing never both take a row.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Row, Table, literal, select, update

from bot.storage.database import Database


async def claim_owed(
    db: Database,
    table: Table,
    *,
    owed: Sequence[ColumnElement[bool]],
    guild_ids: Sequence[int],
    now: datetime,
    lifetime: timedelta,
    claimed_at: str = "claimed_at",
) -> Sequence[Row[Any]]:
    """Claims for this caller the rows of these servers that are ``owed`` and not claimed (or
    whose claim lapsed); the rows it took, every column."""
    if not guild_ids:
        return []
    stamp = table.c[claimed_at]
    unclaimed = stamp.is_(None) | (stamp <= now - lifetime)
    wanted = (table.c.guild_id.in_(guild_ids), *owed, unclaimed)
    async with db.read() as connection:
        first = select(literal(1)).select_from(table).where(*wanted).limit(1)
        if await connection.scalar(first) is None:
            return []
    async with db.write() as connection:
        claimed = await connection.execute(
            update(table).where(*wanted).values({claimed_at: now}).returning(*table.c)
        )
        return claimed.all()
