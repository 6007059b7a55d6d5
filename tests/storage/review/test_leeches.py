"""Leeches in storage, on SQLite and PostgreSQL: lapses counted per card, a leech left out of
every review and reminder count, its member told once, and moderators' counts."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select, update

from bot.quiz.analytics.items import analyse_answers
from bot.quiz.review.leeches import LEECH_LAPSES
from bot.quiz.review.session import (
    Answer,
    CardStep,
    LeechNotice,
    NothingStep,
    ResultStep,
    Scope,
    Session,
    Start,
)
from bot.quiz.rounds.rules import RoundState
from bot.storage.analytics.item_answers import pack_answers
from bot.storage.database import Database
from bot.storage.models import CardRow
from bot.storage.packs.library import sync_packs
from bot.storage.reminders.due_reminders import due_counts
from bot.storage.review.review_step import next_review, take
from bot.storage.rounds.lifecycle import close_question, end_round, open_question
from bot.storage.rounds.recorder import record_answer
from tests.storage.factories import NOW, make_pack, seeded, start_test_round

MEMBER, OTHER = 5, 6
BASICS = Scope(pack_id="basics")
DAY = timedelta(days=1)
Q0 = LeechNotice("basics", "q0")


def option(question_id: str, *, correct: bool) -> int:
    right = int(question_id.removeprefix("q")) % 4
    return right if correct else (right + 1) % 4


async def answer(db: Database, question_id: str, at: datetime, *, correct: bool) -> ResultStep:
    picked = option(question_id, correct=correct)
    action = Answer(Session(MEMBER, scope=BASICS), "basics", question_id, picked, 2500)
    step = await take(db, action, now=at, rng=seeded(1))
    assert isinstance(step, ResultStep)
    return step


async def lapses_of(db: Database, member_id: int, question_id: str) -> int:
    async with db.read() as connection:
        found = await connection.scalar(
            select(CardRow.lapses).where(
                CardRow.member_id == member_id, CardRow.question_id == question_id
            )
        )
    assert found is not None
    return int(found)


async def test_the_answer_that_makes_a_leech_tells_it_once_and_it_leaves_reviews(
    db: Database,
) -> None:
    steps = [
        await answer(db, "q0", NOW + day * DAY, correct=False) for day in range(LEECH_LAPSES + 1)
    ]
    # The first miss is not a lapse; the ninth is the eighth, and its own result tells it.
    assert [step.leeches for step in steps] == [()] * LEECH_LAPSES + [(Q0,)]
    assert await lapses_of(db, MEMBER, "q0") == LEECH_LAPSES
    later = NOW + 60 * DAY  # long after the leech would have been due
    queue = await next_review(db, MEMBER, later)
    assert queue.due_now is None
    assert queue.earliest_future_due is None
    assert await due_counts(db, MEMBER, later) == {}
    # Offered nothing but new questions, and told of nothing more.
    start = await take(db, Start(Session(MEMBER, scope=BASICS)), now=later, rng=seeded(1))
    assert isinstance(start, CardStep)
    assert (start.card.question_id, start.leeches) == ("q1", ())


async def test_right_answers_keep_the_count_and_a_card_under_the_limit_stays(
    db: Database,
) -> None:
    pattern = [False, False, True] * 4  # a lapse, then a right answer, and so on
    for day, correct in enumerate(pattern):
        await answer(db, "q1", NOW + day * DAY, correct=correct)
    assert await lapses_of(db, MEMBER, "q1") == 7  # 8 misses, the first no lapse
    queue = await next_review(db, MEMBER, NOW + 400 * DAY)
    assert queue.due_now is not None
    assert queue.due_now.question_id == "q1"


async def play_wrong(db: Database, question_id: str, guild_id: int, at: datetime) -> int:
    """A finished round in ``guild_id`` of the pack's one question, which MEMBER misses."""
    view = await start_test_round(db, guild_id=guild_id, question_count=1, now=at)
    opened = await open_question(db, view.id, 0, at)
    assert opened is not None
    assert opened.question_id == question_id
    await record_answer(
        db,
        round_id=view.id,
        question_id=question_id,
        member_id=MEMBER,
        option_index=option(question_id, correct=False),
        now=at + timedelta(seconds=2),
    )
    await close_question(db, view.id, 0, at + timedelta(seconds=20))
    await end_round(db, view.id, RoundState.FINISHED, at + timedelta(seconds=30))
    return view.id


async def test_a_leech_made_in_a_round_is_told_on_the_next_review_reply(db: Database) -> None:
    await sync_packs(db, [make_pack(questions=1)], NOW)  # rounds of basics ask only q0
    await answer(db, "q0", NOW, correct=False)
    async with db.write() as connection:  # seven lapses already: the next one makes a leech
        await connection.execute(update(CardRow).values(lapses=LEECH_LAPSES - 1))
    round_id = await play_wrong(db, "q0", 1, NOW + 3 * DAY)
    assert await lapses_of(db, MEMBER, "q0") == LEECH_LAPSES
    # The round's missed questions leave it out too; the reply tells of it, once.
    missed = Session(MEMBER, scope=Scope(round_id=round_id))
    step = await take(db, Start(missed), now=NOW + 3 * DAY, rng=seeded(1))
    assert step == NothingStep(missed_round=True, next_review=None, leeches=(Q0,))
    again = await take(db, Start(missed), now=NOW + 3 * DAY, rng=seeded(1))
    assert again == NothingStep(missed_round=True, next_review=None)
    # Moderators of the server see it among the members who answered there, not elsewhere.
    report = analyse_answers(await pack_answers(db, guild_id=1, pack=make_pack(questions=1)))
    assert [item.leeches for item in report.items] == [1]
    elsewhere = analyse_answers(await pack_answers(db, guild_id=2, pack=make_pack(questions=1)))
    assert [item.leeches for item in elsewhere.items] == [0]
