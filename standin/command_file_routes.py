"""Files for ATTACHMENT options over HTTP: the control call that uploads one, and the CDN route
that serves it (standin/command_files.py)."""

from __future__ import annotations

import base64
import binascii

from aiohttp import web

from standin.command_files import CDN_PATH, CommandFile
from standin.control import ControlCall, action
from standin.core import StandIn
from standin.errors import RefusedError


@action("POST", "/command-files")
async def upload(call: ControlCall) -> object:
    """``{channel_id, filename, content (base64), content_type?}``: the attachment object; its
    ``id`` is the value of an ATTACHMENT option in a command run in that channel."""
    channel = call.core.world.channel(int(call.body["channel_id"]))
    try:
        data = base64.b64decode(call.body["content"], validate=True)
    except (binascii.Error, ValueError) as bad:
        raise RefusedError("content must be base64", 400) from bad
    added = call.core.world.command_files.add(
        CommandFile(
            id=call.core.world.ids.next(),
            channel_id=channel.id,
            filename=str(call.body["filename"]),
            content_type=str(call.body.get("content_type") or "application/octet-stream"),
            data=data,
            base_url=call.core.url,
        )
    )
    return added.payload()


def add_routes(app: web.Application, core: StandIn) -> None:
    async def serve(request: web.Request) -> web.Response:
        found = core.world.command_files.by_id.get(int(request.match_info["attachment_id"]))
        if found is None or str(found.channel_id) != request.match_info["channel_id"]:
            return web.Response(status=404, text="404: Not Found")
        return web.Response(body=found.data, content_type=found.content_type)

    app.router.add_get(CDN_PATH + "/{channel_id}/{attachment_id}/{filename}", serve)
