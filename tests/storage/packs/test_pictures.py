"""Server packs' pictures in the database (SQLite and PostgreSQL): checked in the upload's
worker, held with its preview until Confirm, stored once by their digest, named by each
version, kept by a later upload that does not attach them again, and collected with the last
version (or unconfirmed preview) naming them."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select

from bot.app.shelf.checker import PackChecker
from bot.app.shelf.outcomes import Checked, Uploaded
from bot.app.shelf.shelf import PackShelf
from bot.quiz.model import Pack
from bot.quiz.packs.library import Library
from bot.quiz.reader.imports.reading import UploadedFile
from bot.quiz.reader.pictures import check_picture
from bot.quiz.rounds.rules import RoundState
from bot.storage.database import Database
from bot.storage.models import PackVersionPictureRow, PictureRow
from bot.storage.packs.pending_uploads import (
    PREVIEW_S,
    drop_upload,
    held_upload,
    hold_upload,
    pending_upload,
)
from bot.storage.packs.pictures import stored_picture
from bot.storage.packs.server_packs import ServerPackSource, guild_pack_records
from bot.storage.rounds import outbox
from bot.storage.rounds.lifecycle import end_round
from tests.pictures import PICTURED_PACK, picture
from tests.storage.factories import NOW, make_pack, start_test_round

GUILD, OTHER = 1, 2
SQUARE = picture()
STORED = check_picture(SQUARE, "square.png")


def shelf_of(db: Database, checker: PackChecker) -> PackShelf:
    return PackShelf(db, Library.of([make_pack("basics")]), checker=checker)


async def preview(
    db: Database,
    shelf: PackShelf,
    text: str = PICTURED_PACK,
    guild_id: int = GUILD,
    *,
    member_id: int = 7,
    **pictures: bytes,
) -> tuple[Checked, str]:
    """An upload as bot/app/packs/uploads.py previews it: checked, then held with its pictures
    (square_png: the file square.png); the token its Confirm names."""
    attached = {name.replace("_", "."): data for name, data in pictures.items()}
    checked = await shelf.check(guild_id, UploadedFile(text.encode(), "pictured.yaml"), attached)
    assert checked.imported is not None, checked.problems
    pack = checked.imported.pack
    named = {q.image.file: q.image.digest for q in pack.questions if q.image is not None}
    held = pending_upload(
        guild_id,
        member_id,
        pack_id=pack.id,
        file_name="pictured.yaml",
        source=checked.imported.source,
        now=NOW,
        pictures=named,
    )
    return checked, await hold_upload(db, held, checked.pictures.values())


async def confirm(db: Database, shelf: PackShelf, token: str) -> Uploaded:
    """The preview's Confirm, as bot/app/packs/uploads.py stores it: from what was held."""
    held = await held_upload(db, token, NOW)
    assert held is not None
    source = ServerPackSource(
        held.guild_id, held.pack_id, held.file_name, held.source, 7, NOW, pictures=held.pictures
    )
    return await shelf.store(source, taking=token)


async def upload(
    db: Database,
    shelf: PackShelf,
    text: str = PICTURED_PACK,
    guild_id: int = GUILD,
    **pictures: bytes,
) -> Pack:
    _, token = await preview(db, shelf, text, guild_id, **pictures)
    outcome = await confirm(db, shelf, token)
    assert outcome.stored, outcome.problems
    assert outcome.pack is not None
    return outcome.pack


async def counts(db: Database) -> tuple[int, int]:
    """How many pictures are stored, and how many version-file rows name one."""
    async with db.read() as connection:
        stored = await connection.scalar(select(func.count()).select_from(PictureRow))
        named = await connection.scalar(select(func.count()).select_from(PackVersionPictureRow))
    return int(stored or 0), int(named or 0)


def digest_of(pack: Pack) -> str:
    image = pack.questions[0].image
    assert image is not None
    return image.digest


async def test_an_uploaded_picture_is_stored_once_and_shown_by_its_digest(
    db: Database, checker: PackChecker
) -> None:
    shelf = shelf_of(db, checker)
    pack = await upload(db, shelf, square_png=SQUARE)
    assert digest_of(pack) == STORED.digest
    assert await stored_picture(db, STORED.digest) == STORED
    (source,) = (await guild_pack_records(db, GUILD)).sources
    assert source.pictures == {"square.png": STORED.digest}
    await upload(db, shelf, guild_id=OTHER, square_png=SQUARE)  # another server, the same picture
    assert await counts(db) == (1, 2)


async def test_a_later_upload_keeps_the_pictures_it_does_not_attach_again(
    db: Database, checker: PackChecker
) -> None:
    shelf = shelf_of(db, checker)
    await upload(db, shelf, square_png=SQUARE)
    reworded = PICTURED_PACK.replace("Which colour is the picture?", "What colour is shown?")
    again = await upload(db, shelf, reworded)
    assert digest_of(again) == STORED.digest
    assert again.questions[0].prompt.get("en") == "What colour is shown?"
    changed = await upload(db, shelf, reworded, square_png=picture(colour="orange"))
    assert digest_of(changed) != STORED.digest
    assert await counts(db) == (1, 1)  # the teal square went with the versions naming it


async def test_another_process_reads_the_stored_pack_with_its_digests(
    db: Database, checker: PackChecker
) -> None:
    await upload(db, shelf_of(db, checker), square_png=SQUARE)
    elsewhere = shelf_of(db, checker)  # a fresh process: parses the stored source again
    pack = (await elsewhere.view(GUILD)).known.get("pictured@1")
    assert pack is not None
    assert digest_of(pack) == STORED.digest


async def test_a_bad_picture_stores_nothing(db: Database, checker: PackChecker) -> None:
    file = UploadedFile(PICTURED_PACK.encode(), "pictured.yaml")
    checked = await shelf_of(db, checker).check(GUILD, file, {"square.png": SQUARE[:50]})
    assert checked.imported is None
    (problem,) = checked.problems
    assert str(problem).startswith(
        "pictured.yaml:9:12: questions[0].image: 'square.png' could not be read as a PNG picture"
    )
    assert await counts(db) == (0, 0)
    assert (await guild_pack_records(db, GUILD)).sources == ()


async def test_a_rounds_version_keeps_its_picture_after_the_pack_is_removed(
    db: Database, checker: PackChecker
) -> None:
    shelf = shelf_of(db, checker)
    await upload(db, shelf, square_png=SQUARE)
    view = await start_test_round(db, guild_id=GUILD, pack_id="pictured@1")
    await shelf.remove(GUILD, "pictured")
    assert await stored_picture(db, STORED.digest) == STORED  # the round still shows it
    played = await shelf.played_pack(GUILD, "pictured@1", view.pack_version_id)
    assert played is not None
    assert digest_of(played) == STORED.digest
    await end_round(db, view.id, RoundState.STOPPED, NOW)
    for delivery in await outbox.pending(db, view.id):
        await outbox.delivered(db, delivery, 900 + delivery.id, NOW)
    await upload(db, shelf, PICTURED_PACK.replace("id: pictured", "id: other"), square_png=SQUARE)
    await shelf.remove(GUILD, "other")  # the next collection finds nothing naming it
    assert await stored_picture(db, STORED.digest) is None
    assert await counts(db) == (0, 0)


async def test_a_previews_pictures_wait_for_its_confirm_through_collections_and_a_restart(
    db: Database, checker: PackChecker
) -> None:
    shelf = shelf_of(db, checker)
    checked, token = await preview(db, shelf, square_png=SQUARE)
    assert checked.imported is not None
    assert digest_of(checked.imported.pack) == STORED.digest
    assert set(checked.pictures) == {STORED.digest}
    assert await counts(db) == (1, 0)  # stored with the held upload, named by no version yet
    assert (await guild_pack_records(db, GUILD)).sources == ()  # nothing else stored
    # Another server stores and removes a pack meanwhile: its collection spares the held one.
    await upload(
        db, shelf, PICTURED_PACK.replace("id: pictured", "id: other"), OTHER, square_png=SQUARE
    )
    await shelf.remove(OTHER, "other")
    assert await stored_picture(db, STORED.digest) == STORED
    restarted = shelf_of(db, checker)  # the bot restarted between the preview and its Confirm
    outcome = await confirm(db, restarted, token)
    assert outcome.stored
    assert outcome.pack is not None
    assert digest_of(outcome.pack) == STORED.digest
    (source,) = (await guild_pack_records(db, GUILD)).sources
    assert source.pictures == {"square.png": STORED.digest}
    assert await counts(db) == (1, 1)


async def test_a_picture_kept_by_a_preview_outlives_the_version_it_was_kept_from(
    db: Database, checker: PackChecker
) -> None:
    shelf = shelf_of(db, checker)
    await upload(db, shelf, square_png=SQUARE)
    reworded = PICTURED_PACK.replace("Which colour is the picture?", "What colour is shown?")
    checked, token = await preview(db, shelf, reworded)  # attaches nothing: keeps the teal square
    assert checked.imported is not None
    assert digest_of(checked.imported.pack) == STORED.digest
    assert dict(checked.pictures) == {}
    # Another moderator's upload replaces the version the preview kept the square from.
    _, other = await preview(db, shelf, member_id=8, square_png=picture(colour="orange"))
    await confirm(db, shelf, other)
    assert await stored_picture(db, STORED.digest) == STORED  # the waiting preview names it
    outcome = await confirm(db, shelf, token)
    assert outcome.pack is not None
    assert digest_of(outcome.pack) == STORED.digest
    assert outcome.pack.questions[0].prompt.get("en") == "What colour is shown?"


async def test_an_unconfirmed_previews_pictures_go_with_it(
    db: Database, checker: PackChecker
) -> None:
    shelf = shelf_of(db, checker)
    _, cancelled = await preview(db, shelf, square_png=SQUARE)
    assert await drop_upload(db, cancelled)  # Cancel
    assert await counts(db) == (0, 0)
    await preview(db, shelf, square_png=SQUARE)
    await preview(db, shelf, square_png=picture(colour="orange"))  # replaces the moderator's last
    assert await stored_picture(db, STORED.digest) is None
    assert await counts(db) == (1, 0)
    later = NOW + timedelta(seconds=PREVIEW_S)
    expired = pending_upload(
        OTHER, 9, pack_id="basics", file_name="b.yaml", source="id: basics\n", now=later
    )
    await hold_upload(db, expired)  # the next hold anywhere deletes the expired one
    assert await counts(db) == (0, 0)
