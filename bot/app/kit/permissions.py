"""Who may run rounds: Manage Server, or the server's quiz moderator role. Checked by the bot on
every moderator action; Discord's default_member_permissions only hides the commands."""

from __future__ import annotations

from typing import Any

import discord

from bot.app.kit.context import ctx_of
from bot.app.kit.replies import say
from bot.quiz.model import Pack
from bot.storage.database import Database
from bot.storage.settings import settings


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


async def moderated_guild(interaction: discord.Interaction[Any]) -> int | None:
    """The server's id if the member may run its quizzes (else says why not)."""
    if interaction.guild_id is None or not await is_moderator(ctx_of(interaction).db, interaction):
        await say(interaction, "errors.not_moderator")
        return None
    return interaction.guild_id


def bot_can_post(
    channel: discord.abc.GuildChannel | None, *, embeds: bool = False, files: bool = False
) -> bool:
    """Whether the bot may see ``channel`` and post in it (with ``embeds``, with ``files``), as
    the server's roles and the channel's overwrites stand in this process's cache. discord.py
    applies Discord's implicit denials: without Send Messages, no embeds or files either."""
    if channel is None:
        return False
    allowed = channel.permissions_for(channel.guild.me)
    if not (allowed.view_channel and allowed.send_messages):
        return False
    return (allowed.embed_links or not embeds) and (allowed.attach_files or not files)


def has_pictures(pack: Pack) -> bool:
    """Whether a round of ``pack`` may post a picture: Discord then needs Attach Files."""
    return any(question.image is not None for question in pack.questions)


def files_refused(
    interaction: discord.Interaction[Any], channel: discord.abc.GuildChannel | None
) -> bool:
    """Whether the bot may post in ``channel`` (None: the command's own) but not attach files
    there, which Discord refuses every picture with (403 50013). The command's own channel is
    read from what Discord sent with it; another from this process's cache."""
    if channel is None or channel.id == interaction.channel_id:
        allowed = interaction.app_permissions
    else:
        allowed = channel.permissions_for(channel.guild.me)
    return allowed.view_channel and allowed.send_messages and not allowed.attach_files
