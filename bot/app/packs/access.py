"""Who may manage a server's packs: its moderators, checked on every command and click."""

from __future__ import annotations

from typing import Any

import discord

from bot.app.kit.context import ctx_of
from bot.app.kit.permissions import is_moderator
from bot.app.kit.replies import say


async def moderated_guild(interaction: discord.Interaction[Any]) -> int | None:
    """The server's id if the member may manage its packs (else says why not)."""
    if interaction.guild_id is None or not await is_moderator(ctx_of(interaction).db, interaction):
        await say(interaction, "errors.not_moderator")
        return None
    return interaction.guild_id
