"""The reward roles' share of `/quiz settings`: a role and the points that earn it (all-time or
in the running season), or a role no longer given. Before a role is taken as a reward the bot
checks it can give it: a role of its own to give (not @everyone, not a bot's or integration's),
"Manage Roles", and its own highest role above the reward's, as Discord requires; and that the
member setting it could give it in Discord themselves and that it carries no elevated permission
(bot/quiz/authority.py). Each missing one is said plainly, and nothing is saved."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import discord

from bot.app.kit.authority import interaction_standing, refused, role_facts
from bot.quiz import authority
from bot.quiz.authority import Refusal
from bot.quiz.rewards.reward_roles import Reward, RewardScope
from bot.storage.database import Database
from bot.storage.rewards import reward_roles


@dataclass(frozen=True, slots=True)
class RewardChange:
    """What a `/quiz settings` asks of the rewards; all None: nothing."""

    role: discord.Role | None = None
    points: int | None = None
    scope: RewardScope = RewardScope.ALL_TIME
    clear: discord.Role | None = None


def reward_refusal(interaction: discord.Interaction[Any], change: RewardChange) -> Refusal | None:
    """Why the change cannot be made, as a catalogue key and its variables; None if it can."""
    if (change.role is None) != (change.points is None):
        return "rewards.needs_both", {}
    role = change.role
    if role is None or interaction.guild is None:
        return None
    if role.is_default() or role.managed:
        return "rewards.not_giveable", {"role": role.mention}
    me = interaction.guild.me
    if not me.guild_permissions.manage_roles:
        return "rewards.no_manage_roles", {"role": role.mention}
    if role >= me.top_role:
        return "rewards.above_me", {"role": role.mention, "mine": me.top_role.mention}
    setter = authority.reward_refusal(interaction_standing(interaction), role_facts(role))
    return refused(interaction, setter) if setter is not None else None


async def apply_reward_change(
    db: Database, guild_id: int, change: RewardChange, by: int, now: datetime
) -> str | None:
    """Saves the change; a refusal key if the server has as many rewards as it may."""
    if change.clear is not None:
        await reward_roles.remove_reward(db, guild_id, change.clear.id)
    if change.role is None or change.points is None:
        return None
    reward = Reward(change.role.id, change.points, change.scope)
    return await reward_roles.set_reward(db, guild_id, reward, by, now)
