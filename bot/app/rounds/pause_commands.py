"""`/quiz pause|resume`: moderators hold a round (a fire drill, a discussion that runs long) and let
it go on. The pause is the round's, in the database (bot/storage/rounds/pauses.py): the conductor of
any process, after any restart, holds it, and ends it once the server's pause limit passes
(bot.quiz.rounds.rules.next_move)."""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any

import discord
from discord import app_commands

from bot.app.kit.command_text import command_text as _
from bot.app.kit.message_parts import relative_time
from bot.app.kit.quiz_group import QuizCommands
from bot.app.kit.replies import say
from bot.app.rounds.commands import moderated_round
from bot.quiz.rounds.rules import RoundState
from bot.storage.results import Paused, Resumed, RoundView
from bot.storage.rounds import lifecycle, pauses
from bot.storage.settings import settings


class PauseCommands(QuizCommands):
    """The pauses' share of `/quiz`."""

    @app_commands.command(name="pause", description=_("cmd.quiz.pause.description"))
    async def pause(self, interaction: discord.Interaction[Any]) -> None:
        view = await moderated_round(self.ctx, interaction)
        if view is None:
            return
        limit = (await settings.guild_settings(self.ctx.db, view.guild_id)).pause_limit_minutes
        paused = await pauses.pause_round(self.ctx.db, view.id, self.ctx.clock.now(), limit)
        if paused is None:
            await self._say_unchanged(interaction, view, "round.already_paused")
            return
        self.ctx.conductor.begin(view.id)  # wakes its conductor: it shows the pause and holds
        await _say_paused(interaction, paused)

    @app_commands.command(name="resume", description=_("cmd.quiz.resume.description"))
    async def resume(self, interaction: discord.Interaction[Any]) -> None:
        view = await moderated_round(self.ctx, interaction)
        if view is None:
            return
        now = self.ctx.clock.now()
        resumed = await pauses.resume_round(self.ctx.db, view.id, now)
        if resumed is None:
            await self._say_unchanged(interaction, view, "round.not_paused")
            return
        self.ctx.conductor.begin(view.id)
        await _say_resumed(interaction, resumed, now)

    async def _say_unchanged(
        self, interaction: discord.Interaction[Any], view: RoundView, key: str
    ) -> None:
        """Why nothing changed: ``key``, unless the round has ended since it was read."""
        fresh = await lifecycle.get_round(self.ctx.db, view.id)
        await say(interaction, key if fresh.state is RoundState.RUNNING else "round.no_round")


async def _say_paused(interaction: discord.Interaction[Any], paused: Paused) -> None:
    ends = relative_time(paused.paused_until)
    if paused.left_s is None:
        await say(interaction, "round.paused_between", ends=ends)
        return
    number, seconds = paused.question_index + 1, math.ceil(paused.left_s)
    await say(interaction, "round.paused_question", number=number, seconds=seconds, ends=ends)


async def _say_resumed(
    interaction: discord.Interaction[Any], resumed: Resumed, now: datetime
) -> None:
    if resumed.closes_at is None:
        await say(interaction, "round.resumed_between")
        return
    seconds = math.ceil((resumed.closes_at - now).total_seconds())
    number = resumed.question_index + 1
    await say(interaction, "round.resumed_question", number=number, seconds=seconds)
