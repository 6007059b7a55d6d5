"""The standin's Discord objects and their JSON as Discord sends it."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from standin.media import unfurled
from standin.snowflake import created_at

Json = dict[str, Any]

TEXT_CHANNEL = 0
DM_CHANNEL = 1
GROUP_DM = 3
EPHEMERAL = 1 << 6
LOADING = 1 << 7


def iso(moment: dt.datetime) -> str:
    return moment.isoformat()


@dataclass(frozen=True, slots=True)
class Upload:
    """A file a request attached (multipart ``files[n]``), as the stand-in's CDN serves it."""

    filename: str
    content_type: str
    data: bytes


@dataclass(slots=True)
class User:
    id: int
    username: str
    bot: bool = False
    # Off when the user closed DMs from server members (or blocked the bot): DMs get 50007.
    dms_open: bool = True

    def payload(self) -> Json:
        body: Json = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": None if self.bot else self.username.title(),
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
            "primary_guild": None,
        }
        if self.bot:
            body["bot"] = True
        return body


@dataclass(slots=True)
class Role:
    id: int
    name: str
    permissions: int
    position: int
    managed: bool = False
    mentionable: bool = False  # anyone may ping it; else only with MENTION_EVERYONE

    def payload(self) -> Json:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": self.mentionable,
            "flags": 0,
        }


@dataclass(slots=True)
class Overwrite:
    id: int
    type: int
    allow: int = 0
    deny: int = 0

    def payload(self) -> Json:
        return {
            "id": str(self.id),
            "type": self.type,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


@dataclass(slots=True)
class Channel:
    id: int
    name: str
    guild_id: int | None
    position: int = 0
    type: int = TEXT_CHANNEL
    overwrites: list[Overwrite] = field(default_factory=list)
    recipient: User | None = None  # the other end of a DM channel
    group: tuple[User, ...] = ()  # the users of a group DM (never the bot: it joins none)
    last_message_id: int | None = None

    @property
    def recipients(self) -> tuple[User, ...]:
        """The users of a DM (its other end) or of a group DM; none for a server's channel."""
        return self.group or (() if self.recipient is None else (self.recipient,))

    def payload(self) -> Json:
        last = None if self.last_message_id is None else str(self.last_message_id)
        if self.type in {DM_CHANNEL, GROUP_DM}:
            body: Json = {
                "id": str(self.id),
                "type": self.type,
                "last_message_id": last,
                "flags": 0,
                "recipients": [user.payload() for user in self.recipients],
            }
            if self.type == GROUP_DM:
                body |= {"name": self.name or None, "icon": None, "owner_id": str(self.group[0].id)}
            return body
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "parent_id": None,
            "topic": None,
            "nsfw": False,
            "rate_limit_per_user": 0,
            "last_message_id": last,
            "flags": 0,
            "permission_overwrites": [o.payload() for o in self.overwrites],
        }


@dataclass(slots=True)
class Member:
    user: User
    guild_id: int
    joined_at: dt.datetime
    roles: list[int] = field(default_factory=list)
    locale: str = "en-US"
    nick: str | None = None

    def payload(self) -> Json:
        return {
            "user": self.user.payload(),
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "roles": [str(r) for r in self.roles],
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }


@dataclass(slots=True)
class Guild:
    id: int
    name: str
    owner_id: int
    preferred_locale: str = "en-US"
    roles: dict[int, Role] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)

    def payload(self) -> Json:
        """The guild object without members or channels (GUILD_CREATE adds those)."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.preferred_locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
        }


@dataclass(slots=True)
class Message:
    id: int
    channel_id: int
    guild_id: int | None
    author: User
    body: Json  # content, embeds, components, flags as last sent
    # Who the message's current text mentions under its allowed_mentions (standin/mentions.py)
    mentions: list[User] = field(default_factory=list)
    mention_roles: list[int] = field(default_factory=list)
    mention_everyone: bool = False
    visible_to: int | None = None  # the one user who sees an ephemeral message
    webhook_id: int | None = None
    interaction: Json | None = None  # interaction_metadata of a response
    edited_at: dt.datetime | None = None
    invoked: str | None = None  # "quiz start" for a command's response: the page shows it

    @property
    def flags(self) -> int:
        return int(self.body.get("flags") or 0)

    def payload(self) -> Json:
        body: Json = {
            "id": str(self.id),
            "type": 0 if self.interaction is None else 20,
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": self.body.get("content") or "",
            "timestamp": iso(created_at(self.id)),
            "edited_timestamp": None if self.edited_at is None else iso(self.edited_at),
            "tts": bool(self.body.get("tts")),
            "mention_everyone": self.mention_everyone,
            "mentions": [u.payload() for u in self.mentions],
            "mention_roles": [str(r) for r in self.mention_roles],
            "attachments": list(self.body.get("attachments") or []),
            "embeds": [{"type": "rich", **e} for e in self.body.get("embeds") or []],
            "components": unfurled(
                list(self.body.get("components") or []), self.body.get("attachments") or []
            ),
            "pinned": False,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            body["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            body["webhook_id"] = str(self.webhook_id)
            body["application_id"] = str(self.webhook_id)
        if self.interaction is not None:
            body["interaction_metadata"] = self.interaction
        return body
