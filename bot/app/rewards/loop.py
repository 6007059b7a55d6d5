"""Gives the reward roles members earned (bot/storage/rewards.py decides them as answers
settle) and tells each member, privately.

Each pass claims the grants of the servers this process serves, gives each role, records it
given and DMs the member, in their DM language, silently in their quiet hours. Discord's refusal
(the bot lacks Manage Roles, the role is above the bot's, the member left, the role is gone) is
recorded and not tried again; `/quiz settings` and `quizbot check --online` say what to fix. A
failure of another kind leaves the claim to lapse, and a later pass tries again.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

import discord

from bot.app.kit.catalogue import tr
from bot.app.kit.limits import CONTENT, fit_text
from bot.app.kit.retry import describe
from bot.app.kit.timed_loop import ServerLoop
from bot.quiz.scoring import ALL_TIME
from bot.storage import rewards, settings
from bot.storage.rewards import Grant

log = logging.getLogger(__name__)

NAP_S = 5.0  # between passes: a reward comes seconds after the answer that earned it
REFUSED = (discord.Forbidden, discord.NotFound)


class RewardLoop(ServerLoop):
    name = "rewards"

    async def run_pass(self) -> datetime:
        """Gives the roles earned in the servers served here; when to look again."""
        now = self._clock.now()
        served = self.served_guild_ids()
        for grant in await rewards.claim_grants(self._db, now, served):
            await self._give(grant)
        return now + timedelta(seconds=NAP_S)

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
