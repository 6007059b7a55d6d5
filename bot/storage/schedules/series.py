"""Scheduled rounds: the series, and what became of each occurrence, written exactly once.

An occurrence is claimed by inserting its row, keyed by schedule and local day, in the same
transaction that creates its round (``rounds.start_round``), or that records why it did not
start: of several bot processes, or a process and its restarted self, exactly one writes it, and
the others see it taken. A moderator's skip is the same row written beforehand.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import ColumnElement, Row, Select, func, literal, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.rounds.review_round import RoundMode
from bot.quiz.schedules.series import (
    MAX_SCHEDULES,
    NewSchedule,
    Occurrence,
    Outcome,
    Recurrence,
    Schedule,
)
from bot.quiz.shards.served import EVERY_SHARD, ServedShards
from bot.storage.database import Database
from bot.storage.dialects import insert_for, one_of, served
from bot.storage.models import OccurrenceRow, ScheduleRow, occurrences_table, schedules_table
from bot.storage.models.rounds import plan_of, stored_plan


class TooManySchedulesError(Exception):
    """The server already has as many schedules as one list can show."""


class OccurrenceTakenError(Exception):
    """The occurrence is recorded already (started by another process, skipped, missed), or its
    schedule was removed."""


@dataclass(frozen=True, slots=True)
class Records:
    """What is recorded of a schedule's occurrences, as the loop needs it."""

    settled_until: datetime | None  # the newest recorded occurrence due by now
    ahead: frozenset[date]  # local days recorded beforehand (skipped) and not due yet


NOTHING_RECORDED = Records(None, frozenset())


@dataclass(frozen=True, slots=True)
class Note:
    """An occurrence its moderator is to be told about."""

    schedule: Schedule
    occurrence: Occurrence
    outcome: Outcome


async def add(db: Database, new: NewSchedule) -> Schedule:
    """Saves a new series; TooManySchedulesError if the server has MAX_SCHEDULES already."""
    recurrence = new.recurrence
    values = {
        "guild_id": new.guild_id,
        "channel_id": new.channel_id,
        "pack_id": new.pack_id,
        "minute": recurrence.minute,
        "weekday": recurrence.weekday,
        "ends_on": recurrence.ends_on,
        "question_count": new.question_count,
        "question_seconds": new.question_seconds,
        "mode": new.mode.value,
        "ping_role_id": new.ping_role_id,
        "teams": stored_plan(new.teams),
        "created_by": new.created_by,
        "created_locale": new.created_locale,
        "created_at": new.created_at,
    }
    async with db.write() as connection:
        count = await connection.scalar(
            select(func.count()).where(_active(), ScheduleRow.guild_id == new.guild_id)
        )
        if (count or 0) >= MAX_SCHEDULES:
            raise TooManySchedulesError(f"server {new.guild_id} has {count} schedules")
        result = await connection.execute(
            schedules_table.insert().values(values).returning(schedules_table.c.id)
        )
        schedule_id: int = result.scalar_one()
    return Schedule(**{field: getattr(new, field) for field in _NEW_FIELDS}, id=schedule_id)


async def guild_schedules(db: Database, guild_id: int) -> list[Schedule]:
    """The server's schedules, oldest first."""
    async with db.read() as connection:
        rows = await connection.execute(
            select(schedules_table)
            .where(_active(), ScheduleRow.guild_id == guild_id)
            .order_by(ScheduleRow.id)
        )
        return [schedule_of(row) for row in rows.all()]


async def active_schedules(db: Database, shards: ServedShards = EVERY_SHARD) -> list[Schedule]:
    """The schedules of the servers on ``shards``: what the loop goes through."""
    async with db.read() as connection:
        rows = await connection.execute(
            select(schedules_table)
            .where(_active(), served(ScheduleRow.guild_id, shards))
            .order_by(ScheduleRow.id)
        )
        return [schedule_of(row) for row in rows.all()]


def served_schedules(shards: ServedShards) -> Select[int]:
    """The ids of the schedules of the servers on ``shards``, for an ``IN`` of a subquery (no
    parameter per schedule)."""
    return select(ScheduleRow.id).where(_active(), served(ScheduleRow.guild_id, shards))


async def remove(db: Database, guild_id: int, schedule_id: int, now: datetime) -> bool:
    """Ends a series of this server; False if it has no such schedule."""
    async with db.write() as connection:
        removed = await connection.execute(
            update(ScheduleRow)
            .where(_active(), ScheduleRow.id == schedule_id, ScheduleRow.guild_id == guild_id)
            .values(removed_at=now)
        )
    return bool(removed.rowcount)


async def records(db: Database, schedule_ids: Collection[int], now: datetime) -> dict[int, Records]:
    """For each schedule, its newest occurrence recorded by ``now`` and the days recorded ahead."""
    found = await _records(db, OccurrenceRow.schedule_id.in_(schedule_ids), now)
    return {schedule_id: found.get(schedule_id, NOTHING_RECORDED) for schedule_id in schedule_ids}


async def served_records(db: Database, shards: ServedShards, now: datetime) -> dict[int, Records]:
    """``records`` of the schedules of the servers on ``shards`` with an occurrence recorded
    (the others have ``NOTHING_RECORDED``), chosen by a subquery, not a list of ids."""
    return await _records(db, OccurrenceRow.schedule_id.in_(served_schedules(shards)), now)


async def _records(db: Database, mine: ColumnElement[bool], now: datetime) -> dict[int, Records]:
    ahead: dict[int, set[date]] = {}
    async with db.read() as connection:
        past = await connection.execute(
            select(OccurrenceRow.schedule_id, func.max(OccurrenceRow.due_at))
            .where(mine, OccurrenceRow.due_at <= now)
            .group_by(OccurrenceRow.schedule_id)
        )
        settled: dict[int, datetime] = {row[0]: row[1] for row in past.all()}
        coming = await connection.execute(
            select(OccurrenceRow.schedule_id, OccurrenceRow.local_day).where(
                mine, OccurrenceRow.due_at > now
            )
        )
        for schedule_id, day in coming.all():
            ahead.setdefault(schedule_id, set()).add(day)
    return {
        schedule_id: Records(settled.get(schedule_id), frozenset(ahead.get(schedule_id, ())))
        for schedule_id in settled.keys() | ahead.keys()
    }


async def claim(
    connection: AsyncConnection,
    schedule_id: int,
    occurrence: Occurrence,
    outcome: Outcome,
    now: datetime,
) -> None:
    """Records ``outcome`` for the occurrence in the caller's transaction; OccurrenceTakenError
    if it was recorded already or its schedule removed. On PostgreSQL a concurrent claim waits
    for the first to commit, then finds the row there."""
    insert = insert_for(connection.dialect.name, occurrences_table)
    chosen = select(
        literal(schedule_id),
        literal(occurrence.local_day),
        literal(occurrence.due_at, type_=OccurrenceRow.due_at.type),
        literal(outcome.value),
        literal(now, type_=OccurrenceRow.recorded_at.type),
        literal(outcome.told),
    ).where(_active(), ScheduleRow.id == schedule_id)
    columns = ["schedule_id", "local_day", "due_at", "outcome", "recorded_at", "note_owed"]
    claimed = await connection.execute(
        insert.from_select(columns, chosen).on_conflict_do_nothing(
            index_elements=[OccurrenceRow.schedule_id, OccurrenceRow.local_day]
        )
    )
    if claimed.rowcount != 1:
        raise OccurrenceTakenError(f"schedule {schedule_id}, {occurrence.local_day}")


async def attach_round(
    connection: AsyncConnection, schedule_id: int, local_day: date, round_id: int
) -> None:
    """The round a claimed occurrence started, in the transaction that claimed it."""
    await connection.execute(
        update(OccurrenceRow)
        .where(OccurrenceRow.schedule_id == schedule_id, OccurrenceRow.local_day == local_day)
        .values(round_id=round_id)
    )


async def record(
    db: Database, schedule_id: int, occurrence: Occurrence, outcome: Outcome, now: datetime
) -> bool:
    """Records why an occurrence did not start (or that it is skipped); False if it was recorded
    already (then whoever recorded it acts on it)."""
    try:
        async with db.write() as connection:
            await claim(connection, schedule_id, occurrence, outcome, now)
    except OccurrenceTakenError:
        return False
    return True


async def outcomes(db: Database, schedule_id: int) -> dict[date, tuple[Outcome, int | None]]:
    """Every recorded occurrence of a schedule: its outcome and the round it started."""
    async with db.read() as connection:
        rows = await connection.execute(
            select(OccurrenceRow.local_day, OccurrenceRow.outcome, OccurrenceRow.round_id).where(
                OccurrenceRow.schedule_id == schedule_id
            )
        )
        return {day: (Outcome(outcome), round_id) for day, outcome, round_id in rows.all()}


async def take_notes(
    db: Database, shards: ServedShards, present: Callable[[int], bool]
) -> list[Note]:
    """The occurrences of the servers on ``shards`` the bot is in (``present``) whose moderators
    are still to be told, each taken once, by schedule and day: whoever gets a note tells them
    (a crash between taking and telling loses it). Looked for with a read (most passes find
    none), then taken by one conditional update per batch of schedules."""
    async with db.read() as connection:
        found = await connection.execute(
            select(schedules_table)
            .where(
                ScheduleRow.id.in_(
                    select(OccurrenceRow.schedule_id).where(OccurrenceRow.note_owed.is_(True))
                ),
                served(ScheduleRow.guild_id, shards),
            )
            .order_by(ScheduleRow.id)
        )
        owing = {row.id: schedule_of(row) for row in found.all() if present(row.guild_id)}
    taken: list[Row[int, date, datetime, str]] = []
    ids = list(owing)
    async with db.write() as connection:
        for start in range(0, len(ids), TAKE_BATCH):
            chosen = one_of(db.dialect, OccurrenceRow.schedule_id, ids[start : start + TAKE_BATCH])
            done = await connection.execute(
                update(OccurrenceRow)
                .where(chosen, OccurrenceRow.note_owed.is_(True))
                .values(note_owed=False)
                .returning(*_NOTED)
            )
            taken.extend(done.all())
    taken.sort(key=lambda row: (row.schedule_id, row.local_day))
    return [
        Note(owing[row.schedule_id], Occurrence(row.local_day, row.due_at), Outcome(row.outcome))
        for row in taken
    ]


_NEW_FIELDS = tuple(NewSchedule.__dataclass_fields__)
_NOTED = (
    OccurrenceRow.schedule_id,
    OccurrenceRow.local_day,
    OccurrenceRow.due_at,
    OccurrenceRow.outcome,
)
TAKE_BATCH = 1_000  # schedules whose notes one statement takes (on SQLite, a parameter each)


def _active() -> ColumnElement[bool]:
    return ScheduleRow.removed_at.is_(None)


def schedule_of(row: Row[Any]) -> Schedule:
    """The schedule in a row of ``schedules`` (all its columns)."""
    return Schedule(
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        pack_id=row.pack_id,
        recurrence=Recurrence(row.minute, row.weekday, row.ends_on),
        question_count=row.question_count,
        question_seconds=row.question_seconds,
        mode=RoundMode(row.mode),
        ping_role_id=row.ping_role_id,
        teams=plan_of(row.teams),
        created_by=row.created_by,
        created_locale=row.created_locale,
        created_at=row.created_at,
        id=row.id,
        event_id=row.event_id,
        event_rule_start=row.event_rule_start,
    )
