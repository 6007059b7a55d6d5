"""The Discord client: no privileged intents, slash commands, persistent buttons, resumed rounds."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.authoring.buttons import CancelButton, FormSubmitted, SaveButton, StepButton
from bot.app.authoring.suggestion_buttons import SUGGESTION_BUTTONS
from bot.app.boards.buttons import MeButton, PageButton
from bot.app.kit.buttons import ButtonRouter
from bot.app.kit.command_text import CatalogueTranslator
from bot.app.kit.context import AppContext
from bot.app.kit.grace import finish_within
from bot.app.kit.mentions import NOBODY
from bot.app.kit.replies import report_failure
from bot.app.packs.buttons import UPLOAD_BUTTONS
from bot.app.reminders.buttons import ReminderButton
from bot.app.reminders.loop import ReminderLoop
from bot.app.reminders.refused_notice import RefusedNotice
from bot.app.review.buttons import REVIEW_BUTTONS
from bot.app.review.refits import FittingLoop
from bot.app.rewards.loop import RewardLoop
from bot.app.rounds.buttons import AnswerButton, WhyButton
from bot.app.rounds.conductor import SHUTDOWN_GRACE_S
from bot.app.rounds.recall_buttons import AnswerFormButton, AnswerFormSubmitted
from bot.app.runtime.command_tree import add_commands
from bot.app.runtime.forged_options import refuse, refused_conversion, refused_option
from bot.app.schedules.loop import ScheduleLoop
from bot.app.seasons.loop import SeasonLoop
from bot.english import counted
from bot.quiz.shards.served import EVERY_SHARD, ServedShards

log = logging.getLogger(__name__)

# Answers first: they are most of the clicks. A question form's modal submissions are routed
# here too, by their custom_id, so a form goes on after a restart.
BUTTONS = ButtonRouter(
    (
        AnswerButton,
        AnswerFormButton,
        AnswerFormSubmitted,
        WhyButton,
        *REVIEW_BUTTONS,
        PageButton,
        MeButton,
        ReminderButton,
        *UPLOAD_BUTTONS,
        StepButton,
        SaveButton,
        CancelButton,
        FormSubmitted,
        *SUGGESTION_BUTTONS,
    )
)
ROUTED = (discord.InteractionType.component, discord.InteractionType.modal_submit)


class QuizTree(app_commands.CommandTree[Any]):
    """Every slash command passes here first: its channel, role and member options must name
    what the member could choose in this server (bot/app/runtime/forged_options.py)."""

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.type is not discord.InteractionType.application_command:
            return True  # autocomplete only suggests; the command it fills in is checked
        refused = refused_option(interaction)
        if refused is None:
            return True
        await refuse(interaction, refused)
        return False

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        refused = refused_conversion(interaction, error)
        if refused is not None:
            await refuse(interaction, refused)
            return
        await report_failure(interaction, error)


class QuizBot(commands.Bot):
    ctx: AppContext
    reminders: ReminderLoop
    schedules: ScheduleLoop
    seasons: SeasonLoop
    rewards: RewardLoop
    fitting: FittingLoop
    refused_notice: RefusedNotice

    def __init__(self, *, dev_guild: int | None = None, **options: Any) -> None:  # noqa: ANN401
        # The bot never joins voice: discord.py's warnings that voice libraries are missing
        # would only be noise on every start.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True  # channels, roles and server locale; not privileged
        intents.guild_scheduled_events = True  # the schedules' Discord events; not privileged
        # discord.py waits this long for more servers before "ready" (2 s by default); a server
        # that arrives later is picked up by the round supervisor within its next sweep.
        options.setdefault("guild_ready_timeout", 0.5)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=QuizTree,
            # Pack texts and the bot's own member mentions ping nobody (bot/app/kit/mentions.py).
            allowed_mentions=NOBODY,
            **options,
        )
        self._dev_guild = dev_guild
        self._resumed = False
        self._starting: asyncio.Task[Any] | None = None  # the first on_ready's task

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CatalogueTranslator())
        await add_commands(self, self.ctx)
        if self._dev_guild is not None:
            guild = discord.Object(self._dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands", len(synced))

    def serves_guild(self, guild_id: int) -> bool:
        """Whether this process conducts the server's rounds (it is on one of its shards)."""
        return self.get_guild(guild_id) is not None

    def served_shards(self) -> ServedShards:
        """The shards whose servers this process serves, which the loops' queries filter by:
        every one here; a bot sharing its shards says which (sharded_client.py)."""
        return EVERY_SHARD

    def serves_direct_messages(self) -> bool:
        """Whether this process sends the reminders (direct messages come on shard 0)."""
        return True

    async def on_ready(self) -> None:
        if self._resumed:  # on_ready comes again after a reconnect; rounds are already running
            servers = counted(len(self.guilds), "server")
            log.info("reconnected to Discord with a new session; %s", servers)
            return
        self._resumed = True
        self._starting = asyncio.current_task()
        resumed = await self.ctx.conductor.start()
        self.reminders.start()
        self.schedules.start()
        self.seasons.start()
        self.rewards.start()
        self.fitting.start()
        user = self.user
        log.info(
            "quizbot ready as %s in %s; %s; resumed %s",
            user,
            counted(len(self.guilds), "server"),
            counted(len(self.ctx.library.packs), "pack"),
            counted(resumed, "round"),
        )

    async def on_app_command_completion(
        self, interaction: discord.Interaction[Any], _command: object
    ) -> None:
        self.refused_notice.answered(interaction)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type not in ROUTED:
            return
        custom_id = interaction.data.get("custom_id") if interaction.data else None
        button = BUTTONS.button(custom_id) if isinstance(custom_id, str) else None
        if button is not None:
            await button.callback(interaction)
            self.refused_notice.answered(interaction)

    async def on_scheduled_event_update(
        self, _before: discord.ScheduledEvent, after: discord.ScheduledEvent
    ) -> None:
        self.schedules.event_updated(after.guild_id)

    async def on_resumed(self) -> None:
        log.info("gateway session resumed")

    async def on_disconnect(self) -> None:
        if not self.is_closed():
            log.info("disconnected from the gateway; reconnecting")

    async def close(self) -> None:
        await self._finish_starting()
        await self.schedules.shutdown()  # first: it would start rounds
        await self.seasons.shutdown()
        await self.rewards.shutdown()
        await self.fitting.shutdown()
        await self.ctx.conductor.shutdown()
        await self.reminders.shutdown()
        await self.refused_notice.close()
        await self.ctx.shelf.close()  # its worker processes
        await super().close()

    async def _finish_starting(self) -> None:
        """A close that comes while the first on_ready still picks up the stored rounds lets it
        finish within the conductors' grace, else cancels it: left running, it would resume
        rounds and start the loops after their shutdown, on a database already closed."""
        starting, self._starting = self._starting, None
        if starting is not None and starting is not asyncio.current_task():
            await finish_within([starting], SHUTDOWN_GRACE_S)
