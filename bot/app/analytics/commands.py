"""`/quiz analytics pack`: how a pack's questions fared in this server, worst first, privately to
a moderator."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.app.analytics.embed import analytics_embed
from bot.app.kit.command_text import command_text as _
from bot.app.kit.heavy_turns import refused_turn
from bot.app.kit.pack_choices import chosen_pack, pack_choices
from bot.app.kit.permissions import is_moderator
from bot.app.kit.quiz_group import QuizCommands
from bot.app.kit.replies import reply, say
from bot.quiz.analytics.items import analyse_answers
from bot.storage.analytics.item_answers import pack_answers


class AnalyticsCommands(QuizCommands):
    """The analytics' share of `/quiz`."""

    @app_commands.command(name="analytics", description=_("cmd.quiz.analytics.description"))
    @app_commands.describe(pack=_("cmd.quiz.analytics.pack.description"))
    async def analytics_command(self, interaction: discord.Interaction[Any], pack: str) -> None:
        """Per question of the pack in this server, worst first, privately to a moderator."""
        if not await is_moderator(self.ctx.db, interaction):
            await say(interaction, "errors.not_moderator")
            return
        known = (await self.ctx.shelf.view(interaction.guild_id)).known
        chosen = await chosen_pack(interaction, known, pack)
        if chosen is None:
            return
        assert interaction.guild_id is not None  # noqa: S101  # the group is guild-only
        heavy = self.ctx.shelf.heavy
        if await refused_turn(interaction, heavy, interaction.guild_id):
            return
        # Up to MAX_ANALYSED_ANSWERS answers are read, and analysed in a worker process (the
        # event loop would be held a noticeable time): together they may outlast Discord's 3 s.
        await interaction.response.defer(ephemeral=True, thinking=True)
        answers = await pack_answers(self.ctx.db, guild_id=interaction.guild_id, pack=chosen)
        report = await heavy.run(analyse_answers, answers)
        await reply(interaction, embed=analytics_embed(chosen, report, interaction.locale.value))

    @analytics_command.autocomplete("pack")
    async def analytics_pack_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        offered = (await self.ctx.shelf.view(interaction.guild_id)).offered.packs.values()
        return pack_choices(offered, interaction.locale.value, current)
