"""The learning benchmark measures what the bot runs: an answer through storage (the path every
round and review answer takes) leaves the card the benchmark's quizbot schedule computes, with
the default weights and with a member's stored fitted ones (tests/bench/learning/test_fitted.py:
the benchmark's refit is the bot's)."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import Connection, select

from bench.learning.learner import Memory
from bench.learning.schedules import Answer, QuizbotSchedule, utc_to_local
from bot.quiz.review import scheduling
from bot.quiz.review.fitting import policy_with
from bot.quiz.review.refits import FitResult
from bot.storage.database import Database
from bot.storage.models import CardRow
from bot.storage.packs.library import sync_packs
from bot.storage.results import MemberSettings
from bot.storage.review import fitting
from bot.storage.review.cards import POLICY, REVIEW_SOURCE, CardReview, review_cards
from bot.storage.settings.settings import save_member_settings
from tests.storage.factories import make_pack

MEMBER = 8
ZONE = "America/New_York"
EVENING = datetime(2026, 3, 2, 23, 0, tzinfo=UTC)  # 18:00 in New York


def seeded() -> random.Random:
    return random.Random(26)  # noqa: S311  # fuzzing due dates, not cryptography


async def test_a_stored_answer_is_scheduled_as_the_benchmark_schedules_it(db: Database) -> None:
    await sync_packs(db, [make_pack()], EVENING)
    await save_member_settings(db, MemberSettings(MEMBER, time_zone=ZONE))
    days = (0, 2, 9)
    answers = [(EVENING + timedelta(days=d), d < 9) for d in days]  # right, right, then wrong
    rng = seeded()

    def apply(at: datetime, correct: bool) -> Callable[[Connection], None]:
        review = CardReview(MEMBER, "basics", "q0", correct, 4, 2000, at, REVIEW_SOURCE)

        def write(connection: Connection) -> None:
            review_cards(connection, db.dialect, [review], rng)

        return write

    for at, correct in answers:
        await db.run_in_transaction(apply(at, correct))
    async with db.read() as connection:
        row = (await connection.execute(select(CardRow))).one()

    zone = ZoneInfo(ZONE)
    schedule = QuizbotSchedule(seeded(), zone, POLICY)
    state: scheduling.Card | None = None
    unused = Memory(1.0, 5.0, 0.0)  # only the oracles read the member's true memory
    for at, correct in answers:
        scheduled = schedule.answer(state, Answer(correct, 4, utc_to_local(at, zone), unused))
        assert isinstance(scheduled.state, scheduling.Card)
        state = scheduled.state
    assert state is not None
    assert (row.stability, row.difficulty, int(row.state)) == (
        state.stability,
        state.difficulty,
        int(state.state),
    )
    assert scheduling.as_utc(row.due) == state.due
    assert state.due.astimezone(zone).hour == 0  # the start of the member's day


# Valid FSRS-6 weights other than the defaults: memories formed at half the default stability.
FITTED = tuple(w / 2 if i < 4 else w for i, w in enumerate(scheduling.Scheduler().parameters))


async def test_stored_weights_schedule_as_the_benchmarks_fitted_schedule(db: Database) -> None:
    await sync_packs(db, [make_pack()], EVENING)
    await save_member_settings(db, MemberSettings(MEMBER, time_zone=ZONE))
    member = fitting.FitDue(fitting.MEMBER, MEMBER, 500)
    await fitting.save_fit(db, member, FitResult(FITTED, {}), EVENING)
    answers = [(EVENING + timedelta(days=d), d < 9) for d in (0, 2, 9)]
    rng = seeded()
    for at, correct in answers:
        review = CardReview(MEMBER, "basics", "q0", correct, 4, 2000, at, REVIEW_SOURCE)

        def write(connection: Connection, review: CardReview = review) -> None:
            review_cards(connection, db.dialect, [review], rng)

        await db.run_in_transaction(write)
    async with db.read() as connection:
        row = (await connection.execute(select(CardRow))).one()

    zone = ZoneInfo(ZONE)
    schedule = QuizbotSchedule(seeded(), zone, policy_with(POLICY, FITTED))
    state: scheduling.Card | None = None
    unused = Memory(1.0, 5.0, 0.0)
    for at, correct in answers:
        scheduled = schedule.answer(state, Answer(correct, 4, utc_to_local(at, zone), unused))
        assert isinstance(scheduled.state, scheduling.Card)
        state = scheduled.state
    assert state is not None
    assert (row.stability, row.difficulty) == (state.stability, state.difficulty)
    assert scheduling.as_utc(row.due) == state.due
    default = QuizbotSchedule(seeded(), zone, POLICY).answer(
        None, Answer(correct=False, guess_space=4, now=utc_to_local(EVENING, zone), memory=unused)
    )
    assert isinstance(default.state, scheduling.Card)
    assert default.state.stability != FITTED[0]  # the weights made the difference
