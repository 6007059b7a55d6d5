"""Fitted weights through the stand-in: a member with enough reviews gets their weights fitted by
the bot's background loop (in its worker process), and the next card they answer is scheduled
with them (tests/storage/review/test_fitting.py covers storage's side on both databases)."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import Connection, select, update

from bot.quiz.packs.library import Library
from bot.quiz.review import fitting, scheduling
from bot.storage.models import CardRow, MemberParametersRow
from bot.storage.packs.library import sync_packs
from bot.storage.review.cards import POLICY, ROUND_SOURCE, CardReview, review_cards
from tests.databases import BACKENDS
from tests.e2e.conftest import TIMEOUT, QuizWorld, option_id
from tests.e2e.test_review import description, last_message
from tests.storage.factories import make_pack

QUESTIONS = 100  # fsrs-rs fits nothing on a few cards (bot/quiz/review/fitting.py)
ANSWERS_PER_CARD = 50  # 5,000 in all: past FIT_MINIMUM_REVIEWS
UTC = ZoneInfo("UTC")


async def with_big_pack(world: QuizWorld) -> None:
    """The world's packs and one of 60 questions ("Question q<i>?", option i % 4 right)."""
    world.library = Library.of([*world.library.packs.values(), make_pack("big", QUESTIONS)])
    await sync_packs(world.db, list(world.library.packs.values()), world.clock.now())


async def seed_history(world: QuizWorld, member: int) -> None:
    """Most of a year of the member's answers to the big pack: each question missed when met,
    then answered 1 to 6 days apart, mostly right."""
    rng = random.Random(26)  # noqa: S311  # a reproducible history, not cryptography
    start = world.clock.now() - timedelta(days=330)  # the last answer 16 days ago, at most
    reviews = []
    for index in range(QUESTIONS):
        at = start + timedelta(days=index % 20)
        for answer in range(ANSWERS_PER_CARD):
            correct = answer > 0 and rng.random() < 0.75
            reviews.append(
                CardReview(member, "big", f"q{index}", correct, 4, 1500, at, ROUND_SOURCE)
            )
            at += timedelta(days=rng.randint(1, 6))
    reviews.sort(key=lambda review: review.reviewed_at)

    def write(connection: Connection) -> None:
        review_cards(connection, world.db.dialect, reviews, random.Random(1))  # noqa: S311

    await world.db.run_in_transaction(write)


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_member_with_enough_reviews_is_fitted_and_scheduled_with_their_weights(
    world: QuizWorld,
) -> None:
    member = world.members[0]
    await with_big_pack(world)
    await seed_history(world, member)
    bot = await world.start_bot()  # its fitting loop's first pass comes at once

    async def fitted() -> bool:
        return bot.fitting.fits >= 2  # the member's own, then the big pack's pooled one

    await world.standin.wait_for(fitted, timeout=TIMEOUT)
    async with world.db.read() as connection:
        stored = (await connection.execute(select(MemberParametersRow))).one()
    assert stored.version == fitting.MODEL_VERSION
    assert stored.parameters is not None
    weights = tuple(stored.parameters)
    assert weights != tuple(scheduling.Scheduler().parameters)

    # Every card due now (and none a leech, whatever its lapses in the made-up history): the
    # review offers one, answered right.
    async with world.db.write() as connection:
        await connection.execute(
            update(CardRow)
            .where(CardRow.member_id == member)
            .values(due=world.clock.now(), lapses=0)
        )
        before = {row.question_id: row for row in (await connection.execute(select(CardRow))).all()}
    card = last_message(await world.command(member, "review", pack="big"))
    question_id = next(
        part.removeprefix("Question ").removesuffix("?")
        for part in description(card).split("\n\n")
        if part.startswith("Question q")
    )
    options = 4
    await world.click(member, card["id"], option_id(card, int(question_id[1:]) % options))
    async with world.db.read() as connection:
        after = (
            await connection.execute(select(CardRow).where(CardRow.question_id == question_id))
        ).one()
    shown = before[question_id]
    state = scheduling.Card(
        card_id=0,
        state=scheduling.State(shown.state),
        step=shown.step,
        stability=shown.stability,
        difficulty=shown.difficulty,
        due=shown.due,
        last_review=shown.last_review,
    )

    def expected(policy: scheduling.Policy) -> scheduling.Card:
        reviewed, _log = scheduling.review(
            replace(policy, fuzz=False),
            state,
            correct=True,
            guess_space=options,
            reviewed_at=after.last_review,
            zone=UTC,
            response_ms=1500,
            rng=random.Random(0),  # noqa: S311  # unused without fuzz
        )
        return reviewed

    mine = expected(fitting.policy_with(POLICY, weights))
    defaults = expected(POLICY)
    assert after.stability == pytest.approx(mine.stability)
    assert after.stability != pytest.approx(defaults.stability)
    # Due at the start of a day within the fuzz range of the fitted interval.
    days = (mine.due - after.last_review.replace(hour=0, minute=0, second=0, microsecond=0)).days
    bounds = scheduling.fuzz_range(timedelta(days=days), POLICY.maximum_interval) or (days, days)
    due_days = (
        after.due - after.last_review.replace(hour=0, minute=0, second=0, microsecond=0)
    ).days
    assert bounds[0] <= due_days <= bounds[1]
    assert (after.due.hour, after.due.minute) == (0, 0)
