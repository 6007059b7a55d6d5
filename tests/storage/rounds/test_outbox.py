"""The outbox: every round transition owes its Discord message in the same transaction, until
the message is confirmed, given up, or its round abandoned."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bot.quiz.rounds.rules import Message, RoundState
from bot.storage.database import Database
from bot.storage.results import RoundView
from bot.storage.rounds import outbox
from bot.storage.rounds.lifecycle import (
    close_question,
    end_round,
    get_round,
    open_question,
)
from bot.storage.rounds.member_answers import member_answer
from bot.storage.rounds.recorder import record_answer
from tests.storage.factories import NOW, start_test_round

LATER = NOW + timedelta(seconds=5)


async def owed(db: Database, view: RoundView) -> list[tuple[Message, int | None]]:
    return [(d.kind, d.question_index) for d in await outbox.pending(db, view.id)]


async def conducted(db: Database) -> set[int]:
    return {round_id for round_id, _ in await outbox.rounds_to_conduct(db)}


async def test_each_transition_owes_its_message_until_it_is_delivered(db: Database) -> None:
    view = await start_test_round(db, question_count=2)
    assert await owed(db, view) == []
    await open_question(db, view.id, 0, NOW)
    (post,) = await outbox.pending(db, view.id)
    assert (post.kind, post.question_index, post.attempts) == (Message.QUESTION, 0, 0)
    await outbox.note_attempt(db, post.id)
    assert (await outbox.pending(db, view.id))[0].attempts == 1  # it may have reached Discord
    await outbox.question_posted(db, post, 500, LATER)
    assert await owed(db, view) == []
    await close_question(db, view.id, 0, LATER)
    assert await owed(db, view) == [(Message.REVEAL, 0)]
    await end_round(db, view.id, RoundState.FINISHED, LATER)
    assert await owed(db, view) == [(Message.REVEAL, 0), (Message.STANDINGS, None)]
    assert view.id in await conducted(db)  # finished, but it still owes messages
    for delivery in await outbox.pending(db, view.id):
        await outbox.delivered(db, delivery, 600 + delivery.id, LATER)
    assert await owed(db, view) == []
    assert view.id not in await conducted(db)
    assert set((await get_round(db, view.id)).message_ids) == {"question:0", "standings"}


async def test_a_question_counts_its_time_from_its_confirmed_post(db: Database) -> None:
    view = await start_test_round(db)
    opened = await open_question(db, view.id, 0, NOW)
    assert opened is not None
    (post,) = await outbox.pending(db, view.id)
    posted_at = NOW + timedelta(seconds=16)  # e.g. Discord answered 5xx four times first
    closes_at = await outbox.question_posted(db, post, 500, posted_at)
    assert closes_at == posted_at + timedelta(seconds=20)
    stored = await get_round(db, view.id)
    assert (stored.question_opened_at, stored.closes_at) == (posted_at, closes_at)
    assert stored.message_ids == {"question:0": 500}


async def test_clicks_taken_before_the_post_was_confirmed_are_timed_from_the_post(
    db: Database,
) -> None:
    view = await start_test_round(db)
    await open_question(db, view.id, 0, NOW)
    (post,) = await outbox.pending(db, view.id)
    question_id = view.question_order[0]
    visible_since = NOW + timedelta(seconds=2)  # Discord took the post two seconds after opening
    for member_id, seconds in ((1, 2.5), (2, 1.5)):  # 500 ms after it; one from a skewed clock
        await record_answer(
            db,
            round_id=view.id,
            question_id=question_id,
            member_id=member_id,
            option_index=0,
            now=NOW + timedelta(seconds=seconds),
        )
    await outbox.question_posted(db, post, 500, visible_since)
    times = [
        (await member_answer(db, round_id=view.id, question_id=question_id, member_id=m))
        for m in (1, 2)
    ]
    assert [t.response_ms if t else None for t in times] == [500, 0]


async def test_a_post_confirmed_after_its_question_closed_changes_no_time(db: Database) -> None:
    view = await start_test_round(db)
    opened = await open_question(db, view.id, 0, NOW)
    assert opened is not None
    (post,) = await outbox.pending(db, view.id)
    await close_question(db, view.id, 0, NOW)  # a moderator skipped meanwhile
    assert await outbox.question_posted(db, post, 500, LATER) is None
    assert (await get_round(db, view.id)).closes_at == opened.closes_at
    assert await owed(db, view) == [(Message.REVEAL, 0)]


async def test_stopping_owes_the_open_question_reveal_then_the_standings_once(
    db: Database,
) -> None:
    view = await start_test_round(db)
    await open_question(db, view.id, 0, NOW)
    (post,) = await outbox.pending(db, view.id)
    await outbox.delivered(db, post, 500, NOW)
    await end_round(db, view.id, RoundState.STOPPED, LATER)
    await end_round(db, view.id, RoundState.STOPPED, LATER)  # a second stop owes nothing
    assert await owed(db, view) == [(Message.REVEAL, 0), (Message.STANDINGS, None)]
    between = await start_test_round(db, channel_id=11)
    await end_round(db, between.id, RoundState.STOPPED, LATER)
    assert await owed(db, between) == [(Message.STANDINGS, None)]


async def test_a_close_racing_a_stop_owes_one_reveal(db: Database, database_url: str) -> None:
    view = await start_test_round(db)
    await open_question(db, view.id, 0, NOW)
    other = Database.open(database_url)
    try:
        await asyncio.gather(
            close_question(db, view.id, 0, LATER),
            end_round(other, view.id, RoundState.STOPPED, LATER),
        )
    finally:
        await other.close()
    kinds = [kind for kind, _ in await owed(db, view)]
    assert kinds.count(Message.REVEAL) == 1
    assert kinds.count(Message.STANDINGS) == 1


async def test_an_abandoned_round_stops_and_owes_nothing(db: Database) -> None:
    view = await start_test_round(db)
    await open_question(db, view.id, 0, NOW)
    assert await outbox.abandon_round(db, view.id, "the channel no longer exists", LATER)
    assert await owed(db, view) == []
    assert view.id not in await conducted(db)
    stopped = await get_round(db, view.id)
    assert (stopped.state, stopped.question_open) == (RoundState.STOPPED, False)
    assert not await outbox.abandon_round(db, view.id, "again", LATER)


async def test_a_refused_message_is_given_up_alone(db: Database) -> None:
    view = await start_test_round(db)
    await open_question(db, view.id, 0, NOW)
    (post,) = await outbox.pending(db, view.id)
    await outbox.give_up(db, post, "HTTPException: 400 Bad Request")
    assert await owed(db, view) == []
    assert (await get_round(db, view.id)).state is RoundState.RUNNING
