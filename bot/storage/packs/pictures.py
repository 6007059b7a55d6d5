"""Questions' pictures in the database: each stored once by its SHA-256, and which picture each
version of a server pack shows for each ``image`` file it names.

Only server packs' pictures are stored here; the shipped packs' are read from their folder at start
(bot/quiz/packs/library.py). A picture stays while a version names it, or an upload waiting for its
Confirm (bot/storage/packs/pending_uploads.py): it is collected with the last version naming it
(bot/storage/packs/versions.py), or with the held upload, when that goes unconfirmed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.reader.pictures import Picture
from bot.storage.database import Database
from bot.storage.dialects import insert_for
from bot.storage.models import (
    PackVersionPictureRow,
    PendingUploadPictureRow,
    PictureRow,
    pack_version_pictures_table,
    pending_upload_pictures_table,
    pictures_table,
)


async def store_pictures(
    connection: AsyncConnection, dialect: str, pictures: Iterable[Picture], now: datetime
) -> None:
    """Stores the pictures not stored yet, on the caller's transaction."""
    rows = [
        {
            "digest": picture.digest,
            "media_type": picture.media_type,
            "width": picture.width,
            "height": picture.height,
            "size": picture.size,
            "data": picture.data,
            "stored_at": now,
        }
        for picture in pictures
    ]
    if rows:
        insert = insert_for(dialect, pictures_table).on_conflict_do_nothing()
        await connection.execute(insert, rows)


async def name_pictures(
    connection: AsyncConnection, version_id: int, digests: Mapping[str, str]
) -> None:
    """Records which picture (digest) the version shows for each file it names."""
    rows = [{"version_id": version_id, "file": f, "digest": d} for f, d in digests.items()]
    if rows:
        await connection.execute(pack_version_pictures_table.insert(), rows)


async def hold_pictures(
    connection: AsyncConnection, token: str, digests: Mapping[str, str]
) -> None:
    """Records which picture (digest) the held upload shows for each file it names."""
    rows = [{"token": token, "file": f, "digest": d} for f, d in digests.items()]
    if rows:
        await connection.execute(pending_upload_pictures_table.insert(), rows)


async def held_pictures(connection: AsyncConnection, token: str) -> dict[str, str]:
    """The held upload's file name -> digest."""
    rows = await connection.execute(
        select(PendingUploadPictureRow.file, PendingUploadPictureRow.digest).where(
            PendingUploadPictureRow.token == token
        )
    )
    return {row.file: row.digest for row in rows}


async def named_pictures(
    connection: AsyncConnection, version_ids: Sequence[int]
) -> dict[int, dict[str, str]]:
    """Each version's file name -> digest (a version naming none is left out)."""
    rows = await connection.execute(
        select(
            PackVersionPictureRow.version_id,
            PackVersionPictureRow.file,
            PackVersionPictureRow.digest,
        ).where(PackVersionPictureRow.version_id.in_(version_ids))
    )
    named: dict[int, dict[str, str]] = {}
    for version_id, file, digest in rows:
        named.setdefault(version_id, {})[file] = digest
    return named


async def stored_picture(db: Database, digest: str) -> Picture | None:
    async with db.read() as connection:
        row = (
            await connection.execute(select(pictures_table).where(PictureRow.digest == digest))
        ).one_or_none()
    if row is None:
        return None
    return Picture(row.digest, row.media_type, row.width, row.height, bytes(row.data))


async def collect_pictures(connection: AsyncConnection) -> int:
    """Deletes the pictures neither a version nor a held upload names any more; how many."""
    named = select(PackVersionPictureRow.digest)
    held = select(PendingUploadPictureRow.digest)
    result = await connection.execute(
        delete(PictureRow).where(PictureRow.digest.not_in(named), PictureRow.digest.not_in(held))
    )
    return int(result.rowcount or 0)
