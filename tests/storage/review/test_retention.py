"""A member's desired retention in storage, on SQLite and PostgreSQL: saved with their settings,
used to schedule their cards, and the reviews a day each choice costs from their own cards."""

from __future__ import annotations

from datetime import UTC

import pytest
from sqlalchemy import select, update

from bot.quiz.reminders.reminder_settings import SettingsChange
from bot.quiz.review import scheduling
from bot.quiz.review.leeches import LEECH_LAPSES
from bot.quiz.review.retention import RETENTION_CHOICES, outlook, policy_for
from bot.quiz.review.session import Answer, ResultStep, Scope, Session
from bot.storage.database import Database
from bot.storage.models import CardRow
from bot.storage.review.retention import settings_reply
from bot.storage.review.review_step import take
from bot.storage.settings.settings import change_member_settings, member_settings
from tests.storage.factories import NOW, seeded

ZONES = frozenset({"UTC", "Europe/Athens"})


async def choose(db: Database, member_id: int, change: SettingsChange) -> None:
    _settings, problems = await change_member_settings(
        db, member_id, change, known_zones=ZONES, client_locale="en-US", now=NOW
    )
    assert problems == []


async def test_the_choice_is_saved_and_kept_when_other_settings_change(db: Database) -> None:
    assert (await member_settings(db, 5)).retention is None  # never chosen: the default
    await choose(db, 5, SettingsChange(retention=95))
    await choose(db, 5, SettingsChange(time_zone="Europe/Athens"))
    stored = await member_settings(db, 5)
    assert (stored.retention, stored.time_zone) == (95, "Europe/Athens")


@pytest.mark.parametrize("percent", [None, *RETENTION_CHOICES])
async def test_a_members_cards_are_scheduled_with_their_retention(
    db: Database, percent: int | None
) -> None:
    if percent is not None:
        await choose(db, 5, SettingsChange(retention=percent))
    action = Answer(Session(5, scope=Scope(pack_id="basics")), "basics", "q0", 0, 1500)
    step = await take(db, action, now=NOW, rng=seeded(1))
    assert isinstance(step, ResultStep)
    expected, _log = scheduling.review(
        policy_for(percent),
        scheduling.new_card(NOW),
        correct=True,
        guess_space=4,
        reviewed_at=NOW,
        zone=UTC,
        response_ms=1500,
        rng=seeded(1),
    )
    assert step.grade.due == expected.due


async def test_the_reply_shows_each_choices_cost_from_the_members_own_cards(
    db: Database,
) -> None:
    for question_id in ("q0", "q1", "q2"):
        action = Answer(Session(5, scope=Scope(pack_id="basics")), "basics", question_id, 0, 900)
        await take(db, action, now=NOW, rng=seeded(1))
    async with db.write() as connection:  # one of them a leech: no longer reviewed, so no cost
        await connection.execute(
            update(CardRow).where(CardRow.question_id == "q2").values(lapses=LEECH_LAPSES)
        )
        stabilities = list(
            await connection.scalars(
                select(CardRow.stability).where(CardRow.question_id != "q2", CardRow.member_id == 5)
            )
        )
    reply = await settings_reply(
        db, 5, SettingsChange(), known_zones=ZONES, client_locale="en-US", now=NOW
    )
    assert len(stabilities) == 2
    assert reply.reviews_a_day == outlook([s for s in stabilities if s is not None])
    assert reply.reviews_a_day[80] < reply.reviews_a_day[95]
    nobody = await settings_reply(
        db, 6, SettingsChange(), known_zones=ZONES, client_locale=None, now=NOW
    )
    assert nobody.reviews_a_day == dict.fromkeys(RETENTION_CHOICES, 0)
