"""`/quiz season start name [ends] [channel]` and `/quiz season end` (moderators; replies
private): a server's season begun, with an optional last day in the server's time zone and the
channel for its final standings, and ended. The loop that ends seasons by date and posts their
standings is bot/app/seasons/loop.py; each command here wakes it."""

from __future__ import annotations

from datetime import date
from typing import Any

import discord
from discord import app_commands

from bot.app.kit.command_text import command_as_shown
from bot.app.kit.command_text import command_text as _
from bot.app.kit.context import AppContext, ctx_of
from bot.app.kit.limits import echo
from bot.app.kit.permissions import bot_can_post, moderated_guild
from bot.app.kit.replies import say
from bot.app.schedules.planning import zone_of
from bot.quiz.schedules.series import MAX_TYPED, parse_day
from bot.quiz.seasons.season import MAX_NAME, Season, end_of_day, ends_problem, name_problem
from bot.storage.seasons import season
from bot.storage.settings import settings

Typed = app_commands.Range[str, 1, MAX_TYPED]  # a date, bounded before it is read


class SeasonGroup(
    app_commands.Group,
    name=_("cmd.quiz.season.name"),
    description=_("cmd.quiz.season.description"),
):
    @app_commands.command(name="start", description=_("cmd.quiz.season.start.description"))
    @app_commands.describe(
        name=_("cmd.quiz.season.start.name.description"),
        ends=_("cmd.quiz.season.start.ends.description"),
        channel=_("cmd.quiz.season.start.channel.description"),
    )
    async def start(
        self,
        interaction: discord.Interaction[Any],
        name: app_commands.Range[str, 1, MAX_NAME],
        ends: Typed | None = None,
        channel: discord.TextChannel | None = None,
    ) -> None:
        guild_id = await moderated_guild(interaction)
        if guild_id is None:
            return
        target = channel or interaction.channel
        if not isinstance(target, discord.TextChannel) or not bot_can_post(target, embeds=True):
            shown = target.id if target is not None else interaction.channel_id
            await say(interaction, "season.cannot_post", channel=f"<#{shown}>")
            return
        ctx = ctx_of(interaction)
        by = interaction.user.id
        new_season = await _season(ctx, guild_id, name.strip(), ends, channel_id=target.id, by=by)
        if isinstance(new_season, str):
            await say(interaction, new_season, name=echo(name), ends=echo(ends or ""))
            return
        stored = await season.start_season(ctx.db, new_season)
        if isinstance(stored, str):
            await say(interaction, stored, name=echo(name))
            return
        ctx.seasons.changed()
        key = "season.started_until" if stored.ends_at else "season.started"
        until = discord.utils.format_dt(stored.ends_at, "F") if stored.ends_at else ""
        end = command_as_shown(interaction.locale.value, "quiz season end")
        await say(
            interaction, key, name=echo(stored.name), until=until, channel=target.mention, end=end
        )

    @app_commands.command(name="end", description=_("cmd.quiz.season.end.description"))
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        guild_id = await moderated_guild(interaction)
        if guild_id is None:
            return
        ctx = ctx_of(interaction)
        ended = await season.end_season(ctx.db, guild_id, ctx.clock.now())
        if ended is None:
            await say(interaction, "season.none_running")
            return
        ctx.seasons.changed()  # its final standings are posted by the loop, at once
        await say(
            interaction, "season.ended", name=echo(ended.name), channel=f"<#{ended.channel_id}>"
        )


async def _season(
    ctx: AppContext, guild_id: int, name: str, ends: str | None, *, channel_id: int, by: int
) -> Season | str:
    """The season asked for, or a refusal key: a name it may not have, a day that is none or
    is over in the server's time zone."""
    problem = name_problem(name)
    if problem is not None:
        return problem
    now = ctx.clock.now()
    ends_at = None
    if ends is not None:
        last_day: date | None = parse_day(ends)
        if last_day is None:
            return "season.bad_day"
        zone = zone_of((await settings.guild_settings(ctx.db, guild_id)).time_zone)
        problem = ends_problem(last_day, zone, now)
        if problem is not None:
            return problem
        ends_at = end_of_day(last_day, zone)
    return Season(0, guild_id, name, now, by, channel_id, ends_at=ends_at)
