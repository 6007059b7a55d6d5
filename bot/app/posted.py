"""Finding a message the bot may already have posted, by a custom_id only that message carries.

A post whose confirmation was lost (a crash, a timeout) may still have reached Discord; before
posting again, the courier (round messages) and the reminder loop (DMs) look for it here.
"""

from __future__ import annotations

import discord

RECENT_MESSAGES = 50  # how far back a post is looked for before it is sent again


async def find_posted(
    client: discord.Client, channel: discord.abc.Messageable, marker: str
) -> discord.Message | None:
    """The bot's recent message in ``channel`` with a button whose custom_id starts with
    ``marker``, if there is one."""
    me = client.user
    async for message in channel.history(limit=RECENT_MESSAGES):
        mine = me is not None and message.author.id == me.id
        if mine and any(custom_id.startswith(marker) for custom_id in custom_ids(message)):
            return message
    return None


def custom_ids(message: discord.Message) -> list[str]:
    return [
        button.custom_id
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for button in row.children
        if isinstance(button, discord.Button) and button.custom_id
    ]
