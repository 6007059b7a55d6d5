"""Question forms in the database (SQLite and PostgreSQL): kept per member and server under a
random token, renewed by each step, expiring, bounded per member; and a form's change to a pack
stored only on the version it was made on."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from datetime import timedelta

import pytest

from bot.app.shelf.checker import CheckedFile, PackChecker
from bot.app.shelf.shelf import PackShelf
from bot.quiz.authoring.pack_edits import new_pack, with_question
from bot.quiz.authoring.question_form import question_of
from bot.quiz.model import Difficulty, Pack, Text
from bot.quiz.packs.library import Library
from bot.quiz.packs.server_packs import as_server_pack, stored_pack_id
from bot.quiz.reader.imports.reading import UploadedFile
from bot.storage.authoring.question_forms import (
    LIFETIME,
    PER_MEMBER,
    QuestionFormRecord,
    close_form,
    form_picture,
    member_form,
    open_form,
    save_fields,
)
from bot.storage.database import Database
from bot.storage.packs.server_packs import PackChangedError, current_source, save_server_pack
from bot.storage.packs.versions import ServerPackSource
from tests.storage.factories import NOW, make_pack
from tests.storage.packs.test_pictures import SQUARE, STORED
from tests.storage.packs.test_pictures import upload as upload_pictured

GUILD, OTHER, MODERATOR, SOMEONE = 1, 2, 5, 6
FIRST = {
    "prompt.en": "The capital?",
    "options.en": "Paris\nLyon",
    "correct": "0",
    "explanation.en": "Paris.",
}
FORM = QuestionFormRecord(GUILD, MODERATOR, "add", "capitals", ("en", "el"), {"prompt.en": "?"})


async def test_a_form_is_its_members_in_its_server_until_it_expires(db: Database) -> None:
    stored = await open_form(db, FORM, NOW)
    assert len(stored.token) == 16
    assert await member_form(db, stored.token, GUILD, MODERATOR, NOW) == stored
    for guild, member in ((GUILD, SOMEONE), (OTHER, MODERATOR)):  # a token alone opens nothing
        assert await member_form(db, stored.token, guild, member, NOW) is None
    later = NOW + LIFETIME - timedelta(seconds=1)
    assert await save_fields(db, stored, {"prompt.en": "Which city?"}, later) is True
    renewed = await member_form(db, stored.token, GUILD, MODERATOR, later + LIFETIME / 2)
    assert renewed is not None
    assert renewed.fields == {"prompt.en": "Which city?"}
    gone = later + LIFETIME
    assert await member_form(db, stored.token, GUILD, MODERATOR, gone) is None
    assert await save_fields(db, stored, {}, gone) is False
    assert await close_form(db, stored) is True
    assert await close_form(db, stored) is False


async def test_a_member_holds_a_few_forms_and_a_new_one_drops_the_oldest(db: Database) -> None:
    opened = [
        await open_form(db, replace(FORM, pack_id=f"p{n}"), NOW + timedelta(seconds=n))
        for n in range(PER_MEMBER + 1)
    ]
    at = NOW + timedelta(minutes=1)
    kept = [await member_form(db, f.token, GUILD, MODERATOR, at) for f in opened]
    assert [f.pack_id if f else None for f in kept] == [None, "p1", "p2", "p3"]
    other = await open_form(db, replace(FORM, member_id=SOMEONE), at)  # another member's own
    assert await member_form(db, other.token, GUILD, SOMEONE, at) is not None
    assert await member_form(db, opened[1].token, GUILD, MODERATOR, at) is not None


async def test_a_forms_change_is_stored_only_on_the_version_it_was_made_on(db: Database) -> None:
    def upload(text: str) -> ServerPackSource:
        return ServerPackSource(GUILD, "capitals", "capitals.yaml", text, MODERATOR, NOW)

    pack = as_server_pack(make_pack("capitals", 2), GUILD)
    assert await save_server_pack(db, upload("first"), pack, new=True) is False
    with pytest.raises(PackChangedError):  # the id was taken meanwhile
        await save_server_pack(db, upload("again"), pack, new=True)
    first = await current_source(db, GUILD, "capitals")
    assert first is not None
    assert first.version_id is not None
    assert await save_server_pack(db, upload("second"), pack, based_on=first.version_id)
    with pytest.raises(PackChangedError):  # made on the first version, which is not current
        await save_server_pack(db, upload("stale"), pack, based_on=first.version_id)
    current = await current_source(db, GUILD, "capitals")
    assert current is not None
    assert current.source == "second"
    assert await current_source(db, OTHER, "capitals") is None
    with pytest.raises(PackChangedError):  # an edit of a pack removed meanwhile
        await save_server_pack(db, replace(upload("x"), pack_id="gone"), pack, based_on=1)


def adding(question_id: str) -> Callable[[Pack | None], Pack]:
    return lambda pack: with_question(pack, question_of(FIRST, ("en",), question_id))  # type: ignore[arg-type]


class Interleaved:
    """The pack checker, with another moderator's save landing during the first check (of
    this change, between its read of the pack and its write)."""

    def __init__(self, checker: PackChecker, landing: Callable[[], Awaitable[object]]) -> None:
        self.checker, self.landing, self.checks = checker, landing, 0

    async def check(
        self,
        file: UploadedFile,
        attached: Mapping[str, bytes] | None = None,
        kept: Mapping[str, Mapping[str, str]] | None = None,
    ) -> CheckedFile:
        self.checks += 1
        if self.checks == 1:
            await self.landing()
        return await self.checker.check(file, attached, kept)


async def test_two_moderators_adding_to_one_pack_at_once_both_land(
    db: Database, checker: PackChecker
) -> None:
    shelf = PackShelf(db, Library.of([]), checker=checker)
    details = (Text.of({"en": "Cities"}, "en"), Text.of({"en": "Capitals."}, "en"))
    first = question_of(FIRST, ("en",), "france")
    begun = await shelf.change(
        GUILD,
        "cities",
        lambda _: new_pack("cities", ("en",), details, Difficulty.EASY, first),
        by=MODERATOR,
        now=NOW,
    )
    assert begun.stored

    other = PackShelf(db, Library.of([]), checker=checker)
    landing = lambda: other.change(GUILD, "cities", adding("spain"), by=SOMEONE, now=NOW)  # noqa: E731
    interleaved = Interleaved(checker, landing)
    racing = PackShelf(db, Library.of([]), checker=interleaved)  # type: ignore[arg-type]
    saved = await racing.change(GUILD, "cities", adding("italy"), by=MODERATOR, now=NOW)
    assert interleaved.checks == 2  # refused once, applied again on the new version
    assert saved.stored
    assert saved.pack is not None
    assert [q.id for q in saved.pack.questions] == ["france", "spain", "italy"]
    current = await current_source(db, GUILD, "cities")
    assert current is not None
    assert "id: spain" in current.source
    assert "id: italy" in current.source


async def test_a_form_adds_to_an_imported_pack_stored_under_its_files_name(
    db: Database, checker: PackChecker
) -> None:
    shelf = PackShelf(db, Library.of([]), checker=checker)
    gift = "What is the capital of Italy? {=Rome ~Milan}\n"
    checked = await shelf.check(GUILD, UploadedFile(gift.encode(), "cities.gift"))
    assert checked.imported is not None
    upload = ServerPackSource(GUILD, "cities", "cities.gift", checked.imported.source, 7, NOW)
    assert (await shelf.store(upload)).stored
    saved = await shelf.change(GUILD, "cities", adding("france"), by=MODERATOR, now=NOW)
    assert saved.problems == ()
    assert saved.pack is not None
    assert [q.id for q in saved.pack.questions] == ["q1", "france"]
    current = await current_source(db, GUILD, "cities")
    assert current is not None
    assert (current.file_name, current.uploaded_by) == ("cities.gift", MODERATOR)
    assert "id: france" in current.source


async def test_a_forms_change_keeps_the_pictures_of_the_version_it_was_made_on(
    db: Database, checker: PackChecker
) -> None:
    shelf = PackShelf(db, Library.of([]), checker=checker)
    await upload_pictured(db, shelf, square_png=SQUARE)
    both = {"prompt.en": "Two?", "prompt.el": "Δύο;", "options.el": "Ναι\nΌχι"}
    both |= {"explanation.el": "Ναι.", "options.en": "Yes\nNo"}
    added = question_of(FIRST | both, ("en", "el"), "added")
    saved = await shelf.change(
        GUILD,
        "pictured",
        lambda pack: with_question(pack, added),
        by=MODERATOR,
        now=NOW,  # type: ignore[arg-type]
    )
    assert saved.stored, saved.problems
    current = await current_source(db, GUILD, "pictured")
    assert current is not None
    assert current.pictures == {"square.png": STORED.digest}
    assert "id: added" in current.source
    view = await shelf.view(GUILD)
    pack = view.offered.get(stored_pack_id("pictured", GUILD))
    assert pack is not None
    colour = pack.question("colour")
    assert colour is not None
    assert colour.image is not None
    assert colour.image.digest == STORED.digest


async def test_a_forms_picture_is_kept_with_it_read_only_to_save_and_dropped(
    db: Database,
) -> None:
    stored = await open_form(db, FORM, NOW)
    assert await form_picture(db, stored) is None
    fields = {"image": "picture-1.png"}
    assert await save_fields(db, stored, fields, NOW, picture=SQUARE)
    assert await form_picture(db, stored) == SQUARE
    assert await save_fields(db, stored, {"prompt.en": "?"} | fields, NOW)  # the picture stays
    assert await form_picture(db, stored) == SQUARE
    found = await member_form(db, stored.token, GUILD, MODERATOR, NOW)
    assert found is not None
    assert found.fields == {"prompt.en": "?", "image": "picture-1.png"}
    other = replace(stored, member_id=SOMEONE)  # a token alone reads no picture
    assert await form_picture(db, other) is None
    assert await save_fields(db, stored, {}, NOW, drop_picture=True)
    assert await form_picture(db, stored) is None
