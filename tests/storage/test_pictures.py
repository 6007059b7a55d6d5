"""Server packs' pictures in the database (SQLite and PostgreSQL): checked in the upload's
worker, stored once by their digest, named by each version, kept by a later upload that does
not attach them again, and collected with the last version naming them."""

from __future__ import annotations

from sqlalchemy import func, select

from bot.app.kit.pack_checker import PackChecker
from bot.app.kit.server_views import PackShelf
from bot.quiz.library import Library
from bot.quiz.model import Pack
from bot.quiz.pictures import check_picture
from bot.quiz.rounds import RoundState
from bot.storage import outbox
from bot.storage.database import Database
from bot.storage.models import PackVersionPictureRow, PictureRow
from bot.storage.pictures import stored_picture
from bot.storage.rounds import end_round
from bot.storage.server_packs import guild_pack_records
from tests.pictures import PICTURED_PACK, picture
from tests.storage.factories import NOW, make_pack, start_test_round

GUILD, OTHER = 1, 2
SQUARE = picture()
STORED = check_picture(SQUARE, "square.png")


def shelf_of(db: Database, checker: PackChecker) -> PackShelf:
    return PackShelf(db, Library.of([make_pack("basics")]), checker=checker)


async def upload(
    shelf: PackShelf, text: str = PICTURED_PACK, guild_id: int = GUILD, **pictures: bytes
) -> Pack:
    attached = {name.replace("_", "."): data for name, data in pictures.items()}
    outcome = await shelf.upload(
        guild_id, "pictured.yaml", text.encode(), by=7, now=NOW, pictures=attached
    )
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
    pack = await upload(shelf, square_png=SQUARE)
    assert digest_of(pack) == STORED.digest
    assert await stored_picture(db, STORED.digest) == STORED
    (source,) = (await guild_pack_records(db, GUILD)).sources
    assert source.pictures == {"square.png": STORED.digest}
    await upload(shelf, guild_id=OTHER, square_png=SQUARE)  # another server, the same picture
    assert await counts(db) == (1, 2)


async def test_a_later_upload_keeps_the_pictures_it_does_not_attach_again(
    db: Database, checker: PackChecker
) -> None:
    shelf = shelf_of(db, checker)
    await upload(shelf, square_png=SQUARE)
    reworded = PICTURED_PACK.replace("Which colour is the picture?", "What colour is shown?")
    again = await upload(shelf, reworded)
    assert digest_of(again) == STORED.digest
    assert again.questions[0].prompt.get("en") == "What colour is shown?"
    changed = await upload(shelf, reworded, square_png=picture(colour="orange"))
    assert digest_of(changed) != STORED.digest
    assert await counts(db) == (1, 1)  # the teal square went with the versions naming it


async def test_another_process_reads_the_stored_pack_with_its_digests(
    db: Database, checker: PackChecker
) -> None:
    await upload(shelf_of(db, checker), square_png=SQUARE)
    elsewhere = shelf_of(db, checker)  # a fresh process: parses the stored source again
    pack = (await elsewhere.view(GUILD)).known.get("pictured@1")
    assert pack is not None
    assert digest_of(pack) == STORED.digest


async def test_a_bad_picture_stores_nothing(db: Database, checker: PackChecker) -> None:
    outcome = await shelf_of(db, checker).upload(
        GUILD,
        "pictured.yaml",
        PICTURED_PACK.encode(),
        by=7,
        now=NOW,
        pictures={"square.png": SQUARE[:50]},
    )
    assert not outcome.stored
    (problem,) = outcome.problems
    assert str(problem).startswith(
        "pictured.yaml:9:12: questions[0].image: 'square.png' could not be read as a PNG picture"
    )
    assert await counts(db) == (0, 0)
    assert (await guild_pack_records(db, GUILD)).sources == ()


async def test_a_rounds_version_keeps_its_picture_after_the_pack_is_removed(
    db: Database, checker: PackChecker
) -> None:
    shelf = shelf_of(db, checker)
    await upload(shelf, square_png=SQUARE)
    view = await start_test_round(db, guild_id=GUILD, pack_id="pictured@1")
    await shelf.remove(GUILD, "pictured")
    assert await stored_picture(db, STORED.digest) == STORED  # the round still shows it
    played = await shelf.played_pack(GUILD, "pictured@1", view.pack_version_id)
    assert played is not None
    assert digest_of(played) == STORED.digest
    await end_round(db, view.id, RoundState.STOPPED, NOW)
    for delivery in await outbox.pending(db, view.id):
        await outbox.delivered(db, delivery, 900 + delivery.id, NOW)
    await upload(shelf, PICTURED_PACK.replace("id: pictured", "id: other"), square_png=SQUARE)
    await shelf.remove(GUILD, "other")  # the next collection finds nothing naming it
    assert await stored_picture(db, STORED.digest) is None
    assert await counts(db) == (0, 0)
