"""A round's messages as the round stands: rendered from it, and edited in the style each was
posted in (a layout, or an embed for a message posted before layouts). The outbox posts them;
the conductor edits a question's count through them.

A question's picture is a file of its message, posted with it; the edits (the count, the
reveal) send no ``attachments``, which keeps the file, and name it again by ``attachment://``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import discord
from cachetools import LRUCache

from bot.app.kit.mentions import NOBODY
from bot.app.kit.public_locale import public_locale
from bot.app.kit.retry import UNKNOWN_MESSAGE
from bot.app.rounds.buttons import reveal_view
from bot.app.rounds.embeds import question_embed, reveal_embed
from bot.app.rounds.layouts import question_layout
from bot.app.shelf.outcomes import ContentGoneError
from bot.app.shelf.shelf import PackShelf
from bot.cache import SharedReads
from bot.quiz.model import Pack, Question
from bot.quiz.rounds.shuffle import shown_order
from bot.storage.database import Database
from bot.storage.results import RoundView, Tally

KNOWN_STYLES = 256  # how many messages' style (layout or embed) are remembered
Channel = discord.PartialMessageable


class RoundMessages:
    def __init__(self, client: discord.Client, db: Database, shelf: PackShelf) -> None:
        self.client = client
        self._db = db
        self._shelf = shelf
        # message id -> posted as a layout (True) or, before layouts, as an embed (False)
        self._styles: SharedReads[int, bool] = SharedReads(LRUCache(KNOWN_STYLES))

    def posted(self, message: discord.Message) -> None:
        """Remembers the style of a message this process posted."""
        self._styles.put(message.id, message.flags.components_v2)

    async def locale(self, view: RoundView, pack: Pack | None) -> str:
        """The language of the round's public messages."""
        return await public_locale(self.client, self._db, view.guild_id, pack)

    async def edit_question(
        self, view: RoundView, index: int, message_id: int, answered: int, closes_at: datetime
    ) -> None:
        """Shows a question's answered count and closing time afresh (or, while its round is
        paused, the time it has left), in its own style."""
        message = self.channel(view).get_partial_message(message_id)
        if await self._is_layout(view, message_id):
            layout = await self.question_layout(view, index, answered=answered, closes_at=closes_at)
            await message.edit(view=layout, allowed_mentions=NOBODY)
            return
        pack, question = await self.question(view, index)  # posted as an embed, before layouts
        embed = question_embed(
            question,
            await self.locale(view, pack),
            number=index + 1,
            total=len(view.question_order),
            closes_at=closes_at,
            answered=answered,
            order=shown_order(view.id, question),
            paused_left_s=view.paused_left_s,
        )
        await message.edit(embed=embed, allowed_mentions=NOBODY)

    async def question_layout(
        self, view: RoundView, index: int, *, answered: int, closes_at: datetime
    ) -> discord.ui.LayoutView:
        """The question as the round stands in ``view``: counting down, or paused."""
        pack, question = await self.question(view, index)
        return question_layout(
            question,
            await self.locale(view, pack),
            round_id=view.id,
            index=index,
            total=len(view.question_order),
            difficulty=pack.difficulty,
            closes_at=closes_at,
            answered=answered,
            order=shown_order(view.id, question),
            paused_left_s=view.paused_left_s,
        )

    async def edit_reveal(
        self,
        view: RoundView,
        message_id: int,
        layout: discord.ui.LayoutView,
        as_embed: Callable[[], tuple[discord.Embed, discord.ui.View]],
    ) -> bool:
        """Edits a question into its reveal, in the style it was posted in; False if Discord
        no longer has it."""
        try:
            message = self.channel(view).get_partial_message(message_id)
            # discord.py sends the client's allowed_mentions only with content (mentions.py).
            if await self._is_layout(view, message_id):
                await message.edit(view=layout, allowed_mentions=NOBODY)
            else:
                embed, buttons = as_embed()
                await message.edit(embed=embed, view=buttons, allowed_mentions=NOBODY)
        except discord.NotFound as error:
            if error.code != UNKNOWN_MESSAGE:
                raise
            return False
        return True

    async def send_pictured(
        self, channel: Channel, view: RoundView, index: int, layout: discord.ui.LayoutView
    ) -> discord.Message:
        """Posts a question's layout with the picture it shows, as a fresh file each try."""
        pack, question = await self.question(view, index)
        files = await self._shelf.pictures.files(question.image, await self.locale(view, pack))
        if not files:
            return await channel.send(view=layout)
        return await channel.send(view=layout, files=files)

    async def pack(self, view: RoundView) -> Pack | None:
        """The round's pack as it started (its version), still found if the server turned it
        off or replaced or removed it mid-round."""
        return await self._shelf.played_pack(view.guild_id, view.pack_id, view.pack_version_id)

    async def question(self, view: RoundView, index: int) -> tuple[Pack, Question]:
        pack = await self.pack(view)
        question = pack.question(view.question_order[index]) if pack is not None else None
        if pack is None or question is None:
            raise ContentGoneError(f"question {index + 1} of the round is no longer in its pack")
        return pack, question

    def channel(self, view: RoundView) -> Channel:
        """The round's channel without relying on the cache: Discord itself says if it is gone."""
        return self.client.get_partial_messageable(
            view.channel_id, guild_id=view.guild_id, type=discord.ChannelType.text
        )

    def embed_reveal(
        self, view: RoundView, question: Question, locale: str, tally: Tally
    ) -> tuple[discord.Embed, discord.ui.View]:
        """The reveal of a question posted as an embed, before layouts."""
        order = shown_order(view.id, question)
        number, total = tally.question_index + 1, len(view.question_order)
        embed = reveal_embed(question, locale, number=number, total=total, tally=tally, order=order)
        return embed, reveal_view(view.id, tally.question_index, order, tally.correct_index, locale)

    async def _is_layout(self, view: RoundView, message_id: int) -> bool:
        """Whether the message was posted as a layout; asks Discord once for a message this
        process did not post (one posted before a restart, perhaps before layouts)."""
        return await self._styles.get(message_id, lambda: self._fetched_style(view, message_id))

    async def _fetched_style(self, view: RoundView, message_id: int) -> bool:
        message = await self.channel(view).fetch_message(message_id)
        return message.flags.components_v2
