"""Uploads held between their preview and their Confirm (SQLite and PostgreSQL): found until they
expire, one per moderator and at most a few per server, and stored at most once."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from bot.quiz.packs.server_packs import as_server_pack
from bot.storage.database import Database
from bot.storage.models import PendingUploadRow
from bot.storage.packs.pending_uploads import (
    MAX_PER_SERVER,
    PREVIEW_S,
    PendingUpload,
    drop_upload,
    held_upload,
    hold_upload,
    pending_upload,
)
from bot.storage.packs.server_packs import (
    ServerPackSource,
    UploadTakenError,
    guild_pack_records,
    save_server_pack,
)
from tests.storage.factories import NOW, make_pack

GUILD, OTHER = 1, 2
MOD, OTHER_MOD = 7, 8


def held(
    member: int = MOD, guild: int = GUILD, pack_id: str = "capitals", at: int = 0
) -> PendingUpload:
    when = NOW + timedelta(seconds=at)
    return pending_upload(
        guild,
        member,
        pack_id=pack_id,
        file_name=f"{pack_id}.gift",
        source=f"id: {pack_id}\n",
        now=when,
    )


async def count(db: Database) -> int:
    async with db.read() as connection:
        return int(await connection.scalar(select(func.count()).select_from(PendingUploadRow)))


async def test_a_held_upload_is_found_until_it_expires(db: Database) -> None:
    upload_id = await hold_upload(db, held())
    found = await held_upload(db, upload_id, NOW + timedelta(seconds=PREVIEW_S - 1))
    assert found is not None
    assert (found.guild_id, found.member_id, found.pack_id, found.source) == (
        GUILD,
        MOD,
        "capitals",
        "id: capitals\n",
    )
    assert found.expires_at == NOW + timedelta(seconds=PREVIEW_S)
    assert await held_upload(db, upload_id, NOW + timedelta(seconds=PREVIEW_S)) is None


async def test_a_new_upload_replaces_the_moderators_last_and_expired_ones_go(db: Database) -> None:
    # A token is never reused: the replaced upload's buttons must not find its replacement.
    first = await hold_upload(db, held())
    others = await hold_upload(db, held(OTHER_MOD))
    elsewhere = await hold_upload(db, held(guild=OTHER))
    second = await hold_upload(db, held(at=1))
    assert second != first
    assert await held_upload(db, first, NOW) is None
    assert await held_upload(db, second, NOW) is not None
    assert await held_upload(db, others, NOW) is not None
    assert await held_upload(db, elsewhere, NOW) is not None
    # Holding one after the others expired deletes them, in every server.
    await hold_upload(db, held(OTHER_MOD, guild=OTHER, at=PREVIEW_S + 1))
    assert await count(db) == 1


async def test_a_server_holds_at_most_a_few_uploads(db: Database) -> None:
    ids = [await hold_upload(db, held(member, at=member)) for member in range(MAX_PER_SERVER + 2)]
    kept = [i for i in ids if await held_upload(db, i, NOW) is not None]
    assert kept == ids[-MAX_PER_SERVER:]  # the oldest went
    assert await hold_upload(db, held(guild=OTHER))
    assert await count(db) == MAX_PER_SERVER + 1


async def test_confirming_stores_once_and_a_cancelled_upload_stores_nothing(db: Database) -> None:
    upload_id = await hold_upload(db, held())
    source = ServerPackSource(GUILD, "capitals", "capitals.gift", "id: capitals\n", MOD, NOW)
    pack = as_server_pack(make_pack("capitals"), GUILD)
    clicks = await asyncio.gather(
        save_server_pack(db, source, pack, taking=upload_id),
        save_server_pack(db, source, pack, taking=upload_id),
        return_exceptions=True,
    )
    assert sorted(type(click).__name__ for click in clicks) == ["UploadTakenError", "bool"]
    assert [s.pack_id for s in (await guild_pack_records(db, GUILD)).sources] == ["capitals"]
    assert await held_upload(db, upload_id, NOW) is None
    cancelled = await hold_upload(db, held(pack_id="rivers"))
    assert await drop_upload(db, cancelled)
    assert not await drop_upload(db, cancelled)
    rivers = ServerPackSource(GUILD, "rivers", "rivers.gift", "id: rivers\n", MOD, NOW)
    with pytest.raises(UploadTakenError):
        await save_server_pack(
            db, rivers, as_server_pack(make_pack("rivers"), GUILD), taking=cancelled
        )
    assert [s.pack_id for s in (await guild_pack_records(db, GUILD)).sources] == ["capitals"]
