"""Who may run rounds: Manage Server, or the server's quiz moderator role. Checked by the bot on
every moderator action; Discord's default_member_permissions only hides the commands."""

from __future__ import annotations

from typing import Any

import discord

from bot.storage import settings
from bot.storage.database import Database


def can_manage_server(interaction: discord.Interaction[Any]) -> bool:
    return interaction.permissions.manage_guild or interaction.permissions.administrator


async def is_moderator(db: Database, interaction: discord.Interaction[Any]) -> bool:
    if interaction.guild_id is None:
        return False
    if can_manage_server(interaction):
        return True
    role_id = (await settings.guild_settings(db, interaction.guild_id)).moderator_role_id
    member = interaction.user
    return (
        role_id is not None
        and isinstance(member, discord.Member)
        and any(role.id == role_id for role in member.roles)
    )
