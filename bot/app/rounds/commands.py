"""`/quiz start|stop|skip`: moderators run rounds (`/quiz pause|resume`: pause_commands.py; team
rounds: teams.py). The rest of `/quiz` is the other features' (bot/app/runtime/command_tree.py)."""

from __future__ import annotations

import random
from typing import Any

import discord
from discord import app_commands

from bot.app.kit.ack_deadline import AckDeadline, settle_deferral
from bot.app.kit.command_text import command_text as _
from bot.app.kit.context import AppContext
from bot.app.kit.limits import echo
from bot.app.kit.pack_choices import chosen_pack, pack_choices
from bot.app.kit.permissions import files_refused, has_pictures, is_moderator
from bot.app.kit.quiz_group import MODE_CHOICES, Questions, QuizCommands, Seconds
from bot.app.kit.replies import say
from bot.app.kit.team_plans import team_plan_of
from bot.app.kit.withheld import Choice, permitted_ping
from bot.app.rounds.start_cards import start_card_of
from bot.quiz.model import Pack
from bot.quiz.packs.library import Library
from bot.quiz.packs.server_packs import shown_pack_id
from bot.quiz.rounds.plan import RoundPlan
from bot.quiz.rounds.review_round import RoundMode
from bot.quiz.rounds.rules import RoundState
from bot.quiz.rounds.teams import MAX_TYPED, Refused, TeamPlan
from bot.storage.packs.versions import PackGoneError
from bot.storage.results import RoundView
from bot.storage.rounds import lifecycle
from bot.storage.settings import settings


class RoundCommands(QuizCommands):
    """The rounds' share of `/quiz`."""

    async def _offered(self, interaction: discord.Interaction[Any]) -> Library:
        """The packs this server offers: built-ins it did not turn off, and its own."""
        return (await self.ctx.shelf.view(interaction.guild_id)).offered

    @app_commands.command(name="start", description=_("cmd.quiz.start.description"))
    @app_commands.describe(
        pack=_("cmd.quiz.start.pack.description"),
        questions=_("cmd.quiz.start.questions.description"),
        seconds=_("cmd.quiz.start.seconds.description"),
        channel=_("cmd.quiz.start.channel.description"),
        mode=_("cmd.quiz.start.mode.description"),
        teams=_("cmd.quiz.start.teams.description"),
    )
    @app_commands.choices(mode=MODE_CHOICES)
    async def start(
        self,
        interaction: discord.Interaction[Any],
        *,
        pack: str,
        questions: Questions | None = None,
        seconds: Seconds | None = None,
        channel: discord.TextChannel | None = None,
        mode: app_commands.Choice[str] | None = None,
        teams: app_commands.Range[str, 1, MAX_TYPED] | None = None,
    ) -> None:
        AckDeadline(interaction)  # reads and writes before the start card: seconds under load
        if not await is_moderator(self.ctx.db, interaction):
            await say(interaction, "errors.not_moderator")
            return
        rng = random.Random()  # noqa: S311  # a quiz shuffle, not cryptography
        team_plan = None if teams is None else team_plan_of(interaction, teams, rng)
        if isinstance(team_plan, Refused):
            await say(interaction, team_plan.key, part=echo(team_plan.part))
            return
        chosen = await chosen_pack(interaction, await self._offered(interaction), pack)
        if chosen is None:
            return
        target_id = channel.id if channel is not None else interaction.channel_id
        if has_pictures(chosen) and files_refused(interaction, channel):
            await say(interaction, "round.cannot_attach", channel=f"<#{target_id}>")
            return
        assert target_id is not None  # noqa: S101
        round_mode = RoundMode(mode.value) if mode is not None else RoundMode.NORMAL
        assert interaction.guild_id is not None  # noqa: S101  # the group is guild-only
        configured = await settings.guild_settings(self.ctx.db, interaction.guild_id)
        view = await self._start_round(
            interaction,
            chosen,
            target_id,
            questions=questions,
            seconds=seconds or configured.question_seconds,
            mode=round_mode,
            ping=await permitted_ping(
                interaction.client,
                self.ctx.db,
                (interaction.guild_id, target_id),
                Choice(configured.ping_role_id, configured.ping_role_set_by),
                self.ctx.clock.now(),
            ),
            rng=rng,
            team_plan=team_plan,
        )
        if view is not None:
            await self._announce(interaction, view, chosen, channel)

    async def _start_round(
        self,
        interaction: discord.Interaction[Any],
        pack: Pack,
        channel_id: int,
        *,
        questions: int | None,
        seconds: int,
        mode: RoundMode,
        ping: int | None,
        rng: random.Random,
        team_plan: TeamPlan | None,
    ) -> RoundView | None:
        """The new round; None, once the member is told why, if it cannot start."""
        assert interaction.guild_id is not None  # noqa: S101  # the group is guild-only
        try:
            return await lifecycle.start_round(
                self.ctx.db,
                RoundPlan(
                    guild_id=interaction.guild_id,
                    channel_id=channel_id,
                    pack_id=pack.id,
                    started_by=interaction.user.id,
                    question_seconds=seconds,
                    question_count=questions,
                    mode=mode,
                    ping_role_id=ping,
                    team_plan=team_plan,
                ),
                rng=rng,
                now=self.ctx.clock.now(),
            )
        except lifecycle.RoundAlreadyRunningError:
            await say(interaction, "round.already_running", channel=f"<#{channel_id}>")
        except lifecycle.NothingToReviewError:
            title = pack.title.get(interaction.locale.value)
            await say(interaction, "round.review.nothing", pack=title)
        except PackGoneError:  # removed since this process last read the server's packs
            await say(interaction, "round.unknown_pack", pack=echo(shown_pack_id(pack.id)))
        return None

    async def _announce(
        self,
        interaction: discord.Interaction[Any],
        view: RoundView,
        pack: Pack,
        channel: discord.TextChannel | None,
    ) -> None:
        """Posts the start card, which pings the round's ping role (the server's, if it has one
        that still exists), then hands the round to the conductor. The card answers the command
        unless the command was deferred (then it is a message of its own) or names another
        channel."""
        card, allowed = await start_card_of(interaction.client, self.ctx.db, view, pack)
        await settle_deferral(interaction)
        here = channel is None or channel.id == interaction.channel_id
        try:
            if here and not interaction.response.is_done():
                await interaction.response.send_message(view=card, allowed_mentions=allowed)
            else:
                target = interaction.channel if here else channel
                assert isinstance(target, discord.abc.Messageable)  # noqa: S101  # guild-only
                await target.send(view=card, allowed_mentions=allowed)
                await say(interaction, "round.started_elsewhere", channel=f"<#{view.channel_id}>")
        except discord.Forbidden:
            await lifecycle.end_round(
                self.ctx.db, view.id, RoundState.STOPPED, self.ctx.clock.now()
            )
            await say(interaction, "round.cannot_post", channel=f"<#{view.channel_id}>")
            return
        self.ctx.conductor.begin(view.id)

    @start.autocomplete("pack")
    async def pack_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        offered = (await self._offered(interaction)).packs.values()
        return pack_choices(offered, interaction.locale.value, current)

    @app_commands.command(name="stop", description=_("cmd.quiz.stop.description"))
    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        view = await moderated_round(self.ctx, interaction)
        if view is not None:
            await say(interaction, "round.stopping")
            await self.ctx.conductor.stop(view)

    @app_commands.command(name="skip", description=_("cmd.quiz.skip.description"))
    async def skip(self, interaction: discord.Interaction[Any]) -> None:
        view = await moderated_round(self.ctx, interaction)
        if view is not None:
            await say(interaction, "round.skipping")
            await self.ctx.conductor.skip(view)


async def moderated_round(
    ctx: AppContext, interaction: discord.Interaction[Any]
) -> RoundView | None:
    """The running round of this channel, if the member may run it (else says why not)."""
    if not await is_moderator(ctx.db, interaction):
        await say(interaction, "errors.not_moderator")
        return None
    running = [
        view
        for view in await lifecycle.running_rounds(ctx.db)
        if view.channel_id == interaction.channel_id
    ]
    if not running:
        await say(interaction, "round.no_round")
        return None
    return running[0]
