"""`/quiz schedule add|list|remove|skip`: rounds that start by themselves, weekly or daily, in
the server's time zone (moderators; every reply private). The loop that starts them is
bot/app/schedules/loop.py; each command here wakes it, so a change counts at once."""

from __future__ import annotations

import random
from typing import Any

import discord
from discord import app_commands

from bot.app.kit.authority import ping_choice_refusal
from bot.app.kit.command_text import command_text as _
from bot.app.kit.context import ctx_of
from bot.app.kit.limits import echo
from bot.app.kit.mentions import ping_role_unreachable
from bot.app.kit.pack_choices import chosen_pack, pack_choices
from bot.app.kit.permissions import bot_can_post, files_refused, has_pictures, moderated_guild
from bot.app.kit.quiz_group import MODE_CHOICES, Questions, Seconds
from bot.app.kit.replies import reply, say
from bot.app.kit.team_plans import team_plan_of
from bot.app.schedules.planning import (
    Refused,
    Request,
    add_schedule,
    remove_schedule,
    server_schedules,
    skip_next,
)
from bot.app.schedules.texts import added_text, choice_name, list_embed, refused_text, skipped_text
from bot.quiz.authority import Refusal
from bot.quiz.model import Pack
from bot.quiz.rounds.review_round import RoundMode
from bot.quiz.rounds.teams import MAX_TYPED as MAX_TEAMS_TYPED
from bot.quiz.rounds.teams import Refused as TeamsRefused
from bot.quiz.schedules.series import DAILY, MAX_TYPED, WEEKDAY_NAMES
from bot.storage.schedules import series

DAY_CHOICES = [
    app_commands.Choice(name=_(f"cmd.quiz.schedule.add.day.{day}"), value=day)
    for day in (DAILY, *WEEKDAY_NAMES)
]
Typed = app_commands.Range[str, 1, MAX_TYPED]  # a time or a date, bounded before it is read


class ScheduleGroup(
    app_commands.Group,
    name=_("cmd.quiz.schedule.name"),
    description=_("cmd.quiz.schedule.description"),
):
    @app_commands.command(name="add", description=_("cmd.quiz.schedule.add.description"))
    @app_commands.describe(
        pack=_("cmd.quiz.schedule.add.pack.description"),
        day=_("cmd.quiz.schedule.add.day.description"),
        time=_("cmd.quiz.schedule.add.time.description"),
        channel=_("cmd.quiz.schedule.add.channel.description"),
        questions=_("cmd.quiz.schedule.add.questions.description"),
        seconds=_("cmd.quiz.schedule.add.seconds.description"),
        mode=_("cmd.quiz.schedule.add.mode.description"),
        ping=_("cmd.quiz.schedule.add.ping.description"),
        ends=_("cmd.quiz.schedule.add.ends.description"),
        teams=_("cmd.quiz.schedule.add.teams.description"),
    )
    @app_commands.choices(day=DAY_CHOICES, mode=MODE_CHOICES)
    async def add(  # noqa: PLR0917  # one parameter per option, as Discord sends them
        self,
        interaction: discord.Interaction[Any],
        pack: str,
        day: app_commands.Choice[str],
        time: Typed,
        channel: discord.TextChannel | None = None,
        questions: Questions | None = None,
        seconds: Seconds | None = None,
        mode: app_commands.Choice[str] | None = None,
        ping: discord.Role | None = None,
        ends: Typed | None = None,
        teams: app_commands.Range[str, 1, MAX_TEAMS_TYPED] | None = None,
    ) -> None:
        guild_id = await moderated_guild(interaction)
        if guild_id is None:
            return
        ctx = ctx_of(interaction)
        chosen = await chosen_pack(interaction, (await ctx.shelf.view(guild_id)).offered, pack)
        if chosen is None:
            return
        target = channel or interaction.channel
        closed = _channel_refusal(interaction, target, chosen)
        if closed is not None or not isinstance(target, discord.TextChannel):
            shown = target.id if target is not None else interaction.channel_id
            await say(interaction, closed or "schedule.cannot_post", channel=f"<#{shown}>")
            return
        ping_refused = None if ping is None else _ping_refusal(interaction, ping, target)
        if ping_refused is not None:
            await say(interaction, ping_refused[0], **ping_refused[1])
            return
        rng = random.Random()  # noqa: S311  # an auto round's seed, drawn again for each round
        team_plan = None if teams is None else team_plan_of(interaction, teams, rng)
        if isinstance(team_plan, TeamsRefused):
            await say(interaction, team_plan.key, part=echo(team_plan.part))
            return
        request = Request(
            guild_id=guild_id,
            channel_id=target.id,
            pack=chosen,
            day=day.value,
            time=time,
            ends=ends,
            questions=questions,
            seconds=seconds,
            mode=RoundMode(mode.value) if mode is not None else RoundMode.NORMAL,
            ping_role_id=ping.id if ping is not None else None,
            teams=team_plan,
            by=interaction.user.id,
            locale=interaction.locale.value,
        )
        outcome = await add_schedule(ctx.db, request, ctx.clock.now())
        locale = interaction.locale.value
        if isinstance(outcome, Refused):
            await reply(interaction, refused_text(outcome, locale, time=time, ends=ends))
            return
        ctx.schedules.changed()
        unreachable = ping_role_unreachable(interaction, outcome.schedule.ping_role_id)
        library = (await ctx.shelf.view(guild_id)).known
        allowed = interaction.app_permissions  # the bot's own, as Discord sends them
        events = allowed.create_events or allowed.manage_events or allowed.administrator
        said = added_text(outcome, library, locale, ping_unreachable=unreachable, events=events)
        await reply(interaction, said)

    @add.autocomplete("pack")
    async def pack_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        offered = (await ctx_of(interaction).shelf.view(interaction.guild_id)).offered
        return pack_choices(offered.packs.values(), interaction.locale.value, current)

    @app_commands.command(name="list", description=_("cmd.quiz.schedule.list.description"))
    async def list_schedules(self, interaction: discord.Interaction[Any]) -> None:
        guild_id = await moderated_guild(interaction)
        if guild_id is None:
            return
        ctx = ctx_of(interaction)
        found = await server_schedules(ctx.db, guild_id, ctx.clock.now())
        library = (await ctx.shelf.view(guild_id)).known
        await reply(interaction, embed=list_embed(found, library, interaction.locale.value))

    @app_commands.command(name="remove", description=_("cmd.quiz.schedule.remove.description"))
    @app_commands.describe(schedule=_("cmd.quiz.schedule.remove.schedule.description"))
    async def remove(self, interaction: discord.Interaction[Any], schedule: int) -> None:
        guild_id = await moderated_guild(interaction)
        if guild_id is None:
            return
        ctx = ctx_of(interaction)
        if not await remove_schedule(ctx.db, guild_id, schedule, ctx.clock.now()):
            await say(interaction, "schedule.unknown", id=schedule)
            return
        ctx.schedules.changed()
        await say(interaction, "schedule.removed", id=schedule)

    @app_commands.command(name="skip", description=_("cmd.quiz.schedule.skip.description"))
    @app_commands.describe(schedule=_("cmd.quiz.schedule.skip.schedule.description"))
    async def skip(self, interaction: discord.Interaction[Any], schedule: int) -> None:
        guild_id = await moderated_guild(interaction)
        if guild_id is None:
            return
        ctx = ctx_of(interaction)
        skipped = await skip_next(ctx.db, guild_id, schedule, ctx.clock.now())
        if skipped is None:
            await say(interaction, "schedule.unknown", id=schedule)
            return
        ctx.schedules.changed()
        await reply(interaction, skipped_text(skipped, interaction.locale.value))

    @remove.autocomplete("schedule")
    @skip.autocomplete("schedule")
    async def schedule_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        ctx = ctx_of(interaction)
        if interaction.guild_id is None:
            return []
        library = (await ctx.shelf.view(interaction.guild_id)).known
        locale = interaction.locale.value
        typed = str(current).strip().lstrip("#").casefold()
        found = await series.guild_schedules(ctx.db, interaction.guild_id)
        names = [(choice_name(s, library, locale), s.id) for s in found]
        return [
            app_commands.Choice(name=name, value=schedule_id)
            for name, schedule_id in names
            if typed in name.casefold()
        ]


def _channel_refusal(
    interaction: discord.Interaction[Any], target: object, pack: Pack
) -> str | None:
    """Why the schedule's rounds could not run in ``target``: the bot cannot post there, or
    cannot attach the pictures of ``pack`` (Discord refuses them without Attach Files)."""
    if not isinstance(target, discord.TextChannel) or not bot_can_post(target):
        return "schedule.cannot_post"
    if has_pictures(pack) and files_refused(interaction, target):
        return "schedule.cannot_attach"
    return None


def _ping_refusal(
    interaction: discord.Interaction[Any], ping: discord.Role, channel: discord.TextChannel
) -> Refusal | None:
    """Why the rounds may not ping ``ping`` in ``channel``: @everyone, or a role the member
    could not ping there in Discord themselves."""
    if ping.is_default():
        return "schedule.ping_everyone", {}
    return ping_choice_refusal(interaction, ping, channel)
