"""The control API under /_sandbox/: JSON over HTTP, for the driver, load tools and the browser."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from bot.sandbox.core import StandIn
from bot.sandbox.errors import DiscordError, RefusedError, json_response
from bot.sandbox.model import Overwrite

Action = Callable[[StandIn, web.Request, Any], Awaitable[object]]
_ACTIONS: list[tuple[str, str, Action]] = []


def action(method: str, path: str) -> Callable[[Action], Action]:
    def register(handler: Action) -> Action:
        _ACTIONS.append((method, "/_sandbox" + path, handler))
        return handler

    return register


def add_routes(app: web.Application, core: StandIn) -> None:
    for method, path, handler in _ACTIONS:
        app.router.add_route(method, path, _endpoint(core, handler))


def _endpoint(core: StandIn, handler: Action) -> Callable[[web.Request], Awaitable[web.Response]]:
    async def endpoint(request: web.Request) -> web.Response:
        try:
            body = await request.json() if request.can_read_body else {}
            return json_response(await handler(core, request, body))
        except RefusedError as refused:
            return json_response({"error": refused.message}, refused.status)
        except DiscordError as error:
            return json_response({"error": error.message, "code": error.code}, error.status)
        except (KeyError, ValueError, TypeError) as bad:
            return json_response({"error": f"bad request: {bad!r}"}, 400)

    return endpoint


def _id(request: web.Request, name: str) -> int:
    return int(request.match_info[name])


@action("GET", "/state")
async def state(core: StandIn, request: web.Request, body: Any) -> object:
    return core.state()


@action("POST", "/guilds")
async def add_guild(core: StandIn, request: web.Request, body: Any) -> object:
    guild = core.world.add_guild(body.get("name", "Sandbox"), locale=body.get("locale", "en-US"))
    return core._guild_state(guild)  # noqa: SLF001  (same package: one shape for state and replies)


@action("POST", "/roles")
async def add_role(core: StandIn, request: web.Request, body: Any) -> object:
    guild = core.world.guild(int(body["guild_id"]))
    role = core.world.add_role(guild, body["name"], int(body.get("permissions", 0)))
    return {"id": str(role.id), "name": role.name, "permissions": str(role.permissions)}


@action("POST", "/members")
async def add_member(core: StandIn, request: web.Request, body: Any) -> object:
    guild = core.world.guild(int(body["guild_id"]))
    roles = [int(r) for r in body.get("roles", [])]
    member = core.world.add_member(guild, body["name"], roles=roles, locale=body.get("locale", "en-US"))
    return {"id": str(member.user.id), "name": member.user.username, "locale": member.locale}


@action("POST", "/channels")
async def add_channel(core: StandIn, request: web.Request, body: Any) -> object:
    guild = core.world.guild(int(body["guild_id"]))
    overwrites = [Overwrite(int(o["id"]), int(o["type"]), int(o.get("allow", 0)), int(o.get("deny", 0)))
                  for o in body.get("overwrites", [])]  # fmt: skip
    channel = core.world.add_channel(guild, body["name"], overwrites)
    return {"id": str(channel.id), "name": channel.name}


@action("POST", "/dm-channels")
async def dm_channel(core: StandIn, request: web.Request, body: Any) -> object:
    return {"id": str(core.world.dm_channel(core.world.user(int(body["user_id"]))).id)}


@action("POST", "/interactions/command")
async def command(core: StandIn, request: web.Request, body: Any) -> object:
    interaction = await core.command(int(body["user_id"]), int(body["channel_id"]),
                                     body["command"], body.get("options", {}))  # fmt: skip
    return {"id": str(interaction.id)}


@action("POST", "/interactions/autocomplete")
async def autocomplete(core: StandIn, request: web.Request, body: Any) -> object:
    interaction = await core.command(int(body["user_id"]), int(body["channel_id"]), body["command"],
                                     body.get("options", {}), focused=body["focused"])  # fmt: skip
    return {"id": str(interaction.id)}


@action("POST", "/interactions/component")
async def component(core: StandIn, request: web.Request, body: Any) -> object:
    interaction = await core.click(int(body["user_id"]), int(body["message_id"]), body["custom_id"])
    return {"id": str(interaction.id)}


@action("GET", "/interactions")
async def interactions(core: StandIn, request: web.Request, body: Any) -> object:
    return [core.desk.report(i) for i in core.desk.by_id.values()]


@action("GET", "/interactions/{interaction_id}")
async def interaction(core: StandIn, request: web.Request, body: Any) -> object:
    found = core.desk.by_id.get(_id(request, "interaction_id"))
    if found is None:
        raise RefusedError("no such interaction", 404)
    return core.desk.report(found)


@action("GET", "/channels/{channel_id}/messages")
async def messages(core: StandIn, request: web.Request, body: Any) -> object:
    return core.messages_seen_by(_id(request, "channel_id"), int(request.query["user_id"]))


@action("GET", "/requests")
async def requests(core: StandIn, request: web.Request, body: Any) -> object:
    return list(core.request_log)


@action("GET", "/openapi-failures")
async def openapi_failures(core: StandIn, request: web.Request, body: Any) -> object:
    return core.openapi_failures


@action("GET", "/rate-limits")
async def rate_limits(core: StandIn, request: web.Request, body: Any) -> object:
    return {"sent_429": core.limiter.sent_429}


@action("POST", "/faults")
async def add_fault(core: StandIn, request: web.Request, body: Any) -> object:
    fault = core.faults.add(body["route"], count=int(body.get("count", 1)), status=body.get("status"),
                            delay=float(body.get("delay", 0)),
                            retry_after=float(body.get("retry_after", 0.05)))  # fmt: skip
    return fault.as_json()


@action("DELETE", "/faults")
async def clear_faults(core: StandIn, request: web.Request, body: Any) -> object:
    core.faults.clear()
    return {"pending": []}


@action("POST", "/gateway/drop")
async def drop(core: StandIn, request: web.Request, body: Any) -> object:
    return {"dropped": await core.gateway.drop_connections()}


@action("POST", "/gateway/heartbeats")
async def heartbeats(core: StandIn, request: web.Request, body: Any) -> object:
    core.gateway.answer_heartbeats = bool(body["answer"])
    return {"answer": core.gateway.answer_heartbeats}
