"""What `/quiz schedule` asks for: a new series checked and saved, the server's series with
their next rounds, the next round of one skipped, one removed. Each command calls one of these
and renders what it returns (bot/app/schedules/texts.py)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from bot.quiz.model import Pack
from bot.quiz.rounds.review_round import RoundMode
from bot.quiz.rounds.teams import TeamPlan
from bot.quiz.schedules.series import (
    SHOWN_NEXT,
    NewSchedule,
    Occurrence,
    Outcome,
    Problem,
    Schedule,
    asked_recurrence,
    upcoming,
)
from bot.quiz.zones import UTC_ZONE, zone_or_utc
from bot.storage.database import Database
from bot.storage.rewards import withheld
from bot.storage.schedules import series
from bot.storage.settings import settings

log = logging.getLogger(__name__)


def zone_of(name: str) -> ZoneInfo:
    """A server's zone by name; UTC for one this system no longer knows (logged)."""
    zone = zone_or_utc(name)
    if zone is UTC_ZONE and name != "UTC":
        log.warning("schedules: unknown time zone %r; using UTC", name)
    return zone


@dataclass(frozen=True, slots=True)
class Request:
    """A `/quiz schedule add`, its options as typed (the pack already found)."""

    guild_id: int
    channel_id: int
    pack: Pack
    day: str
    time: str
    ends: str | None
    questions: int | None
    seconds: int | None
    mode: RoundMode
    ping_role_id: int | None
    teams: TeamPlan | None
    by: int
    locale: str  # the moderator's Discord language


@dataclass(frozen=True, slots=True)
class Planned:
    """A schedule with its zone and its next occurrences (skipped ones left out)."""

    schedule: Schedule
    zone: str
    next: tuple[Occurrence, ...]


@dataclass(frozen=True, slots=True)
class Refused:
    problem: Problem | None  # None: the server has as many schedules as it may
    zone: str


async def add_schedule(db: Database, request: Request, now: datetime) -> Planned | Refused:
    """The new series, saved, if it is one that has rounds to come."""
    zone_name = (await settings.guild_settings(db, request.guild_id)).time_zone
    recurrence = asked_recurrence(request.day, request.time, request.ends)
    if isinstance(recurrence, Problem):
        return Refused(recurrence, zone_name)
    coming = upcoming(recurrence, zone_of(zone_name), now=now, skipped=frozenset(), count=1)
    if not coming:
        return Refused(Problem.ENDS_BEFORE_FIRST, zone_name)
    new = NewSchedule(
        guild_id=request.guild_id,
        channel_id=request.channel_id,
        pack_id=request.pack.id,
        recurrence=recurrence,
        question_count=request.questions,
        question_seconds=request.seconds,
        mode=request.mode,
        ping_role_id=request.ping_role_id,
        teams=request.teams,
        created_by=request.by,
        created_locale=request.locale,
        created_at=now,
    )
    try:
        schedule = await series.add(db, new)
    except series.TooManySchedulesError:
        return Refused(None, zone_name)
    if request.ping_role_id is not None:  # chosen again: a later refusal is told again
        await withheld.clear_notice(
            db, request.guild_id, withheld.SCHEDULE_PING, request.ping_role_id
        )
    return (await _planned(db, [schedule], zone_name, now))[0]


async def server_schedules(db: Database, guild_id: int, now: datetime) -> list[Planned]:
    """The server's series, oldest first, each with its next rounds."""
    zone_name = (await settings.guild_settings(db, guild_id)).time_zone
    return await _planned(db, await series.guild_schedules(db, guild_id), zone_name, now)


@dataclass(frozen=True, slots=True)
class Skipped:
    schedule: Schedule
    skipped: Occurrence | None  # None: the series has no round left to skip
    then: Occurrence | None  # the next round after the skipped one


async def skip_next(db: Database, guild_id: int, schedule_id: int, now: datetime) -> Skipped | None:
    """Records the series' next round as skipped; None if the server has no such schedule."""
    planned = {p.schedule.id: p for p in await server_schedules(db, guild_id, now)}
    found = planned.get(schedule_id)
    if found is None:
        return None
    for occurrence in found.next:
        # Taken meanwhile (started, or skipped by another moderator): the one after it, then.
        if await series.record(db, schedule_id, occurrence, Outcome.SKIPPED, now):
            after = [o for o in found.next if o.due_at > occurrence.due_at]
            return Skipped(found.schedule, occurrence, after[0] if after else None)
    return Skipped(found.schedule, None, None)


async def remove_schedule(db: Database, guild_id: int, schedule_id: int, now: datetime) -> bool:
    """Ends a series of this server; False if it has no such schedule."""
    return await series.remove(db, guild_id, schedule_id, now)


async def _planned(
    db: Database, found: list[Schedule], zone_name: str, now: datetime
) -> list[Planned]:
    zone = zone_of(zone_name)
    recorded = await series.records(db, [s.id for s in found], now)
    return [
        Planned(
            schedule,
            zone_name,
            tuple(
                upcoming(
                    schedule.recurrence,
                    zone,
                    now=now,
                    skipped=recorded[schedule.id].ahead,
                    count=SHOWN_NEXT,
                )
            ),
        )
        for schedule in found
    ]
