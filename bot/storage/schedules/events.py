"""What the bot keeps of its schedules' Discord events: which event is a schedule's (and where
its rule counts from), which skips are already exceptions of it, which removed schedules still
have one, and which interested members were told before a round, each exactly once."""

from __future__ import annotations

from collections.abc import Callable, Collection
from datetime import date, datetime

from sqlalchemy import select, update

from bot.quiz.rounds.rules import RoundState
from bot.quiz.schedules.series import Occurrence, Outcome, Schedule
from bot.quiz.shards.served import ServedShards
from bot.storage.database import Database
from bot.storage.dialects import insert_for, served
from bot.storage.models import (
    InterestNoticeRow,
    OccurrenceRow,
    RoundRow,
    ScheduleRow,
    interest_notices_table,
    schedules_table,
)
from bot.storage.schedules.series import schedule_of, served_schedules


async def set_event(
    db: Database, schedule_id: int, event_id: int | None, rule_start: datetime | None
) -> None:
    """The schedule's Discord event (None: it has none, or no longer)."""
    async with db.write() as connection:
        await connection.execute(
            update(ScheduleRow)
            .where(ScheduleRow.id == schedule_id)
            .values(event_id=event_id, event_rule_start=rule_start)
        )


async def removed_with_events(
    db: Database, shards: ServedShards, present: Callable[[int], bool]
) -> list[Schedule]:
    """Removed schedules of the servers on ``shards`` the bot is in (``present``) whose Discord
    event is still to be deleted."""
    async with db.read() as connection:
        rows = await connection.execute(
            select(schedules_table).where(
                ScheduleRow.removed_at.is_not(None),
                ScheduleRow.event_id.is_not(None),
                served(ScheduleRow.guild_id, shards),
            )
        )
        return [schedule_of(row) for row in rows.all() if present(row.guild_id)]


async def skips_to_except(db: Database, schedule_id: int, now: datetime) -> list[Occurrence]:
    """The schedule's skipped occurrences still to come that its event does not yet except."""
    async with db.read() as connection:
        rows = await connection.execute(
            select(OccurrenceRow.local_day, OccurrenceRow.due_at)
            .where(
                OccurrenceRow.schedule_id == schedule_id,
                OccurrenceRow.outcome == Outcome.SKIPPED.value,
                OccurrenceRow.excepted.is_(False),
                OccurrenceRow.due_at > now,
            )
            .order_by(OccurrenceRow.local_day)
        )
        return [Occurrence(day, due) for day, due in rows.all()]


async def set_excepted(
    db: Database, schedule_id: int, days: Collection[date], *, excepted: bool
) -> None:
    """Whether these skipped occurrences are exceptions of the schedule's event (a new rule
    drops its exceptions: then they are to be made again)."""
    async with db.write() as connection:
        await connection.execute(
            update(OccurrenceRow)
            .where(OccurrenceRow.schedule_id == schedule_id, OccurrenceRow.local_day.in_(days))
            .values(excepted=excepted)
        )


async def skipped_ahead(db: Database, schedule_id: int, now: datetime) -> list[date]:
    """Every skipped occurrence of the schedule still to come."""
    async with db.read() as connection:
        rows = await connection.execute(
            select(OccurrenceRow.local_day).where(
                OccurrenceRow.schedule_id == schedule_id,
                OccurrenceRow.outcome == Outcome.SKIPPED.value,
                OccurrenceRow.due_at > now,
            )
        )
        return [row[0] for row in rows.all()]


async def with_running_round(db: Database, shards: ServedShards) -> set[int]:
    """The schedules of the servers on ``shards`` one of whose rounds is running."""
    async with db.read() as connection:
        rows = await connection.execute(
            select(OccurrenceRow.schedule_id)
            .join(RoundRow, RoundRow.id == OccurrenceRow.round_id)
            .where(
                OccurrenceRow.schedule_id.in_(served_schedules(shards)),
                RoundRow.state == RoundState.RUNNING.value,
            )
        )
        return {row[0] for row in rows.all()}


async def claim_notice(
    db: Database, schedule_id: int, local_day: date, member_id: int, now: datetime, *, sent: bool
) -> bool:
    """Records that the member is told (``sent``) or not told about the round of ``local_day``;
    False if that was decided already, by this process or another (then nobody tells them)."""
    insert = insert_for(db.dialect, interest_notices_table)
    async with db.write() as connection:
        claimed = await connection.execute(
            insert.values(
                schedule_id=schedule_id,
                local_day=local_day,
                member_id=member_id,
                noticed_at=now,
                sent=sent,
            ).on_conflict_do_nothing(
                index_elements=[
                    InterestNoticeRow.schedule_id,
                    InterestNoticeRow.local_day,
                    InterestNoticeRow.member_id,
                ]
            )
        )
    return claimed.rowcount == 1


async def noticed(db: Database, schedule_id: int, local_day: date) -> dict[int, bool]:
    """Who was decided about before the round of ``local_day``: member -> told."""
    async with db.read() as connection:
        rows = await connection.execute(
            select(InterestNoticeRow.member_id, InterestNoticeRow.sent).where(
                InterestNoticeRow.schedule_id == schedule_id,
                InterestNoticeRow.local_day == local_day,
            )
        )
        return {row[0]: row[1] for row in rows.all()}
