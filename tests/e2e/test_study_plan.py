"""Reviews that fit a life, through the stand-in on a clock the test moves: a member away for
two weeks gets no reminder in the window, keeps their streak, and meets no more than their
daily limit on any day after it; a member's easy weekend brings no reminder."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from sqlalchemy import select

from bot.app.kit.catalogue import tr
from bot.storage.models import CardRow
from tests.databases import BACKENDS
from tests.e2e.conftest import QuizWorld, change_behind_the_bots_back, custom_ids, option_id
from tests.e2e.scheduling import day_after, local, local_today, move_to
from tests.e2e.test_reminders import FAST_PASSES_S, dms, passes_after, wait_for_dm
from tests.e2e.test_review import last_message
from tests.storage.factories import review_once

REMINDER_HOUR = 12
SATURDAY = 5
LIMIT = 2
QUESTIONS = ("two", "four", "six")  # the mini pack's: three cards, one more than the limit


async def all_due(world: QuizWorld, member: int, since: date) -> None:
    """The member reviewed a question the day before ``since`` and two on it (a streak of
    two), and all three are due now, however far the clock moves."""
    for day, question_id in zip((since - timedelta(days=1), since, since), QUESTIONS, strict=True):
        await review_once(world.db, member, "mini", question_id, now=local(day, 9))
    await change_behind_the_bots_back(
        world,
        f"UPDATE cards SET due = '2000-01-01 00:00:00' WHERE member_id = {member}",  # noqa: S608
    )


async def reviews_offered(world: QuizWorld, member: int) -> tuple[int, str]:
    """Reviews every card /review offers now; how many, and what it said when it stopped."""
    message = last_message(await world.command(member, "review"))
    card_title = tr(world.locales[member], "review.title", pack="")
    offered = 0
    while "embeds" in message and message["embeds"][0].get("title", "").startswith(card_title):
        offered += 1
        result = last_message(await world.click(member, message["id"], option_id(message, 0)))
        message = last_message(await world.click(member, message["id"], custom_ids(result)[0]))
    text = message.get("content") or message["embeds"][0]["description"]
    return offered, str(text)


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_two_weeks_away_bring_no_reminder_keep_the_streak_and_keep_to_the_limit(
    world: QuizWorld,
) -> None:
    world.reminder_interval_s = FAST_PASSES_S
    member = world.members[0]  # en-US
    today = day_after(local_today(world))
    await move_to(world, local(today, 8))
    await all_due(world, member, today)
    await world.start_bot()
    first, last = day_after(today), day_after(today, 14)
    said = await world.said(
        await world.command(
            member,
            "settings",
            time_zone="UTC",
            reminders=True,
            reminder_hour=REMINDER_HOUR,
            away_from=first.isoformat(),
            away_until=last.isoformat(),
            daily_reviews=LIMIT,
        )
    )
    assert "Settings saved." in said
    assert f"at most {LIMIT}" in said
    for day in (first + timedelta(days=n) for n in range(14)):
        await move_to(world, local(day, REMINDER_HOUR, 30))
        await passes_after(world, 2)
    assert await dms(world, member) == []  # nothing in the window (day 0 was before noon)
    stats = await world.said(await world.command(member, "stats"))
    assert "Daily streak: 2 days" in stats  # frozen while away, not broken

    back = day_after(last)
    await move_to(world, local(back, REMINDER_HOUR, 30))
    reminder = await wait_for_dm(world, member)
    assert tr("en", "reminder.limited", left=LIMIT) in reminder["content"]
    offered, stopped = await reviews_offered(world, member)
    assert offered == LIMIT
    assert stopped.startswith("Reviewed 2 questions")
    offered, again = await reviews_offered(world, member)
    assert offered == 0
    assert again.startswith("You have done today's reviews: 1 more question is due")

    await move_to(world, local(day_after(back), 8))
    offered, _ = await reviews_offered(world, member)
    assert 1 <= offered <= LIMIT  # the day after: what waited (and any miss), within the limit


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_an_easy_weekend_brings_no_reminder(world: QuizWorld) -> None:
    world.reminder_interval_s = FAST_PASSES_S
    member = world.members[1]  # el
    today = day_after(local_today(world))
    saturday = today + timedelta(days=(SATURDAY - today.weekday()) % 7)
    await move_to(world, local(saturday, 8))
    await all_due(world, member, saturday)
    await world.start_bot()
    said = await world.said(
        await world.command(
            member,
            "settings",
            time_zone="UTC",
            reminders=True,
            reminder_hour=REMINDER_HOUR,
            easy_days="σαβ κυρ",
        )
    )
    assert "Σάβ, Κυρ" in said
    for day in (saturday, day_after(saturday)):
        await move_to(world, local(day, REMINDER_HOUR, 30))
        await passes_after(world, 2)
    assert await dms(world, member) == []
    await move_to(world, local(day_after(saturday, 2), REMINDER_HOUR, 30))  # Monday
    assert (await wait_for_dm(world, member))["content"]
    offered, _ = await reviews_offered(world, member)
    assert offered == len(QUESTIONS)
    async with world.db.read() as connection:
        dues = list(
            await connection.scalars(select(CardRow.due).where(CardRow.member_id == member))
        )
    assert len(dues) == len(QUESTIONS)
    assert all(due.weekday() < SATURDAY for due in dues)  # no card falls due at the weekend
