"""Review sessions through their one service call, and round answers reviewing the member's card."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from sqlalchemy import select, update

from bot.quiz.review.scheduling import Rating, State
from bot.quiz.review.session import (
    Answer,
    CardKind,
    CardStep,
    Finish,
    Next,
    NothingStep,
    QueuedCard,
    ResultStep,
    Scope,
    Session,
    Shown,
    Start,
    SummaryStep,
    next_review_at,
)
from bot.storage.database import Database
from bot.storage.models import CardRow, ReviewLogRow
from bot.storage.packs.library import sync_packs
from bot.storage.results import MemberSettings
from bot.storage.review.review_step import next_review, take
from bot.storage.rounds.lifecycle import open_question
from bot.storage.rounds.recorder import record_answer
from bot.storage.settings.settings import save_member_settings
from tests.storage.factories import NOW, close_and_settle, make_pack, seeded, start_test_round

MEMBER = 5
BASICS = Scope(pack_id="basics")
DAY = timedelta(days=1)
TODAY = NOW.replace(hour=0)  # the start of the member's (UTC) day: review intervals count from it


def right(question_id: str) -> int:
    return int(question_id.removeprefix("q")) % 4


async def grade(
    db: Database, question_id: str, at: datetime, *, correct: bool, session: Session | None = None
) -> ResultStep:
    option = right(question_id) if correct else (right(question_id) + 1) % 4
    action = Answer(session or Session(MEMBER, scope=BASICS), "basics", question_id, option, 2500)
    step = await take(db, action, now=at, rng=seeded(1))
    assert isinstance(step, ResultStep)
    return step


async def next_id(db: Database, at: datetime) -> str | None:
    step = await take(db, Next(Session(MEMBER, reviewed=1, scope=BASICS)), now=at, rng=seeded(1))
    return step.card.question_id if isinstance(step, CardStep) else None


async def card_state(db: Database, question_id: str) -> State:
    async with db.read() as connection:
        state = await connection.scalar(
            select(CardRow.state).where(
                CardRow.member_id == MEMBER, CardRow.question_id == question_id
            )
        )
    return State(state)


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
    await close_and_settle(db, view.id, 0, at + timedelta(seconds=1))  # reviews apply at the settle
    async with db.read() as connection:
        log = (await connection.execute(select(ReviewLogRow))).one()
        card = (await connection.execute(select(CardRow))).one()
    assert (log.rating, log.duration_ms, log.source) == (int(Rating.Again), 3000, "round")
    # A first miss: S = w0, due two days on from the start of the member's (UTC) day.
    assert (card.question_id, card.due) == (opened.question_id, TODAY + 2 * DAY)


async def test_a_session_from_start_to_summary(db: Database) -> None:
    session = Session(MEMBER, scope=BASICS)
    first = await take(db, Start(session), now=NOW, rng=seeded(1))
    assert first == CardStep(session, QueuedCard("basics", "q0", CardKind.NEW), first_of_new=True)
    result = await grade(db, "q0", NOW, correct=False, session=session)
    assert (result.session.reviewed, result.session.correct) == (1, 0)
    assert (result.grade.picked, result.grade.correct_index) == (1, 0)
    assert result.grade.due == TODAY + 2 * DAY  # Again: no same-day step, S = w0: two days
    assert result.more  # q1 is new and within the daily limit
    second = await take(db, Next(result.session), now=NOW, rng=seeded(1))
    assert isinstance(second, CardStep)
    assert (second.card.question_id, second.first_of_new) == ("q1", False)
    done = await take(db, Finish(result.session), now=NOW, rng=seeded(1))
    # New questions remain, yet the next review is when a card falls due: never "now".
    assert done == SummaryStep(result.session, TODAY + 2 * DAY)


async def test_new_questions_come_in_pack_order_within_the_daily_limit(db: Database) -> None:
    await save_member_settings(db, MemberSettings(MEMBER, daily_new_limit=2))
    assert await next_id(db, NOW) == "q0"
    await grade(db, "q0", NOW, correct=True)  # due in two days (weighed as a possible guess)
    assert await next_id(db, NOW) == "q1"
    last = await grade(db, "q1", NOW, correct=False)  # due in two days: no same-day re-ask
    assert not last.more  # the limit is reached and nothing is due yet
    step = await take(db, Next(last.session), now=NOW, rng=seeded(1))
    # New questions again at the member's midnight, before either card falls due.
    assert step == SummaryStep(last.session, TODAY + DAY)
    assert await next_id(db, NOW + timedelta(minutes=2)) is None
    assert await next_id(db, TODAY + 2 * DAY) in {"q0", "q1"}


async def test_due_learning_cards_come_before_older_due_reviews(db: Database) -> None:
    """The scheduler no longer makes same-day learning cards, but cards stored before it did
    (and a re-asking policy, ``Policy.reask_missed``) still come first once due."""
    for days, question_id in enumerate(("q0", "q1", "q2")):
        await grade(db, question_id, NOW + days * DAY, correct=True)
        assert await card_state(db, question_id) is State.Review
    async with db.write() as connection:  # as the 10-minute relearning step left it
        await connection.execute(
            update(CardRow)
            .where(CardRow.member_id == MEMBER, CardRow.question_id == "q2")
            .values(state=int(State.Relearning), step=0, due=NOW + 29 * DAY)
        )
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
    evening = NOW + timedelta(hours=22)
    assert await next_id(db, evening) is None
    nothing = await take(db, Start(Session(MEMBER, scope=BASICS)), now=evening, rng=seeded(1))
    assert nothing == NothingStep(missed_round=False, next_review=NOW + timedelta(hours=23))
    assert await next_id(db, NOW + timedelta(hours=23)) == "q1"


async def test_a_removed_question_keeps_its_card_but_is_not_scheduled(db: Database) -> None:
    await grade(db, "q0", NOW, correct=False)
    pack = make_pack()
    await sync_packs(db, [replace(pack, questions=pack.questions[1:])], NOW)
    assert await next_id(db, NOW + timedelta(minutes=5)) == "q1"
    async with db.read() as connection:
        kept = (await connection.execute(select(CardRow.question_id))).scalars().all()
    assert kept == ["q0"]


async def test_nothing_at_all_to_review_has_no_next_review(db: Database) -> None:
    step = await take(db, Start(Session(MEMBER)), now=NOW, rng=seeded(1))  # no pack begun
    assert step == NothingStep(missed_round=False, next_review=None)


async def test_the_next_review_is_the_earliest_future_due_never_a_past_one(db: Database) -> None:
    await grade(db, "q0", NOW - 3 * DAY, correct=False)  # due a day ago
    await grade(db, "q1", NOW, correct=True)  # due in two days
    later = NOW + timedelta(minutes=3)  # q0 is overdue
    assert next_review_at(await next_review(db, MEMBER, later)) == TODAY + 2 * DAY
    step = await take(db, Finish(Session(MEMBER, reviewed=2)), now=later, rng=seeded(1))
    assert step == SummaryStep(Session(MEMBER, reviewed=2), TODAY + 2 * DAY)


async def test_missed_questions_of_a_round_in_order_wrong_or_unanswered(db: Database) -> None:
    view = await start_test_round(db, seed=3, question_count=3)
    first, second, third = view.question_order
    for index, question_id in enumerate(view.question_order):
        await open_question(db, view.id, index, NOW)
        if question_id != second:  # the second goes unanswered
            option = right(question_id) if question_id == third else (right(question_id) + 1) % 4
            await record_answer(
                db,
                round_id=view.id,
                question_id=question_id,
                member_id=MEMBER,
                option_index=option,
                now=NOW,
            )
        await close_and_settle(db, view.id, index, NOW + timedelta(seconds=1))
    session = Session(MEMBER, scope=Scope(round_id=view.id))
    step = await take(db, Start(session), now=NOW, rng=seeded(1))
    assert step == CardStep(
        session,
        QueuedCard("basics", first, CardKind.MISSED),
        first_of_new=False,
        times_reviewed=1,  # the round's answer
        shown=Shown(NOW),  # as the round's answer left the card
    )
    result = await grade(db, first, NOW, correct=True, session=session)
    assert result.session.scope == Scope(round_id=view.id, position=1)
    assert result.more
    step = await take(db, Next(result.session), now=NOW, rng=seeded(1))
    assert isinstance(step, CardStep)
    assert step.card == QueuedCard("basics", second, CardKind.UNANSWERED)
    last = await grade(db, second, NOW, correct=True, session=result.session)
    assert not last.more  # the third was right in the round
    summary = await take(db, Next(last.session), now=NOW, rng=seeded(1))
    assert isinstance(summary, SummaryStep)
    assert (summary.session.reviewed, summary.session.correct) == (2, 2)
    absent = Session(MEMBER + 1, scope=Scope(round_id=view.id))  # answered none of them
    step = await take(db, Start(absent), now=NOW, rng=seeded(1))
    assert isinstance(step, CardStep)
    assert step.card == QueuedCard("basics", first, CardKind.UNANSWERED)


async def test_a_round_with_nothing_missed_starts_nothing(db: Database) -> None:
    view = await start_test_round(db, seed=3, question_count=1)
    (question_id,) = view.question_order
    await open_question(db, view.id, 0, NOW)
    await record_answer(
        db,
        round_id=view.id,
        question_id=question_id,
        member_id=MEMBER,
        option_index=right(question_id),
        now=NOW,
    )
    await close_and_settle(db, view.id, 0, NOW + timedelta(seconds=1))
    session = Session(MEMBER, scope=Scope(round_id=view.id))
    step = await take(db, Start(session), now=NOW, rng=seeded(1))
    assert isinstance(step, NothingStep)
    assert step.missed_round


async def test_a_card_and_its_result_count_the_same_earlier_answers(db: Database) -> None:
    """What the options' order is seeded with: answers before this showing, rounds included,
    the same on the card and on its result, and one more at the next showing."""
    session = Session(MEMBER, scope=BASICS)
    for times in range(3):  # a missed q0 is due again within two days
        step = await take(db, Start(session), now=NOW + 2 * times * DAY, rng=seeded(1))
        assert isinstance(step, CardStep)
        assert (step.card.question_id, step.times_reviewed) == ("q0", times)
        result = await grade(db, "q0", NOW + 2 * times * DAY, correct=False)
        assert result.grade.times_reviewed == times
