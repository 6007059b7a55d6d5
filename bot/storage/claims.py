"""Claims with a lease: rows that some process must act on once (post a season's final
standings, give a reward role), each handed to one process at a time. A claim records when it
was taken; a claim older than its lifetime is of a process that died, and lapses.

The first look is a read of the servers with rows owed on this process's shards (a predicate on
the guild id, bot/storage/dialects.py, not a list of every served server), since most
passes find nothing owed and need no write lock (on SQLite, the database's one). Of those, only
the servers the bot is in now are claimed (``present``): a server it left, or that has not
arrived since a restart, keeps its rows unclaimed, as when the loops listed the servers the bot
was in. The claim itself is one conditional update per batch of servers that returns what it
took, so two processes racing never both take a row.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Row, Table, select, update

from bot.quiz.shards.served import ServedShards
from bot.storage.database import Database
from bot.storage.dialects import one_of, served

# Servers claimed per statement: a pass with work in more of them claims in several batches (on
# SQLite each one is a parameter; it takes at most 32,766).
CLAIM_BATCH = 1_000


async def claim_owed(
    db: Database,
    table: Table,
    *,
    owed: Sequence[ColumnElement[bool]],
    shards: ServedShards,
    present: Callable[[int], bool],
    now: datetime,
    lifetime: timedelta,
    claimed_at: str = "claimed_at",
) -> Sequence[Row[Any]]:
    """Claims for this caller the rows of the servers on ``shards`` that the bot is in
    (``present``) that are ``owed`` and not claimed (or whose claim lapsed); the rows it took,
    every column."""
    stamp = table.c[claimed_at]
    wanted = (*owed, stamp.is_(None) | (stamp <= now - lifetime))
    async with db.read() as connection:
        found = await connection.scalars(
            select(table.c.guild_id).where(served(table.c.guild_id, shards), *wanted).distinct()
        )
        guilds = sorted(guild_id for guild_id in found.all() if present(guild_id))
    if not guilds:
        return []
    taken: list[Row[Any]] = []
    async with db.write() as connection:
        for start in range(0, len(guilds), CLAIM_BATCH):
            batch = guilds[start : start + CLAIM_BATCH]
            chosen = one_of(db.dialect, table.c.guild_id, batch)
            claimed = await connection.execute(
                update(table).where(chosen, *wanted).values({claimed_at: now}).returning(*table.c)
            )
            taken.extend(claimed.all())
    return taken
