"""Per-server and per-member settings; defaults stand in for members who never set any."""

from __future__ import annotations

from dataclasses import asdict

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.storage.database import Database
from bot.storage.dialects import insert_for
from bot.storage.models import GuildSettingsRow, MemberSettingsRow
from bot.storage.models import guild_settings_table as guilds
from bot.storage.models import member_settings_table as members
from bot.storage.results import GuildSettings, MemberSettings


async def guild_settings(db: Database, guild_id: int) -> GuildSettings:
    async with db.read() as connection:
        row = (
            await connection.execute(select(guilds).where(GuildSettingsRow.guild_id == guild_id))
        ).one_or_none()
    if row is None:
        return GuildSettings(guild_id)
    return GuildSettings(row.guild_id, row.moderator_role_id, row.question_seconds, row.locale)


async def save_guild_settings(db: Database, settings: GuildSettings) -> None:
    values = asdict(settings)
    insert = insert_for(db.dialect, guilds)
    async with db.write() as connection:
        await connection.execute(
            insert.on_conflict_do_update(
                index_elements=[guilds.c.guild_id],
                set_={k: insert.excluded[k] for k in values if k != "guild_id"},
            ),
            [values],
        )


async def member_settings(db: Database, member_id: int) -> MemberSettings:
    async with db.read() as connection:
        return await read_member_settings(connection, member_id)


async def read_member_settings(connection: AsyncConnection, member_id: int) -> MemberSettings:
    """The member's settings, read on a connection the caller already holds."""
    row = (
        await connection.execute(select(members).where(MemberSettingsRow.member_id == member_id))
    ).one_or_none()
    if row is None:
        return MemberSettings(member_id)
    return MemberSettings(row.member_id, row.daily_new_limit, row.time_zone, row.reminders)


async def save_member_settings(db: Database, settings: MemberSettings) -> None:
    values = asdict(settings)
    insert = insert_for(db.dialect, members)
    async with db.write() as connection:
        await connection.execute(
            insert.on_conflict_do_update(
                index_elements=[members.c.member_id],
                set_={k: insert.excluded[k] for k in values if k != "member_id"},
            ),
            [values],
        )
