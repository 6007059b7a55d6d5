"""`/review [pack]`: a member reviews their due cards, of every pack or of one, privately: in a
server, in the DM with the bot or in a group DM (bot/app/kit/places.py says what each sees)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.kit.command_text import command_text as _
from bot.app.kit.context import AppContext
from bot.app.kit.pack_choices import chosen_pack, pack_choices
from bot.app.kit.places import anywhere, server_of
from bot.app.review.buttons import start_review
from bot.quiz.review.session import Scope


class ReviewCog(commands.Cog):
    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    @app_commands.command(name="review", description=_("cmd.review.description"))
    @app_commands.describe(pack=_("cmd.review.pack.description"))
    @anywhere
    async def review(self, interaction: discord.Interaction[Any], pack: str | None = None) -> None:
        chosen = None
        if pack is not None:
            offered = (await self.ctx.shelf.view(server_of(interaction))).offered
            chosen = await chosen_pack(interaction, offered, pack)
            if chosen is None:
                return
        await start_review(interaction, Scope(pack_id=chosen.id if chosen else None))

    @review.autocomplete("pack")
    async def pack_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        offered = (await self.ctx.shelf.view(server_of(interaction))).offered.packs.values()
        return pack_choices(offered, interaction.locale.value, current)
