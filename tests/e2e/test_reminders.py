"""Due-questions reminders by DM: at the member's hour in their time zone, never in quiet hours,
once per member-local day across restarts and across two bot processes, turned off (and the
member told once) when Discord refuses the DM, and a "Review now" button that reviews in the DM.

The clock is the real one: each test picks a time zone in which it is now between 12:00 and
13:00, so "the member's hour" is now there and no production code needs a test-only clock.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import select

from bench.rig.processes import BotProcess, log_file
from bot.app.kit.catalogue import tr
from bot.app.kit.context import utc_now
from bot.app.settings.zones import known_zones
from bot.quiz.reminders.reminder_settings import SettingsChange, local_day
from bot.storage.models import ReminderRow
from bot.storage.settings import settings
from tests.e2e.conftest import (
    TIMEOUT,
    Json,
    QuizWorld,
    buttons_of,
    change_behind_the_bots_back,
)
from tests.storage.factories import review_once

NOON = 12
PACKS = Path(__file__).parent / "packs"  # mini: three questions
FAST_PASSES_S = 0.1


def zone_at_noon() -> str:
    """A fixed-offset zone in which it is now between 12:00 and 13:00 (the clock only moves on
    from there: a test of minutes never reaches the end of that day)."""
    east = NOON - datetime.now(UTC).hour  # hours east of UTC, -11 to +12
    return f"Etc/GMT{-east:+d}"  # the IANA Etc zones count the other way


async def give_due_questions(world: QuizWorld, member: int, count: int = 2) -> None:
    for question_id in ("two", "four", "six")[:count]:
        await review_once(world.db, member, "mini", question_id, now=utc_now())
    await change_behind_the_bots_back(
        world,
        f"UPDATE cards SET due = '2000-01-01 00:00:00' WHERE member_id = {member}",  # noqa: S608
    )


async def want_reminders(world: QuizWorld, member: int, **change: object) -> None:
    wanted = {"time_zone": zone_at_noon(), "reminders": True, "reminder_hour": NOON} | change
    _, problems = await settings.change_member_settings(
        world.db,
        member,
        SettingsChange(**wanted),  # type: ignore[arg-type]
        known_zones=known_zones(),
        client_locale=world.locales[member],
        now=world.clock.now(),
    )
    assert problems == []


async def dms(world: QuizWorld, member: int) -> list[Json]:
    channel = await world.standin.dm_channel(member)
    return await world.standin.messages(channel, as_user=member)


async def wait_for_dm(world: QuizWorld, member: int) -> Json:
    found: list[Json] = await world.standin.wait_for(lambda: dms(world, member), TIMEOUT)
    return found[0]


async def passes_after(world: QuizWorld, count: int) -> None:
    """Waits for ``count`` more complete passes of the running bot's reminder loop."""
    assert world.bot is not None
    loop = world.bot.reminders
    target = loop.passes + count
    await world.standin.wait_for(lambda: loop.passes >= target, TIMEOUT)


async def reminder_rows(world: QuizWorld) -> list[Any]:
    async with world.db.read() as connection:
        return list((await connection.execute(select(ReminderRow.__table__))).all())


async def test_a_reminder_comes_at_the_members_hour_and_reviews_in_the_dm(
    world: QuizWorld,
) -> None:
    world.reminder_interval_s = FAST_PASSES_S
    greek, quiet, later = world.members[1], world.members[0], world.members[3]
    assert world.locales[greek] == "el"
    for member in (greek, quiet, later):
        await give_due_questions(world, member)
    await world.start_bot()
    said = await world.said(
        await world.command(
            greek, "settings", time_zone=zone_at_noon(), reminders=True, reminder_hour=NOON
        )
    )
    assert "12:00" in said
    await want_reminders(world, quiet, reminder_hour=NOON - 1, quiet_start=NOON, quiet_end=NOON + 2)
    await want_reminders(world, later, reminder_hour=NOON + 1)

    reminder = await wait_for_dm(world, greek)
    await passes_after(world, 2)
    assert reminder["content"] == tr("el", "reminder.due", count=2, packs="Μικρό κουίζ")
    assert reminder["content"].startswith("**2** ερωτήσεις σας περιμένουν")
    (button,) = buttons_of(reminder)
    assert button["label"] == "Επανάληψη τώρα"
    assert len(await dms(world, greek)) == 1  # once that day, however many passes
    assert await dms(world, quiet) == []  # its hour has come, but it is quiet now
    assert await dms(world, later) == []

    report = await world.click(greek, reminder["id"], button["custom_id"])
    assert report["channel_id"] == str(await world.standin.dm_channel(greek))
    review = report["responses"][0]["body"]["data"]
    assert review["embeds"][0]["title"] == tr("el", "review.title", pack="Μικρό κουίζ")
    *options, stop = buttons_of(review)
    assert stop["label"] == tr("el", "review.stop_button")
    answered = await world.click(greek, report["original_message_id"], options[0]["custom_id"])
    assert answered["channel_id"] == report["channel_id"]  # the review goes on in the DM
    graded = answered["responses"][0]["body"]["data"]["embeds"][0]["description"]
    assert tr("el", "review.comes_back", time="")[:-2] in graded


async def test_a_reminder_is_not_sent_again_after_a_restart_or_a_crash_before_its_mark(
    world: QuizWorld,
) -> None:
    world.reminder_interval_s = FAST_PASSES_S
    member, unsent = world.members[0], world.members[3]
    await give_due_questions(world, member)
    await want_reminders(world, member)
    await world.start_bot()
    first = await wait_for_dm(world, member)
    await world.stop_bot()
    await world.start_bot()
    await passes_after(world, 2)
    assert [m["id"] for m in await dms(world, member)] == [first["id"]]

    # The crash window: the DM reached Discord, the process died before marking it sent.
    await world.stop_bot()
    await change_behind_the_bots_back(
        world,
        "UPDATE reminders SET state = 'claimed', lease_until = '2000-01-01 00:00:00', "  # noqa: S608
        f"message_id = NULL, attempts = 1 WHERE member_id = {member}",
    )
    # And a claim whose send never reached Discord: it is sent now.
    await give_due_questions(world, unsent)
    await want_reminders(world, unsent)
    today = local_day(utc_now(), ZoneInfo(zone_at_noon()))
    await change_behind_the_bots_back(
        world,
        "INSERT INTO reminders (member_id, local_day, state, claimed_by, lease_until, "  # noqa: S608
        f"attempts, claimed_at) VALUES ({unsent}, '{today.isoformat()}', 'claimed', 'gone', "
        "'2000-01-01 00:00:00', 1, '2000-01-01 00:00:00')",
    )
    await world.start_bot()
    await wait_for_dm(world, unsent)
    await passes_after(world, 2)
    assert [m["id"] for m in await dms(world, member)] == [first["id"]]
    assert len(await dms(world, unsent)) == 1
    rows = {row.member_id: row for row in await reminder_rows(world)}
    assert rows[member].state == "sent"
    assert rows[member].message_id == int(first["id"])
    assert rows[unsent].state == "sent"


async def test_a_refused_dm_turns_reminders_off_and_the_member_is_told_once(
    world: QuizWorld,
) -> None:
    world.reminder_interval_s = FAST_PASSES_S
    member = world.members[0]
    await world.standin.set_dms(member, open_=False)
    await give_due_questions(world, member)
    await want_reminders(world, member)
    await world.start_bot()

    async def refused() -> bool:
        return not (await settings.member_settings(world.db, member)).reminders

    await world.standin.wait_for(refused, TIMEOUT)
    assert [row.state for row in await reminder_rows(world)] == ["refused"]

    asked = await world.standin.command(member, world.channel_id, "quiz packs")

    async def told() -> Json:
        report = await world.standin.interaction(asked)
        return report if len(report["responses"]) == 2 else {}

    report = await world.standin.wait_for(told, TIMEOUT)
    notice = report["responses"][1]["body"]
    assert notice["content"] == tr("en-US", "reminder.refused", command="/settings")
    assert notice["flags"] & 64  # only the member sees it
    assert not (await settings.member_settings(world.db, member)).dm_refused

    again = await world.command(member, "quiz packs")
    await world.command(member, "settings")  # answered after the one before could be told
    report = await world.standin.interaction(int(again["id"]))
    assert len(report["responses"]) == 1
    assert world.bot is not None
    assert member not in world.bot.reminders.refused


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
@pytest.mark.timeout(180)
async def test_two_bot_processes_on_one_database_send_each_reminder_once(
    world: QuizWorld, tmp_path: Path
) -> None:
    """Two `quizbot run` processes, both shard 0 of 1 of the same bot on the stand-in (which
    takes both sessions, as Discord does), claim against one PostgreSQL database."""
    members = world.members[:6]
    for member in members:
        await give_due_questions(world, member, count=1)
        await want_reminders(world, member)
    env = {
        "DATABASE_URL": world.database_url,
        "QUIZBOT_QUIZ_DIR": str(PACKS),
        "QUIZBOT_LOG_LEVEL": "INFO",
    }
    log = log_file(tmp_path, "bots")
    bots = [await BotProcess.start(world.standin.url, env, log) for _ in range(2)]
    try:
        await asyncio.gather(*(bot.wait_ready() for bot in bots))
        for member in members:
            await wait_for_dm(world, member)

        def both_passed() -> bool:
            return all(any("reminders: pass 1 done" in line for line in b.lines) for b in bots)

        await world.standin.wait_for(both_passed, TIMEOUT)
    finally:
        await asyncio.gather(*(bot.stop() for bot in bots))
        log.close()
    for member in members:
        assert len(await dms(world, member)) == 1
    rows = await reminder_rows(world)
    assert sorted(row.member_id for row in rows) == sorted(members)
    assert {row.state for row in rows} == {"sent"}
    assert len((await world.standin.state())["sessions"]) == 2  # both were connected
