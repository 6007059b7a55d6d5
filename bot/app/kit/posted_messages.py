"""Finding a message the bot may already have posted, by a custom_id only that message carries.

A post whose confirmation was lost (a crash, a timeout) may still have reached Discord; before
posting again, the outbox (round messages) and the reminder loop (DMs) look for it here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

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
    """Every button's custom_id, also those nested in a layout's containers and sections."""
    return [
        component.custom_id
        for component in _walk(message.components)
        if isinstance(component, discord.Button) and component.custom_id
    ]


def _walk(components: Sequence[discord.Component]) -> Iterator[discord.Component]:
    for component in components:
        yield component
        if isinstance(component, discord.SectionComponent):
            yield from _walk([*component.children, component.accessory])
        elif isinstance(component, discord.ActionRow | discord.Container):
            yield from _walk(component.children)
