"""What a decision tells outside the moderator's own reply: the author, by DM, in the language
the bot writes to them in (their `/settings` language, else the one they suggested in), sent
silently during their quiet hours; and the suggestion's card in the server's suggestions
channel, which then shows the decision instead of its buttons.

Both are told once, by the moderator whose decision it was, and at most once: a DM refused
(DMs closed) or a card deleted is logged and not tried again; the decision stands either way.
"""

from __future__ import annotations

import logging
from datetime import datetime

import discord

from bot.app.authoring.suggestion_messages import author_notice, card
from bot.app.kit.catalogue import tr
from bot.app.kit.limits import CONTENT, fit_text
from bot.app.kit.retry import describe
from bot.storage.authoring.suggestions import Suggestion
from bot.storage.database import Database
from bot.storage.settings import settings

log = logging.getLogger(__name__)


async def tell_author(
    client: discord.Client, db: Database, found: Suggestion, server: str, now: datetime
) -> bool:
    """DMs the author what became of their suggestion; False if Discord refused it."""
    member = await settings.member_settings(db, found.author_id)
    reader = member.locale or found.author_locale or member.dm_locale
    text = fit_text(author_notice(found, server, reader), CONTENT)
    try:
        channel = await client.create_dm(discord.Object(found.author_id))
        await channel.send(text, silent=member.quiet_at(now))
    except discord.HTTPException as refused:
        log.info("suggestion %s: author not told (%s)", found.id, describe(refused))
        return False
    return True


async def show_decision_on_card(client: discord.Client, found: Suggestion, reader: str) -> None:
    """The channel's card of the suggestion, if it has one, edited to show the decision."""
    if found.card_channel_id is None or found.card_message_id is None:
        return
    channel = client.get_partial_messageable(found.card_channel_id, guild_id=found.guild_id)
    message = channel.get_partial_message(found.card_message_id)
    content = tr(reader, "suggest.card_decided")
    try:
        await message.edit(content=content, embed=card(found, reader), view=None)
    except discord.HTTPException as refused:
        log.info("suggestion %s: card not updated (%s)", found.id, describe(refused))
