"""`/quiz settings`: a server's settings (moderator role, question seconds, round language, ping
role, pause limit, the time zone and grace period of its schedules), for those who manage the
server; the member's own are `/settings` (member_commands.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.app.kit.authority import ping_choice_refusal
from bot.app.kit.command_text import command_text as _
from bot.app.kit.limits import echo
from bot.app.kit.mentions import ping_role_unreachable
from bot.app.kit.permissions import bot_can_post, can_manage_server
from bot.app.kit.quiz_group import QuizCommands, Seconds
from bot.app.kit.replies import reply, say
from bot.app.rewards.settings import RewardChange, apply_reward_change, reward_refusal
from bot.app.settings.pack_targets import (
    TARGET_OPTIONS,
    add_server_defaults,
    server_pack_choices,
    set_server_default,
)
from bot.app.settings.server_embed import guild_settings_embed
from bot.app.settings.zones import known_zones, zone_choices
from bot.quiz.rewards.reward_roles import MAX_POINTS, MAX_REWARDS, RewardScope
from bot.quiz.rounds.pauses import MAX_PAUSE_LIMIT_MINUTES, MIN_PAUSE_LIMIT_MINUTES
from bot.quiz.schedules.series import MAX_GRACE_MINUTES
from bot.storage.database import Database
from bot.storage.results import GuildSettings
from bot.storage.rewards import reward_roles, withheld
from bot.storage.settings import settings

GraceMinutes = app_commands.Range[int, 0, MAX_GRACE_MINUTES]
ZONE_LENGTH = 64  # the longest IANA names are about 30 characters; the column holds 64
# How long a round may stay paused, in minutes, before it ends by itself.
PauseMinutes = app_commands.Range[int, MIN_PAUSE_LIMIT_MINUTES, MAX_PAUSE_LIMIT_MINUTES]
RewardPoints = app_commands.Range[int, 1, MAX_POINTS]
SCOPE_CHOICES = [
    app_commands.Choice(name=_("choice.reward_all"), value=RewardScope.ALL_TIME.value),
    app_commands.Choice(name=_("choice.reward_season"), value=RewardScope.SEASON.value),
]
LANGUAGE_CHOICES = [
    app_commands.Choice(name=_("choice.english"), value="en"),
    app_commands.Choice(name=_("choice.greek"), value="el"),
]


class ServerSettingsCommands(QuizCommands):
    """The settings' share of `/quiz`."""

    @app_commands.command(name="settings", description=_("cmd.quiz.settings.description"))
    @app_commands.describe(
        moderator_role=_("cmd.quiz.settings.moderator_role.description"),
        seconds=_("cmd.quiz.settings.seconds.description"),
        language=_("cmd.quiz.settings.language.description"),
        ping_role=_("cmd.quiz.settings.ping_role.description"),
        clear_ping_role=_("cmd.quiz.settings.clear_ping_role.description"),
        pause_limit=_("cmd.quiz.settings.pause_limit.description"),
        time_zone=_("cmd.quiz.settings.time_zone.description"),
        grace_minutes=_("cmd.quiz.settings.grace_minutes.description"),
        suggestions=_("cmd.quiz.settings.suggestions.description"),
        suggestions_channel=_("cmd.quiz.settings.suggestions_channel.description"),
        clear_suggestions_channel=_("cmd.quiz.settings.clear_suggestions_channel.description"),
        reward_role=_("cmd.quiz.settings.reward_role.description"),
        reward_at=_("cmd.quiz.settings.reward_at.description"),
        reward_scope=_("cmd.quiz.settings.reward_scope.description"),
        clear_reward_role=_("cmd.quiz.settings.clear_reward_role.description"),
        retention=_("cmd.quiz.settings.retention.description"),
        pack=_("cmd.quiz.settings.pack.description"),
    )
    @app_commands.choices(language=LANGUAGE_CHOICES, reward_scope=SCOPE_CHOICES)
    @app_commands.choices(retention=TARGET_OPTIONS)
    async def settings_command(
        self,
        interaction: discord.Interaction[Any],
        *,
        moderator_role: discord.Role | None = None,
        seconds: Seconds | None = None,
        language: app_commands.Choice[str] | None = None,
        ping_role: discord.Role | None = None,
        clear_ping_role: bool = False,
        pause_limit: PauseMinutes | None = None,
        time_zone: app_commands.Range[str, 1, ZONE_LENGTH] | None = None,
        grace_minutes: GraceMinutes | None = None,
        suggestions: bool | None = None,
        suggestions_channel: discord.TextChannel | None = None,
        clear_suggestions_channel: bool = False,
        reward_role: discord.Role | None = None,
        reward_at: RewardPoints | None = None,
        reward_scope: app_commands.Choice[str] | None = None,
        clear_reward_role: discord.Role | None = None,
        retention: app_commands.Choice[int] | None = None,
        pack: str | None = None,
    ) -> None:
        if not can_manage_server(interaction) or interaction.guild_id is None:
            await say(interaction, "errors.not_manager")
            return
        scope = RewardScope(reward_scope.value) if reward_scope else RewardScope.ALL_TIME
        rewarding = RewardChange(reward_role, reward_at, scope, clear_reward_role)
        refusal = _refusal(ping_role, clear_ping_role=clear_ping_role, time_zone=time_zone)
        if suggestions_channel is not None and clear_suggestions_channel:
            refusal = "settings.suggestions_both", {}
        refusal = refusal or reward_refusal(interaction, rewarding)
        if refusal is None and ping_role is not None:
            refusal = ping_choice_refusal(interaction, ping_role)
        if refusal is not None:
            key, params = refusal
            await say(interaction, key, **params)
            return
        now, by = self.ctx.clock.now(), interaction.user.id
        too_many = await apply_reward_change(self.ctx.db, interaction.guild_id, rewarding, by, now)
        if too_many is not None:
            await say(interaction, too_many, limit=MAX_REWARDS)
            return
        percent = retention.value if retention is not None else None
        if await set_server_default(self.ctx, interaction, pack, percent) is False:
            return  # the moderator was told why
        change = ServerSettingsChange(
            moderator_role_id=moderator_role.id if moderator_role else None,
            question_seconds=seconds,
            locale=language.value if language else None,
            ping_role_id=ping_role.id if ping_role else None,
            clear_ping_role=clear_ping_role,
            ping_role_set_by=by,
            pause_limit_minutes=pause_limit,
            time_zone=time_zone.strip() if time_zone is not None else None,
            grace_minutes=grace_minutes,
            suggestions_open=suggestions,
            suggestions_channel_id=suggestions_channel.id if suggestions_channel else None,
            clear_suggestions_channel=clear_suggestions_channel,
        )
        updated = await change_server_settings(self.ctx.db, interaction.guild_id, change)
        await reply(interaction, embed=await self._saved(interaction, updated))

    async def _saved(
        self, interaction: discord.Interaction[Any], updated: GuildSettings
    ) -> discord.Embed:
        """The settings as saved, with what would keep one of them from working."""
        embed = guild_settings_embed(
            updated,
            interaction.locale.value,
            ping_unreachable=ping_role_unreachable(interaction, updated.ping_role_id),
            channel_unreachable=_cannot_post(interaction, updated.suggestions_channel_id),
            rewards=await reward_roles.rewards_of(self.ctx.db, updated.guild_id),
        )
        return await add_server_defaults(
            self.ctx, updated.guild_id, interaction.locale.value, embed
        )

    @settings_command.autocomplete("time_zone")
    async def zone_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await zone_choices(current, interaction.locale.value)

    @settings_command.autocomplete("pack")
    async def pack_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await server_pack_choices(self.ctx, interaction, current)


def _cannot_post(interaction: discord.Interaction[Any], channel_id: int | None) -> bool:
    """Whether the bot could not post a suggestion's card in that channel of the server."""
    if channel_id is None or interaction.guild is None:
        return False
    channel = interaction.guild.get_channel(channel_id)
    if channel is None or not bot_can_post(channel):
        return True
    return not channel.permissions_for(channel.guild.me).embed_links


def _refusal(
    ping_role: discord.Role | None, *, clear_ping_role: bool, time_zone: str | None
) -> tuple[str, dict[str, object]] | None:
    """Why the change cannot be made, as a catalogue key and its variables; None if it can."""
    if ping_role is not None and (ping_role.is_default() or clear_ping_role):
        return ("settings.ping_both" if clear_ping_role else "settings.ping_everyone"), {}
    if time_zone is not None and time_zone.strip() not in known_zones():
        return "settings.unknown_zone", {"zone": echo(time_zone)}
    return None


@dataclass(frozen=True, slots=True)
class ServerSettingsChange:
    """What a `/quiz settings` changes; None keeps the server's current value."""

    moderator_role_id: int | None
    question_seconds: int | None
    locale: str | None
    ping_role_id: int | None
    clear_ping_role: bool
    ping_role_set_by: int | None = None  # who makes the change: the new ping role's setter
    pause_limit_minutes: int | None = None
    time_zone: str | None = None
    grace_minutes: int | None = None  # 0 is a value: no late start at all
    suggestions_open: bool | None = None
    suggestions_channel_id: int | None = None
    clear_suggestions_channel: bool = False


async def change_server_settings(
    db: Database, guild_id: int, change: ServerSettingsChange
) -> GuildSettings:
    """The server's settings with ``change`` applied, saved."""
    current = await settings.guild_settings(db, guild_id)
    ping_role_id = change.ping_role_id or current.ping_role_id
    # The bot pings a role only while whoever chose it may (bot/quiz/authority.py).
    ping_set_by = change.ping_role_set_by if change.ping_role_id else current.ping_role_set_by
    channel_id = change.suggestions_channel_id or current.suggestions_channel_id
    updated = GuildSettings(
        guild_id=current.guild_id,
        moderator_role_id=change.moderator_role_id or current.moderator_role_id,
        question_seconds=change.question_seconds or current.question_seconds,
        locale=change.locale or current.locale,
        ping_role_id=None if change.clear_ping_role else ping_role_id,
        pause_limit_minutes=change.pause_limit_minutes or current.pause_limit_minutes,
        time_zone=change.time_zone or current.time_zone,
        grace_minutes=(
            current.grace_minutes if change.grace_minutes is None else change.grace_minutes
        ),
        suggestions_open=(
            current.suggestions_open if change.suggestions_open is None else change.suggestions_open
        ),
        suggestions_channel_id=None if change.clear_suggestions_channel else channel_id,
        ping_role_set_by=None if change.clear_ping_role else ping_set_by,
    )
    await settings.save_guild_settings(db, updated)
    if change.ping_role_id is not None:  # chosen again: a later refusal is told again
        await withheld.clear_notice(db, guild_id, withheld.PING, change.ping_role_id)
    return updated
