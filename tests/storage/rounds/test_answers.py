"""Recording answers: exactly once, never after the close, scores right once it closes."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from bot.quiz.boards.scoring import ALL_PACKS, periods_at
from bot.quiz.rounds.rules import RoundState
from bot.storage.database import Database
from bot.storage.models import AnswerRow, ScoreCountRow, ScoreRow
from bot.storage.results import AnswerOutcome, RoundView
from bot.storage.rounds.lifecycle import end_round, open_question
from bot.storage.rounds.recorder import record_answer
from tests.storage.factories import NOW, close_and_settle, start_test_round

GUILD, CHANNEL, MODERATOR = 1, 10, 99


async def running_round(db: Database) -> RoundView:
    return await start_test_round(
        db, guild_id=GUILD, channel_id=CHANNEL, started_by=MODERATOR, seed=7
    )


async def open_first(db: Database) -> tuple[int, str, int]:
    """A round with its first question open: (round id, question id, correct option)."""
    view = await running_round(db)
    opened = await open_question(db, view.id, 0, NOW)
    assert opened is not None
    correct = int(opened.question_id.removeprefix("q")) % 4
    return view.id, opened.question_id, correct


async def test_answer_is_recorded_then_refused(db: Database) -> None:
    round_id, question_id, correct = await open_first(db)
    at = NOW + timedelta(milliseconds=1500)
    first = await record_answer(
        db, round_id=round_id, question_id=question_id, member_id=5, option_index=correct, now=at
    )
    second = await record_answer(
        db,
        round_id=round_id,
        question_id=question_id,
        member_id=5,
        option_index=(correct + 1) % 4,
        now=at + timedelta(seconds=1),
    )
    assert (first.outcome, first.correct, first.response_ms) == (AnswerOutcome.RECORDED, True, 1500)
    assert second.outcome is AnswerOutcome.ALREADY_ANSWERED
    assert (second.option_index, second.correct) == (correct, True)  # the first answer stands


@pytest.mark.parametrize("late", [timedelta(seconds=20), timedelta(minutes=5)])
async def test_answer_at_or_after_close_time_is_refused(db: Database, late: timedelta) -> None:
    round_id, question_id, correct = await open_first(db)
    result = await record_answer(
        db,
        round_id=round_id,
        question_id=question_id,
        member_id=5,
        option_index=correct,
        now=NOW + late,
    )
    assert result.outcome is AnswerOutcome.QUESTION_CLOSED
    assert await _count(db, AnswerRow) == 0


async def test_answers_to_other_questions_or_ended_rounds_are_refused(db: Database) -> None:
    round_id, question_id, correct = await open_first(db)
    later = NOW + timedelta(seconds=1)
    stale = await record_answer(
        db, round_id=round_id, question_id="not-open", member_id=5, option_index=0, now=later
    )
    unknown = await record_answer(
        db, round_id=round_id + 1, question_id=question_id, member_id=5, option_index=0, now=later
    )
    await end_round(db, round_id, RoundState.STOPPED, later)
    ended = await record_answer(
        db, round_id=round_id, question_id=question_id, member_id=5, option_index=correct, now=later
    )
    assert stale.outcome is AnswerOutcome.QUESTION_CLOSED
    assert unknown.outcome is ended.outcome is AnswerOutcome.ROUND_OVER


async def test_an_option_the_question_lacks_is_an_error(db: Database) -> None:
    round_id, question_id, _ = await open_first(db)
    with pytest.raises(ValueError, match="not an option"):
        await record_answer(
            db,
            round_id=round_id,
            question_id=question_id,
            member_id=5,
            option_index=4,
            now=NOW + timedelta(seconds=1),
        )


async def test_200_concurrent_answers_by_one_member_record_one(db: Database) -> None:
    round_id, question_id, _ = await open_first(db)
    results = await asyncio.gather(
        *(
            record_answer(
                db,
                round_id=round_id,
                question_id=question_id,
                member_id=5,
                option_index=i % 4,
                now=NOW + timedelta(milliseconds=100 + i),
            )
            for i in range(200)
        )
    )
    outcomes = [result.outcome for result in results]
    assert outcomes.count(AnswerOutcome.RECORDED) == 1
    assert outcomes.count(AnswerOutcome.ALREADY_ANSWERED) == 199
    assert len({result.option_index for result in results}) == 1  # all see the one that stands
    assert await _count(db, AnswerRow) == 1


async def test_200_answers_by_one_member_from_two_processes_record_one(
    db: Database, database_url: str
) -> None:
    round_id, question_id, _ = await open_first(db)
    other = Database.open(database_url)  # a second bot process: its own pool and writer
    try:
        results = await asyncio.gather(
            *(
                record_answer(
                    (db, other)[i % 2],
                    round_id=round_id,
                    question_id=question_id,
                    member_id=5,
                    option_index=i % 4,
                    now=NOW + timedelta(milliseconds=100 + i),
                )
                for i in range(200)
            )
        )
    finally:
        await other.close()
    recorded = [result for result in results if result.outcome is AnswerOutcome.RECORDED]
    assert len(recorded) == 1
    assert await _count(db, AnswerRow) == 1


async def test_1000_members_at_once_are_all_recorded_and_scores_match_a_recount(
    db: Database, database_url: str
) -> None:
    round_id, question_id, correct = await open_first(db)
    other = Database.open(database_url)  # half the members reach a second bot process
    try:
        results = await asyncio.gather(
            *(
                record_answer(
                    (db, other)[m % 2],
                    round_id=round_id,
                    question_id=question_id,
                    member_id=1000 + m,
                    option_index=m % 4,
                    now=NOW + timedelta(milliseconds=m),
                )
                for m in range(1000)
            )
        )
    finally:
        await other.close()
    assert all(result.outcome is AnswerOutcome.RECORDED for result in results)
    assert await _count(db, AnswerRow) == 1000
    await close_and_settle(db, round_id, 0, NOW + timedelta(seconds=2))
    async with db.read() as connection:
        scores = {
            (row.period, row.pack_id, row.member_id): (row.points, row.answered, row.correct_ms)
            for row in await connection.execute(select(ScoreRow))
        }
        per_points = await connection.execute(
            select(ScoreCountRow.points, ScoreCountRow.members).where(
                ScoreCountRow.period == "all", ScoreCountRow.pack_id == ALL_PACKS
            )
        )
        counts = dict(per_points.all())
    expected = {}
    for m in range(1000):
        right = m % 4 == correct
        for period in periods_at(NOW):
            for pack in (ALL_PACKS, "basics"):
                expected[(period, pack, 1000 + m)] = (int(right), 1, m if right else 0)
    assert scores == expected
    assert {points: n for points, n in counts.items() if n} == {1: 250, 0: 750}


async def _count(db: Database, model: type[AnswerRow]) -> int:
    async with db.read() as connection:
        return int(await connection.scalar(select(func.count()).select_from(model)) or 0)
