"""A server's own packs (their YAML source) and the built-in packs it turned off.

Saving a pack also records its questions under its stored id (bot/storage/packs.py), in the same
transaction, so answers to it are graded like any other pack's.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Delete, delete, exists, select

from bot.quiz.model import Pack
from bot.quiz.rounds import RoundState
from bot.quiz.server_packs import MAX_SERVER_PACKS, shown_pack_id
from bot.storage.database import Database
from bot.storage.dialects import insert_for
from bot.storage.models import (
    DisabledPackRow,
    RoundRow,
    ServerPackRow,
    disabled_packs_table,
    server_packs_table,
)
from bot.storage.packs import record_pack, retire_pack


@dataclass(frozen=True, slots=True)
class ServerPackSource:
    """An uploaded pack as stored: ``pack_id`` as members see it."""

    guild_id: int
    pack_id: str
    file_name: str
    source: str
    uploaded_by: int
    uploaded_at: datetime


@dataclass(frozen=True, slots=True)
class GuildPackRecords:
    sources: tuple[ServerPackSource, ...]
    disabled: frozenset[str]


class TooManyPacksError(Exception):
    """The server holds its limit of packs already (checked again where it is written)."""


class PackInUseError(Exception):
    """A round of the pack is running."""


async def guild_pack_records(db: Database, guild_id: int) -> GuildPackRecords:
    async with db.read() as connection:
        sources = await connection.execute(
            select(server_packs_table)
            .where(ServerPackRow.guild_id == guild_id)
            .order_by(ServerPackRow.pack_id)
        )
        disabled = await connection.execute(
            select(DisabledPackRow.pack_id).where(DisabledPackRow.guild_id == guild_id)
        )
        return GuildPackRecords(
            tuple(
                ServerPackSource(
                    row.guild_id,
                    row.pack_id,
                    row.file_name,
                    row.source,
                    row.uploaded_by,
                    row.uploaded_at,
                )
                for row in sources
            ),
            frozenset(disabled.scalars()),
        )


async def save_server_pack(db: Database, upload: ServerPackSource, pack: Pack) -> bool:
    """Stores the source (replacing the server's pack of that id) and records ``pack``'s
    questions under its stored id; True when it replaced one."""
    async with db.write() as connection:
        held = set(
            (
                await connection.execute(
                    select(ServerPackRow.pack_id).where(ServerPackRow.guild_id == upload.guild_id)
                )
            ).scalars()
        )
        replacing = upload.pack_id in held
        if not replacing and len(held) >= MAX_SERVER_PACKS:
            raise TooManyPacksError
        if replacing:
            await connection.execute(_delete_source(upload.guild_id, upload.pack_id))
        await connection.execute(
            server_packs_table.insert().values(
                guild_id=upload.guild_id,
                pack_id=upload.pack_id,
                file_name=upload.file_name[:200],
                source=upload.source,
                size=len(upload.source.encode()),
                uploaded_by=upload.uploaded_by,
                uploaded_at=upload.uploaded_at,
            )
        )
        await record_pack(connection, db.dialect, pack, upload.uploaded_at)
        return replacing


async def remove_server_pack(db: Database, guild_id: int, stored_id: str) -> bool:
    """Removes the server's pack; its history stays (inactive). False if it had none such;
    raises PackInUseError while a round of it runs."""
    async with db.write() as connection:
        running = await connection.execute(
            select(
                exists().where(
                    RoundRow.pack_id == stored_id, RoundRow.state == RoundState.RUNNING.value
                )
            )
        )
        if running.scalar():
            raise PackInUseError
        removed = await connection.execute(_delete_source(guild_id, shown_pack_id(stored_id)))
        if not removed.rowcount:
            return False
        await retire_pack(connection, stored_id)
        return True


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


def _delete_source(guild_id: int, pack_id: str) -> Delete:
    return delete(ServerPackRow).where(
        ServerPackRow.guild_id == guild_id, ServerPackRow.pack_id == pack_id
    )
