"""Leaderboards from the score tables: pages in standings order, ranked by
bot.quiz.boards.standings."""

from __future__ import annotations

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.boards.scoring import ALL_PACKS, parse_period_key
from bot.quiz.boards.standings import (
    Score,
    Standing,
    first_ms_shown_as,
    is_listed,
    rank_listed,
    shown_tenths,
)
from bot.storage.database import Database
from bot.storage.models import ScoreCountRow, ScoreRow
from bot.storage.results import LeaderboardPage

MAX_PAGE = 50


async def leaderboard(
    db: Database,
    *,
    guild_id: int,
    period_key: str,
    pack_id: str | None = None,
    offset: int = 0,
    limit: int = 10,
) -> LeaderboardPage:
    """One page of a server's board of one period (its key: ``all``, ``2026-W48``, ``2026-11``)
    in standings order; members without points are counted only."""
    if not 0 < limit <= MAX_PAGE or offset < 0:
        raise ValueError(f"a page holds 1-{MAX_PAGE} entries from offset 0 on")
    key = _board_key(guild_id, period_key, pack_id)
    async with db.read() as connection:
        rows = (
            await connection.execute(
                select(ScoreRow.member_id, ScoreRow.points, ScoreRow.answered, ScoreRow.correct_ms)
                .where(*_board(ScoreRow, key), ScoreRow.points > 0)
                .order_by(ScoreRow.points.desc(), ScoreRow.correct_ms, ScoreRow.member_id)
                .offset(offset)
                .limit(limit)
            )
        ).all()
        scores = [Score(*row) for row in rows]
        first_rank = await _rank_of(connection, key, scores[0]) if scores else None
        counts = await _counts_by_points(connection, key)
    entries = rank_listed(scores, position=offset + 1, first_rank=first_rank)
    listed = sum(members for points, members in counts.items() if points > 0)
    return LeaderboardPage(key[1], pack_id, entries, offset, listed, sum(counts.values()))


async def member_rank(
    db: Database,
    *,
    guild_id: int,
    member_id: int,
    period_key: str,
    pack_id: str | None = None,
) -> tuple[Standing, int] | None:
    """The member's own line on the board of one period (its key) and its 1-based place in
    standings order; None if they are not listed (no answers, or none right)."""
    key = _board_key(guild_id, period_key, pack_id)
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
        score = Score(member_id, *row)
        if not is_listed(score):
            return None
        rank = await _rank_of(connection, key, score)
        # Its place: after those ranked ahead and those of its tie listed before it.
        tied_before = await connection.scalar(
            select(func.count()).where(
                *_board(ScoreRow, key),
                ScoreRow.points == score.points,
                ScoreRow.correct_ms >= first_ms_shown_as(shown_tenths(score.correct_ms)),
                (ScoreRow.correct_ms < score.correct_ms)
                | ((ScoreRow.correct_ms == score.correct_ms) & (ScoreRow.member_id < member_id)),
            )
        )
    standing = Standing(rank, member_id, score.points, score.answered, score.correct_ms)
    return standing, rank + int(tied_before or 0)


def _board_key(guild_id: int, period_key: str, pack_id: str | None) -> tuple[int, str, str]:
    parse_period_key(period_key)  # a key of no period would read an empty board, silently
    return (guild_id, period_key, pack_id or ALL_PACKS)


def _board(
    table: type[ScoreRow] | type[ScoreCountRow], key: tuple[int, str, str]
) -> tuple[ColumnElement[bool], ...]:
    return (table.guild_id == key[0], table.period == key[1], table.pack_id == key[2])


async def _rank_of(connection: AsyncConnection, key: tuple[int, str, str], score: Score) -> int:
    """1 + the members strictly ahead: those with more points (a sum over distinct point values,
    not over members), then those with as many points in less time as shown (one point value's
    range of the standings index)."""
    more_points = await connection.scalar(
        select(func.coalesce(func.sum(ScoreCountRow.members), 0)).where(
            *_board(ScoreCountRow, key), ScoreCountRow.points > score.points
        )
    )
    faster = await connection.scalar(
        select(func.count()).where(
            *_board(ScoreRow, key),
            ScoreRow.points == score.points,
            ScoreRow.correct_ms < first_ms_shown_as(shown_tenths(score.correct_ms)),
        )
    )
    return 1 + int(more_points or 0) + int(faster or 0)


async def _counts_by_points(
    connection: AsyncConnection, key: tuple[int, str, str]
) -> dict[int, int]:
    """Members per point value on the board: as many rows as distinct scores, not members."""
    rows = await connection.execute(
        select(ScoreCountRow.points, ScoreCountRow.members).where(*_board(ScoreCountRow, key))
    )
    return dict(rows.all())
