"""Turning "quiz start" with options by name into the `data` of an application command.

Only what a real client could send gets through: a registered command the member may see and
use here (its contexts and installations: standin/installs.py), an existing subcommand, known
options, required ones present, values among the choices.
"""

from __future__ import annotations

from standin.errors import RefusedError
from standin.installs import command_owners
from standin.model import Channel, Guild, Json
from standin.permissions import ADMINISTRATOR, USE_APPLICATION_COMMANDS, guild_permissions
from standin.world import World

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 10, 11
OptionValue = str | int | float | bool
MAX_STRING = 6000


def command_data(
    world: World,
    channel: Channel,
    user_id: int,
    path: str,
    *,
    options: dict[str, OptionValue],
    focused: str | None = None,
) -> Json:
    """The interaction `data`; with `focused`, an autocomplete request for that option."""
    name, *subpath = path.strip().removeprefix("/").split() or [""]
    command = world.commands.find(channel.guild_id, name)
    if command is None:
        known = ", ".join(f"/{c['name']}" for c in offered(world, channel, None)) or "none yet"
        raise RefusedError(
            f"no command /{name} is registered where channel {channel.id} is (registered: {known})"
        )
    _check_may_use(world, channel, user_id, command)
    resolver = _Resolver(world, channel)
    data: Json = {"id": command["id"], "name": name, "type": 1}
    data["options"] = _walk(command, subpath, options, resolver, focused)
    if resolver.resolved:
        data["resolved"] = resolver.resolved
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    return data


def offered(world: World, channel: Channel, user_id: int | None) -> list[Json]:
    """The chat-input commands registered for the channel's guild (guild ones first); with a
    member, only those a real client would offer that member there."""
    guild_id = channel.guild_id
    scoped = world.commands.guild_commands.get(guild_id, []) if guild_id is not None else []
    found: dict[str, Json] = {}
    for command in [*scoped, *world.commands.global_commands]:
        if command.get("type", 1) != 1 or command["name"] in found:
            continue
        if user_id is not None:
            try:
                _check_may_use(world, channel, user_id, command)
            except RefusedError:
                continue
        found[command["name"]] = command
    return list(found.values())


def _check_may_use(world: World, channel: Channel, user_id: int, command: Json) -> None:
    command_owners(world, channel, world.user(user_id), command)
    if channel.guild_id is None:
        return
    if not world.permissions(channel, user_id) & USE_APPLICATION_COMMANDS:
        raise RefusedError(f"user {user_id} cannot use application commands in {channel.id}")
    required = command.get("default_member_permissions")
    guild = world.guilds[channel.guild_id]
    granted = guild_permissions(guild, guild.members[user_id])
    if required is not None and not granted & ADMINISTRATOR and int(required) & ~granted:
        raise RefusedError(f"/{command['name']} is hidden from user {user_id} (permissions)")


def _walk(
    node: Json,
    subpath: list[str],
    given: dict[str, OptionValue],
    resolver: _Resolver,
    focused: str | None,
) -> list[Json]:
    declared: list[Json] = node.get("options") or []
    nested = [o for o in declared if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if nested:
        if not subpath:
            names = ", ".join(o["name"] for o in nested)
            raise RefusedError(f"/{node['name']} needs a subcommand: {names}")
        chosen = next((o for o in nested if o["name"] == subpath[0]), None)
        if chosen is None:
            raise RefusedError(f"/{node['name']} has no subcommand {subpath[0]!r}")
        inner = _walk(chosen, subpath[1:], given, resolver, focused)
        return [{"name": chosen["name"], "type": chosen["type"], "options": inner}]
    if subpath:
        raise RefusedError(f"/{node['name']} has no subcommand {subpath[0]!r}")
    return _leaf_options(declared, given, resolver, focused)


def _leaf_options(
    declared: list[Json], given: dict[str, OptionValue], resolver: _Resolver, focused: str | None
) -> list[Json]:
    unknown = set(given) - {o["name"] for o in declared}
    if unknown:
        raise RefusedError(f"unknown options: {', '.join(sorted(unknown))}")
    values: list[Json] = []
    for option in declared:
        name = option["name"]
        if name not in given:
            if option.get("required") and name != focused:
                raise RefusedError(f"option {name!r} is required")
            continue
        if name == focused:
            values.append(
                {"name": name, "type": option["type"], "value": str(given[name]), "focused": True}
            )
            continue
        values.append(
            {"name": name, "type": option["type"], "value": resolver.value(option, given[name])}
        )
    return values


class _Resolver:
    """Checks option values and collects the `resolved` users, members, channels and roles."""

    def __init__(self, world: World, channel: Channel) -> None:
        self._world = world
        self._guild: Guild | None = world.guilds.get(channel.guild_id or 0)
        self._channel_id = channel.id
        self.resolved: Json = {}

    def value(self, option: Json, raw: OptionValue) -> OptionValue:
        kind = option["type"]
        value = _coerce(kind, raw, option)
        choices = option.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise RefusedError(f"{value!r} is not a choice of option {option['name']!r}")
        if kind == USER:
            self._user(int(value))
        elif kind == CHANNEL:
            self._channel(int(value))
        elif kind == ROLE:
            self._role(int(value))
        elif kind == ATTACHMENT:
            self._attachment(int(value))
        return value

    def _attachment(self, attachment_id: int) -> None:
        """The value names a file uploaded first (``Sandbox.attach``), as a client's does."""
        upload = self._world.command_files.find(attachment_id, self._channel_id)
        self.resolved.setdefault("attachments", {})[str(attachment_id)] = upload.payload()

    def _user(self, user_id: int) -> None:
        user = self._world.user(user_id)
        self.resolved.setdefault("users", {})[str(user_id)] = user.payload()
        member = self._guild.members.get(user_id) if self._guild else None
        if member is not None:
            body = member.payload()
            del body["user"]
            self.resolved.setdefault("members", {})[str(user_id)] = body

    def _channel(self, channel_id: int) -> None:
        channel = self._world.channel(channel_id)
        if self._guild is None or channel.guild_id != self._guild.id:
            raise RefusedError(f"channel {channel_id} is not in this guild")
        body = {k: v for k, v in channel.payload().items() if k in _PARTIAL_CHANNEL}
        body["permissions"] = str(self._world.permissions(channel, self._world.bot.id))
        self.resolved.setdefault("channels", {})[str(channel_id)] = body

    def _role(self, role_id: int) -> None:
        if self._guild is None or role_id not in self._guild.roles:
            raise RefusedError(f"role {role_id} is not in this guild")
        self.resolved.setdefault("roles", {})[str(role_id)] = self._guild.roles[role_id].payload()


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


def _coerce(kind: int, raw: OptionValue, option: Json) -> OptionValue:
    try:
        if kind == INTEGER:
            value: OptionValue = int(raw)
        elif kind == NUMBER:
            value = float(raw)
        elif kind == BOOLEAN:
            value = raw if isinstance(raw, bool) else str(raw).lower() == "true"
        elif kind in (USER, CHANNEL, ROLE, ATTACHMENT):
            value = str(int(raw))
        else:
            value = str(raw)
    except (TypeError, ValueError) as exc:
        raise RefusedError(f"{raw!r} is not valid for option {option['name']!r}", 400) from exc
    _check_bounds(kind, value, option)
    return value


def _check_bounds(kind: int, value: OptionValue, option: Json) -> None:
    low, high = option.get("min_value"), option.get("max_value")
    number = isinstance(value, int | float) and kind in (INTEGER, NUMBER)
    if number and ((low is not None and value < low) or (high is not None and value > high)):
        raise RefusedError(f"{value} is out of range for option {option['name']!r}", 400)
    length = len(value) if isinstance(value, str) and kind == STRING else None
    if length is not None and not option.get("min_length", 0) <= length <= option.get(
        "max_length", MAX_STRING
    ):
        raise RefusedError(f"{value!r} has a bad length for option {option['name']!r}", 400)
