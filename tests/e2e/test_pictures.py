"""Pictures in questions, through Discord: a server pack uploaded with its picture, previewed
with it and confirmed (after a restart too); its question posted with the picture as a file of
its message, shown in a media gallery; the reveal (an edit) keeps it; a review card shows it and
the next card drops it; after a restart the new process reveals and posts pictured questions
from the database alone. A bad picture is refused at the line that names it, and nothing is
stored. An export carries the pictures, so the pack moves to another server whole."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.app.kit.catalogue import tr
from bot.app.kit.custom_ids import REVIEW_NEXT, UPLOAD_CONFIRM
from bot.quiz.reader.pictures import MAX_PICTURE_BYTES, check_picture
from bot.storage.packs.pictures import stored_picture
from bot.storage.packs.server_packs import guild_pack_records
from bot.storage.rounds import lifecycle
from tests.databases import BACKENDS
from tests.e2e.conftest import (
    Json,
    QuizWorld,
    answer,
    buttons_of,
    option_id,
    question_message,
    titled,
)
from tests.e2e.test_server_packs import (
    Place,
    home,
    press,
    preview_button,
    run,
    said_in,
    second_server,
)
from tests.messages import components_in
from tests.pictures import (
    IMAGE_COLUMN,
    IMAGE_LINE,
    PICTURED_PACK,
    decompression_bomb,
    picture,
    png_declaring,
)

SQUARE, CIRCLE = picture(), picture(colour="orange")
GALLERY = 12
ALT = {"en": "A plain teal square.", "el": "Ένα απλό γαλαζοπράσινο τετράγωνο."}
CIRCLE_LINES = """\
  - id: plain
    image: circle.png
    image_alt: {en: An orange square., el: Ένα πορτοκαλί τετράγωνο.}
"""
BOTH_PICTURED = PICTURED_PACK.replace("id: pictured", "id: both").replace(
    "  - id: plain\n", CIRCLE_LINES
)


async def preview(
    world: QuizWorld, text: str | bytes, place: Place | None = None, **pictures: bytes
) -> Json:
    """`/quiz pack upload` of a pack with pictures (``square_png=...``) as the server's owner:
    the report of its preview, or of its problems."""
    where = place or home(world)
    data = text.encode() if isinstance(text, str) else text
    options: dict[str, Any] = {
        "file": await world.standin.attach(where.channel_id, "pack.yaml", data)
    }
    for number, (name, picture_data) in enumerate(pictures.items(), start=1):
        filename = name.replace("_", ".")
        options[f"picture{number}"] = await world.standin.attach(
            where.channel_id, filename, picture_data, content_type="image/png"
        )
    return await run(world, where, "quiz pack upload", **options)


async def upload(
    world: QuizWorld, text: str | bytes, place: Place | None = None, **pictures: bytes
) -> str:
    """Uploads a pack with pictures and confirms its preview; what the bot said last."""
    report = await preview(world, text, place, **pictures)
    if preview_button(report, UPLOAD_CONFIRM) is not None:
        report = await press(world, place or home(world), report)
    return await said_in(world, report)


def preview_embed(report: Json) -> Json:
    (embed,) = report["responses"][-1]["body"]["embeds"]
    return dict(embed)


def attachments_of(report: Json) -> list[Json]:
    body = report["responses"][-1]["body"]
    return list(body.get("data", body)["attachments"])


def gallery_media(message: Json) -> list[Json]:
    return [
        {**item["media"], "description": item.get("description")}
        for component in components_in(message)
        if component.get("type") == GALLERY
        for item in component["items"]
    ]


async def shown_picture(world: QuizWorld, message: Json) -> tuple[bytes, str | None]:
    """The one picture a layout shows, as a member's client fetches it, and its alt text."""
    (media,) = gallery_media(message)
    (attachment,) = [a for a in message["attachments"] if a["id"] == media["attachment_id"]]
    assert media["url"] == attachment["url"]
    return await world.standin.attachment(media["url"]), media["description"]


def card_picture(message: Json) -> Json | None:
    """The attachment a review card's embed shows, if any."""
    image = (message["embeds"][0].get("image") or {}).get("url")
    if image is None:
        return None
    assert image.startswith("attachment://")
    name = image.removeprefix("attachment://")
    (attachment,) = [a for a in message["attachments"] if a["filename"] == name]
    found: Json = attachment
    return found


async def private_card(world: QuizWorld, member: int, message_id: str) -> Json:
    (card,) = [m for m in await world.messages(as_user=member) if m["id"] == message_id]
    return card


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_pictured_question_is_posted_revealed_and_reviewed_with_its_picture(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    stored = check_picture(SQUARE, "square.png")
    said = await upload(world, PICTURED_PACK, square_png=SQUARE)
    assert "Pack **Pictured** (`pictured`) is stored" in said
    await world.command(world.owner, "quiz start", pack="pictured", seconds=60)
    (view,) = await lifecycle.running_rounds(world.db)
    index = view.question_order.index("colour")
    for number in range(1, index + 1):  # the plain question first, if shuffled so
        await question_message(world, number, 2)
        await world.command(world.owner, "quiz skip")
        await world.wait_for_message(titled(f"Question {number} of 2 · Closed"))

    posted = await question_message(world, index + 1, 2)
    assert await shown_picture(world, posted) == (stored.data, ALT["en"])  # re-encoded
    member = next(m for m in world.members if world.locales[m] == "en-US")
    await answer(world, member, posted, 0)
    await world.command(world.owner, "quiz skip")
    revealed = await world.wait_for_message(titled(f"Question {index + 1} of 2 · Closed"))
    assert revealed["id"] == posted["id"]
    assert revealed["attachments"] == posted["attachments"]  # the edit kept the file
    assert await shown_picture(world, revealed) == (stored.data, ALT["en"])

    reviewer = next(m for m in world.members if world.locales[m] == "el" and m != member)
    report = await world.command(reviewer, "review", pack="pictured")
    card = await private_card(world, reviewer, report["responses"][0]["message_id"])
    attachment = card_picture(card)  # the first question the reviewer has not met
    assert attachment is not None
    assert attachment["description"] == ALT["el"]  # the reviewer's language
    assert await world.standin.attachment(attachment["url"]) == stored.data
    await world.click(reviewer, card["id"], option_id(card, 0))
    result = await private_card(world, reviewer, card["id"])
    assert card_picture(result) is not None  # the result shows the question again, pictured
    (next_card,) = [b for b in buttons_of(result) if b["custom_id"].startswith(f"{REVIEW_NEXT}:")]
    await world.click(reviewer, result["id"], next_card["custom_id"])
    plain = await private_card(world, reviewer, card["id"])
    assert card_picture(plain) is None
    assert plain["attachments"] == []  # the edit listed no file: the picture went


async def test_after_a_restart_a_new_process_reveals_and_posts_pictured_questions(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    said = await upload(world, BOTH_PICTURED, square_png=SQUARE, circle_png=CIRCLE)
    assert "is stored" in said
    assert BOTH_PICTURED.count("image: ") == 2
    pictures = {check_picture(data, "x.png").data for data in (SQUARE, CIRCLE)}
    await world.command(world.owner, "quiz start", pack="both", seconds=60)
    first = await question_message(world, 1, 2)
    first_picture, _ = await shown_picture(world, first)
    await world.stop_bot()
    await world.start_bot()  # nothing in memory: the pictures come from the database
    await world.advance_clock(61)  # the open question's time runs out under the new process
    revealed = await world.wait_for_message(titled("Question 1 of 2 · Closed"))
    assert revealed["id"] == first["id"]
    assert revealed["attachments"] == first["attachments"]
    assert (await shown_picture(world, revealed))[0] == first_picture
    second = await question_message(world, 2, 2)
    second_picture, _ = await shown_picture(world, second)
    assert {first_picture, second_picture} == pictures


# Each bad picture is drawn when its test runs, not at collection, by every worker (the bomb is
# 8,000 rows to compress), and named by its kind, not by its bytes.
@pytest.mark.parametrize(
    ("draw", "problem"),
    [
        pytest.param(
            lambda: b"\x89PNG\r\n\x1a\n, and then nothing",
            "could not be read as a PNG picture",
            id="cut-short",
        ),
        pytest.param(
            lambda: picture("GIF"), "is a GIF picture by its bytes; name it .gif", id="a-gif"
        ),
        pytest.param(
            lambda: png_declaring(5000, 5000),
            "is 5000 × 5000 pixels; a picture is at most 4096 × 4096",
            id="too-many-pixels",
        ),
        pytest.param(
            decompression_bomb,
            "is 8000 × 8000 pixels; a picture is at most 4096 × 4096",
            id="decompression-bomb",
        ),
    ],
)
async def test_a_bad_picture_is_refused_where_the_pack_names_it_and_nothing_is_stored(
    bot_world: QuizWorld, draw: Callable[[], bytes], problem: str
) -> None:
    world = bot_world
    said = await upload(world, PICTURED_PACK, square_png=draw())
    where = f"pack.yaml:{IMAGE_LINE}:{IMAGE_COLUMN}: questions[0].image: 'square.png'"
    assert f"{where} {problem}" in said
    assert "The pack was not stored: 1 problem" in said
    assert (await guild_pack_records(world.db, world.guild_id)).sources == ()


async def test_a_picture_over_the_limit_is_refused_before_it_is_fetched(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    said = await upload(world, PICTURED_PACK, square_png=b"\0" * (MAX_PICTURE_BYTES + 1))
    assert said == tr("en-US", "serverpacks.picture_too_big", file="square.png", limit=2)
    assert (await guild_pack_records(world.db, world.guild_id)).sources == ()
    pack = await world.said(await world.command(world.owner, "quiz packs"))
    assert "Pictured" not in pack


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_pictured_upload_is_previewed_with_its_picture_and_confirmed_after_a_restart(
    world: QuizWorld,
) -> None:
    place = home(world)
    stored = check_picture(SQUARE, "square.png")
    await world.start_bot()
    report = await preview(world, PICTURED_PACK, square_png=SQUARE)
    embed = preview_embed(report)
    assert (
        "With a picture: 1 question. Picture files: 1 attached to this upload, 0 kept from the "
        "pack's current version."
    ) in embed["description"]
    colour, plain = embed["fields"]
    assert colour["value"].endswith("\n🖼️ `square.png`: A plain teal square.")
    assert "🖼️" not in plain["value"]
    assert (await guild_pack_records(world.db, world.guild_id)).sources == ()  # not yet
    await world.stop_bot()
    await world.start_bot()  # the held upload and its picture are in the database
    confirmed = await said_in(world, await press(world, place, report))
    assert "Pack **Pictured** (`pictured`) is stored" in confirmed
    (source,) = (await guild_pack_records(world.db, world.guild_id)).sources
    assert source.pictures == {"square.png": stored.digest}
    assert await stored_picture(world.db, stored.digest) == stored
    # The same pack again without its picture: the preview says it keeps the stored one.
    again = preview_embed(await preview(world, PICTURED_PACK))
    assert (
        "0 attached to this upload, 1 kept from the pack's current version"
        in (again["description"])
    )


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_an_export_carries_its_pictures_so_another_server_gets_the_pack_whole(
    world: QuizWorld,
) -> None:
    here, there = home(world), await second_server(world)
    await world.start_bot()
    stored = check_picture(SQUARE, "square.png")
    await upload(world, PICTURED_PACK, square_png=SQUARE)
    exported = await run(world, here, "quiz pack export", pack="pictured")
    said = await said_in(world, exported)
    assert said.startswith("Pack `pictured` as YAML, with the picture its questions show.")
    assert "attaching the pictures as picture1 to picture5" in said
    files = {a["filename"]: a["url"] for a in attachments_of(exported)}
    assert set(files) == {"pictured.yaml", "square.png"}
    written = await world.standin.attachment(files["pictured.yaml"])
    assert b"image: square.png" in written
    sent = await world.standin.attachment(files["square.png"])
    assert sent == stored.data  # the picture as the bot stores it, no metadata
    # Another server has no picture to keep: the YAML alone is refused where it names the file.
    alone = await said_in(world, await preview(world, written, there))
    line = written.decode().splitlines().index("    image: square.png") + 1
    assert (
        f"pack.yaml:{line}:12: questions[0].image: 'square.png' is not among the pictures "
        "attached (none) nor kept from the pack's current version"
    ) in alone
    # Moved to another server with its picture attached as it came.
    moved = await upload(world, written, there, square_png=sent)
    assert "is stored for this server" in moved
    (source,) = (await guild_pack_records(world.db, there.guild_id)).sources
    assert source.pictures == {"square.png": stored.digest}  # re-encoding it changed nothing
    # Uploaded again here without it: the pack keeps the picture it shows.
    assert "is replaced by the new file" in await upload(world, written)
    (source,) = (await guild_pack_records(world.db, here.guild_id)).sources
    assert source.pictures == {"square.png": stored.digest}


async def test_a_built_in_packs_export_carries_its_pictures(bot_world: QuizWorld) -> None:
    world = bot_world
    exported = await run(world, home(world), "quiz pack export", pack="ring-attention")
    names = [a["filename"] for a in attachments_of(exported)]
    assert names == ["ring-attention.yaml", "ring-of-devices.png"]
    assert world.bot is not None
    shipped = world.bot.ctx.shelf.builtins.get("ring-attention")
    assert shipped is not None
    (image,) = [q.image for q in shipped.questions if q.image is not None]
    picture_url = attachments_of(exported)[1]["url"]
    sent = await world.standin.attachment(picture_url)
    assert sent == world.bot.ctx.shelf.builtins.pictures[image.digest].data
