"""The control API under /_standin/: JSON over HTTP, for the driver, load tools and the browser."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aiohttp import web

from standin import names
from standin.core import StandIn
from standin.errors import DiscordError, RefusedError, json_response
from standin.model import Json

_SNOWFLAKE_DIGITS = 20  # 2**64 has 20 digits
_SHOWN = 40  # of a bad path segment, echoed back


@dataclass(frozen=True, slots=True)
class ControlCall:
    core: StandIn
    request: web.Request
    body: Json

    def id(self, name: str) -> int:
        """The path's ``name`` segment, which must be a snowflake (names work in bodies only)."""
        segment = self.request.match_info[name]
        if not segment.isascii() or not segment.isdigit() or len(segment) > _SNOWFLAKE_DIGITS:
            raise RefusedError(
                f"{name} in the path must be a numeric id, not {segment[:_SHOWN]!r}; names "
                "such as '#quiz' or 'member-1-1' work in the JSON body or the query",
                400,
            )
        return int(segment)


Action = Callable[[ControlCall], Awaitable[object]]
_ACTIONS: list[tuple[str, str, Action]] = []


def action(method: str, path: str) -> Callable[[Action], Action]:
    def register(handler: Action) -> Action:
        _ACTIONS.append((method, "/_standin" + path, handler))
        return handler

    return register


def add_routes(app: web.Application, core: StandIn) -> None:
    for method, path, handler in _ACTIONS:
        app.router.add_route(method, path, _endpoint(core, handler))


def _endpoint(core: StandIn, handler: Action) -> Callable[[web.Request], Awaitable[web.Response]]:
    async def endpoint(request: web.Request) -> web.Response:
        try:
            return await _answer(core, handler, request)
        finally:
            if request.method != "GET":  # a person acted (a read changes nothing)
                core.changed()

    return endpoint


async def _answer(core: StandIn, handler: Action, request: web.Request) -> web.Response:
    try:
        body = await _body(core, request)
        return json_response(await handler(ControlCall(core, request, body)))
    except RefusedError as refused:
        return json_response({"error": refused.message}, refused.status)
    except DiscordError as error:
        fields = {} if error.errors is None else {"errors": error.errors}
        reply = {"error": error.message, "code": error.code, **fields}
        return json_response(reply, error.status)
    except KeyError as missing:
        return json_response({"error": f"missing field {missing.args[0]!r}"}, 400)
    except (ValueError, TypeError) as bad:
        return json_response({"error": f"bad request: {bad}"}, 400)


async def _body(core: StandIn, request: web.Request) -> Json:
    """The JSON body, with the query's fields, and names turned into ids (see names.py)."""
    try:
        sent = await request.json() if request.can_read_body else {}
    except ValueError as exc:
        raise RefusedError("the body is not JSON", 400) from exc
    if not isinstance(sent, dict):
        raise RefusedError("the body must be a JSON object", 400)
    return names.normalise(core.world, {**request.query, **sent})


@action("GET", "/state")
async def state(call: ControlCall) -> object:
    return call.core.state()


@action("POST", "/guilds/remove-bot")
async def remove_bot(call: ControlCall) -> object:
    """The server removes the bot (the bot hears GUILD_DELETE)."""
    await call.core.remove_bot(int(call.body["guild_id"]))
    return {"id": str(call.body["guild_id"]), "bot": False}


@action("POST", "/roles")
async def add_role(call: ControlCall) -> object:
    guild = call.core.world.guild(int(call.body["guild_id"]))
    permissions = int(call.body.get("permissions", 0))
    mentionable = bool(call.body.get("mentionable", False))
    role = call.core.world.add_role(guild, call.body["name"], permissions, mentionable=mentionable)
    # Discord creates a role at position 1, just above @everyone; an admin may then drag it
    # (``position``). The roles at or above it move up one.
    role.position = max(1, int(call.body.get("position", 1)))
    moved = [
        other
        for other in guild.roles.values()
        if other.id not in {role.id, guild.id} and other.position >= role.position
    ]
    for other in moved:
        other.position += 1
    # Discord tells connected bots (GUILDS intent), so their role caches stay current.
    await call.core.gateway.dispatch(
        "GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()}, guild.id
    )
    for other in moved:
        await call.core.gateway.dispatch(
            "GUILD_ROLE_UPDATE", {"guild_id": str(guild.id), "role": other.payload()}, guild.id
        )
    return {
        "id": str(role.id),
        "name": role.name,
        "permissions": str(role.permissions),
        "mentionable": role.mentionable,
        "position": role.position,
    }


@action("PATCH", "/roles")
async def set_role_permissions(call: ControlCall) -> object:
    """A server admin sets a role's permissions (the bot's own managed role too, as Discord
    allows), and whether anyone may mention it, if given; connected bots hear
    GUILD_ROLE_UPDATE."""
    guild = call.core.world.guild(int(call.body["guild_id"]))
    role = guild.roles.get(int(call.body["role_id"]))
    if role is None:
        raise RefusedError(f"guild {guild.id} has no role {call.body['role_id']}", 404)
    role.permissions = int(call.body.get("permissions", role.permissions))
    role.mentionable = bool(call.body.get("mentionable", role.mentionable))
    await call.core.gateway.dispatch(
        "GUILD_ROLE_UPDATE", {"guild_id": str(guild.id), "role": role.payload()}, guild.id
    )
    return {
        "id": str(role.id),
        "name": role.name,
        "permissions": str(role.permissions),
        "mentionable": role.mentionable,
    }


@action("POST", "/members")
async def add_member(call: ControlCall) -> object:
    guild = call.core.world.guild(int(call.body["guild_id"]))
    roles = [int(r) for r in call.body.get("roles", [])]
    member = call.core.world.add_member(
        guild, call.body["name"], roles=roles, locale=call.body.get("locale", "en-US")
    )
    return {"id": str(member.user.id), "name": member.user.username, "locale": member.locale}


@action("DELETE", "/members")
async def remove_member(call: ControlCall) -> object:
    # No gateway event: Discord sends GUILD_MEMBER_REMOVE only with the privileged members intent.
    guild = call.core.world.guild(int(call.body["guild_id"]))
    member = call.core.world.remove_member(guild, int(call.body["user_id"]))
    return {"id": str(member.user.id), "name": member.user.username}


@action("POST", "/dm-channels")
async def dm_channel(call: ControlCall) -> object:
    return {
        "id": str(call.core.world.dm_channel(call.core.world.user(int(call.body["user_id"]))).id)
    }


@action("POST", "/group-dms")
async def group_dm(call: ControlCall) -> object:
    """A group DM of the users named (two to ten; the bot is never in one)."""
    users = [call.core.world.user(int(user_id)) for user_id in call.body["user_ids"]]
    return {"id": str(call.core.world.group_dm(users, str(call.body.get("name", ""))).id)}


@action("POST", "/users/install")
async def install_app(call: ControlCall) -> object:
    """The user adds the app to their account ("Add App", "Add to My Apps"): a user install,
    whose commands then follow them into DMs and group DMs (standin/installs.py)."""
    user = call.core.world.user(int(call.body["user_id"]))
    call.core.world.user_installs.add(user.id)
    return {"id": str(user.id), "installed": True}


@action("POST", "/users/dms")
async def set_dms(call: ControlCall) -> object:
    """The user opens or closes DMs from server members (Privacy settings); closed, the bot's
    DMs to them get 403 50007, as on Discord."""
    user = call.core.world.user(int(call.body["user_id"]))
    user.dms_open = bool(call.body["open"])
    return {"id": str(user.id), "dms_open": user.dms_open}


@action("POST", "/interactions/command")
async def command(call: ControlCall) -> object:
    interaction = await call.core.command(
        int(call.body["user_id"]),
        int(call.body["channel_id"]),
        call.body["command"],
        call.body.get("options", {}),
    )
    return {"id": str(interaction.id)}


@action("POST", "/interactions/autocomplete")
async def autocomplete(call: ControlCall) -> object:
    interaction = await call.core.command(
        int(call.body["user_id"]),
        int(call.body["channel_id"]),
        call.body["command"],
        call.body.get("options", {}),
        focused=call.body["focused"],
    )
    if call.body.get("wait"):  # the page: the choices in the reply, once the bot has sent them
        return await call.core.desk.first_response(interaction)
    return {"id": str(interaction.id)}


@action("POST", "/interactions/component")
async def component(call: ControlCall) -> object:
    interaction = await call.core.click(
        int(call.body["user_id"]), int(call.body["message_id"]), call.body["custom_id"]
    )
    if call.body.get("wait"):  # a load driver: the reply is the report once it is answered
        return await call.core.desk.first_response(interaction)
    return {"id": str(interaction.id)}


@action("GET", "/interactions")
async def interactions(call: ControlCall) -> object:
    return [call.core.desk.report(i) for i in call.core.desk.by_id.values()]


@action("GET", "/interactions/{interaction_id}")
async def interaction(call: ControlCall) -> object:
    found = call.core.desk.by_id.get(call.id("interaction_id"))
    if found is None:
        raise RefusedError("no such interaction", 404)
    return call.core.desk.report(found)


@action("GET", "/channels/{channel_id}/messages")
async def messages(call: ControlCall) -> object:
    return call.core.messages_seen_by(call.id("channel_id"), int(call.body["user_id"]))


@action("GET", "/requests")
async def requests(call: ControlCall) -> object:
    return list(call.core.request_log)


@action("GET", "/mentions")
async def mentions(call: ControlCall) -> object:
    return list(call.core.world.mention_log)


@action("GET", "/openapi-failures")
async def openapi_failures(call: ControlCall) -> object:
    return call.core.openapi_failures


@action("POST", "/faults")
async def add_fault(call: ControlCall) -> object:
    fault = call.core.faults.add(
        call.body["route"],
        count=int(call.body.get("count", 1)),
        status=call.body.get("status"),
        delay=float(call.body.get("delay", 0)),
        retry_after=float(call.body.get("retry_after", 0.05)),
    )
    return fault.as_json()


@action("DELETE", "/faults")
async def clear_faults(call: ControlCall) -> object:
    call.core.faults.clear()
    return {"pending": []}


@action("POST", "/gateway/drop")
async def drop(call: ControlCall) -> object:
    return {"dropped": await call.core.gateway.drop_connections()}


@action("POST", "/gateway/heartbeats")
async def heartbeats(call: ControlCall) -> object:
    call.core.gateway.answer_heartbeats = bool(call.body["answer"])
    return {"answer": call.core.gateway.answer_heartbeats}
