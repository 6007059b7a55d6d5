"""Rounds that end by themselves, for reasons no retry can mend: the channel is gone or closed
to the bot (``ChannelLostError``), or what the round plays is gone (``ContentGoneError``). The
round ends with its reason stored, and the moderator who started it is told why by DM."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

import discord

from bot.app.kit.catalogue import tr
from bot.app.kit.limits import CONTENT, fit_text
from bot.app.kit.public_locale import public_locale
from bot.app.kit.retry import ChannelLostError, Patience
from bot.app.rounds.round_messages import RoundMessages
from bot.app.shelf.outcomes import ContentGoneError
from bot.quiz.model import Pack
from bot.storage.database import Database
from bot.storage.results import RoundView
from bot.storage.rounds import lifecycle, outbox
from bot.storage.settings import settings

log = logging.getLogger(__name__)


class RoundEndings:
    def __init__(
        self,
        client: discord.Client,
        db: Database,
        messages: RoundMessages,
        clock: Callable[[], datetime],
        patience: Patience,
    ) -> None:
        self._client = client
        self._db = db
        self._messages = messages
        self._clock = clock
        self._patience = patience

    async def abandon(self, round_id: int, lost: ChannelLostError) -> None:
        """Ends a round whose channel is gone or closed to the bot: nothing more is posted."""
        log.warning("round %s ended: %s", round_id, lost)
        await self._patience.run(
            lambda: outbox.abandon_round(self._db, round_id, str(lost), self._clock()),
            f"round {round_id}: end",
        )
        await self._tell_starter(round_id, f"round.lost.{lost.code}")

    async def end_without_content(self, round_id: int, gone: ContentGoneError) -> None:
        """Ends a round whose questions are gone: its standings so far are still owed (the
        conductor posts them); the questions and reveals it cannot show are given up."""
        log.warning("round %s ended: %s", round_id, gone)
        await self._patience.run(
            lambda: outbox.end_without_content(self._db, round_id, str(gone), self._clock()),
            f"round {round_id}: end",
        )
        await self._tell_starter(round_id, "round.content_gone")

    async def _tell_starter(self, round_id: int, reason_key: str) -> None:
        what = f"round {round_id}: tell its starter"
        view = await self._patience.run(lambda: lifecycle.get_round(self._db, round_id), what)
        try:
            await self._send_to_starter(view, reason_key)
        except discord.HTTPException as error:  # they may not take DMs: the log has it
            log.warning("round %s: could not tell <@%s> (%s)", round_id, view.started_by, error)

    async def _send_to_starter(self, view: RoundView, reason_key: str) -> None:
        pack = await self._messages.pack(view)
        locale = await self._dm_locale(view, pack)
        text = tr(
            locale,
            "round.ended_for_you",
            pack=pack.title.get(locale) if pack is not None else view.pack_id,
            channel=f"<#{view.channel_id}>",
            reason=tr(locale, reason_key),
        )
        channel = await self._client.create_dm(discord.Object(view.started_by))
        await channel.send(fit_text(text, CONTENT))

    async def _dm_locale(self, view: RoundView, pack: Pack | None) -> str:
        """A DM is the member's own: their DM language, else the client language they last used
        the bot in, as reminders choose; the server's language only for a member never seen."""
        starter = await settings.member_settings(self._db, view.started_by)
        own = starter.locale or starter.client_locale
        return own or await public_locale(self._client, self._db, view.guild_id, pack)
