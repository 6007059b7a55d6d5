"""Leaderboards from the score tables: pages in standings order, ranks shared by equal points."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.scoring import ALL_PACKS, Period, period_key
from bot.storage.database import Database
from bot.storage.models import ScoreCountRow, ScoreRow
from bot.storage.results import LeaderboardPage, Standing

MAX_PAGE = 50


async def leaderboard(
    db: Database,
    *,
    guild_id: int,
    period: Period,
    now: datetime,
    pack_id: str | None = None,
    offset: int = 0,
    limit: int = 10,
) -> LeaderboardPage:
    """One page of a server's board: most points first, then least time on correct answers."""
    if not 0 < limit <= MAX_PAGE or offset < 0:
        raise ValueError(f"a page holds 1-{MAX_PAGE} entries from offset 0 on")
    key = (guild_id, period_key(period, now), pack_id or ALL_PACKS)
    async with db.read() as connection:
        rows = (
            await connection.execute(
                select(ScoreRow.member_id, ScoreRow.points, ScoreRow.answered, ScoreRow.correct_ms)
                .where(*_board(ScoreRow, key))
                .order_by(ScoreRow.points.desc(), ScoreRow.correct_ms, ScoreRow.member_id)
                .offset(offset)
                .limit(limit)
            )
        ).all()
        counts = await _counts_by_points(connection, key)
    entries = tuple(
        Standing(_rank(counts, points), member_id, points, answered, correct_ms)
        for member_id, points, answered, correct_ms in rows
    )
    return LeaderboardPage(key[1], pack_id, entries, offset, sum(counts.values()))


async def member_rank(
    db: Database,
    *,
    guild_id: int,
    member_id: int,
    period: Period,
    now: datetime,
    pack_id: str | None = None,
) -> Standing | None:
    """The member's own line on the board, or None if they have not answered in it."""
    key = (guild_id, period_key(period, now), pack_id or ALL_PACKS)
    async with db.read() as connection:
        row = (
            await connection.execute(
                select(ScoreRow.points, ScoreRow.answered, ScoreRow.correct_ms).where(
                    *_board(ScoreRow, key), ScoreRow.member_id == member_id
                )
            )
        ).one_or_none()
        if row is None:
            return None
        rank = await _rank_of_points(connection, key, row[0])
    return Standing(rank, member_id, row[0], row[1], row[2])


async def member_position(
    db: Database,
    *,
    guild_id: int,
    member_id: int,
    period: Period,
    now: datetime,
    pack_id: str | None = None,
) -> int:
    """The member's 1-based place in standings order (ties broken by time, then id); 0 if absent."""
    key = (guild_id, period_key(period, now), pack_id or ALL_PACKS)
    async with db.read() as connection:
        row = (
            await connection.execute(
                select(ScoreRow.points, ScoreRow.correct_ms).where(
                    *_board(ScoreRow, key), ScoreRow.member_id == member_id
                )
            )
        ).one_or_none()
        if row is None:
            return 0
        points, correct_ms = row
        ahead = await connection.scalar(
            select(func.count()).where(
                *_board(ScoreRow, key),
                (ScoreRow.points > points)
                | ((ScoreRow.points == points) & (ScoreRow.correct_ms < correct_ms))
                | (
                    (ScoreRow.points == points)
                    & (ScoreRow.correct_ms == correct_ms)
                    & (ScoreRow.member_id < member_id)
                ),
            )
        )
    return 1 + int(ahead or 0)


def _board(
    table: type[ScoreRow] | type[ScoreCountRow], key: tuple[int, str, str]
) -> tuple[ColumnElement[bool], ...]:
    return (table.guild_id == key[0], table.period == key[1], table.pack_id == key[2])


async def _rank_of_points(
    connection: AsyncConnection, key: tuple[int, str, str], points: int
) -> int:
    """1 + the members with more points: a sum over distinct point values, not over members."""
    above = await connection.scalar(
        select(func.coalesce(func.sum(ScoreCountRow.members), 0)).where(
            *_board(ScoreCountRow, key), ScoreCountRow.points > points
        )
    )
    return 1 + int(above or 0)


async def _counts_by_points(
    connection: AsyncConnection, key: tuple[int, str, str]
) -> dict[int, int]:
    """Members per point value on the board: as many rows as distinct scores, not members."""
    rows = await connection.execute(
        select(ScoreCountRow.points, ScoreCountRow.members).where(*_board(ScoreCountRow, key))
    )
    return dict(rows.all())


def _rank(counts: dict[int, int], points: int) -> int:
    return 1 + sum(members for other, members in counts.items() if other > points)
