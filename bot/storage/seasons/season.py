"""Seasons in the database: started (at most one running per server), ended once (by a
moderator, or at its end by whichever process's pass comes first: a conditional update hands
each ended season to exactly one), and its final standings claimed for posting by one process
at a time until one records the message.

The season an answer counts for is read in the transaction that settles it
(``running_season_for_settle``, bot/storage/rounds/settle.py); on PostgreSQL that read holds the
season's row against an end committing meanwhile, so no answer joins a board after it ended.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Row, func, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.seasons.season import Season
from bot.quiz.shards.served import ServedShards
from bot.storage.claims import claim_owed
from bot.storage.database import Database
from bot.storage.models import SeasonRow, seasons_table

LOCK_SPACE = 0x51555353  # the advisory locks of seasons ("QUSS")
CLAIM_LIFETIME = timedelta(minutes=5)  # a claim to post the final standings, if its process died
MAX_LISTED = 25  # seasons offered as one types a name: Discord's most choices
_COLUMNS = [
    column
    for column in seasons_table.c
    if column.name not in {"name_key", "standings_claimed_at", "standings_message_id"}
]


async def start_season(db: Database, season: Season) -> Season | str:
    """Stores the season as running; a refusal key if one runs already or the name is taken."""
    async with db.write() as connection:
        if db.dialect == "postgresql":
            lock = func.pg_advisory_xact_lock(LOCK_SPACE, season.guild_id % 2**31)
            await connection.execute(select(lock))
        if await _running(connection, season.guild_id) is not None:
            return "season.running"
        if await _named(connection, season.guild_id, season.name) is not None:
            return "season.name_taken"
        values = {
            "guild_id": season.guild_id,
            "name": season.name,
            "name_key": season.name.casefold(),
            "started_at": season.started_at,
            "started_by": season.started_by,
            "channel_id": season.channel_id,
            "ends_at": season.ends_at,
        }
        inserted = await connection.execute(seasons_table.insert().values(values))
        key = inserted.inserted_primary_key
        assert key is not None  # noqa: S101  # an insert has its key
        return await _by_id(connection, int(key[0]))


async def end_season(db: Database, guild_id: int, now: datetime) -> Season | None:
    """Ends the server's running season now; None if none runs (or another end came first)."""
    async with db.write() as connection:
        running = await _running(connection, guild_id)
        if running is None:
            return None
        ended = await connection.execute(
            update(SeasonRow)
            .where(SeasonRow.id == running.id, SeasonRow.ended_at.is_(None))
            .values(ended_at=now)
            .returning(*_COLUMNS)
        )
        row = ended.one_or_none()
    return None if row is None else _season(row)


async def end_due_seasons(db: Database, now: datetime) -> list[Season]:
    """Ends every season whose end has come, at its end (not at this pass's time); each is
    returned to one caller only, across processes."""
    due = (SeasonRow.ended_at.is_(None), SeasonRow.ends_at <= now)
    async with db.read() as connection:  # most passes find none: no write lock for them
        if await connection.scalar(select(SeasonRow.id).where(*due).limit(1)) is None:
            return []
    async with db.write() as connection:
        ended = await connection.execute(
            update(SeasonRow)
            .where(SeasonRow.ended_at.is_(None), SeasonRow.ends_at <= now)
            .values(ended_at=SeasonRow.ends_at)
            .returning(*_COLUMNS)
        )
        return [_season(row) for row in ended.all()]


async def claim_standings(
    db: Database, now: datetime, shards: ServedShards, present: Callable[[int], bool]
) -> list[Season]:
    """Ended seasons of the servers on ``shards`` the bot is in (``present``) whose final
    standings are not posted, each claimed for this caller for ``CLAIM_LIFETIME`` (a claim of a
    process that died lapses)."""
    owed = (SeasonRow.ended_at.is_not(None), SeasonRow.standings_message_id.is_(None))
    rows = await claim_owed(
        db,
        seasons_table,
        owed=owed,
        shards=shards,
        present=present,
        now=now,
        lifetime=CLAIM_LIFETIME,
        claimed_at="standings_claimed_at",
    )
    return [_season(row) for row in rows]


async def standings_posted(db: Database, season: Season, message_id: int) -> None:
    async with db.write() as connection:
        await connection.execute(
            update(SeasonRow)
            .where(SeasonRow.id == season.id)
            .values(standings_message_id=message_id)
        )


async def next_end(db: Database) -> datetime | None:
    """The soonest end of a running season with one, in any server."""
    async with db.read() as connection:
        found = await connection.scalar(
            select(func.min(SeasonRow.ends_at)).where(SeasonRow.ended_at.is_(None))
        )
    return found if isinstance(found, datetime) else None


async def running_season(db: Database, guild_id: int) -> Season | None:
    async with db.read() as connection:
        return await _running(connection, guild_id)


async def season_by_id(db: Database, guild_id: int, season_id: int) -> Season | None:
    async with db.read() as connection:
        row = (
            await connection.execute(
                select(*_COLUMNS).where(SeasonRow.id == season_id, SeasonRow.guild_id == guild_id)
            )
        ).one_or_none()
    return None if row is None else _season(row)


async def season_named(db: Database, guild_id: int, name: str) -> Season | None:
    async with db.read() as connection:
        return await _named(connection, guild_id, name)


async def seasons_of(db: Database, guild_id: int, typed: str = "") -> list[Season]:
    """The server's seasons whose name holds ``typed``, newest first, at most ``MAX_LISTED``."""
    async with db.read() as connection:
        rows = await connection.execute(
            select(*_COLUMNS)
            .where(SeasonRow.guild_id == guild_id)
            .where(SeasonRow.name_key.contains(typed.casefold(), autoescape=True))
            .order_by(SeasonRow.id.desc())
            .limit(MAX_LISTED)
        )
        return [_season(row) for row in rows.all()]


def running_season_for_settle(connection: Connection, guild_id: int) -> Season | None:
    """The server's running season, read in a settling transaction (see the module docstring)."""
    query = select(*_COLUMNS).where(SeasonRow.guild_id == guild_id, SeasonRow.ended_at.is_(None))
    if connection.dialect.name == "postgresql":
        query = query.with_for_update(read=True)
    row = connection.execute(query).one_or_none()
    return None if row is None else _season(row)


async def _running(connection: AsyncConnection, guild_id: int) -> Season | None:
    row = (
        await connection.execute(
            select(*_COLUMNS).where(SeasonRow.guild_id == guild_id, SeasonRow.ended_at.is_(None))
        )
    ).one_or_none()
    return None if row is None else _season(row)


async def _named(connection: AsyncConnection, guild_id: int, name: str) -> Season | None:
    row = (
        await connection.execute(
            select(*_COLUMNS).where(
                SeasonRow.guild_id == guild_id,
                SeasonRow.name_key == name.strip().casefold(),
            )
        )
    ).first()
    return None if row is None else _season(row)


async def _by_id(connection: AsyncConnection, season_id: int) -> Season:
    row = (await connection.execute(select(*_COLUMNS).where(SeasonRow.id == season_id))).one()
    return _season(row)


def _season(row: Row[Any]) -> Season:
    return Season(
        id=row.id,
        guild_id=row.guild_id,
        name=row.name,
        started_at=row.started_at,
        started_by=row.started_by,
        channel_id=row.channel_id,
        ends_at=row.ends_at,
        ended_at=row.ended_at,
    )
