"""INTERACTION_CREATE payloads as Discord builds them for a member in a channel."""

from __future__ import annotations

from standin.config import Limits
from standin.model import Channel, Json, User
from standin.permissions import guild_permissions
from standin.world import World

GUILD_INSTALL = "0"
GUILD_CONTEXT, BOT_DM_CONTEXT = 0, 1


def interaction_payload(
    world: World, limits: Limits, kind: int, user: User, channel: Channel, *, data: Json
) -> Json:
    """Everything but `id` and `token`, which the interaction desk assigns."""
    bot_permissions = world.permissions(channel, world.bot.id)
    body: Json = {
        "application_id": str(world.application_id),
        "type": kind,
        "data": data,
        "version": 1,
        "channel_id": str(channel.id),
        "channel": {**channel.payload(), "permissions": str(world.permissions(channel, user.id))},
        "app_permissions": str(bot_permissions),
        "attachment_size_limit": limits.attachment_size_limit,
        "entitlements": [],
    }
    if channel.guild_id is None:
        member_locale = "en-US"
        body |= {
            "user": user.payload(),
            "context": BOT_DM_CONTEXT,
            # The app is installed to servers; in a DM with its bot, Discord names that
            # installation "0" (no server), as its docs on authorizing_integration_owners say.
            "authorizing_integration_owners": {GUILD_INSTALL: "0"},
        }
        body["locale"] = _dm_locale(world, user, member_locale)
        return body
    guild = world.guilds[channel.guild_id]
    member = guild.members[user.id]
    member_body = member.payload()
    member_body["permissions"] = str(world.permissions(channel, user.id))
    body |= {
        "guild_id": str(guild.id),
        "guild": {"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
        "guild_locale": guild.preferred_locale,
        "member": member_body,
        "locale": member.locale,
        "context": GUILD_CONTEXT,
        "authorizing_integration_owners": {GUILD_INSTALL: str(guild.id)},
    }
    return body


def _dm_locale(world: World, user: User, fallback: str) -> str:
    """A user's client locale: the one of their first guild membership."""
    for guild in world.guilds.values():
        if user.id in guild.members:
            return guild.members[user.id].locale
    return fallback


def guild_permissions_of(world: World, guild_id: int, user_id: int) -> int:
    guild = world.guilds[guild_id]
    return guild_permissions(guild, guild.members[user_id])
