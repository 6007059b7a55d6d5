"""`/quiz`: one Discord command group, servers only, that the features fill with their own
subcommands and subgroups (bot/app/runtime/command_tree.py says which, in what order)."""

from __future__ import annotations

from collections.abc import Iterable

from discord import app_commands
from discord.ext import commands

from bot.app.kit.command_text import command_text as _
from bot.app.kit.context import AppContext
from bot.app.kit.places import SERVER_CONTEXTS, SERVER_INSTALLS
from bot.quiz.rounds.review_round import RoundMode
from bot.quiz.rounds.rules import MAX_QUESTION_SECONDS, MIN_QUESTION_SECONDS

QUIZ = "quiz"
# The seconds a question stays open: a `/quiz start` option and a server's `/quiz settings`.
Seconds = app_commands.Range[int, MIN_QUESTION_SECONDS, MAX_QUESTION_SECONDS]
Questions = app_commands.Range[int, 1, 200]  # how many questions a round asks
# A round's mode, as `/quiz start` and `/quiz schedule add` offer it.
MODE_CHOICES = [
    app_commands.Choice(name=_(f"cmd.quiz.start.mode.{mode.value}"), value=mode.value)
    for mode in RoundMode
]


class QuizCommands(commands.Cog):
    """A feature's share of `/quiz`. A cog so that its commands are bound to it and reach the
    bot's context; it joins the bot through `quiz_group`, never as a top-level cog."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx


QuizPart = QuizCommands | app_commands.Group


def quiz_group(parts: Iterable[QuizPart]) -> app_commands.Group:
    """The `/quiz` group of the parts' commands, in the order given: Discord gets them so."""
    group = app_commands.Group(
        name=QUIZ,
        description=_("cmd.quiz.description"),
        guild_only=True,
        allowed_contexts=SERVER_CONTEXTS,
        allowed_installs=SERVER_INSTALLS,
    )
    for part in parts:
        children = [part] if isinstance(part, app_commands.Group) else part.get_app_commands()
        for command in children:
            group.add_command(command)
    return group
