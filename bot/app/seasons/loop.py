"""Ends seasons at their end and posts the final standings of every ended season, once.

Each pass ends every season whose end has come (any process may; the database hands each to
one), then claims the ended seasons of the servers this process serves whose standings are not
posted, and posts them. Then it waits, through the clock, for the next season's end, or at most
``MAX_NAP_S``; a season command wakes it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

import discord

from bot.app.kit.timed_loop import TimedLoop
from bot.app.seasons.final_standings import post_final_standings
from bot.clock import Clock
from bot.storage import seasons
from bot.storage.database import Database

log = logging.getLogger(__name__)

MAX_NAP_S = 30.0  # the longest the loop waits without looking again


class SeasonLoop(TimedLoop):
    name = "seasons"

    def __init__(
        self,
        client: discord.Client,
        db: Database,
        clock: Clock,
        *,
        serves_guild: Callable[[int], bool],
    ) -> None:
        super().__init__(clock)
        self._client = client
        self._db = db
        self._serves_guild = serves_guild

    async def run_pass(self) -> datetime:
        """Ends the seasons due, posts the final standings owed here; when to look again."""
        now = self._clock.now()
        for ended in await seasons.end_due_seasons(self._db, now):
            log.info("season %s of server %s ended at its end", ended.id, ended.guild_id)
        served = [guild.id for guild in self._client.guilds if self._serves_guild(guild.id)]
        for season in await seasons.claim_standings(self._db, now, served):
            await post_final_standings(self._client, self._db, season)
        look_again = now + timedelta(seconds=MAX_NAP_S)
        next_end = await seasons.next_end(self._db)
        return look_again if next_end is None else min(look_again, next_end)
