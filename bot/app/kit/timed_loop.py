"""The one shape of the bot's background loops that act at stored times (scheduled rounds,
seasons' ends, reward roles): a pass, then a wait through the clock until the time the pass
says to look again, cut short by ``changed()`` (a command changed what is due). A pass that
fails (the database away) is logged and tried again shortly; the loop never dies of it."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime, timedelta

import discord

from bot.app.kit.grace import finish_within
from bot.app.kit.metrics import LOOP_PASSES
from bot.app.kit.rest_budget import Priority, requests_at
from bot.app.kit.retry import describe
from bot.clock import Clock
from bot.quiz.shards.served import EVERY_SHARD, ServedShards
from bot.storage.database import Database

log = logging.getLogger(__name__)

FAILED_PASS_RETRY_S = 5.0


class TimedLoop:
    """Subclasses give ``run_pass``; ``name`` names the task and the log lines."""

    name = "loop"
    priority = Priority.URGENT  # of its requests against Discord's global limit

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._wake = asyncio.Event()
        self._closing = False
        self._task: asyncio.Task[None] | None = None
        self.passes = 0  # completed passes, for tests that wait on one

    async def run_pass(self) -> datetime:
        """Acts on what is due; when (by the clock) to look again."""
        raise NotImplementedError

    def start(self) -> None:
        if self._task is None and not self._closing:
            with requests_at(self.priority):  # the task keeps the context it is made in
                self._task = asyncio.create_task(self._run(), name=self.name)

    def changed(self) -> None:
        self._wake.set()

    async def shutdown(self, grace_s: float = 0.0) -> None:
        """Stops, letting the pass in hand finish within ``grace_s``."""
        self._closing = True
        self._wake.set()
        if self._task is not None:
            await finish_within([self._task], grace_s)

    async def _run(self) -> None:
        while not self._closing:
            self._wake.clear()  # before the pass: a change from here on cuts the wait short
            try:
                look_again = await self.run_pass()
            except Exception as error:  # noqa: BLE001  # e.g. the database is away: shortly
                log.warning("%s: pass failed (%s)", self.name, describe(error))
                look_again = self._clock.now() + timedelta(seconds=FAILED_PASS_RETRY_S)
            self.passes += 1
            LOOP_PASSES.labels(self.name).inc()
            # Counted from the clock as it is now: if it moved on during the pass, past the
            # time to look again, the next pass comes at once.
            await self._clock.wait((look_again - self._clock.now()).total_seconds(), self._wake)


class ServerLoop(TimedLoop):
    """A timed loop that acts for the servers this process serves: those on its shards
    (``served_shards``, which its queries filter by) that the bot is in (``serves_guild``)."""

    def __init__(
        self,
        client: discord.Client,
        db: Database,
        clock: Clock,
        *,
        serves_guild: Callable[[int], bool],
        served_shards: Callable[[], ServedShards] = lambda: EVERY_SHARD,
    ) -> None:
        super().__init__(clock)
        self._client = client
        self._db = db
        self._serves_guild = serves_guild
        self._served_shards = served_shards
