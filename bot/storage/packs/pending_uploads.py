"""Uploads waiting for their moderator's Confirm: the pack each makes, as YAML, between the
preview and the click.

Kept in the database, so the preview's buttons work after a restart and in whichever process
holds the server's shard then, and bounded three ways: each expires ``PREVIEW_S`` after its
upload; a moderator has one at a time in a server (a new upload replaces the last); a server
has at most ``MAX_PER_SERVER`` (the oldest goes). Expired ones are deleted whenever another is
held, so the table never holds more than servers x MAX_PER_SERVER uploads of at most the
upload limit each.

The pictures an upload brings are stored when it is held (bot/storage/packs/pictures.py), checked
already, and named by it as a version names its own (with those it keeps from the pack's
current version), so none is collected before its Confirm. One that no version names is
collected when its held upload goes unconfirmed: at most the five pictures a `/quiz pack upload`
takes, per held upload.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from types import MappingProxyType

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.reader.pictures import Picture
from bot.storage.database import Database
from bot.storage.models import PendingUploadRow, pending_uploads_table
from bot.storage.packs.pictures import (
    collect_pictures,
    held_pictures,
    hold_pictures,
    store_pictures,
)

PREVIEW_S = 15 * 60  # a preview is read at once; this leaves time and keeps few in the table
MAX_PER_SERVER = 5
TOKEN_BYTES = 8  # 16 hex digits in a custom_id; guessing one is no use (its server and member)


@dataclass(frozen=True, slots=True)
class PendingUpload:
    """An upload's pack, held for ``member_id`` in ``guild_id``; ``pack_id`` as members see it."""

    guild_id: int
    member_id: int
    pack_id: str
    file_name: str
    source: str
    created_at: datetime
    expires_at: datetime
    token: str = ""  # given when it is held: what its buttons name
    # The picture each ``image`` file shows: file name -> digest (bot/storage/packs/pictures.py).
    pictures: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))


def pending_upload(  # one of each of the upload's parts
    guild_id: int,
    member_id: int,
    *,
    pack_id: str,
    file_name: str,
    source: str,
    now: datetime,
    pictures: Mapping[str, str] | None = None,
) -> PendingUpload:
    """An upload to hold from ``now``, for ``PREVIEW_S``; ``pictures``: the picture (digest)
    each file its questions name shows."""
    expires_at = now + timedelta(seconds=PREVIEW_S)
    named = MappingProxyType(dict(pictures or {}))
    return PendingUpload(
        guild_id, member_id, pack_id, file_name[:200], source, now, expires_at, pictures=named
    )


async def hold_upload(db: Database, upload: PendingUpload, pictures: Iterable[Picture] = ()) -> str:
    """Keeps ``upload`` (replacing its moderator's last one in the server) with the checked
    ``pictures`` it brought, deletes what has expired and what is over the server's bound, and
    the pictures only those named; the token its buttons name."""
    token = secrets.token_hex(TOKEN_BYTES)
    async with db.write() as connection:
        expired = await connection.execute(
            delete(PendingUploadRow).where(PendingUploadRow.expires_at <= upload.created_at)
        )
        replaced = await connection.execute(
            delete(PendingUploadRow).where(
                PendingUploadRow.guild_id == upload.guild_id,
                PendingUploadRow.member_id == upload.member_id,
            )
        )
        dropped = await _keep_room(connection, upload.guild_id)
        await store_pictures(connection, db.dialect, pictures, upload.created_at)
        await connection.execute(
            pending_uploads_table.insert().values(
                token=token,
                guild_id=upload.guild_id,
                member_id=upload.member_id,
                pack_id=upload.pack_id,
                file_name=upload.file_name,
                source=upload.source,
                created_at=upload.created_at,
                expires_at=upload.expires_at,
            )
        )
        await hold_pictures(connection, token, upload.pictures)
        if expired.rowcount or replaced.rowcount or dropped:
            await collect_pictures(connection)
    return token


async def _keep_room(connection: AsyncConnection, guild_id: int) -> int:
    """Deletes the server's oldest held uploads until one more fits within MAX_PER_SERVER."""
    held = (
        await connection.execute(
            select(PendingUploadRow.token)
            .where(PendingUploadRow.guild_id == guild_id)
            .order_by(PendingUploadRow.created_at.desc(), PendingUploadRow.token)
            .offset(MAX_PER_SERVER - 1)
        )
    ).scalars()
    oldest = list(held)
    if oldest:
        await connection.execute(delete(PendingUploadRow).where(PendingUploadRow.token.in_(oldest)))
    return len(oldest)


async def held_upload(db: Database, token: str, now: datetime) -> PendingUpload | None:
    """The held upload, unless it is gone (confirmed, cancelled, replaced) or expired."""
    async with db.read() as connection:
        row = (
            await connection.execute(
                select(pending_uploads_table).where(
                    PendingUploadRow.token == token, PendingUploadRow.expires_at > now
                )
            )
        ).first()
        if row is None:
            return None
        pictures = await held_pictures(connection, token)
    return PendingUpload(
        guild_id=row.guild_id,
        member_id=row.member_id,
        pack_id=row.pack_id,
        file_name=row.file_name,
        source=row.source,
        created_at=row.created_at,
        expires_at=row.expires_at,
        token=row.token,
        pictures=MappingProxyType(pictures),
    )


async def drop_upload(db: Database, token: str) -> bool:
    """Forgets a held upload (a Cancel) and the pictures only it named; False if it was gone
    already."""
    async with db.write() as connection:
        if not await take_upload(connection, token):
            return False
        await collect_pictures(connection)
        return True


async def take_upload(connection: AsyncConnection, token: str) -> bool:
    """Deletes a held upload on the caller's transaction; False if another click took it."""
    result = await connection.execute(
        delete(PendingUploadRow).where(PendingUploadRow.token == token)
    )
    return bool(result.rowcount)
