"""People address guilds, channels, members and roles by name; the control API by id.

`normalise` turns a control request's names into ids before any action sees it, so every action
takes both: `{"user": "maria", "channel": "#quiz"}` is `{"user_id": "…", "channel_id": "…"}`.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import TypeVar

from standin.errors import RefusedError
from standin.model import Guild, Json, User
from standin.world import World

T = TypeVar("T")
_SHOWN = 12  # names listed in an error about a name that matched nothing


def normalise(world: World, body: Json) -> Json:
    """The body with `guild`, `channel`, `user` and `roles` as ids (`guild_id`, ...).

    A guild may be left out when the stand-in has one guild; a name is looked up in the given
    guild, else in every guild, and must then name one thing only.
    """
    body = dict(body)
    _alias(body, "guild", "guild_id")
    _alias(body, "channel", "channel_id")
    _alias(body, "user", "user_id")
    guild = _guild(world, body)
    if guild is not None:
        body["guild_id"] = str(guild.id)
    if "channel_id" in body:
        body["channel_id"] = str(channel_id(world, body["channel_id"], guild))
    if "user_id" in body:
        body["user_id"] = str(user_id(world, body["user_id"], guild))
    if "roles" in body and guild is not None:
        body["roles"] = [str(role_id(guild, role)) for role in body["roles"] or []]
    if "role" in body and guild is not None:
        body["role_id"] = str(role_id(guild, body["role"]))
    return body


def _alias(body: Json, short: str, long: str) -> None:
    if short in body and long not in body:
        body[long] = body.pop(short)


def _guild(world: World, body: Json) -> Guild | None:
    if "guild_id" not in body:
        return next(iter(world.guilds.values())) if len(world.guilds) == 1 else None
    value = str(body["guild_id"]).strip()
    if value.isdigit():
        return world.guild(int(value))
    return _one(value, "guild", [(g.name, g) for g in world.guilds.values()])


def channel_id(world: World, value: object, guild: Guild | None) -> int:
    text = str(value).strip()
    if text.isdigit():
        return int(text)
    name = text.removeprefix("#")
    guilds = [guild] if guild is not None else list(world.guilds.values())
    channels = [(c.name, c.id) for g in guilds for c in g.channels.values()]
    return _one(name, "channel", channels, where=_where(guild))


def user_id(world: World, value: object, guild: Guild | None) -> int:
    text = str(value).strip()
    if text.isdigit():
        return int(text)
    name = text.removeprefix("@")
    if guild is not None:
        users: Iterable[User] = (m.user for m in guild.members.values())
    else:
        users = world.users.values()
    named = [(u.username, u.id) for u in users]
    return _one(name, "member" if guild is not None else "user", named, where=_where(guild))


def role_id(guild: Guild, value: object) -> int:
    text = str(value).strip()
    if text.isdigit():
        return int(text)
    named = [(r.name, r.id) for r in guild.roles.values() if r.id != guild.id]
    return _one(text.removeprefix("@"), "role", named, where=_where(guild))


def _where(guild: Guild | None) -> str:
    return f" in {guild.name}" if guild is not None else ""


def _one(name: str, kind: str, named: list[tuple[str, T]], where: str = "") -> T:
    """The one thing called `name` (case-insensitively), or a refusal that lists the names."""
    found = [thing for label, thing in named if label.casefold() == name.casefold()]
    if len(found) == 1:
        return found[0]
    if found:
        raise RefusedError(
            f"{len(found)} {kind}s are called {name!r}{where}: give the guild too, or an id", 400
        )
    labels = sorted({label for label, _ in named})
    close = difflib.get_close_matches(name, labels, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    listed = ", ".join(labels[:_SHOWN]) + (", ..." if len(labels) > _SHOWN else "")
    raise RefusedError(f"no {kind} called {name!r}{where}{hint} ({kind}s: {listed})", 404)
