"""A member's queue of due and new cards at one moment, as a review session reads it: the first
due card (learning before review, oldest due first), the first new question, and the counts the
daily limits of new questions and of reviews are checked against."""

from __future__ import annotations

from datetime import datetime, timedelta, tzinfo
from zoneinfo import ZoneInfo

from sqlalchemy import ColumnElement, Select, case, exists, func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.review import scheduling
from bot.quiz.review.backlog import DEFAULT_BACKLOG_ORDER, in_backlog_order
from bot.quiz.review.session import CardKind, DueQueue, QueuedCard
from bot.storage.models import CardRow, PackRow, QuestionRow, ReviewLogRow
from bot.storage.packs.library import EVERYWHERE, Where, visible_packs
from bot.storage.review.cards import POLICY, REVIEW_SOURCE
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
    if settings.daily_reviews is None:
        due_now = await _first_due(connection, member_id, now, pack_id, where)
    else:  # under a limit the order matters, and the counts are told
        backlog = await _backlog(connection, member_id, now, pack_id, where, zone=zone)
        due_now, due_count = (backlog[0] if backlog else None), len(backlog)
        reviewed_today = await _reviewed_since(connection, member_id, day_start) - new_today
    return DueQueue(
        due_now=due_now,
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


async def _backlog(
    connection: AsyncConnection,
    member_id: int,
    now: datetime,
    pack_id: str | None,
    where: Where,
    *,
    zone: tzinfo,
) -> list[QueuedCard]:
    """Every card due now, in the order a daily limit offers them: learning cards first, then
    the backlog order (bot.quiz.review.backlog), which decides what waits."""
    c = CardRow
    query = active_cards(member_id, pack_id, where).where(c.due <= now)
    rows = await connection.execute(
        query.add_columns(c.state, c.stability, c.difficulty, c.last_review)
    )
    learning: list[tuple[QueuedCard, scheduling.Card]] = []
    review: list[tuple[QueuedCard, scheduling.Card]] = []
    for pack, question, due, state, stability, difficulty, last_review in rows:
        card = scheduling.Card(
            card_id=0,  # storage keys cards itself; fsrs would sleep a millisecond to make one
            state=scheduling.State(state),
            stability=stability,
            difficulty=difficulty,
            due=scheduling.as_utc(due),
            last_review=None if last_review is None else scheduling.as_utc(last_review),
        )
        kept = learning if card.state is not scheduling.State.Review else review
        kept.append((QueuedCard(pack, question, CardKind.DUE), card))
    ordered = in_backlog_order(review, DEFAULT_BACKLOG_ORDER, policy=POLICY, now=now, zone=zone)
    by_due = sorted(learning, key=lambda item: item[1].due)
    return [queued for queued, _card in (*by_due, *ordered)]


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
