"""Answers other than one option (typed texts, numbers, all that apply): recorded once as they
arrive marked, counted in the tally, and rated Hard for FSRS when only a typo was forgiven."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from bot.quiz.answers.grading import Marked
from bot.quiz.review.scheduling import Rating
from bot.storage.database import Database
from bot.storage.models import ReviewLogRow
from bot.storage.results import AnswerOutcome
from bot.storage.rounds.recorder import record_answer
from tests.storage.factories import NOW, close_and_settle
from tests.storage.rounds.test_answers import open_first

AT = NOW + timedelta(seconds=2)


async def test_a_typed_answer_is_kept_as_typed_and_the_first_one_stands(db: Database) -> None:
    round_id, question_id, _ = await open_first(db)
    typed = Marked(None, "all-to-al", correct=True, typo=True)
    first = await record_answer(
        db, round_id=round_id, question_id=question_id, member_id=5, recall=typed, now=AT
    )
    again = Marked(None, "all-reduce", correct=False)
    second = await record_answer(
        db, round_id=round_id, question_id=question_id, member_id=5, recall=again, now=AT
    )
    assert (first.outcome, first.correct, first.recall) == (AnswerOutcome.RECORDED, True, typed)
    assert second.outcome is AnswerOutcome.ALREADY_ANSWERED
    assert (second.option_index, second.recall) == (None, typed)


async def test_the_tally_counts_members_picks_and_the_wrong_texts(db: Database) -> None:
    round_id, question_id, _ = await open_first(db)
    answers = [
        Marked(0b0011, None, correct=True),
        Marked(0b0001, None, correct=False),
        Marked(0b0111, None, correct=False),
    ]
    for member, marked in enumerate(answers, start=1):
        await record_answer(
            db, round_id=round_id, question_id=question_id, member_id=member, recall=marked, now=AT
        )
    tally = await close_and_settle(db, round_id, 0, AT + timedelta(seconds=1))
    assert tally is not None
    assert tally.counts == (3, 2, 1, 0)  # picks per option: a member may pick several
    assert (tally.right, tally.wrong, tally.answered) == (1, 2, 3)


async def test_wrong_texts_are_grouped_as_typed(db: Database) -> None:
    round_id, question_id, _ = await open_first(db)
    given = ["all-reduce", "all-reduce", "broadcast", "all-to-all"]
    for member, text in enumerate(given, start=1):
        marked = Marked(None, text, correct=text == "all-to-all")
        await record_answer(
            db, round_id=round_id, question_id=question_id, member_id=member, recall=marked, now=AT
        )
    tally = await close_and_settle(db, round_id, 0, AT + timedelta(seconds=1))
    assert tally is not None
    assert sorted(tally.wrong_given) == [("all-reduce", 2), ("broadcast", 1)]
    assert tally.counts == (0, 0, 0, 0)


@pytest.mark.parametrize(
    ("option_index", "recall"),
    [(1, Marked(None, "x", correct=True)), (None, Marked(1 << 4, None, correct=True))],
    ids=["both-an-option-and-a-recall", "a-pick-beyond-the-options"],
)
async def test_an_answer_naming_what_the_question_lacks_is_an_error(
    db: Database, option_index: int | None, recall: Marked
) -> None:
    round_id, question_id, _ = await open_first(db)
    with pytest.raises(ValueError, match="not an option"):
        await record_answer(
            db,
            round_id=round_id,
            question_id=question_id,
            member_id=5,
            option_index=option_index,
            recall=recall,
            now=AT,
        )


async def test_a_typo_forgiven_rates_hard_and_a_clean_answer_good(db: Database) -> None:
    round_id, question_id, _ = await open_first(db)
    for member, typo in ((1, True), (2, False)):
        marked = Marked(None, "text", correct=True, typo=typo)
        await record_answer(
            db, round_id=round_id, question_id=question_id, member_id=member, recall=marked, now=AT
        )
    await close_and_settle(db, round_id, 0, AT + timedelta(seconds=1))
    async with db.read() as connection:
        rows = await connection.execute(
            select(ReviewLogRow.member_id, ReviewLogRow.rating).order_by(ReviewLogRow.member_id)
        )
        ratings = dict(rows.all())
    assert ratings == {1: int(Rating.Hard), 2: int(Rating.Good)}
