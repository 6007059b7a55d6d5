"""INTERACTION_CREATE payloads as Discord builds them for a member in a channel."""

from __future__ import annotations

from standin.config import Limits
from standin.installs import PRIVATE_CHANNEL_CONTEXT, context_of
from standin.model import Channel, Json, User
from standin.permissions import ATTACH_FILES, EMBED_LINKS, MENTION_EVERYONE, guild_permissions
from standin.world import World

# What the app may do in a DM or group DM of other users, as Discord's interaction docs list.
OTHERS_DM_APP_PERMISSIONS = ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE


def interaction_payload(
    world: World,
    limits: Limits,
    kind: int,
    user: User,
    channel: Channel,
    *,
    data: Json,
    owners: Json,
) -> Json:
    """Everything but `id` and `token`, which the interaction desk assigns; ``owners``: its
    `authorizing_integration_owners` (standin/installs.py)."""
    context = context_of(channel)
    bot_permissions = world.permissions(channel, world.bot.id)
    if context == PRIVATE_CHANNEL_CONTEXT:
        bot_permissions = OTHERS_DM_APP_PERMISSIONS
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
        "context": context,
        "authorizing_integration_owners": owners,
    }
    if channel.guild_id is None:
        body["user"] = user.payload()
        body["locale"] = _dm_locale(world, user, "en-US")
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
