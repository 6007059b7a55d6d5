"""Everything the stand-in knows: the application, guilds, members, channels and messages."""

from __future__ import annotations

import datetime as dt
import itertools
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from standin import errors
from standin.command_files import CommandFiles
from standin.mentions import ALL_KINDS, Kinds, audience, log_entry, mentions_in
from standin.model import (
    DM_CHANNEL,
    GROUP_DM,
    Channel,
    Guild,
    Json,
    Member,
    Message,
    Overwrite,
    Role,
    User,
)
from standin.permissions import (
    BOT_ROLE_DEFAULT,
    DM_DEFAULT,
    EVERYONE_DEFAULT,
    MANAGE_GUILD,
    MANAGE_MESSAGES,
    ROLE_OVERWRITE,
    VIEW_CHANNEL,
    channel_permissions,
    effective,
)
from standin.scheduled_events import ScheduledEvent
from standin.snowflake import Snowflakes

SEED_LOCALES = ("en-US", "el", "en-GB")
MENTION_LOG_DEPTH = 10_000
GROUP_DM_USERS = range(2, 11)  # Discord's group DMs hold up to ten users

# What a watcher hears: "message_create", "message_update" or "message_delete" with the message,
# or "world" with None when guilds, roles, channels or members changed.
Watcher = Callable[[str, Message | None], None]


@dataclass(slots=True)
class Commands:
    """Registered application commands: global, and per guild."""

    global_commands: list[Json] = field(default_factory=list)
    guild_commands: dict[int, list[Json]] = field(default_factory=dict)

    def find(self, guild_id: int | None, name: str) -> Json | None:
        scoped = self.guild_commands.get(guild_id, []) if guild_id is not None else []
        for command in itertools.chain(scoped, self.global_commands):
            if command["name"] == name and command.get("type", 1) == 1:
                return command
        return None


class World:
    def __init__(self, now: Callable[[], dt.datetime]) -> None:
        self.now = now
        self.ids = Snowflakes(now)
        self.application_id = self.ids.next()
        self.bot = User(self.application_id, "quizbot", bot=True)
        self.users: dict[int, User] = {self.bot.id: self.bot}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.scheduled_events: dict[int, ScheduledEvent] = {}  # of every guild, by id
        self.commands = Commands()
        # Users who added the app to their own account (a user install): its commands that
        # allow it follow them into DMs and group DMs (standin/installs.py).
        self.user_installs: set[int] = set()
        self.command_files = CommandFiles()  # files attached to commands (ATTACHMENT options)
        self.watchers: list[Watcher] = []  # the stand-in's event stream (the page listens)
        # Every body that mentioned anyone, oldest first: created (notified) or edited (not).
        self.mention_log: deque[Json] = deque(maxlen=MENTION_LOG_DEPTH)

    def _tell(self, kind: str, message: Message | None = None) -> None:
        for watcher in self.watchers:
            watcher(kind, message)

    def add_guild(self, name: str, guild_id: int | None = None, locale: str = "en-US") -> Guild:
        guild_id = self.ids.next() if guild_id is None else guild_id
        owner = self._new_user(f"owner-{len(self.guilds) + 1}")
        guild = Guild(guild_id, name, owner.id, preferred_locale=locale)
        guild.roles[guild_id] = Role(guild_id, "@everyone", EVERYONE_DEFAULT, 0)
        self.guilds[guild_id] = guild
        bot_role = self.add_role(guild, "quizbot", BOT_ROLE_DEFAULT, managed=True)
        moderator = self.add_role(guild, "Moderator", MANAGE_GUILD | MANAGE_MESSAGES)
        self.add_member(guild, owner)
        self.add_member(guild, self.bot, roles=[bot_role.id])
        self.add_channel(guild, "general")
        self.add_channel(guild, "quiz")
        hidden = [
            Overwrite(guild.id, ROLE_OVERWRITE, deny=VIEW_CHANNEL),
            Overwrite(moderator.id, ROLE_OVERWRITE, allow=VIEW_CHANNEL),
        ]
        self.add_channel(guild, "moderators", overwrites=hidden)
        return guild

    def add_role(
        self,
        guild: Guild,
        name: str,
        permissions: int,
        *,
        managed: bool = False,
        mentionable: bool = False,
    ) -> Role:
        role = Role(self.ids.next(), name, permissions, len(guild.roles), managed, mentionable)
        guild.roles[role.id] = role
        self._tell("world")
        return role

    def add_channel(
        self, guild: Guild, name: str, overwrites: list[Overwrite] | None = None
    ) -> Channel:
        channel = Channel(
            self.ids.next(), name, guild.id, len(guild.channels), overwrites=overwrites or []
        )
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self._tell("world")
        return channel

    def remove_channel(self, guild: Guild, channel_id: int) -> Channel:
        """The channel is deleted: every route on it then answers 10003 Unknown Channel."""
        channel = self.channel(channel_id)
        if channel.guild_id != guild.id:
            raise errors.RefusedError(f"guild {guild.id} has no channel {channel_id}", 404)
        del guild.channels[channel_id], self.channels[channel_id]
        self._tell("world")
        return channel

    def remove_role(self, guild: Guild, role_id: int) -> Role:
        """A server admin deletes a role: its members lose it. Never @everyone, nor a managed
        role (a bot's goes with the bot)."""
        role = guild.roles.get(role_id)
        if role is None or role_id == guild.id or role.managed:
            raise errors.RefusedError(f"role {role_id} cannot be deleted in guild {guild.id}", 400)
        del guild.roles[role_id]
        for member in guild.members.values():
            member.roles = [r for r in member.roles if r != role_id]
        self._tell("world")
        return role

    def add_member(
        self,
        guild: Guild,
        user: User | str,
        *,
        roles: list[int] | None = None,
        locale: str = "en-US",
    ) -> Member:
        if isinstance(user, str):
            user = self._new_user(user)
        for role_id in roles or []:
            if role_id not in guild.roles or role_id == guild.id:
                raise errors.RefusedError(f"guild {guild.id} has no role {role_id}", 404)
        member = Member(user, guild.id, self.now(), roles=list(roles or []), locale=locale)
        guild.members[user.id] = member
        self._tell("world")
        return member

    def set_role(self, guild: Guild, user_id: int, role_id: int, *, has: bool) -> Member:
        """Give a member a role (`has`), or take it; Discord refuses @everyone and managed
        roles. No gateway event: GUILD_MEMBER_UPDATE needs the privileged members intent."""
        member = self.member(guild.id, user_id)
        role = guild.roles.get(role_id)
        if role is None or role_id == guild.id or role.managed:
            raise errors.RefusedError(f"role {role_id} cannot be given in guild {guild.id}", 400)
        roles = [r for r in member.roles if r != role_id]
        member.roles = [*roles, role_id] if has else roles
        self._tell("world")
        return member

    def remove_member(self, guild: Guild, user_id: int) -> Member:
        """The member leaves; the user stays, so a USER option can still name them (Discord then
        resolves them under `users` only, with no `members` entry)."""
        if user_id in (guild.owner_id, self.bot.id):  # an owner cannot leave; the bot stays
            raise errors.RefusedError(f"user {user_id} cannot leave guild {guild.id}", 409)
        member = self.member(guild.id, user_id)
        del guild.members[user_id]
        self._tell("world")
        return member

    def remove_bot(self, guild: Guild) -> None:
        """The server removes the bot (kicks it): its installation there ends, while members
        who added the app to their own accounts may still run its user commands there."""
        self.member(guild.id, self.bot.id)
        del guild.members[self.bot.id]
        self._tell("world")

    def _new_user(self, name: str) -> User:
        user = User(self.ids.next(), name)
        self.users[user.id] = user
        return user

    def seed(self, guilds: int, members: int) -> None:
        """`guilds` guilds, each with `members` members whose locales cycle en-US, el, en-GB."""
        guild_ids = [self.ids.next() for _ in range(guilds)]  # consecutive: shards alternate
        for number, guild_id in enumerate(guild_ids, start=1):
            guild = self.add_guild(f"Server {number}", guild_id)
            for index in range(members):
                locale = SEED_LOCALES[index % len(SEED_LOCALES)]
                self.add_member(guild, f"member-{number}-{index + 1}", locale=locale)

    # Look-ups that fail the way Discord does.

    def guild(self, guild_id: int) -> Guild:
        if guild_id not in self.guilds:
            raise errors.unknown("Guild", errors.UNKNOWN_GUILD)
        return self.guilds[guild_id]

    def channel(self, channel_id: int) -> Channel:
        if channel_id not in self.channels:
            raise errors.unknown("Channel", errors.UNKNOWN_CHANNEL)
        return self.channels[channel_id]

    def user(self, user_id: int) -> User:
        if user_id not in self.users:
            raise errors.unknown("User", errors.UNKNOWN_USER)
        return self.users[user_id]

    def message(self, channel_id: int, message_id: int) -> Message:
        self.channel(channel_id)  # a deleted channel is unknown before its messages are
        message = self.messages.get(message_id)
        if message is None or message.channel_id != channel_id or message.visible_to is not None:
            raise errors.unknown("Message", errors.UNKNOWN_MESSAGE)
        return message

    def member(self, guild_id: int, user_id: int) -> Member:
        member = self.guild(guild_id).members.get(user_id)
        if member is None:
            raise errors.RefusedError(f"user {user_id} is not a member of guild {guild_id}", 404)
        return member

    def find_member(self, user_id: int) -> Member:
        """A member by user id in whichever guild has them (the first, for users in several)."""
        for guild in self.guilds.values():
            if user_id in guild.members:
                return guild.members[user_id]
        raise errors.RefusedError(f"no member with user id {user_id}", 404)

    def dm_channel(self, user: User) -> Channel:
        for channel in self.channels.values():
            if channel.type == DM_CHANNEL and channel.recipient is user:
                return channel
        channel = Channel(self.ids.next(), "", None, type=DM_CHANNEL, recipient=user)
        self.channels[channel.id] = channel
        return channel

    def group_dm(self, users: list[User], name: str = "") -> Channel:
        """A new group DM of ``users`` (Discord's 2 to 10, the bot never among them)."""
        people = len({user.id for user in users})
        if people not in GROUP_DM_USERS or people != len(users) or any(u.bot for u in users):
            raise errors.RefusedError("a group DM is of 2 to 10 users, and no bot", 400)
        channel = Channel(self.ids.next(), name, None, type=GROUP_DM, group=tuple(users))
        self.channels[channel.id] = channel
        return channel

    def takes_dms(self, channel: Channel) -> bool:
        """Whether the recipient of a DM channel takes the bot's messages: Discord refuses a
        user who closed DMs, or who shares no server with the bot any more."""
        user = channel.recipient
        if user is None or not user.dms_open:
            return False
        return any(
            user.id in guild.members and self.bot.id in guild.members
            for guild in self.guilds.values()
        )

    def permissions(self, channel: Channel, user_id: int) -> int:
        """What `user_id` may do in `channel`; in a DM, its two ends may read and write, in a
        group DM its users (the bot is none of them, so it can neither read nor post there)."""
        if channel.guild_id is None:
            ends = {user.id for user in channel.recipients}
            if channel.type == DM_CHANNEL:
                ends.add(self.bot.id)
            return DM_DEFAULT if user_id in ends else 0
        guild = self.guilds[channel.guild_id]
        member = guild.members.get(user_id)
        return 0 if member is None else channel_permissions(guild, channel, member)

    def can_see(self, user_id: int, message: Message) -> bool:
        if message.visible_to is not None and message.visible_to != user_id:
            return False
        return bool(self.permissions(self.channels[message.channel_id], user_id) & VIEW_CHANNEL)

    def post(
        self,
        channel: Channel,
        body: Json,
        *,
        visible_to: int | None = None,
        interaction: Json | None = None,
        default_mentions: Kinds = ALL_KINDS,
    ) -> Message:
        """A new message, which notifies whom it mentions (standin/mentions.py)."""
        message = Message(
            self.ids.next(),
            channel.id,
            channel.guild_id,
            self.bot,
            dict(body),
            visible_to=visible_to,
            interaction=interaction,
        )
        message.webhook_id = self.application_id if interaction is not None else None
        self._mention(message, body, default_mentions, notify=True)
        self.messages[message.id] = message
        if visible_to is None:
            channel.last_message_id = message.id
        self._tell("message_create", message)
        return message

    def edit(
        self,
        message: Message,
        body: Json,
        default_mentions: Kinds = ALL_KINDS,
        *,
        edited: bool = True,
    ) -> Message:
        """Reads the edit's new text for mentions again; they notify nobody (mentions.py).
        `edited=False`: no "(edited)" (a deferred reply's content arriving is no edit)."""
        message.body.update({k: v for k, v in body.items() if k in _EDITABLE})
        if "content" in body or "components" in body:
            self._mention(message, body, default_mentions, notify=False)
        if edited:
            message.edited_at = self.now()
        self._tell("message_update", message)
        return message

    def delete(self, message: Message) -> None:
        del self.messages[message.id]
        self._tell("message_delete", message)

    def _mention(self, message: Message, body: Json, default: Kinds, *, notify: bool) -> None:
        channel = self.channels[message.channel_id]
        guild = self.guilds.get(channel.guild_id) if channel.guild_id is not None else None
        # Without SEND_MESSAGES the bot's MENTION_EVERYONE is ignored, in responses too.
        allowed = effective(self.permissions(channel, self.bot.id))
        reach = audience(guild, channel, self.bot.id, allowed)
        found = mentions_in(message.body, body.get("allowed_mentions"), default, reach)
        message.mentions = [self.users[u] for u in found.users]
        message.mention_roles, message.mention_everyone = list(found.roles), found.everyone
        if found:
            self.mention_log.append(log_entry(message, found, notify=notify))


_EDITABLE = frozenset(
    {"content", "embeds", "components", "flags", "allowed_mentions", "attachments"}
)
