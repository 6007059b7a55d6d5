"""What `/stats` shows of a member's learning per pack: the retention they reached in the last
30 days beside the target that applies there, and the reviews of the next 30 days."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.packs.server_packs import guild_of
from bot.quiz.review import retention, scheduling
from bot.quiz.review.targets import deciding_server
from bot.quiz.stats.forecast import Forecast, ForecastCard, forecast
from bot.quiz.stats.reached import WINDOW_DAYS, LoggedAnswer, Reached, reached_retention
from bot.storage.database import Database
from bot.storage.models import CardRow, PackRow, QuestionRow, ReviewLogRow
from bot.storage.review.cards import REVIEW_SOURCE
from bot.storage.review.due_queue import active_cards
from bot.storage.settings.pack_retention import targets_of_member
from bot.storage.settings.settings import read_member_settings


@dataclass(frozen=True, slots=True)
class LearningOutlook:
    """Per pack reached retention and the target that applies; the forecast over all packs."""

    reached: Mapping[str, Reached]
    targets: Mapping[str, int]  # percent, for every pack reached or begun
    forecast: Forecast


async def learning_outlook(
    db: Database, member_id: int, now: datetime, *, guild_id: int | None
) -> LearningOutlook:
    """``guild_id``: where /stats runs (None: a DM), whose defaults apply to shipped packs."""
    async with db.read() as connection:
        settings = await read_member_settings(connection, member_id)
        zone = ZoneInfo(settings.time_zone)
        answers = await _logged(connection, member_id, now, zone)
        cards = await _cards(connection, member_id)
        unseen = await _unseen(connection, member_id)
        packs = {*unseen, *(a.pack_id for a in answers), *(c.pack_id for c in cards)}
        servers = {pack: deciding_server(guild_of(pack), guild_id) for pack in packs}
        wanted = {(server, pack) for pack, server in servers.items() if server is not None}
        targets = await targets_of_member(connection, member_id, wanted)
    percents = {pack: targets.percent_for(pack, servers[pack]) for pack in sorted(packs)}
    policies = {pack: retention.policy_for(percent) for pack, percent in percents.items()}
    ahead = await asyncio.to_thread(
        forecast,
        cards,
        unseen,
        daily_new=settings.daily_new_limit,
        now=now,
        zone=zone,
        policies=policies,
    )
    return LearningOutlook(reached_retention(answers), percents, ahead)


async def _logged(
    connection: AsyncConnection, member_id: int, now: datetime, zone: ZoneInfo
) -> list[LoggedAnswer]:
    """The member's answers of the window, oldest first, each with whether its card was met
    before it."""
    logs = ReviewLogRow
    first = (
        select(logs.pack_id, logs.question_id, func.min(logs.reviewed_at).label("first_at"))
        .where(logs.member_id == member_id)
        .group_by(logs.pack_id, logs.question_id)
        .subquery()
    )
    rows = await connection.execute(
        select(logs.pack_id, logs.question_id, logs.rating, logs.reviewed_at, logs.source)
        .add_columns(first.c.first_at)
        .join(first, (first.c.pack_id == logs.pack_id) & (first.c.question_id == logs.question_id))
        .where(logs.member_id == member_id, logs.reviewed_at >= now - timedelta(days=WINDOW_DAYS))
        .order_by(logs.reviewed_at, logs.id)
    )
    again = int(scheduling.Rating.Again)
    return [
        LoggedAnswer(
            pack,
            question,
            scheduling.as_utc(at).astimezone(zone).date(),
            correct=rating != again,
            from_review=source == REVIEW_SOURCE,
            met_before=scheduling.as_utc(at) > scheduling.as_utc(first_at),
        )
        for pack, question, rating, at, source, first_at in rows
    ]


async def _cards(connection: AsyncConnection, member_id: int) -> list[ForecastCard]:
    """The cards a review can show, as FSRS holds them."""
    rows = await connection.execute(
        active_cards(member_id, None).add_columns(
            CardRow.state, CardRow.step, CardRow.stability, CardRow.difficulty, CardRow.last_review
        )
    )
    return [
        ForecastCard(
            pack,
            scheduling.Card(
                card_id=0,
                state=scheduling.State(state),
                step=step,
                stability=stability,
                difficulty=difficulty,
                due=scheduling.as_utc(due),
                last_review=None if last is None else scheduling.as_utc(last),
            ),
        )
        for pack, _question, due, state, step, stability, difficulty, last in rows
    ]


async def _unseen(connection: AsyncConnection, member_id: int) -> dict[str, int]:
    """Each begun pack's active questions the member has no card for."""
    has_card = (
        select(CardRow.question_id)
        .where(
            CardRow.member_id == member_id,
            CardRow.pack_id == QuestionRow.pack_id,
            CardRow.question_id == QuestionRow.question_id,
        )
        .exists()
    )
    begun = select(CardRow.pack_id).where(CardRow.member_id == member_id).distinct()
    rows = await connection.execute(
        select(QuestionRow.pack_id, func.count())
        .join(PackRow, PackRow.id == QuestionRow.pack_id)
        .where(QuestionRow.pack_id.in_(begun.scalar_subquery()), QuestionRow.active)
        .where(PackRow.active, ~has_card)
        .group_by(QuestionRow.pack_id)
    )
    return dict(rows.all())
