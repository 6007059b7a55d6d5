"""A review card is graded at most once: a second answer to the card as it was shown (a double
click, a second option, two clicks at the same moment) is not graded again."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import datetime, timedelta

from sqlalchemy import func, select

from bot.quiz.review.session import (
    Answer,
    AnsweredStep,
    CardStep,
    ResultStep,
    ReviewStep,
    Scope,
    Session,
    Shown,
    Start,
)
from bot.storage.database import Database
from bot.storage.models import CardRow, ReviewLogRow
from bot.storage.review.review_step import take
from tests.storage.factories import NOW, seeded

MEMBER = 5
SESSION = Session(MEMBER, scope=Scope(pack_id="basics"))


async def shown_card(db: Database, at: datetime) -> CardStep:
    step = await take(db, Start(SESSION), now=at, rng=seeded(1))
    assert isinstance(step, CardStep)
    return step


def answer(card: CardStep, option: int) -> Answer:
    return Answer(SESSION, card.card.pack_id, card.card.question_id, option, 1500, card.shown)


async def take_at(db: Database, action: Answer, at: datetime) -> ReviewStep:
    return await take(db, action, now=at, rng=seeded(2))


async def logs_and_last_review(db: Database, question_id: str) -> tuple[int, datetime | None]:
    async with db.read() as connection:
        logs = await connection.scalar(
            select(func.count()).where(
                ReviewLogRow.member_id == MEMBER, ReviewLogRow.question_id == question_id
            )
        )
        last_review = await connection.scalar(
            select(CardRow.last_review).where(
                CardRow.member_id == MEMBER, CardRow.question_id == question_id
            )
        )
    return int(logs or 0), last_review


async def test_a_card_shows_its_state_and_a_second_answer_to_it_is_not_graded(
    db: Database,
) -> None:
    new = await shown_card(db, NOW)
    assert new.shown == Shown(None)  # never reviewed
    first = await take_at(db, answer(new, 1), NOW + timedelta(seconds=2))
    assert isinstance(first, ResultStep)
    for option, later in ((1, 3), (2, 4)):  # the same button again, then another option
        again = await take_at(db, answer(new, option), NOW + timedelta(seconds=later))
        assert again == AnsweredStep(SESSION)
    assert await logs_and_last_review(db, new.card.question_id) == (
        1,
        NOW + timedelta(seconds=2),
    )

    # Once due again, the card shows its last review, and is answered once more, once.
    due_at = NOW + timedelta(days=30)
    due = await take(db, Start(SESSION), now=due_at, rng=seeded(1))
    assert isinstance(due, CardStep)
    assert due.card == replace(new.card, kind=due.card.kind)
    assert due.shown == Shown(NOW + timedelta(seconds=2))
    assert isinstance(await take_at(db, answer(due, 0), due_at), ResultStep)
    assert await take_at(db, answer(due, 0), due_at) == AnsweredStep(SESSION)
    assert await logs_and_last_review(db, new.card.question_id) == (2, due_at)


async def test_concurrent_answers_to_one_shown_card_grade_it_once(db: Database) -> None:
    """Two clicks at the same moment, on a new card and on a due one: one result, one
    "already answered", one log row each time (the write itself is conditional)."""
    at = NOW
    for round_trip in range(2):
        card = await shown_card(db, at)
        logs_before, _ = await logs_and_last_review(db, card.card.question_id)
        steps = await asyncio.gather(
            take_at(db, answer(card, 0), at + timedelta(seconds=1)),
            take_at(db, answer(card, 1), at + timedelta(seconds=1)),
        )
        kinds = sorted(type(step).__name__ for step in steps)
        assert kinds == ["AnsweredStep", "ResultStep"], round_trip
        logs, last_review = await logs_and_last_review(db, card.card.question_id)
        assert (logs, last_review) == (logs_before + 1, at + timedelta(seconds=1))
        at += timedelta(days=30)  # the same card, now due: a stored card this time
