"""The control API for modals: the one a member has open, and what they do with it (submit it,
with values and files, or close it), as a Discord client lets them (standin/modals.py)."""

from __future__ import annotations

import base64
import binascii

from standin.control import ControlCall, action
from standin.errors import RefusedError
from standin.modals import Value
from standin.model import Json, Upload


@action("GET", "/modals")
async def open_modal(call: ControlCall) -> object:
    """``?user=``: the modal that member has open, ``interaction_id`` naming what it answered."""
    return call.core.open_modal(int(call.body["user_id"])).view()


@action("POST", "/modals/submit")
async def submit(call: ControlCall) -> object:
    """``{user, values: {custom_id: text | [values] | bool}, files: {custom_id: [{filename,
    content (base64), content_type?}]}, wait?}``: the MODAL_SUBMIT's id (with ``wait``, its
    report once the bot has answered)."""
    values = call.body.get("values") or {}
    files = call.body.get("files") or {}
    if not isinstance(values, dict) or not isinstance(files, dict):
        raise RefusedError("values and files are objects keyed by custom_id", 400)
    interaction = await call.core.submit_modal(
        int(call.body["user_id"]),
        {str(name): _value(value) for name, value in values.items()},
        {str(name): [_upload(entry) for entry in _listed(given)] for name, given in files.items()},
    )
    if call.body.get("wait"):
        return await call.core.desk.first_response(interaction)
    return {"id": str(interaction.id)}


@action("POST", "/modals/close")
async def close(call: ControlCall) -> object:
    """``{user}``: the member closes their modal; the bot hears nothing of it."""
    return call.core.close_modal(int(call.body["user_id"])).view()


def _value(value: object) -> Value:
    if value is None or isinstance(value, str | bool):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [str(v) for v in value]
    raise RefusedError("a value is a text, a list of texts, true/false or null", 400)


def _listed(given: object) -> list[Json]:
    if not isinstance(given, list) or not all(isinstance(entry, dict) for entry in given):
        raise RefusedError("files are lists of {filename, content} per custom_id", 400)
    return given


def _upload(entry: Json) -> Upload:
    try:
        data = base64.b64decode(str(entry["content"]), validate=True)
    except (binascii.Error, ValueError) as bad:
        raise RefusedError("a file's content must be base64", 400) from bad
    kind = str(entry.get("content_type") or "application/octet-stream")
    return Upload(str(entry["filename"]), kind, data)
