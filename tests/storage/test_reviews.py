"""The review queue and FSRS grading, and round answers reviewing the member's card."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from sqlalchemy import select

from bot.quiz.scheduling import Rating
from bot.storage.database import Database
from bot.storage.models import CardRow, ReviewLogRow
from bot.storage.packs import sync_packs
from bot.storage.results import MemberSettings, ReviewOutcome
from bot.storage.reviews import grade_review, next_review
from bot.storage.rounds import close_question, open_question, record_answer
from bot.storage.settings import save_member_settings
from tests.storage.factories import NOW, make_pack, start_test_round

MEMBER = 5


def right(question_id: str) -> int:
    return int(question_id.removeprefix("q")) % 4


async def grade(db: Database, question_id: str, at: datetime, *, correct: bool) -> ReviewOutcome:
    option = right(question_id) if correct else (right(question_id) + 1) % 4
    return await grade_review(
        db,
        member_id=MEMBER,
        pack_id="basics",
        question_id=question_id,
        option_index=option,
        response_ms=2500,
        now=at,
    )


async def next_id(db: Database, at: datetime) -> str | None:
    queue = await next_review(db, MEMBER, at, "basics")
    return None if queue.card is None else queue.card.question_id


async def test_round_answers_review_the_members_card(db: Database) -> None:
    view = await start_test_round(db, seed=3)
    opened = await open_question(db, view.id, 0, NOW)
    assert opened is not None
    wrong = (right(opened.question_id) + 1) % 4
    at = NOW + timedelta(seconds=3)
    await record_answer(
        db,
        round_id=view.id,
        question_id=opened.question_id,
        member_id=MEMBER,
        option_index=wrong,
        now=at,
    )
    await close_question(db, view.id, 0, at + timedelta(seconds=1))  # reviews apply at the close
    async with db.read() as connection:
        log = (await connection.execute(select(ReviewLogRow))).one()
        card = (await connection.execute(select(CardRow))).one()
    assert (log.rating, log.duration_ms, log.source) == (int(Rating.Again), 3000, "round")
    assert (card.question_id, card.due) == (opened.question_id, at + timedelta(minutes=1))


async def test_new_questions_come_in_pack_order_within_the_daily_limit(db: Database) -> None:
    await save_member_settings(db, MemberSettings(MEMBER, daily_new_limit=2))
    assert await next_id(db, NOW) == "q0"
    await grade(db, "q0", NOW, correct=True)  # due again in 10 minutes
    assert await next_id(db, NOW) == "q1"
    await grade(db, "q1", NOW, correct=False)  # due again in 1 minute
    queue = await next_review(db, MEMBER, NOW, "basics")
    assert queue.card is None
    assert queue.next_due == NOW + timedelta(minutes=1)
    assert await next_id(db, NOW + timedelta(minutes=2)) == "q1"


async def test_due_learning_cards_come_before_older_due_reviews(db: Database) -> None:
    for question_id in ("q0", "q1"):
        await grade(db, question_id, NOW, correct=True)
        graduated = await grade(db, question_id, NOW + timedelta(minutes=10), correct=True)
        assert graduated.state == "review"
    await grade(db, "q2", NOW + timedelta(days=29), correct=False)  # relearning, due in 1 min
    later = NOW + timedelta(days=30)
    assert await next_id(db, later) == "q2"
    await grade(db, "q2", later, correct=True)
    # Both reviews are due; the one due first (q0, graded first) comes first.
    assert await next_id(db, later) == "q0"


async def test_the_daily_limit_resets_at_the_members_midnight(db: Database) -> None:
    # 12:00 UTC is 01:00 of the next day in Auckland (UTC+13); that day ends at 11:00 UTC.
    await save_member_settings(
        db, MemberSettings(MEMBER, daily_new_limit=1, time_zone="Pacific/Auckland")
    )
    await grade(db, "q0", NOW, correct=True)
    await grade(db, "q0", NOW + timedelta(minutes=10), correct=True)
    assert await next_id(db, NOW + timedelta(hours=22)) is None
    queue = await next_review(db, MEMBER, NOW + timedelta(hours=22), "basics")
    assert queue.next_due == NOW + timedelta(hours=23)  # tomorrow's new questions
    assert await next_id(db, NOW + timedelta(hours=23)) == "q1"


async def test_a_removed_question_keeps_its_card_but_is_not_scheduled(db: Database) -> None:
    await grade(db, "q0", NOW, correct=False)
    pack = make_pack()
    await sync_packs(db, [replace(pack, questions=pack.questions[1:])], NOW)
    assert await next_id(db, NOW + timedelta(minutes=5)) == "q1"
    async with db.read() as connection:
        kept = (await connection.execute(select(CardRow.question_id))).scalars().all()
    assert kept == ["q0"]


async def test_nothing_at_all_to_review_has_no_next_due(db: Database) -> None:
    queue = await next_review(db, MEMBER, NOW)  # no pack named and none begun
    assert (queue.card, queue.next_due) == (None, None)
