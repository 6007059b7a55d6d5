"""The language a server's public messages (rounds, boards) are written in."""

from __future__ import annotations

import discord

from bot.quiz.model import Pack
from bot.storage.database import Database
from bot.storage.settings import settings


async def public_locale(
    client: discord.Client, db: Database, guild_id: int, pack: Pack | None
) -> str:
    """The language of public round messages: server setting, server locale, pack default."""
    configured = (await settings.guild_settings(db, guild_id)).locale
    guild = client.get_guild(guild_id)
    wanted = configured or (guild.preferred_locale.value if guild is not None else None)
    if pack is None:
        return wanted or "en"
    return pack.locale_for(wanted)
