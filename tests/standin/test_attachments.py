"""Files sent with messages: multipart uploads kept with their bytes, served back from the
attachment's url, kept on an edit that leaves them alone or lists them, shown in layouts by
``attachment://``, refused above the size limit and in any shape Discord refuses."""

from __future__ import annotations

import io
import json
from typing import Any

import aiohttp
import discord
import pytest

from standin.driver import StandInClient
from tests.pictures import picture
from tests.standin.conftest import PICTURE

NOTES = b"first line\nsecond line\n"
SQUARE = picture()


async def test_a_response_with_a_file_keeps_its_bytes(
    standin: StandInClient, bot: Any, place: dict[str, Any]
) -> None:
    interaction_id = await standin.command(place["alice"], place["channel"], "picture")
    await standin.wait_for_response(interaction_id)
    [message] = await standin.messages(place["channel"], as_user=place["bob"])
    [attachment] = message["attachments"]
    assert (attachment["filename"], attachment["size"]) == ("picture.png", len(PICTURE))
    assert attachment["content_type"] == "image/png"
    assert await standin.attachment(attachment["url"]) == PICTURE
    assert await standin.openapi_failures() == []


async def test_a_posted_file_stays_through_an_edit_until_removed(
    standin: StandInClient, bot: Any, place: dict[str, Any]
) -> None:
    channel = bot.get_channel(int(place["channel"]))
    sent = await channel.send("notes", file=discord.File(io.BytesIO(NOTES), filename="notes.txt"))
    # discord.py reads the attachment back from the stand-in's answer.
    assert [(a.filename, a.size) for a in sent.attachments] == [("notes.txt", len(NOTES))]
    assert await standin.attachment(sent.attachments[0].url) == NOTES
    edited = await sent.edit(content="notes, edited")
    assert [a.filename for a in edited.attachments] == ["notes.txt"]
    emptied = await edited.edit(attachments=[])
    assert emptied.attachments == []
    assert await standin.openapi_failures() == []


async def test_a_file_over_the_size_limit_is_refused(start_standin: Any, run_bot: Any) -> None:
    async with start_standin(1, 1, attachment_size_limit=len(NOTES) - 1) as standin:
        state = await standin.state()
        general = next(c for c in state["guilds"][0]["channels"] if c["name"] == "general")
        async with run_bot() as bot:
            channel = bot.get_channel(int(general["id"]))
            with pytest.raises(discord.HTTPException) as refused:
                await channel.send(file=discord.File(io.BytesIO(NOTES), filename="notes.txt"))
    assert (refused.value.status, refused.value.code) == (413, 40005)


def gallery(name: str) -> discord.ui.LayoutView:
    """A layout showing the attachment ``name`` in a media gallery."""
    layout = discord.ui.LayoutView()
    item = discord.MediaGalleryItem(f"attachment://{name}", description="A teal square")
    layout.add_item(
        discord.ui.Container(discord.ui.TextDisplay("Look"), discord.ui.MediaGallery(item))
    )
    return layout


def plain_layout() -> discord.ui.LayoutView:
    layout = discord.ui.LayoutView()
    layout.add_item(discord.ui.Container(discord.ui.TextDisplay("No picture")))
    return layout


def media_of(message: dict[str, Any]) -> dict[str, Any]:
    (gallery_item,) = message["components"][0]["components"][1]["items"]
    media: dict[str, Any] = gallery_item["media"]
    return media


async def test_a_layout_shows_its_attachment_unfurled_and_an_edit_keeps_it(
    standin: StandInClient, bot: Any, place: dict[str, Any]
) -> None:
    channel = bot.get_channel(int(place["channel"]))
    square = discord.File(io.BytesIO(SQUARE), filename="square.png", description="A teal square")
    sent = await channel.send(view=gallery("square.png"), file=square)
    [seen] = await standin.messages(place["channel"], as_user=place["bob"])
    media = media_of(seen)
    [attachment] = seen["attachments"]
    assert media["url"] == attachment["url"] != "attachment://square.png"
    assert (media["attachment_id"], media["content_type"]) == (attachment["id"], "image/png")
    assert attachment["description"] == "A teal square"
    assert await standin.attachment(media["url"]) == SQUARE
    await sent.edit(view=gallery("square.png"))  # no attachments given: the file stays
    [edited] = await standin.messages(place["channel"], as_user=place["bob"])
    assert media_of(edited)["url"] == attachment["url"]
    assert await standin.openapi_failures() == []


async def test_a_layout_naming_no_attachment_of_its_message_is_refused(
    standin: StandInClient, bot: Any, place: dict[str, Any]
) -> None:
    channel = bot.get_channel(int(place["channel"]))
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send(view=gallery("square.png"))
    assert (refused.value.status, refused.value.code) == (400, 50035)
    assert "attachment://square.png names no attachment" in str(refused.value)
    other = discord.File(io.BytesIO(SQUARE), filename="other.png")
    sent = await channel.send(view=gallery("other.png"), file=other)
    with pytest.raises(discord.HTTPException):  # removing the file the layout still shows
        await sent.edit(attachments=[])
    emptied = await sent.edit(view=plain_layout(), attachments=[])
    assert emptied.attachments == []


async def test_an_edit_keeps_the_files_it_lists_by_id_and_adds_new_ones(
    standin: StandInClient, bot: Any, place: dict[str, Any]
) -> None:
    channel = bot.get_channel(int(place["channel"]))
    sent = await channel.send("notes", file=discord.File(io.BytesIO(NOTES), filename="a.txt"))
    added = discord.File(io.BytesIO(SQUARE), filename="square.png")
    both = await sent.edit(attachments=[*sent.attachments, added])
    assert [a.filename for a in both.attachments] == ["a.txt", "square.png"]
    assert both.attachments[0].id == sent.attachments[0].id
    only_new = await both.edit(attachments=[both.attachments[1]])
    assert [a.filename for a in only_new.attachments] == ["square.png"]
    assert await standin.openapi_failures() == []


async def post_form(standin: StandInClient, channel: str, form: aiohttp.FormData) -> dict[str, Any]:
    """A multipart message as a hand-written client sends it; Discord's answer."""
    url = f"{standin.url}/api/v10/channels/{channel}/messages"
    headers = {"Authorization": "Bot standin-token"}
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, data=form, headers=headers) as answer,
    ):
        body: dict[str, Any] = await answer.json()
        return {"status": answer.status, **body}


def form_with(*files: tuple[str, str | None], payload: object = None) -> aiohttp.FormData:
    form = aiohttp.FormData()
    form.add_field("payload_json", json.dumps(payload or {"content": "files"}))
    for name, filename in files:
        form.add_field(name, io.BytesIO(NOTES), filename=filename, content_type="text/plain")
    return form


@pytest.mark.parametrize(
    ("files", "what"),
    [
        ([("file", "a.txt")], "A file must be named files[n]."),
        ([("files[0]", "a.txt"), ("files[0]", "b.txt")], "files[0] is given twice"),
        ([(f"files[{n}]", f"{n}.txt") for n in range(11)], "Must be 10 or fewer in length."),
    ],
)
async def test_a_multipart_body_is_refused_as_discord_refuses_it(
    standin: StandInClient, place: dict[str, Any], files: list[tuple[str, str]], what: str
) -> None:
    answer = await post_form(standin, place["channel"], form_with(*files))
    assert (answer["status"], answer["code"]) == (400, 50035)
    assert what in json.dumps(answer["errors"])


async def test_a_multipart_body_is_checked_against_the_spec_and_its_files_named(
    standin: StandInClient, place: dict[str, Any]
) -> None:
    bad = form_with(("files[0]", "a.txt"), payload={"content": "x", "flags": "often"})
    assert (await post_form(standin, place["channel"], bad))["status"] == 400
    (failure,) = await standin.openapi_failures()
    assert failure["body"]["files[0]"] == f"<{len(NOTES)} bytes>"
    unknown = form_with(("files[0]", "a.txt"), payload={"content": "x", "attachments": [{"id": 3}]})
    answer = await post_form(standin, place["channel"], unknown)
    assert (answer["status"], answer["errors"]["attachments"]["3"]["_errors"][0]["code"]) == (
        400,
        "ATTACHMENT_NOT_FOUND",
    )


async def test_the_size_limit_is_per_file(start_standin: Any, run_bot: Any) -> None:
    async with start_standin(1, 1, attachment_size_limit=len(NOTES)) as standin:
        state = await standin.state()
        general = next(c for c in state["guilds"][0]["channels"] if c["name"] == "general")
        async with run_bot() as bot:
            channel = bot.get_channel(int(general["id"]))
            files = [discord.File(io.BytesIO(NOTES), filename=f"{n}.txt") for n in range(3)]
            sent = await channel.send(files=files)  # three times the limit in all
    assert len(sent.attachments) == 3
