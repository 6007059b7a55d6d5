"""Where a command may run, and where an interaction came from, as the features see it.

quizbot is installed to servers and, for a member's own commands, to the member's Discord
account (a user install, Discord's `integration_types`). Those commands (`/review`, `/stats`,
`/settings`) run in servers, in the DM with the bot and in group DMs (Discord's `contexts`);
the rest run in servers that installed the bot only, since they act on the server.

An interaction is "in a server" only if that server installed the bot (Discord says so in its
`authorizing_integration_owners`): then the server's own packs and numbers are seen. Anywhere
else (a DM, a group DM, a server that only the member's account brought the bot to) it is in
no server: the built-in packs, and the member's own cards of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import discord
from discord import app_commands

T = TypeVar("T")

SERVER_INSTALLS = app_commands.AppInstallationType(guild=True, user=False)
SERVER_CONTEXTS = app_commands.AppCommandContext(guild=True)


def anywhere(command: T) -> T:
    """A member's own command: installable to servers and to the member's account, and run in
    servers, in the DM with the bot and in group DMs."""
    installs = app_commands.allowed_installs(guilds=True, users=True)
    contexts = app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    return installs(contexts(command))


def server_only(command: T) -> T:
    """A command that acts on a server: installed with the bot to servers, run only there."""
    only: Callable[[T], T] = app_commands.guild_only()
    return app_commands.allowed_installs(guilds=True, users=False)(only(command))


def server_of(interaction: discord.Interaction[Any]) -> int | None:
    """The server the interaction happened in, if that server installed the bot; None (no
    server: the built-in packs only) in a DM, a group DM, or a server the bot is not in."""
    return interaction.guild_id if interaction.is_guild_integration() else None


def shown_to_all(interaction: discord.Interaction[Any]) -> bool:
    """Whether a member's own reply may be a normal message: only in their DM with the bot,
    where nobody else reads it and it stays in its history. In a server or a group DM it is
    ephemeral: a member's reviews are theirs."""
    return interaction.context.dm_channel
