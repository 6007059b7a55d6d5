"""`/leaderboard [period] [pack]`: the top of the server, for everyone to see; its buttons open
private copies to browse."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.boards.buttons import public_board
from bot.app.kit.command_text import command_text as _
from bot.app.kit.context import AppContext
from bot.app.kit.pack_choices import chosen_pack, pack_choices
from bot.app.kit.public_locale import public_locale
from bot.app.kit.replies import reply
from bot.quiz.scoring import Period

PERIOD_CHOICES = [
    app_commands.Choice(name=_(f"choice.{period.value}"), value=period.value)
    for period in (Period.WEEK, Period.MONTH, Period.ALL_TIME)
]


class BoardCog(commands.Cog):
    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    @app_commands.command(name="leaderboard", description=_("cmd.leaderboard.description"))
    @app_commands.describe(
        period=_("cmd.leaderboard.period.description"), pack=_("cmd.leaderboard.pack.description")
    )
    @app_commands.choices(period=PERIOD_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        period: app_commands.Choice[str] | None = None,
        pack: str | None = None,
    ) -> None:
        chosen = None
        if pack:
            known = (await self.ctx.shelf.view(interaction.guild_id)).known
            chosen = await chosen_pack(interaction, known, pack)
            if chosen is None:
                return
        assert interaction.guild_id is not None  # noqa: S101  # guild-only command
        locale = await public_locale(interaction.client, self.ctx.db, interaction.guild_id, chosen)
        embed, view = await public_board(
            self.ctx,
            guild_id=interaction.guild_id,
            period=Period(period.value) if period else Period.ALL_TIME,
            pack=chosen,
            locale=locale,
        )
        await reply(interaction, embed=embed, view=view, ephemeral=False)

    @leaderboard.autocomplete("pack")
    async def pack_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        offered = (await self.ctx.shelf.view(interaction.guild_id)).offered.packs.values()
        return pack_choices(offered, interaction.locale.value, current)
