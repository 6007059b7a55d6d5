"""The personal review queue: due learning cards, then due reviews, then new questions."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import ColumnElement, Connection, Select, case, exists, func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz import scheduling
from bot.storage.cards import REVIEW_SOURCE, CardReview, review_cards
from bot.storage.database import Database
from bot.storage.models import CardRow, PackRow, QuestionRow
from bot.storage.results import ReviewCard, ReviewOutcome, ReviewQueue
from bot.storage.settings import read_member_settings

_QUESTION_OF_CARD = (CardRow.pack_id == QuestionRow.pack_id) & (
    CardRow.question_id == QuestionRow.question_id
)


async def next_review(
    db: Database, member_id: int, now: datetime, pack_id: str | None = None
) -> ReviewQueue:
    """The card to show now, else when one falls due.

    New questions come from ``pack_id``, or, without it, from packs the member has begun.
    """
    async with db.read() as connection:
        settings = await read_member_settings(connection, member_id)
        due = await _first_due(connection, member_id, now, pack_id)
        if due is not None:
            return ReviewQueue(due, None)
        zone = ZoneInfo(settings.time_zone)
        day_start = scheduling.local_day_start(now, zone)
        introduced = await _introduced_since(connection, member_id, day_start)
        fresh = await _first_new(connection, member_id, now, pack_id)
        if fresh is not None and introduced < settings.daily_new_limit:
            return ReviewQueue(fresh, None)
        next_due = await _next_due(connection, member_id, pack_id)
    if fresh is not None:  # over today's new limit: new questions resume tomorrow
        tomorrow = scheduling.local_day_start(
            day_start + timedelta(hours=36), ZoneInfo(settings.time_zone)
        )
        next_due = tomorrow if next_due is None else min(next_due, tomorrow)
    return ReviewQueue(None, next_due)


async def grade_review(
    db: Database,
    *,
    member_id: int,
    pack_id: str,
    question_id: str,
    option_index: int,
    response_ms: int,
    now: datetime,
) -> ReviewOutcome:
    """Grade a review answer (wrong: Again, right: Good) and reschedule the card."""

    def grade(connection: Connection) -> tuple[bool, scheduling.Card]:
        correct_index = connection.scalar(
            select(QuestionRow.correct_index).where(
                QuestionRow.pack_id == pack_id, QuestionRow.question_id == question_id
            )
        )
        if correct_index is None:
            raise ValueError(f"no question {pack_id}/{question_id}")
        correct = option_index == correct_index
        review = CardReview(
            member_id, pack_id, question_id, correct, response_ms, now, REVIEW_SOURCE
        )
        return correct, review_cards(connection, db.dialect, [review])[review.key]

    correct, card = await db.run_in_transaction(grade)
    return ReviewOutcome(pack_id, question_id, correct, card.state.name.lower(), card.due)


def _active_cards(member_id: int, pack_id: str | None) -> Select[str, str, datetime]:
    query = (
        select(CardRow.pack_id, CardRow.question_id, CardRow.due)
        .join(QuestionRow, _QUESTION_OF_CARD)
        .join(PackRow, PackRow.id == CardRow.pack_id)
        .where(CardRow.member_id == member_id, QuestionRow.active, PackRow.active)
    )
    return query if pack_id is None else query.where(CardRow.pack_id == pack_id)


async def _first_due(
    connection: AsyncConnection, member_id: int, now: datetime, pack_id: str | None
) -> ReviewCard | None:
    learning_first = case((CardRow.state == int(scheduling.State.Review), 1), else_=0)
    row = (
        await connection.execute(
            _active_cards(member_id, pack_id)
            .where(CardRow.due <= now)
            .order_by(learning_first, CardRow.due)
            .limit(1)
        )
    ).one_or_none()
    return None if row is None else ReviewCard(member_id, row[0], row[1], is_new=False, due=row[2])


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
    connection: AsyncConnection, member_id: int, now: datetime, pack_id: str | None
) -> ReviewCard | None:
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
            .where(packs, QuestionRow.active, PackRow.active, ~has_card)
            .order_by(QuestionRow.pack_id, QuestionRow.position)
            .limit(1)
        )
    ).one_or_none()
    return None if row is None else ReviewCard(member_id, row[0], row[1], is_new=True, due=now)


async def _next_due(
    connection: AsyncConnection, member_id: int, pack_id: str | None
) -> datetime | None:
    row = (
        await connection.execute(_active_cards(member_id, pack_id).order_by(CardRow.due).limit(1))
    ).one_or_none()
    return None if row is None else row[2]
