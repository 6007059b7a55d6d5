"""`/stats [member]`: a member's numbers and progress chart in this server, privately."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.kit.catalogue import tr
from bot.app.kit.command_text import command_text as _
from bot.app.kit.context import AppContext
from bot.app.kit.message_parts import mention
from bot.app.kit.replies import reply, say
from bot.app.stats.embed import SeasonPlace, chart_url, stats_chart, stats_embed
from bot.quiz.scoring import season_key
from bot.storage import leaderboard, seasons, stats
from bot.storage.progress import member_progress


class StatsCog(commands.Cog):
    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    @app_commands.command(name="stats", description=_("cmd.stats.description"))
    @app_commands.describe(member=_("cmd.stats.member.description"))
    @app_commands.guild_only()
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        member: discord.Member | discord.User | None = None,
    ) -> None:
        # Discord lets a member pick any user; only someone in the server resolves to a Member.
        # A bare Member option would turn anyone else into a TransformerError.
        whose = member or interaction.user
        assert interaction.guild_id is not None  # noqa: S101  # guild-only command
        now = self.ctx.clock.now()
        numbers = await stats.member_stats(
            self.ctx.db, whose.id, now, guild_id=interaction.guild_id
        )
        in_server = isinstance(whose, discord.Member)
        if not in_server and not numbers.answers:
            await say(interaction, "stats.not_in_server", member=mention(whose.id))
            return
        locale = interaction.locale.value
        who = mention(whose.id)
        heading = who if in_server else tr(locale, "stats.former_member", member=who)
        known = (await self.ctx.shelf.view(interaction.guild_id)).known
        # Messages about someone else speak of them in the third person.
        whose_stats = "self" if whose.id == interaction.user.id else "other"
        # The first chart imports matplotlib, which may outlast Discord's 3 s on a busy host.
        await interaction.response.defer(ephemeral=True, thinking=True)
        progress = await member_progress(self.ctx.db, whose.id, now, guild_id=interaction.guild_id)
        chart = await stats_chart(progress, locale)
        season = await season_place(self.ctx, interaction.guild_id, whose.id)
        embed = stats_embed(numbers, locale, heading, whose_stats, known, now=now, season=season)
        if chart is None:
            await reply(interaction, embed=embed)
        else:
            await reply(interaction, embed=embed.set_image(url=chart_url()), file=chart)


async def season_place(ctx: AppContext, guild_id: int, member_id: int) -> SeasonPlace | None:
    """The member's place in the server's running season, if one runs."""
    running = await seasons.running_season(ctx.db, guild_id)
    if running is None:
        return None
    found = await leaderboard.member_rank(
        ctx.db, guild_id=guild_id, member_id=member_id, period_key=season_key(running.id)
    )
    if found is None:
        return SeasonPlace(running.name)
    standing, place = found
    return SeasonPlace(running.name, place, standing.points)
