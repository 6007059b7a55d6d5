"""The versions of a server's packs: every upload is kept as a version, and each round of a
server pack plays the version that was current when it started.

A version is kept while anything needs it: it is its pack's current one (server_packs), or a
round that plays it is running or still owes messages (a reveal, the standings). Reviews always
show the current version, so they keep none. The rest are collected whenever the server uploads
or removes a pack; a round that has long ended then forgets its version (its ``pack_version_id``
turns NULL) and its buttons ("Why was mine wrong?") read the pack as it is now. A version's
pictures (bot/storage/packs/pictures.py) go with it, and a picture no version names is deleted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from types import MappingProxyType
from typing import Any

from sqlalchemy import Row, delete, or_, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.packs.server_packs import guild_of, shown_pack_id
from bot.quiz.rounds.rules import RoundState
from bot.storage.database import Database
from bot.storage.models import (
    PackVersionRow,
    RoundDeliveryRow,
    RoundRow,
    ServerPackRow,
    pack_versions_table,
)
from bot.storage.models.rounds import PENDING
from bot.storage.packs.pictures import collect_pictures, name_pictures, named_pictures


@dataclass(frozen=True, slots=True)
class ServerPackSource:
    """An upload as stored: ``pack_id`` as members see it; ``version_id`` once stored."""

    guild_id: int
    pack_id: str
    file_name: str
    source: str
    uploaded_by: int
    uploaded_at: datetime
    version_id: int | None = None
    # The picture each ``image`` file shows: file name -> digest (bot/storage/packs/pictures.py).
    pictures: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))


class PackGoneError(Exception):
    """The server pack a round was to start on is no longer stored."""


async def add_version(connection: AsyncConnection, upload: ServerPackSource) -> int:
    """Stores an upload as a new version, on the caller's transaction; its id."""
    result = await connection.execute(
        pack_versions_table.insert()
        .values(
            guild_id=upload.guild_id,
            pack_id=upload.pack_id,
            file_name=upload.file_name[:200],
            source=upload.source,
            size=len(upload.source.encode()),
            uploaded_by=upload.uploaded_by,
            uploaded_at=upload.uploaded_at,
        )
        .returning(pack_versions_table.c.id)
    )
    version_id = int(result.scalar_one())
    await name_pictures(connection, version_id, upload.pictures)
    return version_id


async def collect_versions(connection: AsyncConnection, guild_id: int) -> int:
    """Deletes the server's versions that nothing needs (see the module docstring), and the
    pictures no version names any more; how many versions."""
    owing = select(RoundDeliveryRow.round_id).where(RoundDeliveryRow.state == PENDING)
    needed = select(RoundRow.pack_version_id).where(
        RoundRow.pack_version_id.is_not(None),
        or_(RoundRow.state == RoundState.RUNNING.value, RoundRow.id.in_(owing)),
    )
    current = select(ServerPackRow.version_id).where(ServerPackRow.guild_id == guild_id)
    result = await connection.execute(
        delete(PackVersionRow).where(
            PackVersionRow.guild_id == guild_id,
            PackVersionRow.id.not_in(current),
            PackVersionRow.id.not_in(needed),
        )
    )
    await collect_pictures(connection)
    return int(result.rowcount or 0)


async def version_to_play(connection: AsyncConnection, pack_id: str) -> int | None:
    """The current version of a stored pack id, for a round starting on the caller's write
    transaction (None for a built-in); raises PackGoneError if the server's pack is gone.

    Its server_packs row is share-locked until the round is in, so an upload or removal
    waits, and then finds the round and keeps the version it plays."""
    guild_id = guild_of(pack_id)
    if guild_id is None:
        return None
    version_id = await connection.scalar(
        select(ServerPackRow.version_id)
        .where(ServerPackRow.guild_id == guild_id, ServerPackRow.pack_id == shown_pack_id(pack_id))
        .with_for_update(read=True)
    )
    if version_id is None:
        raise PackGoneError(f"pack {pack_id} is no longer stored")
    return int(version_id)


async def pack_version(db: Database, version_id: int) -> ServerPackSource | None:
    """One version as uploaded; None once it is collected."""
    async with db.read() as connection:
        row = (
            await connection.execute(
                select(pack_versions_table).where(PackVersionRow.id == version_id)
            )
        ).one_or_none()
        if row is None:
            return None
        (source,) = await sources_of(connection, [row])
        return source


async def sources_of(
    connection: AsyncConnection, rows: Sequence[Row[Any]]
) -> list[ServerPackSource]:
    """Rows with pack_versions' columns as uploads, with the pictures each names."""
    named = await named_pictures(connection, [row.id for row in rows])
    return [
        replace(_source_of(row), pictures=MappingProxyType(named.get(row.id, {}))) for row in rows
    ]


def _source_of(row: Row[Any]) -> ServerPackSource:
    return ServerPackSource(
        row.guild_id,
        row.pack_id,
        row.file_name,
        row.source,
        row.uploaded_by,
        row.uploaded_at,
        row.id,
    )
