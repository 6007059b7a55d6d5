"""Gives the reward roles members earned (bot/storage/rewards.py decides them as answers
settle) and tells each member, privately.

Each pass claims the grants of the servers this process serves, gives each role, records it
given and DMs the member, in their DM language, silently in their quiet hours. Discord's refusal
(the bot lacks Manage Roles, the role is above the bot's, the member left, the role is gone) is
recorded and not tried again; `/quiz settings` and `quizbot check --online` say what to fix. A
failure of another kind leaves the claim to lapse, and a later pass tries again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import discord

from bot.app.kit.catalogue import tr
from bot.app.kit.limits import CONTENT, fit_text
from bot.app.kit.retry import describe
from bot.clock import Clock
from bot.quiz.scoring import ALL_TIME
from bot.storage import rewards, settings
from bot.storage.database import Database
from bot.storage.rewards import Grant

log = logging.getLogger(__name__)

NAP_S = 5.0  # between passes: a reward comes seconds after the answer that earned it
REFUSED = (discord.Forbidden, discord.NotFound)


class RewardLoop:
    def __init__(
        self,
        client: discord.Client,
        db: Database,
        clock: Clock,
        *,
        serves_guild: Callable[[int], bool],
    ) -> None:
        self._client = client
        self._db = db
        self._clock = clock
        self._serves_guild = serves_guild
        self._wake = asyncio.Event()
        self._closing = False
        self._task: asyncio.Task[None] | None = None
        self.passes = 0

    def start(self) -> None:
        if self._task is None and not self._closing:
            self._task = asyncio.create_task(self._run(), name="rewards")

    def changed(self) -> None:
        self._wake.set()

    async def shutdown(self) -> None:
        self._closing = True
        self._wake.set()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _run(self) -> None:
        while not self._closing:
            self._wake.clear()
            try:
                await self.run_pass()
            except Exception as error:  # noqa: BLE001  # e.g. the database is away: next pass
                log.warning("rewards: pass failed (%s)", describe(error))
            self.passes += 1
            await self._clock.wait(NAP_S, self._wake)

    async def run_pass(self) -> None:
        served = [guild.id for guild in self._client.guilds if self._serves_guild(guild.id)]
        for grant in await rewards.claim_grants(self._db, self._clock.now(), served):
            await self._give(grant)

    async def _give(self, grant: Grant) -> None:
        reason = f"quizbot reward: {grant.points} points"
        try:
            await self._client.http.add_role(
                grant.guild_id, grant.member_id, grant.role_id, reason=reason
            )
        except REFUSED as refused:
            await rewards.grant_refused(self._db, grant, describe(refused))
            log.warning(
                "reward role %s not given in server %s (%s)",
                grant.role_id,
                grant.guild_id,
                describe(refused),
            )
            return
        except discord.HTTPException as failed:  # the claim lapses: tried again later
            log.info("reward role %s: %s", grant.role_id, describe(failed))
            return
        await rewards.grant_given(self._db, grant, self._clock.now())
        await self._tell(grant)

    async def _tell(self, grant: Grant) -> None:
        member = await settings.member_settings(self._db, grant.member_id)
        guild = self._client.get_guild(grant.guild_id)
        role = guild.get_role(grant.role_id) if guild is not None else None
        key = "rewards.earned" if grant.period == ALL_TIME else "rewards.earned_season"
        text = tr(
            member.dm_locale,
            key,
            role=role.name if role is not None else str(grant.role_id),
            server=guild.name if guild is not None else "",
            points=grant.points,
        )
        try:
            channel = await self._client.create_dm(discord.Object(grant.member_id))
            await channel.send(fit_text(text, CONTENT), silent=member.quiet_at(self._clock.now()))
        except discord.HTTPException as refused:  # DMs closed: the role is given all the same
            log.info("reward role %s: member not told (%s)", grant.role_id, describe(refused))
