"""The interaction callback and the webhook routes that take an interaction token."""

from __future__ import annotations

from bot.sandbox.core import StandIn
from bot.sandbox.interactions import Interaction
from bot.sandbox.model import EPHEMERAL, LOADING, Message
from bot.sandbox.rest import NO_CONTENT, Call, route

_ORIGINAL = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
_BY_ID = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"


@route("POST", "/interactions/{interaction_id}/{interaction_token}/callback")
async def interaction_callback(core: StandIn, call: Call) -> object:
    interaction, message = core.desk.callback(
        call.id("interaction_id"), call.params["interaction_token"], call.body
    )
    if not call.flag("with_response"):
        return NO_CONTENT
    return _callback_response(interaction, int(call.body["type"]), message)


def _callback_response(interaction: Interaction, kind: int, message: Message | None) -> object:
    flags = 0 if message is None else message.flags
    summary = {
        "id": str(interaction.id),
        "type": interaction.type,
        "activity_instance_id": None,
        "response_message_id": None if message is None else str(message.id),
        "response_message_loading": bool(flags & LOADING),
        "response_message_ephemeral": bool(flags & EPHEMERAL),
    }
    if message is None:
        return {"interaction": summary}
    return {"interaction": summary, "resource": {"type": kind, "message": message.payload()}}


def _interaction(core: StandIn, call: Call) -> Interaction:
    return core.desk.by_token(call.id("webhook_id"), call.params["webhook_token"])


@route("POST", "/webhooks/{webhook_id}/{webhook_token}")
async def followup(core: StandIn, call: Call) -> object:
    message = core.desk.followup(_interaction(core, call), call.body)
    return message.payload() if call.flag("wait") else NO_CONTENT


@route("GET", _ORIGINAL)
async def get_original(core: StandIn, call: Call) -> object:
    interaction = _interaction(core, call)
    return core.desk.webhook_message(interaction, None).payload()


@route("PATCH", _ORIGINAL)
async def edit_original(core: StandIn, call: Call) -> object:
    interaction = _interaction(core, call)
    message = core.desk.webhook_message(interaction, None)
    return core.desk.edit(interaction, message, call.body).payload()


@route("DELETE", _ORIGINAL)
async def delete_original(core: StandIn, call: Call) -> object:
    interaction = _interaction(core, call)
    core.desk.delete(interaction, core.desk.webhook_message(interaction, None))
    return NO_CONTENT


@route("GET", _BY_ID)
async def get_webhook_message(core: StandIn, call: Call) -> object:
    interaction = _interaction(core, call)
    return core.desk.webhook_message(interaction, call.id("message_id")).payload()


@route("PATCH", _BY_ID)
async def edit_webhook_message(core: StandIn, call: Call) -> object:
    interaction = _interaction(core, call)
    message = core.desk.webhook_message(interaction, call.id("message_id"))
    return core.desk.edit(interaction, message, call.body).payload()


@route("DELETE", _BY_ID)
async def delete_webhook_message(core: StandIn, call: Call) -> object:
    interaction = _interaction(core, call)
    core.desk.delete(interaction, core.desk.webhook_message(interaction, call.id("message_id")))
    return NO_CONTENT
