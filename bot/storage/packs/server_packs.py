"""A server's own packs (which version of each it offers) and the built-in packs it turned off.

Saving a pack stores its source as a new version (bot/storage/packs/versions.py) and records its
questions under its stored id (bot/storage/packs/library.py), in the same transaction, so answers to
it are graded like any other pack's."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, Delete, delete, exists, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.model import Pack
from bot.quiz.packs.server_packs import MAX_SERVER_PACKS, stored_pack_id
from bot.quiz.reader.pictures import Picture
from bot.quiz.rounds.rules import RoundState
from bot.storage.database import Database
from bot.storage.dialects import insert_for
from bot.storage.models import (
    DisabledPackRow,
    PackVersionRow,
    RoundRow,
    ServerPackRow,
    disabled_packs_table,
    pack_versions_table,
    server_packs_table,
)
from bot.storage.packs.library import record_pack, retire_pack
from bot.storage.packs.pending_uploads import take_upload
from bot.storage.packs.pictures import store_pictures
from bot.storage.packs.versions import ServerPackSource, add_version, collect_versions, sources_of


@dataclass(frozen=True, slots=True)
class GuildPackRecords:
    sources: tuple[ServerPackSource, ...]  # the current version of each of the server's packs
    disabled: frozenset[str]


class TooManyPacksError(Exception):
    """The server holds its limit of packs already (checked again where it is written)."""


class PackChangedError(Exception):
    """A form's change was begun on a version of the pack that is no longer its current one
    (another moderator saved meanwhile), or a new pack's id was taken meanwhile."""


class UploadTakenError(Exception):
    """The held upload being stored was confirmed or cancelled meanwhile (another click)."""


class Removal(enum.Enum):
    NOT_OWN = "not_own"  # the server has no uploaded pack of that id
    REMOVED = "removed"
    REMOVED_WHILE_PLAYED = "removed_while_played"  # rounds of it finish on their version


async def guild_pack_records(db: Database, guild_id: int) -> GuildPackRecords:
    async with db.read() as connection:
        sources = await connection.execute(
            select(pack_versions_table)
            .join(ServerPackRow, ServerPackRow.version_id == PackVersionRow.id)
            .where(ServerPackRow.guild_id == guild_id)
            .order_by(ServerPackRow.pack_id)
        )
        disabled = await connection.execute(
            select(DisabledPackRow.pack_id).where(DisabledPackRow.guild_id == guild_id)
        )
        return GuildPackRecords(
            tuple(await sources_of(connection, sources.all())), frozenset(disabled.scalars())
        )


async def current_source(db: Database, guild_id: int, pack_id: str) -> ServerPackSource | None:
    """The current version of the server's pack ``pack_id`` (as members see it), if it has one,
    with the pictures it names."""
    async with db.read() as connection:
        rows = await connection.execute(
            select(pack_versions_table)
            .join(ServerPackRow, ServerPackRow.version_id == PackVersionRow.id)
            .where(_the_pack(guild_id, pack_id))
        )
        found = await sources_of(connection, rows.all())
    return found[0] if found else None


async def save_server_pack(
    db: Database,
    upload: ServerPackSource,
    pack: Pack,
    pictures: Iterable[Picture] = (),
    *,
    taking: str | None = None,
    based_on: int | None = None,
    new: bool = False,
) -> bool:
    """Stores the source as the pack's new current version (replacing the server's pack of
    that id; rounds of the old one keep playing it), with the ``pictures`` it brought (those
    not stored yet), and records ``pack``'s questions under its stored id; True when it
    replaced one. ``taking``: the held upload (pending_uploads) this confirms, deleted in the
    same transaction; UploadTakenError, and nothing stored, if it is gone. A form's change
    made on version ``based_on``, or a ``new`` pack, raises PackChangedError (storing nothing)
    if the pack moved on meanwhile."""
    async with db.write() as connection:
        if taking is not None and not await take_upload(connection, taking):
            raise UploadTakenError
        await store_pictures(connection, db.dialect, pictures, upload.uploaded_at)
        held = await _held_ids(connection, upload.guild_id)
        replacing = upload.pack_id in held
        if (new and replacing) or (based_on is not None and not replacing):
            raise PackChangedError
        if not replacing and len(held) >= MAX_SERVER_PACKS:
            raise TooManyPacksError
        version_id = await add_version(connection, upload)
        if replacing:
            await _replace_version(connection, upload, version_id, based_on)
        else:
            await connection.execute(
                server_packs_table.insert().values(
                    guild_id=upload.guild_id, pack_id=upload.pack_id, version_id=version_id
                )
            )
        await record_pack(connection, db.dialect, pack, upload.uploaded_at)
        await collect_versions(connection, upload.guild_id)
        return replacing


async def remove_server_pack(db: Database, guild_id: int, pack_id: str) -> Removal:
    """Removes the server's pack ``pack_id`` (as members see it); its history stays (inactive),
    and rounds of it already running finish on the version they play."""
    stored_id = stored_pack_id(pack_id, guild_id)
    async with db.write() as connection:
        removed = await connection.execute(_delete_source(guild_id, pack_id))
        if not removed.rowcount:
            return Removal.NOT_OWN
        await retire_pack(connection, stored_id)
        await collect_versions(connection, guild_id)
        played = await connection.scalar(
            select(
                exists().where(
                    RoundRow.pack_id == stored_id, RoundRow.state == RoundState.RUNNING.value
                )
            )
        )
        return Removal.REMOVED_WHILE_PLAYED if played else Removal.REMOVED


async def set_pack_disabled(
    db: Database, guild_id: int, pack_id: str, *, disabled: bool, by: int, now: datetime
) -> bool:
    """Turns a built-in pack off (or on again) in the server; False if nothing changed."""
    async with db.write() as connection:
        if not disabled:
            result = await connection.execute(
                delete(DisabledPackRow).where(
                    DisabledPackRow.guild_id == guild_id, DisabledPackRow.pack_id == pack_id
                )
            )
            return bool(result.rowcount)
        insert = insert_for(db.dialect, disabled_packs_table).on_conflict_do_nothing()
        row = {"guild_id": guild_id, "pack_id": pack_id, "disabled_by": by, "disabled_at": now}
        result = await connection.execute(insert, [row])
        return bool(result.rowcount)


async def _held_ids(connection: AsyncConnection, guild_id: int) -> set[str]:
    found = await connection.execute(
        select(ServerPackRow.pack_id).where(ServerPackRow.guild_id == guild_id)
    )
    return set(found.scalars())


async def _replace_version(
    connection: AsyncConnection, upload: ServerPackSource, version_id: int, based_on: int | None
) -> None:
    # In place: a round starting meanwhile waits, then sees the new version. A form's change is
    # compared and set in this one statement, so two saves on one version cannot both land.
    where = _the_pack(upload.guild_id, upload.pack_id)
    if based_on is not None:
        where &= ServerPackRow.version_id == based_on
    changed = await connection.execute(
        update(ServerPackRow).where(where).values(version_id=version_id)
    )
    if not changed.rowcount:
        raise PackChangedError


def _the_pack(guild_id: int, pack_id: str) -> ColumnElement[bool]:
    return (ServerPackRow.guild_id == guild_id) & (ServerPackRow.pack_id == pack_id)


def _delete_source(guild_id: int, pack_id: str) -> Delete:
    return delete(ServerPackRow).where(_the_pack(guild_id, pack_id))
