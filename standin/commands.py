"""Turning "quiz start" with options by name into the `data` of an application command.

Only what a real client could send gets through: a registered command the member may see and
use here (its contexts and installations: standin/installs.py), an existing subcommand, known
options, required ones present, values among the choices. A forged command (a modified client)
passes the same checks but may name channels and roles of other servers (standin/resolved.py).
An autocomplete carries what is typed so far instead: its focused option always, the others
only if filled, unresolved (see `_partial_options`).
"""

from __future__ import annotations

from standin.errors import RefusedError
from standin.installs import command_owners
from standin.model import Channel, Json
from standin.permissions import ADMINISTRATOR, USE_APPLICATION_COMMANDS, guild_permissions
from standin.resolved import Resolver
from standin.world import World

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE = 3, 4, 5, 6, 7, 8, 9
NUMBER, ATTACHMENT = 10, 11
SNOWFLAKES = (USER, CHANNEL, ROLE, MENTIONABLE, ATTACHMENT)  # options whose value is an id
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
    forged: bool = False,
) -> Json:
    """The interaction `data`; with `focused`, an autocomplete request for that option; with
    `forged`, channel and role options may name those of any server."""
    name, *subpath = path.strip().removeprefix("/").split() or [""]
    command = world.commands.find(channel.guild_id, name)
    if command is None:
        known = ", ".join(f"/{c['name']}" for c in offered(world, channel, None)) or "none yet"
        raise RefusedError(
            f"no command /{name} is registered where channel {channel.id} is (registered: {known})"
        )
    _check_may_use(world, channel, user_id, command)
    resolver = Resolver(world, channel, user_id, forged=forged)
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
    resolver: Resolver,
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
    declared: list[Json], given: dict[str, OptionValue], resolver: Resolver, focused: str | None
) -> list[Json]:
    unknown = set(given) - {o["name"] for o in declared}
    if unknown:
        raise RefusedError(f"unknown options: {', '.join(sorted(unknown))}")
    if focused is not None:
        return _partial_options(declared, given, focused)
    values: list[Json] = []
    for option in declared:
        name = option["name"]
        if name not in given:
            if option.get("required"):
                raise RefusedError(f"option {name!r} is required")
            continue
        values.append(
            {"name": name, "type": option["type"], "value": _value(option, given[name], resolver)}
        )
    return values


def _partial_options(
    declared: list[Json], given: dict[str, OptionValue], focused: str
) -> list[Json]:
    """An autocomplete's options as Discord sends them (interactions/application-commands,
    "Autocomplete"): only what the member has filled in so far, so a required option may be
    missing; values that pass the client's checks (a partial string, never a bad number) with
    no resolved data; and always the focused option, as typed ("" before anything is), which
    a client focuses only where the command declares ``autocomplete``."""
    target = next((o for o in declared if o["name"] == focused), None)
    if target is None or not target.get("autocomplete"):
        raise RefusedError(f"option {focused!r} has no autocomplete: no client would ask for it")
    values: list[Json] = []
    for option in declared:
        name, kind = option["name"], option["type"]
        if name == focused:
            typed = str(given.get(name, ""))
            values.append({"name": name, "type": kind, "value": typed, "focused": True})
        elif name in given:
            values.append({"name": name, "type": kind, "value": _chosen(option, given[name])})
    return values


def _value(option: Json, raw: OptionValue, resolver: Resolver) -> OptionValue:
    """The option's value as sent, with what it names added to the resolved data."""
    kind = option["type"]
    value = _chosen(option, raw)
    _check_bounds(kind, value, option)
    resolve = {
        USER: resolver.user,
        CHANNEL: resolver.channel,
        ROLE: resolver.role,
        MENTIONABLE: resolver.mentionable,
        ATTACHMENT: resolver.attachment,
    }.get(kind)
    if resolve is not None:
        resolve(int(value))
    return value


def _chosen(option: Json, raw: OptionValue) -> OptionValue:
    """The value of its option's type, among the option's choices if it has them."""
    value = _coerce(option["type"], raw, option)
    choices = option.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise RefusedError(f"{value!r} is not a choice of option {option['name']!r}")
    return value


def _coerce(kind: int, raw: OptionValue, option: Json) -> OptionValue:
    try:
        if kind == INTEGER:
            return int(raw)
        if kind == NUMBER:
            return float(raw)
        if kind == BOOLEAN:
            return raw if isinstance(raw, bool) else str(raw).lower() == "true"
        if kind in SNOWFLAKES:
            return str(int(raw))
    except (TypeError, ValueError) as exc:
        raise RefusedError(f"{raw!r} is not valid for option {option['name']!r}", 400) from exc
    return str(raw)


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
