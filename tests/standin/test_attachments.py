"""Files sent with messages: multipart uploads kept with their bytes, served back from the
attachment's url, kept on an edit that leaves them alone, and refused above the size limit."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest

from standin.driver import Sandbox
from tests.standin.conftest import PICTURE

NOTES = b"first line\nsecond line\n"


async def test_a_response_with_a_file_keeps_its_bytes(
    sandbox: Sandbox, bot: Any, place: dict[str, Any]
) -> None:
    interaction_id = await sandbox.command(place["alice"], place["channel"], "picture")
    await sandbox.wait_for_response(interaction_id)
    [message] = await sandbox.messages(place["channel"], as_user=place["bob"])
    [attachment] = message["attachments"]
    assert (attachment["filename"], attachment["size"]) == ("picture.png", len(PICTURE))
    assert attachment["content_type"] == "image/png"
    assert await sandbox.attachment(attachment["url"]) == PICTURE
    assert await sandbox.openapi_failures() == []


async def test_a_posted_file_stays_through_an_edit_until_removed(
    sandbox: Sandbox, bot: Any, place: dict[str, Any]
) -> None:
    channel = bot.get_channel(int(place["channel"]))
    sent = await channel.send("notes", file=discord.File(io.BytesIO(NOTES), filename="notes.txt"))
    # discord.py reads the attachment back from the stand-in's answer.
    assert [(a.filename, a.size) for a in sent.attachments] == [("notes.txt", len(NOTES))]
    assert await sandbox.attachment(sent.attachments[0].url) == NOTES
    edited = await sent.edit(content="notes, edited")
    assert [a.filename for a in edited.attachments] == ["notes.txt"]
    emptied = await edited.edit(attachments=[])
    assert emptied.attachments == []
    assert await sandbox.openapi_failures() == []


async def test_a_file_over_the_size_limit_is_refused(start_sandbox: Any, run_bot: Any) -> None:
    async with start_sandbox(1, 1, attachment_size_limit=len(NOTES) - 1) as sandbox:
        state = await sandbox.state()
        general = next(c for c in state["guilds"][0]["channels"] if c["name"] == "general")
        async with run_bot() as bot:
            channel = bot.get_channel(int(general["id"]))
            with pytest.raises(discord.HTTPException) as refused:
                await channel.send(file=discord.File(io.BytesIO(NOTES), filename="notes.txt"))
    assert (refused.value.status, refused.value.code) == (413, 40005)
