"""Files sent with a message: multipart bodies with ``payload_json`` and ``files[n]``, as
Discord takes them, and a stand-in CDN that serves each attachment back from its url.

The JSON's ``attachments`` name the files by ``id`` = n; the stand-in replaces each such entry
with the attachment Discord would return (a snowflake id, filename, size, url), and keeps the
bytes so that a test reads what a member would see."""

from __future__ import annotations

import json
import mimetypes
from typing import TYPE_CHECKING

from aiohttp import web

from standin import errors
from standin.errors import DiscordError
from standin.model import Json, Upload

if TYPE_CHECKING:
    from standin.core import StandIn

CDN_PATH = "/_sandbox/attachments"
_FILES_FIELD = "files["
REQUEST_TOO_LARGE = 40005


async def read_form(request: web.Request) -> tuple[object, dict[int, Upload]]:
    """The ``payload_json`` of a multipart body (``{}`` without one), and its ``files[n]``."""
    form = await request.post()
    raw = form.get("payload_json")
    try:
        body = json.loads(str(raw)) if raw is not None else {}
    except ValueError as exc:
        raise DiscordError(400, 50109, "The request body contains invalid JSON.") from exc
    uploads: dict[int, Upload] = {}
    for name, part in form.items():
        if name.startswith(_FILES_FIELD) and isinstance(part, web.FileField):
            index = int(name.removeprefix(_FILES_FIELD).removesuffix("]"))
            uploads[index] = Upload(part.filename, part.content_type, part.file.read())
    return body, uploads


def attach(core: StandIn, body: object, uploads: dict[int, Upload]) -> None:
    """Turns the entries of ``attachments`` (the message's own, or a callback's ``data``'s)
    that name an uploaded file into Discord's attachment objects."""
    if not uploads or not isinstance(body, dict):
        return
    data = body.get("data")
    message: Json = data if isinstance(data, dict) else body
    limit = core.config.limits.attachment_size_limit
    if sum(len(upload.data) for upload in uploads.values()) > limit:
        raise DiscordError(413, REQUEST_TOO_LARGE, "Request entity too large")
    entries = message.get("attachments")
    if entries is None:  # files without entries are attached all the same
        entries = [{"id": index} for index in sorted(uploads)]
    message["attachments"] = [_resolved(core, entry, uploads) for entry in entries]


def _resolved(core: StandIn, entry: Json, uploads: dict[int, Upload]) -> Json:
    if "url" in entry:  # an attachment the message already has, kept on an edit
        return entry
    index = int(entry["id"])
    upload = uploads.get(index)
    if upload is None:
        raise errors.field_error(
            ["attachments", str(index)], "ATTACHMENT_NOT_FOUND", "Unknown attachment."
        )
    attachment_id = core.world.ids.next()
    core.attachments[attachment_id] = upload
    filename = entry.get("filename") or upload.filename
    url = f"{core.url}{CDN_PATH}/{attachment_id}/{filename}"
    return {
        "id": str(attachment_id),
        "filename": filename,
        "size": len(upload.data),
        "url": url,
        "proxy_url": url,
        # Discord tells the type from the file, not from the part's header (discord.py sends
        # application/octet-stream for every file).
        "content_type": mimetypes.guess_type(filename)[0] or upload.content_type,
    }


def add_routes(app: web.Application, core: StandIn) -> None:
    async def serve(request: web.Request) -> web.Response:
        upload = core.attachments.get(int(request.match_info["attachment_id"]))
        if upload is None:
            raise web.HTTPNotFound
        filename = request.match_info["filename"]
        kind = mimetypes.guess_type(filename)[0] or upload.content_type
        return web.Response(body=upload.data, content_type=kind)

    app.router.add_get(CDN_PATH + "/{attachment_id:\\d+}/{filename}", serve)
