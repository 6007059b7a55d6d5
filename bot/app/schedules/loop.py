"""Starts scheduled rounds when they are due, exactly once, and tells moderators of the ones
that could not start.

Each pass reads every schedule of the servers this process serves (a server's rounds are started by
the process on its shard, as the conductor conducts them), asks the domain which occurrences are
owed (bot.quiz.schedules.series.agenda) and acts on each: the newest starts if the bot reached it
within the server's grace period, else it and any older one are recorded as missed; a channel with a
round running is waited for (BUSY_WAIT), then the occurrence is recorded as busy. Then the loop
waits, through the clock, for the next due occurrence, or less: a command that changes a schedule
wakes it, and it looks again at least every MAX_NAP_S anyway (a server that arrived late, a schedule
changed by another process).

Every outcome is written once in the database (bot/storage/schedules/series.py), so a restart or a
second process never starts an occurrence twice nor loses one; the notes to moderators are
taken from there once each.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import date, datetime, timedelta
from itertools import groupby

import discord

from bot.app.kit.context import RoundControl
from bot.app.kit.retry import describe
from bot.app.kit.timed_loop import ServerLoop
from bot.app.schedules.events import ScheduleEvents, SeriesNow
from bot.app.schedules.interest import InterestNotices
from bot.app.schedules.planning import zone_of
from bot.app.schedules.starts import Attempt, OccurrenceStarter
from bot.app.schedules.texts import note_text
from bot.app.shelf.shelf import PackShelf
from bot.clock import Clock
from bot.quiz.schedules.events import NOTICE_LEAD, notice_due
from bot.quiz.schedules.series import (
    Occurrence,
    Outcome,
    Schedule,
    Verdict,
    agenda,
    occurrences,
    verdict,
    waits_for_channel,
)
from bot.quiz.shards.served import EVERY_SHARD, ServedShards
from bot.storage.database import Database
from bot.storage.results import GuildSettings
from bot.storage.schedules import events, series
from bot.storage.schedules.series import NOTHING_RECORDED, Note, Records
from bot.storage.settings import settings

log = logging.getLogger(__name__)

MAX_NAP_S = 30.0  # the longest the loop waits without looking again
BUSY_RECHECK_S = 2.0  # how soon a busy channel is looked at again
# How soon a schedule whose round runs, or whose event we just changed, is looked at again.
RUNNING_RECHECK_S = 5.0
SHUTDOWN_GRACE_S = 5.0


class ScheduleLoop(ServerLoop):
    name = "schedules"

    def __init__(
        self,
        client: discord.Client,
        db: Database,
        shelf: PackShelf,
        conductor: RoundControl,
        clock: Clock,
        *,
        serves_guild: Callable[[int], bool],
        served_shards: Callable[[], ServedShards] = lambda: EVERY_SHARD,
    ) -> None:
        super().__init__(client, db, clock, serves_guild=serves_guild, served_shards=served_shards)
        self._shelf = shelf
        self._starter = OccurrenceStarter(client, db, shelf, conductor, clock)
        # A round's end completes its Discord event and lets a schedule waiting for the
        # channel start: both are this loop's next pass, not one up to MAX_NAP_S later.
        conductor.when_a_round_ends(self.changed)
        self.events = ScheduleEvents(client, db, shelf)
        self.interest = InterestNotices(client, db, shelf)
        self._told: set[tuple[int, date]] = set()  # occurrences whose interested were told
        # When this process first saw each owed occurrence: reached within the grace period,
        # it stays in time while it waits for a busy channel.
        self._noticed: dict[tuple[int, object], datetime] = {}

    def event_updated(self, guild_id: int) -> None:
        """The gateway showed a change to a scheduled event of a server: the step after a
        change of ours (a completed event re-based on the series, say) comes now, not at the
        next recheck. (The update may come before Discord's answer to the change itself.)"""
        if self._serves_guild(guild_id):
            self.changed()

    async def shutdown(self, grace_s: float = SHUTDOWN_GRACE_S) -> None:
        """Stops after the occurrence in hand (a round is not cut off as it starts)."""
        await super().shutdown(grace_s)
        await self.interest.close()

    async def run_pass(self) -> datetime:
        """Acts on every owed occurrence of the servers served here, tells moderators of those
        that did not start; when to look again (by the clock): the next due occurrence, or
        sooner."""
        now, shards = self._clock.now(), self._served_shards()
        schedules = await series.active_schedules(self._db, shards)
        mine = [s for s in schedules if self._serves_guild(s.guild_id)]
        recorded = await series.served_records(self._db, shards, now)
        running = await events.with_running_round(self._db, shards)
        servers: dict[int, GuildSettings] = {}
        look_again = now + timedelta(seconds=MAX_NAP_S)
        for schedule in mine:
            if self._closing:
                break
            if schedule.guild_id not in servers:
                servers[schedule.guild_id] = await settings.guild_settings(
                    self._db, schedule.guild_id
                )
            served = await self._serve(
                schedule,
                recorded.get(schedule.id, NOTHING_RECORDED),
                servers[schedule.guild_id],
                running=schedule.id in running,
            )
            look_again = min(look_again, served)
        present = self._serves_guild
        for removed in await events.removed_with_events(self._db, shards, present):
            await self.events.delete(removed)
        await self._tell(shards)
        return look_again

    async def _serve(
        self, schedule: Schedule, records: Records, server: GuildSettings, *, running: bool
    ) -> datetime:
        """Acts on the schedule's owed occurrences, keeps its Discord event in line and tells
        those interested in it of a round about to start; when it next needs a look."""
        now = self._clock.now()
        since = max(schedule.created_at, records.settled_until or schedule.created_at)
        zone = zone_of(server.time_zone)
        plan = agenda(schedule.recurrence, zone, since=since, now=now, recorded=records.ahead)
        look_again = now + timedelta(seconds=MAX_NAP_S)
        if plan.next_due is not None:
            look_again = min(look_again, plan.next_due.due_at)
        grace = timedelta(minutes=server.grace_minutes)
        for occurrence in plan.owed:
            attempt = await self._act(schedule, occurrence, grace)
            if attempt is Attempt.BUSY:
                look_again = min(look_again, now + timedelta(seconds=BUSY_RECHECK_S))
            running = running or attempt is Attempt.STARTED
        if running:
            look_again = min(look_again, now + timedelta(seconds=RUNNING_RECHECK_S))
        settling = await self.events.keep(
            schedule,
            SeriesNow(
                zone=zone,
                next_any=next(
                    iter(occurrences(schedule.recurrence, zone, after=now, count=1)), None
                ),
                skipped=records.ahead,
                running=running,
                settled_until=records.settled_until,
                question_seconds=schedule.question_seconds or server.question_seconds,
                now=now,
            ),
        )
        if settling:  # a change to its event is to show: the next step comes after it
            look_again = min(look_again, now + timedelta(seconds=RUNNING_RECHECK_S))
        if plan.next_due is not None and schedule.event_id is not None:
            look_again = min(look_again, self._notice(schedule, plan.next_due, now))
        return look_again

    def _notice(self, schedule: Schedule, coming: Occurrence, now: datetime) -> datetime:
        """Tells the event's interested members of the coming round once it is due to; when to
        look again for that."""
        key = (schedule.id, coming.local_day)
        if notice_due(coming.due_at, now) and key not in self._told:
            self._told.add(key)
            self.interest.tell(schedule, coming, now)
        notice_at = coming.due_at - NOTICE_LEAD
        return notice_at if notice_at > now else coming.due_at

    async def _act(self, schedule: Schedule, occurrence: Occurrence, grace: timedelta) -> Attempt:
        key = (schedule.id, occurrence.local_day)
        now = self._clock.now()
        noticed = self._noticed.setdefault(key, now)
        if verdict(occurrence, noticed_at=noticed, grace=grace) is Verdict.MISSED:
            attempt = await self._starter.record(schedule, occurrence, Outcome.MISSED)
        else:
            attempt = await self._starter.attempt(schedule, occurrence)
            if attempt is Attempt.BUSY and not waits_for_channel(occurrence, now):
                attempt = await self._starter.record(schedule, occurrence, Outcome.BUSY)
            if attempt is Attempt.STARTED:
                await self.events.started(schedule, occurrence)
        if attempt is not Attempt.BUSY:
            self._noticed.pop(key, None)
        return attempt

    async def _tell(self, shards: ServedShards) -> None:
        """DMs each moderator, once, about their schedules' rounds that did not start."""
        notes = await series.take_notes(self._db, shards, self._serves_guild)
        for _, grouped in groupby(notes, key=lambda note: note.schedule.id):
            await self._tell_one(list(grouped))

    async def _tell_one(self, notes: list[Note]) -> None:
        schedule = notes[0].schedule
        try:
            moderator = await settings.member_settings(self._db, schedule.created_by)
            server = await settings.guild_settings(self._db, schedule.guild_id)
            library = (await self._shelf.view(schedule.guild_id)).known
            locale = moderator.locale or schedule.created_locale
            text = note_text(notes, library, locale, grace_minutes=server.grace_minutes)
            channel = await self._client.create_dm(discord.Object(schedule.created_by))
            await channel.send(text)
        except Exception as error:  # noqa: BLE001  # they may not take DMs: the log has it
            log.warning(
                "schedule %s: could not tell <@%s> (%s)",
                schedule.id,
                schedule.created_by,
                describe(error),
            )
