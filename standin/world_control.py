"""The control API's changes to servers, channels and roles, each told to the bot's gateway as
Discord tells it (events/gateway-events): GUILD_CREATE when the bot joins a server and when one
is back from an outage, GUILD_DELETE with ``unavailable`` during one; CHANNEL_CREATE and
CHANNEL_DELETE; GUILD_ROLE_DELETE. All need the GUILDS intent, which discord.py asks for."""

from __future__ import annotations

from standin.control import ControlCall, action
from standin.gateway import GUILDS_INTENT
from standin.model import Overwrite


@action("POST", "/guilds")
async def add_guild(call: ControlCall) -> object:
    """A server that adds the bot (it is a member from the start): the bot hears GUILD_CREATE."""
    guild = call.core.world.add_guild(
        call.body.get("name", "StandInClient"), locale=call.body.get("locale", "en-US")
    )
    await call.core.gateway.guild_available(guild)
    return call.core.guild_state(guild)


@action("POST", "/guilds/outage")
async def guild_outage(call: ControlCall) -> object:
    """Discord loses the server for a while: the bot hears GUILD_DELETE, unavailable."""
    guild = call.core.world.guild(int(call.body["guild_id"]))
    gone = {"id": str(guild.id), "unavailable": True}
    await call.core.gateway.dispatch("GUILD_DELETE", gone, guild.id, intent=GUILDS_INTENT)
    return gone


@action("POST", "/guilds/recovered")
async def guild_recovered(call: ControlCall) -> object:
    """The server is back: the bot hears GUILD_CREATE with the whole server again."""
    guild = call.core.world.guild(int(call.body["guild_id"]))
    await call.core.gateway.guild_available(guild)
    return {"id": str(guild.id), "unavailable": False}


@action("POST", "/channels")
async def add_channel(call: ControlCall) -> object:
    guild = call.core.world.guild(int(call.body["guild_id"]))
    overwrites = [
        Overwrite(int(o["id"]), int(o["type"]), int(o.get("allow", 0)), int(o.get("deny", 0)))
        for o in call.body.get("overwrites", [])
    ]
    channel = call.core.world.add_channel(guild, call.body["name"], overwrites)
    await call.core.gateway.dispatch(
        "CHANNEL_CREATE", channel.payload(), guild.id, intent=GUILDS_INTENT
    )
    return {"id": str(channel.id), "name": channel.name}


@action("DELETE", "/channels")
async def remove_channel(call: ControlCall) -> object:
    """The channel is deleted: CHANNEL_DELETE, and REST on it answers 10003."""
    guild = call.core.world.guild(int(call.body["guild_id"]))
    channel = call.core.world.remove_channel(guild, int(call.body["channel_id"]))
    await call.core.gateway.dispatch(
        "CHANNEL_DELETE", channel.payload(), guild.id, intent=GUILDS_INTENT
    )
    return {"id": str(channel.id), "name": channel.name}


@action("DELETE", "/roles")
async def remove_role(call: ControlCall) -> object:
    """A server admin deletes a role (by name or id): GUILD_ROLE_DELETE."""
    guild = call.core.world.guild(int(call.body["guild_id"]))
    role = call.core.world.remove_role(guild, int(call.body["role_id"]))
    deleted = {"guild_id": str(guild.id), "role_id": str(role.id)}
    await call.core.gateway.dispatch("GUILD_ROLE_DELETE", deleted, guild.id, intent=GUILDS_INTENT)
    return {"id": str(role.id), "name": role.name}
