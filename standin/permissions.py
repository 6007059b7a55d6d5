"""Discord's permission arithmetic: roles, then channel overwrites (everyone, roles, member)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from standin.model import Channel, Guild, Member

CREATE_INSTANT_INVITE = 1 << 0
BAN_MEMBERS = 1 << 2
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
SEND_TTS_MESSAGES = 1 << 12
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17  # @everyone, @here, and roles that are not mentionable
USE_EXTERNAL_EMOJIS = 1 << 18
CHANGE_NICKNAME = 1 << 26
MANAGE_ROLES = 1 << 28
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_EVENTS = 1 << 33  # edit and delete anyone's scheduled events (and create them)
CREATE_EVENTS = 1 << 44  # create scheduled events, and edit and delete one's own
ALL = (1 << 51) - 1

EVERYONE_DEFAULT = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
)
BOT_DEFAULT = VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | READ_MESSAGE_HISTORY | ADD_REACTIONS
# A DM's two ends may read, write, embed and attach there: no roles or overwrites apply.
DM_DEFAULT = BOT_DEFAULT | ATTACH_FILES
# Discord's "Implicit Permissions" (topics/permissions): without SEND_MESSAGES in a text channel
# these are ignored, though a calculation still shows them set.
IMPLIED_BY_SEND = MENTION_EVERYONE | SEND_TTS_MESSAGES | ATTACH_FILES | EMBED_LINKS
# The seeded bot role: BOT_DEFAULT, and the scheduled events the bot announces its rounds with.
BOT_ROLE_DEFAULT = BOT_DEFAULT | CREATE_EVENTS | MANAGE_EVENTS

ROLE_OVERWRITE = 0
MEMBER_OVERWRITE = 1


def guild_permissions(guild: Guild, member: Member) -> int:
    if member.user.id == guild.owner_id:
        return ALL
    allowed = guild.roles[guild.id].permissions
    for role_id in member.roles:
        allowed |= guild.roles[role_id].permissions
    return ALL if allowed & ADMINISTRATOR else allowed


def channel_permissions(guild: Guild, channel: Channel, member: Member) -> int:
    allowed = guild_permissions(guild, member)
    if allowed & ADMINISTRATOR or member.user.id == guild.owner_id:
        return ALL
    overwrites = {(o.type, o.id): o for o in channel.overwrites}
    everyone = overwrites.get((ROLE_OVERWRITE, guild.id))
    if everyone is not None:
        allowed = (allowed & ~everyone.deny) | everyone.allow
    role_allow = role_deny = 0
    for role_id in member.roles:
        role = overwrites.get((ROLE_OVERWRITE, role_id))
        if role is not None:
            role_allow |= role.allow
            role_deny |= role.deny
    allowed = (allowed & ~role_deny) | role_allow
    own = overwrites.get((MEMBER_OVERWRITE, member.user.id))
    if own is not None:
        allowed = (allowed & ~own.deny) | own.allow
    # Without VIEW_CHANNEL a member has no permission in the channel at all.
    return allowed if allowed & VIEW_CHANNEL else 0


def effective(allowed: int) -> int:
    """What a member may really do with channel permissions ``allowed``: Discord ignores the
    permissions a denied SEND_MESSAGES implies (topics/permissions, "Implicit Permissions")."""
    return allowed if allowed & SEND_MESSAGES else allowed & ~IMPLIED_BY_SEND
