"""Scheduled rounds start by themselves, exactly once, on a clock the test moves: at the local
time across a daylight-saving change; once across restarts at the start minute, and after a
process claimed one and died before its start card; once with two processes on one PostgreSQL;
late within the grace period, or recorded as missed (the moderator told) beyond it; after the
round running in its channel ends, or skipped (the moderator told) if it still runs ten minutes
on."""

from __future__ import annotations

import asyncio
import contextlib
import random
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.app.kit.catalogue import tr
from bot.app.runtime.main import build_bot
from bot.quiz.rounds.plan import RoundPlan
from bot.quiz.rounds.rules import RoundState
from bot.quiz.schedules.series import Occurrence, Outcome
from bot.storage.database import Database
from bot.storage.rounds.lifecycle import ScheduledStart, end_round, start_round
from tests.e2e.conftest import TIMEOUT, QuizWorld
from tests.e2e.scheduling import (
    add,
    all_schedules,
    local,
    local_today,
    move_to,
    passes,
    rounds_started,
    schedule_outcomes,
    start_cards,
    stop_round,
    wait_for_dms,
    wait_for_rounds,
    wait_for_start_cards,
    weekday_name,
)

ATHENS = "Europe/Athens"
STARTS_WITHIN = timedelta(seconds=5)  # a round due now starts this soon after (by the clock)


def next_spring_change(after: datetime, zone: str) -> date:
    """The first day, a week or more after ``after``, on which the zone's clocks go forward."""
    day = after.date() + timedelta(days=8)
    while _offset(day, zone) <= _offset(day - timedelta(days=1), zone):
        day += timedelta(days=1)
    return day


def _offset(day: date, zone: str) -> timedelta:
    offset = local(day, 12, zone=zone).utcoffset()
    assert offset is not None
    return offset


async def test_a_weekly_round_starts_at_its_local_time_across_a_clock_change(
    clocked: QuizWorld,
) -> None:
    world = clocked
    await world.command(world.owner, "quiz settings", time_zone=ATHENS)
    change = next_spring_change(world.clock.now(), ATHENS)  # type: ignore[union-attr]
    week_before = change - timedelta(days=7)
    await move_to(world, local(week_before, 12, zone=ATHENS))
    said = await add(world, day=weekday_name(change), time="19:00")
    assert "Europe/Athens" in said
    first = local(week_before, 19, zone=ATHENS).astimezone(UTC)
    second = local(change, 19, zone=ATHENS).astimezone(UTC)
    assert second - first == timedelta(days=7) - timedelta(hours=1)  # an hour less in UTC
    assert f"<t:{int(first.timestamp())}:F>" in said
    assert f"<t:{int(second.timestamp())}:F>" in said

    for count, due in enumerate((first, second), start=1):
        await move_to(world, due - timedelta(minutes=1))
        await passes(world)
        assert len(await rounds_started(world)) == count - 1  # not an hour early, nor late
        await move_to(world, due)
        *_, started = await wait_for_rounds(world, count)
        assert due <= started.started_at < due + STARTS_WITHIN
        assert started.started_at.astimezone(ZoneInfo(ATHENS)).strftime("%H:%M") == "19:00"
        await wait_for_start_cards(world, count)
        await stop_round(world)
    assert len(await start_cards(world)) == 2
    outcomes = await schedule_outcomes(world)
    assert [outcome for outcome, _ in outcomes.values()] == [Outcome.STARTED, Outcome.STARTED]


async def test_a_restart_at_the_start_minute_starts_the_round_once(clocked: QuizWorld) -> None:
    world = clocked
    today = local_today(world)
    await add(world, day="daily", time="12:00")
    await move_to(world, local(today, 11, 59))
    await world.stop_bot()
    await move_to(world, local(today, 12) + timedelta(seconds=5))
    await world.start_bot()
    (started,) = await wait_for_rounds(world, 1)
    await wait_for_start_cards(world)
    await stop_round(world)  # the channel is free: only the claim keeps it from starting again
    for _ in range(2):  # restarted again, and again, within the minute
        await world.stop_bot()
        await world.start_bot()
        await passes(world)
    assert [r.id for r in await rounds_started(world)] == [started.id]
    assert len(await start_cards(world)) == 1
    assert await schedule_outcomes(world) == {today: (Outcome.STARTED, started.id)}


async def test_a_round_claimed_by_a_process_that_died_posts_its_start_card_once(
    clocked: QuizWorld,
) -> None:
    world = clocked
    today = local_today(world)
    await add(world, day="daily", time="12:00")
    (schedule,) = await all_schedules(world)
    await world.stop_bot()
    due = local(today, 12)
    await move_to(world, due)
    # What a process does before it dies: the round created, its occurrence claimed, its start
    # card owed; nothing posted.
    claimed = await start_round(
        world.db,
        RoundPlan(
            guild_id=world.guild_id,
            channel_id=world.channel_id,
            pack_id="mini",
            started_by=world.owner,
            question_seconds=60,
            question_count=None,
        ),
        rng=random.Random(5),  # noqa: S311
        now=due,
        scheduled=ScheduledStart(schedule.id, Occurrence(today, due)),
    )
    await world.start_bot()
    await wait_for_start_cards(world)
    await stop_round(world)
    await passes(world)
    assert [r.id for r in await rounds_started(world)] == [claimed.id]
    assert len(await start_cards(world)) == 1


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
async def test_two_processes_on_one_database_start_the_round_once(clocked: QuizWorld) -> None:
    world = clocked
    today = local_today(world)
    await add(world, day="daily", time="12:00")
    other_db = Database.open(world.database_url)
    other = build_bot(
        other_db,
        world.library,
        pause_between_questions_s=0,
        clock=world.clock,
        guild_ready_timeout=0.05,
    )
    running = asyncio.create_task(other.start("standin-token"))
    try:
        await asyncio.wait_for(other.wait_until_ready(), TIMEOUT)
        await move_to(world, local(today, 12))
        (started,) = await wait_for_rounds(world, 1)
        await wait_for_start_cards(world)
        # Ended, so that only the claim keeps the channel's next round from being this one.
        await end_round(world.db, started.id, RoundState.STOPPED, world.clock.now())
        await passes(world)
        await passes(world, other)
        assert [r.id for r in await rounds_started(world)] == [started.id]
        assert len(await start_cards(world)) == 1
        assert await schedule_outcomes(world) == {today: (Outcome.STARTED, started.id)}
    finally:
        await other.close()
        with contextlib.suppress(asyncio.CancelledError):
            await running
        await other_db.close()


async def test_a_round_missed_while_the_bot_was_down_starts_late_within_the_grace_period(
    clocked: QuizWorld,
) -> None:
    world = clocked
    today = local_today(world)
    await add(world, day="daily", time="12:00")
    await world.stop_bot()
    late = local(today, 12, 14)  # the default grace: 15 minutes
    await move_to(world, late)
    await world.start_bot()
    (started,) = await wait_for_rounds(world, 1)
    assert late <= started.started_at < late + STARTS_WITHIN
    await wait_for_start_cards(world)


async def test_beyond_the_grace_period_it_is_missed_and_the_moderator_told(
    clocked: QuizWorld,
) -> None:
    world = clocked
    today = local_today(world)
    await world.command(world.owner, "quiz settings", grace_minutes=10)
    await add(world, day="daily", time="12:00")
    await world.stop_bot()
    await move_to(world, local(today, 12, 11))
    await world.start_bot()
    (note,) = await wait_for_dms(world, world.owner)
    await passes(world)
    assert await rounds_started(world) == []
    assert await schedule_outcomes(world) == {today: (Outcome.MISSED, None)}
    due = int(local(today, 12).timestamp())
    assert note["content"] == "\n".join(
        [
            tr("en", "schedule.note", pack="Mini quiz", channel=f"<#{world.channel_id}>"),
            tr(
                "en",
                "schedule.note_line",
                time=f"<t:{due}:F>",
                reason=tr("en", "schedule.outcome.missed", minutes=10),
            ),
        ]
    )
    assert "came back more than 10 minutes late" in note["content"]


async def test_a_channel_with_a_round_running_delays_the_scheduled_one_until_it_ends(
    clocked: QuizWorld,
) -> None:
    world = clocked
    today = local_today(world)
    await add(world, day="daily", time="12:00")
    await move_to(world, local(today, 11, 59) + timedelta(seconds=30))
    await world.command(world.owner, "quiz start", pack="mini", seconds=60)
    (own,) = await wait_for_rounds(world, 1)
    await move_to(world, local(today, 12))
    await passes(world)
    assert [r.id for r in await rounds_started(world)] == [own.id]  # waiting for the channel
    assert await schedule_outcomes(world) == {}
    await stop_round(world)
    _, scheduled = await wait_for_rounds(world, 2)
    assert await schedule_outcomes(world) == {today: (Outcome.STARTED, scheduled.id)}


async def test_a_scheduled_start_card_pings_the_schedules_role_and_nobody_else(
    clocked: QuizWorld,
) -> None:
    world = clocked
    role = (await world.standin.add_role(world.guild_id, "Quizzers", mentionable=True))["id"]
    said = await add(world, day="daily", time="12:00", ping=role)
    assert f"Each round pings <@&{role}>." in said
    await move_to(world, local(local_today(world), 12))
    (card,) = await wait_for_start_cards(world)
    assert f"<@&{role}>, a quiz round is starting!" in str(card)
    assert f"Started by <@{world.owner}>" in str(card)  # the moderator who scheduled it
    assert await world.standin.mentions() == [
        {
            "message_id": card["id"],
            "channel_id": str(world.channel_id),
            "event": "create",
            "notified": True,
            "ephemeral": False,
            "users": [],
            "roles": [role],
            "everyone": False,
        }
    ]


async def test_a_channel_still_busy_ten_minutes_on_skips_the_round_and_tells_the_moderator(
    clocked: QuizWorld,
) -> None:
    world = clocked
    today = local_today(world)
    await add(world, day="daily", time="12:00")
    await move_to(world, local(today, 11, 59))
    await world.command(world.owner, "quiz start", pack="mini", seconds=60)
    (own,) = await wait_for_rounds(world, 1)
    await world.command(world.owner, "quiz pause")  # it holds the channel whatever the clock
    await move_to(world, local(today, 12, 9) + timedelta(seconds=59))
    await passes(world)
    assert await schedule_outcomes(world) == {}  # still waiting for the channel
    await move_to(world, local(today, 12, 10))
    (note,) = await wait_for_dms(world, world.owner)
    assert tr("en", "schedule.outcome.busy", minutes=10) in note["content"]
    assert await schedule_outcomes(world) == {today: (Outcome.BUSY, None)}
    assert [r.id for r in await rounds_started(world)] == [own.id]
