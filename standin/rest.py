"""Discord's REST routes that the bot uses, answered from the standin's world."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from multidict import MultiMapping

from standin import errors
from standin.attachments import Uploads
from standin.command_rules import check_commands
from standin.core import StandIn
from standin.errors import DiscordError
from standin.installs import APP_INSTALLS
from standin.layouts import check_edit
from standin.model import DM_CHANNEL, Json
from standin.permissions import VIEW_CHANNEL, guild_permissions
from standin.post_rules import (
    check_may_attach,
    check_may_post,
    check_may_read,
    may_read_history,
    reach,
)
from standin.rules import check_message


@dataclass(frozen=True, slots=True)
class Call:
    core: StandIn
    params: Mapping[str, str]
    query: MultiMapping[str]
    body: Any
    uploads: Uploads  # a multipart body's files[n], by n

    def id(self, name: str) -> int:
        try:
            return int(self.params[name])
        except ValueError as exc:
            raise errors.field_error(
                [name], "NUMBER_TYPE_COERCE", "Value is not snowflake."
            ) from exc

    def flag(self, name: str) -> bool:
        return self.query.get(name, "").lower() in {"1", "true"}


Handler = Callable[[Call], Awaitable[object]]
ROUTES: list[tuple[str, str, Handler]] = []
NO_CONTENT = object()  # a handler's reply for HTTP 204


def route(method: str, template: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        ROUTES.append((method, template, handler))
        return handler

    return register


@route("GET", "/users/@me")
async def current_user(call: Call) -> object:
    return call.core.world.bot.payload() | {"verified": True, "mfa_enabled": False}


@route("GET", "/users/@me/guilds")
async def current_user_guilds(call: Call) -> object:
    """The bot's servers, each with its permissions there (roles only, as Discord reports)."""
    world = call.core.world
    after = int(call.query.get("after", "0") or 0)
    limit = int(call.query.get("limit", "200") or 200)
    mine = [g for g in world.guilds.values() if world.bot.id in g.members and g.id > after]
    return [
        {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "banner": None,
            "owner": guild.owner_id == world.bot.id,
            "permissions": str(guild_permissions(guild, guild.members[world.bot.id])),
            "features": [],
            "approximate_member_count": len(guild.members),
            "approximate_presence_count": 0,
        }
        for guild in sorted(mine, key=lambda g: g.id)[:limit]
    ]


@route("GET", "/oauth2/applications/@me")
async def current_application(call: Call) -> object:
    world = call.core.world
    return {
        "id": str(world.application_id),
        "name": world.bot.username,
        "icon": None,
        "description": "quizbot in the standin",
        "summary": "",
        "type": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "flags": 0,
        "owner": world.bot.payload(),
        "team": None,
        "bot": world.bot.payload(),
        "rpc_origins": [],
    }


@route("GET", "/gateway/bot")
async def gateway_bot(call: Call) -> object:
    return {
        "url": call.core.gateway_url,
        "shards": call.core.config.limits.recommended_shards,
        "session_start_limit": call.core.session_starts.limit(),
    }


@route("GET", "/gateway")
async def gateway(call: Call) -> object:
    return {"url": call.core.gateway_url}


def _store_commands(
    core: StandIn, existing: list[Json], body: list[Json], guild_id: int | None
) -> list[Json]:
    """Bulk overwrite: a command keeps its id when its name and type stay, as on Discord;
    refused whole if a command breaks Discord's rules (standin/command_rules.py)."""
    check_commands(body)
    known = {(c["name"], c.get("type", 1)): c["id"] for c in existing}
    stored = []
    for command in body:
        kind = command.get("type") or 1
        stored.append(
            {
                "description": "",
                "options": [],
                "default_member_permissions": None,
                "nsfw": False,
                "name_localizations": None,
                "description_localizations": None,
                "contexts": None,
                "integration_types": list(APP_INSTALLS),  # the app's own, if it sends none
                **command,
                "type": kind,
                "id": known.get((command["name"], kind)) or str(core.world.ids.next()),
                "application_id": str(core.world.application_id),
                "version": str(core.world.ids.next()),
                **({"guild_id": str(guild_id)} if guild_id is not None else {}),
            }
        )
    return stored


def _check_application(call: Call) -> None:
    if call.id("application_id") != call.core.world.application_id:
        raise DiscordError(403, 50001, "Missing Access")


@route("PUT", "/applications/{application_id}/commands")
async def put_global_commands(call: Call) -> object:
    _check_application(call)
    commands = call.core.world.commands
    commands.global_commands = _store_commands(
        call.core, commands.global_commands, call.body or [], None
    )
    return commands.global_commands


@route("GET", "/applications/{application_id}/commands")
async def get_global_commands(call: Call) -> object:
    _check_application(call)
    return call.core.world.commands.global_commands


@route("PUT", "/applications/{application_id}/guilds/{guild_id}/commands")
async def put_guild_commands(call: Call) -> object:
    _check_application(call)
    guild_id = call.core.world.guild(call.id("guild_id")).id
    commands = call.core.world.commands
    existing = commands.guild_commands.get(guild_id, [])
    commands.guild_commands[guild_id] = _store_commands(
        call.core, existing, call.body or [], guild_id
    )
    return commands.guild_commands[guild_id]


@route("GET", "/applications/{application_id}/guilds/{guild_id}/commands")
async def get_guild_commands(call: Call) -> object:
    _check_application(call)
    return call.core.world.commands.guild_commands.get(
        call.core.world.guild(call.id("guild_id")).id, []
    )


@route("POST", "/users/@me/channels")
async def open_dm(call: Call) -> object:
    user = call.core.world.user(int(call.body["recipient_id"]))
    return call.core.world.dm_channel(user).payload()


@route("GET", "/channels/{channel_id}")
async def get_channel(call: Call) -> object:
    channel = call.core.world.channel(call.id("channel_id"))
    if not call.core.world.permissions(channel, call.core.world.bot.id) & VIEW_CHANNEL:
        raise DiscordError(403, 50001, "Missing Access")
    return channel.payload()


@route("POST", "/channels/{channel_id}/messages")
async def create_message(call: Call) -> object:
    channel = call.core.world.channel(call.id("channel_id"))
    body: Json = call.body
    check_may_post(call.core.world.permissions(channel, call.core.world.bot.id), body, call.uploads)
    if channel.type == DM_CHANNEL and not call.core.world.takes_dms(channel):
        raise errors.cannot_message_user()
    check_message(body)
    if not (body.get("content") or body.get("embeds") or body.get("components") or call.uploads):
        raise DiscordError(400, 50006, "Cannot send an empty message")
    call.core.files.new_message(body, call.uploads)
    return call.core.world.post(channel, body).payload()


@route("GET", "/channels/{channel_id}/messages")
async def list_messages(call: Call) -> object:
    channel = call.core.world.channel(call.id("channel_id"))
    allowed = call.core.world.permissions(channel, call.core.world.bot.id)
    reach(allowed)
    if not may_read_history(allowed):  # Discord answers an empty list, not an error
        return []
    limit = min(int(call.query.get("limit", "50")), 100)
    found = [
        m
        for m in call.core.world.messages.values()
        if m.channel_id == channel.id and m.visible_to is None
    ]
    return [m.payload() for m in sorted(found, key=lambda m: -m.id)[:limit]]


@route("GET", "/channels/{channel_id}/messages/{message_id}")
async def get_message(call: Call) -> object:
    channel = call.core.world.channel(call.id("channel_id"))
    check_may_read(call.core.world.permissions(channel, call.core.world.bot.id))
    return call.core.world.message(channel.id, call.id("message_id")).payload()


@route("PATCH", "/channels/{channel_id}/messages/{message_id}")
async def edit_message(call: Call) -> object:
    message = call.core.world.message(call.id("channel_id"), call.id("message_id"))
    if message.author is not call.core.world.bot:
        raise DiscordError(
            403, errors.CANNOT_EDIT_OTHERS, "Cannot edit a message authored by another user"
        )
    channel = call.core.world.channel(message.channel_id)
    check_may_attach(call.core.world.permissions(channel, call.core.world.bot.id), call.uploads)
    check_message(call.body)
    check_edit(message.body, call.body)
    call.core.files.edit(message.body, call.body, call.uploads)
    return call.core.world.edit(message, call.body).payload()


@route("DELETE", "/channels/{channel_id}/messages/{message_id}")
async def delete_message(call: Call) -> object:
    message = call.core.world.message(call.id("channel_id"), call.id("message_id"))
    call.core.world.delete(message)
    return NO_CONTENT
