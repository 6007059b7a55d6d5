"""Where an app's commands may run, and which of its installations authorize an interaction.

An app is installed to servers (GUILD_INSTALL) and, if a user added it to their account, to
that user (USER_INSTALL). A command names the installations it comes with (`integration_types`;
left out, the app's own: this app is set up for both) and the contexts it may run in
(`contexts`: a server, the DM with the app's bot, other DMs and group DMs; left out, all). An
interaction carries `context` and `authorizing_integration_owners`: a key per installation that
authorizes it there, a server's under its id ("0" in the DM with the bot), a user's under theirs.
"""

from __future__ import annotations

from standin.errors import RefusedError
from standin.model import DM_CHANNEL, Channel, Json, User
from standin.world import World

GUILD_INSTALL, USER_INSTALL = 0, 1
GUILD_CONTEXT, BOT_DM_CONTEXT, PRIVATE_CHANNEL_CONTEXT = 0, 1, 2
APP_INSTALLS = (GUILD_INSTALL, USER_INSTALL)  # the installations this app is set up for
ALL_CONTEXTS = (GUILD_CONTEXT, BOT_DM_CONTEXT, PRIVATE_CHANNEL_CONTEXT)


def context_of(channel: Channel) -> int:
    if channel.guild_id is not None:
        return GUILD_CONTEXT
    return BOT_DM_CONTEXT if channel.type == DM_CHANNEL else PRIVATE_CHANNEL_CONTEXT


def owners(world: World, channel: Channel, user: User, installs: list[int]) -> Json:
    """The installations among ``installs`` that authorize ``user`` in ``channel``: a server's
    counts in that server (if the bot is in it) and in the DM with its bot, never in a group
    DM; a user's, wherever that user is."""
    found: Json = {}
    if GUILD_INSTALL in installs:
        guild = world.guilds.get(channel.guild_id or 0)
        if guild is not None and world.bot.id in guild.members:
            found[str(GUILD_INSTALL)] = str(guild.id)
        elif channel.type == DM_CHANNEL:
            found[str(GUILD_INSTALL)] = "0"
    if USER_INSTALL in installs and user.id in world.user_installs:
        found[str(USER_INSTALL)] = str(user.id)
    return found


def command_owners(world: World, channel: Channel, user: User, command: Json) -> Json:
    """Who authorizes ``user`` to run ``command`` in ``channel``; refused, as a client does not
    offer it, where its contexts leave it out or no installation of it reaches there."""
    contexts = command.get("contexts")
    if context_of(channel) not in (ALL_CONTEXTS if contexts is None else contexts):
        raise RefusedError(f"/{command['name']} is not offered in this context")
    found = owners(world, channel, user, command.get("integration_types") or list(APP_INSTALLS))
    if not found:
        raise RefusedError(f"/{command['name']} is not installed where user {user.id} is")
    return found
