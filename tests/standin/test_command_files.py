"""ATTACHMENT options (type 11): a file uploaded first, named by id in the option, resolved in
``data.resolved.attachments`` and served over HTTP at its URL, as Discord's CDN serves it."""

from __future__ import annotations

import aiohttp
import pytest

from standin.commands import ATTACHMENT, command_data
from standin.driver import StandInClient, StandInRefusedError
from standin.errors import RefusedError

UPLOAD = {"name": "upload", "description": "Take a file", "type": 1}
FILE = {"type": ATTACHMENT, "name": "file", "description": "The file", "required": True}


async def test_an_attached_file_is_resolved_and_served(standin: StandInClient) -> None:
    assert standin.core is not None
    world = standin.core.world
    world.commands.global_commands.append({**UPLOAD, "id": "1", "options": [FILE]})
    guild = next(iter(world.guilds.values()))
    channel = next(c for c in guild.channels.values() if c.name == "quiz")
    file_id = await standin.attach(channel.id, "pack.yaml", b"id: x\n")
    data = command_data(world, channel, guild.owner_id, "upload", options={"file": file_id})
    assert data["options"] == [{"name": "file", "type": ATTACHMENT, "value": file_id}]
    attachment = data["resolved"]["attachments"][file_id]
    assert {k: attachment[k] for k in ("id", "filename", "size", "content_type")} == {
        "id": file_id,
        "filename": "pack.yaml",
        "size": 6,
        "content_type": "application/x-yaml",
    }
    assert attachment["url"].startswith(f"{standin.url}/ephemeral-attachments/{channel.id}/")
    async with aiohttp.ClientSession() as session, session.get(attachment["url"]) as response:
        assert response.status == 200
        assert await response.read() == b"id: x\n"
    # A file is attached where the command runs; an id from elsewhere is refused.
    general = next(c for c in guild.channels.values() if c.name == "general")
    with pytest.raises(RefusedError):
        command_data(world, general, guild.owner_id, "upload", options={"file": file_id})


async def test_an_upload_must_be_base64(standin: StandInClient) -> None:
    state = await standin.state()
    channel = state["guilds"][0]["channels"][0]["id"]
    with pytest.raises(StandInRefusedError) as refused:
        await standin._call(  # the raw control call, to send a bad body
            "POST", "/command-files", {"channel_id": channel, "filename": "a", "content": "%%"}
        )
    assert refused.value.status == 400
