"""`/settings`: a member's own settings, privately, in a server, in a DM with the bot or in a
group DM; a server's are `/quiz settings` (server_commands.py)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.kit.command_text import command_text as _
from bot.app.kit.context import AppContext
from bot.app.kit.places import anywhere
from bot.app.kit.replies import reply
from bot.app.settings.away_dates import date_choices
from bot.app.settings.member_embed import Typed, problems_text, settings_embed
from bot.app.settings.pack_targets import (
    TARGET_OPTIONS,
    add_member_targets,
    member_pack_choices,
    set_member_target,
)
from bot.app.settings.zones import known_zones, zone_choices
from bot.quiz.reminders.reminder_settings import HOURS_IN_DAY, MAX_DAILY_NEW, SettingsChange
from bot.quiz.reminders.study_plan import MAX_DAILY_REVIEWS, PlanChange
from bot.quiz.zones import zone_or_utc
from bot.storage.review.retention import settings_reply
from bot.storage.settings.settings import member_settings

Hour = app_commands.Range[int, 0, HOURS_IN_DAY - 1]
DailyNew = app_commands.Range[int, 0, MAX_DAILY_NEW]
DailyReviews = app_commands.Range[int, 0, MAX_DAILY_REVIEWS]
EASY_DAYS_LENGTH = 100  # seven weekday names, written out, fit well within it
CLIENT_LANGUAGE = "client"  # the choice that goes back to the member's Discord language
LANGUAGE_CHOICES = [
    app_commands.Choice(name=_("choice.english"), value="en"),
    app_commands.Choice(name=_("choice.greek"), value="el"),
    app_commands.Choice(name=_("choice.client"), value=CLIENT_LANGUAGE),
]


class MemberSettingsCog(commands.Cog):
    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    @app_commands.command(name="settings", description=_("cmd.settings.description"))
    @app_commands.describe(
        time_zone=_("cmd.settings.time_zone.description"),
        new_per_day=_("cmd.settings.new_per_day.description"),
        reminders=_("cmd.settings.reminders.description"),
        reminder_hour=_("cmd.settings.reminder_hour.description"),
        quiet_start=_("cmd.settings.quiet_start.description"),
        quiet_end=_("cmd.settings.quiet_end.description"),
        language=_("cmd.settings.language.description"),
        event_reminders=_("cmd.settings.event_reminders.description"),
        retention=_("cmd.settings.retention.description"),
        pack=_("cmd.settings.pack.description"),
        away_from=_("cmd.settings.away_from.description"),
        away_until=_("cmd.settings.away_until.description"),
        clear_away=_("cmd.settings.clear_away.description"),
        easy_days=_("cmd.settings.easy_days.description"),
        daily_reviews=_("cmd.settings.daily_reviews.description"),
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.choices(retention=TARGET_OPTIONS)
    @anywhere
    async def settings(  # noqa: PLR0917  # one parameter per option, as Discord sends them
        self,
        interaction: discord.Interaction[Any],
        time_zone: str | None = None,
        new_per_day: DailyNew | None = None,
        reminders: bool | None = None,  # noqa: FBT001  # a Discord option
        reminder_hour: Hour | None = None,
        quiet_start: Hour | None = None,
        quiet_end: Hour | None = None,
        language: app_commands.Choice[str] | None = None,
        event_reminders: bool | None = None,  # noqa: FBT001  # a Discord option
        retention: app_commands.Choice[int] | None = None,
        pack: str | None = None,
        away_from: str | None = None,
        away_until: str | None = None,
        clear_away: bool | None = None,  # noqa: FBT001  # a Discord option
        easy_days: app_commands.Range[str, 1, EASY_DAYS_LENGTH] | None = None,
        daily_reviews: DailyReviews | None = None,
    ) -> None:
        percent = retention.value if retention is not None else None
        for_pack = await set_member_target(self.ctx, interaction, pack, percent)
        if for_pack is False:  # the member was told why
            return
        chosen = language.value if language is not None else None
        change = SettingsChange(
            time_zone=time_zone.strip() if time_zone is not None else None,
            daily_new_limit=new_per_day,
            reminders=reminders,
            reminder_hour=reminder_hour,
            quiet_start=quiet_start,
            quiet_end=quiet_end,
            language="" if chosen == CLIENT_LANGUAGE else chosen,
            event_reminders=event_reminders,
            retention=None if for_pack else percent,
            plan=PlanChange(
                away_from=away_from,
                away_until=away_until,
                clear_away=bool(clear_away),
                easy_days=easy_days,
                daily_reviews=daily_reviews,
            ),
        )
        await self._save(interaction, change, Typed(time_zone, easy_days), saved=bool(for_pack))

    async def _save(
        self,
        interaction: discord.Interaction[Any],
        change: SettingsChange,
        typed: Typed,
        *,
        saved: bool,
    ) -> None:
        """Saves ``change`` and shows the member their settings, or why it was refused;
        ``saved`` when a pack's target was already set before it."""
        locale = interaction.locale.value
        outcome = await settings_reply(
            self.ctx.db,
            interaction.user.id,
            change,
            known_zones=known_zones(),
            client_locale=locale,
            now=self.ctx.clock.now(),
        )
        if outcome.problems:
            text = problems_text(outcome.problems, outcome.settings, typed, locale)
            await reply(interaction, text)
            return
        embed = settings_embed(outcome, locale, saved=saved or not change.is_empty)
        await reply(interaction, embed=await add_member_targets(self.ctx, interaction, embed))

    @settings.autocomplete("time_zone")
    async def zone_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await zone_choices(current, interaction.locale.value)

    @settings.autocomplete("away_from")
    @settings.autocomplete("away_until")
    async def date_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        zone = zone_or_utc((await member_settings(self.ctx.db, interaction.user.id)).time_zone)
        today = self.ctx.clock.now().astimezone(zone).date()
        return date_choices(current, interaction.locale.value, today)

    @settings.autocomplete("pack")
    async def pack_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await member_pack_choices(self.ctx, interaction, current)
