"""The `/stats` chart's series from the database: weeks and days in the member's time zone,
answers from one server only (or, outside a server, from every server), reviews due from every
server."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from sqlalchemy import select, update

from bot.storage.database import Database
from bot.storage.models import AnswerRow, CardRow
from bot.storage.results import MemberSettings
from bot.storage.settings.settings import save_member_settings
from bot.storage.stats.progress import member_progress
from tests.storage.factories import NOW
from tests.storage.test_packs_settings_stats import MEMBER, answer_round

# NOW is Wednesday 25 November, 12:00 UTC: Thursday 26 November, 01:00 in Auckland (UTC+13).
ZONE = "Pacific/Auckland"
LOCAL_TODAY = date(2026, 11, 26)
LOCAL_MONDAY = date(2026, 11, 23)


async def _answered_at(db: Database, guild_id: int, moments: dict[str, datetime]) -> None:
    async with db.write() as connection:
        for question_id, moment in moments.items():
            await connection.execute(
                update(AnswerRow)
                .where(AnswerRow.guild_id == guild_id, AnswerRow.question_id == question_id)
                .values(answered_at=moment)
            )


async def _due(db: Database, moments: dict[str, datetime]) -> None:
    async with db.write() as connection:
        for question_id, moment in moments.items():
            await connection.execute(
                update(CardRow)
                .where(CardRow.member_id == MEMBER, CardRow.question_id == question_id)
                .values(due=moment)
            )


async def test_weeks_follow_the_members_zone_and_server(db: Database) -> None:
    await save_member_settings(db, MemberSettings(MEMBER, 10, ZONE))
    await answer_round(db, guild_id=1, right=2, count=3)
    await answer_round(db, guild_id=2, right=3, count=3, seed=5)  # another server: not charted
    async with db.read() as connection:
        here = (
            await connection.execute(
                select(AnswerRow.question_id, AnswerRow.correct)
                .where(AnswerRow.guild_id == 1)
                .order_by(AnswerRow.question_id)
            )
        ).all()
    (sunday_utc, _), (long_ago, _), (_, _) = here
    # Sunday 22 November, 12:00 UTC is already Monday in Auckland: this week, not the last.
    await _answered_at(
        db,
        1,
        {sunday_utc: datetime(2026, 11, 22, 12, tzinfo=UTC), long_ago: NOW - timedelta(weeks=9)},
    )
    progress = await member_progress(db, MEMBER, NOW, guild_id=1)
    assert [week.week_start for week in progress.weeks][-2:] == [
        LOCAL_MONDAY - timedelta(weeks=1),
        LOCAL_MONDAY,
    ]
    this_week = progress.weeks[-1]
    expected_right = sum(right for question_id, right in here if question_id != long_ago)
    assert (this_week.answers, this_week.correct) == (2, expected_right)
    assert progress.answers == 2  # the one nine weeks ago is off the chart


async def test_outside_a_server_the_weeks_count_every_servers_answers(db: Database) -> None:
    await answer_round(db, guild_id=1, right=2, count=3)
    await answer_round(db, guild_id=2, right=3, count=3, seed=5)
    one = (await member_progress(db, MEMBER, NOW, guild_id=1)).weeks[-1]
    every = (await member_progress(db, MEMBER, NOW, guild_id=None)).weeks[-1]
    assert (one.answers, one.correct) == (3, 2)
    assert (every.answers, every.correct) == (6, 5)


async def test_reviews_due_per_local_day_from_every_server(db: Database) -> None:
    await save_member_settings(db, MemberSettings(MEMBER, 10, ZONE))
    await answer_round(db, guild_id=1, right=2, count=3)
    await answer_round(db, guild_id=2, right=3, count=3, seed=5)
    async with db.write() as connection:
        await connection.execute(update(CardRow).values(due=NOW + timedelta(days=30)))
        cards = await connection.scalars(select(CardRow.question_id).order_by(CardRow.question_id))
        overdue, later_today, tomorrow, *_ = cards.all()
    await _due(
        db,
        {
            overdue: NOW - timedelta(days=3),
            later_today: datetime(2026, 11, 26, 10, 59, tzinfo=UTC),  # 23:59 in Auckland
            tomorrow: datetime(2026, 11, 26, 11, 1, tzinfo=UTC),  # 00:01 in Auckland
        },
    )
    progress = await member_progress(db, MEMBER, NOW, guild_id=1)
    assert progress.due[0].day == LOCAL_TODAY
    assert [day.due for day in progress.due] == [2, 1] + [0] * 12
    assert progress.reviews_due == 3  # the cards due in 30 days are beyond the fortnight
