"""Due-questions reminders, claimed in the database so that one process sends each.

Each process reads the members on its shards (their ids split among the shards as servers'
are, bot/storage/dialects.py), so the processes of a sharded bot share the sending; while a
shard changes hands two may read the same member, and the claim still lets one send.

A reminder is a row per (member, member-local day). A process claims it by inserting the row, or,
when the row is an unconfirmed claim whose lease ran out (its process crashed or stopped), by a
conditional UPDATE on that expired lease; either way only one process wins, on SQLite and on
PostgreSQL alike. The winner notes each send before it may reach Discord and marks the row sent
once Discord confirms, so a claim picked up again after a crash looks for the DM before sending.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.shards.served import EVERY_SHARD, ServedShards
from bot.storage.database import Database
from bot.storage.dialects import insert_for, served
from bot.storage.models import (
    CardRow,
    MemberSettingsRow,
    PackRow,
    QuestionRow,
    ReminderRow,
    reminders_table,
)
from bot.storage.models import member_settings_table as members
from bot.storage.packs.library import visible_packs
from bot.storage.results import MemberSettings
from bot.storage.review.leeches import not_leech
from bot.storage.settings.settings import member_settings_of

CLAIMED, SENT, REFUSED, DROPPED = "claimed", "sent", "refused", "dropped"


@dataclass(frozen=True, slots=True)
class Candidate:
    """A member with reminders on, and the latest local day a reminder was claimed for."""

    settings: MemberSettings
    last_reminded: date | None


@dataclass(frozen=True, slots=True)
class Claim:
    """A reminder this process may send; ``attempts`` earlier sends may have reached Discord."""

    member_id: int
    local_day: date
    attempts: int


async def candidates(db: Database, shards: ServedShards = EVERY_SHARD) -> list[Candidate]:
    """Every member on ``shards`` (by their id, as a server's) who has reminders on."""
    last = (
        select(ReminderRow.member_id, func.max(ReminderRow.local_day).label("last"))
        .group_by(ReminderRow.member_id)
        .subquery()
    )
    async with db.read() as connection:
        rows = await connection.execute(
            select(members, last.c.last)
            .outerjoin(last, last.c.member_id == members.c.member_id)
            .where(members.c.reminders, served(members.c.member_id, shards))
            .order_by(members.c.member_id)
        )
        return [Candidate(member_settings_of(row), row.last) for row in rows.all()]


async def unfinished(
    db: Database, now: datetime, shards: ServedShards = EVERY_SHARD
) -> list[Candidate]:
    """Claims of members on ``shards`` nobody holds any more (their lease ran out before Discord
    confirmed them), with their members' settings; ``last_reminded`` is the day of the claim."""
    async with db.read() as connection:
        rows = await connection.execute(
            select(members, ReminderRow.local_day)
            .join(ReminderRow, ReminderRow.member_id == members.c.member_id)
            .where(
                ReminderRow.state == CLAIMED,
                ReminderRow.lease_until < now,
                served(ReminderRow.member_id, shards),
            )
            .order_by(ReminderRow.member_id, ReminderRow.local_day)
        )
        return [Candidate(member_settings_of(row), row.local_day) for row in rows.all()]


async def claim(
    db: Database, member_id: int, day: date, *, worker: str, now: datetime, lease: timedelta
) -> Claim | None:
    """The reminder of ``member_id`` for ``day``, if this worker may send it now; None when it
    was sent already or another worker holds it."""
    held = {"claimed_by": worker, "lease_until": now + lease}
    key = (ReminderRow.member_id == member_id, ReminderRow.local_day == day)
    async with db.write() as connection:
        inserted = await connection.execute(
            insert_for(connection.dialect.name, reminders_table)
            .values(member_id=member_id, local_day=day, state=CLAIMED, attempts=0, claimed_at=now)
            .values(held)
            .on_conflict_do_nothing()
        )
        if inserted.rowcount:
            return Claim(member_id, day, 0)
        taken_over = await connection.execute(
            update(ReminderRow)
            .where(*key, ReminderRow.state == CLAIMED, ReminderRow.lease_until < now)
            .values(held)
        )
        if not taken_over.rowcount:
            return None
        attempts = await connection.scalar(select(ReminderRow.attempts).where(*key))
    return Claim(member_id, day, int(attempts or 0))


async def note_attempt(db: Database, claim: Claim) -> None:
    """Remember, before the DM is sent, that it may reach Discord (so it is looked for later)."""
    await _update(db, claim, attempts=ReminderRow.attempts + 1)


async def sent(db: Database, claim: Claim, message_id: int, now: datetime) -> None:
    """Discord confirmed the DM."""
    await _update(db, claim, state=SENT, message_id=message_id, sent_at=now)


async def dropped(db: Database, claim: Claim) -> None:
    """Nothing was due any more when the claim was picked up again: nothing to send that day."""
    await _update(db, claim, state=DROPPED)


async def refused(db: Database, claim: Claim) -> None:
    """Discord will not deliver the member's DMs (50007): this reminder is given up, reminders
    go off, and the member is to be told the next time they use the bot."""
    async with db.write() as connection:
        await _set(connection, claim, state=REFUSED)
        await connection.execute(
            update(MemberSettingsRow)
            .where(MemberSettingsRow.member_id == claim.member_id)
            .values(reminders=False, dm_refused=True)
        )


async def refused_members(db: Database) -> set[int]:
    """Members still to be told that their reminders went off (cheap to check per interaction)."""
    async with db.read() as connection:
        rows = await connection.scalars(
            select(MemberSettingsRow.member_id).where(MemberSettingsRow.dm_refused)
        )
        return set(rows.all())


async def due_counts(db: Database, member_id: int, now: datetime) -> dict[str, int]:
    """How many of the member's cards are due now, by pack (active questions only, leeches left
    out). A server's own packs are left out: a reminder's review runs in a DM, where only
    built-in packs show."""
    async with db.read() as connection:
        rows = await connection.execute(
            select(CardRow.pack_id, func.count())
            .join(
                QuestionRow,
                (CardRow.pack_id == QuestionRow.pack_id)
                & (CardRow.question_id == QuestionRow.question_id),
            )
            .join(PackRow, PackRow.id == CardRow.pack_id)
            .where(
                CardRow.member_id == member_id,
                CardRow.due <= now,
                not_leech(),
                QuestionRow.active,
                PackRow.active,
                visible_packs(None),
            )
            .group_by(CardRow.pack_id)
            .order_by(CardRow.pack_id)
        )
        return {pack_id: int(count) for pack_id, count in rows.all()}


async def _update(db: Database, claim: Claim, **values: object) -> None:
    async with db.write() as connection:
        await _set(connection, claim, **values)


async def _set(connection: AsyncConnection, claim: Claim, **values: object) -> None:
    await connection.execute(
        update(ReminderRow)
        .where(
            ReminderRow.member_id == claim.member_id,
            ReminderRow.local_day == claim.local_day,
            ReminderRow.state == CLAIMED,
        )
        .values(**values)
    )
