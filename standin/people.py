"""The stand-in for people: the page at `/`, its live feed, and control calls for a client view.

A person's browser is one more client of the control API: it asks what a member sees (their
servers, the channels they may view, the commands a real client would offer them), reads and
follows a channel's messages as that member, and acts as them through the same interaction
routes as tests and the crowd.
"""

from __future__ import annotations

from pathlib import Path

from aiohttp import web

from standin import names
from standin.commands import offered
from standin.control import ControlCall, action
from standin.core import StandIn
from standin.errors import RefusedError, json_response
from standin.events import client_message, stream
from standin.model import Guild, Json, Member
from standin.permissions import MANAGE_GUILD, VIEW_CHANNEL, guild_permissions

WEB = Path(__file__).with_name("web")
HISTORY = 100  # messages of a channel the page loads, as Discord's client does at first
_TYPES = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
}


def add_routes(app: web.Application, core: StandIn) -> None:
    """The page, its files and the event stream (the JSON calls register with `action`)."""

    async def page(_: web.Request) -> web.FileResponse:
        return _file("index.html")

    async def asset(request: web.Request) -> web.FileResponse:
        return _file(request.match_info["name"])

    async def events(request: web.Request) -> web.StreamResponse:
        try:
            body = names.normalise(core.world, dict(request.query))
        except RefusedError as refused:
            return json_response({"error": refused.message}, refused.status)
        viewer = int(body.get("user_id") or core.world.bot.id)
        return await stream(request, core.events, core.world, viewer)

    async def close_streams(_: web.Application) -> None:
        core.events.close()

    app.router.add_get("/", page)
    app.router.add_get("/_standin/", page)
    app.router.add_get("/_standin/web/{name}", asset)
    app.router.add_get("/_standin/events", events)
    app.on_shutdown.append(close_streams)


def _file(name: str) -> web.FileResponse:
    path = WEB / name
    if "/" in name or name.startswith(".") or not path.is_file():
        raise web.HTTPNotFound
    headers = {"Content-Type": _TYPES.get(path.suffix, "application/octet-stream")}
    return web.FileResponse(path, headers=headers | {"Cache-Control": "no-cache"})


@action("GET", "/client")
async def client(call: ControlCall) -> object:
    """What `user` sees: their servers, with the channels they can view, roles, members and
    the commands their client offers them; and their DM with the bot, as in Discord's list of
    direct messages (opened here if it was not yet: a client can always open it)."""
    core, viewer = call.core, int(call.body["user_id"])
    user = core.world.user(viewer)
    guilds = [g for g in core.world.guilds.values() if viewer in g.members]
    seen: Json = {
        "user": {"id": str(user.id), "name": user.username},
        "bot_user_id": str(core.world.bot.id),
        "guilds": [_guild_view(core, guild, viewer) for guild in guilds],
    }
    if not user.bot:
        dm = core.world.dm_channel(user)
        seen["direct"] = {"id": str(dm.id), "commands": offered(core.world, dm, viewer)}
    return seen


def _guild_view(core: StandIn, guild: Guild, viewer: int) -> Json:
    world = core.world
    visible = [c for c in guild.channels.values() if world.permissions(c, viewer) & VIEW_CHANNEL]
    return {
        "id": str(guild.id),
        "name": guild.name,
        "locale": guild.preferred_locale,
        "channels": [{"id": str(c.id), "name": c.name} for c in visible],
        "roles": [{"id": str(r.id), "name": r.name} for r in guild.roles.values()],
        "members": [_person(guild, m) for m in guild.members.values()],
        "commands": offered(world, visible[0], viewer) if visible else [],
    }


def _person(guild: Guild, member: Member) -> Json:
    user = member.user
    return {
        "id": str(user.id),
        "name": user.username,
        "display_name": member.nick or user.payload()["global_name"] or user.username,
        "locale": member.locale,
        "roles": [str(r) for r in member.roles],
        "bot": user.bot,
        "owner": user.id == guild.owner_id,
        "manages_server": bool(guild_permissions(guild, member) & MANAGE_GUILD),
    }


@action("GET", "/client/messages")
async def history(call: ControlCall) -> object:
    """The channel's last messages as `user` sees them, with `invoked` for command responses."""
    core, viewer = call.core, int(call.body["user_id"])
    channel = int(call.body["channel_id"])
    guild_id = core.world.channel(channel).guild_id
    if guild_id is not None and not core.world.permissions(core.world.channel(channel), viewer):
        raise RefusedError(f"user {viewer} cannot see channel {channel}", 403)
    seen = [
        m
        for m in core.world.messages.values()
        if m.channel_id == channel and core.world.can_see(viewer, m)
    ]
    return [client_message(m) for m in sorted(seen, key=lambda m: m.id)[-HISTORY:]]


@action("POST", "/members/roles")
async def give_role(call: ControlCall) -> object:
    return _set_role(call, has=True)


@action("DELETE", "/members/roles")
async def take_role(call: ControlCall) -> object:
    return _set_role(call, has=False)


def _set_role(call: ControlCall, *, has: bool) -> Json:
    world = call.core.world
    guild = world.guild(int(call.body["guild_id"]))
    member = world.set_role(guild, int(call.body["user_id"]), int(call.body["role_id"]), has=has)
    roles = [str(r) for r in member.roles]
    return {"id": str(member.user.id), "name": member.user.username, "roles": roles}
