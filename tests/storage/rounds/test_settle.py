"""Settling a closed question: scores, cards and review log apply once, whoever settles it,
after its close in a transaction of its own, or in the round's end."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable, Callable
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from bot.quiz.rounds.rules import RoundState
from bot.storage.database import Database
from bot.storage.models import CardRow, ReviewLogRow, RoundRow, ScoreCountRow, ScoreRow
from bot.storage.rounds.lifecycle import close_question, end_round, open_question
from bot.storage.rounds.outbox import abandon_round, end_without_content
from bot.storage.rounds.recorder import record_answer
from bot.storage.rounds.settle import settle_next, settle_pending
from bot.storage.rounds.tallies import standings
from tests.storage.factories import NOW, start_test_round

MEMBERS = range(100, 110)
Closer = Callable[[Database, int], Awaitable[object]]
LATER = NOW + timedelta(seconds=10)


async def _close(db: Database, round_id: int) -> object:
    """What a round's conductor does: the close, then its settle in a transaction of its own."""
    await close_question(db, round_id, 0, LATER)
    return await settle_pending(db, round_id)


async def _stop(db: Database, round_id: int) -> object:
    return await end_round(db, round_id, RoundState.STOPPED, LATER)


async def _abandon(db: Database, round_id: int) -> object:
    return await abandon_round(db, round_id, "channel gone", LATER)


async def answered_round(db: Database) -> int:
    """A round whose first question every member of MEMBERS answered (option = member % 4)."""
    view = await start_test_round(db, seed=11)
    opened = await open_question(db, view.id, 0, NOW)
    assert opened is not None
    at = NOW + timedelta(seconds=1)
    for member_id in MEMBERS:
        answer = {"member_id": member_id, "option_index": member_id % 4}
        await record_answer(db, round_id=view.id, question_id=opened.question_id, now=at, **answer)
    return view.id


async def settled(db: Database) -> tuple[int, int, int]:
    """(sum of `answered` over all-time all-pack scores, cards, review log entries)."""
    async with db.read() as connection:
        answered = await connection.scalar(
            select(func.coalesce(func.sum(ScoreRow.answered), 0)).where(
                ScoreRow.period == "all", ScoreRow.pack_id == ""
            )
        )
        cards = await connection.scalar(select(func.count()).select_from(CardRow))
        logs = await connection.scalar(select(func.count()).select_from(ReviewLogRow))
    return int(answered or 0), int(cards or 0), int(logs or 0)


@pytest.mark.parametrize("closer", [_close, _stop, _abandon], ids=["close", "stop", "abandon"])
async def test_answers_count_once_the_question_closes_whoever_closes_it(
    db: Database, closer: Closer
) -> None:
    round_id = await answered_round(db)
    assert await settled(db) == (0, 0, 0)  # recorded, not yet on the boards or the cards
    await closer(db, round_id)
    assert await settled(db) == (len(MEMBERS),) * 3
    for again in (_close, _stop, _abandon):  # nothing is settled twice
        await again(db, round_id)
    assert await settled(db) == (len(MEMBERS),) * 3


async def test_closing_from_two_processes_at_once_settles_once(
    db: Database, database_url: str
) -> None:
    round_id = await answered_round(db)
    other = Database.open(database_url)  # another bot process: its own pool and writer
    try:
        await asyncio.gather(
            _close(db, round_id), _stop(other, round_id), _abandon(other, round_id)
        )
    finally:
        await other.close()
    assert await settled(db) == (len(MEMBERS),) * 3


async def _answered_in(db: Database, channel_id: int, seed: int) -> int:
    """A round in ``channel_id`` of server 1 whose first question MEMBERS answered."""
    view = await start_test_round(db, channel_id=channel_id, seed=seed)
    opened = await open_question(db, view.id, 0, NOW)
    assert opened is not None
    at = NOW + timedelta(seconds=2)
    for member_id in MEMBERS:
        answer = {"member_id": member_id, "option_index": (member_id + seed) % 4}
        await record_answer(db, round_id=view.id, question_id=opened.question_id, now=at, **answer)
    return view.id


async def test_two_rounds_of_one_server_settling_at_once_keep_the_counts_of_the_points(
    db: Database, database_url: str
) -> None:
    """The per-points counts are moved from the points each member had before the settle (read
    under the server's settle lock on PostgreSQL): after a first settle, two more of the same
    members' boards (two channels, two processes, closed together) must leave every count equal
    to the members its boards hold at those points. Whether the two overlap is up to timing."""
    earlier = await _answered_in(db, 10, seed=11)
    await _close(db, earlier)  # the members have points to move from
    rounds = [await _answered_in(db, 11, seed=12), await _answered_in(db, 12, seed=13)]
    other = Database.open(database_url)
    try:
        await asyncio.gather(_close(db, rounds[0]), _close(other, rounds[1]))
    finally:
        await other.close()
    async with db.read() as connection:
        scores = (
            await connection.execute(
                select(ScoreRow.period, ScoreRow.pack_id, ScoreRow.points, ScoreRow.answered)
            )
        ).all()
        counts = (
            await connection.execute(
                select(
                    ScoreCountRow.period,
                    ScoreCountRow.pack_id,
                    ScoreCountRow.points,
                    ScoreCountRow.members,
                ).where(ScoreCountRow.members != 0)
            )
        ).all()
    assert {row.answered for row in scores if row.pack_id == ""} == {3}
    expected = Counter((row.period, row.pack_id, row.points) for row in scores)
    assert {(r.period, r.pack_id, r.points): r.members for r in counts} == dict(expected)


async def _settled_through(db: Database, round_id: int) -> int:
    async with db.read() as connection:
        mark = await connection.scalar(
            select(RoundRow.settled_through).where(RoundRow.id == round_id)
        )
    assert mark is not None
    return mark


async def test_the_close_alone_settles_nothing_and_two_settles_racing_settle_it_once(
    db: Database, database_url: str
) -> None:
    round_id = await answered_round(db)
    await close_question(db, round_id, 0, LATER)
    assert await settled(db) == (0, 0, 0)  # the reveal does not wait for the settle
    assert await _settled_through(db, round_id) == -1
    other = Database.open(database_url)  # another bot process: its own pool and writer
    try:
        await asyncio.gather(
            settle_pending(db, round_id),
            settle_next(other, round_id),
            settle_pending(other, round_id),
        )
    finally:
        await other.close()
    assert await settled(db) == (len(MEMBERS),) * 3
    assert await _settled_through(db, round_id) == 0
    assert await settle_next(db, round_id) is None  # nothing is left pending


async def test_a_settle_racing_the_round_s_end_settles_once(
    db: Database, database_url: str
) -> None:
    """Whichever comes first, the question is settled once (the end takes the server's settle
    lock before the round's row, in the order a settle takes them)."""
    round_id = await answered_round(db)
    await close_question(db, round_id, 0, LATER)
    other = Database.open(database_url)
    try:
        await asyncio.gather(
            settle_next(db, round_id), _stop(other, round_id), _abandon(db, round_id)
        )
    finally:
        await other.close()
    assert await settled(db) == (len(MEMBERS),) * 3
    assert await _settled_through(db, round_id) == 0


async def test_an_open_question_is_not_settled(db: Database) -> None:
    round_id = await answered_round(db)
    assert await settle_pending(db, round_id) == 0
    assert await settled(db) == (0, 0, 0)


async def _closed_unsettled(db: Database, question_index: int, round_id: int) -> None:
    """Question ``question_index`` opened, answered by MEMBERS and closed, as if the process
    died before its settle."""
    opened = await open_question(db, round_id, question_index, LATER)
    assert opened is not None
    for member_id in MEMBERS:
        await record_answer(
            db,
            round_id=round_id,
            question_id=opened.question_id,
            member_id=member_id,
            option_index=0,
            now=LATER + timedelta(seconds=1),
        )
    assert await close_question(db, round_id, question_index, LATER + timedelta(seconds=2))


async def test_questions_left_unsettled_are_settled_in_order_one_transaction_each(
    db: Database,
) -> None:
    round_id = await answered_round(db)
    await close_question(db, round_id, 0, LATER)
    await _closed_unsettled(db, 1, round_id)
    assert await settle_next(db, round_id) == 0
    assert await _settled_through(db, round_id) == 0
    assert await settled(db) == (len(MEMBERS), len(MEMBERS), len(MEMBERS))
    assert await settle_pending(db, round_id) == 1
    assert await settled(db) == (2 * len(MEMBERS), 2 * len(MEMBERS), 2 * len(MEMBERS))


Ender = Callable[[Database, int], Awaitable[object]]


async def _finish(db: Database, round_id: int) -> object:
    return await end_round(db, round_id, RoundState.FINISHED, LATER + timedelta(seconds=3))


async def _gone(db: Database, round_id: int) -> object:
    return await end_without_content(db, round_id, "pack gone", LATER + timedelta(seconds=3))


@pytest.mark.parametrize(
    "ender", [_finish, _stop, _abandon, _gone], ids=["finish", "stop", "abandon", "gone"]
)
async def test_a_round_s_end_settles_every_question_left_unsettled(
    db: Database, ender: Ender
) -> None:
    """A crash between closes and their settles: the end settles them, and the one it closes."""
    round_id = await answered_round(db)
    await close_question(db, round_id, 0, LATER)
    await _closed_unsettled(db, 1, round_id)
    opened = await open_question(db, round_id, 2, LATER + timedelta(seconds=2))
    assert opened is not None
    await record_answer(
        db,
        round_id=round_id,
        question_id=opened.question_id,
        member_id=100,
        option_index=1,
        now=LATER,
    )
    await ender(db, round_id)
    assert await settled(db) == (2 * len(MEMBERS) + 1,) * 3
    assert await _settled_through(db, round_id) == 2
    board = await standings(db, round_id)  # the standings the end owes
    assert board.played == len(MEMBERS)
    assert sum(row.answered for row in board.shown) == 2 * len(MEMBERS) + 1
