"""`/quiz settings`: a server's settings (moderator role, question seconds, round language, ping
role, pause limit), for those who manage the server; the member's own are `/settings`
(member_commands.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.app.kit.command_text import command_text as _
from bot.app.kit.mentions import ping_role_unreachable
from bot.app.kit.permissions import can_manage_server
from bot.app.kit.quiz_group import QuizCommands, Seconds
from bot.app.kit.replies import reply, say
from bot.app.settings.server_embed import guild_settings_embed
from bot.quiz.pauses import MAX_PAUSE_LIMIT_MINUTES, MIN_PAUSE_LIMIT_MINUTES
from bot.storage import settings
from bot.storage.database import Database
from bot.storage.results import GuildSettings

# How long a round may stay paused, in minutes, before it ends by itself.
PauseMinutes = app_commands.Range[int, MIN_PAUSE_LIMIT_MINUTES, MAX_PAUSE_LIMIT_MINUTES]
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
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
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
    ) -> None:
        if not can_manage_server(interaction) or interaction.guild_id is None:
            await say(interaction, "errors.not_manager")
            return
        if ping_role is not None and (ping_role.is_default() or clear_ping_role):
            await say(
                interaction, "settings.ping_both" if clear_ping_role else "settings.ping_everyone"
            )
            return
        change = ServerSettingsChange(
            moderator_role_id=moderator_role.id if moderator_role else None,
            question_seconds=seconds,
            locale=language.value if language else None,
            ping_role_id=ping_role.id if ping_role else None,
            clear_ping_role=clear_ping_role,
            pause_limit_minutes=pause_limit,
        )
        updated = await change_server_settings(self.ctx.db, interaction.guild_id, change)
        unreachable = ping_role_unreachable(interaction, updated.ping_role_id)
        embed = guild_settings_embed(
            updated, interaction.locale.value, ping_unreachable=unreachable
        )
        await reply(interaction, embed=embed)


@dataclass(frozen=True, slots=True)
class ServerSettingsChange:
    """What a `/quiz settings` changes; None keeps the server's current value."""

    moderator_role_id: int | None
    question_seconds: int | None
    locale: str | None
    ping_role_id: int | None
    clear_ping_role: bool
    pause_limit_minutes: int | None = None


async def change_server_settings(
    db: Database, guild_id: int, change: ServerSettingsChange
) -> GuildSettings:
    """The server's settings with ``change`` applied, saved."""
    current = await settings.guild_settings(db, guild_id)
    ping_role_id = change.ping_role_id or current.ping_role_id
    updated = GuildSettings(
        guild_id=current.guild_id,
        moderator_role_id=change.moderator_role_id or current.moderator_role_id,
        question_seconds=change.question_seconds or current.question_seconds,
        locale=change.locale or current.locale,
        ping_role_id=None if change.clear_ping_role else ping_role_id,
        pause_limit_minutes=change.pause_limit_minutes or current.pause_limit_minutes,
    )
    await settings.save_guild_settings(db, updated)
    return updated
