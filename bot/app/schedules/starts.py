"""One occurrence of a schedule: its round started as `/quiz start` starts one (the round, then
the conductor; the start card, with its ping, is the first message the conductor delivers), or
recorded with the reason it cannot start.

The occurrence is claimed in the transaction that creates the round
(bot/storage/rounds/lifecycle.py), so of several processes, or a process and its restarted self,
exactly one starts it."""

from __future__ import annotations

import enum
import logging
import random

import discord

from bot.app.kit.context import RoundControl
from bot.app.kit.permissions import bot_can_post, has_pictures
from bot.app.kit.team_plans import with_new_seed
from bot.app.kit.withheld import Choice, permitted_ping
from bot.app.shelf.shelf import PackShelf
from bot.clock import Clock
from bot.quiz.model import Pack
from bot.quiz.rounds.plan import RoundPlan
from bot.quiz.schedules.series import Occurrence, Outcome, Schedule
from bot.storage.database import Database
from bot.storage.packs.versions import PackGoneError
from bot.storage.results import GuildSettings
from bot.storage.rewards import withheld
from bot.storage.rounds import lifecycle
from bot.storage.rounds.lifecycle import ScheduledStart
from bot.storage.schedules import series
from bot.storage.settings import settings

log = logging.getLogger(__name__)


class Attempt(enum.Enum):
    STARTED = "started"
    TAKEN = "taken"  # recorded already: by another process, a skip, or an earlier pass
    BUSY = "busy"  # its channel has a round running: tried again until the wait runs out
    RECORDED = "recorded"  # recorded as not started, its moderator to be told why


class OccurrenceStarter:
    def __init__(
        self,
        client: discord.Client,
        db: Database,
        shelf: PackShelf,
        conductor: RoundControl,
        clock: Clock,
    ) -> None:
        self._client = client
        self._db = db
        self._shelf = shelf
        self._conductor = conductor
        self._clock = clock

    async def attempt(self, schedule: Schedule, occurrence: Occurrence) -> Attempt:
        """Starts the occurrence's round if it can start now."""
        pack = await self._playable(schedule)
        if isinstance(pack, Outcome):
            return await self.record(schedule, occurrence, pack)
        try:
            round_id = await self._start_round(schedule, occurrence, pack)
        except series.OccurrenceTakenError:
            return Attempt.TAKEN
        except lifecycle.RoundAlreadyRunningError:
            return Attempt.BUSY
        except (lifecycle.NothingToReviewError, PackGoneError) as refused:
            # A pack gone since this process last read the server's packs, or nobody answered
            # the pack of a review round.
            review = isinstance(refused, lifecycle.NothingToReviewError)
            outcome = Outcome.NOTHING_TO_REVIEW if review else Outcome.PACK_GONE
            return await self.record(schedule, occurrence, outcome)
        log.info(
            "schedule %s: round %s started for %s", schedule.id, round_id, occurrence.local_day
        )
        self._conductor.begin(round_id)
        return Attempt.STARTED

    async def _playable(self, schedule: Schedule) -> Pack | Outcome:
        """The schedule's pack if its round can start in its channel, else why not: a pack
        with pictures needs Attach Files there too (its moderator is told so)."""
        guild = self._client.get_guild(schedule.guild_id)
        channel = guild.get_channel(schedule.channel_id) if guild is not None else None
        pack = (await self._shelf.view(schedule.guild_id)).offered.get(schedule.pack_id)
        if not bot_can_post(channel, files=pack is not None and has_pictures(pack)):
            return Outcome.CANNOT_POST
        return Outcome.PACK_GONE if pack is None else pack  # removed or turned off meanwhile

    async def _start_round(self, schedule: Schedule, occurrence: Occurrence, pack: Pack) -> int:
        """The round, created with the occurrence's claim (what the server's settings fill in
        read now); raises what ``lifecycle.start_round`` raises."""
        configured = await settings.guild_settings(self._db, schedule.guild_id)
        rng = random.Random()  # noqa: S311  # a quiz shuffle, not cryptography
        view = await lifecycle.start_round(
            self._db,
            RoundPlan(
                guild_id=schedule.guild_id,
                channel_id=schedule.channel_id,
                pack_id=pack.id,
                started_by=schedule.created_by,
                question_seconds=schedule.question_seconds or configured.question_seconds,
                question_count=schedule.question_count,
                mode=schedule.mode,
                ping_role_id=await permitted_ping(
                    self._client,
                    self._db,
                    (schedule.guild_id, schedule.channel_id),
                    _ping_of(schedule, configured),
                    self._clock.now(),
                ),
                team_plan=None if schedule.teams is None else with_new_seed(schedule.teams, rng),
            ),
            rng=rng,
            now=self._clock.now(),
            scheduled=ScheduledStart(schedule.id, occurrence),
        )
        return view.id

    async def record(self, schedule: Schedule, occurrence: Occurrence, outcome: Outcome) -> Attempt:
        """Records why the occurrence does not start, unless it was recorded already."""
        now = self._clock.now()
        if not await series.record(self._db, schedule.id, occurrence, outcome, now):
            return Attempt.TAKEN
        log.info("schedule %s: %s not started (%s)", schedule.id, occurrence.local_day, outcome)
        return Attempt.RECORDED


def _ping_of(schedule: Schedule, configured: GuildSettings) -> Choice:
    """The schedule's own ping, chosen by whoever added it; else the server's."""
    if schedule.ping_role_id is not None:
        return Choice(schedule.ping_role_id, schedule.created_by, withheld.SCHEDULE_PING)
    return Choice(configured.ping_role_id, configured.ping_role_set_by)
