"""A question's picture given in its form, end to end through the stand-in: one file upload in
the picture step's modal, kept with the form, checked in the pack checker's worker when saved
and stored as an upload's pictures are; the round posts it; an edit replaces it or removes it,
and a form that only rewords keeps it. What is no picture, or is over the limit (refused by the
size Discord gives, before it is fetched), is a problem at the picture's field, and what was
typed stays (SQLite and PostgreSQL)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from bot.quiz.reader.pictures import MAX_PICTURE_BYTES, check_picture
from bot.storage.packs.pictures import stored_picture
from bot.storage.packs.server_packs import current_source
from tests.databases import BACKENDS
from tests.e2e.conftest import Json, QuizWorld, buttons_of, question_message
from tests.e2e.forms import (
    LABEL,
    fields,
    opened,
    press,
    pressed_open,
    reply_message,
    said,
    submitted,
)
from tests.e2e.test_pictures import CIRCLE, SQUARE, shown_picture
from tests.e2e.test_question_forms import CITY, footer, stored_pack
from tests.pictures import png_declaring

FILE_UPLOAD = 19
ALT = "A plain teal square."
FIX = "Fix and resubmit"


async def new_pack_in_forms(world: QuizWorld) -> Json:
    """`/quiz pack new` in English, its details and its first question typed: the preview."""
    owner = world.owner
    await opened(world, owner, "quiz pack new", id="greece", title="Greece", languages="en")
    await submitted(world, owner, {"summary.en": "Its cities."})
    await pressed_open(world, owner, await reply_message(world, owner), "Continue")
    return await submitted(world, owner, CITY)


async def picture_step(
    world: QuizWorld,
    values: dict[str, str],
    name: str = "",
    data: bytes = b"",
    button: str = "Picture",
) -> Json:
    """The reply's ``button`` (the preview's Picture, or Fix and resubmit), its modal submitted
    with ``values`` and the file."""
    owner = world.owner
    await pressed_open(world, owner, await reply_message(world, owner), button)
    files = {"image": [(name, data, "image/png")]} if name else None
    return await submitted(world, owner, values, files)


async def pictures_of(world: QuizWorld) -> dict[str, str]:
    source = await current_source(world.db, world.guild_id, "greece")
    assert source is not None
    return dict(source.pictures)


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_picture_given_in_a_form_is_stored_and_posted_with_its_question(
    bot_world: QuizWorld,
) -> None:
    world, owner = bot_world, bot_world.owner
    await new_pack_in_forms(world)
    modal = await pressed_open(world, owner, await reply_message(world, owner), "Picture")
    assert modal["title"] == "Picture for the question"
    components = modal["components"]
    assert [(c["type"], c["component"]["type"]) for c in components] == [
        (LABEL, FILE_UPLOAD),
        (LABEL, 4),
    ]
    upload = components[0]
    assert upload["label"] == "Picture"
    assert upload["description"] == "PNG, JPEG, WebP or GIF, up to 2 MiB, shown below the question"
    assert (upload["component"]["required"], upload["component"]["max_values"]) == (False, 1)
    assert fields(modal)["image_alt.en"]["label"] == "Picture description (English)"
    files = {"image": [("My photo.PNG", SQUARE, "image/png")]}
    preview = await submitted(world, owner, {"image_alt.en": ALT}, files)
    stored = check_picture(SQUARE, "square.png")
    assert "Picture: picture-" in footer(preview)
    assert footer(preview).endswith(f".png ({ALT})")

    saved = await press(world, owner, await reply_message(world, owner), "Save")
    assert "Pack **Greece** (`greece`) is stored" in said(saved)
    assert list((await pictures_of(world)).values()) == [stored.digest]  # re-encoded, by digest
    assert await stored_picture(world.db, stored.digest) == stored
    await world.command(owner, "quiz start", pack="greece", seconds=60)
    posted = await question_message(world, 1, 1)
    assert await shown_picture(world, posted) == (stored.data, ALT)


async def test_an_edit_replaces_the_picture_rewords_around_it_and_removes_it(
    bot_world: QuizWorld,
) -> None:
    world, owner = bot_world, bot_world.owner
    await new_pack_in_forms(world)
    await picture_step(world, {"image_alt.en": ALT}, "square.png", SQUARE)
    await press(world, owner, await reply_message(world, owner), "Save")
    question = {"pack": "greece", "question": "which-city-is-the-capital-of-greece"}

    modal = await opened(world, owner, "quiz question edit", **question)
    assert "Athens" in fields(modal)["options.en"]["value"]
    await submitted(world, owner, {"prompt.en": "Which city is Greece's capital?"})
    await press(world, owner, await reply_message(world, owner), "Save")
    (kept,) = (await pictures_of(world)).values()
    assert kept == check_picture(SQUARE, "square.png").digest  # reworded: the picture stays

    await opened(world, owner, "quiz question edit", **question)
    await submitted(world, owner, {})
    modal = await pressed_open(world, owner, await reply_message(world, owner), "Picture")
    now = modal["components"][0]["description"]
    assert now.startswith("Now picture-")
    assert now.endswith("Upload one to replace it; empty the descriptions to remove it.")
    files = {"image": [("circle.png", CIRCLE, "image/png")]}
    await submitted(world, owner, {"image_alt.en": "An orange square."}, files)
    await press(world, owner, await reply_message(world, owner), "Save")
    (replaced,) = (await pictures_of(world)).values()
    assert replaced == check_picture(CIRCLE, "circle.png").digest
    pack = await stored_pack(world, "greece")
    assert pack.questions[0].image.alt.get("en") == "An orange square."  # type: ignore[attr-defined]

    await opened(world, owner, "quiz question edit", **question)
    await submitted(world, owner, {})
    preview = await picture_step(world, {"image_alt.en": ""})
    assert "Picture:" not in footer(preview)
    await press(world, owner, await reply_message(world, owner), "Save")
    assert await pictures_of(world) == {}
    assert (await stored_pack(world, "greece")).questions[0].image is None  # type: ignore[attr-defined]


async def test_no_picture_or_one_over_the_limit_is_a_problem_and_keeps_what_was_typed(
    bot_world: QuizWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    world, owner = bot_world, bot_world.owner
    assert world.bot is not None
    fetched: list[str] = []
    fetch: Callable[[str], Awaitable[bytes]] = world.bot.http.get_from_cdn

    async def counted(url: str) -> bytes:
        fetched.append(url)
        return await fetch(url)

    monkeypatch.setattr(world.bot.http, "get_from_cdn", counted)
    await new_pack_in_forms(world)
    text = said(await picture_step(world, {"image_alt.en": ALT}, "notes.png", b"plain text"))
    assert "**Picture**: is not a PNG, JPEG, WebP or GIF picture (by its bytes)." in text
    assert len(fetched) == 1
    big = b"\x89PNG\r\n\x1a\n" + b"\0" * (MAX_PICTURE_BYTES + 2**17)
    text = said(await picture_step(world, {"image_alt.en": ALT}, "big.png", big, FIX))
    assert "**Picture**: is 2.1 MiB; a picture is at most 2 MiB." in text
    assert len(fetched) == 1  # the big one was never fetched
    text = said(await picture_step(world, {"image_alt.en": ALT}, button=FIX))
    assert "**Picture**: no picture was uploaded for these descriptions" in text
    modal = await pressed_open(world, owner, await reply_message(world, owner), FIX)
    assert fields(modal)["image_alt.en"]["value"] == ALT  # nothing typed is lost
    text = said(await submitted(world, owner, {"image_alt.en": ""}))
    assert "Picture:" not in text
    saved = await press(world, owner, await reply_message(world, owner), "Save")
    assert "is stored for this server" in said(saved)
    assert await pictures_of(world) == {}


async def test_a_picture_the_worker_refuses_is_named_when_saving_and_nothing_is_stored(
    bot_world: QuizWorld,
) -> None:
    world, owner = bot_world, bot_world.owner
    await new_pack_in_forms(world)
    preview = await picture_step(
        world, {"image_alt.en": ALT}, "huge.png", png_declaring(5000, 5000)
    )
    assert "Picture: picture-" in footer(preview)  # its first bytes are a PNG's
    refused = said(await press(world, owner, await reply_message(world, owner), "Save"))
    assert "The pack was not saved: 1 problem" in refused
    assert "questions[0].image: 'picture-" in refused
    assert "is 5000 × 5000 pixels; a picture is at most 4096 × 4096" in refused
    assert await current_source(world.db, world.guild_id, "greece") is None
    assert "Fix and resubmit" not in refused
    assert "Save" in [b.get("label") for b in buttons_of(await reply_message(world, owner))]
