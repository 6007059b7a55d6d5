"""The bot's slash commands: `/quiz`, of the features' parts, then each feature's own commands.

The order is the order Discord receives them in (tests/e2e/fixtures/command_tree.json)."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.app.analytics.commands import AnalyticsCommands
from bot.app.authoring.commands import QuestionGroup, new_pack
from bot.app.boards.commands import BoardCog
from bot.app.kit.context import AppContext
from bot.app.kit.quiz_group import quiz_group
from bot.app.packs.commands import PackGroup, PackListCommands
from bot.app.review.commands import ReviewCog
from bot.app.rounds.commands import RoundCommands
from bot.app.rounds.pause_commands import PauseCommands
from bot.app.schedules.commands import ScheduleGroup
from bot.app.seasons.commands import SeasonGroup
from bot.app.settings.member_commands import MemberSettingsCog
from bot.app.settings.server_commands import ServerSettingsCommands
from bot.app.stats.commands import StatsCog


def quiz_commands(ctx: AppContext) -> app_commands.Group:
    """`/quiz pack …|question …|start|stop|skip|pause|resume|schedule …|season …|packs|
    settings|analytics`."""
    packs = PackGroup()
    packs.add_command(new_pack)  # a pack begun in Discord's forms (bot/app/authoring/)
    return quiz_group(
        (
            packs,
            QuestionGroup(),
            RoundCommands(ctx),
            PauseCommands(ctx),
            ScheduleGroup(),
            SeasonGroup(),
            PackListCommands(ctx),
            ServerSettingsCommands(ctx),
            AnalyticsCommands(ctx),
        )
    )


def top_level_cogs(ctx: AppContext) -> tuple[commands.Cog, ...]:
    """`/review`, `/stats`, `/leaderboard` and `/settings`."""
    return (ReviewCog(ctx), StatsCog(ctx), BoardCog(ctx), MemberSettingsCog(ctx))


async def add_commands(bot: commands.Bot, ctx: AppContext) -> None:
    """Every command on the bot's tree, before it is synced."""
    bot.tree.add_command(quiz_commands(ctx))
    for cog in top_level_cogs(ctx):
        await bot.add_cog(cog)
