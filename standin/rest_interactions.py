"""The interaction callback and the webhook routes that take an interaction token."""

from __future__ import annotations

from standin.errors import DiscordError
from standin.events import Event
from standin.interactions import Interaction
from standin.model import EPHEMERAL, LOADING, Message
from standin.rest import NO_CONTENT, Call, route

USER_INSTALL_KEY = "1"  # authorizing_integration_owners' key of a user's own install
MAX_USER_FOLLOWUPS = 5
MAX_FOLLOWUPS = 40094
_ORIGINAL = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
_BY_ID = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"


@route("POST", "/interactions/{interaction_id}/{interaction_token}/callback")
async def interaction_callback(call: Call) -> object:
    interaction, message = call.core.desk.callback(
        call.id("interaction_id"), call.params["interaction_token"], call.body, call.uploads
    )
    modal = call.core.desk.modals.get(interaction.user.id)
    if modal is not None and modal.interaction_id == interaction.id:  # the page shows it
        opened = Event("modal_open", data=modal.view(), for_user=interaction.user.id)
        call.core.events.publish(opened)
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


def _interaction(call: Call) -> Interaction:
    return call.core.desk.by_token(call.id("webhook_id"), call.params["webhook_token"])


@route("POST", "/webhooks/{webhook_id}/{webhook_token}")
async def followup(call: Call) -> object:
    interaction = _interaction(call)
    _check_followup_cap(interaction)
    message = call.core.desk.followup(interaction, call.body, call.uploads)
    return message.payload() if call.flag("wait") else NO_CONTENT


@route("GET", _ORIGINAL)
async def get_original(call: Call) -> object:
    interaction = _interaction(call)
    return call.core.desk.webhook_message(interaction, None).payload()


@route("PATCH", _ORIGINAL)
async def edit_original(call: Call) -> object:
    interaction = _interaction(call)
    message = call.core.desk.webhook_message(interaction, None)
    return call.core.desk.edit(interaction, message, call.body, call.uploads).payload()


@route("DELETE", _ORIGINAL)
async def delete_original(call: Call) -> object:
    interaction = _interaction(call)
    call.core.desk.delete(interaction, call.core.desk.webhook_message(interaction, None))
    return NO_CONTENT


@route("GET", _BY_ID)
async def get_webhook_message(call: Call) -> object:
    interaction = _interaction(call)
    return call.core.desk.webhook_message(interaction, call.id("message_id")).payload()


@route("PATCH", _BY_ID)
async def edit_webhook_message(call: Call) -> object:
    interaction = _interaction(call)
    message = call.core.desk.webhook_message(interaction, call.id("message_id"))
    return call.core.desk.edit(interaction, message, call.body, call.uploads).payload()


@route("DELETE", _BY_ID)
async def delete_webhook_message(call: Call) -> object:
    interaction = _interaction(call)
    call.core.desk.delete(
        interaction, call.core.desk.webhook_message(interaction, call.id("message_id"))
    )
    return NO_CONTENT


def _check_followup_cap(interaction: Interaction) -> None:
    """Five followups at most when only a user's install authorized the interaction (the app
    is not in that server): receiving-and-responding, "Followup Messages"."""
    owners = interaction.payload.get("authorizing_integration_owners") or {}
    if set(owners) != {USER_INSTALL_KEY}:
        return
    if sum(r["kind"] == "followup" for r in interaction.responses) >= MAX_USER_FOLLOWUPS:
        raise DiscordError(
            400, MAX_FOLLOWUPS, "This interaction has hit the maximum number of follow up messages"
        )
