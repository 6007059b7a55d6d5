"""Ends seasons at their end and posts the final standings of every ended season, once.

Each pass ends every season whose end has come (any process may; the database hands each to
one), then claims the ended seasons of the servers this process serves whose standings are not
posted, and posts them. Then it waits, through the clock, for the next season's end, or at most
``MAX_NAP_S``; a season command wakes it.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from bot.app.kit.timed_loop import ServerLoop
from bot.app.seasons.final_standings import post_final_standings
from bot.storage.seasons import season

log = logging.getLogger(__name__)

MAX_NAP_S = 30.0  # the longest the loop waits without looking again


class SeasonLoop(ServerLoop):
    name = "seasons"

    async def run_pass(self) -> datetime:
        """Ends the seasons due, posts the final standings owed here; when to look again."""
        now = self._clock.now()
        for ended in await season.end_due_seasons(self._db, now):
            log.info("season %s of server %s ended at its end", ended.id, ended.guild_id)
        shards, present = self._served_shards(), self._serves_guild
        for claimed in await season.claim_standings(self._db, now, shards, present):
            await post_final_standings(self._client, self._db, claimed)
        look_again = now + timedelta(seconds=MAX_NAP_S)
        next_end = await season.next_end(self._db)
        return look_again if next_end is None else min(look_again, next_end)
