"""Files sent with a message: multipart bodies with ``payload_json`` and ``files[n]``, as
Discord takes them, and a stand-in CDN that serves each attachment back from its url.

A multipart body is refused as Discord refuses it: a file part not named ``files[n]`` or
without a filename, a name given twice, more than 10 files, a file over the upload limit (413).
The JSON's ``attachments`` name new files by ``id`` = n, with an optional ``filename`` and
``description``; the stand-in turns each into the attachment Discord would return (a
snowflake id, filename, size, url) and keeps the bytes, so a test reads what a member sees.

On an edit, ``attachments`` lists every file the message keeps: its existing attachments by
their ids, new ones by n; a file left out is removed. An edit without ``attachments`` keeps the
message's files and adds any new ones. Every ``attachment://`` a layout names must be among the
files the message then has (standin/media.py).
"""

from __future__ import annotations

import json
import mimetypes
import re
from collections.abc import Callable, Mapping

from aiohttp import web

from standin import errors
from standin.errors import DiscordError
from standin.media import check_references
from standin.model import Json, Upload
from standin.snowflake import Snowflakes

CDN_PATH = "/_standin/attachments"
MAX_FILES = 10  # the spec's files[0] to files[9]; a message holds at most 10 attachments
REQUEST_TOO_LARGE = 40005
_FILE_PART = re.compile(r"files\[(\d{1,20})\]")
Uploads = Mapping[int, Upload]


async def read_form(request: web.Request, size_limit: int) -> tuple[object, dict[int, Upload]]:
    """The ``payload_json`` of a multipart body (its other text fields without one), and its
    ``files[n]`` by n."""
    form = await request.post()
    body: Json = {}
    uploads: dict[int, Upload] = {}
    for name, part in form.items():
        if isinstance(part, web.FileField):
            index = _file_index(name, part.filename)
            if index in uploads:
                raise errors.field_error([name], "DUPLICATE_FILE_NAME", f"{name} is given twice")
            data = part.file.read()
            if len(data) > size_limit:
                raise DiscordError(413, REQUEST_TOO_LARGE, "Request entity too large")
            uploads[index] = Upload(part.filename, part.content_type, data)
        elif name != "payload_json":
            body[name] = str(part)
    if len(uploads) > MAX_FILES:
        raise errors.field_error(
            ["attachments"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_FILES} or fewer in length."
        )
    raw = form.get("payload_json")
    try:
        return (json.loads(str(raw)) if raw is not None else body), uploads
    except ValueError as exc:
        raise DiscordError(400, 50109, "The request body contains invalid JSON.") from exc


def form_for_spec(body: object, uploads: Uploads) -> object:
    """The multipart body as the spec's schema has it: the JSON's fields and ``files[n]``."""
    if not isinstance(body, dict):
        return body
    return {**body, **{f"files[{n}]": f"<{len(u.data)} bytes>" for n, u in uploads.items()}}


def _file_index(name: str, filename: str | None) -> int:
    found = _FILE_PART.fullmatch(name)
    if found is None:
        raise errors.field_error([name], "BASE_TYPE_INVALID", "A file must be named files[n].")
    if not filename:
        raise errors.field_error([name], "BASE_TYPE_REQUIRED", "A file needs a filename.")
    return int(found.group(1))


class MessageFiles:
    """The attachments of the stand-in's messages, and the CDN that serves them."""

    def __init__(self, ids: Snowflakes, base_url: Callable[[], str]) -> None:
        self._ids = ids
        self._base_url = base_url
        self.stored: dict[int, Upload] = {}

    def new_message(self, body: Json, uploads: Uploads) -> None:
        """Turns a new message's ``attachments`` (and files it does not list) into attachment
        objects; every entry must name a file of the request."""
        entries = body.get("attachments")
        listed = [dict(entry) for entry in entries] if isinstance(entries, list) else []
        resolved = [self._new(entry, uploads) for entry in listed]
        named = {int(entry["id"]) for entry in listed}
        resolved += [self._new({"id": n}, uploads) for n in sorted(uploads) if n not in named]
        if resolved or "attachments" in body:
            body["attachments"] = resolved
        check_references(body.get("components") or [], resolved, [])

    def edit(self, current: Json, body: Json, uploads: Uploads) -> None:
        """Turns an edit's ``attachments`` into the attachments the message keeps and gains
        (Discord's rules in the module docstring)."""
        kept: list[Json] = list(current.get("attachments") or [])
        if "attachments" in body:
            by_id = {str(attachment["id"]): attachment for attachment in kept}
            entries = body.get("attachments") or []
            resolved = [self._kept_or_new(dict(entry), by_id, uploads) for entry in entries]
            named = {str(entry.get("id")) for entry in entries}
            new = [n for n in sorted(uploads) if str(n) not in named]
        else:
            resolved, new = kept, sorted(uploads)
        resolved = [*resolved, *(self._new({"id": n}, uploads) for n in new)]
        if "attachments" in body or uploads:
            body["attachments"] = resolved
        components = body["components"] if "components" in body else current.get("components")
        check_references(components or [], resolved, [])

    def _kept_or_new(self, entry: Json, by_id: Mapping[str, Json], uploads: Uploads) -> Json:
        existing = by_id.get(str(entry.get("id")))
        if existing is None:
            return self._new(entry, uploads)
        changes = {k: entry[k] for k in ("description",) if entry.get(k) is not None}
        return {**existing, **changes}

    def _new(self, entry: Json, uploads: Uploads) -> Json:
        try:
            upload = uploads[int(entry["id"])]
        except (KeyError, TypeError, ValueError):
            raise errors.field_error(
                ["attachments", str(entry.get("id"))], "ATTACHMENT_NOT_FOUND", "Unknown attachment."
            ) from None
        attachment_id = self._ids.next()
        self.stored[attachment_id] = upload
        filename = str(entry.get("filename") or upload.filename)
        url = f"{self._base_url()}{CDN_PATH}/{attachment_id}/{filename}"
        attachment: Json = {
            "id": str(attachment_id),
            "filename": filename,
            "size": len(upload.data),
            "url": url,
            "proxy_url": url,
            # Discord tells the type from the file, not from the part's header (discord.py
            # sends application/octet-stream for every file).
            "content_type": mimetypes.guess_type(filename)[0] or upload.content_type,
        }
        if entry.get("description"):
            attachment["description"] = entry["description"]
        return attachment


def add_routes(app: web.Application, files: MessageFiles) -> None:
    async def serve(request: web.Request) -> web.Response:
        upload = files.stored.get(int(request.match_info["attachment_id"]))
        if upload is None:
            raise web.HTTPNotFound
        filename = request.match_info["filename"]
        kind = mimetypes.guess_type(filename)[0] or upload.content_type
        return web.Response(body=upload.data, content_type=kind)

    app.router.add_get(CDN_PATH + "/{attachment_id:\\d+}/{filename}", serve)
