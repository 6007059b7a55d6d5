"""Many servers' rows for the background loops' queries, and those queries, as a pass of each
loop makes them on one process of a sharded bot.

Each server has a reward grant, an ended season, a schedule with a recorded occurrence of a
round, a removed schedule, and a member with reminders on with a reminder. ``owed``: every one of
them waits for the loops (a grant to give, standings to post, a note to take, an event to
delete, a round to conduct, a reminder's lapsed claim), the worst a pass meets; else all is done
but a handful, as on most passes. Server and member ids are snowflakes spread evenly over the
shards.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import Table, insert

from bot.quiz.shards.served import ServedShards
from bot.storage.database import Database
from bot.storage.dialects import bulk_insert, write_bulk
from bot.storage.models import (
    member_settings_table,
    occurrences_table,
    reminders_table,
    reward_grants_table,
    rounds_table,
    schedules_table,
    seasons_table,
)
from bot.storage.models.packs import PackRow
from bot.storage.reminders import due_reminders
from bot.storage.rewards import reward_roles
from bot.storage.rounds import outbox
from bot.storage.schedules import events, series
from bot.storage.seasons import season

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
DAY = date(2026, 12, 1)
FIRST_ID = 1_000_000  # snowflakes: (FIRST_ID + i) << 22, on shard (FIRST_ID + i) % count
PACK = "loops"
STILL_OWED = 5  # servers with something owed when not ``owed``
BATCH = 5_000


def server_id(index: int) -> int:
    return (FIRST_ID + index) << 22


def member_id(index: int) -> int:
    return ((FIRST_ID + index) << 22) | 1


async def fill(db: Database, servers: int, *, owed: bool) -> None:
    """Every server's rows (ids from 1: server ``i`` has round, schedules ``2i+1``, ``2i+2``)."""
    async with db.write() as connection:
        await connection.execute(
            insert(PackRow).values(id=PACK, title=PACK, active=True, synced_at=NOW)
        )
    for start in range(0, servers, BATCH):
        indexes = range(start, min(start + BATCH, servers))
        async with db.write() as connection:
            for table, rows in _rows(indexes, owed=owed).items():
                if table is rounds_table:  # a JSON column: not as an array of its values
                    await connection.execute(insert(table), rows)
                    continue
                names = list(rows[0])
                values = [tuple(row[name] for name in names) for row in rows]
                statement = bulk_insert(db.dialect, table, names)
                await connection.run_sync(write_bulk, statement, names, values)


def _rows(indexes: range, *, owed: bool) -> dict[Table, list[dict[str, Any]]]:
    def waits(index: int) -> bool:
        return owed or index < STILL_OWED

    done = NOW - timedelta(days=1)
    return {
        rounds_table: [_round(i, running=waits(i)) for i in indexes],
        reward_grants_table: [
            {"guild_id": server_id(i), "member_id": member_id(i), "role_id": 1, "period": "all"}
            | {"points": 1, "earned_at": done, "given_at": None if waits(i) else done}
            for i in indexes
        ],
        seasons_table: [_season(i, posted=not waits(i)) for i in indexes],
        schedules_table: [s for i in indexes for s in _schedules(i, removed_event=waits(i))],
        occurrences_table: [
            {"schedule_id": 2 * i + 1, "local_day": DAY, "due_at": done, "outcome": "started"}
            | {"round_id": i + 1, "recorded_at": done, "note_owed": waits(i)}
            for i in indexes
        ],
        member_settings_table: [
            {"member_id": member_id(i), "daily_new_limit": 20, "time_zone": "UTC"}
            | {"reminders": True}
            for i in indexes
        ],
        reminders_table: [
            {"member_id": member_id(i), "local_day": DAY, "claimed_by": "gone", "attempts": 0}
            | {"state": "claimed" if waits(i) else "sent", "lease_until": done, "claimed_at": done}
            for i in indexes
        ],
    }


def _round(index: int, *, running: bool) -> dict[str, Any]:
    return {
        "id": index + 1,
        "guild_id": server_id(index),
        "channel_id": index + 1,
        "pack_id": PACK,
        "started_by": 1,
        "question_seconds": 30,
        "question_order": [],
        "state": "running" if running else "finished",
        "question_index": -1,
        "question_open": False,
        "started_at": NOW - timedelta(days=1),
    }


def _season(index: int, *, posted: bool) -> dict[str, Any]:
    return {
        "guild_id": server_id(index),
        "name": "Spring",
        "name_key": "spring",
        "started_at": NOW - timedelta(days=30),
        "started_by": 1,
        "channel_id": 1,
        "ends_at": NOW - timedelta(days=1),
        "ended_at": NOW - timedelta(days=1),
        "standings_message_id": 1 if posted else None,
    }


def _schedules(index: int, *, removed_event: bool) -> list[dict[str, Any]]:
    common = {"guild_id": server_id(index), "channel_id": 1, "pack_id": PACK, "minute": 600}
    common |= {"mode": "normal", "created_by": 1, "created_locale": "en-US", "created_at": NOW}
    active = {"id": 2 * index + 1, "removed_at": None, "event_id": None}
    removed = {"id": 2 * index + 2, "removed_at": NOW, "event_id": 1 if removed_event else None}
    return [common | active, common | removed]


Pass = Callable[[Database, ServedShards], Awaitable[int]]


def _here(_: int) -> bool:
    return True  # the bot is in every server


async def _grants(db: Database, shards: ServedShards) -> int:
    return len(await reward_roles.claim_grants(db, NOW, shards, _here))


async def _standings(db: Database, shards: ServedShards) -> int:
    return len(await season.claim_standings(db, NOW, shards, _here))


async def _notes(db: Database, shards: ServedShards) -> int:
    return len(await series.take_notes(db, shards, _here))


async def _removed(db: Database, shards: ServedShards) -> int:
    return len(await events.removed_with_events(db, shards, _here))


async def _schedules_of(db: Database, shards: ServedShards) -> int:
    return len(await series.active_schedules(db, shards))


async def _records(db: Database, shards: ServedShards) -> int:
    return len(await series.served_records(db, shards, NOW))


async def _running(db: Database, shards: ServedShards) -> int:
    return len(await events.with_running_round(db, shards))


async def _rounds(db: Database, shards: ServedShards) -> int:
    return len(await outbox.rounds_to_conduct(db, shards))


async def _members(db: Database, shards: ServedShards) -> int:
    return len(await due_reminders.candidates(db, shards))


async def _unfinished(db: Database, shards: ServedShards) -> int:
    return len(await due_reminders.unfinished(db, NOW, shards))


# Each per-server query of the loops, and how many rows of the served servers it finds when
# each of them has one owed (``fill(owed=True)``); every pass but the reminders' finds one.
PASSES: dict[str, Pass] = {
    "rewards_claim_grants": _grants,
    "seasons_claim_standings": _standings,
    "schedules_take_notes": _notes,
    "schedules_removed_with_events": _removed,
    "schedules_active": _schedules_of,
    "schedules_records": _records,
    "schedules_running": _running,
    "supervisor_rounds_to_conduct": _rounds,
    "reminders_candidates": _members,
    "reminders_unfinished": _unfinished,
}
