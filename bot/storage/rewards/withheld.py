"""What the bot did not do on someone's behalf (bot/quiz/authority.py), kept per server, kind
and role so that the server is told once: the first to record it tells, every later pass finds
it recorded. Making the setting again clears it, so a new refusal is told again."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete

from bot.storage.database import Database
from bot.storage.dialects import insert_for
from bot.storage.models import WithheldNoticeRow, withheld_notices_table

REWARD, PING, SCHEDULE_PING = "reward", "ping", "schedule_ping"  # the settings' ping, a schedule's


async def first_notice(
    db: Database, guild_id: int, kind: str, role_id: int, *, reason: str, now: datetime
) -> bool:
    """Records the withheld action; whether this call was the first (so is to tell)."""
    insert = insert_for(db.dialect, withheld_notices_table)
    values = {
        "guild_id": guild_id,
        "kind": kind,
        "role_id": role_id,
        "reason": reason[:64],
        "told_at": now,
    }
    async with db.write() as connection:
        recorded = await connection.execute(insert.values(values).on_conflict_do_nothing())
        return bool(recorded.rowcount)


async def clear_notice(db: Database, guild_id: int, kind: str, role_id: int) -> None:
    async with db.write() as connection:
        await connection.execute(
            delete(WithheldNoticeRow).where(
                WithheldNoticeRow.guild_id == guild_id,
                WithheldNoticeRow.kind == kind,
                WithheldNoticeRow.role_id == role_id,
            )
        )
