"""A member's own numbers: answers, accuracy, rounds, streak, mastery per pack, next review."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.boards.scoring import current_streak
from bot.quiz.review import scheduling
from bot.quiz.review.session import next_review_from
from bot.storage.database import Database
from bot.storage.models import AnswerRow, CardRow, QuestionRow, ReviewLogRow
from bot.storage.results import MemberStats, PackMastery
from bot.storage.review.review_step import next_review
from bot.storage.settings.settings import member_settings

# A streak longer than this is reported as this; it bounds the rows read.
STREAK_HORIZON_DAYS = 400


async def member_stats(
    db: Database, member_id: int, now: datetime, *, guild_id: int | None = None
) -> MemberStats:
    """With ``guild_id``, answers, accuracy and rounds count that server's rounds only; the
    streak, mastery and next review are the member's own, from reviews in every server."""
    settings = await member_settings(db, member_id)
    zone = ZoneInfo(settings.time_zone)
    answered_here = [AnswerRow.member_id == member_id]
    if guild_id is not None:
        answered_here.append(AnswerRow.guild_id == guild_id)
    async with db.read() as connection:
        answers, correct, rounds = (
            await connection.execute(
                select(
                    func.count(),
                    func.count().filter(AnswerRow.correct.is_(True)),
                    func.count(AnswerRow.round_id.distinct()),
                ).where(*answered_here)
            )
        ).one()
        reviewed = await connection.scalars(
            select(ReviewLogRow.reviewed_at).where(
                ReviewLogRow.member_id == member_id,
                ReviewLogRow.reviewed_at >= now - timedelta(days=STREAK_HORIZON_DAYS),
            )
        )
        days = {moment.astimezone(zone).date() for moment in reviewed}
        packs = await _mastery(connection, member_id)
    next_due = next_review_from(await next_review(db, member_id, now))
    return MemberStats(
        member_id=member_id,
        answers=answers,
        correct=correct,
        rounds=rounds,
        streak_days=current_streak(days, now.astimezone(zone).date(), settings.study_plan.is_away),
        packs=packs,
        next_review_due=next_due,
    )


async def _mastery(connection: AsyncConnection, member_id: int) -> tuple[PackMastery, ...]:
    """Per begun pack: active questions, how many the member has seen, how many mastered."""
    cards = await connection.execute(
        select(CardRow.pack_id, CardRow.state, CardRow.stability)
        .join(
            QuestionRow,
            (QuestionRow.pack_id == CardRow.pack_id)
            & (QuestionRow.question_id == CardRow.question_id),
        )
        .where(CardRow.member_id == member_id, QuestionRow.active)
    )
    seen: dict[str, int] = {}
    mastered: dict[str, int] = {}
    for pack_id, state, stability in cards:
        seen[pack_id] = seen.get(pack_id, 0) + 1
        if scheduling.is_mastered(scheduling.State(state), stability):
            mastered[pack_id] = mastered.get(pack_id, 0) + 1
    per_pack = await connection.execute(
        select(QuestionRow.pack_id, func.count())
        .where(QuestionRow.pack_id.in_(seen), QuestionRow.active)
        .group_by(QuestionRow.pack_id)
    )
    sizes = dict(per_pack.all())
    return tuple(
        PackMastery(pack_id, sizes.get(pack_id, 0), seen[pack_id], mastered.get(pack_id, 0))
        for pack_id in sorted(seen)
    )
