"""Setting time away moves the cards that fall due in it to the days after it, on SQLite and
PostgreSQL: none stays in the window, no day after it takes more than the daily limit, and a
card due before the window stays due."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, timedelta

from sqlalchemy import select, update

from bot.quiz.reminders.reminder_settings import SettingsChange
from bot.quiz.reminders.study_plan import PlanChange
from bot.storage.database import Database
from bot.storage.models import CardRow
from bot.storage.review.retention import settings_reply
from tests.storage.factories import NOW, review_once

ZONES = frozenset({"UTC"})
MEMBER = 9


async def test_cards_due_while_away_land_after_it_within_the_limit(db: Database) -> None:
    today = NOW.astimezone(UTC).date()
    for question_id in ("q0", "q1", "q2", "q3", "q4"):
        await review_once(db, MEMBER, "basics", question_id, now=NOW)
    dues = {"q0": -1, "q1": 2, "q2": 3, "q3": 3, "q4": 20}  # days from today
    async with db.write() as connection:
        for question_id, days in dues.items():
            await connection.execute(
                update(CardRow)
                .where(CardRow.question_id == question_id)
                .values(due=NOW + timedelta(days=days))
            )
    first, last = today + timedelta(days=1), today + timedelta(days=14)
    plan = PlanChange(away_from=first.isoformat(), away_until=last.isoformat(), daily_reviews=2)
    reply = await settings_reply(
        db, MEMBER, SettingsChange(plan=plan), known_zones=ZONES, client_locale=None, now=NOW
    )
    assert reply.problems == []
    async with db.read() as connection:
        rows = dict((await connection.execute(select(CardRow.question_id, CardRow.due))).all())
    days = {q: due.replace(tzinfo=UTC).date() for q, due in rows.items()}
    assert days["q0"] == today - timedelta(days=1)  # overdue before the window: left as due
    assert all(not first <= day <= last for day in days.values())
    back = last + timedelta(days=1)
    assert {days["q1"], days["q2"], days["q3"]} == {back, back + timedelta(days=1)}
    assert max(Counter(days.values()).values()) <= 2
    assert days["q4"] == today + timedelta(days=20)  # after the window: where it was
