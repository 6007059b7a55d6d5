"""The series behind the `/stats` chart: a member's answers per week in one server, and their
reviews due per day over the coming days, both in the member's own time zone."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import select

from bot.quiz.stats.progress import (
    CHART_DAYS,
    CHART_WEEKS,
    Progress,
    due_per_day,
    first_charted_day,
    weekly_tallies,
)
from bot.storage.database import Database
from bot.storage.models import AnswerRow, CardRow
from bot.storage.review.due_queue import active_cards
from bot.storage.settings.settings import member_settings


async def member_progress(
    db: Database,
    member_id: int,
    now: datetime,
    *,
    guild_id: int | None,
    weeks: int = CHART_WEEKS,
    days: int = CHART_DAYS,
) -> Progress:
    """Answers are the member's round answers in ``guild_id`` (None: in every server), like
    the answers and accuracy `/stats` shows beside the chart; reviews are private and are not
    among them. Reviews due are the member's own, in every server, as the review queue has
    them."""
    zone = ZoneInfo((await member_settings(db, member_id)).time_zone)
    today = now.astimezone(zone).date()
    since = datetime.combine(first_charted_day(today, weeks), time(), zone)
    until = datetime.combine(today + timedelta(days=days), time(), zone)
    async with db.read() as connection:
        answered_here = [AnswerRow.member_id == member_id, AnswerRow.answered_at >= since]
        if guild_id is not None:
            answered_here.append(AnswerRow.guild_id == guild_id)
        answered = await connection.execute(
            select(AnswerRow.answered_at, AnswerRow.correct).where(*answered_here)
        )
        answer_days = [(moment.astimezone(zone).date(), right) for moment, right in answered]
        due = await connection.scalars(
            active_cards(member_id, None).with_only_columns(CardRow.due).where(CardRow.due < until)
        )
        due_days = [moment.astimezone(zone).date() for moment in due]
    return Progress(weekly_tallies(answer_days, today, weeks), due_per_day(due_days, today, days))
