"""`/quiz pack export`'s reply: the YAML and the pictures its questions show, each once under
the pack's own file name, at most nine beside the YAML (a message holds ten files), and the
ones left out named, in English and Greek."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from bot.app.packs.exports import EXPORT_PICTURES, MESSAGE_FILES, exported
from bot.app.shelf.checker import PackChecker
from bot.app.shelf.heavy_work import HeavyWork
from bot.app.shelf.pictures import PictureShelf
from bot.quiz.model import Image, Pack, Text
from bot.quiz.reader.pictures import Picture, check_picture
from bot.storage.database import Database
from tests.pictures import picture
from tests.storage.factories import make_pack

COLOURS = ["red", "orange", "yellow", "green", "teal", "blue", "navy", "purple", "pink", "grey"]


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    """A handle the shelf never reads here: every picture is a shipped one, in memory."""
    database = Database.open(f"sqlite+aiosqlite:///{tmp_path / 'unread.sqlite'}")
    try:
        yield database
    finally:
        await database.close()


@pytest.fixture
async def heavy() -> AsyncIterator[HeavyWork]:
    """The YAML is written in a worker process, as in the bot."""
    checker = PackChecker(workers=1)
    try:
        yield HeavyWork(checker, time.monotonic)
    finally:
        await checker.close()


def pictured(questions: int) -> tuple[Pack, dict[str, Picture]]:
    """A pack whose every question shows its own picture but the last, which shows the first's."""
    pack = make_pack("drawn", questions)
    shipped: dict[str, Picture] = {}
    pictured_questions = []
    for index, question in enumerate(pack.questions):
        number = index if index < questions - 1 else 0
        drawn = check_picture(picture(colour=COLOURS[number]), f"p{number}.png")
        shipped[drawn.digest] = drawn
        alt = Text.of({"en": f"Picture {number}."}, "en")
        image = Image(f"p{number}.png", alt, digest=drawn.digest)
        pictured_questions.append(replace(question, image=image))
    return replace(pack, questions=tuple(pictured_questions)), shipped


async def test_an_export_attaches_each_picture_once_under_its_name(
    db: Database, heavy: HeavyWork
) -> None:
    pack, shipped = pictured(3)  # the third shows the first's picture again
    export = await exported(PictureShelf(db, shipped), heavy, pack)
    files = export.files()
    assert [file.filename for file in files] == ["drawn.yaml", "p0.png", "p1.png"]
    by_name = dict(export.pictures)
    assert {name: check_picture(data, name).digest for name, data in by_name.items()} == {
        q.image.file: q.image.digest for q in pack.questions if q.image is not None
    }
    questions = yaml.safe_load(files[0].fp.read())["questions"]
    assert [q["image"] for q in questions] == ["p0.png", "p1.png", "p0.png"]
    assert export.left_out == ()
    assert export.text("en").startswith(
        "Pack `drawn` as YAML, with the 2 pictures its questions show."
    )
    assert export.text("el").startswith(
        "Το πακέτο `drawn` σε YAML, με τις 2 εικόνες που δείχνουν οι ερωτήσεις του."
    )
    again = export.files()  # a File is read once: each reply gets fresh ones
    assert again[1].fp.read() == by_name["p0.png"]


async def test_past_nine_pictures_the_export_names_those_left_out(
    db: Database, heavy: HeavyWork
) -> None:
    pack, shipped = pictured(len(COLOURS) + 1)  # ten pictures, the last question's repeated
    export = await exported(PictureShelf(db, shipped), heavy, pack)
    assert len(export.files()) == MESSAGE_FILES
    assert [name for name, _ in export.pictures] == [f"p{n}.png" for n in range(EXPORT_PICTURES)]
    assert export.left_out == ("p9.png",)
    assert export.text("en").endswith(
        "\nOne more picture does not fit in this message, which holds 10 files: `p9.png`. "
        "Uploaded here, the pack keeps it."
    )
    assert "\nΜία ακόμη εικόνα δεν χωράει σε αυτό το μήνυμα" in export.text("el")


async def test_a_pack_without_pictures_exports_its_yaml_alone(
    db: Database, heavy: HeavyWork
) -> None:
    export = await exported(PictureShelf(db, {}), heavy, make_pack("plain", 2))
    assert [file.filename for file in export.files()] == ["plain.yaml"]
    assert export.text("en").startswith("Pack `plain` as YAML. Edit it in any editor")
