"""Telling a member, once, that their reminders went off because Discord refused the DM.

The member is told the next time they use the bot, whatever they use: once the bot has answered
that interaction (a slash command completed, a button handled), as a private followup. Which
members are owed the notice is kept in memory (the reminder loop refreshes it each pass), so an
ordinary click costs no database query; the notice
itself is claimed in the database, so of several processes only one shows it.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.app.kit.catalogue import tr
from bot.app.kit.command_text import command_as_shown
from bot.app.kit.limits import CONTENT, fit_text
from bot.app.kit.retry import describe
from bot.storage.database import Database
from bot.storage.settings import settings

if TYPE_CHECKING:
    from bot.app.reminders.loop import ReminderLoop

log = logging.getLogger(__name__)

# A followup after a "thinking" deferral would replace the answer it promised: next time, then.
_FOLLOWUP_SAFE = {
    discord.InteractionResponseType.channel_message,
    discord.InteractionResponseType.message_update,
    discord.InteractionResponseType.deferred_message_update,
}


class RefusedNotice:
    def __init__(self, db: Database, reminders: ReminderLoop) -> None:
        self._db = db
        self._reminders = reminders  # its ``refused``: the members to tell, as it last read them
        self._tasks: set[asyncio.Task[None]] = set()

    def answered(self, interaction: discord.Interaction[Any]) -> None:
        """Called once the bot has answered an interaction; tells its member if owed the notice."""
        if interaction.user.id not in self._reminders.refused:
            return
        task = asyncio.create_task(self._tell_safely(interaction), name="refused-notice")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _tell_safely(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await self._tell(interaction)
        except Exception as error:  # noqa: BLE001  # e.g. the database is away: next time
            log.warning("refused-DM notice not shown (%s)", describe(error))

    async def _tell(self, interaction: discord.Interaction[Any]) -> None:
        member_id = interaction.user.id
        if interaction.response.type not in _FOLLOWUP_SAFE:
            return
        if not await settings.take_refused_notice(self._db, member_id):
            self._reminders.refused.discard(member_id)  # told already, by this process or another
            return
        self._reminders.refused.discard(member_id)
        locale = interaction.locale.value
        command = command_as_shown(locale, "settings")
        text = fit_text(tr(locale, "reminder.refused", command=command), CONTENT)
        try:
            await interaction.followup.send(text, ephemeral=True)
        except discord.HTTPException as error:
            log.warning(
                "could not tell member %s about refused DMs (%s)", member_id, describe(error)
            )
            await settings.return_refused_notice(self._db, member_id)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
