"""The control API's forged interactions: what a modified client sends and Discord's own client
never would, for tests that the bot trusts nothing a client chose."""

from __future__ import annotations

from standin.control import ControlCall, action
from standin.errors import RefusedError


@action("POST", "/interactions/forged-component")
async def forged_component(call: ControlCall) -> object:
    """``{user, message_id, custom_id}``: a click with any custom_id, on any message the user
    sees (standin/core.py ``forged_click``)."""
    custom_id = call.body["custom_id"]
    if not isinstance(custom_id, str):
        raise RefusedError("a custom_id is a string", 400)
    interaction = await call.core.forged_click(
        int(call.body["user_id"]), int(call.body["message_id"]), custom_id
    )
    return {"id": str(interaction.id)}


@action("POST", "/interactions/forged-command")
async def forged_command(call: ControlCall) -> object:
    """``{user, channel, command, options}``, as ``/interactions/command``, but its channel,
    role and mentionable options may name those of any server, resolved as they are there
    (standin/resolved.py)."""
    options = call.body.get("options", {})
    if not isinstance(options, dict):
        raise RefusedError("options are an object keyed by option name", 400)
    interaction = await call.core.command(
        int(call.body["user_id"]),
        int(call.body["channel_id"]),
        call.body["command"],
        options,
        forged=True,
    )
    return {"id": str(interaction.id)}
