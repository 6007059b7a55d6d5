"""A server's record of a pack (what review rounds choose from), and review rounds themselves."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import update

from bot.quiz.rounds.plan import RoundPlan
from bot.quiz.rounds.review_round import RoundMode
from bot.quiz.rounds.rules import RoundState
from bot.storage.database import Database
from bot.storage.models import CardRow
from bot.storage.packs.library import sync_packs
from bot.storage.results import RoundView
from bot.storage.rounds.lifecycle import (
    NothingToReviewError,
    close_question,
    end_round,
    open_question,
    start_round,
)
from bot.storage.rounds.pack_records import pack_record
from bot.storage.rounds.recorder import record_answer
from tests.storage.factories import NOW, make_pack, seeded, start_test_round

HERE, ELSEWHERE = 1, 2
# Every card of these rounds is due by then: a first answer's interval is two days at most.
DUE_BY = NOW + timedelta(days=2)


def correct_of(question_id: str) -> int:
    return int(question_id.removeprefix("q")) % 4


async def play(
    db: Database, guild_id: int, channel_id: int, answers: list[dict[int, bool]]
) -> RoundView:
    """A finished round whose question i member m answered right if ``answers[i][m]``."""
    view = await start_test_round(
        db, guild_id=guild_id, channel_id=channel_id, question_count=len(answers)
    )
    for index, by_member in enumerate(answers):
        question_id = view.question_order[index]
        await open_question(db, view.id, index, NOW)
        for member_id, right in by_member.items():
            correct = correct_of(question_id)
            await record_answer(
                db,
                round_id=view.id,
                question_id=question_id,
                member_id=member_id,
                option_index=correct if right else (correct + 1) % 4,
                now=NOW + timedelta(seconds=index + 1),
            )
        await close_question(db, view.id, index, NOW + timedelta(seconds=30))
    await end_round(db, view.id, RoundState.FINISHED, NOW + timedelta(minutes=1))
    return view


async def played_here_and_elsewhere(db: Database) -> tuple[str, ...]:
    """Members 1-3 play two questions here; members 1 and 4 miss every question elsewhere.
    The order of the round played here."""
    here = await play(db, HERE, 10, [{1: True, 2: False, 3: False}, {1: True, 2: True}])
    await play(db, ELSEWHERE, 20, [{1: False, 4: False}] * 5)
    return here.question_order


async def test_a_record_counts_this_servers_answers_and_its_learners_due_cards(
    db: Database,
) -> None:
    first, second = await played_here_and_elsewhere(db)
    record = await pack_record(db, guild_id=HERE, pack_id="basics", now=DUE_BY)
    assert record.learners == 3  # members 1-3; member 4 never answered here
    by_id = {q.question_id: q for q in record.questions}
    assert [q.question_id for q in record.questions] == [f"q{i}" for i in range(5)]
    assert (by_id[first].answers, by_id[first].wrong, by_id[first].due_members) == (3, 2, 3)
    assert (by_id[second].answers, by_id[second].wrong, by_id[second].due_members) == (2, 0, 2)
    assert by_id[first].last_answered == NOW + timedelta(seconds=1)
    assert by_id[second].last_answered == NOW + timedelta(seconds=2)
    for other in set(by_id) - {first, second}:  # due for member 1, from the other server
        assert (by_id[other].answers, by_id[other].due_members) == (0, 1)
        assert by_id[other].last_answered is None

    async with db.write() as connection:  # member 2 reviewed it privately: due in a month
        await connection.execute(
            update(CardRow)
            .where(CardRow.member_id == 2, CardRow.question_id == first)
            .values(due=NOW + timedelta(days=30))
        )
    later = await pack_record(db, guild_id=HERE, pack_id="basics", now=DUE_BY)
    assert {q.question_id: q.due_members for q in later.questions}[first] == 2
    before_any_due = await pack_record(db, guild_id=HERE, pack_id="basics", now=NOW)
    assert [q.due_members for q in before_any_due.questions] == [0] * 5


async def test_a_server_that_never_played_the_pack_has_no_learners(db: Database) -> None:
    await played_here_and_elsewhere(db)
    record = await pack_record(db, guild_id=3, pack_id="basics", now=DUE_BY)
    assert record.learners == 0
    assert all(q.answers == q.due_members == 0 for q in record.questions)


async def test_questions_the_pack_no_longer_has_are_left_out(db: Database) -> None:
    await played_here_and_elsewhere(db)
    await sync_packs(db, [make_pack(questions=4)], NOW)  # q4 is gone
    record = await pack_record(db, guild_id=HERE, pack_id="basics", now=DUE_BY)
    assert [q.question_id for q in record.questions] == ["q0", "q1", "q2", "q3"]


async def review_round(db: Database, guild_id: int, count: int | None) -> RoundView:
    return await start_round(
        db,
        RoundPlan(
            guild_id=guild_id,
            channel_id=30,
            pack_id="basics",
            started_by=99,
            question_seconds=20,
            question_count=count,
            mode=RoundMode.REVIEW,
        ),
        rng=seeded(1),
        now=DUE_BY,
    )


async def test_a_review_round_asks_the_most_needed_questions_first(db: Database) -> None:
    first, second = await played_here_and_elsewhere(db)
    # Needs: first 3/7 + 3/3, second 1/6 + 2/3, the others 1/4 + 1/3 each.
    view = await review_round(db, HERE, 2)
    assert view.question_order == (first, second)
    assert view.pack_id == "basics"
    assert await end_round(db, view.id, RoundState.STOPPED, DUE_BY) is not None
    everything = await review_round(db, HERE, None)
    assert everything.question_order[:2] == (first, second)
    assert sorted(everything.question_order) == [f"q{i}" for i in range(5)]


async def test_no_review_round_where_nobody_answered_the_pack(db: Database) -> None:
    await played_here_and_elsewhere(db)
    with pytest.raises(NothingToReviewError):
        await review_round(db, 3, None)
