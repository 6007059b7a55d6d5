"""`/stats [member]`: a member's numbers and progress chart in this server, privately; outside a
server (a DM with the bot, a group DM), one's own in every server (bot/app/kit/places.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.kit.catalogue import tr
from bot.app.kit.command_text import command_text as _
from bot.app.kit.context import AppContext
from bot.app.kit.message_parts import mention
from bot.app.kit.places import anywhere, server_of
from bot.app.kit.replies import reply, say
from bot.app.stats.embed import SeasonPlace, chart_url, stats_chart, stats_embed
from bot.app.stats.learning import add_learning
from bot.quiz.boards.scoring import season_key
from bot.storage.boards import leaderboard
from bot.storage.results import MemberStats
from bot.storage.seasons import season
from bot.storage.stats import member_stats
from bot.storage.stats.progress import member_progress
from bot.storage.stats.reached import learning_outlook


class StatsCog(commands.Cog):
    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    @app_commands.command(name="stats", description=_("cmd.stats.description"))
    @app_commands.describe(member=_("cmd.stats.member.description"))
    @anywhere
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        member: discord.Member | discord.User | None = None,
    ) -> None:
        # Discord lets a member pick any user; only someone in the server resolves to a Member.
        # A bare Member option would turn anyone else into a TransformerError.
        whose = member or interaction.user
        server = server_of(interaction)
        if server is None and whose.id != interaction.user.id:
            # Outside a server the numbers are of every server: a member's own to see only.
            await say(interaction, "stats.own_only")
            return
        now = self.ctx.clock.now()
        numbers = await member_stats.member_stats(self.ctx.db, whose.id, now, guild_id=server)
        in_server = server is None or isinstance(whose, discord.Member)
        if not in_server and not numbers.answers:
            await say(interaction, "stats.not_in_server", member=mention(whose.id))
            return
        await self._show(interaction, whose, numbers, server, now=now, in_server=in_server)

    async def _show(
        self,
        interaction: discord.Interaction[Any],
        whose: discord.abc.User,
        numbers: MemberStats,
        server: int | None,
        *,
        now: datetime,
        in_server: bool,
    ) -> None:
        """The numbers, with the chart and the season's place, privately. ``in_server``:
        whether ``whose`` is in the server (outside a server, always)."""
        locale = interaction.locale.value
        who = mention(whose.id)
        heading = who if in_server else tr(locale, "stats.former_member", member=who)
        known = (await self.ctx.shelf.view(server)).known
        # Messages about someone else speak of them in the third person.
        whose_stats = "self" if whose.id == interaction.user.id else "other"
        # The first chart imports matplotlib, which may outlast Discord's 3 s on a busy host.
        await interaction.response.defer(ephemeral=True, thinking=True)
        progress = await member_progress(self.ctx.db, whose.id, now, guild_id=server)
        chart = await stats_chart(progress, locale, in_server=server is not None)
        place = None if server is None else await season_place(self.ctx, server, whose.id)
        embed = stats_embed(
            numbers,
            locale,
            heading,
            whose_stats,
            known,
            now=now,
            season=place,
            in_server=server is not None,
        )
        outlook = await learning_outlook(self.ctx.db, whose.id, now, guild_id=server)
        embed = add_learning(embed, outlook, known, locale)
        if chart is None:
            await reply(interaction, embed=embed)
        else:
            await reply(interaction, embed=embed.set_image(url=chart_url()), file=chart)


async def season_place(ctx: AppContext, guild_id: int, member_id: int) -> SeasonPlace | None:
    """The member's place in the server's running season, if one runs."""
    running = await season.running_season(ctx.db, guild_id)
    if running is None:
        return None
    found = await leaderboard.member_rank(
        ctx.db, guild_id=guild_id, member_id=member_id, period_key=season_key(running.id)
    )
    if found is None:
        return SeasonPlace(running.name)
    standing, place = found
    return SeasonPlace(running.name, place, standing.points)
