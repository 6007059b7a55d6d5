"""The `resolved` data of a command's options: the users, members, channels, roles and files
they name, as Discord sends them with the interaction.

A resolved channel's ``permissions`` are the invoking member's computed permissions in it
(their roles and the channel's overwrites), as Discord's docs say: the bot's own are the
interaction's ``app_permissions``, and a bot must be able to tell from this field that the
member cannot see the channel they named. A member entry is there only for a user who is a
member of the interaction's server.

Discord's client offers the server's own channels and roles only; a forged interaction (a
modified client, ``forged``) may name those of any server: each is resolved as it is in the
world, its own ``guild_id`` and all, and the member's permissions where they are not a member
are none.
"""

from __future__ import annotations

from standin.errors import RefusedError
from standin.model import Channel, Guild, Json, Role
from standin.world import World

_PARTIAL_CHANNEL = frozenset(
    {
        "id",
        "name",
        "type",
        "guild_id",
        "parent_id",
        "flags",
        "nsfw",
        "position",
        "topic",
        "permission_overwrites",
        "last_message_id",
        "rate_limit_per_user",
    }
)


class Resolver:
    """Collects what the options name, refusing what the member's client could not name."""

    def __init__(self, world: World, channel: Channel, user_id: int, *, forged: bool) -> None:
        self._world = world
        self._guild: Guild | None = world.guilds.get(channel.guild_id or 0)
        self._channel_id = channel.id
        self._user_id = user_id
        self._forged = forged
        self.resolved: Json = {}

    def attachment(self, attachment_id: int) -> None:
        """The value names a file uploaded first (``StandInClient.attach``), as a client's does."""
        upload = self._world.command_files.find(attachment_id, self._channel_id)
        self._add("attachments", attachment_id, upload.payload())

    def user(self, user_id: int) -> None:
        user = self._world.user(user_id)
        self._add("users", user_id, user.payload())
        member = self._guild.members.get(user_id) if self._guild else None
        if member is not None:
            body = member.payload()
            del body["user"]
            self._add("members", user_id, body)

    def channel(self, channel_id: int) -> None:
        channel = self._world.channel(channel_id)
        here = self._guild is not None and channel.guild_id == self._guild.id
        if not here and not self._forged:
            raise RefusedError(f"channel {channel_id} is not in this guild")
        body = {k: v for k, v in channel.payload().items() if k in _PARTIAL_CHANNEL}
        body["permissions"] = str(self._world.permissions(channel, self._user_id))
        self._add("channels", channel_id, body)

    def role(self, role_id: int) -> None:
        self._add("roles", role_id, self._role(role_id).payload())

    def mentionable(self, target_id: int) -> None:
        """A MENTIONABLE option names a user or a role; Discord resolves whichever it is."""
        if target_id in self._world.users:
            self.user(target_id)
        else:
            self.role(target_id)

    def _role(self, role_id: int) -> Role:
        if self._guild is not None and role_id in self._guild.roles:
            return self._guild.roles[role_id]
        if self._forged:
            for guild in self._world.guilds.values():
                if role_id in guild.roles:
                    return guild.roles[role_id]
        raise RefusedError(f"role {role_id} is not in this guild")

    def _add(self, kind: str, target_id: int, body: Json) -> None:
        self.resolved.setdefault(kind, {})[str(target_id)] = body
