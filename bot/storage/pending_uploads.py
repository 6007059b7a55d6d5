"""Uploads waiting for their moderator's Confirm: the pack each makes, as YAML, between the
preview and the click.

Kept in the database, so the preview's buttons work after a restart and in whichever process
holds the server's shard then, and bounded three ways: each expires ``PREVIEW_S`` after its
upload; a moderator has one at a time in a server (a new upload replaces the last); a server
has at most ``MAX_PER_SERVER`` (the oldest goes). Expired ones are deleted whenever another is
held, so the table never holds more than servers x MAX_PER_SERVER uploads of at most the
upload limit each.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.storage.database import Database
from bot.storage.models import PendingUploadRow, pending_uploads_table

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


def pending_upload(
    guild_id: int, member_id: int, *, pack_id: str, file_name: str, source: str, now: datetime
) -> PendingUpload:
    """An upload to hold from ``now``, for ``PREVIEW_S``."""
    expires_at = now + timedelta(seconds=PREVIEW_S)
    return PendingUpload(guild_id, member_id, pack_id, file_name[:200], source, now, expires_at)


async def hold_upload(db: Database, upload: PendingUpload) -> str:
    """Keeps ``upload`` (replacing its moderator's last one in the server), deletes what has
    expired and what is over the server's bound; the token its buttons name."""
    token = secrets.token_hex(TOKEN_BYTES)
    async with db.write() as connection:
        await connection.execute(
            delete(PendingUploadRow).where(PendingUploadRow.expires_at <= upload.created_at)
        )
        await connection.execute(
            delete(PendingUploadRow).where(
                PendingUploadRow.guild_id == upload.guild_id,
                PendingUploadRow.member_id == upload.member_id,
            )
        )
        await _keep_room(connection, upload.guild_id)
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
    return token


async def _keep_room(connection: AsyncConnection, guild_id: int) -> None:
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
    return PendingUpload(
        guild_id=row.guild_id,
        member_id=row.member_id,
        pack_id=row.pack_id,
        file_name=row.file_name,
        source=row.source,
        created_at=row.created_at,
        expires_at=row.expires_at,
        token=row.token,
    )


async def drop_upload(db: Database, token: str) -> bool:
    """Forgets a held upload (a Cancel); False if it was gone already."""
    async with db.write() as connection:
        return await take_upload(connection, token)


async def take_upload(connection: AsyncConnection, token: str) -> bool:
    """Deletes a held upload on the caller's transaction; False if another click took it."""
    result = await connection.execute(
        delete(PendingUploadRow).where(PendingUploadRow.token == token)
    )
    return bool(result.rowcount)
