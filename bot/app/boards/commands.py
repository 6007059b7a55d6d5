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
from bot.app.kit.limits import echo
from bot.app.kit.pack_choices import chosen_pack, pack_choices
from bot.app.kit.places import server_only
from bot.app.kit.public_locale import public_locale
from bot.app.kit.replies import reply, say
from bot.quiz.boards.scoring import Period, period_key, season_key
from bot.quiz.seasons.season import MAX_NAME
from bot.storage.seasons import season as stored_season

PERIOD_CHOICES = [
    app_commands.Choice(name=_(f"choice.{period.value}"), value=period.value)
    for period in (Period.WEEK, Period.MONTH, Period.ALL_TIME, Period.SEASON)
]


class BoardCog(commands.Cog):
    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    @app_commands.command(name="leaderboard", description=_("cmd.leaderboard.description"))
    @app_commands.describe(
        period=_("cmd.leaderboard.period.description"),
        pack=_("cmd.leaderboard.pack.description"),
        season=_("cmd.leaderboard.season.description"),
    )
    @app_commands.choices(period=PERIOD_CHOICES)
    @server_only
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        period: app_commands.Choice[str] | None = None,
        pack: str | None = None,
        season: app_commands.Range[str, 1, MAX_NAME] | None = None,
    ) -> None:
        assert interaction.guild_id is not None  # noqa: S101  # guild-only command
        wanted = Period(period.value) if period else Period.ALL_TIME
        board = await board_period(self.ctx, interaction.guild_id, wanted, season)
        if isinstance(board, str):
            await say(interaction, board, name=echo(season or ""))
            return
        chosen = None
        if pack:
            known = (await self.ctx.shelf.view(interaction.guild_id)).known
            chosen = await chosen_pack(interaction, known, pack)
            if chosen is None:
                return
        locale = await public_locale(interaction.client, self.ctx.db, interaction.guild_id, chosen)
        key, name = board
        embed, view = await public_board(
            self.ctx.db,
            guild_id=interaction.guild_id,
            key=key,
            pack=chosen,
            locale=locale,
            season=name,
        )
        await reply(interaction, embed=embed, view=view, ephemeral=False)

    @leaderboard.autocomplete("season")
    async def season_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        found = await stored_season.seasons_of(self.ctx.db, interaction.guild_id or 0, current)
        return [app_commands.Choice(name=s.name, value=s.name) for s in found]

    @leaderboard.autocomplete("pack")
    async def pack_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        offered = (await self.ctx.shelf.view(interaction.guild_id)).offered.packs.values()
        return pack_choices(offered, interaction.locale.value, current)


async def board_period(
    ctx: AppContext, guild_id: int, period: Period, season: str | None
) -> tuple[str, str | None] | str:
    """The key of the board asked for, with the season's name for a season's: the season named
    (running or past), the running one for ``period: season``, else the period now; a refusal
    key when there is no such season."""
    if season is not None:
        found = await stored_season.season_named(ctx.db, guild_id, season)
        return "season.unknown" if found is None else (season_key(found.id), found.name)
    if period is Period.SEASON:
        running = await stored_season.running_season(ctx.db, guild_id)
        return "season.none_running" if running is None else (season_key(running.id), running.name)
    return period_key(period, ctx.clock.now()), None
