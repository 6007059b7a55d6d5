"""A member's queue of due and new cards at one moment, as a review session reads it: the first
due card (learning before review, oldest due first), the first new question, and the counts the
daily limits of new questions and of reviews are checked against."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import ColumnElement, Select, case, exists, func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.review import scheduling
from bot.quiz.review.session import CardKind, DueQueue, QueuedCard
from bot.storage.models import CardRow, PackRow, QuestionRow, ReviewLogRow
from bot.storage.packs.library import EVERYWHERE, Where, visible_packs
from bot.storage.review.cards import REVIEW_SOURCE
from bot.storage.review.leeches import not_leech
from bot.storage.settings.settings import read_member_settings

_QUESTION_OF_CARD = (CardRow.pack_id == QuestionRow.pack_id) & (
    CardRow.question_id == QuestionRow.question_id
)


async def due_queue(
    connection: AsyncConnection, member_id: int, now: datetime, pack_id: str | None, where: Where
) -> DueQueue:
    settings = await read_member_settings(connection, member_id)
    zone = ZoneInfo(settings.time_zone)
    day_start = scheduling.local_day_start(now, zone)
    new_today = await _introduced_since(connection, member_id, day_start)
    due_count = reviewed_today = 0
    if settings.daily_reviews is not None:  # two counts that only a limit needs
        due_count = await _due_count(connection, member_id, now, pack_id, where)
        reviewed_today = await _reviewed_since(connection, member_id, day_start) - new_today
    return DueQueue(
        due_now=await _first_due(connection, member_id, now, pack_id, where),
        first_new=await _first_new(connection, member_id, pack_id, where),
        new_today=new_today,
        daily_new_limit=settings.daily_new_limit,
        earliest_future_due=await _earliest_future_due(connection, member_id, now, pack_id, where),
        tomorrow=scheduling.local_day_start(day_start + timedelta(hours=36), zone),
        now=now,
        due_count=due_count,
        reviewed_today=reviewed_today,
        daily_review_limit=settings.daily_reviews,
    )


async def _due_count(
    connection: AsyncConnection, member_id: int, now: datetime, pack_id: str | None, where: Where
) -> int:
    query = active_cards(member_id, pack_id, where).where(CardRow.due <= now)
    count = await connection.scalar(select(func.count()).select_from(query.subquery()))
    return int(count or 0)


async def _reviewed_since(connection: AsyncConnection, member_id: int, since: datetime) -> int:
    """The member's answers in private reviews since ``since``, new questions' first ones too."""
    count = await connection.scalar(
        select(func.count()).where(
            ReviewLogRow.member_id == member_id,
            ReviewLogRow.reviewed_at >= since,
            ReviewLogRow.source == REVIEW_SOURCE,
        )
    )
    return int(count or 0)


def active_cards(
    member_id: int, pack_id: str | None, where: Where = EVERYWHERE
) -> Select[str, str, datetime]:
    """The member's cards of active questions in active packs, leeches left out: those a review
    can show."""
    query = (
        select(CardRow.pack_id, CardRow.question_id, CardRow.due)
        .join(QuestionRow, _QUESTION_OF_CARD)
        .join(PackRow, PackRow.id == CardRow.pack_id)
        .where(CardRow.member_id == member_id, QuestionRow.active, PackRow.active)
        .where(visible_packs(where), not_leech())
    )
    return query if pack_id is None else query.where(CardRow.pack_id == pack_id)


async def _first_due(
    connection: AsyncConnection, member_id: int, now: datetime, pack_id: str | None, where: Where
) -> QueuedCard | None:
    learning_first = case((CardRow.state == int(scheduling.State.Review), 1), else_=0)
    row = (
        await connection.execute(
            active_cards(member_id, pack_id, where)
            .where(CardRow.due <= now)
            .order_by(learning_first, CardRow.due)
            .limit(1)
        )
    ).one_or_none()
    return None if row is None else QueuedCard(row[0], row[1], CardKind.DUE)


async def _earliest_future_due(
    connection: AsyncConnection, member_id: int, now: datetime, pack_id: str | None, where: Where
) -> datetime | None:
    query = active_cards(member_id, pack_id, where).where(CardRow.due > now)
    row = (await connection.execute(query.order_by(CardRow.due).limit(1))).one_or_none()
    return None if row is None else row[2]


async def _introduced_since(connection: AsyncConnection, member_id: int, since: datetime) -> int:
    count = await connection.scalar(
        select(func.count()).where(
            CardRow.member_id == member_id,
            CardRow.introduced_at >= since,
            CardRow.introduced_by == REVIEW_SOURCE,
        )
    )
    return int(count or 0)


async def _first_new(
    connection: AsyncConnection, member_id: int, pack_id: str | None, where: Where
) -> QueuedCard | None:
    packs: ColumnElement[bool]
    if pack_id is None:
        begun = select(CardRow.pack_id).where(CardRow.member_id == member_id).distinct()
        packs = QuestionRow.pack_id.in_(begun.scalar_subquery())
    else:
        packs = QuestionRow.pack_id == pack_id
    has_card = exists().where(CardRow.member_id == member_id, _QUESTION_OF_CARD)
    row = (
        await connection.execute(
            select(QuestionRow.pack_id, QuestionRow.question_id)
            .join(PackRow, PackRow.id == QuestionRow.pack_id)
            .where(packs, QuestionRow.active, PackRow.active, ~has_card, visible_packs(where))
            .order_by(QuestionRow.pack_id, QuestionRow.position)
            .limit(1)
        )
    ).one_or_none()
    return None if row is None else QueuedCard(row[0], row[1], CardKind.NEW)
