"""Where a click came from, and whether its button belongs there.

A client chooses the custom_id it sends, so a custom_id is only a claim. What Discord attaches
to the click is not the client's to choose: the server and channel it happened in, and its own
copy of the clicked message. A button acts only where its claim holds; anywhere else the member
is told, privately, that the button does not belong there, and nothing changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import discord

from bot.app.kit.context import ctx_of
from bot.app.kit.posted_messages import custom_ids
from bot.app.kit.replies import say
from bot.quiz.rounds.rules import Message
from bot.storage.models.rounds import message_purpose
from bot.storage.rounds.round_cache import RoundRead, round_cache

NOT_HERE = "errors.not_here"
STANDINGS = message_purpose(Message.STANDINGS, None)


def question_purpose(index: int) -> str:
    """The purpose a question's message (and, later, its reveal) is stored under."""
    return message_purpose(Message.QUESTION, index)


async def refuse(interaction: discord.Interaction[Any]) -> None:
    await say(interaction, NOT_HERE)


async def refused_here(
    interaction: discord.Interaction[Any], kind: discord.InteractionType
) -> bool:
    """Refuses (and says so) an interaction that is not of ``kind``, not in a server, or, a
    click, not on a message carrying its button: True if it was refused."""
    custom_id = interaction.data.get("custom_id") if interaction.data else None
    component = kind is discord.InteractionType.component
    if (
        interaction.type is not kind
        or interaction.guild_id is None
        or (component and not carried(interaction, str(custom_id)))
    ):
        await refuse(interaction)
        return True
    return False


def carried(interaction: discord.Interaction[Any], custom_id: str) -> bool:
    """Whether Discord's copy of the clicked message has a button with this custom_id."""
    message = interaction.message
    return message is not None and custom_id in custom_ids(message)


class RoundPlace(Protocol):
    """Where a round's messages are: its server and channel, its confirmed message ids."""

    @property
    def guild_id(self) -> int: ...

    @property
    def channel_id(self) -> int: ...

    @property
    def message_ids(self) -> Mapping[str, int]: ...


def clicked_on(
    interaction: discord.Interaction[Any], where: RoundPlace, purpose: str, custom_id: str
) -> bool:
    """Whether the click came from the round's own message ``purpose``, in its server and
    channel. A message whose confirmation is not stored yet has reached Discord but not the
    database: Discord's copy of it, carrying the button, vouches for it."""
    if (interaction.guild_id, interaction.channel_id) != (where.guild_id, where.channel_id):
        return False
    stored = where.message_ids.get(purpose)
    if stored is None:
        return carried(interaction, custom_id)
    return interaction.message is not None and interaction.message.id == stored


async def round_message(
    interaction: discord.Interaction[Any], round_id: int, purpose: str, custom_id: str
) -> RoundRead | None:
    """The round, if the click came from its own message ``purpose`` (``clicked_on``); None
    for a click from anywhere else, or on a round there is none of.

    The round comes from the click path's cache, so a click costs no read. A copy read before
    the message was confirmed is read again, but only for a click the message itself carries:
    a forged click costs no read."""
    cache = round_cache(ctx_of(interaction).db)
    read = await cache.round(round_id)
    if read is not None and purpose not in read.message_ids and carried(interaction, custom_id):
        read = await cache.round(round_id, posted=purpose)
    if read is None or not clicked_on(interaction, read, purpose, custom_id):
        return None
    return read
