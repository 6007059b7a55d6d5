"""Schedules: saved and listed per server, removed, and each occurrence recorded exactly once,
in the transaction that starts its round, however many processes race for it."""

from __future__ import annotations

import asyncio
from datetime import date, timedelta

import pytest

from bot.quiz.rounds.plan import RoundPlan
from bot.quiz.rounds.review_round import RoundMode
from bot.quiz.rounds.rules import Message, RoundState
from bot.quiz.rounds.teams import TeamPlan
from bot.quiz.schedules.series import MAX_SCHEDULES, NewSchedule, Occurrence, Outcome, Recurrence
from bot.quiz.shards.served import EVERY_SHARD, ServedShards
from bot.storage.database import Database
from bot.storage.packs.library import sync_packs
from bot.storage.results import RoundView
from bot.storage.rounds import outbox
from bot.storage.rounds.lifecycle import (
    RoundAlreadyRunningError,
    ScheduledStart,
    end_round,
    start_round,
)
from bot.storage.schedules import events, series
from bot.storage.schedules.series import OccurrenceTakenError, TooManySchedulesError
from tests.storage.factories import NOW, make_pack, seeded, start_test_round

GUILD = 1
HERE = (EVERY_SHARD, {GUILD}.__contains__)  # every shard, and the bot is in GUILD only
OTHER_SHARD = ServedShards.of(2, {1})  # GUILD's id is on shard 0 of 2
MONDAY_19 = Recurrence(19 * 60, weekday=0)
DUE = Occurrence(date(2026, 11, 30), NOW + timedelta(days=5, hours=7))  # that Monday, 19:00 UTC


def new_schedule(guild_id: int = GUILD, channel_id: int = 10, **changes: object) -> NewSchedule:
    values: dict[str, object] = {
        "guild_id": guild_id,
        "channel_id": channel_id,
        "pack_id": "basics",
        "recurrence": MONDAY_19,
        "question_count": 3,
        "question_seconds": None,
        "mode": RoundMode.NORMAL,
        "ping_role_id": 2**60,
        "teams": None,
        "created_by": 2**62,
        "created_locale": "el",
        "created_at": NOW,
    }
    return NewSchedule(**(values | changes))  # type: ignore[arg-type]


async def start_for(
    db: Database, schedule_id: int, occurrence: Occurrence = DUE, channel_id: int = 10
) -> RoundView:
    return await start_round(
        db,
        RoundPlan(
            guild_id=GUILD,
            channel_id=channel_id,
            pack_id="basics",
            started_by=2**62,
            question_seconds=20,
            question_count=3,
            ping_role_id=2**60,
        ),
        rng=seeded(3),
        now=occurrence.due_at,
        scheduled=ScheduledStart(schedule_id, occurrence),
    )


async def test_a_schedule_is_saved_as_asked_and_listed_in_its_server_only(db: Database) -> None:
    first = await series.add(db, new_schedule())
    daily = Recurrence(7 * 60 + 30, ends_on=date(2027, 6, 30))
    teams = TeamPlan(2, (2**60, 2**61))
    second = await series.add(
        db, new_schedule(recurrence=daily, mode=RoundMode.REVIEW, teams=teams)
    )
    await series.add(db, new_schedule(guild_id=2, teams=TeamPlan(3)))
    listed = await series.guild_schedules(db, GUILD)
    assert listed == [first, second]
    assert listed[1].recurrence == daily
    assert listed[1].mode is RoundMode.REVIEW
    assert (listed[0].teams, listed[1].teams) == (None, teams)
    [elsewhere] = await series.guild_schedules(db, 2)
    assert elsewhere.teams == TeamPlan(3)
    assert listed[0].ping_role_id == 2**60
    assert listed[0].created_at == NOW
    assert len(await series.active_schedules(db)) == 3


async def test_a_removed_schedule_is_gone_from_lists_and_cannot_be_claimed(db: Database) -> None:
    schedule = await series.add(db, new_schedule())
    assert not await series.remove(db, 2, schedule.id, NOW)  # another server's: untouched
    assert await series.remove(db, GUILD, schedule.id, NOW)
    assert not await series.remove(db, GUILD, schedule.id, NOW)
    assert await series.guild_schedules(db, GUILD) == []
    with pytest.raises(OccurrenceTakenError):
        await start_for(db, schedule.id)
    assert not await series.record(db, schedule.id, DUE, Outcome.MISSED, NOW)


async def test_a_server_has_at_most_max_schedules(db: Database) -> None:
    for _ in range(MAX_SCHEDULES):
        await series.add(db, new_schedule())
    with pytest.raises(TooManySchedulesError):
        await series.add(db, new_schedule())
    await series.add(db, new_schedule(guild_id=2))  # another server counts its own


async def test_starting_an_occurrence_records_it_with_its_round_and_owes_the_start_card(
    db: Database,
) -> None:
    schedule = await series.add(db, new_schedule())
    view = await start_for(db, schedule.id)
    assert view.ping_role_id == 2**60
    assert await series.outcomes(db, schedule.id) == {DUE.local_day: (Outcome.STARTED, view.id)}
    owed = await outbox.pending(db, view.id)
    assert [delivery.kind for delivery in owed] == [Message.START]
    with pytest.raises(OccurrenceTakenError):  # a restarted process: not started again
        await start_for(db, schedule.id, channel_id=11)


async def test_a_busy_channel_leaves_the_occurrence_unclaimed(db: Database) -> None:
    schedule = await series.add(db, new_schedule())
    await start_test_round(db, channel_id=10)
    with pytest.raises(RoundAlreadyRunningError):
        await start_for(db, schedule.id)
    assert await series.outcomes(db, schedule.id) == {}  # rolled back with the round


async def test_processes_racing_for_one_occurrence_start_it_once(database_url: str) -> None:
    handles = [Database.open(database_url) for _ in range(4)]
    try:
        await sync_packs(handles[0], [make_pack()], NOW)
        schedule = await series.add(handles[0], new_schedule())

        async def race(db: Database, channel_id: int) -> int | None:
            try:
                return (await start_for(db, schedule.id, channel_id=channel_id)).id
            except OccurrenceTakenError:
                return None

        # Each in its own channel, so that only the claim can stop the others.
        started = await asyncio.gather(*(race(db, 10 + i) for i, db in enumerate(handles)))
        won = [round_id for round_id in started if round_id is not None]
        assert len(won) == 1
        outcome = await series.outcomes(handles[0], schedule.id)
        assert outcome == {DUE.local_day: (Outcome.STARTED, won[0])}
    finally:
        for db in handles:
            await db.close()


async def test_an_outcome_is_recorded_once_and_its_note_taken_once(db: Database) -> None:
    schedule = await series.add(db, new_schedule())
    other = await series.add(db, new_schedule(guild_id=2))
    assert await series.record(db, schedule.id, DUE, Outcome.MISSED, NOW)
    assert not await series.record(db, schedule.id, DUE, Outcome.BUSY, NOW)
    assert await series.record(db, other.id, DUE, Outcome.PACK_GONE, NOW)
    assert await series.take_notes(db, EVERY_SHARD, {3}.__contains__) == []
    notes = await series.take_notes(db, *HERE)
    assert [(n.schedule.id, n.occurrence, n.outcome) for n in notes] == [
        (schedule.id, DUE, Outcome.MISSED)
    ]
    assert await series.take_notes(db, *HERE) == []  # taken: nobody tells it again
    assert [
        n.outcome for n in await series.take_notes(db, EVERY_SHARD, {GUILD, 2}.__contains__)
    ] == [Outcome.PACK_GONE]


async def test_a_skip_owes_no_note_and_counts_as_recorded_ahead(db: Database) -> None:
    schedule = await series.add(db, new_schedule())
    assert await series.record(db, schedule.id, DUE, Outcome.SKIPPED, NOW)
    assert await series.take_notes(db, *HERE) == []
    before = await series.records(db, [schedule.id], NOW)
    assert before[schedule.id] == series.Records(None, frozenset({DUE.local_day}))
    after = await series.records(db, [schedule.id], DUE.due_at)
    assert after[schedule.id] == series.Records(DUE.due_at, frozenset())
    assert await series.served_records(db, EVERY_SHARD, DUE.due_at) == after
    assert await series.served_records(db, OTHER_SHARD, DUE.due_at) == {}
    with pytest.raises(OccurrenceTakenError):
        await start_for(db, schedule.id)


async def test_an_interested_member_is_decided_about_once_per_round(database_url: str) -> None:
    handles = [Database.open(database_url) for _ in range(3)]
    try:
        await sync_packs(handles[0], [make_pack()], NOW)
        schedule = await series.add(handles[0], new_schedule())
        claims = await asyncio.gather(
            *(
                events.claim_notice(db, schedule.id, DUE.local_day, 7, NOW, sent=True)
                for db in handles
            )
        )
        assert sorted(claims) == [False, False, True]
        assert await events.noticed(handles[0], schedule.id, DUE.local_day) == {7: True}
        next_day = DUE.local_day + timedelta(days=7)
        assert await events.claim_notice(handles[0], schedule.id, next_day, 7, NOW, sent=False)
    finally:
        for db in handles:
            await db.close()


async def test_what_the_events_need_is_kept(db: Database) -> None:
    schedule = await series.add(db, new_schedule())
    await events.set_event(db, schedule.id, 2**61, DUE.due_at)
    (stored,) = await series.guild_schedules(db, GUILD)
    assert (stored.event_id, stored.event_rule_start) == (2**61, DUE.due_at)
    assert await series.record(db, schedule.id, DUE, Outcome.SKIPPED, NOW)
    assert await events.skips_to_except(db, schedule.id, NOW) == [DUE]
    await events.set_excepted(db, schedule.id, [DUE.local_day], excepted=True)
    assert await events.skips_to_except(db, schedule.id, NOW) == []
    assert await events.skipped_ahead(db, schedule.id, NOW) == [DUE.local_day]
    assert await events.skipped_ahead(db, schedule.id, DUE.due_at) == []
    later = Occurrence(DUE.local_day + timedelta(days=7), DUE.due_at + timedelta(days=7))
    view = await start_for(db, schedule.id, later)
    assert await events.with_running_round(db, EVERY_SHARD) == {schedule.id}
    assert await events.with_running_round(db, OTHER_SHARD) == set()  # GUILD is on shard 0
    await end_round(db, view.id, RoundState.STOPPED, later.due_at)
    assert await events.with_running_round(db, EVERY_SHARD) == set()
    assert await events.removed_with_events(db, *HERE) == []
    await series.remove(db, GUILD, schedule.id, NOW)
    assert [s.id for s in await events.removed_with_events(db, *HERE)] == [schedule.id]
    await events.set_event(db, schedule.id, None, None)
    assert await events.removed_with_events(db, *HERE) == []
