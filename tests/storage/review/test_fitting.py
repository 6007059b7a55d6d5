"""Fitted weights in storage, on SQLite and PostgreSQL: who is due a fit, the history a fit
reads, the weights stored with their version and read back as cards are reviewed (a member's
own, else their pack's pooled, else the defaults), and recomputed cards written only if they
were not answered since."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

import pytest
from fsrs_rs_python import DEFAULT_PARAMETERS
from sqlalchemy import Connection, select, update

from bot.quiz.review import fitting
from bot.quiz.review.refits import run_fit
from bot.storage.database import Database
from bot.storage.models import CardRow, MemberParametersRow, member_parameters_table
from bot.storage.packs.library import sync_packs
from bot.storage.review import fitting as stored_fitting
from bot.storage.review.cards import REVIEW_SOURCE, CardReview, review_cards
from tests.storage.factories import NOW, make_pack

LONG_TIMER, NEWCOMER = 5, 6
QUESTIONS = 100
ANSWERS_PER_CARD = 50  # 5,000 answers: past FIT_MINIMUM_REVIEWS
LATER = NOW + timedelta(days=330)  # after the history's last answer


def seeded(seed: int) -> random.Random:
    return random.Random(seed)  # noqa: S311  # a reproducible history, not cryptography


def card_review(
    member_id: int, pack_id: str, question_id: str, at: datetime, *, correct: bool
) -> CardReview:
    return CardReview(member_id, pack_id, question_id, correct, 4, 1500, at, REVIEW_SOURCE)


def history(member_id: int, pack_id: str = "big") -> list[CardReview]:
    """Each question missed when met, then answered 1 to 6 days apart, mostly right."""
    rng, answers = seeded(member_id), []
    for index in range(QUESTIONS):
        at = NOW + timedelta(days=index % 20, hours=1)
        for answer in range(ANSWERS_PER_CARD):
            correct = answer > 0 and rng.random() < 0.75
            answers.append(card_review(member_id, pack_id, f"q{index}", at, correct=correct))
            at += timedelta(days=rng.randint(1, 6))
    return sorted(answers, key=lambda a: a.reviewed_at)


async def answered(db: Database, reviews: list[CardReview]) -> None:
    def write(connection: Connection) -> None:
        review_cards(connection, db.dialect, reviews, seeded(0))

    await db.run_in_transaction(write)


async def first_stability(db: Database, member_id: int, question_id: str) -> float | None:
    """A new card's stability after a first wrong answer: the weights' own w0."""
    await answered(db, [card_review(member_id, "basics", question_id, LATER, correct=False)])
    async with db.read() as connection:
        return await connection.scalar(
            select(CardRow.stability).where(
                CardRow.member_id == member_id,
                CardRow.pack_id == "basics",
                CardRow.question_id == question_id,
            )
        )


@pytest.fixture
async def fitted_db(db: Database) -> Database:
    await sync_packs(db, [make_pack(), make_pack("big", QUESTIONS)], NOW)
    await answered(db, history(LONG_TIMER))
    return db


async def test_a_member_with_enough_reviews_is_fitted_and_their_cards_use_the_weights(
    fitted_db: Database,
) -> None:
    db = fitted_db
    due = await stored_fitting.fits_due(db, LATER, limit=10)
    assert (
        stored_fitting.FitDue(stored_fitting.MEMBER, LONG_TIMER, QUESTIONS * ANSWERS_PER_CARD)
        in due
    )
    job = await stored_fitting.member_job(db, LONG_TIMER)
    (learner,) = job.learners
    assert sum(len(answers) for answers in learner.cards.values()) == QUESTIONS * ANSWERS_PER_CARD
    result = run_fit(job)
    assert result.parameters is not None
    assert result.parameters != tuple(DEFAULT_PARAMETERS)
    member = stored_fitting.FitDue(stored_fitting.MEMBER, LONG_TIMER, QUESTIONS * ANSWERS_PER_CARD)
    await stored_fitting.save_fit(db, member, result, LATER)

    async with db.read() as connection:
        row = (await connection.execute(select(MemberParametersRow))).one()
        card = (await connection.execute(select(CardRow).where(CardRow.question_id == "q0"))).one()
    assert (row.version, tuple(row.parameters or ()), row.reviews) == (
        fitting.MODEL_VERSION,
        result.parameters,
        QUESTIONS * ANSWERS_PER_CARD,
    )
    assert card.stability == pytest.approx(result.cards[LONG_TIMER, "big", "q0"].stability)
    # A new card of another pack starts from the member's own weights; another member's from
    # the defaults.
    assert await first_stability(db, LONG_TIMER, "q1") == pytest.approx(result.parameters[0])
    assert await first_stability(db, NEWCOMER, "q1") == pytest.approx(DEFAULT_PARAMETERS[0])
    # Fitted on 5,000 reviews, not due again before 9,000 (REFIT_EVERY more).
    again = await stored_fitting.fits_due(db, LATER + timedelta(days=2), limit=10)
    assert (stored_fitting.MEMBER, LONG_TIMER) not in {(d.scope, d.key) for d in again}
    assert (stored_fitting.PACK, "big") in {(d.scope, d.key) for d in again}


async def test_a_card_answered_since_the_job_read_it_is_left_as_answered(
    fitted_db: Database,
) -> None:
    db = fitted_db
    job = await stored_fitting.member_job(db, LONG_TIMER)
    await answered(db, [card_review(LONG_TIMER, "big", "q0", LATER, correct=True)])
    async with db.read() as connection:
        before = await connection.scalar(
            select(CardRow.stability).where(CardRow.question_id == "q0")
        )
    member = stored_fitting.FitDue(stored_fitting.MEMBER, LONG_TIMER, QUESTIONS * ANSWERS_PER_CARD)
    result = run_fit(job)
    await stored_fitting.save_fit(db, member, result, LATER)
    async with db.read() as connection:
        after = await connection.scalar(
            select(CardRow.stability).where(CardRow.question_id == "q0")
        )
    assert after == before
    async with db.read() as connection:
        other = await connection.scalar(
            select(CardRow.stability).where(CardRow.question_id == "q1")
        )
    assert other == pytest.approx(result.cards[LONG_TIMER, "big", "q1"].stability)


async def test_weights_of_another_version_are_not_read_and_the_member_is_due_again(
    fitted_db: Database,
) -> None:
    db = fitted_db
    member = stored_fitting.FitDue(stored_fitting.MEMBER, LONG_TIMER, QUESTIONS * ANSWERS_PER_CARD)
    await stored_fitting.save_fit(
        db, member, run_fit(await stored_fitting.member_job(db, LONG_TIMER)), LATER
    )
    async with db.write() as connection:
        await connection.execute(update(member_parameters_table).values(version="fsrs-5"))
    assert await first_stability(db, LONG_TIMER, "q1") == pytest.approx(DEFAULT_PARAMETERS[0])
    due = await stored_fitting.fits_due(db, LATER, limit=10)
    assert (stored_fitting.MEMBER, LONG_TIMER) in {(d.scope, d.key) for d in due}


async def test_a_packs_pooled_weights_start_its_newcomers(fitted_db: Database) -> None:
    db = fitted_db
    pack = stored_fitting.FitDue(stored_fitting.PACK, "big", QUESTIONS * ANSWERS_PER_CARD)
    assert pack in await stored_fitting.fits_due(db, LATER, limit=10)
    await answered(db, [card_review(NEWCOMER, "big", "q3", NOW, correct=False)])
    job = await stored_fitting.pack_job(db, "big")
    assert {(learner.member_id, learner.recompute) for learner in job.learners} == {
        (LONG_TIMER, True),
        (NEWCOMER, True),
    }
    result = run_fit(job)
    assert result.parameters is not None
    await stored_fitting.save_fit(db, pack, result, LATER)
    async with db.read() as connection:
        newcomer = await connection.scalar(
            select(CardRow.stability).where(CardRow.member_id == NEWCOMER)
        )
    assert newcomer == pytest.approx(result.parameters[0])  # recomputed: a first miss is w0
    later = card_review(NEWCOMER, "big", "q4", LATER, correct=False)
    await answered(db, [later])
    async with db.read() as connection:
        fresh = await connection.scalar(
            select(CardRow.stability).where(
                CardRow.member_id == NEWCOMER, CardRow.question_id == "q4"
            )
        )
    assert fresh == pytest.approx(result.parameters[0])
    # The basics pack has no pooled fit: the defaults.
    assert await first_stability(db, NEWCOMER, "q1") == pytest.approx(DEFAULT_PARAMETERS[0])
