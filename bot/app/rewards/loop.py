"""Gives the reward roles members earned (bot/storage/rewards/reward_roles.py decides them as
answers settle) and tells each member, privately.

Each pass claims the grants of the servers this process serves and checks each role as the
server has it now against whoever set it, as they are now (bot/quiz/authority.py): a role that
has since gained a permission, or whose setter has lost Manage Roles, left or sits below it, is
withheld, recorded, and its setter told once (bot/app/kit/withheld.py). Otherwise it gives the
role, records it given and DMs the member, in their DM language, silently in their quiet hours.
Discord's refusal (the bot lacks Manage Roles, the role is above the bot's, the member left, the
role is gone) is recorded and not tried again; `/quiz settings` and `quizbot check --online`
say what to fix. A failure of another kind leaves the claim to lapse, and a later pass tries
again.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

import discord

from bot.app.kit.authority import role_facts, setter_standing
from bot.app.kit.catalogue import tr
from bot.app.kit.limits import CONTENT, fit_text
from bot.app.kit.rest_budget import Priority
from bot.app.kit.retry import describe
from bot.app.kit.timed_loop import ServerLoop
from bot.app.kit.withheld import tell_once
from bot.quiz import authority
from bot.quiz.authority import Refusal
from bot.quiz.boards.scoring import ALL_TIME
from bot.storage.rewards import reward_roles, withheld
from bot.storage.rewards.reward_roles import Grant
from bot.storage.settings import settings

log = logging.getLogger(__name__)

NAP_S = 5.0  # between passes: a reward comes seconds after the answer that earned it
REFUSED = (discord.Forbidden, discord.NotFound)
UNJUDGED: Refusal = ("", {})  # the setter could not be read: neither given nor refused yet


class RewardLoop(ServerLoop):
    name = "rewards"
    priority = Priority.ROUTINE  # roles and DMs wait behind rounds

    async def run_pass(self) -> datetime:
        """Gives the roles earned in the servers served here; when to look again."""
        now = self._clock.now()
        shards, present = self._served_shards(), self._serves_guild
        checked: dict[tuple[int, int], Refusal | None] = {}  # each role judged once a pass
        for grant in await reward_roles.claim_grants(self._db, now, shards, present):
            key = (grant.guild_id, grant.role_id)
            if key not in checked:
                checked[key] = await self._judged(grant, now)
            refusal = checked[key]
            if refusal is None:
                await self._give(grant)
            elif refusal is not UNJUDGED:  # an unjudged grant's claim lapses: tried again later
                await reward_roles.grant_refused(self._db, grant, f"withheld: {refusal[0]}")
        return now + timedelta(seconds=NAP_S)

    async def _judged(self, grant: Grant, now: datetime) -> Refusal | None:
        """Why the role may not be given now, told once; None if it may (a role the bot cannot
        see is left to Discord, whose refusal is recorded as before)."""
        guild = self._client.get_guild(grant.guild_id)
        role = guild.get_role(grant.role_id) if guild is not None else None
        if guild is None or role is None:
            return None
        setter_id = (await reward_roles.setters_of(self._db, guild.id)).get(role.id)
        try:
            setter = await setter_standing(guild, setter_id)
        except discord.HTTPException as failed:  # not known whether they may: not now
            log.info("reward role %s: setter not read (%s)", role.id, describe(failed))
            return UNJUDGED
        refusal = authority.reward_refusal(setter, role_facts(role, mention=False))
        if refusal is not None:
            told = setter_id if setter is not None else guild.owner_id
            what = (withheld.REWARD, role)
            await tell_once(self._client, self._db, what, (told, refusal), now)
        return refusal

    async def _give(self, grant: Grant) -> None:
        reason = f"quizbot reward: {grant.points} points"
        try:
            await self._client.http.add_role(
                grant.guild_id, grant.member_id, grant.role_id, reason=reason
            )
        except REFUSED as refused:
            await reward_roles.grant_refused(self._db, grant, describe(refused))
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
        await reward_roles.grant_given(self._db, grant, self._clock.now())
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
