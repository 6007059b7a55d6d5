"""Helpers for the scheduled-round tests: the bot's clock moved to a local moment, the loop's
passes waited for, the rounds and start cards a channel got, and a moderator's DMs."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import select

from bot.app.runtime.client import QuizBot
from bot.clock import Clock
from bot.quiz.rounds.rules import RoundState
from bot.quiz.schedules.series import Outcome
from bot.storage.models import RoundRow
from bot.storage.results import RoundView
from bot.storage.rounds import lifecycle, outbox
from bot.storage.rounds.lifecycle import get_round
from bot.storage.schedules import series
from tests.e2e.conftest import TIMEOUT, Json, QuizWorld, titled

START_CARD = "Quiz: Mini quiz"  # the start card's heading, in the server's English


def clock_of(world: QuizWorld) -> Clock:
    return world.clock


async def move_to(world: QuizWorld, moment: datetime) -> None:
    """Moves the stand-in's clock, which the bot follows, forward to ``moment``."""
    ahead = (moment - world.clock.now()).total_seconds()
    assert ahead >= 0, f"the clock is already past {moment}"
    await world.advance_clock(ahead)


def local(day: date, hour: int, minute: int = 0, *, zone: str = "UTC") -> datetime:
    return datetime.combine(day, time(hour, minute), tzinfo=ZoneInfo(zone))


def local_today(world: QuizWorld, zone: str = "UTC") -> date:
    return clock_of(world).now().astimezone(ZoneInfo(zone)).date()


async def passes(world: QuizWorld, bot: QuizBot | None = None, count: int = 2) -> None:
    """Wakes the schedules' loop ``count`` times, each once the pass before has ended: the
    last pass then began after this was called (one in flight may have read an older time)."""
    loop = (bot or world.bot).schedules  # type: ignore[union-attr]
    for _ in range(count):
        target = loop.passes + 1
        loop.changed()
        await world.standin.wait_for(lambda: loop.passes >= target, TIMEOUT)  # noqa: B023


async def rounds_started(world: QuizWorld) -> list[RoundView]:
    """Every round of the test's channel, oldest first (running or ended)."""
    async with world.db.read() as connection:
        rows = await connection.execute(
            select(RoundRow.id).where(RoundRow.channel_id == world.channel_id).order_by(RoundRow.id)
        )
        ids = [row[0] for row in rows.all()]
    return [await get_round(world.db, round_id) for round_id in ids]


async def wait_for_rounds(world: QuizWorld, count: int) -> list[RoundView]:
    found: list[RoundView] = []

    async def enough() -> bool:
        found[:] = await rounds_started(world)
        return len(found) >= count

    await world.standin.wait_for(enough, TIMEOUT)
    return found


async def start_cards(world: QuizWorld) -> list[Json]:
    return [m for m in await world.messages() if titled(START_CARD)(m)]


async def wait_for_start_cards(world: QuizWorld, count: int = 1) -> list[Json]:
    async def enough() -> list[Json]:
        found = await start_cards(world)
        return found if len(found) >= count else []

    found: list[Json] = await world.standin.wait_for(enough, TIMEOUT)
    return found


async def schedule_outcomes(world: QuizWorld) -> dict[date, tuple[Outcome, int | None]]:
    """What became of each occurrence of the server's (one, newest) schedule."""
    (*_, schedule) = await all_schedules(world)
    return await series.outcomes(world.db, schedule.id)


async def all_schedules(world: QuizWorld) -> list[series.Schedule]:
    return await series.guild_schedules(world.db, world.guild_id)


async def dms(world: QuizWorld, member: int) -> list[Json]:
    channel = await world.standin.dm_channel(member)
    return await world.standin.messages(channel, as_user=member)


async def wait_for_dms(world: QuizWorld, member: int, count: int = 1) -> list[Json]:
    async def arrived() -> list[Json]:
        found = await dms(world, member)
        return found if len(found) >= count else []

    found: list[Json] = await world.standin.wait_for(arrived, TIMEOUT)
    return found


async def add(world: QuizWorld, member: int | None = None, **options: object) -> str:
    """`/quiz schedule add` of the mini pack with ``options``; what the bot replied."""
    asked = {"pack": "mini", "seconds": 60} | options
    report = await world.command(member or world.owner, "quiz schedule add", **asked)  # type: ignore[arg-type]
    return await world.said(report)


async def stop_round(world: QuizWorld) -> None:
    """`/quiz stop` in the test's channel, once its round has posted all it owes."""
    (view,) = [
        v for v in await lifecycle.running_rounds(world.db) if v.channel_id == world.channel_id
    ]
    await world.command(world.owner, "quiz stop")

    async def settled() -> bool:
        ended = (await get_round(world.db, view.id)).state is not RoundState.RUNNING
        return ended and not await outbox.pending(world.db, view.id)

    await world.standin.wait_for(settled, TIMEOUT)


def weekday_name(day: date) -> str:
    return day.strftime("%A").lower()


def day_after(day: date, days: int = 1) -> date:
    return day + timedelta(days=days)
