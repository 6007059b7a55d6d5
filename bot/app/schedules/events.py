"""A Discord event for each schedule (a Guild Scheduled Event): made when the bot may, kept in
line with the series by each pass of the loop, and deleted with it.

The event is EXTERNAL (its location is the round's "#channel"), titled and described by the
pack, and recurs daily or weekly. Discord's rule keeps UTC, so across a clock change the event
is re-based on the series' next occurrence (bot/quiz/schedules/events.py); a skipped occurrence is
an exception that cancels it. The event goes ACTIVE when its round starts and is COMPLETED once
the round has ended, which moves a recurring event on to its next occurrence.

The bot reads its events from discord.py's cache (the gateway's updates, intent
GUILD_SCHEDULED_EVENTS) and changes them over REST; after a change it waits for the cache to show
it, or to show the event moved on past it (EXPECT_S at most), before judging the event again;
each update the gateway brings wakes the loop for that next look. A schedule works the same
without an event: a bot that may not make one (Create Events) leaves it at that.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import discord
from discord.http import Route

from bot.app.kit.limits import fit_text
from bot.app.kit.public_locale import public_locale
from bot.app.kit.retry import describe
from bot.app.shelf.shelf import PackShelf
from bot.quiz.schedules.events import event_length, rule_time
from bot.quiz.schedules.series import Occurrence, Schedule
from bot.storage.database import Database
from bot.storage.schedules import events

log = logging.getLogger(__name__)

EXTERNAL, GUILD_ONLY = 3, 2
SCHEDULED, ACTIVE, COMPLETED = 1, 2, 3
WEEKLY, DAILY = 2, 3
NAME, DESCRIPTION, LOCATION = 100, 1000, 100
EXPECT_S = 10.0  # how long a change of ours may take to show in the cache
UNKNOWN_EVENT = 10070


@dataclass(frozen=True, slots=True)
class SeriesNow:
    """What the loop knows of a schedule as it looks at its event."""

    zone: ZoneInfo
    next_any: Occurrence | None  # the first occurrence still to come, skipped or not
    skipped: frozenset[date]  # skipped days still to come
    running: bool  # one of its rounds is running
    settled_until: datetime | None  # its newest occurrence recorded by now
    question_seconds: int  # what its rounds play with, the server's setting filled in
    now: datetime


def may_make_events(guild: discord.Guild) -> bool:
    allowed = guild.me.guild_permissions
    return allowed.create_events or allowed.manage_events or allowed.administrator


class ScheduleEvents:
    def __init__(self, client: discord.Client, db: Database, shelf: PackShelf) -> None:
        self._client = client
        self._db = db
        self._shelf = shelf
        # event id -> (status, start) a change of ours set, and when (monotonic)
        self._expected: dict[int, tuple[int, datetime, float]] = {}

    async def keep(self, schedule: Schedule, series: SeriesNow) -> bool:
        """Brings the schedule's event in line with the series (makes it, if it has none);
        whether a change of ours is still to show (then the event wants another look soon)."""
        before = len(self._expected)
        await self._keep(schedule, series)
        event_id = schedule.event_id
        return len(self._expected) > before or (event_id is not None and event_id in self._expected)

    async def _keep(self, schedule: Schedule, series: SeriesNow) -> None:
        guild = self._client.get_guild(schedule.guild_id)
        if guild is None:
            return
        if schedule.event_id is None:
            if series.next_any is not None and may_make_events(guild):
                await self._make(schedule, series, series.next_any)
            return
        event = guild.get_scheduled_event(schedule.event_id)
        if event is None or self._awaited(event):
            return  # deleted by someone (left so), or our change has not shown yet
        if event.status is discord.EventStatus.active:
            over = series.settled_until is not None and event.start_time <= series.settled_until
            if over and not series.running:
                await self._set_status(schedule, COMPLETED)
        elif event.status is discord.EventStatus.scheduled:
            if series.next_any is None:  # the series has ended
                await self.delete(schedule)
            else:
                await self._keep_scheduled(schedule, series, event, series.next_any)

    async def started(self, schedule: Schedule, occurrence: Occurrence) -> None:
        """The occurrence's round has started: its event is ACTIVE."""
        guild = self._client.get_guild(schedule.guild_id)
        event = guild.get_scheduled_event(schedule.event_id or 0) if guild is not None else None
        scheduled = event is not None and event.status is discord.EventStatus.scheduled
        if scheduled and event is not None and event.start_time <= occurrence.due_at:
            await self._set_status(schedule, ACTIVE)

    async def delete(self, schedule: Schedule) -> None:
        """Deletes the schedule's event (one already gone is forgotten all the same)."""
        if schedule.event_id is None:
            return
        route = Route(
            "DELETE",
            "/guilds/{guild_id}/scheduled-events/{event_id}",
            guild_id=schedule.guild_id,
            event_id=schedule.event_id,
        )
        if await self._send(schedule, route, None, missing_ok=True) is not False:
            await events.set_event(self._db, schedule.id, None, None)

    async def _keep_scheduled(
        self,
        schedule: Schedule,
        series: SeriesNow,
        event: discord.ScheduledEvent,
        coming: Occurrence,
    ) -> None:
        if series.running and event.start_time <= series.now:
            await self._set_status(schedule, ACTIVE)
            return
        if event.start_time != coming.due_at:  # a clock change, a new zone, a missed round
            await self._rebase(schedule, series, coming)
            return
        rule_start = schedule.event_rule_start or coming.due_at
        rule_day = rule_start.astimezone(series.zone).date()
        for skipped in await events.skips_to_except(self._db, schedule.id, series.now):
            body = {
                "original_scheduled_start_time": rule_time(
                    rule_start, rule_day, skipped.local_day
                ).isoformat(),
                "is_canceled": True,
            }
            route = self._route("POST", schedule, "/exceptions")
            if await self._send(schedule, route, body) is not False:
                await events.set_excepted(self._db, schedule.id, [skipped.local_day], excepted=True)

    async def _make(self, schedule: Schedule, series: SeriesNow, coming: Occurrence) -> None:
        body = await self._body(schedule, series, coming)
        if body is None:
            return
        route = Route("POST", "/guilds/{guild_id}/scheduled-events", guild_id=schedule.guild_id)
        made = await self._send(schedule, route, body)
        if isinstance(made, dict):
            event_id = int(made["id"])
            self._expect(made)
            await events.set_event(self._db, schedule.id, event_id, coming.due_at)
            await events.set_excepted(self._db, schedule.id, series.skipped, excepted=False)

    async def _rebase(self, schedule: Schedule, series: SeriesNow, coming: Occurrence) -> None:
        """Moves the event to the series' next occurrence, with a rule counted from it (which
        drops the event's exceptions: they are made again)."""
        body = await self._body(schedule, series, coming)
        if body is None or schedule.event_id is None:
            return
        changed = {k: body[k] for k in ("scheduled_start_time", "scheduled_end_time")}
        changed["recurrence_rule"] = body["recurrence_rule"]
        moved = await self._send(schedule, self._route("PATCH", schedule), changed)
        if not isinstance(moved, dict):
            return
        self._expect(moved)
        await events.set_event(self._db, schedule.id, schedule.event_id, coming.due_at)
        await events.set_excepted(self._db, schedule.id, series.skipped, excepted=False)

    async def _set_status(self, schedule: Schedule, status: int) -> None:
        changed = await self._send(schedule, self._route("PATCH", schedule), {"status": status})
        if isinstance(changed, dict):
            self._expect(changed)  # a completed recurring event comes back at its next round

    async def _body(
        self, schedule: Schedule, series: SeriesNow, coming: Occurrence
    ) -> dict[str, Any] | None:
        guild = self._client.get_guild(schedule.guild_id)
        channel = guild.get_channel(schedule.channel_id) if guild is not None else None
        pack = (await self._shelf.view(schedule.guild_id)).offered.get(schedule.pack_id)
        if channel is None or pack is None:
            return None  # the round will not start either: the loop tells its moderator
        locale = await public_locale(self._client, self._db, schedule.guild_id, pack)
        questions = schedule.question_count or len(pack.questions)
        end = coming.due_at + event_length(questions, series.question_seconds)
        return {
            "name": fit_text(pack.title.get(locale), NAME),
            "description": fit_text(pack.summary.get(locale), DESCRIPTION),
            "privacy_level": GUILD_ONLY,
            "entity_type": EXTERNAL,
            "entity_metadata": {"location": fit_text(f"#{channel.name}", LOCATION)},
            "scheduled_start_time": coming.due_at.isoformat(),
            "scheduled_end_time": end.isoformat(),
            "recurrence_rule": _rule(schedule, coming),
        }

    def _route(self, method: str, schedule: Schedule, tail: str = "") -> Route:
        return Route(
            method,
            "/guilds/{guild_id}/scheduled-events/{event_id}" + tail,
            guild_id=schedule.guild_id,
            event_id=schedule.event_id,
        )

    async def _send(
        self,
        schedule: Schedule,
        route: Route,
        body: dict[str, Any] | None,
        *,
        missing_ok: bool = False,
    ) -> Any:  # noqa: ANN401  # Discord's JSON answer, or False when it refused
        try:
            return await self._client.http.request(route, json=body)
        except discord.NotFound as gone:
            if missing_ok and gone.code == UNKNOWN_EVENT:
                return None
            # Deleted by hand meanwhile: it stays so (the id is kept, so none is made again).
            log.info("schedule %s: its event is gone (%s)", schedule.id, describe(gone))
        except discord.HTTPException as refused:  # e.g. Create Events taken away
            log.warning("schedule %s: event not changed (%s)", schedule.id, describe(refused))
        return False

    def _expect(self, event: dict[str, Any]) -> None:
        """The event as Discord answered a change of ours: the cache is to show it so."""
        start = discord.utils.parse_time(event["scheduled_start_time"])
        self._expected[int(event["id"])] = (int(event["status"]), start, time.monotonic())

    def _awaited(self, event: discord.ScheduledEvent) -> bool:
        """Whether a change of ours to ``event`` has not shown in the cache yet."""
        expected = self._expected.get(event.id)
        if expected is None:
            return False
        status, start, since = expected
        now_shown = (event.status.value, event.start_time)
        shown = now_shown == (status, start) or moved_past(status, start, *now_shown)
        if shown or time.monotonic() - since > EXPECT_S:
            del self._expected[event.id]
            return False
        return True


def _rule(schedule: Schedule, coming: Occurrence) -> dict[str, Any]:
    """Discord's recurrence rule of the series, counted (in UTC) from ``coming``."""
    start = coming.due_at
    if schedule.recurrence.weekday is None:
        return {"start": start.isoformat(), "frequency": DAILY, "interval": 1}
    return {
        "start": start.isoformat(),
        "frequency": WEEKLY,
        "interval": 1,
        "by_weekday": [start.weekday()],
    }


def moved_past(status: int, start: datetime, shown_status: int, shown_start: datetime) -> bool:
    """Whether the event the cache shows has moved on past the state a change of ours left it
    in: a SCHEDULED event that has started or ended since (Discord starts an EXTERNAL event at
    its time by itself), or an ACTIVE one that ended (a recurring one SCHEDULED again, later)."""
    if status == SCHEDULED:
        return shown_status != SCHEDULED
    if status == ACTIVE:
        return shown_status != ACTIVE and (shown_status != SCHEDULED or shown_start > start)
    return False
