"""Retention targets per pack: a member's own for a pack, a server's default for one, and the
targets that decide a batch of cards (the order is bot.quiz.review.targets').

Choosing ``CLEAR_TARGET`` deletes the row, so the next target down the order applies again.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from sqlalchemy import Connection, delete, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.review.targets import CLEAR_TARGET, Targets
from bot.storage.database import Database
from bot.storage.dialects import covering, insert_for, one_of
from bot.storage.models import (
    CardRow,
    guild_pack_retention_table,
    member_pack_retention_table,
    member_settings_table,
)

_MEMBER = member_pack_retention_table.c
_GUILD = guild_pack_retention_table.c


@dataclass(frozen=True, slots=True)
class TargetsWanted:
    """Whose targets a batch of reviews needs: its members, and the (server, pack) pairs whose
    defaults may decide its cards."""

    members: Collection[int]
    server_packs: Collection[tuple[int, str]]


async def set_member_pack_target(db: Database, member_id: int, pack_id: str, percent: int) -> None:
    """The member's target for the pack, or none (``CLEAR_TARGET``)."""
    async with db.write() as connection:
        if percent == CLEAR_TARGET:
            await connection.execute(
                delete(member_pack_retention_table).where(
                    _MEMBER.member_id == member_id, _MEMBER.pack_id == pack_id
                )
            )
            return
        row = {"member_id": member_id, "pack_id": pack_id, "retention": percent}
        insert = insert_for(db.dialect, member_pack_retention_table).values(row)
        await connection.execute(
            insert.on_conflict_do_update(
                index_elements=[_MEMBER.member_id, _MEMBER.pack_id],
                set_={"retention": insert.excluded.retention},
            )
        )


async def set_server_pack_default(
    db: Database, guild_id: int, pack_id: str, percent: int, *, by: int
) -> None:
    """The server's default for the pack, set by moderator ``by``, or none (``CLEAR_TARGET``)."""
    async with db.write() as connection:
        if percent == CLEAR_TARGET:
            await connection.execute(
                delete(guild_pack_retention_table).where(
                    _GUILD.guild_id == guild_id, _GUILD.pack_id == pack_id
                )
            )
            return
        row = {"guild_id": guild_id, "pack_id": pack_id, "retention": percent, "set_by": by}
        insert = insert_for(db.dialect, guild_pack_retention_table).values(row)
        await connection.execute(
            insert.on_conflict_do_update(
                index_elements=[_GUILD.guild_id, _GUILD.pack_id],
                set_={"retention": insert.excluded.retention, "set_by": insert.excluded.set_by},
            )
        )


async def member_pack_targets(db: Database, member_id: int) -> dict[str, int]:
    """The member's targets by pack."""
    async with db.read() as connection:
        rows = await connection.execute(
            select(_MEMBER.pack_id, _MEMBER.retention).where(_MEMBER.member_id == member_id)
        )
        return dict(rows.all())


async def server_pack_defaults(db: Database, guild_id: int) -> dict[str, int]:
    """The server's defaults by pack."""
    async with db.read() as connection:
        rows = await connection.execute(
            select(_GUILD.pack_id, _GUILD.retention).where(_GUILD.guild_id == guild_id)
        )
        return dict(rows.all())


async def targets_of_member(
    connection: AsyncConnection, member_id: int, server_packs: Collection[tuple[int, str]]
) -> Targets:
    """One member's targets, with the servers' defaults of ``server_packs``: what /stats shows
    beside the retention they reach."""
    return (await connection.run_sync(targets_of, TargetsWanted([member_id], server_packs)))[
        member_id
    ]


def targets_of(connection: Connection, wanted: TargetsWanted) -> dict[int, Targets]:
    """Each member's targets, in the caller's (synchronous) transaction."""
    dialect = connection.dialect.name
    settings = member_settings_table.c
    chosen = connection.execute(
        select(settings.member_id, settings.retention).where(
            one_of(dialect, settings.member_id, wanted.members)
        )
    )
    own = dict(chosen.all())
    packs: dict[int, dict[str, int]] = {member: {} for member in wanted.members}
    rows = connection.execute(
        select(_MEMBER.member_id, _MEMBER.pack_id, _MEMBER.retention).where(
            one_of(dialect, _MEMBER.member_id, wanted.members)
        )
    )
    for member_id, pack_id, percent in rows:
        packs[member_id][pack_id] = percent
    defaults = _server_defaults(connection, wanted.server_packs)
    return {member: Targets(own.get(member), packs[member], defaults) for member in packs}


def _server_defaults(
    connection: Connection, keys: Collection[tuple[int, str]]
) -> Mapping[tuple[int, str], int]:
    if not keys:
        return {}
    rows = connection.execute(
        select(_GUILD.guild_id, _GUILD.pack_id, _GUILD.retention).where(
            covering((_GUILD.guild_id, _GUILD.pack_id), keys, connection.dialect.name)
        )
    )
    wanted = set(keys)
    return {(guild, pack): percent for guild, pack, percent in rows if (guild, pack) in wanted}


async def packs_with_cards(db: Database, member_id: int) -> list[str]:
    """The packs the member has cards in: those a pack target can be set for."""
    async with db.read() as connection:
        rows = await connection.scalars(
            select(CardRow.pack_id).where(CardRow.member_id == member_id).distinct()
        )
        return sorted(rows)
