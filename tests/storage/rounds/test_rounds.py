"""Rounds: start, open and close questions exactly once, tally, standings, resume."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.quiz.rounds.rules import RoundState
from bot.storage.database import Database
from bot.storage.results import FastAnswer, RoundView
from bot.storage.rounds import outbox
from bot.storage.rounds.lifecycle import (
    RoundAlreadyRunningError,
    close_question,
    end_round,
    get_round,
    open_question,
    running_rounds,
)
from bot.storage.rounds.recorder import record_answer
from bot.storage.rounds.tallies import tally
from tests.storage.factories import NOW, seeded, start_test_round


async def start(db: Database, channel_id: int = 10, seed: int = 7) -> RoundView:
    return await start_test_round(db, channel_id=channel_id, question_count=3, seed=seed)


async def answer(db: Database, view: RoundView, member_id: int, option: int, ms: int) -> None:
    await record_answer(
        db,
        round_id=view.id,
        question_id=view.question_order[0],
        member_id=member_id,
        option_index=option,
        now=NOW + timedelta(milliseconds=ms),
    )


def correct_of(question_id: str) -> int:
    return int(question_id.removeprefix("q")) % 4


async def test_a_round_asks_a_seeded_shuffle_of_the_pack(db: Database) -> None:
    view = await start(db)
    expected = [f"q{i}" for i in range(5)]
    seeded(7).shuffle(expected)
    assert view.question_order == tuple(expected[:3])
    again = await start(db, channel_id=11)
    assert again.question_order == view.question_order  # same seed, same order
    assert (view.state, view.question_index, view.current_question_id) == (
        RoundState.RUNNING,
        -1,
        None,
    )


async def test_one_running_round_per_channel(db: Database) -> None:
    view = await start(db)
    with pytest.raises(RoundAlreadyRunningError):
        await start(db)
    await end_round(db, view.id, RoundState.STOPPED, NOW)
    assert (await start(db)).id != view.id


async def test_racing_processes_open_and_close_a_question_once(
    db: Database, database_url: str
) -> None:
    view = await start(db)
    other = Database.open(database_url)
    try:
        opened = await asyncio.gather(
            open_question(db, view.id, 0, NOW), open_question(other, view.id, 0, NOW)
        )
        closed = await asyncio.gather(
            close_question(db, view.id, 0, NOW), close_question(other, view.id, 0, NOW)
        )
    finally:
        await other.close()
    assert sum(o is not None for o in opened) == 1
    assert sum(c is not None for c in closed) == 1
    winner = next(o for o in opened if o is not None)
    assert winner.closes_at == NOW + timedelta(seconds=20)


async def test_questions_open_in_order_only(db: Database) -> None:
    view = await start(db)
    assert await open_question(db, view.id, 1, NOW) is None  # question 0 first
    assert await open_question(db, view.id, 0, NOW) is not None
    assert await open_question(db, view.id, 1, NOW) is None  # question 0 still open
    with pytest.raises(ValueError, match="no question 3"):
        await open_question(db, view.id, 3, NOW)


async def test_close_tallies_options_and_fastest_correct(db: Database) -> None:
    view = await start(db)
    await open_question(db, view.id, 0, NOW)
    right = correct_of(view.question_order[0])
    wrong = (right + 1) % 4
    for member_id, option, ms in [
        (1, right, 900),
        (2, right, 400),
        (3, wrong, 100),
        (4, right, 700),
        (5, right, 800),
    ]:
        await answer(db, view, member_id, option, ms)
    result = await close_question(db, view.id, 0, NOW)
    assert result is not None
    assert result.correct_index == right
    assert result.counts[right] == 4
    assert result.counts[wrong] == 1
    assert result.answered == 5
    assert result.fastest == (FastAnswer(2, 400), FastAnswer(4, 700), FastAnswer(5, 800))
    assert await tally(db, view.id, 0) == result


async def test_standings_rank_by_points_then_time_and_leave_out_zero_rows(db: Database) -> None:
    view = await start(db)
    await open_question(db, view.id, 0, NOW)
    right = correct_of(view.question_order[0])
    await answer(db, view, 1, right, 900)
    await answer(db, view, 2, right, 300)
    await answer(db, view, 3, (right + 1) % 4, 100)
    standings = await end_round(db, view.id, RoundState.FINISHED, NOW + timedelta(minutes=1))
    assert standings is not None
    assert [(s.rank, s.member_id, s.points) for s in standings.shown] == [(1, 2, 1), (2, 1, 1)]
    assert (standings.more, standings.played) == (0, 3)
    assert await end_round(db, view.id, RoundState.STOPPED, NOW) is None  # already over
    ended = await get_round(db, view.id)
    assert (ended.state, ended.question_open) == (RoundState.FINISHED, False)


async def test_a_restarted_process_resumes_running_rounds(db: Database, database_url: str) -> None:
    view = await start(db)
    finished = await start(db, channel_id=11)
    await end_round(db, finished.id, RoundState.FINISHED, NOW)
    opened = await open_question(db, view.id, 0, NOW)
    (post,) = await outbox.pending(db, view.id)
    posted_at = NOW + timedelta(seconds=2)
    closes_at = await outbox.question_posted(db, post, 556, posted_at)
    await db.close()
    restarted = Database.open(database_url)
    try:
        (resumed,) = await running_rounds(restarted)
    finally:
        await restarted.close()
    assert opened is not None
    assert resumed.id == view.id
    assert resumed.question_order == view.question_order
    assert (resumed.question_index, resumed.question_open) == (0, True)
    assert resumed.closes_at == closes_at == posted_at + timedelta(seconds=20)
    assert resumed.question_opened_at == posted_at
    assert resumed.message_ids == {"question:0": 556}
