"""Each schedule's Discord event, through the stand-in's scheduled events (every request body
checked against the OpenAPI spec by the world fixture): created with the schedule, a skip made
its exception, ACTIVE while its round runs and COMPLETED after (moving on to the next round),
re-based across a clock change, deleted with the schedule; the members who pressed "Interested"
told once, a few minutes before, unless in quiet hours or opted out; and without Create Events no
event, the rounds all the same."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import aiohttp
from sqlalchemy import select

from bot.app.kit.catalogue import tr
from bot.app.kit.command_text import command_as_shown
from bot.app.settings.zones import known_zones
from bot.quiz.reminders.reminder_settings import SettingsChange
from bot.storage.models import InterestNoticeRow
from bot.storage.settings import settings
from standin.permissions import BOT_DEFAULT
from tests.e2e.conftest import TIMEOUT, Json, QuizWorld
from tests.e2e.scheduling import (
    add,
    all_schedules,
    day_after,
    dms,
    local,
    local_today,
    move_to,
    passes,
    rounds_started,
    stop_round,
    wait_for_dms,
    wait_for_rounds,
    weekday_name,
)
from tests.e2e.test_schedules import ATHENS, next_spring_change

SCHEDULED, ACTIVE = 1, 2
BOT = {"Authorization": "Bot standin-token"}


async def events(world: QuizWorld) -> list[Json]:
    return await world.standin.scheduled_events(world.guild_id)


async def wait_for_event(world: QuizWorld, **expected: object) -> Json:
    """The server's one event once it has every field ``expected`` (``start`` for its start)."""

    async def there() -> Json | None:
        found = await events(world)
        if len(found) != 1:
            return None
        (event,) = found
        fields = {"status": event["status"], "start": _moment(event["scheduled_start_time"])}
        fields["exceptions"] = len(event["guild_scheduled_event_exceptions"])
        return event if all(fields[k] == v for k, v in expected.items()) else None

    found: Json = await world.standin.wait_for(there, TIMEOUT)
    return found


def _moment(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


async def test_an_event_follows_its_schedule_from_creation_to_removal(clocked: QuizWorld) -> None:
    world = clocked
    today, tomorrow = local_today(world), day_after(local_today(world))
    said = await add(world, day="daily", time="12:00")
    assert tr("en", "schedule.with_event") in said
    event = await wait_for_event(world, status=SCHEDULED, start=local(today, 12))
    pack = world.library.get("mini")
    assert pack is not None
    assert (event["name"], event["description"]) == ("Mini quiz", pack.summary.get("en"))
    assert event["entity_type"] == 3  # EXTERNAL
    assert event["entity_metadata"] == {"location": "#quiz"}
    assert event["recurrence_rule"]["frequency"] == 3  # DAILY
    (schedule,) = await all_schedules(world)

    await world.command(world.owner, "quiz schedule skip", schedule=schedule.id)
    (skipped,) = (await wait_for_event(world, exceptions=1))["guild_scheduled_event_exceptions"]
    assert skipped["is_canceled"] is True
    await move_to(world, local(today, 12, 1))
    await wait_for_event(world, status=SCHEDULED, start=local(tomorrow, 12))  # passed over
    assert await rounds_started(world) == []

    await move_to(world, local(tomorrow, 12))
    await wait_for_rounds(world, 1)
    await wait_for_event(world, status=ACTIVE, start=local(tomorrow, 12))
    await stop_round(world)
    # COMPLETED by the bot, ahead of its end time: the daily event moves on to the next day.
    await wait_for_event(world, status=SCHEDULED, start=local(day_after(tomorrow), 12))
    patched = [
        r
        for r in await world.standin.request_log()
        if r["method"] == "PATCH" and "/scheduled-events/" in r["path"]
    ]
    assert patched
    assert all(r["status"] == 200 for r in patched)

    await world.command(world.owner, "quiz schedule remove", schedule=schedule.id)
    await world.standin.wait_for(lambda: _none(world), TIMEOUT)
    assert (await all_schedules(world)) == []


async def _none(world: QuizWorld) -> bool:
    return await events(world) == []


async def test_the_event_is_rebased_on_the_local_time_across_a_clock_change(
    clocked: QuizWorld,
) -> None:
    world = clocked
    await world.command(world.owner, "quiz settings", time_zone=ATHENS)
    change = next_spring_change(world.clock.now(), ATHENS)
    week_before = change - timedelta(days=7)
    await move_to(world, local(week_before, 12, zone=ATHENS))
    await add(world, day=weekday_name(change), time="19:00")
    first = local(week_before, 19, zone=ATHENS)
    await wait_for_event(world, status=SCHEDULED, start=first)
    await move_to(world, first)
    await wait_for_rounds(world, 1)
    await stop_round(world)
    # Discord's rule would put it at the same UTC time (17:00); the series is at 19:00 local.
    second = local(change, 19, zone=ATHENS)
    assert second.astimezone(UTC).hour == 16
    event = await wait_for_event(world, status=SCHEDULED, start=second)
    assert _moment(event["recurrence_rule"]["start"]) == second


async def test_interested_members_are_told_once_before_the_round(clocked: QuizWorld) -> None:
    world = clocked
    today = local_today(world)
    english, greek, quiet, opted_out = (
        world.members[0],
        world.members[1],
        world.members[3],
        world.members[6],
    )
    assert world.locales[greek] == "el"
    await world.command(english, "settings", event_reminders=True)  # their Discord language kept
    await world.command(greek, "settings", event_reminders=True)
    said = await world.said(await world.command(opted_out, "settings", event_reminders=False))
    assert "Before scheduled rounds: off" in said
    _, problems = await settings.change_member_settings(
        world.db,
        quiet,
        SettingsChange(quiet_start=11, quiet_end=13),  # 11:55 UTC is quiet for them
        known_zones=known_zones(),
        client_locale="en-US",
        now=world.clock.now(),
    )
    assert problems == []
    await add(world, day="daily", time="12:00")
    event = await wait_for_event(world, status=SCHEDULED)
    for member in (english, greek, quiet, opted_out):
        await world.standin.interested(member, event["id"])

    await move_to(world, local(today, 11, 54))
    await passes(world)
    assert await dms(world, english) == []  # not yet: five minutes before
    await move_to(world, local(today, 11, 55))
    (told,) = await wait_for_dms(world, english)
    (greek_told,) = await wait_for_dms(world, greek)
    assert world.bot is not None
    await world.bot.schedules.interest.wait()
    due = int(local(today, 12).timestamp())
    assert told["content"] == tr(
        "en",
        "schedule.interest",
        pack="Mini quiz",
        time=f"<t:{due}:R>",
        channel=f"<#{world.channel_id}>",
        command=command_as_shown("en", "settings"),
    )
    assert greek_told["content"].startswith("Το **Μικρό κουίζ** ξεκινά <t:")
    await move_to(world, local(today, 11, 58))
    await passes(world)
    await world.bot.schedules.interest.wait()
    assert [len(await dms(world, m)) for m in (english, greek, quiet, opted_out)] == [1, 1, 0, 0]
    async with world.db.read() as connection:
        rows = await connection.execute(select(InterestNoticeRow.member_id, InterestNoticeRow.sent))
        decided = dict(rows.all())
    assert decided == {english: True, greek: True, quiet: False, opted_out: False}


async def test_an_event_deleted_by_hand_stays_deleted_and_the_rounds_go_on(
    clocked: QuizWorld,
) -> None:
    world = clocked
    await add(world, day="daily", time="12:00")
    event = await wait_for_event(world, status=SCHEDULED)
    url = f"{world.standin.url}/api/v10/guilds/{world.guild_id}/scheduled-events/{event['id']}"
    async with aiohttp.ClientSession() as http, http.delete(url, headers=BOT) as deleted:
        assert deleted.status == 204  # as a moderator deletes it in the client
    await passes(world)
    assert await events(world) == []
    await move_to(world, local(local_today(world), 12))
    await wait_for_rounds(world, 1)
    await passes(world)
    assert await events(world) == []


async def test_without_create_events_a_schedule_has_no_event_and_its_rounds_start(
    world: QuizWorld,
) -> None:
    await world.standin.set_role_permissions(world.guild_id, "quizbot", BOT_DEFAULT)
    await move_to(world, local(day_after(local_today(world)), 11))
    await world.start_bot()
    said = await add(world, day="daily", time="12:00")
    assert tr("en", "schedule.no_event") in said
    await passes(world)
    assert await events(world) == []
    await move_to(world, local(local_today(world), 12))
    await wait_for_rounds(world, 1)
    await passes(world)
    assert await events(world) == []
